"""Accounts through the API: staff create, change and deactivate them as in the admin site;
everyone reads and changes their own e-mail and password at /api/users/me/."""

from __future__ import annotations

from django.contrib.auth.models import User

from tests.helpers.world import World


def test_staff_create_an_account_that_can_get_a_token(world: World) -> None:
    created = world.client(world.staff).post("/api/users/", {"username": "newcomer", "password": "a-long-pass-9x",
                                                             "email": "n@example.org"}, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["username"] == "newcomer" and body["clubs"] == {} and "password" not in body
    token = world.client(None).post("/api/auth/token/", {"username": "newcomer", "password": "a-long-pass-9x"},
                                    format="json")
    assert token.status_code == 200 and token.json()["token"]
    added = world.client(world.director).post("/api/memberships/", {"club": "pond", "user": "newcomer"},
                                              format="json")
    assert added.status_code == 201
    assert world.client(world.staff).get(f"/api/users/{body['id']}/").json()["clubs"] == {"pond": "member"}


def test_bad_accounts_are_refused_with_the_reason(world: World) -> None:
    staff = world.client(world.staff)
    for body, field in (({"username": "ana", "password": "a-long-pass-9x"}, "username"),
                        ({"username": "x y", "password": "a-long-pass-9x"}, "username"),
                        ({"username": "weak", "password": "123"}, "password"),
                        ({"username": "weak", "password": "password"}, "password"),
                        ({"username": "odd", "password": "a-long-pass-9x", "admin": True}, "admin")):
        answer = staff.post("/api/users/", body, format="json")
        assert answer.status_code == 400 and field in answer.json()["fields"], (body, answer.json())
    assert not User.objects.filter(username__in=["x y", "weak", "odd"]).exists()


def test_me_reads_and_changes_ones_own_account(world: World) -> None:
    mine = world.client(world.member).get("/api/users/me/").json()
    assert mine["username"] == "ana" and mine["clubs"] == {"pond": "member"}
    changed = world.client(world.member).patch("/api/users/me/", {"email": "ana@example.org",
                                                                 "password": "a-new-pass-phrase-7",
                                                                 "current_password": "pw-ana-123"}, format="json")
    assert changed.status_code == 200 and changed.json()["email"] == "ana@example.org"
    world.member.refresh_from_db()
    assert world.member.check_password("a-new-pass-phrase-7")
    refused = world.client(world.member).patch("/api/users/me/", {"is_staff": True}, format="json")
    assert refused.status_code == 403
    assert world.client(None).get("/api/users/me/").status_code == 403


def test_staff_deactivate_accounts_but_not_their_own(world: World) -> None:
    staff = world.client(world.staff)
    off = staff.patch(f"/api/users/{world.bystander.pk}/", {"is_active": False}, format="json")
    assert off.status_code == 200 and off.json()["is_active"] is False
    assert world.client(None).post("/api/auth/token/", {"username": "bystander", "password": "x"},
                                   format="json").status_code == 400
    own = staff.patch(f"/api/users/{world.staff.pk}/", {"is_active": False}, format="json")
    assert own.status_code == 409 and own.json()["code"] == "own_account"
    assert staff.delete(f"/api/users/{world.bystander.pk}/").status_code == 405


def test_directors_reseed_entrants_before_the_start(world: World) -> None:
    from tournaments.services import tournaments as tournament_services

    tournament = tournament_services.create_tournament(club=world.club, name="Cup", game="froggit",
                                                       format="round_robin")
    entrants = [tournament_services.register(tournament, player) for player in (world.ana, world.ben, world.cy)]
    order = [entrants[2].pk, entrants[0].pk, entrants[1].pk]
    director = world.client(world.director)
    answer = director.post(f"/api/tournaments/{tournament.pk}/seeds/", {"order": order}, format="json")
    assert answer.status_code == 200
    assert [entrant["id"] for entrant in sorted(answer.json()["entrants"], key=lambda e: e["seed"])] == order
    for bad in ([order[0]], order + [order[0]], [*order[:2], 10**6], "all"):
        refused = director.post(f"/api/tournaments/{tournament.pk}/seeds/", {"order": bad}, format="json")
        assert refused.status_code == 400 and "order" in refused.json()["fields"]
    tournament_services.start(tournament)
    late = director.post(f"/api/tournaments/{tournament.pk}/seeds/", {"order": order}, format="json")
    assert late.status_code == 409


def test_directors_move_a_match_into_a_tournament_round(world: World) -> None:
    from tournaments.models import Match
    from tournaments.services import matches as match_services
    from tournaments.services import tournaments as tournament_services

    tournament = tournament_services.create_tournament(club=world.club, name="Cup", game="leapfrog_race",
                                                       format="round_robin")
    other_game = tournament_services.create_tournament(club=world.club, name="Other", game="froggit",
                                                       format="round_robin")
    match = match_services.create_match(club=world.club, game="leapfrog_race", players=[world.ana, world.ben],
                                        draw_setup=True)
    director = world.client(world.director)
    moved = director.patch(f"/api/matches/{match.pk}/", {"tournament": tournament.pk}, format="json")
    assert moved.status_code == 200 and moved.json()["tournament"] == tournament.pk
    wrong = director.patch(f"/api/matches/{match.pk}/", {"tournament": other_game.pk}, format="json")
    assert wrong.status_code == 400 and "tournament" in wrong.json()["fields"]
    detached = director.patch(f"/api/matches/{match.pk}/", {"tournament": None}, format="json")
    assert detached.status_code == 200 and Match.objects.get(pk=match.pk).tournament is None
    assert world.client(world.member).patch(f"/api/matches/{match.pk}/", {"tournament": tournament.pk},
                                            format="json").status_code == 403
