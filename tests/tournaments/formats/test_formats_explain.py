"""Why a round is paired so, for every format, from hand-made ledgers: a float because of an
odd group, a rematch avoided, the bye to the lowest-ranked without one, a seat decided by an
absolute preference, the tables' first seat, the Berger round, the bracket's byes, a director's
change; and, over many seeded tournaments, an explanation of every round that names every
pairing once."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import Fixture, Outcome, Settings, make_format
from tournaments.formats.explain import explain
from tournaments.services.explanation_text import round_sentences

NAMES = {1: "Ana", 2: "Ben", 3: "Cy", 4: "Dora", 5: "Eve", 6: "Fay", 7: "Gus"}


def won(round: int, pairing: int, winner: int, loser: int) -> Outcome:
    return Outcome(Fixture(round=round, seats=(winner, loser), pairing=pairing), (1, 2), (1.0, 0.0))


def drew(round: int, pairing: int, first: int, second: int) -> Outcome:
    return Outcome(Fixture(round=round, seats=(first, second), pairing=pairing), (1, 1), (0.0, 0.0))


def bye(round: int, pairing: int, entrant: int) -> Outcome:
    return Outcome(Fixture(round=round, seats=(entrant,), bye=True, pairing=pairing), (1,), (0.0,))


def explained(rules: Settings, entrants: list[int], outcomes: list[Outcome], round: int,
              active: list[int] | None = None) -> tuple[dict, list[Fixture]]:
    """The format's own pairing of ``round`` and its explanation."""
    active = entrants if active is None else active
    games = make_format(rules, entrants, "explain").propose_round(round, outcomes, active)
    ledger = make_format(rules, entrants, "explain").ledger(outcomes, active, before=round)
    found = explain(rules, ledger, active, games)
    json.dumps(found)  # plain JSON, entrant ids only
    return found, games


def reason(entry: dict, kind: str) -> dict:
    return next(item for item in entry["reasons"] if item["kind"] == kind)


def test_an_odd_score_group_floats_one_entrant_down() -> None:
    rules = Settings("swiss", rounds=3)
    outcomes = [won(1, 0, 1, 3), won(1, 1, 2, 4), bye(1, 2, 5)]  # Ana, Ben, Eve on 1; Cy, Dora on 0
    found, _ = explained(rules, [1, 2, 3, 4, 5], outcomes, 2)
    assert found["groups"] == [{"points": 1, "members": [1, 2, 5]}, {"points": 0, "members": [3, 4]}]
    floats = [reason(entry, "float") for entry in found["pairings"]
              if any(item["kind"] == "float" for item in entry["reasons"])]
    assert len(floats) == 1 and floats[0]["why"] == "odd_group"
    assert floats[0]["from_points"] == 1 and floats[0]["to_points"] == 0
    summary, pairings = round_sentences(found, NAMES)
    assert "Score groups: 1 point: Ana, Ben and Eve; 0 points: Cy and Dora." in summary
    assert any("an odd number of entrants was left to pair on 1 point" in line for lines in pairings for line in lines)


def test_a_rematch_the_plain_order_would_make_is_avoided_and_named() -> None:
    rules = Settings("swiss", rounds=3)
    outcomes = [won(1, 0, 1, 3), won(1, 1, 2, 4), drew(2, 0, 1, 2), drew(2, 1, 3, 4)]
    found, games = explained(rules, [1, 2, 3, 4], outcomes, 3)
    assert {frozenset(game.seats) for game in games if not game.bye} == {frozenset((1, 4)), frozenset((2, 3))}
    assert found["rematches_avoided"] == [{"seats": [1, 2], "met": 1}, {"seats": [3, 4], "met": 1}]
    assert found["rematches"] == found["least_rematches"] == 0
    top = next(entry for entry in found["pairings"] if 1 in entry["seats"])
    assert reason(top, "float")["why"] == "no_unmet_opponent"
    assert reason(top, "order") == {"kind": "order", "entrant": 1, "natural_opponent": 2, "why": "rematch"}
    summary, pairings = round_sentences(found, NAMES)
    assert any(line.startswith("Rematch avoided") and "Ana and Ben" in line for line in summary)
    assert "Ana has already met everyone else in the group" in " ".join(pairings[found["pairings"].index(top)])


def test_the_bye_goes_to_the_lowest_ranked_entrant_without_one() -> None:
    rules = Settings("swiss", rounds=3, bye=0.0)
    outcomes = [won(1, 0, 1, 2), won(1, 1, 3, 4), bye(1, 2, 5)]  # Eve's bye scored nothing: she is last
    found, games = explained(rules, [1, 2, 3, 4, 5], outcomes, 2)
    assert next(game for game in games if game.bye).seats == (4,)
    assert found["bye"] == {"kind": "bye", "entrant": 4, "byes_before": 0, "passed_over": [5], "instead_of": None,
                            "why": "lowest_without_bye"}
    summary, _ = round_sentences(found, NAMES)
    assert "Dora has the bye: the lowest-ranked entrant without one (Eve, below, already had one)." in summary


