"""The API's conventions: one error shape for every 4xx (malformed JSON, wrong types, huge
bodies, unknown fields, throttling, unknown addresses and methods), pagination, filtering
and ordering, and the cache in Redis when one is configured."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.test import override_settings

from tests.helpers import ROOT
from tests.helpers.world import World
from tournaments.models import Player


def assert_error_shape(answer: object, status: int, code: str | None = None) -> dict:
    assert answer.status_code == status, answer.content[:300]
    body = answer.json()
    assert isinstance(body.get("code"), str) and isinstance(body.get("message"), str) and body["message"], body
    assert set(body) <= {"code", "message", "fields", "verification", "moves", "wait"}, body
    if code is not None:
        assert body["code"] == code, body
    return body


#: Writes that take a JSON body, as the director (who may make each of them).
WRITES = [
    ("post", "/api/clubs/"),
    ("post", "/api/players/"),
    ("post", "/api/matches/"),
    ("post", "/api/tournaments/"),
    ("post", "/api/bots/"),
    ("post", "/api/ladders/"),
    ("post", "/api/memberships/"),
    ("patch", "/api/clubs/pond/"),
]


@pytest.mark.parametrize(("method", "path"), WRITES)
def test_malformed_json_is_a_parse_error(world: World, method: str, path: str) -> None:
    client = world.client(world.director)
    answer = getattr(client, method)(path, data='{"name": "Ana",', content_type="application/json")
    assert_error_shape(answer, 400, "parse_error")


@pytest.mark.parametrize(("method", "path"), WRITES)
def test_a_body_that_is_not_an_object_is_invalid(world: World, method: str, path: str) -> None:
    answer = getattr(world.client(world.director), method)(path, data="[1, 2]", content_type="application/json")
    assert_error_shape(answer, 400, "invalid")


@pytest.mark.parametrize(("path", "body", "field"), [
    ("/api/players/", {"club": "pond", "name": ["Ana"]}, "name"),
    ("/api/players/", {"club": 3.5, "name": "Zed"}, "club"),
    ("/api/clubs/", {"name": "X", "slug": "x", "public": "sometimes"}, "public"),
    ("/api/matches/", {"club": "pond", "game": "froggit", "players": "Ana"}, "players"),
    ("/api/tournaments/", {"club": "pond", "name": "Cup", "game": "froggit", "options": [1]}, "options"),
    ("/api/ladders/", {"club": "pond", "game": "froggit", "seats": "two"}, "seats"),
    ("/api/memberships/", {"club": "pond", "user": 12, "role": "member"}, "user"),
    ("/api/bots/", {"club": "pond", "name": "R", "game": "froggit", "strategy": {"a": 1}}, "strategy"),
])
def test_wrong_types_are_refused_by_field(world: World, path: str, body: dict, field: str) -> None:
    answer = world.client(world.director).post(path, body, format="json")
    error = assert_error_shape(answer, 400, "invalid")
    assert field in error["fields"], error


@pytest.mark.parametrize(("method", "path", "body"), [
    ("post", "/api/players/", {"club": "pond", "name": "Zed", "nickname": "Z"}),
    ("post", "/api/clubs/", {"name": "New", "slug": "new", "colour": "green"}),
    ("post", "/api/tournaments/", {"club": "pond", "name": "Cup", "game": "froggit", "rounds": 3}),
    ("post", "/api/matches/", {"club": "pond", "game": "froggit", "players": [1, 2], "draw_setup": True, "seats": 2}),
    ("post", "/api/memberships/", {"club": "pond", "user": "outsider", "rank": "member"}),
    ("post", "/api/ladders/", {"club": "pond", "game": "froggit", "interval": 5}),
    ("patch", "/api/clubs/pond/", {"name": "Pond", "motto": "hop"}),
])
def test_unknown_fields_are_refused(world: World, method: str, path: str, body: dict) -> None:
    answer = getattr(world.client(world.director), method)(path, body, format="json")
    error = assert_error_shape(answer, 400, "invalid")
    [unknown] = set(body) - {"club", "name", "slug", "game", "players", "draw_setup", "user"}
    assert error["fields"] == {unknown: ["unknown field"]}


def test_read_only_fields_are_refused_too(world: World) -> None:
    answer = world.client(world.director).post("/api/tournaments/", {"club": "pond", "name": "Cup", "game": "froggit",
                                                                     "status": "finished"}, format="json")
    assert assert_error_shape(answer, 400, "invalid")["fields"] == {"status": ["read-only field"]}


def test_a_refused_write_changes_nothing(world: World) -> None:
    before = Player.objects.count()
    world.client(world.director).post("/api/players/", {"club": "pond", "name": "Zed", "nick": "Z"}, format="json")
    assert Player.objects.count() == before


@override_settings(API_MAX_BODY_BYTES=1000)
@pytest.mark.parametrize("path", ["/api/players/", "/api/matches/", "/api/tournaments/"])
def test_a_huge_json_body_is_refused_before_it_is_read(world: World, path: str) -> None:
    body = json.dumps({"club": "pond", "name": "x" * 2000})
    assert_error_shape(world.client(world.director).post(path, data=body, content_type="application/json"), 413,
                       "too_large")


def test_a_body_over_the_real_bound_is_refused(world: World) -> None:
    """18 MiB, over the 17 MiB the API reads (a log is at most 16 MiB)."""
    body = '{"club": "pond", "log": "' + "x" * (18 * 1024 * 1024) + '"}'
    assert_error_shape(world.client(world.director).post("/api/matches/", data=body, content_type="application/json"),
                       413, "too_large")
    form = world.client(world.director).post("/api/bots/", {"club": "pond", "name": "R", "game": "froggit",
                                                            "description": "x" * (18 * 1024 * 1024)})
    assert_error_shape(form, 413, "too_large")


def test_the_verify_endpoint_keeps_its_own_answer(world: World) -> None:
    answer = world.client(None).post("/api/logs/verify/", data="{not json", content_type="application/json")
    assert answer.status_code == 400 and answer.json()["valid"] is False
    assert answer.json()["error"]["code"] == "bad_format"


def test_unknown_addresses_and_methods_answer_in_the_error_shape(world: World) -> None:
    assert_error_shape(world.client(None).get("/api/nothing-here/"), 404, "not_found")
    assert_error_shape(world.client(None).get("/api/matches/not-a-number/"), 404, "not_found")
    assert_error_shape(world.client(world.director).put("/api/clubs/pond/", {"name": "P"}, format="json"), 405,
                       "method_not_allowed")
    assert_error_shape(world.client(world.director).post("/api/players/", data="name=Zed",
                                                         content_type="text/plain"), 415, "unsupported_media_type")


def test_throttled_requests_answer_429_with_the_wait(world: World, settings: object) -> None:
    settings.API_THROTTLE_RATES = {"anon": "3/minute", "user": "5/minute"}
    anonymous = world.client(None)
    assert [anonymous.get("/api/games/").status_code for _ in range(3)] == [200, 200, 200]
    refused = anonymous.get("/api/clubs/")
    error = assert_error_shape(refused, 429, "throttled")
    assert isinstance(error["wait"], int) and 0 < error["wait"] <= 60 and int(refused["Retry-After"]) == error["wait"]
    member = world.client(world.member)
    assert [member.get("/api/games/").status_code for _ in range(5)] == [200] * 5
    assert_error_shape(member.get("/api/games/"), 429, "throttled")
    # Counted per account: another account is not held back by the first.
    assert world.client(world.director).get("/api/games/").status_code == 200


def test_anonymous_clients_are_held_to_their_own_rate_only(world: World, settings: object) -> None:
    """The accounts' rate does not count anonymous requests a second time, per address."""
    settings.API_THROTTLE_RATES = {"anon": "4/minute", "user": "1/minute"}
    anonymous = world.client(None)
    assert [anonymous.get("/api/games/").status_code for _ in range(5)] == [200, 200, 200, 200, 429]


