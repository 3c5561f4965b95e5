"""The page "Play a bot": a member starts a game on the board against a built-in bot or a bot
entry of the club, then plays it on the match page.

Two steps that work without JavaScript: the game is chosen first (a GET, or the bot's page
links here with ``?bot=<entry>``), then the bot, the member's seat, the game's options and
the clock, posted to ``bot_games.start_bot_game``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from games.registry import all_games, get_game
from tournaments.models import BotEntry, Club
from tournaments.selectors import visible_bots
from tournaments.services.bot_games import start_bot_game
from tournaments.web.clubs import attempt, club_page
from tournaments.web.setup_forms import chosen_options, option_field, option_field_name

SEAT_CHOICES = [("0", "I move first"), ("1", "The bot moves first")]


def playable_entries(club: Club, user: Any, game: str) -> list[BotEntry]:
    """The club's bot entries of ``game`` the member may see and play (those with a version)."""
    return list(visible_bots(user).filter(player__club=club, game=game, active_version__isnull=False)
                .order_by("player__name"))


class GameChoiceForm(forms.Form):
    game = forms.ChoiceField(label="Game", choices=lambda: [(game.slug, game.title) for game in all_games()])


class BotGameForm(forms.Form):
    """The bot, the seat, the clock, and the chosen game's options (generated from the engine)."""

    game = forms.CharField(widget=forms.HiddenInput)
    bot = forms.ChoiceField(label="Bot", help_text="A built-in strategy, or a bot entry of the club.")
    seat = forms.ChoiceField(label="My seat", choices=SEAT_CHOICES, initial="0")
    clock_minutes = forms.IntegerField(label="Clock (minutes each)", required=False, min_value=1, max_value=600,
                                       help_text="Leave blank for a game without a clock.")
    increment_seconds = forms.IntegerField(label="Increment (seconds)", required=False, min_value=0, max_value=600,
                                           help_text="Added to a player's clock after each of their moves.")

    def __init__(self, *args: Any, club: Club, user: Any, game: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = get_game(game)
        self.fields["game"].initial = game
        builtins = [(f"builtin:{name}", f"{name} (built-in)") for name in sorted(self.engine.bots)]
        entries = [(f"entry:{entry.pk}", f"{entry.player.name}" + (" (yours)" if entry.owner_id == user.pk else ""))
                   for entry in playable_entries(club, user, game)]
        self.fields["bot"].choices = [("Built-in strategies", builtins)] + ([("Bot entries", entries)] if entries else [])
        self.option_names = []
        for spec in self.engine.option_specs:
            name = option_field_name(game, spec.name)
            self.fields[name] = option_field(self.engine, spec)
            self.option_names.append(name)

    def options(self) -> dict[str, Any]:
        """The options as given (blank ones and unchanged switches left to the game)."""
        return chosen_options(((spec, option_field_name(self.engine.slug, spec.name))
                               for spec in self.engine.option_specs), self.cleaned_data)

    def chosen_bot(self) -> str | int:
        """A built-in strategy's name, or a bot entry's id."""
        kind, _, value = self.cleaned_data["bot"].partition(":")
        return value if kind == "builtin" else int(value)

    def write(self, club: Club, user: Any) -> Any:
        data = self.cleaned_data
        minutes = data.get("clock_minutes")
        return start_bot_game(club=club, game=self.engine.slug, user=user, bot=self.chosen_bot(), seat=int(data["seat"]),
                              options=self.options(), clock_seconds=minutes * 60 if minutes else None,
                              increment_seconds=data.get("increment_seconds") or 0)


def chosen_game(request: HttpRequest, club: Club) -> tuple[str | None, str]:
    """The game of the form: posted, asked for (``?game=``), or the bot's (``?bot=<entry>``);
    answers it and the bot to preselect."""
    source = request.POST if request.method == "POST" else request.GET
    game = source.get("game")
    preselect = ""
    bot = request.GET.get("bot", "")
    if bot.isascii() and bot.isdigit():
        entry = visible_bots(request.user).filter(pk=int(bot), player__club=club).first()
        if entry is not None:
            game = game or entry.game
            preselect = f"entry:{entry.pk}" if entry.game == game else ""
    return (game if GameChoiceForm({"game": game}).is_valid() else None), preselect


@club_page("member")
def play_bot(request: HttpRequest, club: Club) -> HttpResponse:
    """Start a game against a bot and go to its match page."""
    game, preselect = chosen_game(request, club)
    status = 200
    if game is None:
        choice = GameChoiceForm(request.GET if "game" in request.GET else None)
        if request.method == "POST":
            choice.is_valid()
            status = 400
        return render(request, "tournaments/site/play_bot.html", {"club": club, "choice": choice},
                      status=status)
    form = BotGameForm(request.POST if request.method == "POST" else None, club=club, user=request.user, game=game,
                       initial={"bot": preselect} if preselect else None)
    if request.method == "POST":
        status = 400
        if form.is_valid():
            match, status = attempt(form, lambda: form.write(club, request.user))
            if match is not None:
                messages.success(request, f"Your game against the bot has started: match #{match.pk}.")
                return redirect("match", match.pk)
    return render(request, "tournaments/site/play_bot.html",
                  {"club": club, "form": form, "game": form.engine, "choice": GameChoiceForm(initial={"game": game})},
                  status=status)
