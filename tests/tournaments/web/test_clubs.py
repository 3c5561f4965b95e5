"""The club pages: a club's page with its tools for members and directors, creating a club and
its settings, and who may open or post to each (anonymous, member, rival, director, staff)."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.web.conftest import ROLES
from tests.tournaments.web.pages import snapshot
from tournaments.models import Club, Membership

LOGIN = "/accounts/login/?next="

PAGES = {  # the page: what each role gets
    "/clubs/new/": {"anonymous": 302, "member": 200, "rival": 200, "director": 200, "staff": 200},
    "/clubs/pond/": {"anonymous": 200, "member": 200, "rival": 200, "director": 200, "staff": 200},
    "/clubs/pond/settings/": {"anonymous": 302, "member": 403, "rival": 403, "director": 200, "staff": 200},
}
PRIVATE = {
    "/clubs/pond/": {"anonymous": 404, "member": 200, "rival": 404, "director": 200, "staff": 200},
    "/clubs/pond/settings/": {"anonymous": 302, "member": 403, "rival": 404, "director": 200, "staff": 200},
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("path", PAGES)
def test_who_opens_each_page_of_a_public_club(cast, path: str, role: str) -> None:
    answer = cast.client(role).get(path)
    assert answer.status_code == PAGES[path][role]
    if answer.status_code == 302:
        assert answer["Location"] == LOGIN + path


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("path", PRIVATE)
def test_a_private_club_stays_invisible_to_those_outside_it(cast, path: str, role: str) -> None:
    Club.objects.filter(pk=cast.club.pk).update(public=False)
    assert cast.client(role).get(path).status_code == PRIVATE[path][role]


@pytest.mark.parametrize("role", ["anonymous", "member", "rival"])
def test_refused_settings_change_nothing(cast, role: str) -> None:
    before = snapshot()
    answer = cast.client(role).post("/clubs/pond/settings/", {"name": "Taken Over", "public": ""})
    assert answer.status_code == {"anonymous": 302, "member": 403, "rival": 403}[role]
    assert snapshot() == before


def test_anonymous_people_cannot_create_a_club(cast) -> None:
    before = snapshot()
    answer = cast.client("anonymous").post("/clubs/new/", {"name": "Mine", "slug": "mine", "public": "on"})
    assert answer.status_code == 302 and answer["Location"].startswith(LOGIN)
    assert snapshot() == before


def test_the_club_page_shows_each_role_its_tools(cast) -> None:
    tools = ["/clubs/pond/members/", "/clubs/pond/players/", "/clubs/pond/settings/", "/clubs/pond/players/import/"]
    seen = {role: [tool for tool in tools if f'href="{tool}"' in cast.client(role).get("/clubs/pond/").content.decode()]
            for role in ROLES}
    assert seen == {"anonymous": [], "rival": [], "member": tools[:2], "director": tools, "staff": tools}
    assert "You are a director here." in cast.client("director").get("/clubs/pond/").content.decode()


def test_creating_a_club_makes_its_creator_director_with_a_slug_from_the_name(cast) -> None:
    client = cast.client("member")
    page = client.get("/clubs/new/").content.decode()
    assert "Public clubs show their finished matches to everyone" in page and "clubs.js" in page
    answer = client.post("/clubs/new/", {"name": "Étang Club", "slug": "", "public": ""})
    assert answer.status_code == 302 and answer["Location"] == "/clubs/etang-club/"
    club = Club.objects.get(slug="etang-club")
    assert not club.public and club.memberships.get().user == cast.member
    assert club.memberships.get().role == Membership.Role.DIRECTOR


@pytest.mark.parametrize(("fields", "field", "why", "status"), [
    ({"name": "Other", "slug": "pond"}, "slug", "already taken", 400),
    ({"name": "Other", "slug": "new"}, "slug", "names a page", 400),
    ({"name": "Other", "slug": "no spaces"}, "slug", "letters, digits, hyphens", 400),
    ({"name": "", "slug": "x"}, "name", "This field is required.", 400),
    ({"name": "Zero\u200bWidth", "slug": "zw"}, "name", "U+200B", 400),
])
def test_a_refused_club_says_why_beside_the_field(cast, fields, field: str, why: str, status: int) -> None:
    before = snapshot()
    answer = cast.client("member").post("/clubs/new/", fields)
    assert answer.status_code == status
    html = answer.content.decode()
    assert f'id="id_{field}_error"' in html and why in html.split(f'id="id_{field}_error"')[1][:300]
    assert re.search(f'aria-describedby="[^"]*id_{field}_error"', html)
    assert snapshot() == before


def test_directors_rename_a_club_and_make_it_private(cast) -> None:
    answer = cast.client("director").post("/clubs/pond/settings/", {
        "name": "Pond Club of Leaps", "public": "", "casual_rated": "on", "challenge_quota": "12"})
    assert answer.status_code == 302 and answer["Location"] == "/clubs/pond/"
    cast.club.refresh_from_db()
    assert (cast.club.name, cast.club.public) == ("Pond Club of Leaps", False)
    assert (cast.club.casual_rated, cast.club.challenge_quota) == (True, 12)
    assert cast.client("anonymous").get("/clubs/pond/").status_code == 404


def test_a_challenge_quota_out_of_bounds_is_refused_beside_its_field(cast) -> None:
    before = snapshot()
    answer = cast.client("director").post("/clubs/pond/settings/", {
        "name": "Pond Club", "public": "on", "challenge_quota": "10001"})
    page = answer.content.decode()
    assert answer.status_code == 400 and 'id="id_challenge_quota_error"' in page
    assert "a whole number from 0 to 10,000" in page
    assert snapshot() == before


def test_a_bad_new_name_is_refused_beside_the_field(cast) -> None:
    before = snapshot()
    answer = cast.client("director").post("/clubs/pond/settings/", {"name": "  ", "public": "on",
                                                                    "challenge_quota": "50"})
    assert answer.status_code == 400 and 'id="id_name_error"' in answer.content.decode()
    assert snapshot() == before
