"""Tournaments under way: start, pair, publish and play rounds until the last.

The formats library (``tournaments.formats``) decides pairings and standings from outcomes;
this module turns outcomes into stored matches (``standings`` turns stored matches into
outcomes and standings, ``tournament_setup`` creates tournaments, ``registration`` enters
players). Standings are derived data: :func:`compute_standings` recomputes them at any time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
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
from tournaments.services import (
    challenge_runs,
    checkins,
    explanations,
    fingerprints,
    live_events,
    notices,
    ratings,
    registration,
)
from tournaments.services.bots import BotUnavailable, active_versions, check_playable, parse_limits, seat_agents
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
    """Pair a proposed round again from the entrants as they are now (its row, with its times
    and check-ins, stays)."""
    if tournament.rounds.filter(status=Round.Status.PROPOSED).exclude(proposal=[]).update(proposal=[]):
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
        or tournament.rounds.filter(status=Round.Status.PROPOSED).exclude(proposal=[]).exists()


@transaction.atomic
def advance(tournament_id: int) -> list[Match]:
    """Pair and create the next games once every game so far is decided; finish the
    tournament when there are none. Idempotent: with games still being played it does
    nothing. Bot tournaments publish at once; others leave a proposed round for a director."""
    # Its club is read with it (the round's notice names it), but only the tournament is locked.
    tournament = Tournament.objects.select_for_update(of=("self",)).select_related("club").get(pk=tournament_id)
    if tournament.status != Tournament.Status.RUNNING or pending(tournament):
        return []
    tournament.rounds.filter(status=Round.Status.PUBLISHED).update(status=Round.Status.COMPLETE)
    fmt = tournament_format(tournament)
    decided = outcomes(tournament)
    active = active_entrants(tournament)
    games = fmt.next_games(decided, active)
    if games and games[0].round > tournament.current_round and not tournament.bots:
        games = checkins.pair_without_no_shows(tournament, fmt, decided, games)
    if not games:
        tournament.status = Tournament.Status.FINISHED
        tournament.standings = compute_standings(tournament, decided)
        tournament.total_rounds = tournament.current_round
        tournament.save(update_fields=["status", "standings", "total_rounds", "updated_at"])
        refresh_progress(tournament.pk)  # the count of what was played, where it was expected
        notices.tournament_finished(tournament)
        return []
    # The standings are stored once the tournament finishes; while it runs they are computed
    # on request (and cached), so pairing a round, which every worker waits for, skips them.
    tournament.total_rounds = fmt.total_rounds()
    if not tournament.bots and games[0].round > tournament.current_round:
        tournament.save(update_fields=["total_rounds", "updated_at"])
        proposed, _ = Round.objects.update_or_create(tournament=tournament, number=games[0].round, defaults={
            "status": Round.Status.PROPOSED, "proposal": [game_json(game) for game in games]})
        explanations.record_proposal(tournament, proposed, fresh=True)
        return []
    # publish stores total_rounds with the round, and explains it from what was read here.
    return publish(tournament, games, explanations.Reading(fmt, active, decided))


def game_json(game: formats.Fixture) -> dict[str, Any]:
    return dataclasses.asdict(game) | {"seats": list(game.seats)}


def publish(tournament: Tournament, games: list[formats.Fixture],
            reading: explanations.Reading | None = None) -> list[Match]:
    """Create the matches (and byes) of these games, scheduled, seeds derived from the
    tournament's. Each round is fetched and each entrant's bot version looked up once for
    the whole list, and the matches stored together, not one by one. ``reading``: what the
    games were paired from (:func:`advance`), which explains them without reading it again."""
    engine = get_game(tournament.game)
    entrants = {entrant.pk: entrant for entrant in tournament.entrants.select_related("player")}
    versions = dict(zip(entrants, active_versions([entrant.player for entrant in entrants.values()])))
    rounds: dict[int, Round] = {}
    newly_published: list[Round] = []
    rows = []
    for game in games:
        round_ = rounds.get(game.round)
        if round_ is None:
            round_, created = Round.objects.get_or_create(tournament=tournament, number=game.round,
                                                          defaults={"status": Round.Status.PUBLISHED})
            if round_.status != Round.Status.PUBLISHED:
                round_.status = Round.Status.PUBLISHED
                round_.proposal = []
                round_.save(update_fields=["status", "proposal"])
                created = True
            if created:  # not a further best-of game or replay of a round already out
                newly_published.append(round_)
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
    for round_ in newly_published:
        explanations.record_published(tournament, round_, [game for game in games if game.round == round_.number],
                                      reading)
    created = insert_matches(rows)
    for round_ in newly_published:  # a newly published round holds no matches but these
        notices.round_published(tournament, round_, sum(match.round_id == round_.pk for match in created))
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
    if not proposed.proposal and games is None:
        raise Conflict(f"round {proposed.number} is not paired yet", code="nothing_proposed")
    chosen = games if games is not None else proposed.proposal
    away = checkins.absentees(tournament, proposed.number)
    parsed = check_games(tournament, proposed.number, chosen, checkins.playing(tournament, proposed.number))
    created = publish(tournament, parsed)
    checkins.record_absences(tournament, proposed, away, first_pairing=len(parsed))
    return created


def bot_limits_of(match: Match) -> Limits:
    """The time limits of the tournament or ladder the match belongs to; a rerun keeps those
    of the match it replays."""
    owner = match.tournament or match.ladder
    if owner is None and match.challenge_id is not None and match.challenge.rerun_of_id is not None:
        return bot_limits_of(match.challenge.rerun_of)
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
    match = Match.objects.select_related("tournament", "ladder", "log", "challenge__rerun_of__tournament",
                                         "challenge__rerun_of__ladder").get(pk=match_id)
    cache.forget(match=match_id, tournament=match.tournament_id)  # update(): no signal
    if match.challenge_id is not None:
        challenge_runs.note_started(match.challenge_id)
    seats = list(match.seats.select_related("player", "bot_version").order_by("index"))
    try:
        with seat_agents(match.game, seats, match.options, match.seed, bot_limits_of(match)) as agents:
            log = play_match(get_game(match.game), agents, players=[seat.player.name for seat in seats],
                             options=match.options, seed=match.seed, setup=match.log.setup)
            outputs = {seat.pk: seat_output(agent) for seat, agent in zip(seats, agents)
                       if hasattr(agent, "stderr_text")}
    except BotUnavailable as error:
        if match.challenge_id is not None:
            challenge_runs.note_failed(match.challenge_id, error.message)
        raise
    outcome = replay(log)
    forfeits = [forfeit.to_json() for forfeit in outcome.forfeits]
    # A game the service played between bots is a new game (its seed is its own): its print
    # is kept, never refused.
    print_ = fingerprints.of_played(match, outcome.state.moves, forfeits,
                                    [seat.player_id for seat in seats]) if outcome.finished else ""
    with transaction.atomic():
        # Another worker may have played it meanwhile (a redelivery, the sweeper): the first
        # to store it wins (this UPDATE locks the match row, first, until the commit), the
        # others store nothing.
        stored = Match.objects.filter(pk=match_id, status=Match.Status.IN_PROGRESS).update(
            status=Match.Status.FINISHED if outcome.finished else Match.Status.IN_PROGRESS,
            result=outcome.result.to_json() if outcome.finished else None, move_count=len(outcome.state.moves),
            fingerprint=print_, updated_at=timezone.now())
        if not stored:
            return False
        # update() sends no signal: this covers the match's log and seats written below too.
        cache.forget(match=match_id, tournament=match.tournament_id)
        store_outcome(match, outcome, seats)
        match.log.moves = list(outcome.state.moves)
        match.log.forfeits = forfeits
        MatchLog.objects.filter(pk=match.log.pk).update(moves=match.log.moves, forfeits=match.log.forfeits)
        for seat_id, output in outputs.items():
            SeatOutput.objects.update_or_create(seat_id=seat_id, defaults=output)
        ratings.note_change(match)
        match.status = Match.Status.FINISHED if outcome.finished else Match.Status.IN_PROGRESS
        notices.bot_match_stored(match, seats)
        if match.challenge_id is not None:
            challenge_runs.note_played(match.challenge_id)
    if progress and match.tournament_id is not None:
        refresh_progress(match.tournament_id)
    return True


def seat_output(agent: Any) -> dict[str, Any]:
    """What an uploaded bot's seat keeps for its owner: its standard error, its turn report
    and, if it forfeited, where and why (``games.turns``)."""
    return {"stderr": agent.stderr_text.replace("\x00", "\ufffd"), "turns": agent.turns,
            "forfeit": agent.forfeit_report or {}}


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


def play_here(tournament_id: int, on_round: Callable[[], None] = lambda: None,
              on_chunk: Callable[[int], None] = lambda played: None, chunk_size: int | None = None) -> None:
    """Play a bot tournament to its end in this process, by the steps the workers take (each
    round paired, its matches played in chunks of ``chunk_size``, default
    ``TOURNAMENT_MATCH_CHUNK``), its live viewers paced as the workers pace them
    (``live_events.paced_here``). ``on_round`` is called after each pairing, ``on_chunk`` with
    the number of matches each chunk played."""
    with live_events.paced_here() as due:
        while matches := advance(tournament_id):
            on_round()
            for chunk in chunks([match.pk for match in matches], chunk_size):
                play_scheduled_many(chunk)
                on_chunk(len(chunk))
                due()


def chunks(match_ids: Sequence[int], size: int | None = None) -> list[list[int]]:
    """``match_ids`` cut into lists of ``size`` (default ``TOURNAMENT_MATCH_CHUNK``), in order."""
    size = max(1, size or settings.TOURNAMENT_MATCH_CHUNK)
    return [list(match_ids[start:start + size]) for start in range(0, len(match_ids), size)]


def stale_matches(timeout: timedelta | None = None) -> list[int]:
    """Bot matches left scheduled or running past the timeout (their worker died)."""
    timeout = timeout or timedelta(seconds=settings.TOURNAMENT_MATCH_TIMEOUT)
    cutoff = timezone.now() - timeout
    return list(Match.objects.filter(Q(tournament__bots=True, tournament__status=Tournament.Status.RUNNING)
                                     | Q(ladder__isnull=False) | Q(challenge__isnull=False))
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
    (a chord); finish the tournament when nothing is left to play.

    Every worker waits for the pairing, so its viewers' live events are sent once the matches
    are: a tournament's is paced (``live_events.pace_tournament``), a match's is left to a task
    of its own, so that with two workers one renders while the other plays."""
    with live_events.held() as events:
        matches = advance(tournament_id)
    if not matches:
        for kind, pk in events:  # the tournament finished (or is waiting): nothing else to run
            live_events.deliver(kind, pk)
        return
    chord(play_bot_matches.si(chunk) for chunk in chunks([match.pk for match in matches])) \
        (advance_tournament.si(tournament_id))
    for kind, pk in events:
        if kind == "tournament":
            live_events.deliver(kind, pk)
        else:
            publish_live.delay(kind, pk)


@shared_task(name="tournaments.publish_live", acks_late=True)
def publish_live(kind: str, pk: int) -> None:
    """Publish a match's or a tournament's state to its live viewers (``live_events``)."""
    live_events.publish_now(kind, pk)


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
