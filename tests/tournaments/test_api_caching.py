"""Cached API answers (a game's leaderboard, a tournament's standings, a match's log): the
request after a write shows it, an ETag answers 304 until something changes, and the queries
a request makes stay bounded whatever the number of matches."""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tests.helpers import needs_postgresql
from tests.helpers.world import World
from tests.helpers.ratings import correct, finished_match
from tests.helpers.matches import finish_by_hand
from tournaments.api import etags
from tournaments.cache import remember
from tournaments.models import Match, Player, Tournament
from tournaments.selectors import leaderboard, visible_clubs
from tournaments.services import matches as match_services
from tournaments.services import tournaments as tournament_services
from tournaments.services.ratings import CONSERVATIVE_DEVIATIONS


@pytest.fixture(autouse=True)
def empty_cache(settings: Any) -> Iterator[None]:
    """The answers cached in this process's memory: one process, so every write reaches them."""
    settings.API_CACHE = True
    cache.clear()
    yield
    cache.clear()


def test_without_a_shared_cache_answers_are_computed_each_time(world: World, settings: Any) -> None:
    settings.API_CACHE = False
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    client = world.client(None)
    assert "ETag" not in client.get("/api/ratings/froggit/")
    assert queries(client, "/api/ratings/froggit/")[0] >= 2


def queries(client: APIClient, path: str, **headers: str) -> tuple[int, object]:
    """The number of SQL queries a GET makes, and its response."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path, **headers)
    assert response.status_code in (200, 304), response.content
    return len(captured), response


def round_robin(world: World, players: list[Player]) -> tuple[Tournament, APIClient]:
    """A running round robin of ``players`` with its first round published."""
    client = world.client(world.director)
    answer = client.post("/api/tournaments/", {"club": "pond", "name": "Cached", "game": "leapfrog_race",
                                               "format": "round_robin"}, format="json")
    tournament_id = answer.json()["id"]
    for player in players:
        client.post(f"/api/tournaments/{tournament_id}/entrants/", {"player": player.pk}, format="json")
    assert client.post(f"/api/tournaments/{tournament_id}/start/").status_code == 200
    assert client.post(f"/api/tournaments/{tournament_id}/publish/", {}, format="json").status_code == 200
    return Tournament.objects.get(pk=tournament_id), client


def played(standings: list[dict]) -> int:
    return sum(row["played"] for row in standings)


# -- standings ---------------------------------------------------------------------------------------

def test_standings_show_a_new_result_at_the_next_request(world: World) -> None:
    tournament, client = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    path = f"/api/tournaments/{tournament.pk}/standings/"
    first = client.get(path)
    assert played(first.json()) == 0 and client.get(path).json() == first.json()  # the second from the cache
    match = tournament.matches.order_by("pk").first()
    finish_by_hand(match)
    assert played(client.get(path).json()) == 2
    match_services.void_match(match)
    assert played(client.get(path).json()) == 0


def test_standings_follow_entrants_names_and_corrections(world: World) -> None:
    tournament, client = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    path = f"/api/tournaments/{tournament.pk}/standings/"
    match = tournament.matches.order_by("pk").first()
    finish_by_hand(match)
    winner = next(row for row in client.get(path).json() if row["wins"])
    player = tournament.entrants.get(pk=winner["entrant_id"]).player
    player.name = "Renamed"
    player.save()
    assert "Renamed" in [row["entrant"] for row in client.get(path).json()]
    correct(match, list(reversed([seat.rank for seat in match.seats.order_by("index")])))  # seats saved one by one
    assert next(row for row in client.get(path).json() if row["entrant_id"] == winner["entrant_id"])["wins"] == 0
    entrant = tournament.entrants.exclude(pk=winner["entrant_id"]).first()
    tournament_services.withdraw(entrant)
    assert next(row for row in client.get(path).json() if row["entrant_id"] == entrant.pk)["withdrawn"] is True


def test_standings_etag_answers_304_until_a_result_changes_them(world: World) -> None:
    tournament, client = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    path = f"/api/tournaments/{tournament.pk}/standings/"
    first = client.get(path)
    etag = first["ETag"]
    assert "no-cache" in first["Cache-Control"]
    unchanged = client.get(path, HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and not unchanged.content and unchanged["ETag"] == etag
    finish_by_hand(tournament.matches.order_by("pk").first())
    changed = client.get(path, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag and played(changed.json()) == 2


def test_standings_queries_do_not_grow_with_the_matches(world: World) -> None:
    small, client = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    big, _ = round_robin(world, [world.ana, world.ben, world.cy, world.dora, world.eve, world.fay])
    for tournament in (small, big):
        for match in tournament.matches.all():
            finish_by_hand(match)
    anonymous = world.client(None)
    cold = [queries(anonymous, f"/api/tournaments/{tournament.pk}/standings/")[0] for tournament in (small, big)]
    warm = [queries(anonymous, f"/api/tournaments/{tournament.pk}/standings/")[0] for tournament in (small, big)]
    assert big.matches.count() > small.matches.count()
    assert cold[0] == cold[1] <= 8
    assert warm == [0, 0]  # stored for the public, and still the public's to read


@pytest.mark.parametrize("accept", ["gzip", "br, gzip;q=0.5", "*"])
def test_a_long_answer_is_cached_compressed_and_sent_so_where_accepted(world: World, accept: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Compressed once when computed: a client that accepts gzip gets the stored bytes (with an
    ETag of their own), any other the same JSON decompressed; a write still shows at once."""
    monkeypatch.setattr(etags, "COMPRESS_BYTES", 200)  # four entrants' standings are about 1 kB
    tournament, client = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    path = f"/api/tournaments/{tournament.pk}/standings/"
    plain = client.get(path)
    assert "Content-Encoding" not in plain and "Accept-Encoding" in plain["Vary"]
    packed = client.get(path, HTTP_ACCEPT_ENCODING=accept)
    assert packed["Content-Encoding"] == "gzip" and gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content)
    assert packed["ETag"] == plain["ETag"][:-1] + '-gzip"'
    assert client.get(path, HTTP_ACCEPT_ENCODING=accept, HTTP_IF_NONE_MATCH=packed["ETag"]).status_code == 304
    assert client.get(path, HTTP_IF_NONE_MATCH=plain["ETag"]).status_code == 304
    finish_by_hand(tournament.matches.order_by("pk").first())
    changed = client.get(path, HTTP_ACCEPT_ENCODING=accept, HTTP_IF_NONE_MATCH=packed["ETag"])
    assert changed.status_code == 200 and played(json.loads(gzip.decompress(changed.content))) == 2


