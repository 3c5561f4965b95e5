"""Challenges and reruns: unrated games a bot owner asks for, played on the workers.

A challenge seats the owner's version and versions they may see (built-in strategies, their
own versions, and the versions of their club's ladder entries) in the seats they choose, and
plays one game per seed, either seeds they give or seeds derived from a base seed. A rerun
replays a finished bot match (its seed, setup, options and opponent versions) with another
version of the owner's entry in that entry's seat. Every game is a match of the club with
``challenge`` set, ``rated`` false and no tournament or ladder, played by the tournaments'
own match task (``play_bot_matches``): nothing here moves a rating or a ladder standing.

Each owner may ask a club for ``Club.challenge_quota`` games a day (UTC), reruns included.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, time
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.errors import GameError
from games.registry import get_game
from games.seeding import commitment, derive_rng, derive_seed
from tournaments.errors import Forbidden, InvalidInput, ServiceError
from tournaments.models import BotEntry, BotVersion, Challenge, Club, Match, Seat
from tournaments.selectors import is_member, owns_bot, visible_clubs, visible_matches
from tournaments.services.bots import check_playable
from tournaments.services.matches import insert_matches
from tournaments.services.tournaments import chunks, play_bot_matches

#: The most games one challenge may ask for (the daily quota bounds them too).
MAX_GAMES = 100
#: The longest seed a game may have (the match's seed field).
MAX_SEED = 200


class QuotaExceeded(ServiceError):
    """More challenge games than the owner's daily quota in the club allows."""

    status = 429
    code = "challenge_quota"


def day_start(now: datetime | None = None) -> datetime:
    """Midnight (UTC) of today: the quota counts the games asked for since."""
    now = now or timezone.now()
    return datetime.combine(now.astimezone(timezone.get_fixed_timezone(0)).date(), time.min,
                            tzinfo=timezone.get_fixed_timezone(0))


def games_today(owner: Any, club: Club) -> int:
    """The challenge and rerun games ``owner`` asked ``club`` for today."""
    asked = Challenge.objects.filter(owner=owner, club=club, created_at__gte=day_start()).values_list("seeds", flat=True)
    return sum(len(seeds) for seeds in asked)


def check_quota(owner: Any, club: Club, wanted: int, field: str) -> None:
    """Refuse (429) a request that would take the owner past the club's daily quota."""
    used = games_today(owner, club)
    quota = club.challenge_quota
    if used + wanted > quota:
        left = max(quota - used, 0)
        message = (f"{club.name} allows {quota} challenge games a day and you have asked for {used} today: "
                   f"{left} left, not {wanted} (the count starts again at midnight UTC)")
        raise QuotaExceeded(message, fields={field: [message]}, quota=quota, used=used)


def game_seeds(seeds: Any = None, seed_base: Any = None, count: Any = None) -> list[str]:
    """The games' seeds: the ones given, or ``count`` seeds derived from ``seed_base``."""
    if seeds not in (None, "", []) and seed_base not in (None, ""):
        raise InvalidInput("give either seeds or a seed range (a base seed and a number of games), not both",
                           fields={"seeds": ["either these"], "seed_base": ["or this"]})
    if seeds not in (None, "", []):
        if not isinstance(seeds, list) or not all(isinstance(seed, str) for seed in seeds):
            raise InvalidInput("the seeds must be a list of texts", fields={"seeds": ["a list of texts"]})
        cleaned = [seed.strip() for seed in seeds]
        for seed in cleaned:
            if not seed or len(seed) > MAX_SEED or "\x00" in seed:
                message = f"each seed must be 1 to {MAX_SEED} characters, not {seed[:30]!r}"
                raise InvalidInput(message, fields={"seeds": [message]})
        if len(cleaned) > MAX_GAMES:
            message = f"a challenge plays at most {MAX_GAMES} games, not {len(cleaned)}"
            raise InvalidInput(message, fields={"seeds": [message]})
        return cleaned
    if not isinstance(seed_base, str) or not seed_base.strip() or len(seed_base) > MAX_SEED or "\x00" in seed_base:
        message = f"give the seeds, or a base seed of 1 to {MAX_SEED} characters and the number of games"
        raise InvalidInput(message, fields={"seed_base": [message]})
    if type(count) is not int or not 1 <= count <= MAX_GAMES:
        message = f"the number of games must be from 1 to {MAX_GAMES}"
        raise InvalidInput(message, fields={"count": [message]})
    return [derive_seed(seed_base.strip(), "challenge", number) for number in range(count)]