def test_when_everyone_had_a_bye_the_bye_says_so() -> None:
    rules = Settings("swiss", rounds=4)
    outcomes = [won(1, 0, 1, 2), bye(1, 1, 3), won(2, 0, 3, 1), bye(2, 1, 2), won(3, 0, 2, 3), bye(3, 1, 1)]
    found, _ = explained(rules, [1, 2, 3], outcomes, 4)
    assert found["bye"]["why"] == "everyone_had_one" and found["bye"]["byes_before"] == 1


def test_an_absolute_seat_preference_decides_the_first_seat_and_an_unavoidable_rematch_is_said_so() -> None:
    rules = Settings("swiss", rounds=3)
    outcomes = [drew(1, 0, 2, 1), drew(2, 0, 2, 1)]  # Ana had the second seat twice running
    found, games = explained(rules, [1, 2], outcomes, 3)
    assert games[0].seats == (1, 2)
    [entry] = found["pairings"]
    assert reason(entry, "seat") == {"kind": "seat", "first": 1, "by": 1, "strength": "absolute", "wanted": 0,
                                     "history": [0, 2, [1, 1]], "clash": False}
    assert reason(entry, "rematch") == {"kind": "rematch", "met": 2, "least": 2, "why": "unavoidable"}
    _, [lines] = round_sentences(found, NAMES)
    assert ("Ana has the first seat: Ana played the last two games from the second seat, so Ana takes the first "
            "seat (absolute preference).") in lines
    assert any("unavoidable" in line for line in lines)


def test_a_directors_change_is_marked_on_the_pairings_it_changed() -> None:
    rules = Settings("swiss", rounds=3)
    outcomes = [won(1, 0, 1, 3), won(1, 1, 2, 4)]
    entrants = [1, 2, 3, 4]
    proposed = make_format(rules, entrants, "explain").propose_round(2, outcomes, entrants)
    changed = [Fixture(round=2, seats=(1, 3), pairing=0), Fixture(round=2, seats=(2, 4), pairing=1)]
    found = explain(rules, make_format(rules, entrants, "explain").ledger(outcomes, entrants, before=2), entrants, changed, proposed)
    assert found["changed"] and all(entry["changed"] for entry in found["pairings"])
    for entry in found["pairings"]:
        assert entry["reasons"][0] == {"kind": "director"}
        assert reason(entry, "rematch")["why"] == "director"
    summary, pairings = round_sentences(found, NAMES)
    assert "The director changed 2 pairings." in summary and pairings[0][0] == "Changed by the director."
    unchanged = explain(rules, make_format(rules, entrants, "explain").ledger(outcomes, entrants, before=2), entrants, proposed, proposed)
    assert not unchanged["changed"]


def test_tables_say_their_standing_places_repeats_and_who_rotated_into_the_first_seat() -> None:
    rules = Settings("tables", min_seats=3, max_seats=3, rounds=2)
    entrants = [1, 2, 3, 4, 5, 6]
    first = make_format(rules, entrants, "explain").propose_round(1, [], entrants)
    outcomes = [Outcome(game, (1, 2, 3), (3.0, 2.0, 1.0)) for game in first]
    found, games = explained(rules, entrants, outcomes, 2)
    ledger = make_format(rules, entrants, "explain").ledger(outcomes, entrants, before=2)
    for entry, game in zip(found["pairings"], games):
        assert reason(entry, "table")["method"] == "standing"
        repeats = reason(entry, "co_table")["repeats"]
        assert all(ledger.meetings[frozenset(repeat["seats"])] == repeat["times"] for repeat in repeats)
        seat = reason(entry, "first_seat")
        assert seat["entrant"] == game.seats[0] and seat["why"] in ("owed_most", "drawn")
        # round 1 sat everyone at a table of three, which owed each a third of a first seat:
        # whoever sat first is owed -2/3 now, the others 1/3; one of those sits first.
        firsts = {one.seats[0] for one in first}
        owed = {entrant: (1 / 3 - (entrant in firsts)) for entrant in game.seats}
        assert seat["owed"] == pytest.approx(owed[game.seats[0]]) and owed[game.seats[0]] == max(owed.values())
        assert (seat["why"] == "drawn") == (list(owed.values()).count(max(owed.values())) > 1)
    round_one, _ = explained(rules, entrants, [], 1)
    assert all(reason(entry, "table")["method"] == "snake" for entry in round_one["pairings"])
    summary, _ = round_sentences(round_one, NAMES)
    assert summary == ["Round 1 deals the entrants across the tables by seed, back and forth."]