@pytest.mark.parametrize("accept", ["", "identity", "gzip;q=0", "deflate, br"])
def test_a_compressed_answer_goes_plain_to_clients_that_refuse_gzip(world: World, accept: str,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(etags, "COMPRESS_BYTES", 200)
    tournament, client = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    path = f"/api/tournaments/{tournament.pk}/standings/"
    first = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
    answer = client.get(path, HTTP_ACCEPT_ENCODING=accept)
    assert "Content-Encoding" not in answer and answer.content == gzip.decompress(first.content)
    assert played(answer.json()) == 0


def test_a_short_answer_is_cached_as_it_is_sent(world: World) -> None:
    tournament, client = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    answer = client.get(f"/api/tournaments/{tournament.pk}/standings/", HTTP_ACCEPT_ENCODING="gzip")
    assert len(answer.content) < etags.COMPRESS_BYTES and "Content-Encoding" not in answer
    assert etags.packed(answer.content) == answer.content


# -- leaderboard -------------------------------------------------------------------------------------

def test_the_leaderboard_shows_a_new_result_at_the_next_request(world: World) -> None:
    client = world.client(None)
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    board = client.get("/api/ratings/froggit/").json()
    assert [row["games"] for row in board["results"]] == [1, 1]
    finished_match([world.ana, world.cy], [1, 2], minutes=2)
    board = client.get("/api/ratings/froggit/").json()
    assert board["count"] == 3 and board["results"][0]["name"] == "Ana" and board["results"][0]["games"] == 2
    world.ana.name = "Anna"
    world.ana.save()
    assert client.get("/api/ratings/froggit/").json()["results"][0]["name"] == "Anna"


def test_the_leaderboard_follows_who_may_see_which_club(world: World) -> None:
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    hidden = Player.objects.create(club=world.private_club, name="Hidden")
    finished_match([world.private_player, hidden], [1, 2], minutes=2)
    assert client_count(world.client(None)) == 2
    assert client_count(world.client(world.director)) == 4  # the private club's director
    assert client_count(world.client(world.member)) == 2
    world.club.public = False
    world.club.save()
    assert client_count(world.client(None)) == 0
    assert client_count(world.client(world.member)) == 2  # a member still sees the club


def client_count(client: APIClient) -> int:
    return client.get("/api/ratings/froggit/").json()["count"]


def test_a_warm_leaderboard_makes_no_query_for_the_public(world: World) -> None:
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    client = world.client(None)
    cold, first = queries(client, "/api/ratings/froggit/")
    warm, second = queries(client, "/api/ratings/froggit/")
    assert cold <= 3 and warm == 0 and first.json() == second.json()
    assert queries(client, "/api/ratings/froggit/", HTTP_IF_NONE_MATCH=first["ETag"])[1].status_code == 304


def test_leaderboard_errors_are_not_cached(world: World) -> None:
    client = world.client(None)
    assert client.get("/api/ratings/froggit/?page=2").status_code == 404
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    assert client.get("/api/ratings/froggit/?min_games=x").status_code == 400
    assert client.get("/api/ratings/froggit/?page=1").status_code == 200


# -- match logs --------------------------------------------------------------------------------------

def test_a_match_log_shows_each_new_move_and_the_void(world: World) -> None:
    match = match_services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                        setup={"order": "RYGBOP"}, recorded_by=world.director)
    client = world.client(world.director)
    path = f"/api/matches/{match.pk}/log/"
    assert client.get(path).json()["moves"] == []
    etag = client.get(path)["ETag"]
    finish_by_hand(match)
    logged = client.get(path, HTTP_IF_NONE_MATCH=etag)
    assert logged.status_code == 200 and len(logged.json()["moves"]) == 18 and "result" in logged.json()
    match_services.void_match(match)
    assert "result" not in client.get(path).json()
    world.ana.name = "Anna"
    world.ana.save()
    assert client.get(path).json()["players"] == ["Anna", "Ben"]


