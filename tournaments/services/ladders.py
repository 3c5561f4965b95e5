"""Ladders: a club's continuous rated play between its bot entries for one game.

A scheduled task (celery beat, its rate kept in the database and set in the admin) calls
:func:`schedule_round`, which picks a few matches: entries whose version still needs its
placement matches first, then those with the fewest ladder games, each against opponents of
close rating with some randomness; an owner's entries are never seated only with each other.
The picks come from the ladder's seed and run number, so the same history gives the same
matches.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from celery import shared_task
from django.db import transaction
from django.db.models import Count, Q
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from games.errors import GameError
from games.registry import get_game
from games.seeding import commitment, derive_rng, derive_seed, new_seed
from tournaments.errors import InvalidInput, refused_by_game
from tournaments.models import BotEntry, Club, Ladder, Match, Player, Seat
from tournaments.selectors import ratings_for
from tournaments.services.bots import parse_limits
from tournaments.services.matches import insert_match
from tournaments.services.queue import after_commit
from tournaments.services.tournaments import play_bot_match

#: Rating difference (display scale) at which an opponent is e^-1 as likely as an equal one.
CLOSENESS = 200.0
#: What a ladder keeps for life.
FIXED_FIELDS = ("club", "game", "seed")
LADDER_FIELDS = ("options", "seats", "enabled", "every_minutes", "matches_per_run", "placement_matches", "bot_limits")


@dataclass(frozen=True)
class Candidate:
    """An entry the ladder may seat: its player, owner, rating and ladder games so far."""

    player_id: int
    owner: str
    rating: float
    version_games: int
    games: int
    placing: bool


def check_ladder(ladder: Ladder) -> None:
    """Refuse a game, options, seat count or numbers that cannot make ladder matches."""
    if type(ladder.seats) is not int or ladder.seats < 2:
        raise InvalidInput("a ladder match seats at least two bots", fields={"seats": ["at least 2"]})
    try:
        game = get_game(ladder.game)
        options = game.parse_options(ladder.options, ladder.seats)
        game.check_players(options, ladder.seats)
    except GameError as error:
        raise refused_by_game(error, fields={"bad_players": "seats", "bad_setup": "options"}) from None
    for field in ("every_minutes", "matches_per_run"):
        if not 1 <= getattr(ladder, field) <= 10_000:
            raise InvalidInput(f"{field} must be from 1 to 10000", fields={field: ["from 1 to 10000"]})
    if ladder.placement_matches > 1000:
        raise InvalidInput("placement_matches must be at most 1000", fields={"placement_matches": ["at most 1000"]})
    parse_limits(ladder.bot_limits)


def sync_schedule(ladder: Ladder) -> None:
    """Point the ladder's beat entry at its rate and enabled flag (creating it when missing)."""
    interval, _ = IntervalSchedule.objects.get_or_create(every=ladder.every_minutes, period=IntervalSchedule.MINUTES)
    values = {"interval": interval, "task": "tournaments.run_ladder", "args": json.dumps([ladder.pk]),
              "enabled": ladder.enabled}
    if ladder.periodic_task_id is None:
        task = PeriodicTask.objects.create(name=f"ladder {ladder.pk}: {ladder.club.slug} {ladder.game}", **values)
        Ladder.objects.filter(pk=ladder.pk).update(periodic_task=task)
        ladder.periodic_task = task
    else:
        PeriodicTask.objects.filter(pk=ladder.periodic_task_id).update(**values)


@transaction.atomic
def create_ladder(*, club: Club, game: str, seats: int = 2, options: dict[str, Any] | None = None,
                  every_minutes: int = 10, matches_per_run: int = 4, placement_matches: int = 5,
                  enabled: bool = True, seed: str | None = None, bot_limits: dict[str, Any] | None = None) -> Ladder:
    """A club's ladder for one game, with its beat schedule."""
    if Ladder.objects.filter(club=club, game=game).exists():
        raise InvalidInput(f"{club.name} already has a {game} ladder", fields={"game": ["already has a ladder"]})
    ladder = Ladder(club=club, game=game, seats=seats, options=dict(options or {}), every_minutes=every_minutes,
                    matches_per_run=matches_per_run, placement_matches=placement_matches, enabled=enabled,
                    seed=seed or new_seed(), bot_limits=dict(bot_limits or {}))
    check_ladder(ladder)
    ladder.save()
    sync_schedule(ladder)
    return ladder


@transaction.atomic
def update_ladder(ladder: Ladder, **changes: Any) -> Ladder:
    """Change a ladder's settings and its schedule together. Its club, game and seed, when
    given, must be its own: they never change."""
    ladder = Ladder.objects.select_for_update().get(pk=ladder.pk)
    for field in FIXED_FIELDS:
        if field in changes and changes.pop(field) != getattr(ladder, field):
            raise InvalidInput(f"a ladder's {field} cannot change", fields={field: ["cannot change"]})
    unknown = sorted(set(changes) - set(LADDER_FIELDS))
    if unknown:
        raise InvalidInput(f"a ladder has no setting {unknown[0]!r}", fields={unknown[0]: ["unknown"]})
    for field, value in changes.items():
        setattr(ladder, field, value)
    check_ladder(ladder)
    ladder.save()
    sync_schedule(ladder)
    return ladder


