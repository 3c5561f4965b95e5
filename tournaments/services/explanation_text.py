"""The words of a round's explanation: sentences with entrants' names, made only from the
structured data ``formats.explain`` stores (so a page, a sheet and the API say the same)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SEAT = ("first", "second")


def points_text(value: float) -> str:
    """``1½ points``, ``½ point``, ``2 points``."""
    whole, rest = divmod(round(float(value) * 2), 2)
    shown = (f"{whole}½" if whole else "½") if rest else str(whole)
    return f"{shown} point" + ("" if shown in ("1", "½") else "s")


def times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def round_sentences(explanation: dict[str, Any], names: dict[int, str]) -> tuple[list[str], list[list[str]]]:
    """The round's summary sentences, and each pairing's, in the order of its pairings."""
    def name(entrant: Any) -> str:
        return names.get(entrant, f"entrant {entrant}") if entrant is not None else "nobody"

    def listed(entrants: list[Any]) -> str:
        shown = [name(entrant) for entrant in entrants]
        return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" and {shown[-1]}"

    summary: list[str] = []
    groups = explanation.get("groups") or []
    if groups and explanation.get("format") == "swiss":
        summary.append("Score groups: " + "; ".join(f"{points_text(group['points'])}: {listed(group['members'])}"
                                                    for group in groups) + ".")
    schedule = explanation.get("schedule") or {}
    if "berger_round" in schedule:
        cycle = " (second cycle, seats swapped)" if schedule["cycle"] > 1 else ""
        summary.append(f"Round {schedule['berger_round']} of {schedule['of']} of the Berger table{cycle}: "
                       "everyone meets everyone on a schedule fixed by seed.")
    elif "places" in schedule:
        summary.append(f"The seeded bracket has {schedule['places']} places for {schedule['entrants']} entrants.")
    if explanation.get("format") == "tables" and explanation.get("round") == 1:
        summary.append("Round 1 deals the entrants across the tables by seed, back and forth.")
    elif explanation.get("format") == "tables":
        summary.append("Tables are filled in standing order, leaders together, avoiding people who shared a table.")
    if explanation.get("bye"):
        summary.append(_bye(explanation["bye"], name, listed))
    for avoided in explanation.get("rematches_avoided") or []:
        summary.append(f"Rematch avoided: the plain top-half-against-bottom-half order would have paired "
                       f"{listed(avoided['seats'])} again (they met {times(avoided['met'])}).")
    if explanation.get("completion"):
        summary.append(completion_sentence(explanation["completion"]))
    if explanation.get("format") == "swiss":
        count, least = explanation.get("rematches", 0), explanation.get("least_rematches", 0)
        if not count:
            summary.append("No rematch.")
        else:
            summary.append(f"{count} rematch{'es' if count > 1 else ''}: every pairing of this round has at least "
                           f"{least}." if count <= least else f"{count} rematches, where the fewest possible is "
                           f"{least}: the director's changes made the others.")
    changed = sum(entry["changed"] for entry in explanation.get("pairings", []))
    if changed:
        summary.append(f"The director changed {changed} pairing{'s' if changed > 1 else ''}.")
    pairings = [[sentence for reason in entry["reasons"] if (sentence := _reason(reason, entry, name, listed))]
                for entry in explanation.get("pairings", [])]
    return summary, pairings


Namer = Callable[[Any], str]


def _reason(reason: dict[str, Any], entry: dict[str, Any], name: Namer, listed: Callable[[list[Any]], str]) -> str:
    kind = reason.get("kind")
    if kind == "director":
        return "Changed by the director."
    if kind == "same_group":
        return f"Both are on {points_text(reason['points'])}: the same score group."
    if kind == "float":
        return _float(reason, name)
    if kind == "rematch":
        if not reason["met"]:
            return "They have not met before."
        if reason["why"] == "director":
            return f"A rematch (they met {times(reason['met'])}), made by the director."
        return (f"A rematch (they met {times(reason['met'])}): unavoidable, every pairing of this round has "
                f"at least {reason['least']}.")
    if kind == "order":
        return _order(reason, name)
    if kind == "seat":
        return _seat(reason, entry, name)
    if kind == "bye":
        return _bye(reason, name, listed)
    if kind == "table":
        places = ", ".join(str(rank) for rank in reason["ranks"] if rank is not None)
        if reason["method"] == "snake":
            return f"Dealt by seed: this table holds places {places} of the starting order."
        return f"Leaders together: this table holds places {places} in the standings."
    if kind == "co_table":
        if not reason["repeats"]:
            return "Nobody at this table has shared one before."
        return "Shared a table before: " + "; ".join(
            f"{listed(repeat['seats'])} ({times(repeat['times'])})" for repeat in reason["repeats"]) + \
            ", the fewest repeats the tables allow."
    if kind == "first_seat":
        who = name(reason["entrant"])
        return {"owed_most": f"{who} sits first: of this table, {who} is owed the most first seats so far "
                             "(each table of n seats owes each of its players 1/n of one).",
                "drawn": f"{who} sits first: drawn by lot among those at this table owed the most first seats.",
                }.get(reason["why"], f"{who} sits first by the director's change.")
    if kind == "berger":
        numbers = " and ".join(str(number) for number in reason["numbers"])
        return f"Board of round {reason['round']} of {reason['of']} of the Berger table (numbers {numbers})."
    if kind == "bracket":
        where = "losers' bracket" if reason["bracket"] == "losers" else \
            "final" if reason["bracket"] == "final" else "bracket"
        seeds = " and ".join(f"seed {seed}" for seed in reason["seeds"] if seed is not None)
        feeds = reason.get("from_slots") or []
        fed = f", the winners of slots {feeds[0] + 1} and {feeds[1] + 1} of the round before" if feeds else ""
        return f"Slot {reason['slot'] + 1} of the {where} in round {reason['round']}: {seeds}{fed}."
    return ""


def _float(reason: dict[str, Any], name: Namer) -> str:
    down, up = name(reason["down"]), name(reason["up"])
    start = (f"{down} floats down from {points_text(reason['from_points'])} to meet {up} on "
             f"{points_text(reason['to_points'])}")
    why = {
        "odd_group": f"an odd number of entrants was left to pair on {points_text(reason['from_points'])}, "
                     "so one of them meets the next group down",
        "no_unmet_opponent": f"{down} has already met everyone else in the group",
        "seat_clash": f"everyone in the group {down} has not met needs the same seat as {down}",
        "completable": "this keeps the event completable: the rest of the round pairs better this way",
        "director": "the director's change",
    }.get(reason["why"], "")
    return f"{start}: {why}." if why else f"{start}."


def _order(reason: dict[str, Any], name: Namer) -> str:
    higher, natural = name(reason["entrant"]), reason.get("natural_opponent")
    if natural is None:
        start = f"The plain top-half-against-bottom-half order would have given {higher} the bye"
    else:
        start = f"The plain top-half-against-bottom-half order would have paired {higher} with {name(natural)}"
    why = {"rematch": "they have met before", "seat_clash": "both must have the same seat",
           "bye": "the bye follows its own rule", "director": "the director changed it",
           "completable": "this pairing keeps the event completable"}.get(reason["why"], "")
    return f"{start}: {why}." if why else f"{start}."


def _seat(reason: dict[str, Any], entry: dict[str, Any], name: Namer) -> str:
    first = name(reason["first"])
    strength = reason.get("strength")
    if strength == "director":
        return f"{first} has the first seat by the director's change."
    if strength == "fewer_first_seats":
        ours, theirs = reason["counts"]
        return f"{first} has the first seat: fewer games from it so far ({ours} against {theirs})."
    if strength == "better_seed":
        return f"{first} has the first seat: as many games from it as the opponent, and the better seed."
    if strength == "none" or reason.get("by") is None:
        return (f"{first} has the first seat: neither had a seat preference yet, so first seats alternate from "
                "board to board from a drawn start.")
    by = name(reason["by"])
    firsts, seconds, last_two = reason["history"]
    wanted = SEAT[reason["wanted"]]
    if strength == "absolute" and len(last_two) == 2 and last_two[0] == last_two[1]:
        history = f"{by} played the last two games from the {SEAT[last_two[0]]} seat"
    elif strength in ("absolute", "strong"):
        history = f"{by} has played {firsts} game{'s' if firsts != 1 else ''} from the first seat and {seconds} " \
                  "from the second"
    else:
        history = f"{by} had the {SEAT[1 - reason['wanted']]} seat last time, so alternates"
    clash = " Both wanted the same seat: the stronger preference wins, then the higher-ranked entrant's." \
        if reason.get("clash") else ""
    return f"{first} has the first seat: {history}, so {by} takes the {wanted} seat ({strength} preference).{clash}"


def _bye(reason: dict[str, Any], name: Namer, listed: Callable[[list[Any]], str]) -> str:
    who = name(reason["entrant"])
    why = reason.get("why")
    if why == "lowest_without_bye":
        below = reason.get("passed_over") or []
        return f"{who} has the bye: the lowest-ranked entrant without one" + \
            (f" ({listed(below)}, below, already had one)." if below else ".")
    if why == "everyone_had_one":
        return f"{who} has the bye: everyone has had one, so it goes to the lowest-ranked of those with the fewest."
    if why == "avoids_rematch":
        return f"{who} has the bye rather than {name(reason.get('instead_of'))}: giving it lower down would force a rematch."
    if why == "completable":
        return f"{who} has the bye: this keeps the event completable."
    if why == "fewest_byes_lowest":
        return f"{who} sits out: of those with the fewest byes, the lowest-ranked."
    if why == "odd_field":
        return f"{who} has the bye: with an odd number of entrants, the Berger table gives one a bye each round."
    if why == "opponent_withdrawn":
        return f"{who} has the bye: the scheduled opponent, {name(reason.get('opponent'))}, has withdrawn."
    if why == "bracket_place":
        return (f"{who} has the bye: the bracket has {reason['places']} places for {reason['entrants']} entrants, "
                "and the empty places go to the top seeds.")
    if why == "opponent_out":
        return f"{who} has the bye: the opponent in this slot is out of the tournament."
    return f"{who} has the bye, by the director's change."


def completion_sentence(completion: dict[str, Any]) -> str:
    """What the Swiss completion rule found: whether the rounds left (this one included) can
    all be paired with no rematch and no second bye, and the better-ranked pairings it passed over."""
    left, rule, avoided = completion.get("rounds_left", 0), completion.get("rule"), completion.get("avoided", 0)
    rounds = f"{left} round{'s' if left != 1 else ''}"
    if rule == "dirac":
        return (f"With {rounds} left, this one included, every pairing without a rematch still lets the "
                "event finish with no rematch and no second bye.")
    if rule in ("exact", "witness"):
        sentence = f"The {rounds} left, this one included, can all be paired with no rematch and no second bye."
        if avoided:
            sentence += (f" {avoided} better-ranked pairing{'s were' if avoided > 1 else ' was'} passed over: "
                         "each would have left a later round with only rematches or a second bye.")
        return sentence
    if rule == "impossible":
        return (f"No pairing can keep the {rounds} left free of rematches and second byes, so the usual "
                "criteria decided alone.")
    return (f"The field is too large to settle whether the {rounds} left can all be paired without a "
            "rematch, so the usual criteria decided alone.")