def test_a_finished_match_log_is_served_from_the_cache_after_one_query(world: World) -> None:
    match = match_services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                        setup={"order": "RYGBOP"}, recorded_by=world.director)
    finish_by_hand(match)
    client = world.client(None)
    path = f"/api/matches/{match.pk}/log/"
    cold, first = queries(client, path)
    warm, second = queries(client, path)
    assert cold == 2 and warm == 0 and first.json() == second.json()  # the match with its log, its seats
    assert first["Cache-Control"] == "public, no-cache"
    member = world.client(world.member)
    assert queries(member, path)[0] == 3 and queries(member, path)[0] == 1  # the clubs the member sees


def test_a_cached_answer_is_not_served_to_those_who_may_no_longer_read_it(world: World) -> None:
    tournament, _ = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    match = tournament.matches.order_by("pk").first()
    finish_by_hand(match)
    anonymous = world.client(None)
    paths = [f"/api/tournaments/{tournament.pk}/standings/", f"/api/matches/{match.pk}/log/"]
    assert [anonymous.get(path).status_code for path in paths] == [200, 200]
    match_services.void_match(match)  # the public reads finished matches only
    assert [anonymous.get(path).status_code for path in paths] == [200, 403]
    world.club.public = False
    world.club.save()
    assert [anonymous.get(path).status_code for path in paths] == [404, 404]
    assert [world.client(world.member).get(path).status_code for path in paths] == [200, 200]


