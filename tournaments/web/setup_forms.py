"""The forms of a tournament's setup: the creation form, whose game options are generated from
each engine's own option descriptions, and the forms of the registration page.

Every game's options and every format's settings are fields of one form; the page shows those
of the game and format chosen (``setup.js`` switches them as the choice changes; without it,
the "Choose" button shows them), and only those are sent to the service.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms

from games.base import Game, Option
from games.errors import GameError
from games.registry import all_games, get_game
from tournaments.errors import ServiceError
from tournaments.formats import TIEBREAKS
from tournaments.formats.model import APPLIES_TO, MAX_BEST_OF, MAX_PLACES, MAX_POINTS, MAX_REPLAYS, MAX_ROUNDS
from tournaments.models import Player, Tournament
from tournaments.services.bots import LIMIT_BOUNDS

TIEBREAK_LABELS = {"buchholz": "Buchholz", "buchholz_cut1": "Buchholz cut 1", "sonneborn_berger": "Sonneborn-Berger",
                   "head_to_head": "Head to head", "wins": "Wins", "game_score": "Game score"}
DEFAULT_TIEBREAKS = ("buchholz", "sonneborn_berger", "wins")

#: The format settings the form offers, in the order shown, with what each field is.
SETTING_FIELDS = ("rounds", "table_size", "best_of", "win", "draw", "loss", "bye", "place_points", "table_bye",
                  "max_replays", "tiebreaks")
LIMIT_LABELS = {"start_ms": "Start time (ms)", "move_ms": "Time per move (ms)", "total_ms": "Time per game (ms)"}
LIMIT_HELP = {"start_ms": "to get ready before the first move", "move_ms": "for each move",
              "total_ms": "for all the bot's moves in one game"}


def points(label: str, help_text: str) -> forms.FloatField:
    return forms.FloatField(label=label, required=False, min_value=-MAX_POINTS, max_value=MAX_POINTS, help_text=help_text)


def option_field_name(game: str, option: str) -> str:
    return f"{game}__{option}"


def chosen_options(fields: Iterable[tuple[Option, str]], cleaned: Mapping[str, Any]) -> dict[str, Any]:
    """The options a form's option fields give, each ``(spec, field name)``: blank ones and
    switches left as they were are left to the game, which fills in its defaults."""
    chosen: dict[str, Any] = {}
    for spec, name in fields:
        value = cleaned.get(name)
        if spec.kind is bool:
            if value != (False if callable(spec.default) else spec.default):
                chosen[spec.name] = bool(value)
        elif value not in (None, ""):
            chosen[spec.name] = value
    return chosen


def option_field(game: Game, spec: Option) -> forms.Field:
    """The form field of one engine option: its kind, limits, choices and help."""
    derived = callable(spec.default)
    help_text = spec.help[:1].upper() + spec.help[1:] + "."
    if derived:
        help_text += " Leave blank for the game's default."
    label = spec.name.replace("_", " ").capitalize()
    if spec.kind is bool:
        return forms.BooleanField(label=label, required=False, initial=False if derived else spec.default,
                                  help_text=help_text)
    if spec.kind is int:
        if spec.minimum is not None or spec.maximum is not None:
            low = "" if spec.minimum is None else f"at least {spec.minimum}"
            high = "" if spec.maximum is None else f"at most {spec.maximum}"
            help_text += " " + (f"From {spec.minimum} to {spec.maximum}" if low and high else (low or high).capitalize()) + "."
        return forms.IntegerField(label=label, required=False, min_value=spec.minimum,
                                  max_value=spec.maximum, initial=None if derived else spec.default, help_text=help_text)
    if spec.choices is not None:
        return forms.ChoiceField(label=label, choices=[(choice, choice) for choice in spec.choices], required=False,
                                 initial=None if derived else spec.default, help_text=help_text)
    return forms.CharField(label=label, required=False, max_length=100, initial=None if derived else spec.default,
                           help_text=help_text)


class TournamentForm(forms.Form):
    """A new tournament: its name, game and the game's options, format and its settings, and
    who plays it and how they enter."""

    name = forms.CharField(label="Name", max_length=100)
    game = forms.ChoiceField(label="Game")
    format = forms.ChoiceField(label="Format", choices=Tournament.Format.choices, initial=Tournament.Format.SWISS)
    rounds = forms.IntegerField(label="Rounds", required=False, min_value=1, max_value=MAX_ROUNDS,
                                help_text=f"How many rounds are played (1 to {MAX_ROUNDS}).")
    table_size = forms.IntegerField(label="Table size", required=False, min_value=1, max_value=MAX_PLACES,
                                    help_text="The most players at one table, within the game's limits "
                                              "(default 4, or the game's limit).")
    best_of = forms.IntegerField(label="Best of", required=False, min_value=1, max_value=MAX_BEST_OF,
                                 help_text="Games per pairing, an odd number; a pairing stops once one side "
                                           "has a majority (default 1).")
    win = points("Points for a win", "Points for a won pairing (default 1).")
    draw = points("Points for a draw", "Default ½ (0.5).")
    loss = points("Points for a loss", "Default 0.")
    bye = points("Points for a bye", "For the entrant left unpaired in a round (default 1).")
    place_points = forms.CharField(label="Points by place", required=False, max_length=400,
                                   help_text="Points for 1st, 2nd, 3rd… place at a table, separated by commas, "
                                             "like 3, 2, 1 (default: a table of n gives n points to first place "
                                             "down to 1 for last).")
    table_bye = points("Points for a bye at tables",
                       "Default: the average points of a seat at a full table.")
    max_replays = forms.IntegerField(label="Replays of a drawn pairing", required=False, min_value=0,
                                     max_value=MAX_REPLAYS,
                                     help_text="Before the better seed goes through (default 3).")
    tiebreaks = forms.MultipleChoiceField(label="Tie-breaks", required=False, widget=forms.CheckboxSelectMultiple,
                                          choices=[(name, TIEBREAK_LABELS[name]) for name in TIEBREAKS],
                                          initial=list(DEFAULT_TIEBREAKS),
                                          help_text="After points, in the order listed.")
    rated = forms.BooleanField(label="Rated", required=False, initial=True,
                               help_text="Its games count for the ratings.")
    bots = forms.BooleanField(label="Played by bots", required=False,
                              help_text="A bot tournament: its entrants are the club's bot entries for the game, "
                                        "and the workers play every game once it starts.")
    self_registration = forms.BooleanField(label="Members register themselves", required=False,
                                           help_text="Members of the club may enter (and take back) their own "
                                                     "player until the start.")
    check_in = forms.BooleanField(label="Check-in required", required=False,
                                  help_text="Only entrants who have checked in when it starts play; the others "
                                            "are left out.")
    round_check_in = forms.BooleanField(
        label="Check-in before every round", required=False,
        help_text="Swiss and tables, people only: from round 2, entrants check in before each round; who has "
                  "not by its deadline is a no-show.")
    no_show = forms.ChoiceField(label="A no-show gets", choices=Tournament.NoShow.choices, required=False,
                                initial=Tournament.NoShow.ZERO_BYE,
                                help_text="An absence (a zero-point bye) or a withdrawal.")
    seed = forms.CharField(label="Seed", required=False, max_length=200,
                           help_text="Every game's setup derives from it, so the tournament replays identically "
                                     "(blank: a fresh random seed).")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = all_games()
        self.fields["game"].choices = [(game.slug, game.title) for game in self.games]
        self.fields["game"].initial = "leap_frog"
        for name, bound in LIMIT_BOUNDS.items():
            self.fields[f"limit_{name}"] = forms.IntegerField(
                label=LIMIT_LABELS[name], required=False, min_value=1, max_value=bound,
                help_text=f"Bot tournaments: the time a bot has {LIMIT_HELP[name]}, 1 to {bound} "
                          f"(blank: the protocol's default).")
        for game in self.games:
            for spec in game.option_specs:
                self.fields[option_field_name(game.slug, spec.name)] = option_field(game, spec)

    # -- what the page shows --------------------------------------------------------------------
    def value(self, name: str) -> Any:
        return self[name].value()

    @property
    def chosen_game(self) -> str:
        chosen = self.value("game") or self.fields["game"].initial
        return chosen if chosen in {game.slug for game in self.games} else self.fields["game"].initial

    @property
    def chosen_format(self) -> str:
        chosen = self.value("format") or self.fields["format"].initial
        return chosen if chosen in Tournament.Format.values else self.fields["format"].initial

    def setting_rows(self) -> list[dict[str, Any]]:
        """The format settings, each with the formats it applies to (``setup.js`` reads them)."""
        return [{"field": self[name], "formats": " ".join(sorted(APPLIES_TO[name])),
                 "shown": self.chosen_format in APPLIES_TO[name]} for name in SETTING_FIELDS]

    def option_groups(self) -> list[dict[str, Any]]:
        return [{"slug": game.slug, "title": game.title, "shown": game.slug == self.chosen_game,
                 "fields": [self[option_field_name(game.slug, spec.name)] for spec in game.option_specs]}
                for game in self.games]

    def limit_fields(self) -> list[forms.BoundField]:
        return [self[f"limit_{name}"] for name in LIMIT_BOUNDS]

    # -- what the service gets ------------------------------------------------------------------
    def clean_place_points(self) -> list[float] | None:
        text = self.cleaned_data["place_points"].strip()
        if not text:
            return None
        try:
            values = [float(part) for part in text.split(",")]
        except ValueError:
            raise forms.ValidationError("Give numbers separated by commas, like 3, 2, 1.") from None
        return [int(value) if value.is_integer() else value for value in values]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        game = data.get("game")
        if game and "format" in data:
            try:
                get_game(game).parse_options(self.options(), self.seats())
            except GameError as error:
                self.add_error(self.option_error_field(game, str(error)), str(error))
        return data

    def seats(self) -> int:
        size = self.format_settings().get("table_size")
        return size if isinstance(size, int) else 2

    def options(self) -> dict[str, Any]:
        """The chosen game's options as given (blank ones and unchanged switches left to the game)."""
        game = get_game(self.cleaned_data["game"])
        return chosen_options(((spec, option_field_name(game.slug, spec.name)) for spec in game.option_specs),
                              self.cleaned_data)

    def format_settings(self) -> dict[str, Any]:
        """The settings that apply to the chosen format, those left blank left out."""
        chosen_format = self.cleaned_data.get("format", "")
        settings: dict[str, Any] = {}
        for name in SETTING_FIELDS:
            value = self.cleaned_data.get(name)
            if chosen_format not in APPLIES_TO[name] or value in (None, ""):
                continue
            if name == "tiebreaks":
                value = [tiebreak for tiebreak in TIEBREAKS if tiebreak in value]
            elif isinstance(value, float) and value.is_integer():
                value = int(value)
            settings[name] = value
        return settings

    def bot_limits(self) -> dict[str, int]:
        return {name: self.cleaned_data[f"limit_{name}"] for name in LIMIT_BOUNDS
                if self.cleaned_data.get(f"limit_{name}") is not None}

    def service_arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        bots = bool(data["bots"])
        return {"name": data["name"], "game": data["game"], "format": data["format"], "options": self.options(),
                "format_settings": self.format_settings(), "seed": data["seed"] or None, "bots": bots,
                "rated": bool(data["rated"]), "bot_limits": self.bot_limits() if bots else None,
                "self_registration": bool(data["self_registration"]), "check_in": bool(data["check_in"]),
                "round_check_in": bool(data["round_check_in"]), "no_show": data["no_show"] or Tournament.NoShow.ZERO_BYE}

    # -- the service's refusals beside their fields ---------------------------------------------
    def option_error_field(self, game: str, message: str) -> str | None:
        quoted = re.findall(r"'([a-z_]+)'", message)
        names = {spec.name for spec in get_game(game).option_specs}
        for name in quoted:
            if name in names:
                return option_field_name(game, name)
        for spec in get_game(game).option_specs:
            if re.search(rf"\b{spec.name}\b", message):
                return option_field_name(game, spec.name)
        return None

    def setting_error_field(self, message: str) -> str:
        found = re.findall(r"\b(rounds|table_size|best_of|win|draw|loss|bye|place_points|table_bye|max_replays"
                           r"|tie-?breaks?)\b", message)
        if not found:
            return "format"
        name = found[0]
        return "tiebreaks" if name.startswith("tie") else name

    def placed(self, error: ServiceError) -> dict[str, list[str]]:
        """The service's field errors under this form's field names."""
        placed: dict[str, list[str]] = {}
        game = self.cleaned_data.get("game", "")
        for key, problems in (error.fields or {}).items():
            problems = problems if isinstance(problems, list) else [problems]
            if key == "format_settings" or key.startswith("format_settings."):
                target = key.split(".", 1)[1] if "." in key else self.setting_error_field(error.message)
                target = "tiebreaks" if target.startswith("tie") else target
            elif key == "options" or key.startswith("options."):
                target = (option_field_name(game, key.split(".", 1)[1]) if "." in key
                          else self.option_error_field(game, error.message)) or "game"
            elif key == "limits":
                named = [name for name in LIMIT_BOUNDS if name in error.message]
                target = f"limit_{named[0]}" if named else "limit_move_ms"
            else:
                target = key
            placed.setdefault(target if target in self.fields else "format", []).extend(
                [error.message] if key in ("format_settings", "options", "limits") else [str(p) for p in problems])
        return placed


class EnterForm(forms.Form):
    """A director enters one of the club's players."""

    player = forms.ModelChoiceField(label="Player", queryset=Player.objects.none(), empty_label="Choose a player")

    def __init__(self, *args: Any, candidates: Any, bots: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].queryset = candidates
        if bots:
            self.fields["player"].label = "Bot"
            self.fields["player"].empty_label = "Choose a bot"
            self.fields["player"].help_text = "The club's bot entries for this game that have an active version."


class RulesForm(forms.Form):
    """How entrants enter and whether they check in; changed until the start."""

    self_registration = forms.BooleanField(label="Members register themselves", required=False)
    check_in = forms.BooleanField(label="Check-in required", required=False,
                                  help_text="At the start, entrants not checked in are left out.")
