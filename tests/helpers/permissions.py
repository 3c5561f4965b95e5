"""The permission matrix's table and the scene its rows act on (``tests/tournaments/test_api_permissions.py``
runs it; the schema and security tests read it too).

One table (:data:`MATRIX`) says, per endpoint and method, the status each caller gets:
anonymous, a member of the club (Ana, who owns its bot and sits in its match), a member of
another club, the club's director, and staff.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from tests.helpers.matches import STILL
from tests.helpers.world import World
from tournaments.models import Entrant, Job, Match, Membership, Round, Seat, SeatOutput
from tournaments.selectors import match_envelope
from tournaments.services import bots as bot_services
from tournaments.services import challenges as challenge_services
from tournaments.services import ladders as ladder_services
from tournaments.services import matches as match_services
from tournaments.services import notifications as notification_services
from tournaments.services import play as play_services
from tournaments.services.matches import insert_match
from tournaments.services import tokens as token_services
from tournaments.services import tournaments as tournament_services

ROLES = ("anonymous", "member", "outsider", "director", "staff")


@dataclass
class Scene:
    """The world and the objects the rows act on."""

    world: World
    ids: dict[str, Any]

    def user(self, role: str) -> Any:
        return {"anonymous": None, "member": self.world.member, "outsider": self.world.outsider,
                "director": self.world.director, "staff": self.world.staff}[role]


@pytest.fixture
def scene(world: World) -> Scene:
    """A match in progress (one move logged; Ana sits in it), a finished one, a tournament
    taking registrations and one running with a proposed round, Ana's bot, a ladder, a
    finished bot match (Ana's Skipper at seat 0, with turn reports), and a job started by staff."""
    live = match_services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                       setup={"order": "RYGBOP"})
    live = match_services.append_move(live, move=STILL[0], index=0)
    done = match_services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.cy],
                                       setup={"order": "RYGBOP"})
    for index, move in enumerate(STILL):
        done = match_services.append_move(done, move=move, index=index)
    open_ = tournament_services.create_tournament(club=world.club, name="Open", game="leapfrog_race",
                                                  format="round_robin", seed="open")
    for player in (world.ana, world.ben):
        tournament_services.register(open_, player)
    running = tournament_services.create_tournament(club=world.club, name="Running", game="leapfrog_race",
                                                    format="round_robin", seed="running")
    for player in (world.cy, world.dora):
        tournament_services.register(running, player)
    tournament_services.start(running)
    tournament_services.advance(running.pk)
    bot = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hopper",
                                    strategy="random")
    ladder = ladder_services.create_ladder(club=world.club, game="froggit")
    skipper = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Skipper",
                                        strategy="random")
    house = bot_services.builtin_player(world.club, "froggit", "House", "random")
    bot_match = insert_match(players=[skipper.player, house], setup={}, club=world.club, game="froggit",
                             status=Match.Status.FINISHED)
    for seat in Seat.objects.filter(match=bot_match):
        SeatOutput.objects.create(seat=seat, turns=[{"turn": 0, "ms": 5, "stderr": "hello"}])
    board = play_services.start_game(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                     by=world.director)
    rerunnable = insert_match(players=[skipper.player, house], setup={}, club=world.club, game="froggit",
                              status=Match.Status.FINISHED, seed="rerun-me")
    challenge = challenge_services.create_challenge(owner=world.member, version=skipper.active_version,
                                                    lineup=[skipper.active_version, house.bot_entry.active_version],
                                                    seeds=["matrix"])
    job = Job.objects.create(kind=Job.Kind.RECOMPUTE_RATINGS, params={"game": "froggit"}, created_by=world.staff)
    ids = {
        "live": live.pk, "board": board.pk, "done": done.pk, "open": open_.pk, "running": running.pk, "bot": bot.pk,
        "ladder": ladder.pk, "job": job.pk, "rerunnable": rerunnable.pk, "challenge": challenge.pk,
        "skipper_version": skipper.active_version_id, "house_version": house.bot_entry.active_version_id,
        "bot_match": bot_match.pk, "ana": world.ana.pk, "ben": world.ben.pk, "cy": world.cy.pk,
        "fay": world.fay.pk, "round": Round.objects.get(tournament=running).pk,
        "entrant": Entrant.objects.get(tournament=open_, player=world.ana).pk,
        "bystander": Membership.objects.get(user=world.bystander).pk,
        "bystander_account": world.bystander.pk,
        "director_token": token_services.issue_token(world.director, name="laptop")[0].token_key,
        "webhook": notification_services.create_endpoint(by=world.member, url="https://93.184.215.14/hook",
                                                         events=["bot.forfeited"]).pk,
    }
    return Scene(world, ids)