def may_face(user: Any, club: Club, version: BotVersion) -> bool:
    """Whether ``user`` may seat ``version`` in a challenge in ``club``: a version of the club
    that is a built-in strategy, one of the user's own, or one of a ladder entry."""
    entry = version.entry
    if entry.player.club_id != club.pk or not visible_clubs(user).filter(pk=club.pk).exists():
        return False
    return not version.uploaded or owns_bot(user, entry) or entry.ladder


def owner_of(user: Any, version: BotVersion, field: str = "version") -> None:
    """Only a signed-in member of the club who owns the version (or staff) challenges with it;
    a version of a club the user may not see is as unknown as a missing one."""
    if not getattr(user, "is_authenticated", False):
        raise Forbidden("sign in to challenge with a bot")
    entry = version.entry
    if not visible_clubs(user).filter(pk=entry.player.club_id).exists():
        raise InvalidInput(f"no bot version {version.pk}", fields={field: [f"no bot version {version.pk}"]})
    if not owns_bot(user, entry):
        raise Forbidden(f"only the owner of {entry.player.name} may challenge with its versions",
                        fields={field: ["not your bot"]})
    if not (user.is_staff or is_member(user, entry.player.club)):
        raise Forbidden(f"only members of {entry.player.club.name} play challenges there")


def checked_options(game_slug: str, options: Any, players: int) -> dict[str, Any]:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidInput("the options must be an object", fields={"options": ["an object"]})
    game = get_game(game_slug)
    try:
        parsed = game.parse_options(options, players)
        game.check_players(parsed, players)
    except GameError as error:
        field = "options" if error.code == "bad_options" else "lineup"
        raise InvalidInput(str(error), code=error.code, fields={field: [str(error)]}) from None
    return parsed


def checked_lineup(user: Any, version: BotVersion, lineup: Sequence[BotVersion | None]) -> list[BotVersion]:
    """The versions in seat order: the owner's version once, every other one the owner may face."""
    if not lineup or any(seat is None for seat in lineup):
        message = "choose a bot version for every seat"
        raise InvalidInput(message, fields={"lineup": [message]})
    if sum(seat.pk == version.pk for seat in lineup) != 1:
        message = f"your version ({version}) must sit in exactly one seat"
        raise InvalidInput(message, fields={"lineup": [message]})
    club = version.entry.player.club
    for index, seat in enumerate(lineup):
        if seat.entry.player.club_id != club.pk:  # named by its id alone: it may be a club one may not see
            message = f"seat {index}: version {seat.pk} is not a bot version of {club.name}"
            raise InvalidInput(message, fields={"lineup": [message]})
        if seat.entry.game != version.entry.game:
            message = f"seat {index}: {seat} plays {seat.entry.game}, not {version.entry.game}"
            raise InvalidInput(message, fields={"lineup": [message]})
        if seat.pk != version.pk and not may_face(user, club, seat):
            message = (f"seat {index}: {seat} is not a version you may challenge (built-in, your own, or a "
                       f"ladder entry of {club.name})")
            raise InvalidInput(message, fields={"lineup": [message]})
    return list(lineup)


@transaction.atomic
def store(*, owner: Any, version: BotVersion, lineup: list[BotVersion], options: dict[str, Any], seeds: list[str],
          field: str, rerun_of: Match | None = None, setup: dict[str, Any] | None = None) -> Challenge:
    """The challenge and its scheduled games, once the quota allows them (the club's row is
    locked, so two requests of one owner are counted in turn)."""
    club = Club.objects.select_for_update().get(pk=version.entry.player.club_id)
    check_quota(owner, club, len(seeds), field)
    if settings.CELERY_TASK_ALWAYS_EAGER:
        check_playable(lineup)  # played here and now: refuse rather than fail at the first game
    challenge = Challenge.objects.create(club=club, owner=owner, game=version.entry.game, version=version,
                                         lineup=[seat.pk for seat in lineup], options=options, seeds=seeds,
                                         rerun_of=rerun_of)
    engine = get_game(challenge.game)
    players = [seat.entry.player for seat in lineup]
    rows = []
    for number, seed in enumerate(seeds):
        game_setup = setup if setup is not None else engine.random_setup(options, len(lineup), derive_rng(seed, "setup"))
        match = Match(club=club, game=challenge.game, options=options, seed=seed, commitment=commitment(seed),
                      status=Match.Status.SCHEDULED, challenge=challenge, rated=False, game_number=number)
        rows.append((match, players, lineup, game_setup))
    insert_matches(rows)
    return challenge


