"""Why a Swiss round is paired the way it is, in the terms of ``formats/swiss.py``'s criteria:
score groups, floats and why, rematches (avoided, or why not), the bye and why this entrant,
and who has the first seat and which preference decided it.

The explanation is read off the round as paired; the criteria are re-applied here only to
name the reason (this module repeats none of the search: the pairing is what it is).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tournaments.formats.ledger import Ledger
from tournaments.formats.matching import max_weight_matching
from tournaments.formats.model import Entrant, Fixture
from tournaments.formats.swiss import ABSOLUTE, MILD, NONE, STRONG, SeatPreference

STRENGTH = {ABSOLUTE: "absolute", STRONG: "strong", MILD: "mild", NONE: "none"}

#: Why an entrant floated out of its score group.
ODD_GROUP, NO_UNMET, SEAT_CLASH, COMPLETABLE, DIRECTOR = (
    "odd_group", "no_unmet_opponent", "seat_clash", "completable", "director")


def number(value: Fraction | float) -> int | float:
    """Points as JSON writes them: whole numbers as integers."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)


def standing_order(ledger: Ledger, active: Sequence[Entrant]) -> list[Entrant]:
    """Active entrants by points, then seeding: the order the round-by-round formats pair in."""
    return sorted(active, key=lambda entrant: (-ledger.points[entrant], ledger.seed_rank.get(entrant, len(active))))


def score_groups(ledger: Ledger, order: list[Entrant]) -> list[dict[str, Any]]:
    levels = sorted({ledger.points[entrant] for entrant in order}, reverse=True)
    return [{"points": number(level), "members": [entrant for entrant in order if ledger.points[entrant] == level]}
            for level in levels]


def natural_pairs(ledger: Ledger, order: list[Entrant]) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
    """The Dutch order with no other criterion: each score group (with the one floater from
    above first) top half against bottom half; an odd group's lowest floats down; the lowest
    entrant left over has the bye."""
    groups = score_groups(ledger, order)
    pairs: list[tuple[Entrant, Entrant]] = []
    carry: list[Entrant] = []
    bye = None
    for index, group in enumerate(groups):
        members = carry + group["members"]
        carry = []
        if len(members) % 2:
            if index == len(groups) - 1:
                bye = members.pop()
            else:
                carry = [members.pop()]
        half = len(members) // 2
        pairs += list(zip(members[:half], members[half:]))
    return pairs, bye


