"""A tournament's results as the formats read them: its decided games, its standings and its
crosstable, recomputed from the stored matches (the same on every run)."""

from __future__ import annotations

from typing import Any

from tournaments import formats
from tournaments.models import Bye, Match, Seat, Tournament
from tournaments.services.progress import settings_of
from tournaments.services.registration import entrant_order

#: Each tie-break as the standings' column heads name it (on the page and in the CSV).
TIEBREAK_NAMES = {"buchholz": "Buchholz", "buchholz_cut1": "Buchholz cut 1",
                  "sonneborn_berger": "Sonneborn-Berger", "head_to_head": "head to head", "wins": "wins",
                  "game_score": "game score"}

def outcomes(tournament: Tournament) -> list[formats.Outcome]:
    """Every decided game of the tournament, as the formats library reads it."""
    entrant_of = dict(tournament.entrants.order_by().values_list("player_id", "pk"))
    decided = []
    # Two plain queries of the columns needed (no model instances, no JSON decoded, no join
    # for the seats' default ordering): a tournament can hold thousands of matches.
    finished = Match.objects.filter(tournament=tournament, status=Match.Status.FINISHED)
    seats_of: dict[int, list[tuple[int, int, int | None, float | None, str]]] = {}
    for row in (Seat.objects.filter(match__in=finished.values("pk")).order_by()
                .values_list("match_id", "index", "player_id", "rank", "score", "forfeit_reason")):
        seats_of.setdefault(row[0], []).append(row[1:])
    matches = finished.order_by("round__number", "pairing", "game_number", "pk").values_list(
        "pk", "round__number", "pairing", "game_number", "bracket")
    for match_id, number, pairing, game_number, bracket in matches:
        seats = sorted(seats_of.get(match_id, ()))
        game = formats.Fixture(round=number, seats=tuple(entrant_of[seat[1]] for seat in seats),
                            pairing=pairing, number=game_number, bracket=bracket)
        decided.append(formats.Outcome(game=game, ranks=tuple(seat[2] for seat in seats),
                                       scores=tuple(seat[3] for seat in seats),
                                       forfeited=tuple(bool(seat[4]) for seat in seats)))
    # The byes' columns alone too: their rounds' rows carry each round's explanation, whose
    # JSON would be decoded for every bye.
    byes = tournament.byes.order_by("round__number", "bracket", "pairing").values_list(
        "round__number", "entrant_id", "pairing", "bracket", "kind")
    for number, entrant, pairing, bracket, kind in byes:
        game = formats.Fixture(round=number, seats=(entrant,), bye=True, pairing=pairing, bracket=bracket,
                               absent=kind == Bye.Kind.ABSENT)
        decided.append(formats.Outcome(game=game, ranks=(1,), scores=(0,)))
    return sorted(decided, key=lambda outcome: (outcome.game.round, outcome.game.bracket, outcome.game.pairing,
                                                outcome.game.number))


def active_entrants(tournament: Tournament) -> list[int]:
    return list(tournament.entrants.filter(withdrawn=False).order_by("seed").values_list("pk", flat=True))


def compute_standings(tournament: Tournament, decided: list[formats.Outcome] | None = None) -> list[dict[str, Any]]:
    """The standings, recomputed from the stored matches (identical on every run);
    ``decided`` spares reading the outcomes again when the caller has them."""
    entrants = entrant_order(tournament)
    names = {entrant.pk: entrant.player.name for entrant in entrants}
    withdrawn = [entrant.pk for entrant in entrants if entrant.withdrawn]
    rows = formats.standings(settings_of(tournament), [entrant.pk for entrant in entrants],
                             outcomes(tournament) if decided is None else decided, withdrawn)
    return [{"rank": row.rank, "entrant": names[row.entrant], "entrant_id": row.entrant, "points": row.points,
             "tiebreaks": dict(row.tiebreaks), "played": row.played, "wins": row.wins, "draws": row.draws,
            "losses": row.losses, "byes": row.byes, "absences": row.absences, "first_seat": row.first_seat,
            "withdrawn": row.withdrawn}
            for row in rows]


def crosstable(tournament: Tournament, decided: list[formats.Outcome] | None = None) -> dict[str, Any]:
    """``decided``: as in :func:`compute_standings`."""
    entrants = entrant_order(tournament)
    table = formats.crosstable(settings_of(tournament), [entrant.pk for entrant in entrants],
                               outcomes(tournament) if decided is None else decided)
    return {"entrants": [{"id": entrant.pk, "name": entrant.player.name} for entrant in entrants],
            "rows": {str(row): {str(column): points for column, points in columns.items()}
                     for row, columns in table.items()}}