def match_chunks(challenge: Challenge) -> list[list[int]]:
    """The challenge's games in the chunks the workers' ``play_bot_matches`` task takes."""
    return chunks(list(challenge.matches.order_by("game_number").values_list("pk", flat=True)))


def dispatch(challenge: Challenge) -> Challenge:
    """Hand the challenge's games to the workers, in the tournaments' chunks, after the
    commit (here and now without a broker)."""
    parts = match_chunks(challenge)

    def send() -> None:
        for chunk in parts:
            play_bot_matches.delay(chunk)

    if settings.CELERY_TASK_ALWAYS_EAGER:
        send()
        challenge.refresh_from_db()
    else:
        transaction.on_commit(send)
    return challenge


def create_challenge(*, owner: Any, version: BotVersion, lineup: Sequence[BotVersion | None],
                     options: Any = None, seeds: Any = None, seed_base: Any = None, count: Any = None) -> Challenge:
    """Start N unrated games of ``version`` against the other versions of ``lineup`` (seat order)."""
    owner_of(owner, version)
    seats = checked_lineup(owner, version, lineup)
    parsed = checked_options(version.entry.game, options, len(seats))
    chosen = game_seeds(seeds, seed_base, count)
    field = "seeds" if seeds not in (None, "", []) else "count"
    return dispatch(store(owner=owner, version=version, lineup=seats, options=parsed, seeds=chosen, field=field))


def rerun_seats(user: Any, match: Match) -> list[Seat]:
    """The seats of a finished bot match whose entry ``user`` owns: those a rerun may replace."""
    if match.status != Match.Status.FINISHED or not match.seed:
        return []
    seats = list(match.seats.select_related("player__bot_entry", "bot_version").order_by("index"))
    if any(seat.bot_version_id is None for seat in seats):
        return []
    return [seat for seat in seats if owns_bot(user, seat.player.bot_entry)]


def create_rerun(*, owner: Any, match: Match, version: BotVersion, seat: int | None = None) -> Challenge:
    """Replay a finished bot match (its seed, setup, options, the other seats' versions) with
    ``version`` in the seat of its entry: a challenge of one game with ``rerun_of`` set."""
    if not getattr(owner, "is_authenticated", False):
        raise Forbidden("sign in to rerun a match")
    if not visible_matches(owner).filter(pk=match.pk).exists():
        raise Forbidden(f"match #{match.pk} is not one you may see")
    match = Match.objects.select_related("log", "club").get(pk=match.pk)
    if match.status != Match.Status.FINISHED:
        raise InvalidInput(f"match #{match.pk} is not finished: only a finished match is rerun", code="not_finished",
                           fields={"match": ["not finished"]})
    seats = list(match.seats.select_related("player__bot_entry", "bot_version").order_by("index"))
    if not match.seed or any(seat_.bot_version_id is None for seat_ in seats):
        raise InvalidInput(f"match #{match.pk} is not a bot match played from a seed: it cannot be rerun",
                           code="not_a_bot_match", fields={"match": ["not a bot match"]})
    owner_of(owner, version)
    mine = [seat_ for seat_ in seats if seat_.player.bot_entry.pk == version.entry_id]
    if seat is not None:
        mine = [seat_ for seat_ in mine if seat_.index == seat]
    if not mine:
        where = f"seat {seat}" if seat is not None else "any seat"
        message = f"{version.entry.player.name} does not play {where} of match #{match.pk}"
        raise InvalidInput(message, fields={"seat" if seat is not None else "version": [message]})
    lineup = [seat_.bot_version for seat_ in seats]
    lineup[mine[0].index] = version
    return dispatch(store(owner=owner, version=version, lineup=lineup, options=dict(match.options), seeds=[match.seed],
                          field="version", rerun_of=match, setup=dict(match.log.setup)))


def challenge_versions(user: Any, club: Club, game: str) -> list[BotVersion]:
    """Every version ``user`` may seat in a challenge of ``game`` in ``club``, by bot and number."""
    entries = BotEntry.objects.filter(player__club=club, game=game)
    if not getattr(user, "is_staff", False):
        mine = Q(entry__owner=user) if getattr(user, "is_authenticated", False) else Q(pk__in=[])
        entries_filter = Q(kind=BotVersion.Kind.BUILTIN) | mine | Q(entry__ladder=True)
    else:
        entries_filter = Q()
    return list(BotVersion.objects.filter(entry__in=entries).filter(entries_filter)
                .select_related("entry__player").order_by("entry__player__name", "-number"))
