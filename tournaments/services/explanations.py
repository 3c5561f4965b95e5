"""Every proposed and published round carries why its pairings are what they are
(``Round.explanation``): computed when a round is proposed, again when a director changes it
(the changed pairings marked as the director's) and when it is published.

The stored explanation is the structured data of ``formats.explain`` (entrant ids), with the
pairings as first proposed under ``"proposed"``, so that later changes can be told apart. The
words, with names, are made from it on reading (:func:`with_text`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from tournaments import formats
from tournaments.formats.explain import explain
from tournaments.formats.swiss import Swiss
from tournaments.models import Round, Tournament
from tournaments.services.explanation_text import round_sentences
from tournaments.services.registration import tournament_format
from tournaments.services.seating import parse_games
from tournaments.services.standings import active_entrants, outcomes


@dataclasses.dataclass(frozen=True)
class Reading:
    """What a round is paired from, as :func:`tournaments.advance` read it just before: the
    format, the active entrants and the decided games (so that explaining the round it paired
    reads none of them again)."""

    fmt: formats.Format
    active: list[int]
    decided: list[formats.Outcome]


def compute(tournament: Tournament, number: int, games: Sequence[formats.Fixture],
            proposed: Sequence[formats.Fixture] | None = None, reading: Reading | None = None) -> dict[str, Any]:
    """The explanation of round ``number``'s ``games`` from the results before it; with
    ``proposed``, the pairings that differ from it are the director's. ``reading``: the
    tournament as the caller read it in this transaction, instead of reading it again."""
    fmt = reading.fmt if reading else tournament_format(tournament)
    active = list(reading.active) if reading else active_entrants(tournament)
    seated = {entrant for game in games for entrant in game.seats}
    active = [*active, *sorted(seated - set(active))]  # an entrant withdrawn since, still seated
    # One read of the results, for the ledger and the Swiss decision.
    decided = reading.decided if reading else outcomes(tournament)
    ledger = fmt.ledger(decided, active, before=number)  # the one the round was paired from, not built again
    found = explain(fmt.settings, ledger, active, list(games), proposed)
    if isinstance(fmt, Swiss) and games:
        decision = fmt.decide_round(number, decided, active)
        found["completion"] = {"rule": decision.completion, "rounds_left": decision.rounds_left,
                               "avoided": len(decision.avoided)}
    original = proposed if proposed is not None else games
    found["proposed"] = [{"bracket": game.bracket, "seats": list(game.seats), "bye": game.bye}
                         for game in original if game.number == 0]
    return found


def first_proposal(round_: Round) -> list[formats.Fixture] | None:
    stored = (round_.explanation or {}).get("proposed")
    if not isinstance(stored, list):
        return None
    return [formats.Fixture(round=round_.number, seats=tuple(game["seats"]), bye=game["bye"], pairing=index,
                            bracket=game["bracket"]) for index, game in enumerate(stored)]


def record_proposal(tournament: Tournament, round_: Round, *, fresh: bool) -> None:
    """Explain a proposed round as it now stands: ``fresh`` when the format just paired it,
    otherwise after a director's change, against the pairings first proposed."""
    games = parse_games(round_.number, round_.proposal)
    round_.explanation = compute(tournament, round_.number, games, None if fresh else first_proposal(round_))
    round_.save(update_fields=["explanation"])


def record_published(tournament: Tournament, round_: Round, games: Sequence[formats.Fixture],
                     reading: Reading | None = None) -> None:
    """Explain a round as published: against its proposal when a director proposed it first
    (a bot tournament's rounds are published as the format paired them)."""
    proposed = first_proposal(round_)
    round_.explanation = compute(tournament, round_.number, games, proposed, reading)
    round_.save(update_fields=["explanation"])


def names_of(tournament: Tournament) -> dict[int, str]:
    return {entrant.pk: entrant.player.name for entrant in tournament.entrants.select_related("player")}


def with_text(explanation: dict[str, Any] | None, names: dict[int, str]) -> dict[str, Any] | None:
    """The stored explanation with its sentences: ``text`` for the round, and per pairing."""
    if not explanation or "pairings" not in explanation:
        return None
    summary, per_pairing = round_sentences(explanation, names)
    shown = {key: value for key, value in explanation.items() if key != "proposed"}
    shown["text"] = summary
    shown["pairings"] = [entry | {"text": text} for entry, text in zip(explanation["pairings"], per_pairing)]
    return shown


def pairing_reasons(shown: dict[str, Any] | None) -> dict[tuple[str, int], list[str]]:
    """Per pairing of an explanation :func:`with_text` gave, keyed (bracket, pairing), its
    sentences: what a round's page shows under "Why?"."""
    if shown is None:
        return {}
    return {(entry["bracket"], entry["pairing"]): entry["text"] for entry in shown["pairings"]}