def candidates(ladder: Ladder) -> list[Candidate]:
    """The ladder's entries that can play now: of its club and game, in the ladder, with an
    active version, and not already in an unfinished ladder match."""
    busy = Seat.objects.filter(match__ladder=ladder, match__status__in=[Match.Status.SCHEDULED,
                                                                        Match.Status.IN_PROGRESS]).values("player_id")
    entries = list(BotEntry.objects.filter(player__club=ladder.club, game=ladder.game, ladder=True,
                                           active_version__isnull=False)
                   .exclude(player_id__in=busy).select_related("player").order_by("player_id"))
    played = Q(seats__match__ladder=ladder) & ~Q(seats__match__status=Match.Status.VOID)
    games = dict(Player.objects.filter(pk__in=[entry.player_id for entry in entries])
                 .annotate(n=Count("seats", filter=played)).values_list("pk", "n"))
    version_games = dict(Seat.objects.filter(match__ladder=ladder, bot_version__in=[e.active_version_id for e in entries])
                         .exclude(match__status=Match.Status.VOID).values_list("bot_version_id")
                         .annotate(n=Count("pk")).values_list("bot_version_id", "n"))
    ratings = ratings_for(ladder.game, [entry.player_id for entry in entries])
    return [Candidate(player_id=entry.player_id,
                      owner=f"user {entry.owner_id}" if entry.owner_id else f"house {entry.player_id}",
                      rating=ratings[entry.player_id].rating, games=games.get(entry.player_id, 0),
                      version_games=version_games.get(entry.active_version_id, 0),
                      placing=version_games.get(entry.active_version_id, 0) < ladder.placement_matches)
            for entry in entries]


def pick_tables(pool: Sequence[Candidate], seats: int, count: int, rng: random.Random) -> list[list[Candidate]]:
    """Up to ``count`` tables of ``seats`` distinct candidates, none seated twice.

    Anchors come in order: versions still placing, then fewest games, ties broken by ``rng``.
    Each anchor's opponents are drawn with weight ``exp(-|rating difference| / CLOSENESS)``
    (uniformly for a placing anchor, which should meet the whole field); the last seat of a
    table whose seats all share one owner goes to another owner, or the table is dropped.

    >>> a, b, c = (Candidate(n, "user 1" if n < 3 else "user 2", 1500.0, 0, 0, False) for n in (1, 2, 3))
    >>> pick_tables([a, b], 2, 5, random.Random(1))  # one owner's entries never meet alone
    []
    >>> [sorted(x.player_id for x in table) for table in pick_tables([a, c], 2, 5, random.Random(1))]
    [[1, 3]]
    """
    order = sorted(pool, key=lambda c: (not c.placing, c.games, rng.random()))
    used: set[int] = set()
    tables: list[list[Candidate]] = []
    for anchor in order:
        if len(tables) >= count:
            break
        if anchor.player_id in used:
            continue
        table = [anchor]
        while len(table) < seats:
            taken = used | {member.player_id for member in table}
            options = [c for c in pool if c.player_id not in taken]
            owners = {member.owner for member in table}
            if len(table) == seats - 1 and len(owners) == 1:
                options = [c for c in options if c.owner not in owners]
            if not options:
                break
            weights = [1.0 if anchor.placing else math.exp(-abs(c.rating - anchor.rating) / CLOSENESS)
                       for c in options]
            table.append(rng.choices(options, weights=weights)[0])
        if len(table) == seats:
            tables.append(table)
            used.update(member.player_id for member in table)
    return tables


@transaction.atomic
def schedule_round(ladder_id: int) -> list[Match]:
    """Create the ladder's next few matches (none when it is disabled or too few entries can
    play); the caller dispatches them to the workers."""
    ladder = Ladder.objects.select_for_update().select_related("club").get(pk=ladder_id)
    if not ladder.enabled:
        return []
    ladder.runs += 1
    ladder.save(update_fields=["runs"])
    rng = derive_rng(ladder.seed, "run", ladder.runs)
    tables = pick_tables(candidates(ladder), ladder.seats, ladder.matches_per_run, rng)
    game = get_game(ladder.game)
    options = game.parse_options(ladder.options, ladder.seats)
    players = {player.pk: player for player in Player.objects.filter(
        pk__in=[member.player_id for table in tables for member in table])}
    matches = []
    for number, table in enumerate(tables):
        seed = derive_seed(ladder.seed, "match", ladder.runs, number)
        order = [table[index] for index in derive_rng(seed, "seats").sample(range(len(table)), len(table))]
        setup = game.random_setup(options, len(order), derive_rng(seed, "setup"))
        matches.append(insert_match(players=[players[member.player_id] for member in order], setup=setup,
                                    club=ladder.club, game=ladder.game, options=options, seed=seed,
                                    commitment=commitment(seed), status=Match.Status.SCHEDULED,
                                    ladder=ladder, rated=True))
    return matches


@transaction.atomic
def delete_ladder(ladder: Ladder) -> None:
    """Remove a ladder and its beat schedule; its matches stay (they keep their ratings)."""
    ladder = Ladder.objects.select_for_update().get(pk=ladder.pk)
    task_id = ladder.periodic_task_id
    ladder.delete()
    if task_id is not None:
        PeriodicTask.objects.filter(pk=task_id).delete()


def queue_round(ladder: Ladder) -> None:
    """A director's "run now": the ladder's next round is scheduled on a worker after the commit."""
    after_commit(run_ladder, ladder.pk)


@shared_task(name="tournaments.run_ladder", acks_late=True)
def run_ladder(ladder_id: int) -> list[int]:
    """Schedule a ladder's next matches (beat calls this at the ladder's rate) and hand them
    to the workers once they are stored."""
    with transaction.atomic():
        matches = [match.pk for match in schedule_round(ladder_id)]
        transaction.on_commit(lambda: [play_bot_match.delay(match_id) for match_id in matches])
    return matches
