"""Tournaments under way: start, pair, publish and play rounds until the last.

The formats library (``tournaments.formats``) decides pairings and standings from outcomes;
this module turns outcomes into stored matches (``standings`` turns stored matches into
outcomes and standings, ``tournament_setup`` creates tournaments, ``registration`` enters
players). Standings are derived data: :func:`compute_standings` recomputes them at any time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from celery import chord, shared_task
from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.logs import replay
from games.registry import get_game
from games.runner import play_match
from games.sandbox import Limits
from games.seeding import commitment, derive_rng, derive_seed
from tournaments import cache, formats
from tournaments.errors import Conflict, InvalidInput
from tournaments.models import (
    Bye,
    Entrant,
    Match,
    MatchLog,
    Player,
    RatingMark,
    Round,
    SeatOutput,
    Tournament,
)
from tournaments.services import ratings, registration
from tournaments.services.bots import active_versions, check_playable, parse_limits, seat_agents
from tournaments.services.matches import insert_matches, store_outcome
from tournaments.services.progress import refresh_progress, settings_of  # noqa: F401  (settings_of re-exported)
from tournaments.services.queue import after_commit
from tournaments.services.registration import (  # noqa: F401  (re-exported: the API and tests call them here)
    check_bot_entrant,
    entrant_order,
    reseed,
    tournament_format,
)
from tournaments.services.seating import check_games
from tournaments.services.standings import active_entrants, compute_standings, crosstable, outcomes  # noqa: F401
from tournaments.services.tournament_setup import (  # noqa: F401  (re-exported: the doors call them here)
    SETTING_FIELDS,
    TOURNAMENT_FIELDS,
    checked_tournament,
    create_tournament,
    delete_tournament,
    update_tournament,
)




@transaction.atomic
def register(tournament: Tournament, player: Player) -> Entrant:
    """Enter a player (:func:`registration.register`); a late entry re-pairs a round proposed
    but not yet published, so that it seats the newcomer."""
    entrant = registration.register(tournament, player)
    repropose(tournament)
    return entrant


@transaction.atomic
def withdraw(entrant: Entrant) -> Entrant:
    """Withdraw an entrant (:func:`registration.withdraw`: no more pairings, the games played
    stand); a round proposed but not yet published is paired again without them."""
    entrant = registration.withdraw(entrant)
    repropose(entrant.tournament)
    return entrant


def repropose(tournament: Tournament) -> None:
    """Pair a proposed round again from the entrants as they are now."""
    if tournament.rounds.filter(status=Round.Status.PROPOSED).delete()[0]:
        advance(tournament.pk)


# -- pairing and playing ----------------------------------------------------------------------------

def match_seed(tournament: Tournament, game: formats.Fixture) -> str:
    return derive_seed(tournament.seed, "match", game.round, game.bracket, game.pairing, game.number)


@transaction.atomic
def start(tournament: Tournament) -> Tournament:
    """Close registration, once the first round is known to pair: a tournament whose start
    fails stays open for registration, unchanged."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise Conflict(f"the tournament is already {tournament.status}", code="already_started")
    registration.leave_out_absent(tournament)  # where check-in is asked; rolled back if the start is refused
    try:
        fmt = tournament_format(tournament)  # refuses impossible settings for these entrants
        fmt.next_games([], active_entrants(tournament))
    except (InvalidInput, formats.FormatError) as error:
        message = str(error)
        if tournament.check_in:
            message += f" (only entrants who checked in play: {tournament.entrants.count()} did)"
        raise InvalidInput(message, code="bad_format_settings", fields={"format_settings": [message]}) from None
    if tournament.bots and settings.CELERY_TASK_ALWAYS_EAGER:
        # Played here, in this process: refuse now rather than fail at the first match. With
        # workers, each worker checks its own sandbox when it takes a match.
        players = [entrant.player for entrant in tournament.entrants.select_related("player")]
        check_playable(active_versions(players))
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status", "updated_at"])
    return tournament


