"""Check-in before every round, the round's times, and what happens to who does not come.

Round 1 uses the tournament's check-in at registration (``registration.set_checked_in``: who
has not checked in is left out at the start). Rounds 2 and later, where the tournament asks
for it (``Tournament.round_check_in``), open their check-in once the round before is complete
(every game finished) and close it when the round is paired. The round's row is created
then, proposed with no games (an empty proposal), to carry its times and check-ins.

Pairing the round is refused before its check-in deadline. After it, whoever has not checked
in is a no-show: ``zero_bye`` leaves them out of the pairing and gives them an absence (a
zero-point bye, ``Bye.Kind.ABSENT``) when the round is published; ``withdraw`` withdraws them
after the round before.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import dateparse, timezone

from tournaments import cache, formats
from tournaments.errors import Conflict, InvalidInput, Missing
from tournaments.models import Bye, Entrant, Match, Round, RoundCheckIn, Tournament
from tournaments.selectors import role_in
from tournaments.services import registration
from tournaments.services.results import record_absence
from tournaments.services.standings import active_entrants

#: The formats whose rounds are paired afresh each round: the only ones a no-show can sit out.
CHECK_IN_FORMATS = (Tournament.Format.SWISS, Tournament.Format.TABLES)
TIME_FIELDS = ("starts_at", "check_in_deadline", "deadline")


def check_round_check_in_allowed(*, bots: bool, format: str, round_check_in: bool) -> None:
    """Refuse per-round check-in where it cannot apply: bot tournaments, fixed schedules."""
    if not round_check_in:
        return
    if bots:
        message = "bots do not check in: a bot tournament plays every round at once"
        raise InvalidInput(message, code="no_check_in", fields={"round_check_in": [message]})
    if format not in CHECK_IN_FORMATS:
        message = "check-in before every round needs a format paired round by round (Swiss or tables)"
        raise InvalidInput(message, code="no_check_in", fields={"round_check_in": [message]})


def unpaired(round_: Round | None) -> bool:
    """A round not paired yet: no row, or a proposed row with no games."""
    return round_ is None or (round_.status == Round.Status.PROPOSED and not round_.proposal)


def has_open_games(tournament: Tournament) -> bool:
    return tournament.matches.filter(status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS]).exists()


def open_round(tournament: Tournament) -> int | None:
    """The round whose check-in is open now, or ``None``: the round after the current one,
    once the current one is complete, while it is not yet paired."""
    if not tournament.round_check_in or tournament.bots or tournament.status != Tournament.Status.RUNNING:
        return None
    number = tournament.current_round + 1
    if tournament.current_round < 1 or (tournament.total_rounds and number > tournament.total_rounds):
        return None
    if has_open_games(tournament) or not unpaired(tournament.rounds.filter(number=number).first()):
        return None
    return number


def check_ins_due(user: Any) -> list[dict[str, Any]]:
    """The account's entrants not yet checked in for a round whose check-in is open now (its
    profile lists them): each with its tournament, the round and the deadline."""
    if not getattr(user, "is_authenticated", False):
        return []
    due = []
    running = Tournament.objects.filter(status=Tournament.Status.RUNNING, round_check_in=True, bots=False,
                                        entrants__player__user=user, entrants__withdrawn=False).distinct()
    for tournament in running.order_by("pk"):
        number = open_round(tournament)
        if number is None or role_in(user, tournament.club) is None:
            continue
        round_ = tournament.rounds.filter(number=number).first()
        present = checked_in_ids(round_)
        for entrant in registration.own_entrants(tournament, user).filter(withdrawn=False):
            if entrant.pk not in present:
                due.append({"tournament": tournament, "round": number, "entrant": entrant,
                            "deadline": round_.check_in_deadline if round_ else None})
    return due


def upcoming(tournament: Tournament, number: int) -> Round:
    """Round ``number``'s row, created proposed with no games if it has none yet."""
    round_, _ = Round.objects.get_or_create(tournament=tournament, number=number,
                                            defaults={"status": Round.Status.PROPOSED, "proposal": []})
    return round_


def locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def when(value: datetime) -> str:
    return timezone.localtime(value).strftime("%H:%M")