@dataclass(frozen=True)
class Row:
    """One endpoint and method: the address (the schema's template, filled from the scene),
    a body, and the status per caller in ROLES order."""

    method: str
    path: str
    statuses: tuple[int, int, int, int, int]
    body: Callable[[Scene], Any] | dict | None = None
    fill: Callable[[Scene], dict[str, Any]] | None = None
    note: str = ""
    #: What a successful answer's JSON must hold (a subset of its keys).
    answer: dict[str, Any] | None = None
    #: A query string sent after the path (``"?seat=0"``); the schema names the path alone.
    query: str = ""

    @property
    def name(self) -> str:
        return f"{self.method} {self.path}"


READ = (200, 200, 200, 200, 200)
DIRECTORS = (403, 403, 403, 201, 201)
DIRECTORS_200 = (403, 403, 403, 200, 200)
DIRECTORS_204 = (403, 403, 403, 204, 204)
MEMBERS_OF_THE_CLUB = (403, 200, 403, 200, 200)
LOGGERS = (403, 201, 403, 201, 201)
OWNER_AND_STAFF = (403, 200, 403, 403, 200)
LOGGED_IN = (403, 200, 200, 200, 200)


def ids(*names: str, **fixed: Any) -> Callable[[Scene], dict[str, Any]]:
    """Path parameters from the scene: ``ids("bot")`` fills ``{id}`` with the bot's id."""
    def fill(scene: Scene) -> dict[str, Any]:
        keys = ("id", *(f"_{index}" for index in range(1, len(names))))
        return {key: scene.ids[name] for key, name in zip(keys, names)} | fixed
    return fill