def fewest_rematches(ledger: Ledger, order: list[Entrant], bye: Entrant | None = None) -> int:
    """The fewest rematches any pairing of ``order`` has, a second bye avoided first as the
    Swiss avoids it (with ``bye``, that entrant sits out)."""
    players = [entrant for entrant in order if entrant != bye]
    vertices = len(players) + len(players) % 2
    if vertices < 2:
        return 0
    worst = max([ledger.meetings[frozenset((a, b))] for i, a in enumerate(players) for b in players[i + 1:]] or [0])
    bye_scale = (vertices // 2) * worst + 1
    ceiling = bye_scale * (max(ledger.byes.values(), default=0) + 1) + worst + 1
    weights: list[list[int | None]] = [[None] * vertices for _ in range(vertices)]
    for i in range(vertices):
        for j in range(i + 1, vertices):
            if j == len(players):
                cost = bye_scale * ledger.byes[players[i]]
            else:
                cost = ledger.meetings[frozenset((players[i], players[j]))]
            weights[i][j] = weights[j][i] = ceiling - cost
    mate = max_weight_matching(weights)
    return sum(ledger.meetings[frozenset((players[i], players[mate[i]]))]
               for i in range(len(players)) if i < mate[i] < len(players))


def explain_swiss(ledger: Ledger, active: Sequence[Entrant], games: list[Fixture],
                  changed: set[int]) -> dict[str, Any]:
    """The Swiss explanation of a round: its summary and, per pairing, its reasons."""
    order = standing_order(ledger, active)
    rank = {entrant: position for position, entrant in enumerate(order)}
    points = ledger.points
    levels = sorted({points[entrant] for entrant in order}, reverse=True)
    level = {entrant: levels.index(points[entrant]) for entrant in order}
    pairs = [game for game in games if not game.bye and len(game.seats) == 2]
    bye_game = next((game for game in games if game.bye), None)
    bye = bye_game.seats[0] if bye_game is not None else None
    natural, natural_bye = natural_pairs(ledger, order)
    partner = {a: b for a, b in natural} | {b: a for a, b in natural}
    actual = {frozenset(game.seats) for game in pairs}
    floats = _float_reasons(ledger, order, level, pairs, bye, changed)
    rematches = [game for game in pairs if ledger.meetings[frozenset(game.seats)]]
    least = fewest_rematches(ledger, order)
    entries = []
    for game in pairs:
        higher, lower = sorted(game.seats, key=rank.__getitem__)
        reasons: list[dict[str, Any]] = []
        if level[higher] == level[lower]:
            reasons.append({"kind": "same_group", "points": number(points[higher])})
        else:
            reasons.append({"kind": "float", "down": higher, "up": lower, "from_points": number(points[higher]),
                            "to_points": number(points[lower]), "why": floats[game.pairing]})
        met = ledger.meetings[frozenset(game.seats)]
        reasons.append({"kind": "rematch", "met": met, "least": least,
                        "why": (DIRECTOR if game.pairing in changed else "unavoidable") if met else ""})
        if frozenset(game.seats) not in {frozenset(pair) for pair in natural}:
            reasons.append(_off_order(ledger, higher, partner.get(higher), natural_bye, game.pairing in changed))
        reasons.append(_seat_reason(ledger, higher, lower, game, game.pairing in changed))
        entries.append({"pairing": game.pairing, "bracket": game.bracket, "seats": list(game.seats), "bye": False,
                        "changed": game.pairing in changed, "reasons": reasons})
    bye_reason = None
    if bye_game is not None:
        bye_reason = _bye_reason(ledger, order, bye, bye_game.pairing in changed)
        entries.append({"pairing": bye_game.pairing, "bracket": bye_game.bracket, "seats": [bye], "bye": True,
                        "changed": bye_game.pairing in changed, "reasons": [bye_reason]})
    avoided = [{"seats": list(pair), "met": ledger.meetings[frozenset(pair)]} for pair in natural
               if ledger.meetings[frozenset(pair)] and frozenset(pair) not in actual]
    return {"groups": score_groups(ledger, order), "bye": bye_reason, "rematches": len(rematches),
            "least_rematches": least, "rematches_avoided": avoided, "pairings": entries}


def _float_reasons(ledger: Ledger, order: list[Entrant], level: dict[Entrant, int], pairs: list[Fixture],
                   bye: Entrant | None, changed: set[int]) -> dict[int, str]:
    """Per pairing across score groups, why its higher entrant floated down."""
    rank = {entrant: position for position, entrant in enumerate(order)}
    reasons: dict[int, str] = {}
    for group in sorted(set(level.values())):
        members = [entrant for entrant in order if level[entrant] == group]
        incoming = sum(1 for game in pairs if _split(game, rank, level) and level[_lower(game, rank)] == group)
        outgoing = sorted((game for game in pairs if _split(game, rank, level) and level[_higher(game, rank)] == group),
                          key=lambda game: -rank[_higher(game, rank)])  # the lowest-ranked floater first
        odd = (len(members) - incoming - (bye in members)) % 2
        for game in outgoing:
            floater = _higher(game, rank)
            if game.pairing in changed:
                reasons[game.pairing] = DIRECTOR
                continue
            others = [entrant for entrant in members if entrant != floater]
            unmet = [entrant for entrant in others if not ledger.meetings[frozenset((floater, entrant))]]
            mine = SeatPreference.from_history(ledger.first_seats(floater))
            if odd:
                reasons[game.pairing] = ODD_GROUP
                odd = 0
            elif not unmet:
                reasons[game.pairing] = NO_UNMET
            elif mine.strength == ABSOLUTE and all(
                    (theirs := SeatPreference.from_history(ledger.first_seats(entrant))).strength == ABSOLUTE
                    and mine.clashes_with(theirs) for entrant in unmet):
                reasons[game.pairing] = SEAT_CLASH
            else:
                reasons[game.pairing] = COMPLETABLE
    return reasons


def _higher(game: Fixture, rank: dict[Entrant, int]) -> Entrant:
    return min(game.seats, key=rank.__getitem__)


def _lower(game: Fixture, rank: dict[Entrant, int]) -> Entrant:
    return max(game.seats, key=rank.__getitem__)


def _split(game: Fixture, rank: dict[Entrant, int], level: dict[Entrant, int]) -> bool:
    return level[_higher(game, rank)] != level[_lower(game, rank)]


def _off_order(ledger: Ledger, higher: Entrant, natural: Entrant | None, natural_bye: Entrant | None,
               changed: bool) -> dict[str, Any]:
    """Why a pairing is not the one the plain Dutch order gives its higher-ranked entrant."""
    if changed:
        why = DIRECTOR
    elif natural is None:
        why = "bye" if higher == natural_bye else COMPLETABLE
    elif ledger.meetings[frozenset((higher, natural))]:
        why = "rematch"
    elif (mine := SeatPreference.from_history(ledger.first_seats(higher))).strength == ABSOLUTE and (
            theirs := SeatPreference.from_history(ledger.first_seats(natural))).strength == ABSOLUTE \
            and mine.clashes_with(theirs):
        why = SEAT_CLASH
    else:
        why = COMPLETABLE
    return {"kind": "order", "entrant": higher, "natural_opponent": natural, "why": why}


def _seat_reason(ledger: Ledger, higher: Entrant, lower: Entrant, game: Fixture, changed: bool) -> dict[str, Any]:
    """Who has the first seat and the preference that decided it, as ``swiss._seat`` decides."""
    mine = SeatPreference.from_history(ledger.first_seats(higher))
    theirs = SeatPreference.from_history(ledger.first_seats(lower))
    if mine.seat is not None and (not mine.clashes_with(theirs) or mine.strength >= theirs.strength):
        by, preference = higher, mine
    elif theirs.seat is not None:
        by, preference = lower, theirs
    else:
        by, preference = None, SeatPreference(None, NONE)
    first = game.seats[0]
    if by is not None:
        expected = by if preference.seat == 0 else (lower if by == higher else higher)
        if changed and expected != first:
            return {"kind": "seat", "first": first, "by": None, "strength": DIRECTOR, "wanted": None,
                    "history": [], "clash": False}
    history = ledger.first_seats(by) if by is not None else []
    return {"kind": "seat", "first": first, "by": by, "strength": STRENGTH[preference.strength],
            "wanted": preference.seat, "history": [history.count(0), history.count(1), list(history[-2:])],
            "clash": mine.clashes_with(theirs)}


def _bye_reason(ledger: Ledger, order: list[Entrant], bye: Entrant, changed: bool) -> dict[str, Any]:
    """Why this entrant has the bye: the lowest-ranked without one, everyone had one, or a
    rematch avoided by giving it higher up."""
    below = order[order.index(bye) + 1:]
    passed_over = [entrant for entrant in below if ledger.byes[entrant]]
    reason: dict[str, Any] = {"kind": "bye", "entrant": bye, "byes_before": ledger.byes[bye],
                              "passed_over": passed_over, "instead_of": None}
    if changed:
        reason["why"] = DIRECTOR
    elif ledger.byes[bye]:
        reason["why"] = "everyone_had_one" if all(ledger.byes[entrant] for entrant in order) else COMPLETABLE
    elif len(passed_over) == len(below):
        reason["why"] = "lowest_without_bye"
    else:
        candidate = next(entrant for entrant in reversed(order) if not ledger.byes[entrant])
        reason["instead_of"] = candidate
        avoids = fewest_rematches(ledger, order, bye=candidate) > fewest_rematches(ledger, order, bye=bye)
        reason["why"] = "avoids_rematch" if avoids else COMPLETABLE
    return reason
