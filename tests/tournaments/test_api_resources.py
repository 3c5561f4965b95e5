"""The resources added to complete the API: games, club changes, memberships, tournament
changes, match changes and re-verification, rounds, ladder removal, and long jobs (a ratings
recompute answered 202 and polled)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from games.registry import GAME_CLASSES, get_game
from tests.helpers.world import World
from tests.helpers.matches import STILL
from tournaments.api.catalog import OBSERVATION_KEYS
from tournaments.models import Club, Job, Match, Membership, Rating, Tournament
from tournaments.services import bots as bot_services
from tournaments.services import ladders as ladder_services
from tournaments.services import matches as match_services
from tournaments.services import tournaments as tournament_services


def finished(world: World, players: list | None = None) -> Match:
    match = match_services.create_match(club=world.club, game="leapfrog_race",
                                        players=players or [world.ana, world.ben], setup={"order": "RYGBOP"})
    for index, move in enumerate(STILL):
        match = match_services.append_move(match, move=move, index=index)
    return match


# -- games

def test_the_games_describe_options_notation_bots_and_observations(world: World) -> None:
    games = world.client(None).get("/api/games/").json()
    assert [game["slug"] for game in games] == sorted(GAME_CLASSES)
    for game in games:
        engine = get_game(game["slug"])
        assert game["players"] == {"min": engine.min_players, "max": engine.max_players}
        assert game["notation"] and "random" in game["bots"]
        assert [option["name"] for option in game["options"]] == [spec.name for spec in engine.option_specs]
        assert engine.parse_options(game["defaults"], max(2, engine.min_players)) == game["defaults"]
        example = game["observation"]["example"]
        assert set(example) == set(game["observation"]["keys"]) == set(OBSERVATION_KEYS[game["slug"]])
        assert example["seat"] == 0 and game["rules"] == f"docs/games/{game['slug']}.md"
    froggit = world.client(None).get("/api/games/froggit/").json()
    assert {"name": "max_rounds", "type": "integer"}.items() <= froggit["options"][2].items()
    missing = world.client(None).get("/api/games/chess/")
    assert missing.status_code == 404 and "froggit" in missing.json()["message"]


def test_the_example_observation_is_what_a_bot_sees(world: World) -> None:
    """The example is the engine's own observation, so the documented keys cannot drift."""
    for slug in GAME_CLASSES:
        example = world.client(None).get(f"/api/games/{slug}/").json()["observation"]["example"]
        from tournaments.api.catalog import example_observation

        assert example == example_observation(get_game(slug))


# -- clubs and memberships

def test_the_founder_of_a_club_is_its_director_from_the_first_answer(world: World) -> None:
    client = world.client(world.member)
    founded = client.post("/api/clubs/", {"name": "Lily Pads", "slug": "lily-pads"}, format="json")
    assert founded.status_code == 201 and founded.json()["role"] == "director", founded.json()
    assert client.get("/api/clubs/lily-pads/").json()["role"] == "director"


def test_directors_change_their_club_but_not_its_slug(world: World) -> None:
    client = world.client(world.director)
    changed = client.patch("/api/clubs/pond/", {"name": "The Pond", "public": False}, format="json")
    assert changed.status_code == 200 and changed.json()["name"] == "The Pond" and changed.json()["public"] is False
    assert world.client(None).get("/api/clubs/pond/").status_code == 404  # private now
    refused = client.patch("/api/clubs/pond/", {"slug": "lake"}, format="json")
    assert refused.status_code == 400 and refused.json()["fields"] == {"slug": ["unknown field"]}


def test_directors_rate_casual_games_and_set_the_challenge_quota(world: World) -> None:
    client = world.client(world.director)
    changed = client.patch("/api/clubs/pond/", {"casual_rated": True, "challenge_quota": 5}, format="json")
    assert changed.status_code == 200, changed.json()
    assert (changed.json()["casual_rated"], changed.json()["challenge_quota"]) == (True, 5)
    for quota in (-1, 10_001):
        refused = client.patch("/api/clubs/pond/", {"challenge_quota": quota}, format="json")
        assert refused.status_code == 400
        assert refused.json()["fields"] == {"challenge_quota": ["a whole number from 0 to 10,000"]}
    world.club.refresh_from_db()
    assert world.club.challenge_quota == 5
    member = world.client(world.member).patch("/api/clubs/pond/", {"challenge_quota": 500}, format="json")
    assert member.status_code == 403


