"""Creating a tournament and changing its settings while registration is open: every setting
checked against its game and format, as every door (API, pages, admin, commands) asks."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from games.errors import GameError
from games.registry import get_game
from games.seeding import new_seed
from tournaments import formats
from tournaments.errors import Conflict, InvalidInput, refused_by_game
from tournaments.models import Club, Player, Tournament
from tournaments.services import registration, swiss_rounds
from tournaments.services.bots import parse_limits
from tournaments.services.checkins import check_round_check_in_allowed
from tournaments.services.progress import settings_of

SETTING_FIELDS = {field.name for field in dataclasses.fields(formats.Settings)} - {"format", "min_seats", "max_seats"}


@transaction.atomic
def create_tournament(*, club: Club, name: str, game: str, format: str = Tournament.Format.ROUND_ROBIN,
                      options: dict[str, Any] | None = None, format_settings: dict[str, Any] | None = None,
                      seed: str | None = None, bots: bool = False, rated: bool = True, created_by: Any = None,
                      bot_limits: dict[str, Any] | None = None, players: Sequence[Player] = (),
                      self_registration: bool = False, check_in: bool = False, round_check_in: bool = False,
                      no_show: str = Tournament.NoShow.ZERO_BYE) -> Tournament:
    """A tournament open for registration, with ``players`` registered in seeding order; its
    settings are checked against the game (and a Swiss's rounds against the players given).
    All or nothing. ``self_registration`` lets members enter themselves; ``check_in`` leaves
    out at the start whoever has not checked in; ``round_check_in`` asks for check-in before
    every later round, ``no_show`` saying what happens to who does not (``checkins``)."""
    tournament = checked_tournament(club=club, name=name, game=game, format=format, options=options,
                                    format_settings=format_settings, seed=seed, bots=bots, rated=rated,
                                    created_by=created_by, bot_limits=bot_limits, round_check_in=round_check_in,
                                    no_show=no_show)
    if players:
        swiss_rounds.check_rounds(tournament.format, tournament.format_settings, len(players))
    tournament.self_registration = bool(self_registration)
    tournament.check_in = bool(check_in)
    tournament.save()
    for player in players:
        registration.register(tournament, player)
    return tournament


def checked_tournament(*, club: Club, name: str, game: str, format: str, options: dict[str, Any] | None,
                       format_settings: dict[str, Any] | None, seed: str | None, bots: bool, rated: bool,
                       created_by: Any, bot_limits: dict[str, Any] | None, round_check_in: Any = False,
                       no_show: Any = Tournament.NoShow.ZERO_BYE) -> Tournament:
    """An unsaved tournament with these settings, each checked against the game and format."""
    parse_limits(bot_limits)
    if no_show not in Tournament.NoShow.values:
        message = f"one of {', '.join(Tournament.NoShow.values)}"
        raise InvalidInput(f"unknown no-show treatment {str(no_show)[:40]!r}", fields={"no_show": [message]})
    check_round_check_in_allowed(bots=bots, format=format, round_check_in=bool(round_check_in))
    seats = (format_settings or {}).get("table_size") or 2
    try:
        engine = get_game(game)
        engine.parse_options(options or {}, seats if isinstance(seats, int) else 2)
    except GameError as error:
        raise refused_by_game(error, fields={"bad_players": "options", "bad_setup": "options"}) from None
    if format not in Tournament.Format.values:
        raise InvalidInput(f"unknown format {format!r}", fields={"format": [f"one of {', '.join(Tournament.Format.values)}"]})
    unknown = sorted(set(format_settings or {}) - SETTING_FIELDS)
    if unknown:
        raise InvalidInput(f"unknown tournament setting {unknown[0]!r}", fields={"format_settings": [f"unknown: {unknown[0]}"]})
    ignored = formats.ignored_settings(format, list(format_settings or {}))
    if ignored:
        message = f"the {format} format does not use the setting {ignored[0]!r}"
        raise InvalidInput(message, code="bad_format_settings", fields={"format_settings": [message]})
    # Options are kept as given: each match fills in the defaults for its own seat count.
    tournament = Tournament(club=club, name=name, game=engine.slug, options=dict(options or {}), format=format,
                            format_settings=dict(format_settings or {}), seed=seed or new_seed(), bots=bots,
                            bot_limits=dict(bot_limits or {}), rated=rated, round_check_in=bool(round_check_in),
                            no_show=no_show, created_by=created_by if getattr(created_by, "is_authenticated", False) else None)
    try:
        checked = settings_of(tournament)
        formats.make_format(checked, list(range(max(2, checked.min_seats))), rng_seed="check")
    except (formats.FormatError, TypeError, ValueError) as error:
        raise InvalidInput(str(error), code="bad_format_settings", fields={"format_settings": [str(error)]}) from None
    return tournament


#: What a director may change while a tournament takes registrations (club, game and whether
#: bots play it are fixed once it is created).
TOURNAMENT_FIELDS = ("name", "options", "format", "format_settings", "seed", "bot_limits", "rated",
                     "round_check_in", "no_show")


@transaction.atomic
def update_tournament(tournament: Tournament, **changes: Any) -> Tournament:
    """Change a tournament's settings while it is open for registration, checked as at creation."""
    unknown = sorted(set(changes) - set(TOURNAMENT_FIELDS))
    if unknown:
        raise InvalidInput(f"a tournament's {unknown[0]} cannot change", fields={unknown[0]: ["cannot change"]})
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(f"the tournament is {tournament.status}: its settings no longer change", code="already_started")
    values = {field: getattr(tournament, field) for field in TOURNAMENT_FIELDS} | changes
    checked = checked_tournament(club=tournament.club, game=tournament.game, bots=tournament.bots,
                                 created_by=tournament.created_by, **values)
    swiss_rounds.check_rounds(checked.format, checked.format_settings, tournament.entrants.count())
    for field in TOURNAMENT_FIELDS:
        setattr(tournament, field, getattr(checked, field))
    tournament.save()
    return tournament


@transaction.atomic
def delete_tournament(tournament: Tournament) -> None:
    """Delete a tournament that has not started (nothing has been played in it)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.REGISTRATION or tournament.matches.exists():
        raise Conflict(f"the tournament is {tournament.status}: it stays, with its matches", code="already_started")
    tournament.delete()


def tournament_for_import(*, club: Club, name: str, game: str) -> Tournament:
    """The club's tournament of this name that imported matches belong to (an export's
    manifest names it), created on first sight with default settings."""
    tournament, _ = Tournament.objects.get_or_create(club=club, name=name, defaults={"game": game})
    return tournament