MATRIX: list[Row] = [
    # -- auth, logs, schema and docs
    Row("POST", "/api/auth/token/", READ, body={"username": "director", "password": "pw-director-123"}),
    Row("DELETE", "/api/auth/token/", (403, 204, 204, 204, 204), note="logs out the token or session it carries"),
    Row("GET", "/api/auth/tokens/", LOGGED_IN, note="one's own tokens alone"),
    Row("DELETE", "/api/auth/tokens/", (403, 204, 204, 204, 204), note="ends one's own tokens alone"),
    Row("DELETE", "/api/auth/tokens/{key}/", (403, 404, 404, 204, 404),
        fill=lambda scene: {"key": scene.ids["director_token"]}, note="the director's token: the owner's alone"),
    Row("POST", "/api/logs/verify/", READ, body=lambda scene: match_envelope(Match.objects.get(pk=scene.ids["done"])),
        answer={"valid": True, "game": "leapfrog_race", "moves": len(STILL), "finished": True},
        note="the finished match's own log verifies, whoever asks"),
    Row("GET", "/api/schema/", READ),
    Row("GET", "/api/docs/", READ),
    # -- games
    Row("GET", "/api/games/", READ),
    Row("GET", "/api/games/{slug}/", READ, fill=lambda scene: {"slug": "froggit"}),
    Row("GET", "/api/games/{slug}/seat-advantage/", READ, fill=lambda scene: {"slug": "leapfrog_race"},
        note="over the clubs the caller may see"),
    # -- clubs and memberships
    Row("GET", "/api/clubs/", READ),
    Row("POST", "/api/clubs/", (403, 201, 201, 201, 201), body={"name": "New Pond", "slug": "new-pond"}),
    Row("GET", "/api/clubs/{slug}/", READ, fill=lambda scene: {"slug": "pond"}),
    Row("PATCH", "/api/clubs/{slug}/", DIRECTORS_200, body={"name": "The Pond"}, fill=lambda scene: {"slug": "pond"}),
    Row("DELETE", "/api/clubs/{slug}/", (403, 403, 403, 403, 204), fill=lambda scene: {"slug": "pond"}),
    Row("POST", "/api/clubs/{slug}/bot-games/", (403, 201, 403, 201, 201), fill=lambda scene: {"slug": "pond"},
        body={"game": "leap_frog", "bot": "random", "seat": 0, "options": {"rows": 4, "cols": 4}},
        answer={"game": "leap_frog", "rated": False, "move_count": 0},
        note="members of the club (staff too) play its bots; the outsider sees the public club but may not"),
    # -- accounts: staff manage them; everyone reads and changes their own as /api/users/me/
    Row("GET", "/api/users/", (403, 403, 403, 403, 200)),
    Row("POST", "/api/users/", (403, 403, 403, 403, 201),
        body={"username": "newcomer", "password": "a-long-pass-phrase-9"}),
    Row("GET", "/api/users/{id}/", (403, 404, 404, 404, 200), fill=ids("bystander_account"),
        note="another account is unknown to all but staff; /api/users/me/ is one's own"),
    Row("PATCH", "/api/users/{id}/", (403, 404, 404, 404, 200), body={"email": "b@example.org"},
        fill=ids("bystander_account")),
    Row("GET", "/api/memberships/", LOGGED_IN),
    Row("POST", "/api/memberships/", DIRECTORS, body={"club": "pond", "user": "outsider", "role": "member"}),
    Row("GET", "/api/memberships/{id}/", (403, 200, 404, 200, 200), fill=ids("bystander"),
        note="another club's memberships are unknown to the outsider"),
    Row("PATCH", "/api/memberships/{id}/", (403, 403, 404, 200, 200), body={"role": "director"},
        fill=ids("bystander")),
    Row("DELETE", "/api/memberships/{id}/", (403, 403, 404, 204, 204), fill=ids("bystander")),
    # -- players and their ratings
    Row("GET", "/api/players/", READ),
    Row("POST", "/api/players/", DIRECTORS, body={"club": "pond", "name": "Zed"}),
    Row("GET", "/api/players/{id}/", READ, fill=ids("ben")),
    Row("GET", "/api/players/{id}/matches.ics", READ, fill=ids("cy")),
    Row("PATCH", "/api/players/{id}/", DIRECTORS_200, body={"name": "Benjamin"}, fill=ids("ben")),
    Row("DELETE", "/api/players/{id}/", DIRECTORS_204, fill=ids("fay")),
    Row("GET", "/api/players/{player_id}/ratings/", READ, fill=lambda scene: {"player_id": scene.ids["ana"]}),
    Row("GET", "/api/players/{player_id}/ratings/{game}/history/", READ,
        fill=lambda scene: {"player_id": scene.ids["ana"], "game": "leapfrog_race"}),
    Row("GET", "/api/players/{player_id}/head-to-head/{opponent_id}/", READ,
        fill=lambda scene: {"player_id": scene.ids["ana"], "opponent_id": scene.ids["cy"]}),
    Row("GET", "/api/ratings/{game}/", READ, fill=lambda scene: {"game": "leapfrog_race"}),
    Row("POST", "/api/ratings/{game}/recompute/", (403, 403, 403, 403, 202), fill=lambda scene: {"game": "froggit"}),
    # -- matches
    Row("GET", "/api/matches/", READ),
    Row("POST", "/api/matches/", LOGGERS, note="Ana sits in it; the outsider is not of the club",
        body=lambda scene: {"club": "pond", "game": "leapfrog_race", "players": [scene.ids["ana"], scene.ids["ben"]],
                            "draw_setup": True}),
    Row("GET", "/api/matches/{id}/", MEMBERS_OF_THE_CLUB, fill=ids("live"), note="in progress: the club's alone"),
    Row("PATCH", "/api/matches/{id}/", DIRECTORS_200, body={"rated": False}, fill=ids("done")),
    Row("GET", "/api/matches/{id}/log/", MEMBERS_OF_THE_CLUB, fill=ids("live")),
    Row("GET", "/api/matches/{id}/verification/", READ, fill=ids("done"), note="finished: public"),
    Row("GET", "/api/matches/{id}/positions/{number}.svg", MEMBERS_OF_THE_CLUB, fill=ids("live", number=0),
        note="in progress: the club's alone"),
    Row("GET", "/api/matches/{a}/compare/{b}/", (404, 200, 404, 200, 200),
        fill=lambda scene: {"a": scene.ids["done"], "b": scene.ids["live"]},
        note="both matches readable, else 404 naming the unseen one", answer={"comparable": True}),
    Row("POST", "/api/matches/{id}/moves/", LOGGERS, body={"move": STILL[1], "index": 1}, fill=ids("live")),
    Row("POST", "/api/matches/{id}/undo/", MEMBERS_OF_THE_CLUB, body={"index": 1}, fill=ids("live")),
    Row("POST", "/api/matches/{id}/forfeit/", MEMBERS_OF_THE_CLUB, body={"seat": 1, "reason": "left", "index": 1},
        fill=ids("live")),
    # -- playing on the board
    Row("GET", "/api/matches/{id}/play/", MEMBERS_OF_THE_CLUB, fill=ids("board"), note="in progress: the club's alone"),
    Row("POST", "/api/matches/{id}/actions/", LOGGERS, body={"seat": 0, "action": "1", "index": 0}, fill=ids("board"),
        note="Ana's seat: her member, a director, staff"),
    Row("POST", "/api/matches/{id}/board/", LOGGERS, body={"clock_seconds": 300}, fill=ids("live")),
    Row("POST", "/api/clubs/{slug}/games/", LOGGERS, fill=lambda scene: {"slug": "pond"},
        body=lambda scene: {"game": "leap_frog", "players": [scene.ids["ana"], scene.ids["ben"]]},
        note="a game Ana plays in; the outsider sees the public club but may not start its games"),
    Row("POST", "/api/matches/{id}/void/", (403, 403, 403, 200, 200), fill=ids("live")),
    Row("GET", "/api/matches/{id}/turns/", OWNER_AND_STAFF, fill=ids("bot_match"), query="?seat=0",
        answer={"seat": 0, "player": "Skipper"},
        note="seat 0 plays Ana's Skipper: its owner's and staff's alone, not the director's"),
    Row("GET", "/api/matches/{id}/turns.jsonl", OWNER_AND_STAFF, fill=ids("bot_match"), query="?seat=0"),
    # -- tournaments and rounds
    Row("GET", "/api/tournaments/", READ),
    Row("POST", "/api/tournaments/", DIRECTORS,
        body={"club": "pond", "name": "Cup", "game": "froggit", "format": "swiss", "format_settings": {"rounds": 3}}),
    Row("GET", "/api/tournaments/{id}/", READ, fill=ids("open")),
    Row("PATCH", "/api/tournaments/{id}/", DIRECTORS_200, body={"name": "Open Cup"}, fill=ids("open")),
    Row("DELETE", "/api/tournaments/{id}/", DIRECTORS_204, fill=ids("open")),
    Row("POST", "/api/tournaments/{id}/entrants/", DIRECTORS, body=lambda scene: {"player": scene.ids["cy"]},
        fill=ids("open")),
    Row("POST", "/api/tournaments/{id}/withdraw/", DIRECTORS_200, body=lambda scene: {"entrant": scene.ids["entrant"]},
        fill=ids("open")),
    Row("POST", "/api/tournaments/{id}/seeds/", DIRECTORS_200,
        body=lambda scene: {"order": list(Entrant.objects.filter(tournament_id=scene.ids["open"])
                                          .order_by("-seed").values_list("pk", flat=True))},
        fill=ids("open")),
    Row("POST", "/api/tournaments/{id}/start/", DIRECTORS_200, fill=ids("open")),
    Row("POST", "/api/tournaments/{id}/pair/", DIRECTORS_200, fill=ids("open"), note="nothing to pair yet: no change"),
    Row("POST", "/api/tournaments/{id}/publish/", DIRECTORS_200, fill=ids("running")),
    Row("POST", "/api/tournaments/{id}/check-in/", (403, 404, 403, 404, 404),
        body=lambda scene: {"entrant": scene.ids["entrant"]}, fill=ids("running"),
        note="an entrant of another tournament: none of this one (tests/tournaments/test_checkins_api.py checks in)"),
    Row("POST", "/api/tournaments/{id}/rounds/{number}/times/", DIRECTORS_200,
        body={"starts_at": "2026-05-01T19:30:00+00:00"}, fill=ids("running", number=1)),
    Row("POST", "/api/tournaments/{id}/rounds/{number}/forfeit-unfinished/", (403, 403, 403, 404, 404),
        fill=ids("running", number=1), note="round 1 is only proposed: no games to forfeit"),
    Row("GET", "/api/tournaments/{id}/rounds/", READ, fill=ids("running")),
    Row("GET", "/api/tournaments/{id}/standings/", READ, fill=ids("running")),
    Row("GET", "/api/tournaments/{id}/crosstable/", READ, fill=ids("running")),
    Row("GET", "/api/tournaments/{id}/progress/", READ, fill=ids("running")),
    Row("GET", "/api/tournaments/{id}/export.trf", READ, fill=ids("running")),
    Row("GET", "/api/tournaments/{id}/standings.csv", READ, fill=ids("running")),
    Row("GET", "/api/tournaments/{id}/crosstable.csv", READ, fill=ids("running")),
    Row("GET", "/api/tournaments/{id}/rounds.ics", READ, fill=ids("running")),
    Row("GET", "/api/rounds/", READ),
    Row("GET", "/api/rounds/{id}/", READ, fill=ids("round")),
    # -- bots and ladders
    Row("GET", "/api/bots/", READ),
    Row("POST", "/api/bots/", (403, 201, 403, 201, 201),
        body={"club": "pond", "name": "Robo", "game": "froggit", "strategy": "random"}),
    Row("GET", "/api/bots/{id}/", READ, fill=ids("bot")),
    Row("PATCH", "/api/bots/{id}/", (403, 200, 403, 200, 200), body={"description": "hops"}, fill=ids("bot")),
    Row("DELETE", "/api/bots/{id}/", (403, 204, 403, 204, 204), fill=ids("bot")),
    Row("GET", "/api/bots/{id}/versions/", READ, fill=ids("bot")),
    Row("POST", "/api/bots/{id}/versions/", (403, 201, 403, 403, 201), body={"strategy": "greedy"}, fill=ids("bot"),
        note="the owner's alone (and staff's), not the director's"),
    Row("GET", "/api/bots/{id}/versions/{number}/code/", OWNER_AND_STAFF, fill=ids("bot", number=1)),
    Row("GET", "/api/bots/{id}/versions/{number}/history/", READ, fill=ids("bot", number=1),
        answer={"version": 1, "matches": 0, "forfeits": 0}, note="the record is the entry's, public where it is"),
    Row("GET", "/api/bots/{id}/compare/", READ, fill=ids("bot"), note="the active version with the one before it"),
    Row("POST", "/api/bots/{id}/activate/", OWNER_AND_STAFF, body={"version": 1}, fill=ids("bot")),
    Row("GET", "/api/bots/{id}/runs/", OWNER_AND_STAFF, fill=ids("bot")),
    Row("GET", "/api/ladders/", READ),
    Row("POST", "/api/ladders/", DIRECTORS, body={"club": "pond", "game": "leap_frog", "seats": 2}),
    Row("GET", "/api/ladders/{id}/", READ, fill=ids("ladder")),
    Row("PATCH", "/api/ladders/{id}/", DIRECTORS_200, body={"enabled": False}, fill=ids("ladder")),
    Row("DELETE", "/api/ladders/{id}/", DIRECTORS_204, fill=ids("ladder")),
    Row("POST", "/api/ladders/{id}/run/", (403, 403, 403, 202, 202), fill=ids("ladder")),
    # -- challenges and reruns
    Row("GET", "/api/challenges/", (403, 200, 200, 200, 200), note="one's own challenges (every one for staff)"),
    Row("POST", "/api/challenges/", (403, 201, 403, 403, 201),
        body=lambda scene: {"version": scene.ids["skipper_version"],
                            "lineup": [scene.ids["skipper_version"], scene.ids["house_version"]], "seeds": ["p"]},
        note="with one's own version alone (staff: any)"),
    Row("GET", "/api/challenges/{id}/", (403, 200, 404, 404, 200), fill=ids("challenge"),
        note="Ana's challenge: hers alone (and staff's)"),
    Row("POST", "/api/matches/{id}/rerun/", (403, 201, 403, 403, 201),
        body=lambda scene: {"version": scene.ids["skipper_version"]}, fill=ids("rerunnable"),
        note="the owner of a seat's bot entry (and staff)"),
    # -- notifications
    Row("GET", "/api/webhooks/", LOGGED_IN, note="one's own webhooks (a club's with ?club= for its directors)"),
    Row("POST", "/api/webhooks/", (403, 201, 201, 201, 201),
        body={"url": "https://93.184.215.14/in", "events": ["bot.placed"]}),
    Row("GET", "/api/webhooks/{id}/", (403, 200, 404, 404, 200), fill=ids("webhook"),
        note="Ana's webhook: hers alone (and staff's)"),
    Row("PATCH", "/api/webhooks/{id}/", (403, 200, 404, 404, 200), body={"active": False}, fill=ids("webhook"),
        answer={"active": False}, note="switched off by its owner (or staff)"),
    Row("DELETE", "/api/webhooks/{id}/", (403, 204, 404, 404, 204), fill=ids("webhook")),
    Row("GET", "/api/webhooks/{id}/deliveries/", (403, 200, 404, 404, 200),
        fill=ids("webhook")),
    Row("GET", "/api/notifications/preferences/", LOGGED_IN),
    Row("PUT", "/api/notifications/preferences/", LOGGED_IN, body={"email_events": [], "rating_threshold": 40}),
    # -- jobs
    Row("GET", "/api/jobs/", LOGGED_IN),
    Row("GET", "/api/jobs/{id}/", (403, 404, 404, 404, 200), fill=ids("job"), note="one's own jobs alone"),
]

#: Rows of the addresses that serve the schema itself, which it does not list.
NOT_IN_SCHEMA = {"GET /api/schema/", "GET /api/docs/"}
