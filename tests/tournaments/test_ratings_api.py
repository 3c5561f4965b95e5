"""The ratings API: leaderboards after a bot tournament of each game, histories read from the
snapshots, a player's ratings, head-to-head records, filters, errors, and the schema."""

from __future__ import annotations

import warnings
from io import StringIO

import pytest
from django.core.management import call_command
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator

from tests.helpers.world import World
from tests.helpers.ratings import finished_match
from tournaments.models import Club, Player, Rating, SeatRating
from tournaments.services.ratings import display

TOURNAMENTS = {
    "leapfrog_race": ["--format", "tables", "--table-size", "3", "--rounds", "2",
                      "--bot", "greedy", "--bot", "random", "--bot", "greedy", "--bot", "random"],
    "measure_and_tempo": ["--format", "round_robin", "--options", '{"target": 3}',
                          "--bot", "greedy", "--bot", "random", "--bot", "random"],
    "froggit": ["--format", "tables", "--table-size", "3", "--rounds", "2", "--options", '{"family": "quick"}',
                "--bot", "greedy", "--bot", "random", "--bot", "greedy", "--bot", "random"],
    "leap_frog": ["--format", "round_robin", "--options", '{"variant": "murray", "rows": 5, "cols": 5}',
                  "--bot", "greedy", "--bot", "random", "--bot", "random"],
}


@pytest.mark.parametrize("game", sorted(TOURNAMENTS))
def test_after_a_rated_bot_tournament_the_api_serves_its_ratings(db: None, client, game: str) -> None:
    Club.objects.create(name="Arena", slug="arena")
    call_command("run_tournament", "--game", game, "--seed", "ratings", "--rated", "--club", "arena",
                 *TOURNAMENTS[game], stdout=StringIO())
    board = client.get(f"/api/ratings/{game}/").json()
    ratings = Rating.objects.filter(game=game)
    assert board["count"] == ratings.count() == Player.objects.filter(kind="bot").count()
    rows = board["results"]
    assert [row["rank"] for row in rows] == list(range(1, len(rows) + 1))
    assert [row["conservative"] for row in rows] == sorted((row["conservative"] for row in rows), reverse=True)
    for row in rows:
        rating = ratings.get(player_id=row["player"])
        assert row["rating"] == round(display(rating.mu), 1) and row["games"] == rating.games > 0
        history = client.get(f"/api/players/{row['player']}/ratings/{game}/history/").json()
        snapshots = SeatRating.objects.filter(player_id=row["player"], game=game).order_by("played_at", "match_id")
        assert history["count"] == rating.games == snapshots.count()
        assert [(point["match"], point["rating"]) for point in history["results"]] == \
            [(snapshot.match_id, round(display(snapshot.mu_after), 1)) for snapshot in snapshots]
        assert history["results"][-1]["rating"] == row["rating"]
        mine = client.get(f"/api/players/{row['player']}/ratings/").json()
        assert [entry["game"] for entry in mine] == [game] and mine[0]["rating"] == row["rating"]


def test_leaderboard_rows_and_player_ratings(world: World, client) -> None:
    finished_match([world.ana, world.ben, world.cy], [1, 2, 2], minutes=1)
    finished_match([world.ana, world.ben], [1, 2], minutes=2)
    board = client.get("/api/ratings/froggit/").json()
    assert [row["name"] for row in board["results"]] == ["Ana", "Cy", "Ben"]
    top = board["results"][0]
    assert set(top) == {"rank", "player", "name", "rating", "deviation", "conservative", "provisional", "games"}
    assert top["provisional"] is True and top["games"] == 2
    [ana] = client.get(f"/api/players/{world.ana.pk}/ratings/").json()
    assert (ana["wins"], ana["losses"], ana["draws"], ana["tables"], ana["average_place"]) == (1, 0, 0, 1, 1.0)
    assert ana["best_rating"] == ana["rating"] and ana["best_match"] is not None and ana["best_at"]
    assert client.get(f"/api/players/{world.dora.pk}/ratings/").json() == []


def test_leaderboard_filters(world: World, client) -> None:
    bot = Player.objects.create(club=world.club, name="Robo", kind=Player.Kind.BOT)
    stranger = Player.objects.create(club=world.other_club, name="Lil")
    finished_match([world.ana, bot], [1, 2], minutes=1)
    finished_match([world.ana, world.ben], [1, 2], minutes=2)
    finished_match([stranger, Player.objects.create(club=world.other_club, name="Pad")], [1, 2], minutes=3)
    names = lambda query: [row["name"] for row in client.get(f"/api/ratings/froggit/?{query}").json()["results"]]  # noqa: E731
    assert names("kind=bot") == ["Robo"]
    assert names("kind=person&club=pond") == ["Ana", "Ben"]
    assert names("min_games=2") == ["Ana"]
    assert names("club=lily") == ["Lil", "Pad"]