def test_a_round_robin_round_is_its_berger_round_and_says_why_a_bye() -> None:
    rules = Settings("round_robin")
    found, _ = explained(rules, [1, 2, 3, 4, 5], [], 2)
    assert found["schedule"] == {"berger_round": 2, "of": 5, "cycle": 1, "cycles": 1, "players": 5}
    assert found["bye"]["why"] == "odd_field"
    without_ben, _ = explained(rules, [1, 2, 3, 4, 5], [], 2, active=[1, 3, 4, 5])
    byes = [reason(entry, "bye") for entry in without_ben["pairings"] if entry["bye"]]
    assert {item["why"] for item in byes} == {"odd_field", "opponent_withdrawn"}
    assert next(item for item in byes if item["why"] == "opponent_withdrawn")["opponent"] == 2
    summary, _ = round_sentences(found, NAMES)
    assert summary[0].startswith("Round 2 of 5 of the Berger table")


def test_an_elimination_round_names_slots_seeds_and_the_brackets_byes() -> None:
    rules = Settings("single_elimination")
    found, _ = explained(rules, [1, 2, 3, 4, 5, 6], [], 1)
    assert found["schedule"] == {"places": 8, "entrants": 6, "round": 1}
    byes = {item["entrant"]: item["why"] for item in found["byes"]}
    assert byes == {1: "bracket_place", 2: "bracket_place"}
    game = next(entry for entry in found["pairings"] if not entry["bye"])
    assert sorted(reason(game, "bracket")["seeds"]) in ([4, 5], [3, 6])
    assert reason(game, "seat")["strength"] == "better_seed"
    summary, pairings = round_sentences(found, NAMES)
    assert "The seeded bracket has 8 places for 6 entrants." in summary
    assert any("the empty places go to the top seeds" in line for lines in pairings for line in lines)


FORMATS = [Settings("swiss", rounds=4), Settings("tables", min_seats=3, max_seats=4, rounds=3),
           Settings("round_robin"), Settings("double_round_robin"), Settings("single_elimination"),
           Settings("double_elimination", best_of=3)]


def play(game: Fixture, rng: random.Random) -> Outcome:
    if game.bye:
        return Outcome(game, (1,), (0.0,))
    ranks = list(range(1, len(game.seats) + 1))
    rng.shuffle(ranks)
    if len(ranks) == 2 and rng.random() < 0.2:
        ranks = [1, 1]
    return Outcome(game, tuple(ranks), tuple(0.0 for _ in ranks))


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.sampled_from(FORMATS), st.integers(3, 9), st.integers(0, 10**6))
def test_every_round_of_every_format_is_explained_pairing_by_pairing(rules: Settings, count: int, seed: int) -> None:
    entrants = list(range(1, count + 1))
    fmt = make_format(rules, entrants, str(seed))
    rng = random.Random(seed)
    outcomes: list[Outcome] = []
    for _ in range(30):
        games = fmt.next_games(outcomes, entrants)
        if not games:
            break
        round = games[0].round
        found = explain(rules, make_format(rules, entrants, "explain").ledger(outcomes, entrants, before=round), entrants, games)
        json.dumps(found)
        firsts = [game for game in games if game.number == 0]
        assert [entry["seats"] for entry in found["pairings"]] == [list(game.seats) for game in firsts]
        _, pairings = round_sentences(found, NAMES)
        assert all(lines and all(isinstance(line, str) and line for line in lines) for lines in pairings)
        if rules.format == "swiss":  # the Swiss never makes a rematch it can avoid
            assert found["rematches"] == found["least_rematches"]
        outcomes += [play(game, rng) for game in games]


def test_pairing_a_round_and_explaining_it_build_one_ledger(monkeypatch: pytest.MonkeyPatch) -> None:
    """The format answers its last ledger again for the same outcomes, seeding and
    withdrawals, and builds another when any of them differs: the same answers either way."""
    from tournaments.formats import base, ledger

    built: list[object] = []
    real = ledger.Ledger.__init__

    def counting(self: ledger.Ledger, *args: object, **kwargs: object) -> None:
        built.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(base.Ledger, "__init__", counting)
    rules = Settings(format="swiss", rounds=3)
    entrants = [1, 2, 3, 4, 5, 6]
    outcomes = [won(1, 0, 1, 2), won(1, 1, 3, 4), drew(1, 2, 5, 6)]
    fmt = make_format(rules, entrants, "ledger")
    games = fmt.next_games(outcomes, entrants)
    count = len(built)
    explain(rules, fmt.ledger(outcomes, entrants, before=2), entrants, games)
    assert len(built) == count, "the explanation reads the ledger the round was paired from"
    assert fmt.ledger(list(outcomes), entrants) is fmt.ledger(outcomes, entrants)
    fewer = fmt.ledger(outcomes, [1, 2, 3, 4, 5])  # 6 withdrew
    assert len(built) == count + 1 and fewer.withdrawn == {6}
    earlier = fmt.ledger(outcomes, entrants, before=1)
    assert earlier.pairings == [] and fmt.ledger(outcomes, entrants).points[1] == 1
