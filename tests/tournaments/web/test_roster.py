"""The players roster (people and bots; adding, linking and unlinking for directors) and the
CSV import with its preview and confirmation, for every role, and their malformed input."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.web.conftest import ROLES
from tests.tournaments.web.pages import snapshot
from tournaments.models import Club, Player
from tournaments.services import roster

PLAYERS = "/clubs/pond/players/"
IMPORT = "/clubs/pond/players/import/"
CSV = "name,rating,username\nAna,1900,ana\nGus,1850,ana\nHal,1700,ana\n,1500,\nIda,,\n"


def upload(text: str | bytes, name: str = "players.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text, content_type="text/csv")


def token_in(html: str) -> str:
    return re.search(r'name="preview" value="([^"]+)"', html).group(1)


def roster_actions(cast) -> dict[str, dict[str, str]]:
    ana_membership = cast.club.memberships.get(user=cast.member)
    return {
        "add": {"action": "add", "add-name": "Gus", "add-username": "", "add-seed_rating": ""},
        "link": {"action": "link", "link-player": str(cast.players[0].pk), "link-member": str(ana_membership.pk)},
        "unlink": {"action": "unlink", "player": str(cast.ana.pk)},
    }


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("path", "sees"), [
    (PLAYERS, {"anonymous": 302, "member": 200, "rival": 403, "director": 200, "staff": 200}),
    (IMPORT, {"anonymous": 302, "member": 403, "rival": 403, "director": 200, "staff": 200}),
])
def test_who_opens_the_roster_pages(cast, role: str, path: str, sees: dict[str, int]) -> None:
    assert cast.client(role).get(path).status_code == sees[role]
    Club.objects.filter(pk=cast.club.pk).update(public=False)
    assert cast.client(role).get(path).status_code == {**sees, "rival": 404}[role]


@pytest.mark.parametrize("role", ["anonymous", "member", "rival"])
@pytest.mark.parametrize("action", ["add", "link", "unlink", "upload", "confirm"])
def test_refused_roster_posts_change_nothing(cast, role: str, action: str) -> None:
    token = roster.preview_import(cast.club, "name\nGus\n").seal(cast.director)
    before = snapshot()
    if action == "upload":
        answer = cast.client(role).post(IMPORT, {"file": upload(CSV)})
    elif action == "confirm":
        answer = cast.client(role).post(IMPORT, {"action": "confirm", "preview": token})
    else:
        answer = cast.client(role).post(PLAYERS, roster_actions(cast)[action])
    assert answer.status_code == {"anonymous": 302, "member": 403, "rival": 403}[role]
    assert snapshot() == before


def test_members_read_the_roster_without_the_directors_forms(cast) -> None:
    html = cast.client("member").get(PLAYERS).content.decode()
    assert all(player.name in html for player in [cast.ana, *cast.players])
    assert "Add a player" not in html and "Unlink" not in html and IMPORT not in html


def test_directors_add_a_player_linked_to_a_member_with_a_seeding_rating(cast) -> None:
    answer = cast.client("director").post(PLAYERS, {"action": "add", "add-name": "Gus", "add-username": "ana",
                                                    "add-seed_rating": "1850.5"})
    assert answer.status_code == 302
    gus = Player.objects.get(club=cast.club, name="Gus")
    assert (gus.user, gus.seed_rating, gus.kind) == (cast.member, 1850.5, "person")
    assert "1850.5" in cast.client("member").get(PLAYERS).content.decode()


@pytest.mark.parametrize(("fields", "field", "why"), [
    ({"add-name": "Ben"}, "name", "already taken in this club"),
    ({"add-name": "Gus", "add-username": "rival"}, "username", "rival is not a member of Pond Club"),
    ({"add-name": "Gus", "add-username": "nobody"}, "username", "no account is named"),
    ({"add-name": "Gus", "add-seed_rating": "fast"}, "seed_rating", "Enter a number."),
    ({"add-name": "Gus", "add-seed_rating": "1e300"}, "seed_rating", "between -100000 and 100000"),
    ({"add-name": "\u202eGus"}, "name", "U+202E"),
])
def test_a_refused_player_says_why_beside_the_field(cast, fields, field: str, why: str) -> None:
    before = snapshot()
    answer = cast.client("director").post(PLAYERS, {"action": "add", **fields})
    assert answer.status_code == 400
    assert why in answer.content.decode().split(f'id="id_add-{field}_error"')[1][:300]
    assert snapshot() == before


def test_directors_link_a_player_to_a_member_and_unlink_it(cast) -> None:
    client = cast.client("director")
    ben = cast.players[0]
    answer = client.post(PLAYERS, roster_actions(cast)["link"])
    assert answer.status_code == 302
    ben.refresh_from_db()
    assert ben.user == cast.member
    assert client.post(PLAYERS, {"action": "unlink", "player": str(ben.pk)}).status_code == 302
    ben.refresh_from_db()
    assert ben.user is None


@pytest.mark.parametrize(("fields", "why"), [
    ({"action": "link", "link-player": "999999", "link-member": "{ana}"}, "no such person among this club"),
    ({"action": "link", "link-player": "{ben}", "link-member": "{rival}"}, "no such member of this club"),
    ({"action": "link", "link-player": "{ben}", "link-member": "x"}, "no such member of this club"),
    ({"action": "unlink", "player": "{ben}"}, "player: no such linked player of this club"),
    ({"action": "unlink", "player": "-1"}, "player: no such linked player of this club"),
    ({"action": "dance"}, "unknown action"),
])
def test_malformed_roster_posts_answer_400_with_why(cast, fields, why: str) -> None:
    ids = {"ana": cast.club.memberships.get(user=cast.member).pk, "ben": cast.players[0].pk,
           "rival": cast.other_club.memberships.get(user=cast.rival).pk}
    before = snapshot()
    answer = cast.client("director").post(PLAYERS, {key: value.format(**ids) for key, value in fields.items()})
    assert answer.status_code == 400 and why in answer.content.decode()
    assert snapshot() == before


def test_the_import_previews_then_creates_exactly_the_previewed_players(cast) -> None:
    client = cast.client("director")
    answer = client.post(IMPORT, {"file": upload(CSV)})
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "2 new, 1 already here, 2 lines refused" in html
    assert "refused: ana is linked on line 3 already" in html and "refused: a name cannot be empty" in html
    assert "Import 2 players" in html
    before = snapshot()
    Player.objects.create(club=cast.club, name="Late")  # a change after the preview does not widen it
    answer = client.post(IMPORT, {"action": "confirm", "preview": token_in(html)})
    assert answer.status_code == 302 and answer["Location"] == PLAYERS
    new = Player.objects.filter(club=cast.club).exclude(pk__in=[row[0] for row in before[3]]).exclude(name="Late")
    assert sorted((p.name, p.seed_rating, p.user_id) for p in new) == [("Gus", 1850.0, cast.member.pk), ("Ida", None, None)]


def test_a_preview_with_nothing_new_offers_no_confirmation(cast) -> None:
    html = cast.client("director").post(IMPORT, {"file": upload("name\nBen\nCy\n")}).content.decode()
    assert "0 new, 2 already here, 0 lines refused" in html and 'name="preview"' not in html


@pytest.mark.parametrize(("data", "status", "why"), [
    (b"name\nAna\n\xff\n", 400, "the file is not UTF-8 text: byte 10 is 0xff"),
    (b"rating,username\n1,ana\n", 400, "naming a &#x27;name&#x27; column"),
    (b"name\n" + b"p\n" * 140_000, 413, "an import takes at most 256 KiB"),
    (b"name\n" + b"".join(b"p%d\n" % n for n in range(1001)), 400, "an import takes at most 1000"),
    (b"", 400, "The submitted file is empty."),
])
def test_a_file_that_cannot_be_imported_answers_4xx_beside_the_field(cast, data: bytes, status: int, why: str) -> None:
    before = snapshot()
    answer = cast.client("director").post(IMPORT, {"file": upload(data)})
    assert answer.status_code == status
    assert why in answer.content.decode().split('id="id_file_error"')[1][:300]
    assert snapshot() == before


def test_no_file_at_all_is_refused_beside_the_field(cast) -> None:
    answer = cast.client("director").post(IMPORT, {})
    assert answer.status_code == 400 and 'id="id_file_error"' in answer.content.decode()


def test_a_tampered_or_foreign_preview_imports_nothing(cast) -> None:
    client = cast.client("director")
    token = token_in(client.post(IMPORT, {"file": upload("name\nGus\n")}).content.decode())
    lily = roster.preview_import(cast.other_club, "name\nGus\n").seal(cast.rival)
    before = snapshot()
    for bad, why in ((token[:-3] + "abc", "the preview was altered"), ("", "there is no preview to confirm"),
                     (lily, "made for another club or person")):
        answer = client.post(IMPORT, {"action": "confirm", "preview": bad})
        assert answer.status_code == 400 and why in answer.content.decode()
    answer = cast.client("staff").post(IMPORT, {"action": "confirm", "preview": token})
    assert answer.status_code == 400 and "made for another club or person" in answer.content.decode()
    assert snapshot() == before


def test_a_roster_changed_since_the_preview_answers_409_and_imports_nothing(cast) -> None:
    client = cast.client("director")
    token = token_in(client.post(IMPORT, {"file": upload("name\nGus\nHal\n")}).content.decode())
    Player.objects.create(club=cast.club, name="Hal")
    before = snapshot()
    answer = client.post(IMPORT, {"action": "confirm", "preview": token})
    assert answer.status_code == 409 and "preview the file again" in answer.content.decode()
    assert snapshot() == before


def test_the_roster_and_the_preview_scroll_in_boxes_reached_by_keyboard(cast) -> None:
    """A table wider than a phone scrolls in its own box: the box takes the focus (and is named)
    so that the keyboard can scroll it too (WCAG's scrollable-region-focusable)."""
    client = cast.client("director")
    pages = [client.get(PLAYERS).content.decode(), client.post(IMPORT, {"file": upload(CSV)}).content.decode()]
    for html in pages:
        boxes = re.findall(r'<div class="scroll"[^>]*>', html)
        assert boxes and all('tabindex="0"' in box and 'role="region"' in box and "aria-label=" in box
                             for box in boxes), boxes