@pytest.mark.parametrize("query, field", [("min_games=-1", "min_games"), ("min_games=two", "min_games"),
                                          ("min_games=1.5", "min_games"), ("kind=robot", "kind"),
                                          ("club=nowhere", "club"), ("club=secret", "club")])
def test_bad_filters_answer_400(world: World, client, query: str, field: str) -> None:
    answer = client.get(f"/api/ratings/froggit/?{query}")
    assert answer.status_code == 400
    body = answer.json()
    assert body["code"] == "invalid" and field in body["fields"] and body["message"].startswith(field)


def test_unknown_games_and_players_answer_404(world: World, client) -> None:
    for path in ["/api/ratings/chess/", f"/api/players/{world.ana.pk}/ratings/chess/history/"]:
        answer = client.get(path)
        assert answer.status_code == 404
        assert answer.json() == {"code": "not_found", "message": "no game 'chess'; the games are froggit, leap_frog, "
                                                                 "leapfrog_race, measure_and_tempo"}
    answer = client.get("/api/players/999999/ratings/")
    assert answer.status_code == 404 and answer.json()["code"] == "not_found"


def test_a_private_clubs_ratings_stay_private(world: World, client) -> None:
    hidden = Player.objects.create(club=world.private_club, name="Hush")
    finished_match([world.private_player, hidden], [1, 2], minutes=1)
    assert client.get("/api/ratings/froggit/").json()["count"] == 0
    assert client.get(f"/api/players/{hidden.pk}/ratings/").status_code == 404
    director = world.client(world.director)
    assert director.get("/api/ratings/froggit/").json()["count"] == 2
    assert director.get(f"/api/players/{hidden.pk}/ratings/froggit/history/").json()["count"] == 1


def test_leaderboard_pages_keep_counting_ranks(world: World, client) -> None:
    players = Player.objects.bulk_create(Player(club=world.club, name=f"P{index:02}") for index in range(55))
    Rating.objects.bulk_create(Rating(player=player, game="froggit", mu=30 - index / 10, sigma=5, games=3)
                               for index, player in enumerate(players))
    second = client.get("/api/ratings/froggit/?page=2").json()
    assert [row["rank"] for row in second["results"]] == [51, 52, 53, 54, 55]
    assert [row["name"] for row in second["results"]][0] == "P50"


def test_head_to_head(world: World, client) -> None:
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    finished_match([world.ana, world.ben], [1, 1], minutes=2)
    finished_match([world.ben, world.cy, world.ana], [1, 2, 3], minutes=3)
    finished_match([world.ana, world.ben], [1, 2], minutes=4, game="leapfrog_race")
    finished_match([world.ana, world.cy], [1, 2], minutes=5)
    record = client.get(f"/api/players/{world.ana.pk}/head-to-head/{world.ben.pk}/").json()
    assert (record["matches"], record["wins"], record["losses"], record["draws"]) == (4, 2, 1, 1)
    assert [meeting["game"] for meeting in record["recent"]] == ["leapfrog_race", "froggit", "froggit", "froggit"]
    assert record["recent"][1]["rank"] == 3 and record["recent"][1]["opponent_rank"] == 1
    assert record["recent"][1]["rating_change"] < 0
    froggit = client.get(f"/api/players/{world.ben.pk}/head-to-head/{world.ana.pk}/?game=froggit").json()
    assert (froggit["game"], froggit["matches"], froggit["wins"], froggit["losses"]) == ("froggit", 3, 1, 1)
    answer = client.get(f"/api/players/{world.ana.pk}/head-to-head/{world.ben.pk}/?game=chess")
    assert answer.status_code == 400 and answer.json()["fields"]["game"]
    answer = client.get(f"/api/players/{world.ana.pk}/head-to-head/{world.ana.pk}/")
    assert answer.status_code == 400 and "itself" in answer.json()["message"]


RATING_PATHS = ["/api/ratings/{game}/", "/api/players/{player_id}/ratings/",
                "/api/players/{player_id}/ratings/{game}/history/",
                "/api/players/{player_id}/head-to-head/{opponent_id}/"]


def test_the_schema_documents_the_rating_endpoints_without_warnings(db: None, client) -> None:
    GENERATOR_STATS.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        schema = SchemaGenerator().get_schema(request=None, public=True)
    assert not GENERATOR_STATS, f"schema warnings: {GENERATOR_STATS}"
    for path in RATING_PATHS:
        operation = schema["paths"][path]["get"]
        assert operation["tags"] == ["ratings"] and operation["description"]
        assert "200" in operation["responses"]
    board = schema["paths"]["/api/ratings/{game}/"]["get"]
    assert {parameter["name"] for parameter in board["parameters"]} >= {"game", "club", "kind", "min_games", "page"}
    served = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert served.status_code == 200 and "/api/ratings/{game}/" in served.json()["paths"]
