"""The setup pages: who may create a tournament, run its registration desk and enter
themselves; every game's options round-trip through the form; malformed input is answered
with a form error or a 4xx, and a refused request changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.tournaments.web.conftest import ROLES
from tournaments.models import Club, Entrant, Membership, Player, Round, Tournament
from tournaments.services import tournaments as services
from tournaments.services.bots import builtin_player

#: Per game: a value other than the default for every option, as the form posts it, and as stored.
EVERY_OPTION = {
    "froggit": ({"version": "expert", "family": "quick", "max_rounds": "150"},
                {"version": "expert", "family": "quick", "max_rounds": 150}),
    "leap_frog": ({"variant": "murray", "rows": "6", "cols": "7", "diagonal": "on"},
                  {"variant": "murray", "rows": 6, "cols": 7, "diagonal": True}),
    "leapfrog_race": ({"colours": "GB"}, {"colours": "GB", "plate": False}),
    "measure_and_tempo": ({"target": "5", "max_plays": "20", "max_circling": "3"},
                          {"target": 5, "max_plays": 20, "max_circling": 3}),
}
#: Each game's defaults as the form shows them (the switches that are on, the choices made).
DEFAULTS = {"froggit": {"version": "junior", "family": "standard", "max_rounds": "200"},
            "leap_frog": {"variant": "traditional"}, "leapfrog_race": {"plate": "on"},
            "measure_and_tempo": {"target": "11", "max_plays": "30", "max_circling": "11"}}
ALLOWED = {"anonymous": False, "member": False, "rival": False, "director": True, "staff": True}


def form_data(game: str = "leap_frog", *, options: dict[str, str] | None = None, **fields: object) -> dict:
    data = {"name": "Spring cup", "game": game, "format": "swiss", "rounds": "3", "rated": "on",
            "tiebreaks": ["buchholz", "wins"]}
    for slug, defaults in DEFAULTS.items():
        data.update({f"{slug}__{name}": value for name, value in defaults.items()})
    data.update({f"{game}__{name}": value for name, value in (options or {}).items()})
    data.update(fields)
    return {name: value for name, value in data.items() if value is not None}


def create_url(cast) -> str:
    return reverse("tournament-create", args=[cast.club.slug])


def open_tournament(cast, **extra) -> Tournament:
    return services.create_tournament(club=cast.club, name="Open", game="leap_frog", format="swiss",
                                      format_settings={"rounds": 3}, players=cast.players[:3], **extra)


# -- who may do what ------------------------------------------------------------------------------

@pytest.mark.parametrize("role", ROLES)
def test_only_the_clubs_directors_and_staff_open_the_creation_form(cast, role):
    response = cast.client(role).get(create_url(cast))
    if role == "anonymous":
        assert response.status_code == 302 and "/login/" in response["Location"]
    else:
        assert response.status_code == (200 if ALLOWED[role] else 403)


@pytest.mark.parametrize("role", ROLES)
def test_only_the_clubs_directors_and_staff_create_a_tournament(cast, role):
    response = cast.client(role).post(create_url(cast), form_data())
    created = Tournament.objects.filter(name="Spring cup").first()
    assert (created is not None) == ALLOWED[role]
    if ALLOWED[role]:
        assert response.status_code == 302
        assert response["Location"] == reverse("tournament-registration", args=[created.pk])
        assert (created.club, created.format, created.format_settings["rounds"]) == (cast.club, "swiss", 3)
    else:
        assert response.status_code in (302, 403)


def test_a_private_clubs_creation_form_is_not_found_by_outsiders(cast):
    Club.objects.filter(pk=cast.club.pk).update(public=False)
    assert cast.client("rival").get(create_url(cast)).status_code == 404
    assert cast.client("member").get(create_url(cast)).status_code == 403
    assert cast.client("director").get(reverse("tournament-create", args=["no-such-club"])).status_code == 404


@pytest.mark.parametrize("role", ROLES)
def test_only_directors_and_staff_run_the_registration_desk(cast, role):
    tournament = open_tournament(cast)
    url = reverse("tournament-registration", args=[tournament.pk])
    client = cast.client(role)
    page = client.get(url)
    entered = client.post(url, {"action": "enter", "player": cast.ana.pk})
    removed = client.post(url, {"action": "remove", "entrant": tournament.entrants.first().pk})
    started = client.post(url, {"action": "start"})
    tournament.refresh_from_db()
    if role == "anonymous":
        assert all(r.status_code == 302 and "/login/" in r["Location"] for r in (page, entered, removed, started))
    elif not ALLOWED[role]:
        assert {page.status_code, entered.status_code, removed.status_code, started.status_code} == {403}
    if not ALLOWED[role]:
        assert tournament.status == "registration" and tournament.entrants.count() == 3
        return
    assert page.status_code == 200 and b"Ben" in page.content
    assert entered.status_code == removed.status_code == started.status_code == 302
    assert tournament.status == "running"
    assert sorted(tournament.entrants.values_list("player__name", flat=True)) == ["Ana", "Cy", "Dora"]
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.PROPOSED


@pytest.mark.parametrize("role", ROLES)
def test_only_members_enter_themselves(cast, role):
    tournament = open_tournament(cast, self_registration=True)
    url = reverse("tournament-register-self", args=[tournament.pk])
    response = cast.client(role).post(url, {"action": "enter", "player": cast.ana.pk})
    entered = tournament.entrants.filter(player=cast.ana).exists()
    assert entered == (role == "member")
    expected = {"anonymous": 302, "member": 302, "rival": 403, "director": 400, "staff": 403}[role]
    assert response.status_code == expected
    if role == "anonymous":
        assert "/login/" in response["Location"]


def test_entering_oneself_is_a_post(cast):
    tournament = open_tournament(cast, self_registration=True)
    assert cast.client("member").get(reverse("tournament-register-self", args=[tournament.pk])).status_code == 405


def test_the_tournament_page_offers_a_member_their_entry_and_directors_the_desk(cast):
    tournament = open_tournament(cast, self_registration=True, check_in=True)
    page = cast.client("member").get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "Enter Ana" in page and reverse("tournament-register-self", args=[tournament.pk]) in page
    assert reverse("tournament-registration", args=[tournament.pk]) not in page
    cast.client("member").post(reverse("tournament-register-self", args=[tournament.pk]),
                               {"action": "enter", "player": cast.ana.pk})
    page = cast.client("member").get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "Check in Ana" in page and "Take back Ana" in page
    entrant = tournament.entrants.get(player=cast.ana)
    cast.client("member").post(reverse("tournament-register-self", args=[tournament.pk]),
                               {"action": "check_in", "entrant": entrant.pk})
    entrant.refresh_from_db()
    assert entrant.checked_in
    director = cast.client("director").get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert reverse("tournament-registration", args=[tournament.pk]) in director
    anonymous = cast.client("anonymous").get(reverse("tournament", args=[tournament.pk])).content.decode()
    assert "Your entry" not in anonymous and "Registration</a>" not in anonymous


def test_a_member_may_not_act_for_someone_elses_entrant(cast):
    tournament = open_tournament(cast, self_registration=True, check_in=True)
    ben = tournament.entrants.get(player__name="Ben")
    url = reverse("tournament-register-self", args=[tournament.pk])
    client = cast.client("member")
    client.post(url, {"action": "check_in", "entrant": ben.pk})
    client.post(url, {"action": "leave", "entrant": ben.pk})
    assert client.post(url, {"action": "enter", "player": ben.player_id}).status_code == 400
    assert client.post(url, {"action": "enter", "player": "9" * 40}).status_code == 400
    assert client.post(url, {"action": "leave", "entrant": "-1"}).status_code == 400
    assert client.post(url, {"action": "dance"}).status_code == 400
    ben.refresh_from_db()
    assert not ben.checked_in and tournament.entrants.count() == 3


# -- the creation form ----------------------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(EVERY_OPTION))
def test_every_option_of_every_game_renders_and_round_trips(cast, game):
    posted, stored = EVERY_OPTION[game]
    page = cast.client("director").get(create_url(cast)).content.decode()
    for name in stored:
        assert f'name="{game}__{name}"' in page
    response = cast.client("director").post(create_url(cast), form_data(
        game, options=posted, **({"leapfrog_race__plate": None} if game == "leapfrog_race" else {})))
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament = Tournament.objects.get(name="Spring cup")
    assert (tournament.game, tournament.options) == (game, stored)
    assert tournament.format_settings == {"rounds": 3, "tiebreaks": ["buchholz", "wins"]}


def test_the_format_settings_and_entry_rules_reach_the_tournament(cast):
    data = form_data("froggit", format="tables", table_size="4", place_points="4, 2, 1", self_registration="on",
                     check_in="on", bots="on", limit_move_ms="500", best_of="3", seed="fixed")
    response = cast.client("director").post(create_url(cast), data)
    assert response.status_code == 302
    tournament = Tournament.objects.get(name="Spring cup")
    assert tournament.format_settings == {"rounds": 3, "table_size": 4, "place_points": [4, 2, 1],
                                          "tiebreaks": ["buchholz", "wins"]}
    assert (tournament.bots, tournament.bot_limits, tournament.seed) == (True, {"move_ms": 500}, "fixed")
    assert tournament.self_registration and tournament.check_in and tournament.rated


def test_choose_shows_the_chosen_games_options_without_creating(cast):
    response = cast.client("director").post(create_url(cast), {"game": "measure_and_tempo", "format": "tables",
                                                               "choose": "1"})
    page = response.content.decode()
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert '<fieldset class="options" data-game="measure_and_tempo">' in page
    assert '<fieldset class="options" data-game="leap_frog" hidden>' in page
    assert 'class="errorlist' not in page


@pytest.mark.parametrize("fields, field, words", [
    ({"leap_frog__rows": "99"}, "leap_frog__rows", "less than or equal to 18"),
    ({"leap_frog__variant": "capture", "leap_frog__diagonal": "on"}, "leap_frog__diagonal", "rectangular boards"),
    ({"leapfrog_race__colours": "RR"}, "leapfrog_race__colours", "name a frog twice"),
    ({"game": "chess"}, "game", "Select a valid choice"),
    ({"format": "ladder"}, "format", "Select a valid choice"),
    ({"rounds": "-1"}, "rounds", "greater than or equal to 1"),
    ({"rounds": "abc"}, "rounds", "Enter a whole number"),
    ({"rounds": ""}, "rounds", "swiss needs the number of rounds"),
    ({"rounds": "101"}, "rounds", "less than or equal to 100"),
    ({"format": "tables", "table_size": "9"}, "table_size", "outside the game's limits"),
    ({"format": "round_robin", "best_of": "2"}, "best_of", "odd"),
    ({"format": "round_robin", "win": "0", "draw": "1"}, "win", "must not rise"),
    ({"format": "tables", "place_points": "1, x"}, "place_points", "numbers separated by commas"),
    ({"tiebreaks": ["wins", "elo"]}, "tiebreaks", "Select a valid choice"),
    ({"bots": "on", "limit_move_ms": "0"}, "limit_move_ms", "greater than or equal to 1"),
    ({"name": ""}, "name", "required"),
])
def test_malformed_settings_are_shown_beside_their_field(cast, fields, field, words):
    game = "leapfrog_race" if field.startswith("leapfrog_race") else "leap_frog"
    response = cast.client("director").post(create_url(cast), {**form_data(game), **fields})
    assert response.status_code == 200
    form = response.context["form"]
    assert words in " ".join(form.errors.get(field, [])), form.errors
    assert not Tournament.objects.exists()
    assert f'id="id_{field}_error"' in response.content.decode() or field in ("tiebreaks",)


# -- the registration desk ------------------------------------------------------------------------

def desk(cast, tournament: Tournament) -> str:
    return reverse("tournament-registration", args=[tournament.pk])


def test_the_desk_refuses_unknown_players_and_other_clubs_entrants(cast):
    tournament = open_tournament(cast)
    client = cast.client("director")
    unknown = client.post(desk(cast, tournament), {"action": "enter", "player": "999999"})
    assert unknown.status_code == 200 and "Select a valid choice" in str(unknown.context["enter_form"].errors)
    stranger = Player.objects.create(club=cast.other_club, name="Lou")
    assert client.post(desk(cast, tournament), {"action": "enter", "player": stranger.pk}).status_code == 200
    elsewhere = services.create_tournament(club=cast.other_club, name="Lily cup", game="leap_frog", players=[stranger])
    other_entrant = elsewhere.entrants.get()
    for action in ("remove", "withdraw", "check_in", "up"):
        assert client.post(desk(cast, tournament), {"action": action, "entrant": other_entrant.pk}).status_code == 400
    assert client.post(desk(cast, tournament), {"action": "remove", "entrant": "abc"}).status_code == 400
    assert client.post(desk(cast, tournament), {"action": "remove", "entrant": "9" * 40}).status_code == 400
    huge = client.post(desk(cast, tournament), {"action": "enter", "player": "9" * 40})
    assert huge.status_code == 200 and huge.context["enter_form"].errors
    assert client.post(desk(cast, tournament), {"action": "explode"}).status_code == 400
    assert elsewhere.entrants.count() == 1 and tournament.entrants.count() == 3
    assert not Entrant.objects.filter(player=stranger, tournament=tournament).exists()


def test_the_desk_lists_entrants_and_moves_seeds(cast):
    tournament = open_tournament(cast, check_in=True)
    client = cast.client("director")
    cy = tournament.entrants.get(player__name="Cy")
    client.post(desk(cast, tournament), {"action": "up", "entrant": cy.pk})
    client.post(desk(cast, tournament), {"action": "check_in", "entrant": cy.pk})
    cy.refresh_from_db()
    assert cy.seed == 1 and cy.checked_in
    page = client.get(desk(cast, tournament)).content.decode()
    assert "checked in" in page and "Not checked in, so left out: Ben, Dora." in page


def test_a_refused_start_is_shown_and_changes_nothing(cast):
    tournament = services.create_tournament(club=cast.club, name="Lonely", game="leap_frog", players=[cast.ana])
    response = cast.client("director").post(desk(cast, tournament), {"action": "start"}, follow=True)
    assert "needs at least 2 entrants, not 1" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == "registration"


def test_a_late_entry_and_a_withdrawal_are_confirmed_after_their_effect_is_shown(cast):
    tournament = open_tournament(cast)
    client = cast.client("director")
    client.post(desk(cast, tournament), {"action": "start"})
    preview = client.post(desk(cast, tournament), {"action": "enter", "player": cast.ana.pk})
    assert "Ana joins round 1 on 0 points." in preview.content.decode()
    assert not tournament.entrants.filter(player=cast.ana).exists()
    client.post(desk(cast, tournament), {"action": "enter", "player": cast.ana.pk, "confirm": "1"})
    assert tournament.entrants.get(player=cast.ana).joined_round == 1
    dora = tournament.entrants.get(player__name="Dora")
    preview = client.post(desk(cast, tournament), {"action": "withdraw", "entrant": dora.pk}).content.decode()
    assert "Dora is withdrawn after round 0: no more pairings" in preview
    dora.refresh_from_db()
    assert not dora.withdrawn
    client.post(desk(cast, tournament), {"action": "withdraw", "entrant": dora.pk, "confirm": "1"})
    dora.refresh_from_db()
    assert dora.withdrawn


def test_a_bot_tournament_enters_the_clubs_bots_and_starts_to_its_public_page(cast):
    bots = [builtin_player(cast.club, "leapfrog_race", f"Bot {n}", "random") for n in range(3)]
    builtin_player(cast.club, "froggit", "Froggit bot", "random")
    tournament = services.create_tournament(club=cast.club, name="Bot cup", game="leapfrog_race", bots=True)
    client = cast.client("director")
    page = client.get(desk(cast, tournament)).content.decode()
    assert "Bot 0" in page and "Froggit bot" not in page and "Ana" not in page
    assert client.post(desk(cast, tournament), {"action": "enter", "player": cast.ana.pk}).status_code == 200
    for bot in bots:
        client.post(desk(cast, tournament), {"action": "enter", "player": bot.pk})
    response = client.post(desk(cast, tournament), {"action": "start"})
    assert response.status_code == 302 and response["Location"] == reverse("tournament", args=[tournament.pk])
    tournament.refresh_from_db()
    assert tournament.status in ("running", "finished") and tournament.entrants.count() == 3


def test_registration_rules_change_until_the_start(cast):
    tournament = open_tournament(cast)
    client = cast.client("director")
    client.post(desk(cast, tournament), {"action": "rules", "self_registration": "on", "check_in": "on"})
    tournament.refresh_from_db()
    assert tournament.self_registration and tournament.check_in
    Membership.objects.filter(user=cast.member).update(role=Membership.Role.DIRECTOR)
    assert cast.client("member").get(desk(cast, tournament)).status_code == 200