@transaction.atomic
def check_in(entrant: Entrant, *, at_desk: bool = False) -> RoundCheckIn:
    """Check an entrant in for the round whose check-in is open; again is a no-op. From the
    entrant's own phone, only until the deadline; at the director's desk, until the round is paired."""
    tournament = locked(entrant.tournament)
    entrant.refresh_from_db()
    if not tournament.round_check_in:
        raise Conflict("this tournament does not ask for check-in before each round", code="no_check_in")
    if entrant.withdrawn:
        raise Conflict(f"{entrant.player.name} has withdrawn", code="withdrawn")
    number = open_round(tournament)
    if number is None:
        raise Conflict("no round's check-in is open: it opens once the current round is complete",
                       code="check_in_closed")
    round_ = upcoming(tournament, number)
    now = timezone.now()
    if not at_desk and round_.check_in_deadline is not None and now >= round_.check_in_deadline:
        raise Conflict(f"check-in for round {number} closed at {when(round_.check_in_deadline)}: ask a director",
                       code="check_in_closed")
    found, _ = RoundCheckIn.objects.get_or_create(round=round_, entrant=entrant)
    cache.forget(tournament=tournament.pk)
    return found


@transaction.atomic
def check_in_self(tournament: Tournament, user: Any, entrant: Entrant) -> RoundCheckIn:
    """A member checks their own entrant in for the next round."""
    if entrant.tournament_id != tournament.pk:
        raise InvalidInput("no such entrant in this tournament", fields={"entrant": ["unknown"]})
    registration.check_self_service(tournament, user, entrant.player)
    return check_in(entrant)


def checked_in_ids(round_: Round | None) -> set[int]:
    return set() if round_ is None else set(round_.check_ins.values_list("entrant_id", flat=True))


def parse_when(value: Any, field: str) -> datetime | None:
    """A time from a form, the API (ISO 8601) or a caller: aware, in the site's zone if none is given."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        try:
            parsed = dateparse.parse_datetime(value.strip())
        except ValueError:
            parsed = None
        if parsed is None:
            message = f"{value[:40]!r} is not a date and time (use 2026-05-01T19:30)"
            raise InvalidInput(message, fields={field: [message]})
        value = parsed
    if not isinstance(value, datetime):
        message = "a date and time, such as 2026-05-01T19:30"
        raise InvalidInput(message, fields={field: [message]})
    return timezone.make_aware(value) if timezone.is_naive(value) else value


@transaction.atomic
def set_round_times(tournament: Tournament, *, number: Any, **times: Any) -> Round:
    """Set (or clear, with ``None``) a round's start, check-in deadline and deadline. The round
    is the next one to pair or one already published; the check-in deadline only while its
    check-in is not closed by pairing."""
    tournament = locked(tournament)
    unknown = sorted(set(times) - set(TIME_FIELDS))
    if unknown:
        raise InvalidInput(f"a round has no time {unknown[0]!r}", fields={unknown[0]: ["unknown"]})
    if tournament.bots or tournament.status != Tournament.Status.RUNNING:
        raise Conflict("round times are set on a running tournament of people", code="not_running")
    if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= tournament.current_round + 1 \
            or (tournament.total_rounds and number > tournament.total_rounds):
        raise Missing(f"the tournament has no round {number} to set times for", code="no_such_round")
    values = {field: parse_when(value, field) for field, value in times.items()}
    round_ = upcoming(tournament, number)
    if "check_in_deadline" in values:
        if not tournament.round_check_in:
            message = "this tournament does not ask for check-in before each round"
            raise InvalidInput(message, code="no_check_in", fields={"check_in_deadline": [message]})
        if number == 1:
            message = "round 1's check-in is the one at registration"
            raise InvalidInput(message, code="no_check_in", fields={"check_in_deadline": [message]})
        if not unpaired(round_):
            message = f"round {number} is paired: its check-in is closed"
            raise Conflict(message, code="check_in_closed", fields={"check_in_deadline": [message]})
    for field, value in values.items():
        setattr(round_, field, value)
    round_.save(update_fields=list(values))
    cache.forget(tournament=tournament.pk)
    return round_


def close_check_in(tournament: Tournament, number: int) -> list[int]:
    """Called when round ``number`` is paired: refused while its check-in is open; afterwards
    the no-shows get the tournament's treatment. Answers the entrants left out of the pairing."""
    if not tournament.round_check_in or tournament.bots or number < 2:
        return []
    round_ = tournament.rounds.filter(number=number).first()
    deadline = round_.check_in_deadline if round_ is not None else None
    if deadline is None:
        raise Conflict(f"set round {number}'s check-in deadline first (it may be now)", code="check_in_open")
    if timezone.now() < deadline:
        raise Conflict(f"check-in for round {number} is open until {when(deadline)}: pair the round after it, "
                       "or close check-in now", code="check_in_open")
    present = checked_in_ids(round_)
    missing = [entrant for entrant in active_entrants(tournament) if entrant not in present]
    if tournament.no_show == Tournament.NoShow.WITHDRAW:
        for entrant in Entrant.objects.filter(pk__in=missing):
            registration.withdraw(entrant)
        cache.forget(tournament=tournament.pk)
    return missing


