"""The roster: the CSV import's preview (every line's fate and why), the import of exactly what
was previewed, and linking players to members' accounts."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import User
from django.core import signing
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.errors import Conflict, InvalidInput, ServiceError
from tournaments.models import Club, Membership, Player
from tournaments.services import roster
from tournaments.services.roster import Preview, import_players, link_player, preview_import


@pytest.fixture
def club(db: None) -> Club:
    club = Club.objects.create(name="Pond Club", slug="pond")
    director = User.objects.create_user("director")
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    ana = User.objects.create_user("ana")
    Membership.objects.create(user=ana, club=club, invited_by=director)
    User.objects.create_user("stranger")
    Player.objects.create(club=club, name="Ben")
    return club


def fates(preview: Preview) -> list[tuple[int, str, str, str]]:
    return [(line.number, line.name, line.fate, line.reason) for line in preview.lines]


def test_a_preview_tells_each_lines_fate_and_why_a_line_is_refused(club: Club) -> None:
    text = ("name,rating,username\n"
            "Ana,1850,ana\n"          # new, linked to a member
            "Ben,1700,\n"            # already here
            ",1500,\n"               # empty name
            "Cy,fast,\n"             # bad rating
            "Dora,,nobody\n"         # unknown username
            "Eve,,stranger\n"        # not a member
            "Ana,1600,\n"            # the same name again
            "Zoe\u202e,,\n"          # the names' rule
            "Fay,,ANA\n"             # the account ana again, named ignoring case
            "Gil\n")                 # new, short row
    preview = preview_import(club, text)
    got = {number: (fate, reason) for number, _, fate, reason in fates(preview)}
    assert got[2] == ("new", "") and got[3][0] == "here" and got[11] == ("new", "")
    assert got[4] == ("refused", "a name cannot be empty or only spaces")
    assert got[5] == ("refused", "the rating 'fast' is not a number")
    assert got[6] == ("refused", "no account is named 'nobody'")
    assert got[7] == ("refused", "stranger is not a member of Pond Club")
    assert got[8] == ("refused", "the same name as line 2")
    assert got[9][0] == "refused" and "U+202E" in got[9][1]
    assert got[10] == ("refused", "ana is linked on line 2 already")
    assert preview.summary() == "2 new, 1 already here, 7 lines refused"
    ana = preview.lines[0]
    assert (ana.rating, ana.user_id) == (1850.0, User.objects.get(username="ana").pk)


def test_semicolons_a_byte_order_mark_decimal_commas_and_the_seed_column(club: Club) -> None:
    data = "\ufeffName;Seed;Email\r\nAna;1850,5;a@example.org\r\n\r\n\"Okafor; Ben\";1720;\r\n".encode()
    preview = preview_import(club, data)
    assert [(line.name, line.rating, line.fate) for line in preview.lines] == [
        ("Ana", 1850.5, "new"), ("Okafor; Ben", 1720.0, "new")]
    assert preview.ignored_columns == ["Email"]
    assert [line.number for line in preview.lines] == [2, 4]


@pytest.mark.parametrize(("data", "why"), [
    (b"", "the file is empty"),
    (b"\n\n  \n", "the file is empty"),
    (b"rating,username\n1500,ana\n", "naming a 'name' column"),
    (b"name,rating,seed\nAna,1,2\n", "twice"),
    (b"name\nAna\n\xff\xfeBen\n", "not UTF-8 text: byte 10 is 0xff"),
    (b"name\n" + b"x" * (roster.MAX_BYTES), "at most 256 KiB"),
    (b"name\n" + b"".join(b"p%d\n" % n for n in range(roster.MAX_ROWS + 1)), "at most 1000"),
    (b"name\n\"" + b"x" * 200_000 + b"\"\n", "cannot be read as CSV"),
])
def test_a_file_that_cannot_be_imported_is_refused_whole_with_why(club: Club, data: bytes, why: str) -> None:
    with pytest.raises(InvalidInput, match=why) as caught:
        preview_import(club, data)
    assert caught.value.fields and "file" in caught.value.fields


def test_the_import_creates_exactly_the_previewed_new_players_with_ratings_and_links(club: Club) -> None:
    director = User.objects.get(username="director")
    preview = preview_import(club, "name,rating,username\nAna,1850,ana\nBen,1,\nCy,,\n")
    sealed = Preview.unseal(preview.seal(director), club=club, by=director)
    created = import_players(club, sealed)
    assert [(p.name, p.seed_rating, p.user and p.user.username) for p in created] == [
        ("Ana", 1850.0, "ana"), ("Cy", None, None)]
    assert Player.objects.get(club=club, name="Ben").seed_rating is None  # already here: left as it is


def test_a_roster_changed_since_the_preview_imports_nothing(club: Club) -> None:
    preview = preview_import(club, "name,username\nAna,ana\nCy,\n")
    Player.objects.create(club=club, name="Cy")
    with pytest.raises(Conflict, match="line 3: .*preview the file again"):
        import_players(club, preview)
    assert not Player.objects.filter(name="Ana").exists()
    preview = preview_import(club, "name,username\nDora,ana\n")
    Membership.objects.filter(user__username="ana").delete()
    with pytest.raises(Conflict, match="no longer a member"):
        import_players(club, preview)
    assert not Player.objects.filter(name="Dora").exists()


def test_a_sealed_preview_refuses_tampering_another_club_another_person_and_age(club: Club, monkeypatch) -> None:
    director = User.objects.get(username="director")
    token = preview_import(club, "name\nCy\n").seal(director)
    other = Club.objects.create(name="Lily Club", slug="lily")
    for bad, why in ((token[:-2] + "xx", "altered"), ("", "no preview"), (None, "no preview")):
        with pytest.raises(InvalidInput, match=why):
            Preview.unseal(bad, club=club, by=director)
    with pytest.raises(InvalidInput, match="another club or person"):
        Preview.unseal(token, club=other, by=director)
    with pytest.raises(InvalidInput, match="another club or person"):
        Preview.unseal(token, club=club, by=User.objects.get(username="ana"))
    later = time.time() + roster.PREVIEW_SECONDS + 5
    monkeypatch.setattr(signing.time, "time", lambda: later)
    with pytest.raises(InvalidInput, match="over an hour old"):
        Preview.unseal(token, club=club, by=director)


def test_linking_takes_members_only_and_unlinking_clears(club: Club) -> None:
    ben = Player.objects.get(name="Ben")
    ana = User.objects.get(username="ana")
    assert link_player(ben, ana).user == ana
    with pytest.raises(InvalidInput, match="not a member"):
        link_player(ben, User.objects.get(username="stranger"))
    assert link_player(ben, None).user is None


def test_adding_a_person_checks_the_username_and_the_rating(club: Club) -> None:
    cy = roster.add_person(club, name=" Cy ", username="ana", seed_rating=1500)
    assert (cy.name, cy.user.username, cy.seed_rating) == ("Cy", "ana", 1500.0)
    with pytest.raises(InvalidInput) as caught:
        roster.add_person(club, name="Dora", username="stranger")
    assert "username" in caught.value.fields
    with pytest.raises(InvalidInput) as caught:
        roster.add_person(club, name="Dora", seed_rating=float("inf"))
    assert "seed_rating" in caught.value.fields
    with pytest.raises(InvalidInput, match="at most 100"):
        roster.add_person(club, name="D" * 101)


CELLS = st.one_of(st.text(max_size=12), st.sampled_from(["Ana", "Ben", "ana", "stranger", "1850", "1,5", "nan",
                                                         "1e9", "-3", '"', "\ufeff", "\x00", ";", ","]))
HEADERS = st.lists(st.sampled_from(["name", "Name", "rating", "seed", "username", "email", "", "x"]),
                   min_size=0, max_size=5)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(header=HEADERS, rows=st.lists(st.lists(CELLS, max_size=5), max_size=12),
       delimiter=st.sampled_from([",", ";", "\t"]), line_end=st.sampled_from(["\n", "\r\n", "\r"]),
       junk=st.binary(max_size=8))
def test_any_csv_ish_input_is_previewed_or_refused_and_the_counts_add_up(club, header, rows, delimiter, line_end,
                                                                      junk) -> None:
    text = line_end.join(delimiter.join(cells) for cells in [header, *rows])
    for data in (text, text.encode() + junk):
        try:
            preview = preview_import(club, data)
        except ServiceError as error:
            assert error.message
            continue
        counts = preview.count("new") + preview.count("here") + preview.count("refused")
        assert counts == len(preview.lines)
        assert all(line.reason for line in preview.lines if line.fate == "refused")
        before = Player.objects.filter(club=club).count()
        created = import_players(club, preview)
        assert len(created) == preview.count("new")
        assert Player.objects.filter(club=club).count() == before + len(created)
        Player.objects.filter(pk__in=[player.pk for player in created]).delete()


def test_a_username_no_account_could_have_is_refused_as_unknown_on_every_database(club: Club) -> None:
    preview = preview_import(club, "name,username\nHal,a\x00b\nIda,\x7f\n")
    assert [line.reason for line in preview.lines] == ["no account is named 'a\\x00b'", "no account is named '\\x7f'"]
    with pytest.raises(InvalidInput, match="there is no account named"):
        roster.add_person(club, name="Hal", username="a\x00b")
