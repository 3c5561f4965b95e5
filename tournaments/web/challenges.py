"""A bot owner's challenges (HTML): the form on a version's page, the list, a challenge's games
with their results, and the "Rerun with my version" form of a finished bot match.

Thin like the API: the forms check input, ``services.challenges`` writes (and refuses in the
same words at every door), ``challenge_reads`` decides who sees what."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games.registry import get_game
from tournaments import challenge_reads
from tournaments.forms import apply
from tournaments.models import BotVersion
from tournaments.selectors import owns_bot, visible_bots, visible_matches
from tournaments.services import challenges as challenge_services
from tournaments.web.setup_forms import chosen_options, option_field


def version_label(version: BotVersion) -> str:
    kind = version.strategy if not version.uploaded else version.filename or "upload"
    return f"{version.entry.player.name} v{version.number} ({kind})"


class ChallengeForm(forms.Form):
    """The seats (a version each, or empty), the game's options, and the seeds or a seed range."""

    seeds = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}),
                            help_text="One seed per game, one a line (or separated by commas). Or leave blank and "
                                      "give a base seed and a number of games.")
    # Their bounds are the service's, so that the page refuses in the API's words.
    seed_base = forms.CharField(label="Base seed", required=False,
                                help_text="The games' seeds are derived from it, the same every time.")
    count = forms.IntegerField(label="Number of games", required=False, widget=forms.NumberInput(
        attrs={"min": 1, "max": challenge_services.MAX_GAMES}), help_text=f"From 1 to {challenge_services.MAX_GAMES}.")

    def __init__(self, *args: Any, version: BotVersion, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.version = version
        self.game = get_game(version.entry.game)
        high = self.game.max_players
        choices = [("", "(no seat)")] + [(str(v.pk), version_label(v)) for v in challenge_services.challenge_versions(
            user, version.entry.player.club, version.entry.game)]
        self.seat_names = []
        for index in range(max(high, 2)):
            name = f"seat_{index}"
            self.fields[name] = forms.ChoiceField(label=f"Seat {index}", choices=choices, required=False)
            self.seat_names.append(name)
        self.initial.setdefault("seat_0", str(version.pk))
        opponent = next((pk for pk, _ in choices[1:] if pk != str(version.pk)), "")
        self.initial.setdefault("seat_1", opponent)
        self.option_names = []
        for spec in self.game.option_specs:
            self.fields[f"option_{spec.name}"] = option_field(self.game, spec)
            self.option_names.append((spec, f"option_{spec.name}"))
        self.order_fields([*self.seat_names, *(name for _, name in self.option_names), "seeds", "seed_base", "count"])

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.seat_names]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for _, name in self.option_names]

    def lineup(self) -> list[BotVersion | None]:
        chosen = [self.cleaned_data.get(name) for name in self.seat_names]
        ids = [int(pk) for pk in chosen if pk]
        found = BotVersion.objects.select_related("entry__player__club").in_bulk(ids)
        return [found.get(pk) for pk in ids]

    def options(self) -> dict[str, Any]:
        return chosen_options(self.option_names, self.cleaned_data)

    def seed_list(self) -> list[str] | None:
        text = self.cleaned_data.get("seeds") or ""
        seeds = [part.strip() for line in text.splitlines() for part in line.split(",") if part.strip()]
        return seeds or None


def owned_version(request: HttpRequest, pk: int, number: int) -> BotVersion:
    entry = visible_bots(request.user).filter(pk=pk).first()
    if entry is None or not owns_bot(request.user, entry):
        raise Http404("no such bot of yours")
    version = entry.versions.select_related("entry__player__club").filter(number=number).first() \
        if number < 10**9 else None
    if version is None:
        raise Http404(f"{entry.player.name} has no version {number}")
    return version