def absentees(tournament: Tournament, number: int) -> list[int]:
    """The active entrants who sit round ``number`` out, not having checked in (its check-in
    closed: the round is being paired or published)."""
    if not tournament.round_check_in or tournament.bots or number < 2 \
            or tournament.no_show != Tournament.NoShow.ZERO_BYE:
        return []
    present = checked_in_ids(tournament.rounds.filter(number=number).first())
    return [entrant for entrant in active_entrants(tournament) if entrant not in present]


def playing(tournament: Tournament, number: int) -> list[int]:
    """The active entrants round ``number`` seats: everyone active but its absentees."""
    away = set(absentees(tournament, number))
    return [entrant for entrant in active_entrants(tournament) if entrant not in away]


def record_absences(tournament: Tournament, round_: Round, entrants: list[int], first_pairing: int) -> None:
    """Store the round's absences, numbered after its games."""
    for offset, entrant in enumerate(entrants):
        Bye.objects.get_or_create(tournament=tournament, round=round_, entrant_id=entrant, bracket="",
                                  defaults={"pairing": first_pairing + offset, "kind": Bye.Kind.ABSENT})


@transaction.atomic
def forfeit_unfinished(tournament: Tournament, *, number: Any) -> list[Match]:
    """After a round's deadline, every game of it not finished is forfeited by both seats (each
    loses, the match is not rated), the reason naming the deadline. Refused before it."""
    tournament = locked(tournament)
    if tournament.bots:
        raise Conflict("a bot tournament's games are played by the workers", code="bots")
    round_ = tournament.rounds.filter(number=number).first() if isinstance(number, int) else None
    if round_ is None or round_.status == Round.Status.PROPOSED:
        raise Missing(f"the tournament has no published round {number}")
    if round_.deadline is None:
        raise Conflict(f"round {number} has no deadline", code="no_deadline")
    if timezone.now() < round_.deadline:
        raise Conflict(f"round {number}'s deadline is {when(round_.deadline)}: its games may still finish",
                       code="before_deadline")
    unfinished = list(round_.matches.filter(status__in=[Match.Status.SCHEDULED, Match.Status.IN_PROGRESS])
                      .order_by("pairing", "game_number"))
    if any(match.seats.count() > 2 for match in unfinished):
        raise Conflict("a table's game cannot be forfeited by every seat: record its forfeits one by one",
                       code="table_game")
    reason = f"not finished by the round's deadline {when(round_.deadline)}"
    done = [record_absence(match, seats=[0, 1], reason=reason) for match in unfinished]
    cache.forget(tournament=tournament.pk)
    return done


def pair_without_no_shows(tournament: Tournament, fmt: formats.Format, decided: list[formats.Outcome],
                          games: list[formats.Fixture]) -> list[formats.Fixture]:
    """A new round of a tournament asking for check-in: refused while it is open; then paired
    again without the no-shows if there are any (:func:`close_check_in`)."""
    number = games[0].round
    left_out = close_check_in(tournament, number)
    if not left_out:
        return games
    present = playing(tournament, number)
    games = fmt.next_games(decided, present) if len(present) >= 2 else []
    if not games or games[0].round != number:
        raise Conflict(f"only {len(present)} entrants checked in for round {number}: too few to pair",
                       code="too_few_checked_in")
    return games
