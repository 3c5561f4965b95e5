"""The members page (the list with who invited whom; links, invites, roles and removals for
directors; leaving) and the join page an invitation link opens, for every role."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.tournaments.web.conftest import ROLES
from tests.tournaments.web.pages import snapshot
from tournaments.models import Club, Invitation, Membership
from tournaments.services.invitations import create_invitation

MEMBERS = "/clubs/pond/members/"
SEES = {"anonymous": 302, "member": 200, "rival": 403, "director": 200, "staff": 200}


@pytest.fixture
def link(cast) -> Invitation:
    return create_invitation(cast.club, by=cast.director, max_uses=3)


def director_actions(cast, link: Invitation) -> dict[str, dict[str, str]]:
    ana = cast.club.memberships.get(user=cast.member)
    return {
        "link": {"action": "link", "role": "member", "days": "7", "max_uses": "2"},
        "invite": {"action": "invite", "invite-username": "staff", "invite-role": "member"},
        "revoke": {"action": "revoke", "invitation": str(link.pk)},
        "role": {"action": "role", "membership": str(ana.pk), "role": "director"},
        "remove": {"action": "remove", "membership": str(ana.pk)},
    }


@pytest.mark.parametrize("role", ROLES)
def test_who_opens_the_members_page(cast, role: str) -> None:
    answer = cast.client(role).get(MEMBERS)
    assert answer.status_code == SEES[role]
    Club.objects.filter(pk=cast.club.pk).update(public=False)
    assert cast.client(role).get(MEMBERS).status_code == {**SEES, "rival": 404}[role]


@pytest.mark.parametrize("role", ["anonymous", "member", "rival"])
@pytest.mark.parametrize("action", ["link", "invite", "revoke", "role", "remove"])
def test_refused_director_actions_change_nothing(cast, link, role: str, action: str) -> None:
    before = snapshot()
    answer = cast.client(role).post(MEMBERS, director_actions(cast, link)[action])
    assert answer.status_code == {"anonymous": 302, "member": 403, "rival": 403}[role]
    assert snapshot() == before


def test_members_see_who_invited_whom_and_no_directors_tools(cast, link) -> None:
    html = cast.client("member").get(MEMBERS).content.decode()
    assert "invited by director" in html and "Leave Pond Club" in html
    assert link.code not in html and "Invitation links" not in html and "Set role" not in html


def test_directors_see_open_links_as_full_addresses_to_copy(cast, link) -> None:
    expired = create_invitation(cast.club, by=cast.director)
    Invitation.objects.filter(pk=expired.pk).update(expires_at=timezone.now() - timedelta(days=1))
    html = cast.client("director").get(MEMBERS).content.decode()
    assert f'value="http://testserver/join/{link.code}/"' in html and "readonly" in html
    assert html.count('name="action" value="revoke"') == 1  # the expired link is not shown
    assert "used 0 of 3" in html


def test_directors_make_a_link_and_revoke_it(cast) -> None:
    client = cast.client("director")
    answer = client.post(MEMBERS, {"action": "link", "role": "director", "days": "", "max_uses": "5"})
    assert answer.status_code == 302
    made = Invitation.objects.get(club=cast.club)
    assert (made.role, made.expires_at, made.max_uses, made.created_by) == ("director", None, 5, cast.director)
    assert client.post(MEMBERS, {"action": "revoke", "invitation": str(made.pk)}).status_code == 302
    made.refresh_from_db()
    assert made.revoked


def test_inviting_by_username_records_the_director_as_inviter(cast) -> None:
    answer = cast.client("director").post(MEMBERS, {"action": "invite", "invite-username": "rival",
                                                    "invite-role": "member"})
    assert answer.status_code == 302
    membership = cast.club.memberships.get(user=cast.rival)
    assert (membership.role, membership.invited_by) == ("member", cast.director)
    assert "invited by director" in cast.client("member").get(MEMBERS).content.decode()


@pytest.mark.parametrize(("username", "status", "why"), [("nobody", 400, "no account is named &#x27;nobody&#x27;"),
                                                         ("ana", 409, "ana is already a member")])
def test_inviting_by_username_says_why_not_beside_the_field(cast, username: str, status: int, why: str) -> None:
    before = snapshot()
    answer = cast.client("director").post(MEMBERS, {"action": "invite", "invite-username": username,
                                                    "invite-role": "member"})
    assert answer.status_code == status
    html = answer.content.decode()
    assert why in html.split('id="id_invite-username_error"')[1][:200]
    assert snapshot() == before


@pytest.mark.parametrize(("fields", "status", "why"), [
    ({"action": "role", "membership": "999999", "role": "member"}, 400, "membership: no such member of this club"),
    ({"action": "role", "membership": "ana", "role": "member"}, 400, "membership: no such member of this club"),
    ({"action": "role", "membership": "{ana}", "role": "king"}, 400, "role: Select a valid choice"),
    ({"action": "role", "membership": "{ana}", "role": ""}, 400, "a role is one of director, member"),
    ({"action": "remove", "membership": "{rival}"}, 400, "membership: no such member of this club"),
    ({"action": "revoke", "invitation": "12x"}, 400, "invitation: no such open link of this club"),
    ({"action": "role", "membership": "{director}", "role": "member"}, 409, "only director of Pond Club"),
    ({"action": "remove", "membership": "{director}"}, 409, "only director of Pond Club"),
    ({"action": "link", "role": "boss", "days": "7"}, 400, "Select a valid choice"),
    ({"action": "link", "role": "member", "days": "0"}, 400, "greater than or equal to 1"),
    ({"action": "explode"}, 400, "unknown action &#x27;explode&#x27;"),
    ({}, 400, "unknown action"),
])
def test_malformed_or_refused_director_posts_answer_4xx_with_why(cast, fields, status: int, why: str) -> None:
    ids = {name: str(Membership.objects.get(user__username=name).pk) for name in ("ana", "director", "rival")}
    fields = {key: value.format(**ids) for key, value in fields.items()}
    before = snapshot()
    answer = cast.client("director").post(MEMBERS, fields)
    assert answer.status_code == status
    assert why in answer.content.decode()
    assert snapshot() == before


def test_directors_change_a_role_and_remove_a_member(cast) -> None:
    client = cast.client("director")
    ana = cast.club.memberships.get(user=cast.member)
    assert client.post(MEMBERS, {"action": "role", "membership": str(ana.pk), "role": "director"}).status_code == 302
    ana.refresh_from_db()
    assert ana.role == "director"
    assert client.post(MEMBERS, {"action": "remove", "membership": str(ana.pk)}).status_code == 302
    assert not cast.club.memberships.filter(user=cast.member).exists()
    cast.ana.refresh_from_db()
    assert cast.ana.user == cast.member  # the player stays, with its account


def test_a_member_leaves_and_the_last_director_cannot(cast) -> None:
    answer = cast.client("member").post(MEMBERS, {"action": "leave"})
    assert answer.status_code == 302 and answer["Location"] == "/clubs/pond/"
    assert not cast.club.memberships.filter(user=cast.member).exists()
    before = snapshot()
    answer = cast.client("director").post(MEMBERS, {"action": "leave"})
    assert answer.status_code == 409 and "only director of Pond Club" in answer.content.decode()
    assert snapshot() == before
    answer = cast.client("staff").post(MEMBERS, {"action": "leave"})
    assert answer.status_code == 400 and "You are not a member of this club." in answer.content.decode()


# -- the join page ------------------------------------------------------------------------------

@pytest.mark.parametrize("role", ROLES)
def test_everyone_reads_a_working_link(cast, link, role: str) -> None:
    answer = cast.client(role).get(f"/join/{link.code}/")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "Join Pond Club" in html and "as a <strong>member</strong>" in html
    if role == "anonymous":
        assert f'href="/accounts/login/?next=/join/{link.code}/"' in html and "<form" not in html.split("<main")[1]
    elif role in ("member", "director"):
        assert "You are already a member of Pond Club." in html
    else:
        assert "<button>Join Pond Club</button>" in html


def test_the_sign_up_link_carries_the_code_where_sign_up_exists(cast, link) -> None:
    from django.urls import NoReverseMatch, reverse

    html = cast.client("anonymous").get(f"/join/{link.code}/").content.decode()
    try:
        signup = reverse("signup")
    except NoReverseMatch:
        assert "Sign up to join" not in html
    else:
        assert f'href="{signup}?invitation={link.code}"' in html


def test_joining_makes_a_member_invited_by_the_links_maker(cast, link) -> None:
    answer = cast.client("rival").post(f"/join/{link.code}/")
    assert answer.status_code == 302 and answer["Location"] == "/clubs/pond/"
    membership = cast.club.memberships.get(user=cast.rival)
    assert (membership.role, membership.invited_by) == ("member", cast.director)
    link.refresh_from_db()
    assert link.uses == 1


def test_anonymous_joining_is_sent_to_log_in_and_changes_nothing(cast, link) -> None:
    before = snapshot()
    answer = cast.client("anonymous").post(f"/join/{link.code}/")
    assert answer.status_code == 302 and answer["Location"] == f"/accounts/login/?next=/join/{link.code}/"
    assert snapshot() == before


@pytest.mark.parametrize(("spoil", "status", "why"), [
    ("revoked", 404, "this invitation link is not valid"),
    ("unknown", 404, "this invitation link is not valid"),
    ("expired", 409, "this invitation link has expired or been used up"),
    ("used up", 409, "this invitation link has expired or been used up"),
])
def test_a_link_that_does_not_work_says_why(cast, link, spoil: str, status: int, why: str) -> None:
    code = link.code
    if spoil == "revoked":
        Invitation.objects.filter(pk=link.pk).update(revoked=True)
    elif spoil == "unknown":
        code = "x" * 200
    elif spoil == "expired":
        Invitation.objects.filter(pk=link.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    else:
        Invitation.objects.filter(pk=link.pk).update(uses=3)
    before = snapshot()
    for method in ("get", "post"):
        answer = getattr(cast.client("rival"), method)(f"/join/{code}/")
        assert answer.status_code == status and why in answer.content.decode()
    assert snapshot() == before