def test_lists_are_paginated_filtered_and_ordered(world: World) -> None:
    client = world.client(world.staff)
    page = client.get("/api/players/", {"club__slug": "pond", "ordering": "-name"}).json()
    assert set(page) == {"count", "next", "previous", "results"}
    names = [player["name"] for player in page["results"]]
    assert names == sorted(names, reverse=True) and "Quiet" not in names and page["count"] == 6
    assert client.get("/api/players/", {"page": 99}).status_code == 404
    assert_error_shape(client.get("/api/matches/", {"tournament": "x"}), 400, "invalid")


@pytest.mark.parametrize("path", ["/api/clubs/", "/api/memberships/", "/api/players/", "/api/matches/",
                                  "/api/tournaments/", "/api/rounds/", "/api/bots/", "/api/ladders/", "/api/jobs/",
                                  "/api/ratings/froggit/"])
def test_every_long_list_is_paginated(world: World, path: str) -> None:
    assert set(world.client(world.staff).get(path).json()) == {"count", "next", "previous", "results"}


def test_the_cache_is_redis_when_configured_and_local_memory_otherwise() -> None:
    probe = ("import json, django; django.setup(); from django.conf import settings as s; "
             "print(json.dumps([s.CACHES['default']['BACKEND'], s.CACHES['default'].get('LOCATION'), "
             "s.API_THROTTLE_RATES]))")

    def cache_with(**env: str) -> list:
        clean = {key: value for key, value in os.environ.items()
                 if key not in {"REDIS_URL", "CACHE_URL", "THROTTLE_ANON", "THROTTLE_USER"}}
        done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True,
                              env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env})
        return json.loads(done.stdout)

    assert cache_with()[0] == "django.core.cache.backends.locmem.LocMemCache"
    assert cache_with(REDIS_URL="redis://cache.example:6379/3")[:2] == [
        "config.redis_cache.RedisCache", "redis://cache.example:6379/3"]
    assert cache_with(CACHE_URL="redis://c:6379/1", REDIS_URL="redis://r:6379/2")[1] == "redis://c:6379/1"
    assert cache_with(THROTTLE_ANON="10/second")[2] == {"anon": "10/second", "user": "5000/minute"}


