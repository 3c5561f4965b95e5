"""The "Play a game" page: a casual game on the board between a club's players, with the
game's own options (the fields the tournament form builds from each engine), the seats and
an optional clock. It calls ``services.play.start_game`` and goes to the match's page."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games.errors import GameError
from games.registry import all_games, get_game
from tournaments.errors import ServiceError
from tournaments.models import Club
from tournaments.selectors import is_director, is_member, visible_clubs
from tournaments.services import play
from tournaments.services.play_clocks import MAX_CLOCK_SECONDS, MAX_INCREMENT_SECONDS
from tournaments.web.setup_forms import chosen_options, option_field, option_field_name

MAX_SEATS = max(game.max_players for game in all_games())


class GameForm(forms.Form):
    """The game, its options, who sits where and the clock."""

    game = forms.ChoiceField(label="Game")
    rated = forms.BooleanField(label="Rated", required=False,
                               help_text="Its result counts for the ratings (directors decide for an unrated club).")
    clock_minutes = forms.IntegerField(label="Clock (minutes each)", required=False, min_value=1,
                                       max_value=MAX_CLOCK_SECONDS // 60,
                                       help_text="Blank: an untimed game. A seat whose time runs out forfeits.")
    increment_seconds = forms.IntegerField(label="Increment (seconds a move)", required=False, min_value=0,
                                           max_value=MAX_INCREMENT_SECONDS,
                                           help_text="Added to a seat's clock after each of its moves.")

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.games = all_games()
        self.fields["game"].choices = [(game.slug, game.title) for game in self.games]
        self.fields["game"].initial = "leap_frog"
        self.fields["rated"].initial = club.casual_rated
        choices = [("", "—")] + [(str(player.pk), player.name) for player in club.players.order_by("name")]
        for seat in range(MAX_SEATS):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(label=f"Seat {seat}", choices=choices, required=seat < 1)
        for game in self.games:
            for spec in game.option_specs:
                self.fields[option_field_name(game.slug, spec.name)] = option_field(game, spec)

    @property
    def chosen_game(self) -> str:
        chosen = self["game"].value() or self.fields["game"].initial
        return chosen if chosen in {game.slug for game in self.games} else self.fields["game"].initial

    def option_groups(self) -> list[dict[str, Any]]:
        return [{"slug": game.slug, "title": game.title, "shown": game.slug == self.chosen_game,
                 "fields": [self[option_field_name(game.slug, spec.name)] for spec in game.option_specs]}
                for game in self.games]

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"seat_{seat}"] for seat in range(MAX_SEATS)]

    def players(self) -> list[Any]:
        chosen = [self.cleaned_data.get(f"seat_{seat}") for seat in range(MAX_SEATS)]
        by_id = {str(player.pk): player for player in self.club.players.all()}
        return [by_id[value] for value in chosen if value]

    def options(self) -> dict[str, Any]:
        game = get_game(self.cleaned_data["game"])
        return chosen_options(((spec, option_field_name(game.slug, spec.name)) for spec in game.option_specs),
                              self.cleaned_data)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        taken = [data.get(f"seat_{seat}") for seat in range(MAX_SEATS) if data.get(f"seat_{seat}")]
        for seat in range(MAX_SEATS):
            value = data.get(f"seat_{seat}")
            if value and taken.count(value) > 1:
                self.add_error(f"seat_{seat}", "This player already has a seat.")
        seats = [seat for seat in range(MAX_SEATS) if data.get(f"seat_{seat}")]
        if seats != list(range(len(seats))):
            gap = next(seat for seat in range(MAX_SEATS) if seat not in seats)
            self.add_error(f"seat_{gap}", "Fill the seats in order, from seat 0, without gaps.")
        if data.get("game") and not self.errors:
            try:
                get_game(data["game"]).parse_options(self.options(), len(seats))
            except GameError as error:
                self.add_error(self.option_error_field(data["game"], str(error)), str(error))
        return data

    def option_error_field(self, game: str, message: str) -> str | None:
        for name in re.findall(r"'([a-z_]+)'", message) + [spec.name for spec in get_game(game).option_specs]:
            if any(spec.name == name for spec in get_game(game).option_specs) and name in message:
                return option_field_name(game, name)
        return None

    def place(self, error: ServiceError) -> None:
        """The service's refusal beside its field (or above the form)."""
        targets = {"players": "seat_0", "seats": "seat_0", "rated": "rated", "clock_seconds": "clock_minutes",
                   "increment_seconds": "increment_seconds"}
        for key in error.fields or {}:
            if key in targets:
                self.add_error(targets[key], error.message)
                return
            if key.startswith("options"):
                self.add_error(self.option_error_field(self.cleaned_data["game"], error.message), error.message)
                return
        self.add_error(None, error.message)


def members_club(request: HttpRequest, slug: str) -> Club:
    club = visible_clubs(request.user).filter(slug=slug).first()
    if club is None:
        raise Http404("no such club")
    if not (is_member(request.user, club) or is_director(request.user, club)):
        raise PermissionDenied(f"only members of {club.name} start its casual games")
    return club


@login_required
@require_http_methods(["GET", "POST"])
def play_a_game(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a casual game on the board; "Choose" shows the chosen game's options."""
    club = members_club(request, slug)
    choosing = request.method == "POST" and "choose" in request.POST
    if choosing:
        form = GameForm(initial={name: request.POST.get(name) for name in request.POST}, club=club)
    else:
        form = GameForm(request.POST or None, club=club)
        if request.method == "GET":
            own = club.players.filter(user=request.user).first()
            if own is not None:
                form.initial["seat_0"] = str(own.pk)
    if request.method == "POST" and not choosing and form.is_valid():
        minutes = form.cleaned_data.get("clock_minutes")
        try:
            match = play.start_game(club=club, game=form.cleaned_data["game"], players=form.players(),
                                    options=form.options(), by=request.user, rated=bool(form.cleaned_data["rated"]),
                                    clock_seconds=minutes * 60 if minutes else None,
                                    increment_seconds=form.cleaned_data.get("increment_seconds") or 0)
        except ServiceError as error:
            form.place(error)
        else:
            return redirect("match", match.pk)
    return render(request, "tournaments/board/play.html", {"club": club, "form": form})
