"""A bot version's own history, and two versions of an entry compared (HTML).

Whoever may open the entry's page reads these: they show its record (results, ratings,
forfeit reasons), never its code or standard error."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe

from tournaments import charts
from tournaments.errors import InvalidInput
from tournaments.models import BotEntry
from tournaments.selectors import owns_bot, visible_bots
from tournaments.version_records import VersionRecord, compared_rows, default_pair, version_of, version_record


def visible_entry(request: HttpRequest, pk: int) -> BotEntry:
    entry = visible_bots(request.user).filter(pk=pk).first()
    if entry is None:
        raise Http404("no such bot")
    return entry


def trail_chart(record: VersionRecord) -> str:
    """The rating trail as the player page draws ratings: each point links to its match."""
    name = f"{record.version.entry.player.name} v{record.version.number}"
    points = [charts.ChartPoint(point.rating, point.deviation,
                                f"match {point.match_id}, {point.played_at:%Y-%m-%d}: {point.rating:.0f} "
                                f"({point.change:+.0f})", f"/matches/{point.match_id}/")
              for point in record.trail]
    return mark_safe(charts.rating_chart(points, label=f"{name}: rating after each rated match", matches=len(points)))


def bot_version(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One version's record: rating trail, meetings per opponent version, forfeits by reason."""
    entry = visible_entry(request, pk)
    version = entry.versions.select_related("entry__player").filter(number=number).first() if number < 10**9 else None
    if version is None:
        raise Http404(f"{entry.player.name} has no version {number}")
    record = version_record(version)
    context = {"entry": entry, "version": version, "record": record, "overall": record.overall,
               "chart": trail_chart(record), "owner": owns_bot(request.user, entry), "numbers": list(entry.versions.order_by("number")
                                                             .values_list("number", flat=True))}
    return render(request, "tournaments/bot_version.html", context)


class CompareForm(forms.Form):
    """The two versions to compare, chosen from the entry's own."""

    a = forms.TypedChoiceField(label="Version A", coerce=int)
    b = forms.TypedChoiceField(label="Version B", coerce=int)

    def __init__(self, *args: object, entry: BotEntry, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.entry = entry
        choices = [(number, f"v{number}") for number in entry.versions.order_by("-number")
                   .values_list("number", flat=True)]
        for name in ("a", "b"):
            self.fields[name].choices = choices

    def clean(self) -> dict:
        """Each number checked as the API checks it, so both doors refuse in the same words."""
        data = super().clean()
        for name in ("a", "b"):
            if name in self.errors:
                try:
                    version_of(self.entry, self.data.get(name, ""), name)
                except InvalidInput as error:
                    self.errors[name] = self.error_class([error.message])
        return data


def bot_compare(request: HttpRequest, pk: int) -> HttpResponse:
    """Two versions of an entry side by side: overall and per opponent version."""
    entry = visible_entry(request, pk)
    a, b = default_pair(entry)
    named = "a" in request.GET or "b" in request.GET
    form = CompareForm({"a": request.GET.get("a", a), "b": request.GET.get("b", b)} if named else None,
                       entry=entry, initial={"a": a, "b": b})
    context: dict = {"entry": entry, "form": form}
    if named and not form.is_valid():
        return render(request, "tournaments/bot_compare.html", context, status=400)
    if named:
        a, b = form.cleaned_data["a"], form.cleaned_data["b"]
    first, second = (version_record(version_of(entry, number, name)) for number, name in ((a, "a"), (b, "b")))
    context |= {"a": first, "b": second, "overall": (first.overall, second.overall),
                "rows": compared_rows(first, second)}
    return render(request, "tournaments/bot_compare.html", context)