@pytest.mark.redis
def test_throttle_counts_live_in_redis_when_configured(world: World, redis_url: str, settings: object) -> None:
    """With the cache in Redis, the counts are shared by every process serving the API."""
    import redis

    prefix = "throttle-test"
    settings.CACHES = {"default": {"BACKEND": "config.redis_cache.RedisCache", "LOCATION": redis_url, "KEY_PREFIX": prefix}}
    settings.API_THROTTLE_RATES = {"anon": "2/minute", "user": "2/minute"}
    server = redis.Redis.from_url(redis_url)
    for key in server.scan_iter(f"{prefix}:*"):
        server.delete(key)
    client = world.client(None)
    assert [client.get("/api/games/").status_code for _ in range(3)] == [200, 200, 429]
    assert any(b"throttle_anon" in key for key in server.scan_iter(f"{prefix}:*"))
    for key in server.scan_iter(f"{prefix}:*"):
        server.delete(key)


@pytest.mark.redis
def test_the_redis_cache_keeps_one_client_and_shares_it_between_threads(redis_url: str) -> None:
    """One redis-py client per pool, not one per command, and it serves threads at once."""
    from concurrent.futures import ThreadPoolExecutor

    from config.redis_cache import RedisCache

    backend = RedisCache(redis_url, {"KEY_PREFIX": "client-test"})
    assert backend._cache.get_client() is backend._cache.get_client(write=True)

    def round_trip(index: int) -> object:
        backend.set(f"key-{index}", {"value": index}, 30)
        return backend.get(f"key-{index}")

    with ThreadPoolExecutor(8) as pool:
        assert list(pool.map(round_trip, range(64))) == [{"value": index} for index in range(64)]
    backend.delete_many([f"key-{index}" for index in range(64)])