def test_a_match_deleted_in_the_admin_is_gone_from_the_cache(world: World) -> None:
    tournament, _ = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    match = tournament.matches.order_by("pk").first()
    finish_by_hand(match)
    anonymous = world.client(None)
    path = f"/api/matches/{match.pk}/log/"
    assert anonymous.get(path).status_code == 200
    standings = anonymous.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    admin = world.client(None)
    admin.force_login(world.staff)
    answer = admin.post(f"/admin/tournaments/match/{match.pk}/delete/", {"post": "yes"})
    assert answer.status_code == 302 and not Match.objects.filter(pk=match.pk).exists()
    assert anonymous.get(path).status_code == 404
    assert anonymous.get(f"/api/tournaments/{tournament.pk}/standings/").json() != standings


def test_every_spelling_of_an_id_shares_one_answer(world: World) -> None:
    """``08`` is tournament 8, cached and forgotten with it; a non-number is simply not found."""
    tournament, _ = round_robin(world, [world.ana, world.ben, world.cy, world.dora])
    anonymous = world.client(None)
    plain = anonymous.get(f"/api/tournaments/{tournament.pk}/standings/")
    padded = anonymous.get(f"/api/tournaments/0{tournament.pk}/standings/")
    assert padded.status_code == 200 and padded["ETag"] == plain["ETag"]
    finish_by_hand(tournament.matches.order_by("pk").first())
    assert played(anonymous.get(f"/api/tournaments/0{tournament.pk}/standings/").json()) == 2
    assert anonymous.get("/api/tournaments/x/standings/").status_code == 404
    assert anonymous.get("/api/matches/x/log/").status_code == 404


# -- the leaderboard's index -------------------------------------------------------------------------

def test_the_leaderboard_reads_its_page_from_its_index(world: World) -> None:
    """The index's expression is the leaderboard's order: with sorting made dearest, the
    planner reads the page from the index (so the two cannot drift apart unnoticed)."""
    needs_postgresql("reading the planner's choice (EXPLAIN, SET LOCAL enable_sort)")
    finished_match([world.ana, world.ben, world.cy], [1, 2, 3], minutes=1)
    page = leaderboard("froggit").filter(player__club__in=visible_clubs(AnonymousUser()))[:50]
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_sort = off")
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = page.query.sql_with_params()
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert CONSERVATIVE_DEVIATIONS == 3  # the index's constant
    assert "rating_leaderboard" in plan, plan
    assert [rating.player for rating in page] == [world.ana, world.ben, world.cy]


# -- one computation at a time -------------------------------------------------------------------

def test_a_missing_answer_is_computed_once_while_others_wait() -> None:
    """A request that finds another computing the answer waits for it instead of computing it too."""
    calls = []

    def slow() -> str:
        calls.append(1)
        time.sleep(0.3)
        return "answer"

    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: remember("answer:test", slow, single=True), range(4)))
    assert answers == ["answer"] * 4 and len(calls) == 1


def test_a_failed_computation_lets_the_next_request_compute() -> None:
    def broken() -> str:
        raise RuntimeError("no")

    with pytest.raises(RuntimeError):
        remember("answer:broken", broken, single=True)
    assert remember("answer:broken", lambda: "fixed", single=True) == "fixed"


@pytest.mark.django_db(transaction=True)
def test_a_write_outside_a_transaction_forgets_its_versions_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside a transaction a bump forgets now and again at the commit; outside one the write
    is committed already, and a second delete would only cost another round trip."""
    from django.db import transaction

    from tests.helpers.caches import count_deletes
    from tournaments import cache as versions

    deleted = count_deletes(monkeypatch)
    versions.bump(versions.tournament_scope(7))
    assert deleted == [["version:tournament:7"]]
    deleted.clear()
    with transaction.atomic():
        versions.bump(versions.match_scope(8))
        assert deleted == [["version:match:8"]]
    assert deleted == [["version:match:8"]] * 2