def start_and_pair(tournament: Tournament) -> Tournament:
    """Start a tournament and, for people, propose its first round, in one transaction: if
    either step fails, the tournament is left as it was. A bot tournament's rounds are then
    played on the workers (``advance`` after the commit)."""
    with transaction.atomic():
        tournament = start(tournament)
        if not tournament.bots:
            advance(tournament.pk)
            tournament.refresh_from_db()
    if tournament.bots:
        queue_tournament(tournament.pk)
    return tournament


def queue_tournament(tournament_id: int) -> None:
    """Hand a running bot tournament to the workers after the commit: they pair, play and
    pair again until it is finished."""
    after_commit(advance_tournament, tournament_id)


def check_round_decided(tournament: Tournament) -> None:
    """The next round is paired only once every game of this one is played and published."""
    if pending(tournament):
        raise Conflict("the current round still has games to play or to publish", code="round_in_progress")


def pair_round(tournament: Tournament) -> list[Match]:
    """A director's "pair the next round": refused while the current one is undecided."""
    check_round_decided(tournament)
    return advance(tournament.pk)


def pending(tournament: Tournament) -> bool:
    return tournament.matches.filter(status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS]).exists() \
        or tournament.rounds.filter(status=Round.Status.PROPOSED).exists()


@transaction.atomic
def advance(tournament_id: int) -> list[Match]:
    """Pair and create the next games once every game so far is decided; finish the
    tournament when there are none. Idempotent: with games still being played it does
    nothing. Bot tournaments publish at once; others leave a proposed round for a director."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    if tournament.status != Tournament.Status.RUNNING or pending(tournament):
        return []
    tournament.rounds.filter(status=Round.Status.PUBLISHED).update(status=Round.Status.COMPLETE)
    fmt = tournament_format(tournament)
    decided = outcomes(tournament)
    games = fmt.next_games(decided, active_entrants(tournament))
    if not games:
        tournament.status = Tournament.Status.FINISHED
        tournament.standings = compute_standings(tournament, decided)
        tournament.total_rounds = tournament.current_round
        tournament.save(update_fields=["status", "standings", "total_rounds", "updated_at"])
        refresh_progress(tournament.pk)  # the count of what was played, where it was expected
        return []
    # The standings are stored once the tournament finishes; while it runs they are computed
    # on request (and cached), so pairing a round, which every worker waits for, skips them.
    tournament.total_rounds = fmt.total_rounds()
    if not tournament.bots and games[0].round > tournament.current_round:
        tournament.save(update_fields=["total_rounds", "updated_at"])
        Round.objects.create(tournament=tournament, number=games[0].round, status=Round.Status.PROPOSED,
                             proposal=[game_json(game) for game in games])
        return []
    return publish(tournament, games)  # which stores total_rounds with the round


def game_json(game: formats.Fixture) -> dict[str, Any]:
    return dataclasses.asdict(game) | {"seats": list(game.seats)}


def publish(tournament: Tournament, games: list[formats.Fixture]) -> list[Match]:
    """Create the matches (and byes) of these games, scheduled, seeds derived from the
    tournament's. Each round is fetched and each entrant's bot version looked up once for
    the whole list, and the matches stored together, not one by one."""
    engine = get_game(tournament.game)
    entrants = {entrant.pk: entrant for entrant in tournament.entrants.select_related("player")}
    versions = dict(zip(entrants, active_versions([entrant.player for entrant in entrants.values()])))
    rounds: dict[int, Round] = {}
    rows = []
    for game in games:
        round_ = rounds.get(game.round)
        if round_ is None:
            round_, _ = Round.objects.get_or_create(tournament=tournament, number=game.round,
                                                    defaults={"status": Round.Status.PUBLISHED})
            if round_.status != Round.Status.PUBLISHED:
                round_.status = Round.Status.PUBLISHED
                round_.proposal = []
                round_.save(update_fields=["status", "proposal"])
            rounds[game.round] = round_
        if game.bye:
            Bye.objects.get_or_create(tournament=tournament, round=round_, entrant_id=game.seats[0],
                                      bracket=game.bracket, defaults={"pairing": game.pairing})
            continue
        seed = match_seed(tournament, game)
        options = engine.parse_options(tournament.options, len(game.seats))
        setup = engine.random_setup(options, len(game.seats), derive_rng(seed, "setup"))
        match = Match(club_id=tournament.club_id, game=tournament.game, options=options, seed=seed,
                      commitment=commitment(seed), status=Match.Status.SCHEDULED, tournament=tournament,
                      round=round_, pairing=game.pairing, game_number=game.number, bracket=game.bracket,
                      rated=tournament.rated)
        rows.append((match, [entrants[entrant].player for entrant in game.seats],
                     [versions[entrant] for entrant in game.seats], setup))
    created = insert_matches(rows)
    tournament.current_round = max(tournament.current_round, max(game.round for game in games))
    tournament.save(update_fields=["current_round", "total_rounds", "updated_at"])
    refresh_progress(tournament.pk)
    return created


@transaction.atomic
def publish_proposed(tournament: Tournament, games: list[dict[str, Any]] | None = None) -> list[Match]:
    """A director publishes the proposed round, as proposed or with pairs swapped or fixed."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    proposed = tournament.rounds.filter(status=Round.Status.PROPOSED).first()
    if proposed is None:
        raise Conflict("no round is waiting to be published", code="nothing_proposed")
    chosen = games if games is not None else proposed.proposal
    parsed = check_games(tournament, proposed.number, chosen, active_entrants(tournament))
    return publish(tournament, parsed)


