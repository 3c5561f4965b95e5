"""Why a round's pairings are what they are, for every format, as plain JSON-able data.

A director asks "why am I playing her again?"; the answer is read off the round's fixtures
and the ledger of the rounds before it: Swiss score groups, floats, rematches, the bye and the
seats (``explain_swiss``); the tables' standing order, repeated co-tables and the first seat;
the round robin's Berger round; the elimination bracket's slots and seeds. Entrants are ids:
the words with names come later, from this data alone.

The shape, for every format::

    {"format": ..., "round": r, "groups": [{"points": p, "members": [ids]}] (Swiss, tables),
     "bye": {...} or None, "rematches_avoided": [...] (Swiss), "schedule": {...} (round robin,
     elimination), "changed": bool,
     "pairings": [{"pairing": i, "bracket": b, "seats": [ids], "bye": bool, "changed": bool,
                   "reasons": [{"kind": ..., ...}, ...]}, ...]}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tournaments.formats.elimination import bracket_order
from tournaments.formats.explain_swiss import (
    DIRECTOR,
    explain_swiss,
    number,
    score_groups,
    standing_order,
)
from tournaments.formats.ledger import Ledger
from tournaments.formats.model import (
    DOUBLE_ROUND_ROBIN,
    ELIMINATION_FORMATS,
    LOSERS,
    ROUND_ROBIN,
    SWISS,
    TABLES,
    Entrant,
    Fixture,
    Settings,
)
from tournaments.formats.round_robin import berger_round
from tournaments.formats.tables import SeatHistory

Key = tuple[str, int]


def changed_pairings(games: Sequence[Fixture], proposed: Sequence[Fixture] | None) -> set[Key]:
    """The pairings of ``games`` that are not among the ``proposed`` ones (a director's change)."""
    if proposed is None:
        return set()
    original = {(game.bracket, tuple(game.seats), game.bye) for game in proposed if game.number == 0}
    return {(game.bracket, game.pairing) for game in games
            if game.number == 0 and (game.bracket, tuple(game.seats), game.bye) not in original}


def explain(settings: Settings, ledger: Ledger, active: Sequence[Entrant], games: Sequence[Fixture],
            proposed: Sequence[Fixture] | None = None) -> dict[str, Any]:
    """The explanation of a round's ``games`` (its first games; further best-of games and
    replays add nothing), paired from ``ledger``. With ``proposed``, the pairings that differ
    from it are marked as changed by the director."""
    firsts = [game for game in games if game.number == 0]
    changed = changed_pairings(firsts, proposed)
    round_number = firsts[0].round if firsts else 0
    base: dict[str, Any] = {"format": settings.format, "round": round_number, "groups": [], "bye": None,
                            "rematches_avoided": [], "schedule": None, "changed": bool(changed)}
    if settings.format == SWISS:
        found = explain_swiss(ledger, active, firsts, {pairing for _, pairing in changed})
    elif settings.format == TABLES:
        found = _tables(ledger, active, firsts, changed, round_number)
    elif settings.format in (ROUND_ROBIN, DOUBLE_ROUND_ROBIN):
        found = _round_robin(settings, ledger, firsts, changed, round_number)
    elif settings.format in ELIMINATION_FORMATS:
        found = _elimination(ledger, firsts, changed, round_number)
    else:
        found = {"pairings": []}
    for entry in found["pairings"]:
        if entry["changed"]:
            entry["reasons"].insert(0, {"kind": DIRECTOR})
    return base | found


def _entry(game: Fixture, changed: set[Key], reasons: list[dict[str, Any]]) -> dict[str, Any]:
    return {"pairing": game.pairing, "bracket": game.bracket, "seats": list(game.seats), "bye": game.bye,
            "changed": (game.bracket, game.pairing) in changed, "reasons": reasons}


def _seeding(ledger: Ledger) -> list[Entrant]:
    return sorted(ledger.seed_rank, key=ledger.seed_rank.__getitem__)


# -- tables -----------------------------------------------------------------------------------------

def _tables(ledger: Ledger, active: Sequence[Entrant], games: list[Fixture], changed: set[Key],
            round: int) -> dict[str, Any]:
    """Tables in standing order (by seed, dealt like a snake, in round 1), the pairs at a table
    who shared one before, and who sits first: whoever is owed most of a first seat
    (``tables.SeatHistory``: each table of n seats owes each of its players 1/n of one)."""
    order = standing_order(ledger, active)
    rank = {entrant: position + 1 for position, entrant in enumerate(order)}
    history = SeatHistory(ledger, max((len(game.seats) for game in games), default=2))
    entries = []
    bye = None
    for game in games:
        if game.bye:
            entrant = game.seats[0]
            bye = {"kind": "bye", "entrant": entrant, "byes_before": ledger.byes[entrant],
                   "why": DIRECTOR if (game.bracket, game.pairing) in changed else "fewest_byes_lowest"}
            entries.append(_entry(game, changed, [bye]))
            continue
        due = {entrant: (history.owed(entrant), -history.firsts[entrant]) for entrant in game.seats}
        tied = [entrant for entrant in game.seats if due[entrant] == max(due.values())]
        first = game.seats[0]
        if first not in tied:
            why = DIRECTOR
        else:
            why = "owed_most" if len(tied) == 1 else "drawn"
        repeats = [{"seats": [one, other], "times": ledger.meetings[frozenset((one, other))]}
                   for index, one in enumerate(game.seats) for other in game.seats[index + 1:]
                   if ledger.meetings[frozenset((one, other))]]
        entries.append(_entry(game, changed, [
            {"kind": "table", "method": "snake" if round == 1 else "standing",
             "ranks": [rank.get(entrant) for entrant in game.seats]},
            {"kind": "co_table", "repeats": repeats},
            {"kind": "first_seat", "entrant": first, "owed": number(history.owed(first)), "why": why},
        ]))
    return {"groups": score_groups(ledger, order), "bye": bye, "pairings": entries}


# -- round robin ------------------------------------------------------------------------------------

def _round_robin(settings: Settings, ledger: Ledger, games: list[Fixture], changed: set[Key],
                 round: int) -> dict[str, Any]:
    """Round k of the Berger table of n rounds: each board is the table's, seats swapped in a
    double round robin's second cycle; a bye meets the dummy of an odd field, or a withdrawn opponent."""
    entrants = _seeding(ledger)
    players = len(entrants) + len(entrants) % 2
    cycle, index = divmod(round - 1, players - 1) if round else (0, 0)
    boards = berger_round(players, index)
    schedule = {"berger_round": index + 1, "of": players - 1, "cycle": cycle + 1,
                "cycles": 2 if settings.format == DOUBLE_ROUND_ROBIN else 1, "players": len(entrants)}
    entries = []
    bye = None
    for game in games:
        numbers = list(boards[game.pairing]) if game.pairing < len(boards) else []
        reasons: list[dict[str, Any]] = [{"kind": "berger", "round": index + 1, "of": players - 1,
                                          "cycle": cycle + 1, "numbers": [n + 1 for n in numbers]}]
        if game.bye:
            others = [entrants[n] if n < len(entrants) else None for n in numbers]
            opponent = next((other for other in others if other != game.seats[0]), None)
            bye = {"kind": "bye", "entrant": game.seats[0], "byes_before": ledger.byes[game.seats[0]],
                   "why": "odd_field" if opponent is None else "opponent_withdrawn", "opponent": opponent}
            reasons.append(bye)
        entries.append(_entry(game, changed, reasons))
    return {"schedule": schedule, "bye": bye, "pairings": entries}


# -- elimination ------------------------------------------------------------------------------------

def _elimination(ledger: Ledger, games: list[Fixture], changed: set[Key], round: int) -> dict[str, Any]:
    """Each game's bracket slot and its entrants' seeds; round 1 pairs the seeded bracket (seed
    1 against the last), a bye is a place the bracket has beyond the entrants (or an opponent
    who is out); seat 0 goes to who has played fewer games from it, then the better seed."""
    entrants = _seeding(ledger)
    size = 1 << max(1, (len(entrants) - 1).bit_length())
    order = bracket_order(size)
    seat_zero = ledger.seat_zero_games()
    seed = {entrant: ledger.seed_rank[entrant] + 1 for entrant in entrants}
    entries = []
    byes = []
    for game in games:
        reasons: list[dict[str, Any]] = [{"kind": "bracket", "bracket": game.bracket, "slot": game.pairing,
                                          "round": round, "seeds": [seed.get(entrant) for entrant in game.seats],
                                          "from_slots": [] if round == 1 or game.bracket == LOSERS
                                          else [2 * game.pairing, 2 * game.pairing + 1]}]
        if game.bye:
            first_round = round == 1 and game.bracket != LOSERS
            slot = order[2 * game.pairing:2 * game.pairing + 2] if first_round else []
            empty = any(number_ >= len(entrants) for number_ in slot)
            bye = {"kind": "bye", "entrant": game.seats[0], "byes_before": ledger.byes[game.seats[0]],
                   "why": "bracket_place" if empty else "opponent_out", "places": size, "entrants": len(entrants)}
            byes.append(bye)
            reasons.append(bye)
        elif len(game.seats) == 2:
            first, second = game.seats
            expected = min(game.seats, key=lambda entrant: (seat_zero[entrant], ledger.seed_rank[entrant]))
            if expected != first:
                why = DIRECTOR
            else:
                why = "fewer_first_seats" if seat_zero[first] != seat_zero[second] else "better_seed"
            reasons.append({"kind": "seat", "first": first, "by": first, "strength": why,
                            "counts": [seat_zero[first], seat_zero[second]]})
        entries.append(_entry(game, changed, reasons))
    schedule = {"places": size, "entrants": len(entrants), "round": round}
    return {"schedule": schedule, "bye": byes[0] if len(byes) == 1 else None, "byes": byes, "pairings": entries}
