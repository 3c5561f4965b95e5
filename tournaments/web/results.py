"""A tournament match's result as its club's directors enter it: a log uploaded or pasted, a
forfeit or a no-show; and the correction of a finished match's result, with its trail."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games.registry import get_game
from tournaments.forms import apply
from tournaments.models import Match
from tournaments.selectors import correction_notes, is_director, match_envelope, visible_matches
from tournaments.services import results as result_services
from tournaments.services.tournaments import pending
from tournaments.web.tournaments import match_summary


def directed_match(request: HttpRequest, pk: int) -> Match:
    """The match, for a director of its club: 404 for those who may not see it, 403 for the
    others who may."""
    found = visible_matches(request.user).filter(pk=pk).select_related("log", "tournament", "round").first()
    if found is None:
        raise Http404("no such match")
    if not is_director(request.user, found.club):
        raise PermissionDenied("only the club's directors enter and correct results")
    return found


class LogForm(forms.Form):
    """A log as a file or as pasted text, one of the two."""

    file = forms.FileField(required=False, label="Log file", help_text="A JSON log (docs/log-format.md).")
    text = forms.CharField(required=False, label="Or paste the log", widget=forms.Textarea(attrs={"rows": 6}),
                           max_length=result_services.MAX_UPLOAD_BYTES)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.source = "text"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        upload, text = data.get("file"), data.get("text")
        if self.errors:
            return data
        if bool(upload) == bool(text):
            raise forms.ValidationError("Give a log file or paste the log, one of the two.")
        if upload:
            self.source = "file"
            if upload.size > result_services.MAX_UPLOAD_BYTES:
                self.add_error("file", f"bad_format: the file is {upload.size} bytes; "
                                       f"a page takes at most {result_services.MAX_UPLOAD_BYTES}")
                return data
            data["log"] = upload.read(result_services.MAX_UPLOAD_BYTES + 1)
        else:
            data["log"] = text
        return data


def write_log(form: LogForm, write: Any) -> Any:
    """Run a write with the form's log: a refusal of the log is placed beside the input the
    log came from (the verifier's code and message), the others beside theirs or at the top."""
    return apply(form, write, into={"log": form.source}, summary=False)


class AbsenceForm(forms.Form):
    KINDS = (("forfeit", "a forfeit (left the game)"), ("no_show", "a no-show (never came)"))

    kind = forms.ChoiceField(choices=KINDS, widget=forms.RadioSelect, label="What happened", initial="forfeit")
    seats = forms.TypedMultipleChoiceField(coerce=int, widget=forms.CheckboxSelectMultiple, label="Seats")
    reason = forms.CharField(max_length=180, label="Reason", help_text="Shown on the match page.")

    def __init__(self, *args: Any, seats: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seats"].choices = seats


def after_result(request: HttpRequest, match: Match) -> HttpResponse:
    match.refresh_from_db()
    if match.status == Match.Status.FINISHED:
        messages.success(request, f"Match #{match.pk} is finished.")
    else:
        messages.success(request, f"Match #{match.pk} is stored with {match.move_count} moves; it is not over yet.")
    if match.tournament is not None and not pending(match.tournament):
        messages.info(request, "Every game of the round is decided: pair the next round from the console.")
        return redirect("tournament-console", match.tournament_id)
    if match.round is not None:
        return redirect("round", match.tournament_id, match.round.number)
    return redirect("match-result", match.pk)


@login_required
@require_http_methods(["GET", "POST"])
def match_result(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter a scheduled tournament match's result: upload its log, or record a forfeit or a no-show."""
    match = directed_match(request, pk)
    if match.tournament is None:
        raise Http404("not a tournament match")
    seats = list(match.seats.select_related("player").order_by("index"))
    choices = [(seat.index, f"seat {seat.index}: {seat.player.name}") for seat in seats]
    action = request.POST.get("action", "") if request.method == "POST" else ""
    log_form = LogForm(request.POST if action == "upload" else None, request.FILES if action == "upload" else None,
                       prefix="upload")
    absence = AbsenceForm(request.POST if action == "absence" else None, prefix="absence", seats=choices)
    is_open = match.status in (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)
    if action and not is_open:
        messages.error(request, f"Match #{match.pk} is {match.get_status_display()}: correct its result instead.")
        return redirect("match-result", match.pk)
    if action == "upload":
        if log_form.is_valid() and write_log(log_form, lambda: result_services.record_log(
                match, log=log_form.cleaned_data["log"])) is not None:
            return after_result(request, match)
    elif action == "absence":
        data = absence.cleaned_data if absence.is_valid() else None
        if data is not None and apply(absence, lambda: result_services.record_absence(
                match, seats=data["seats"], reason=data["reason"], no_show=data["kind"] == "no_show")) is not None:
            return after_result(request, match)
    elif action:
        return HttpResponseBadRequest("unknown action", content_type="text/plain")
    context = {"match": match, "summary": match_summary(match), "seats": seats, "open": is_open,
               "log_form": log_form, "absence": absence, "game_title": get_game(match.game).title}
    return render(request, "tournaments/console/result.html", context)


class CorrectionForm(LogForm):
    moves = forms.CharField(required=False, label="Or fix the moves", widget=forms.Textarea(attrs={"rows": 10}),
                            help_text="One move a line, as logged.", max_length=result_services.MAX_UPLOAD_BYTES)
    reason = forms.CharField(label="Reason", widget=forms.Textarea(attrs={"rows": 2}), max_length=2000,
                             help_text="Required: what was wrong. The club's members read it.")
    field_order = ["reason", "moves", "file", "text"]

    def __init__(self, *args: Any, match: Match, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.match = match

    def clean(self) -> dict[str, Any]:
        data = forms.Form.clean(self)
        upload, text, moves = data.get("file"), data.get("text"), data.get("moves")
        if self.errors:
            return data
        if upload or text:
            return super().clean()
        self.source = "moves"
        envelope = match_envelope(self.match)
        envelope.pop("result", None)
        envelope["moves"] = [line.strip() for line in (moves or "").splitlines() if line.strip()]
        data["log"] = envelope
        return data


def change_lines(changes: dict[str, Any]) -> list[str]:
    """What a correction changed, in a few lines for people."""
    before, after = changes.get("before", {}), changes.get("after", {})
    lines = []
    old, new = before.get("result") or {}, after.get("result") or {}
    if old.get("ranks") != new.get("ranks") or old.get("scores") != new.get("scores"):
        lines.append(f"ranks {old.get('ranks')} → {new.get('ranks')}, scores {old.get('scores')} → {new.get('scores')}")
    old_moves, new_moves = before.get("moves", []), after.get("moves", [])
    first = next((index for index, (a, b) in enumerate(zip(old_moves, new_moves)) if a != b),
                 min(len(old_moves), len(new_moves)))
    if old_moves != new_moves:
        lines.append(f"moves from move {first} on ({len(old_moves)} moves → {len(new_moves)})")
    if before.get("forfeits") != after.get("forfeits"):
        lines.append(f"forfeits {before.get('forfeits')} → {after.get('forfeits')}")
    return lines


@login_required
@require_http_methods(["GET", "POST"])
def match_correct(request: HttpRequest, pk: int) -> HttpResponse:
    """Correct a finished match's result with a reason; the trail of its corrections."""
    match = directed_match(request, pk)
    if request.method == "POST" and match.status != Match.Status.FINISHED:
        messages.error(request, f"Match #{match.pk} is {match.get_status_display()}: only a finished match is corrected.")
        return redirect("match-correct", match.pk)
    form = CorrectionForm(request.POST or None, request.FILES or None, match=match,
                          initial={"moves": "\n".join(match.log.moves)})
    if request.method == "POST" and form.is_valid():
        correction = write_log(form, lambda: result_services.correct_match(
            match, log=form.cleaned_data["log"], reason=form.cleaned_data["reason"], by=request.user))
        if correction is not None:
            messages.success(request, f"Match #{match.pk} is corrected; the standings and ratings follow.")
            return redirect("match-correct", match.pk)
    notes = correction_notes(request.user, match.club, match.corrections.select_related("by").order_by("-at"))
    for note in notes:
        note["lines"] = change_lines(note.get("changes") or {})
    context = {"match": match, "summary": match_summary(match), "form": form, "notes": notes,
               "finished": match.status == Match.Status.FINISHED, "game_title": get_game(match.game).title}
    return render(request, "tournaments/console/correct.html", context)