def bot_limits_of(match: Match) -> Limits:
    """The time limits of the tournament or ladder the match belongs to."""
    owner = match.tournament or match.ladder
    return parse_limits(owner.bot_limits if owner is not None else None)


def play_scheduled(match_id: int, *, progress: bool = True) -> bool:
    """Play one scheduled bot match (a tournament's or a ladder's) and store its log, with
    each uploaded bot's standard error for its owner. Idempotent: a finished or void match is
    left alone, so a redelivered task plays nothing twice, and a match whose worker died is
    played again from its seed. Answers whether it played. ``progress=False`` leaves the
    tournament's counts to the caller (:func:`play_scheduled_many` stores them once a chunk)."""
    now = timezone.now()
    # Claimed by one conditional UPDATE (the row lock it takes is the check): a finished or
    # void match, or one that no longer exists, is not played.
    claimed = Match.objects.filter(pk=match_id, status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS]) \
        .update(status=Match.Status.IN_PROGRESS, started_at=now, updated_at=now)
    if not claimed:
        return False
    match = Match.objects.select_related("tournament", "ladder", "log").get(pk=match_id)
    cache.forget(match=match_id, tournament=match.tournament_id)  # update(): no signal
    seats = list(match.seats.select_related("player", "bot_version").order_by("index"))
    with seat_agents(match.game, seats, match.options, match.seed, bot_limits_of(match)) as agents:
        log = play_match(get_game(match.game), agents, players=[seat.player.name for seat in seats],
                         options=match.options, seed=match.seed, setup=match.log.setup)
        outputs = {seat.pk: agent.stderr_text for seat, agent in zip(seats, agents) if hasattr(agent, "stderr_text")}
    outcome = replay(log)
    with transaction.atomic():
        # Another worker may have played it meanwhile (a redelivery, the sweeper): the first
        # to store it wins (this UPDATE locks the match row, first, until the commit), the
        # others store nothing.
        stored = Match.objects.filter(pk=match_id, status=Match.Status.IN_PROGRESS).update(
            status=Match.Status.FINISHED if outcome.finished else Match.Status.IN_PROGRESS,
            result=outcome.result.to_json() if outcome.finished else None, move_count=len(outcome.state.moves),
            updated_at=timezone.now())
        if not stored:
            return False
        # update() sends no signal: this covers the match's log and seats written below too.
        cache.forget(match=match_id, tournament=match.tournament_id)
        store_outcome(match, outcome, seats)
        match.log.moves = list(outcome.state.moves)
        match.log.forfeits = [forfeit.to_json() for forfeit in outcome.forfeits]
        MatchLog.objects.filter(pk=match.log.pk).update(moves=match.log.moves, forfeits=match.log.forfeits)
        for seat_id, stderr in outputs.items():
            SeatOutput.objects.update_or_create(seat_id=seat_id, defaults={"stderr": stderr.replace("\x00", "\ufffd")})
        ratings.note_change(match)
    if progress and match.tournament_id is not None:
        refresh_progress(match.tournament_id)
    return True


