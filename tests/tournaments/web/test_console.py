"""The director's console, rounds and sheets as each role sees them: who may open and post
what, a proposed round changed, published and printed, pairing the next round, the finish,
and malformed input answered with a form error or a 4xx, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.console_data import leap_frog_swiss, played_log
from tests.tournaments.web.conftest import ROLES, Cast
from tournaments.models import Match, Round, Tournament
from tournaments.services import results
from tournaments.services import tournaments as services

#: What each role gets on a director's page of a public club's tournament.
SEEN = {"anonymous": 302, "member": 403, "rival": 403, "director": 200, "staff": 200}


@pytest.fixture
def tournament(cast: Cast) -> Tournament:
    return leap_frog_swiss(cast.club, [cast.ana, *cast.players])


def proposal(tournament: Tournament, number: int = 1) -> list[dict[str, Any]]:
    return Round.objects.get(tournament=tournament, number=number).proposal


def finish(tournament: Tournament, number: int) -> None:
    for match in tournament.matches.filter(round__number=number):
        results.record_log(match, log=played_log(match))


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("page", ["tournament-console", "round", "round-print"])
def test_who_may_open_the_director_pages(cast: Cast, tournament: Tournament, role: str, page: str) -> None:
    path = f"/tournaments/{tournament.pk}/console/" if page == "tournament-console" else \
        f"/tournaments/{tournament.pk}/rounds/1/" + ("print/" if page == "round-print" else "")
    response = cast.client(role).get(path)
    assert response.status_code == SEEN[role], (role, page)
    if role == "anonymous":
        assert response["Location"].startswith("/accounts/login/")


def test_a_private_clubs_tournament_is_not_found_by_outsiders(cast: Cast) -> None:
    cast.club.public = False
    cast.club.save()
    tournament = leap_frog_swiss(cast.club, [cast.ana, *cast.players[:1]], rounds=1)
    assert cast.client("rival").get(f"/tournaments/{tournament.pk}/console/").status_code == 404
    assert cast.client("member").get(f"/tournaments/{tournament.pk}/console/").status_code == 403


POSTS = [("console", {"action": "pair"}), ("round", {"action": "publish"}), ("round", {"action": "pair_again"}),
         ("round", {"action": "swap", "swap-first": "FIRST", "swap-second": "SECOND"})]


@pytest.mark.parametrize("role", ["anonymous", "member", "rival"])
@pytest.mark.parametrize(("page", "data"), POSTS)
def test_refused_posts_change_nothing(cast: Cast, tournament: Tournament, role: str, page: str, data: dict) -> None:
    before = proposal(tournament)
    data = {key: str(before[0]["seats"][0]) if value == "FIRST" else str(before[1]["seats"][0])
            if value == "SECOND" else value for key, value in data.items()}
    path = f"/tournaments/{tournament.pk}/console/" if page == "console" else f"/tournaments/{tournament.pk}/rounds/1/"
    response = cast.client(role).post(path, data)
    assert response.status_code in (302, 403, 404)
    assert response.status_code == SEEN[role]
    assert proposal(tournament) == before
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.PROPOSED
    assert not tournament.matches.exists()


def test_the_proposed_round_shows_its_pairings_seeds_and_points(cast: Cast, tournament: Tournament) -> None:
    page = cast.client("director").get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    for name in ("Ana", "Ben", "Cy", "Dora", "Eve", "Fay"):
        assert name in page
    assert "seed 1" in page and "Publish round 1" in page and 'name="csrfmiddlewaretoken"' in page
    assert 'for="id_swap-first"' in page and 'for="id_swap-second"' in page
    assert "style=" not in page and "<script>" not in page
    console = cast.client("director").get(f"/tournaments/{tournament.pk}/console/").content.decode()
    assert "Check and publish round 1" in console


def test_a_director_swaps_then_publishes(cast: Cast, tournament: Tournament) -> None:
    client = cast.client("director")
    games = proposal(tournament)
    first, second = games[0]["seats"][0], games[1]["seats"][0]
    response = client.post(f"/tournaments/{tournament.pk}/rounds/1/",
                           {"action": "swap", "swap-first": first, "swap-second": second})
    assert response.status_code == 302
    assert proposal(tournament)[0]["seats"][0] == second
    response = client.post(f"/tournaments/{tournament.pk}/rounds/1/", {"action": "publish"}, follow=True)
    assert response.status_code == 200 and b"Round 1 is published" in response.content
    assert tournament.matches.filter(status=Match.Status.SCHEDULED).count() == 3
    page = response.content.decode()
    assert "3 results missing" in page and "Enter result" in page
    again = client.post(f"/tournaments/{tournament.pk}/rounds/1/", {"action": "publish"}, follow=True)
    assert b"no longer change" in again.content and tournament.matches.count() == 3


@pytest.mark.parametrize("data", [
    {"action": "swap", "swap-first": "99999", "swap-second": "1"},
    {"action": "swap", "swap-first": "abc", "swap-second": ""},
    {"action": "swap"},
    {"action": "swap", "swap-first": "SAME", "swap-second": "SAME"},
])
def test_malformed_swaps_are_form_errors(cast: Cast, tournament: Tournament, data: dict) -> None:
    before = proposal(tournament)
    same = str(before[0]["seats"][0])
    data = {key: same if value == "SAME" else value for key, value in data.items()}
    response = cast.client("director").post(f"/tournaments/{tournament.pk}/rounds/1/", data)
    assert response.status_code == 200
    assert b"errorlist" in response.content
    assert proposal(tournament) == before


def test_unknown_actions_and_rounds_are_4xx(cast: Cast, tournament: Tournament) -> None:
    client = cast.client("director")
    assert client.post(f"/tournaments/{tournament.pk}/rounds/1/", {"action": "explode"}).status_code == 400
    assert client.post(f"/tournaments/{tournament.pk}/console/", {"action": "explode"}).status_code == 400
    assert client.post(f"/tournaments/{tournament.pk}/rounds/1/", {"action": "move", "move-entrant": "1"}).status_code == 400
    assert client.get(f"/tournaments/{tournament.pk}/rounds/9/").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/rounds/9/print/").status_code == 404
    assert client.get("/tournaments/99999/console/").status_code == 404
    assert client.get(f"/tournaments/{tournament.pk}/rounds/-1/").status_code == 404


def test_pairing_the_next_round_is_refused_while_the_round_is_in_progress(cast: Cast, tournament: Tournament) -> None:
    client = cast.client("director")
    services.publish_proposed(tournament)
    response = client.post(f"/tournaments/{tournament.pk}/console/", {"action": "pair"}, follow=True)
    assert b"still has games to play" in response.content
    assert not Round.objects.filter(tournament=tournament, number=2).exists()
    finish(tournament, 1)
    page = client.get(f"/tournaments/{tournament.pk}/console/").content.decode()
    assert "Every result of round 1 is in." in page
    response = client.post(f"/tournaments/{tournament.pk}/console/", {"action": "pair"})
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{tournament.pk}/rounds/2/"
    assert Round.objects.get(tournament=tournament, number=2).status == Round.Status.PROPOSED


def test_the_print_sheets_list_every_table(cast: Cast, tournament: Tournament) -> None:
    client = cast.client("director")
    proposed = client.get(f"/tournaments/{tournament.pk}/rounds/1/print/").content.decode()
    assert proposed.count("Score sheet · table") == 3 and "(proposed)" in proposed
    services.publish_proposed(tournament)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/print/").content.decode()
    assert page.count("Score sheet · table") == 3 and "data-print" in page and "print.js" in page
    assert "turn" in page and "signature" in page
    assert "style=" not in page and "onclick" not in page


def test_the_finished_tournament_shows_standings_crosstable_and_replays(cast: Cast) -> None:
    tournament = leap_frog_swiss(cast.club, [cast.ana, *cast.players[:3]], rounds=2)
    client = cast.client("director")
    for number in (1, 2):
        services.publish_proposed(tournament)
        finish(tournament, number)
        client.post(f"/tournaments/{tournament.pk}/console/", {"action": "pair"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    page = client.get(f"/tournaments/{tournament.pk}/console/").content.decode()
    assert "Final standings" in page and "Crosstable" in page
    for match in tournament.matches.all():
        assert f'href="/matches/{match.pk}/"' in page
    assert "Pair next round" not in page


def test_a_registration_tournament_links_to_registration_only_where_it_exists(cast: Cast) -> None:
    tournament = services.create_tournament(club=cast.club, name="Soon", game="leap_frog", format="swiss",
                                            format_settings={"rounds": 2})
    response = cast.client("director").get(f"/tournaments/{tournament.pk}/console/")
    assert response.status_code == 200 and b"Registration" in response.content


def test_tables_format_moves_an_entrant(cast: Cast) -> None:
    tournament = services.create_tournament(club=cast.club, name="Tables", game="leap_frog", format="tables",
                                            options={"rows": 6, "cols": 6}, format_settings={"rounds": 1, "table_size": 3},
                                            players=[cast.ana, *cast.players])
    services.start_and_pair(tournament)
    client = cast.client("director")
    mover = proposal(tournament)[0]["seats"][0]
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert 'for="id_move-table"' in page
    response = client.post(f"/tournaments/{tournament.pk}/rounds/1/",
                           {"action": "move", "move-entrant": mover, "move-table": "1", "move-seat": ""})
    assert response.status_code == 302
    assert [len(game["seats"]) for game in proposal(tournament)] == [2, 4]
    refused = client.post(f"/tournaments/{tournament.pk}/rounds/1/",
                          {"action": "move", "move-entrant": mover, "move-table": "2", "move-seat": ""})
    assert refused.status_code == 200 and b"seats 2 to 6" in refused.content


def test_a_running_tournaments_console_links_to_withdrawals_and_late_entries(cast: Cast, tournament: Tournament) -> None:
    """Entrants leave mid-event: the console leads the director to the registration desk while
    the tournament runs, not only before it starts."""
    page = cast.client("director").get(f"/tournaments/{tournament.pk}/console/").content.decode()
    assert f'href="/tournaments/{tournament.pk}/registration/">Entrants: withdrawals and late entries</a>' in page