@login_required
def challenge_new(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Challenge from a version of one's own bot: seats, options, seeds or a seed range."""
    version = owned_version(request, pk, number)
    form = ChallengeForm(request.POST or None, version=version, user=request.user)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        challenge = apply(form, lambda: challenge_services.create_challenge(
            owner=request.user, version=version, lineup=form.lineup(), options=form.options(),
            seeds=form.seed_list(), seed_base=data["seed_base"] or None, count=data["count"]),
            into={"lineup": "seat_0"})
        if challenge is not None:
            messages.success(request, f"Challenge {challenge.pk} started: {len(challenge.seeds)} games.")
            return redirect("challenge", challenge.pk)
    status = 400 if request.method == "POST" else 200
    used = challenge_services.games_today(request.user, version.entry.player.club)
    return render(request, "tournaments/challenge_new.html",
                  {"form": form, "version": version, "entry": version.entry, "used": used,
                   "quota": version.entry.player.club.challenge_quota}, status=status)


@login_required
def challenge_list(request: HttpRequest) -> HttpResponse:
    """The signed-in owner's challenges and reruns, newest first."""
    found = challenge_reads.visible_challenges(request.user)
    if not request.user.is_staff:
        found = found.filter(owner=request.user)
    return render(request, "tournaments/challenge_list.html", {"challenges": found[:200]})


def challenge_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A challenge's status and games (seed, result, replay, turn report), and for a rerun the
    match it replays beside it with the first move where they differ."""
    challenge = challenge_reads.visible_challenges(request.user).filter(pk=pk).first()
    if challenge is None:
        raise Http404("no such challenge of yours")
    rows = challenge_reads.game_rows(challenge)
    divergence = challenge_reads.divergence(challenge, request.user)
    context = {"challenge": challenge, "rows": rows, "summary": challenge_reads.summary(rows),
               "lineup": challenge_reads.lineup_versions(challenge), "divergence": divergence,
               "compare": challenge_reads.compare_url(divergence.original.pk, divergence.rerun.pk) if divergence else None,
               "running": challenge.status in ("queued", "running")}
    return render(request, "tournaments/challenge_detail.html", context)


class RerunForm(forms.Form):
    """Which version of one's entry plays the seat again."""

    version = forms.TypedChoiceField(label="Rerun with my version", coerce=int)

    def __init__(self, *args: Any, seats: list, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["version"].choices = [
            (version.pk, f"seat {seat.index}: {version_label(version)}")
            for seat in seats for version in seat.player.bot_entry.versions.select_related("entry__player")
            .order_by("-number")]
        self.seats = {version: seat.index for seat in seats
                      for version in seat.player.bot_entry.versions.values_list("pk", flat=True)}


def rerun_form(request: HttpRequest, match: Any) -> RerunForm | None:
    """The match page's rerun form, for the owners of a bot entry of a finished bot match."""
    if not request.user.is_authenticated:
        return None
    seats = challenge_services.rerun_seats(request.user, match)
    return RerunForm(seats=seats) if seats else None


@login_required
@require_POST
def match_rerun(request: HttpRequest, pk: int) -> HttpResponse:
    """Play a finished bot match again with another version of one's entry in its seat."""
    match = visible_matches(request.user).filter(pk=pk).first()
    if match is None:
        raise Http404("no such match")
    seats = challenge_services.rerun_seats(request.user, match)
    if not seats:
        raise Http404("no seat of this match is yours to rerun")
    form = RerunForm(request.POST, seats=seats)
    if form.is_valid():
        number = form.cleaned_data["version"]
        version = BotVersion.objects.select_related("entry__player__club").get(pk=number)
        challenge = apply(form, lambda: challenge_services.create_rerun(
            owner=request.user, match=match, version=version, seat=form.seats[number]))
        if challenge is not None:
            messages.success(request, f"Rerun of match #{match.pk} with {version_label(version)} started.")
            return redirect("challenge", challenge.pk)
    return render(request, "tournaments/match_rerun.html", {"form": form, "match": match}, status=400)
