"""Backups: `export_logs` then `import_logs` carries a whole club across (every game, bot
tournaments, people's matches, forfeits, unfinished games), re-verifying every match on the
way in, and the copy has the same matches and the same ratings."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

from django.core.management import call_command

from tests.helpers.world import World
from tournaments.models import Club, Match
from tournaments.selectors import leaderboard
from tournaments.services import matches as match_services
from tournaments.services import tournaments as tournament_services
from tournaments.services.bots import builtin_player

PLANS = {"leapfrog_race": ["greedy", "random", "random"], "measure_and_tempo": ["greedy", "random"],
         "froggit": ["greedy", "random", "random"], "leap_frog": ["greedy", "random"]}


def bot_tournaments(club: Club) -> None:
    for game, strategies in PLANS.items():
        tournament = tournament_services.create_tournament(club=club, name=f"{game} cup", game=game,
                                                           format="round_robin", bots=True, seed=f"backup-{game}")
        for number, strategy in enumerate(strategies):
            tournament_services.register(tournament, builtin_player(club, game, f"{game}-{strategy}-{number}",
                                                                    strategy))
        tournament_services.start(tournament)
        while matches := tournament_services.advance(tournament.pk):
            for match in matches:
                tournament_services.play_scheduled(match.pk)


def people_matches(world: World) -> None:
    live = match_services.create_match(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                                       draw_setup=True, seed="live")
    forfeited = match_services.create_match(club=world.club, game="froggit", players=[world.cy, world.dora, world.eve],
                                            draw_setup=True, seed="forfeit")
    match_services.record_forfeit(forfeited, seat=1, reason="went home")
    void = match_services.create_match(club=world.club, game="leap_frog", players=[world.ana, world.fay],
                                       draw_setup=True, seed="void")
    match_services.void_match(void)
    assert live.status == Match.Status.IN_PROGRESS


def summary(club: Club) -> list[dict[str, Any]]:
    rows = []
    for match in Match.objects.filter(club=club).exclude(status=Match.Status.VOID).select_related(
            "log", "tournament").order_by("played_at", "pk"):
        rows.append({"game": match.game, "options": match.options, "status": match.status, "rated": match.rated,
                     "played_at": match.played_at, "setup": match.log.setup, "moves": match.log.moves,
                     "forfeits": match.log.forfeits, "result": match.result, "seed": match.seed,
                     "commitment": match.commitment,
                     "tournament": match.tournament.name if match.tournament else None,
                     "seats": [(seat.player.name, seat.player.kind, seat.rank, seat.score, seat.forfeit_reason)
                               for seat in match.seats.select_related("player").order_by("index")]})
    return rows


def test_a_whole_club_round_trips_through_export_and_import(world: World, tmp_path: Path) -> None:
    bot_tournaments(world.club)
    people_matches(world)
    original = summary(world.club)
    assert len(original) == 3 + 1 + 3 + 1 + 2 and {row["game"] for row in original} == set(PLANS)
    assert any(row["forfeits"] for row in original) and any(row["status"] == "in_progress" for row in original)

    out = StringIO()
    call_command("export_logs", "--club", "pond", "--out", str(tmp_path / "backup"), stdout=out)
    restored = Club.objects.create(name="Restored", slug="restored")
    out = StringIO()
    call_command("import_logs", "--club", "restored", "--create-players", str(tmp_path / "backup"), stdout=out)
    assert f"{len(original)} stored, 0 refused" in out.getvalue()
    assert summary(restored) == original
    assert all(match_services.reverify(match)["valid"] for match in Match.objects.filter(club=restored))
    for game in PLANS:
        def board(club: Club) -> list[tuple[str, float, float, int]]:
            return [(rating.player.name, rating.mu, rating.sigma, rating.games)
                    for rating in leaderboard(game, club=club)]

        assert board(restored) == board(world.club) and board(restored)