def test_staff_delete_a_club_with_everything_in_it(world: World) -> None:
    finished(world)
    tournament = tournament_services.create_tournament(club=world.club, name="T", game="froggit")
    tournament_services.register(tournament, world.ana)
    bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hopper", strategy="random")
    ladder = ladder_services.create_ladder(club=world.club, game="froggit")
    schedule = ladder.periodic_task_id
    assert world.client(world.staff).delete("/api/clubs/pond/").status_code == 204
    assert not Club.objects.filter(slug="pond").exists() and not Match.objects.filter(club_id=world.club.pk).exists()
    assert not PeriodicTask.objects.filter(pk=schedule).exists()
    assert Club.objects.filter(slug="lily").exists()


def test_directors_manage_memberships_and_a_club_keeps_a_director(world: World) -> None:
    director = world.client(world.director)
    added = director.post("/api/memberships/", {"club": "pond", "user": "outsider"}, format="json")
    assert added.status_code == 201 and added.json()["role"] == "member"
    again = director.post("/api/memberships/", {"club": "pond", "user": "outsider"}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "already_member"
    unknown = director.post("/api/memberships/", {"club": "pond", "user": "nobody"}, format="json")
    assert unknown.status_code == 400 and "user" in unknown.json()["fields"]
    own = Membership.objects.get(user=world.director, club=world.club)
    last = director.patch(f"/api/memberships/{own.pk}/", {"role": "member"}, format="json")
    assert last.status_code == 409 and last.json()["code"] == "last_director"
    assert director.delete(f"/api/memberships/{own.pk}/").json()["code"] == "last_director"
    promoted = director.patch(f"/api/memberships/{added.json()['id']}/", {"role": "director"}, format="json")
    assert promoted.status_code == 200 and promoted.json()["role"] == "director"
    assert director.patch(f"/api/memberships/{own.pk}/", {"role": "member"}, format="json").status_code == 200
    listed = world.client(world.member).get("/api/memberships/", {"club": "pond"}).json()
    assert {row["user"] for row in listed["results"]} == {"director", "ana", "bystander", "outsider"}


def test_a_member_may_leave_a_club(world: World) -> None:
    own = Membership.objects.get(user=world.member, club=world.club)
    assert world.client(world.member).delete(f"/api/memberships/{own.pk}/").status_code == 204
    assert not Membership.objects.filter(pk=own.pk).exists()


# -- tournaments, rounds and matches

def test_directors_change_a_tournament_while_it_takes_registrations(world: World) -> None:
    client = world.client(world.director)
    tournament = client.post("/api/tournaments/", {"club": "pond", "name": "Cup", "game": "froggit"},
                             format="json").json()
    assert tournament["format"] == "round_robin"
    changed = client.patch(f"/api/tournaments/{tournament['id']}/",
                           {"format": "swiss", "format_settings": {"rounds": 2}, "name": "Spring Cup"}, format="json")
    assert changed.status_code == 200 and changed.json()["format"] == "swiss" and changed.json()["name"] == "Spring Cup"
    bad = client.patch(f"/api/tournaments/{tournament['id']}/", {"format_settings": {"rounds": "x"}}, format="json")
    assert bad.status_code == 400 and "format_settings" in bad.json()["fields"]
    fixed = client.patch(f"/api/tournaments/{tournament['id']}/", {"game": "leap_frog"}, format="json")
    assert fixed.status_code == 400 and fixed.json()["fields"] == {"game": ["unknown field"]}
    for player in (world.ana, world.ben):
        client.post(f"/api/tournaments/{tournament['id']}/entrants/", {"player": player.pk}, format="json")
    assert client.post(f"/api/tournaments/{tournament['id']}/start/").status_code == 200
    late = client.patch(f"/api/tournaments/{tournament['id']}/", {"name": "Late"}, format="json")
    assert late.status_code == 409 and late.json()["code"] == "already_started"
    assert client.delete(f"/api/tournaments/{tournament['id']}/").status_code == 409
    assert Tournament.objects.filter(pk=tournament["id"]).exists()


def test_a_tournament_is_created_with_its_players_or_not_at_all(world: World) -> None:
    client = world.client(world.director)
    body = {"club": "pond", "name": "Cup", "game": "leapfrog_race", "players": [world.ana.pk, world.ben.pk]}
    created = client.post("/api/tournaments/", body, format="json")
    assert created.status_code == 201 and [row["name"] for row in created.json()["entrants"]] == ["Ana", "Ben"]
    stranger = client.post("/api/tournaments/", {**body, "name": "Other", "players": [world.ana.pk,
                                                                                      world.private_player.pk]},
                           format="json")
    assert stranger.status_code == 400 and stranger.json()["fields"] == {"player": ["another club's"]}
    assert not Tournament.objects.filter(name="Other").exists()


def test_rounds_are_a_resource_of_their_own(world: World) -> None:
    tournament = tournament_services.create_tournament(club=world.club, name="T", game="leapfrog_race", seed="r")
    for player in (world.ana, world.ben, world.cy, world.dora):
        tournament_services.register(tournament, player)
    tournament_services.start(tournament)
    tournament_services.advance(tournament.pk)
    client = world.client(None)
    rounds = client.get("/api/rounds/", {"tournament": tournament.pk}).json()
    assert rounds["count"] == 1 and rounds["results"][0]["status"] == "proposed"
    world.client(world.director).post(f"/api/tournaments/{tournament.pk}/publish/", format="json")
    one = client.get(f"/api/rounds/{rounds['results'][0]['id']}/").json()
    assert one["status"] == "published" and len(one["matches"]) == 2 and one["tournament"] == tournament.pk


def test_directors_change_whether_a_match_is_rated_and_when_it_was_played(world: World) -> None:
    match = finished(world)
    assert Rating.objects.filter(player=world.ana, game="leapfrog_race").exists()
    client = world.client(world.director)
    unrated = client.patch(f"/api/matches/{match.pk}/", {"rated": False}, format="json")
    assert unrated.status_code == 200 and unrated.json()["rated"] is False
    assert not Rating.objects.filter(player=world.ana, game="leapfrog_race").exists()
    earlier = timezone.now() - timedelta(days=3)
    moved = client.patch(f"/api/matches/{match.pk}/", {"played_at": earlier.isoformat()}, format="json")
    assert moved.status_code == 200 and Match.objects.get(pk=match.pk).played_at == earlier
    refused = client.patch(f"/api/matches/{match.pk}/", {"result": {}}, format="json")
    assert refused.status_code == 400 and refused.json()["fields"] == {"result": ["unknown field"]}


def test_a_stored_match_is_verified_again_on_request(world: World) -> None:
    match = finished(world)
    verification = world.client(None).get(f"/api/matches/{match.pk}/verification/").json()
    assert verification["valid"] is True and verification["finished"] is True
    match.log.moves = match.log.moves[:3] + ["R9 Y9 G9 B9 O9 P9"] + match.log.moves[4:]
    match.log.save()
    broken = world.client(None).get(f"/api/matches/{match.pk}/verification/").json()
    assert broken["valid"] is False and broken["error"]["at"]


def test_directors_remove_a_ladder_and_its_schedule(world: World) -> None:
    ladder = ladder_services.create_ladder(club=world.club, game="froggit")
    schedule = ladder.periodic_task_id
    assert world.client(world.director).delete(f"/api/ladders/{ladder.pk}/").status_code == 204
    assert not PeriodicTask.objects.filter(pk=schedule).exists()


# -- long jobs

def test_staff_recompute_ratings_as_a_job_answered_202_and_polled(world: World) -> None:
    finished(world)
    before = list(Rating.objects.filter(game="leapfrog_race").values_list("player", "mu", "sigma").order_by("player"))
    staff = world.client(world.staff)
    answer = staff.post("/api/ratings/leapfrog_race/recompute/")
    assert answer.status_code == 202 and answer["Location"] == answer.json()["url"]
    assert answer.json()["url"].endswith(f"/api/jobs/{answer.json()['id']}/")
    job = staff.get(f"/api/jobs/{answer.json()['id']}/").json()  # in-process: done before the first poll
    assert job["status"] == "done" and job["result"]["games"][0]["game"] == "leapfrog_race"
    assert job["result"]["games"][0]["matches"] == 1
    after = list(Rating.objects.filter(game="leapfrog_race").values_list("player", "mu", "sigma").order_by("player"))
    assert after == before
    assert staff.post("/api/ratings/chess/recompute/").status_code == 404
    assert world.client(world.director).post("/api/ratings/froggit/recompute/").status_code == 403
    assert world.client(world.director).get("/api/jobs/").json()["count"] == 0


def test_a_failing_job_says_why(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    from tournaments.services import ratings

    def broken(game: str) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(ratings, "recompute_ratings", broken)
    answer = world.client(world.staff).post("/api/ratings/froggit/recompute/")
    job = Job.objects.get(pk=answer.json()["id"])
    assert job.status == Job.Status.FAILED and "the disk is full" in job.error and job.finished_at is not None


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_recompute_runs_on_a_real_worker(world: World, celery_worker: object) -> None:
    """With a broker the job is queued (202 at once) and a worker runs it."""
    from tests.helpers import worker_database_env

    if not worker_database_env():
        pytest.skip("the worker shares the test database only on PostgreSQL")
    finished(world)
    job = Job.objects.create(kind=Job.Kind.RECOMPUTE_RATINGS, params={"game": "leapfrog_race"})
    assert celery_worker.run("tournaments.run_job", job.pk) == "done"
    job.refresh_from_db()
    assert job.status == Job.Status.DONE and job.result["games"][0]["matches"] == 1
    assert celery_worker.run("tournaments.run_job", job.pk) == "done"  # a redelivery does nothing twice
