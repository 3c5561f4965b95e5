"""Fifty clients at once against a live server on PostgreSQL: pairs of clients race to log
the moves of the same live games (each move checked against the position, the index guarding
against stale writes) while others upload finished logs. No update is lost, no match is
stored twice, every stored log verifies, and the ratings equal a sequential replay."""

from __future__ import annotations

import json
import random
import threading
import urllib.error
import urllib.request
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection

from games.logs import replay, verify_log
from games.registry import get_game
from games.runner import play_bots
from tests.helpers import skip_or_fail
from tests.helpers.ratings import rating_state
from tournaments.models import Club, Match, Membership, Player
from tournaments.selectors import match_envelope
from tournaments.services import ratings
from tournaments.services import tokens as token_services

LIVE_MATCHES = 20  # logged by two racing clients each: 40 clients
UPLOADERS = 10  # each uploads UPLOADS finished logs
UPLOADS = 3
LEAP = {"variant": "murray", "rows": 5, "cols": 5}


class Client:
    """One API client with its own token, over real HTTP."""

    def __init__(self, base: str, token: str) -> None:
        self.base = base
        self.token = token

    def call(self, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Authorization": f"Token {self.token}", "Content-Type": "application/json"}
        if key is not None:
            headers["Idempotency-Key"] = key
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


def next_move(match: dict[str, Any], rng: random.Random) -> str | None:
    """A legal next move for the match as the client last saw it (None once it is over)."""
    state = replay({"format": 1, "game": match["game"], "options": match["options"],
                    "players": [seat["player_name"] for seat in match["seats"]], "setup": match["setup"],
                    "moves": match["moves"]}).state
    if state.is_over():
        return None
    while state.is_chance_node():
        state.apply_chance(state.sample_chance(rng))
    [seat] = state.to_move()
    before = len(state.moves)
    state.apply_action(seat, rng.choice(state.legal_actions(seat)))
    return state.moves[before] if len(state.moves) > before else None


@pytest.mark.django_db(transaction=True)
def test_fifty_clients_lose_nothing_and_duplicate_nothing(live_server: Any, settings: Any) -> None:
    settings.API_THROTTLE_RATES = {"anon": None, "user": None}  # fifty clients share one account here
    if connection.vendor != "postgresql":
        skip_or_fail("concurrent writers need PostgreSQL's row locks (CI runs this on PostgreSQL)")
    club = Club.objects.create(name="Busy Club", slug="busy")
    people = [Player.objects.create(club=club, name=f"p{n}") for n in range(8)]
    for name in ("random", "greedy"):
        Player.objects.create(club=club, name=name)
    director = User.objects.create_user("boss")
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    token = token_services.issue_token(director, name="load test")[1]
    admin = Client(live_server.url, token)
    live_ids = []
    for number in range(LIVE_MATCHES):
        seated = [people[number % 8].pk, people[(number + 3) % 8].pk]
        status, created = admin.call("POST", "/api/matches/", {"club": "busy", "game": "leap_frog", "options": LEAP,
                                                               "players": seated, "draw_setup": True,
                                                               "seed": f"live-{number}"})
        assert status == 201, created
        live_ids.append(created["id"])
    logs = [play_bots(get_game("froggit"), ["random", "greedy", "random"][: 2 + n % 2], seed=f"upload-{n}")
            for n in range(UPLOADERS * UPLOADS)]

    appended: dict[int, int] = {match_id: 0 for match_id in live_ids}
    failures: list[str] = []
    lock = threading.Lock()
    barrier = threading.Barrier(2 * LIVE_MATCHES + UPLOADERS)

    def log_live(match_id: int, seed: int) -> None:
        rng = random.Random(seed)
        client = Client(live_server.url, token)
        barrier.wait()
        for _ in range(400):
            status, match = client.call("GET", f"/api/matches/{match_id}/")
            move = next_move(match, rng) if status == 200 else None
            if move is None:
                return
            status, answer = client.call("POST", f"/api/matches/{match_id}/moves/",
                                         {"move": move, "index": len(match["moves"])})
            if status == 201:
                with lock:
                    appended[match_id] += 1
            elif status != 409 or answer.get("code") not in ("stale_index", "match_finished"):
                failures.append(f"match {match_id}: {status} {answer}")
                return
        failures.append(f"match {match_id} did not finish")

    def upload(number: int) -> None:
        client = Client(live_server.url, token)
        barrier.wait()
        for index in range(number * UPLOADS, (number + 1) * UPLOADS):
            # Each upload is sent twice with its key, as a client that lost the first answer
            # would: the second answers the first's match.
            first = client.call("POST", "/api/matches/", {"club": "busy", "log": logs[index]}, key=f"log-{index}")
            second = client.call("POST", "/api/matches/", {"club": "busy", "log": logs[index]}, key=f"log-{index}")
            if (first[0], second[0]) != (201, 200) or first[1]["id"] != second[1]["id"]:
                failures.append(f"upload {index}: {first[0]} then {second[0]}")

    threads = [threading.Thread(target=log_live, args=(match_id, seed))
               for match_id in live_ids for seed in (1, 2)]
    threads += [threading.Thread(target=upload, args=(number,)) for number in range(UPLOADERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not failures, failures[:5]

    assert Match.objects.filter(club=club).count() == LIVE_MATCHES + len(logs)  # nothing lost, nothing twice
    uploaded = {json.dumps(match_envelope(match)["moves"]) for match in Match.objects.filter(club=club, game="froggit")}
    assert uploaded == {json.dumps(log["moves"]) for log in logs}
    for match in Match.objects.filter(pk__in=live_ids).select_related("log"):
        assert match.status == Match.Status.FINISHED
        assert match.move_count == len(match.log.moves) == appended[match.pk]  # every accepted move, once
        assert verify_log(match_envelope(match))["valid"]
    for game in ("leap_frog", "froggit"):
        concurrent = rating_state(game)
        ratings.recompute_ratings(game)
        assert rating_state(game) == concurrent and concurrent