def play_scheduled_many(match_ids: Sequence[int]) -> list[int]:
    """Play a chunk of scheduled bot matches one after another, each stored on its own as
    :func:`play_scheduled` stores it (so a chunk cut short by a dead worker keeps the matches
    it finished, and a replay of the chunk plays only the others); the tournaments' counts are
    stored once at the end. Answers the ids it played."""
    played = [match_id for match_id in match_ids if play_scheduled(match_id, progress=False)]
    tournaments = set(Match.objects.filter(pk__in=match_ids, tournament__isnull=False)
                      .values_list("tournament_id", flat=True))
    for tournament_id in sorted(tournaments):
        refresh_progress(tournament_id)
    return played


def chunks(match_ids: Sequence[int], size: int | None = None) -> list[list[int]]:
    """``match_ids`` cut into lists of ``size`` (default ``TOURNAMENT_MATCH_CHUNK``), in order."""
    size = max(1, size or settings.TOURNAMENT_MATCH_CHUNK)
    return [list(match_ids[start:start + size]) for start in range(0, len(match_ids), size)]


def stale_matches(timeout: timedelta | None = None) -> list[int]:
    """Bot matches left scheduled or running past the timeout (their worker died)."""
    timeout = timeout or timedelta(seconds=settings.TOURNAMENT_MATCH_TIMEOUT)
    cutoff = timezone.now() - timeout
    return list(Match.objects.filter(Q(tournament__bots=True, tournament__status=Tournament.Status.RUNNING)
                                     | Q(ladder__isnull=False))
                .filter(Q(status=Match.Status.IN_PROGRESS, started_at__lt=cutoff)
                        | Q(status=Match.Status.SCHEDULED, created_at__lt=cutoff))
                .values_list("pk", flat=True))


def stalled_tournaments() -> list[int]:
    """Running bot tournaments whose games are all decided but whose next step never ran."""
    running = Tournament.objects.filter(bots=True, status=Tournament.Status.RUNNING).order_by("pk")
    return [tournament.pk for tournament in running if not pending(tournament)]


# -- the workers' tasks (their names are what the broker and beat's schedule know) -----------------

@shared_task(name="tournaments.play_bot_match", acks_late=True)
def play_bot_match(match_id: int) -> int:
    """Play one scheduled bot match (of a tournament or a ladder); a match already finished
    is not played again."""
    play_scheduled(match_id)
    return match_id


@shared_task(name="tournaments.play_bot_matches", acks_late=True)
def play_bot_matches(match_ids: list[int]) -> list[int]:
    """Play a chunk of scheduled bot matches in turn (one task for several short matches, so
    that the broker's round trips are paid once a chunk). Each match is stored on its own and
    a finished one is not played again: a redelivered chunk plays only what is left."""
    play_scheduled_many(match_ids)
    return list(match_ids)


@shared_task(name="tournaments.advance_tournament", acks_late=True)
def advance_tournament(tournament_id: int, *finished: Any) -> None:
    """Pair the next games once a round is decided, fan them out to the workers in chunks of
    ``TOURNAMENT_MATCH_CHUNK`` matches (a group), and come back here when they are all played
    (a chord); finish the tournament when nothing is left to play."""
    matches = advance(tournament_id)
    if matches:
        chord(play_bot_matches.si(chunk) for chunk in chunks([match.pk for match in matches])) \
            (advance_tournament.si(tournament_id))


@shared_task(name="tournaments.sweep")
def sweep() -> dict[str, list[int]]:
    """Re-dispatch bot matches left running past the timeout (a worker died), re-run the
    next step of tournaments whose games are all decided, and update the ratings of games
    with changes not yet applied, so that no tournament or rating state lives only in the
    broker."""
    stale = stale_matches()
    for match_id in stale:
        play_bot_match.delay(match_id)
    stalled = stalled_tournaments()
    for tournament_id in stalled:
        advance_tournament.delay(tournament_id)
    games = sorted(set(RatingMark.objects.values_list("game", flat=True)))
    for game in games:
        ratings.update_game_ratings.delay(game)
    return {"matches": stale, "tournaments": stalled, "ratings": games}
