"""Entering and correcting results on the pages, as each role: uploads (file and text), their
refusals beside the field with the verifier's code, forfeits and no-shows, corrections with
their reason and trail, and what members and the public read of a correction."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.tournaments.console_data import leap_frog_swiss, log_text, played_log
from tests.tournaments.web.conftest import ROLES, Cast
from tournaments.models import Correction, Match, Tournament
from tournaments.services import matches as match_services
from tournaments.services import results
from tournaments.services import tournaments as services

#: A scheduled match of a public club: other clubs do not see it; a finished one they do.
OPEN_MATCH = {"anonymous": 302, "member": 403, "rival": 404, "director": 200, "staff": 200}
FINISHED_MATCH = {"anonymous": 302, "member": 403, "rival": 403, "director": 200, "staff": 200}


@pytest.fixture
def tournament(cast: Cast) -> Tournament:
    tournament = leap_frog_swiss(cast.club, [cast.ana, *cast.players])
    services.publish_proposed(tournament)
    return tournament


def first(tournament: Tournament) -> Match:
    return tournament.matches.order_by("pairing").first()


def stored(match: Match) -> tuple:
    match.refresh_from_db()
    match.log.refresh_from_db()
    return (match.status, match.result, match.log.moves, match.log.forfeits, match.corrections.count(),
            [seat.forfeit_reason for seat in match.seats.order_by("index")])


@pytest.mark.parametrize("role", ROLES)
def test_who_may_enter_a_result(cast: Cast, tournament: Tournament, role: str) -> None:
    match = first(tournament)
    response = cast.client(role).get(f"/matches/{match.pk}/result/")
    assert response.status_code == OPEN_MATCH[role]


@pytest.mark.parametrize("role", ROLES)
def test_who_may_correct_a_result(cast: Cast, tournament: Tournament, role: str) -> None:
    match = first(tournament)
    results.record_log(match, log=played_log(match))
    response = cast.client(role).get(f"/matches/{match.pk}/correct/")
    assert response.status_code == FINISHED_MATCH[role]


@pytest.mark.parametrize("role", ["anonymous", "member", "rival"])
def test_refused_result_posts_change_nothing(cast: Cast, tournament: Tournament, role: str) -> None:
    match = first(tournament)
    before = stored(match)
    client = cast.client(role)
    client.post(f"/matches/{match.pk}/result/", {"action": "upload", "upload-text": log_text(match)})
    client.post(f"/matches/{match.pk}/result/", {"action": "absence", "absence-kind": "no_show",
                                                 "absence-seats": ["0"], "absence-reason": "late"})
    assert stored(match) == before
    results.record_log(match, log=played_log(match))
    before = stored(match)
    response = client.post(f"/matches/{match.pk}/correct/", {"text": log_text(match, "other"), "reason": "x"})
    assert response.status_code == FINISHED_MATCH[role]
    assert stored(match) == before


def test_a_director_uploads_a_log_file(cast: Cast, tournament: Tournament) -> None:
    match = first(tournament)
    upload = SimpleUploadedFile("game.json", log_text(match).encode(), content_type="application/json")
    response = cast.client("director").post(f"/matches/{match.pk}/result/", {"action": "upload", "upload-file": upload})
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{tournament.pk}/rounds/1/"
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match_services.reverify(match)["valid"]
    page = cast.client("director").get(f"/matches/{match.pk}/result/").content.decode()
    assert "Correct its result" in page and "Upload" not in page


def test_pasted_text_works_and_the_last_result_sends_to_the_console(cast: Cast, tournament: Tournament) -> None:
    client = cast.client("director")
    for match in tournament.matches.order_by("pairing"):
        response = client.post(f"/matches/{match.pk}/result/", {"action": "upload", "upload-text": log_text(match)})
    assert response["Location"] == f"/tournaments/{tournament.pk}/console/"


@pytest.mark.parametrize(("make", "code"), [
    (lambda match: "not json", "bad_format"),
    (lambda match: log_text(match, players=["Gus", "Hal"]), "wrong_players"),
    (lambda match: log_text(match, moves=["a1", "a1"], result=None), "illegal_move"),
    (lambda match: json.dumps([1]), "bad_format"),
])
def test_refused_uploads_show_the_verifiers_code_beside_the_field(cast: Cast, tournament: Tournament, make, code) -> None:
    match = first(tournament)
    before = stored(match)
    client = cast.client("director")
    text = make(match)
    response = client.post(f"/matches/{match.pk}/result/", {"action": "upload", "upload-text": text})
    assert response.status_code == 200
    page = response.content.decode()
    assert f"{code}:" in page and 'id="id_upload-text_error"' in page
    upload = SimpleUploadedFile("game.json", text.encode())
    response = client.post(f"/matches/{match.pk}/result/", {"action": "upload", "upload-file": upload})
    assert response.status_code == 200 and 'id="id_upload-file_error"' in response.content.decode()
    assert stored(match) == before


def test_a_huge_file_and_an_empty_form_are_form_errors(cast: Cast, tournament: Tournament) -> None:
    match = first(tournament)
    client = cast.client("director")
    huge = SimpleUploadedFile("huge.json", b" " * (results.MAX_UPLOAD_BYTES + 10))
    response = client.post(f"/matches/{match.pk}/result/", {"action": "upload", "upload-file": huge})
    assert response.status_code == 200 and b"at most" in response.content
    response = client.post(f"/matches/{match.pk}/result/", {"action": "upload"})
    assert response.status_code == 200 and b"one of the two" in response.content
    response = client.post(f"/matches/{match.pk}/result/", {"action": "absence", "absence-seats": ["7"]})
    assert response.status_code == 200 and b"errorlist" in response.content
    assert client.post(f"/matches/{match.pk}/result/", {"action": "boom"}).status_code == 400
    assert client.get("/matches/99999/result/").status_code == 404
    assert first(tournament).status == Match.Status.SCHEDULED


def test_a_friendly_match_has_no_result_page(cast: Cast) -> None:
    match = match_services.create_match(club=cast.club, game="leap_frog", players=[cast.ana, cast.players[0]],
                                        options={"rows": 6, "cols": 6})
    assert cast.client("director").get(f"/matches/{match.pk}/result/").status_code == 404


def test_a_no_show_of_both_seats(cast: Cast, tournament: Tournament) -> None:
    match = first(tournament)
    response = cast.client("director").post(f"/matches/{match.pk}/result/", {
        "action": "absence", "absence-kind": "no_show", "absence-seats": ["0", "1"], "absence-reason": "snow"})
    assert response.status_code == 302
    assert stored(match)[5] == ["no-show: snow", "no-show: snow"]
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and not match.rated


def test_a_forfeit_of_one_seat(cast: Cast, tournament: Tournament) -> None:
    match = first(tournament)
    cast.client("director").post(f"/matches/{match.pk}/result/", {
        "action": "absence", "absence-kind": "forfeit", "absence-seats": ["1"], "absence-reason": "left early"})
    match.refresh_from_db()
    assert match.result["ranks"] == [1, 2]


def test_a_correction_with_its_reason_and_trail(cast: Cast, tournament: Tournament) -> None:
    match = first(tournament)
    results.record_log(match, log=played_log(match))
    match.refresh_from_db()
    client = cast.client("director")
    page = client.get(f"/matches/{match.pk}/correct/").content.decode()
    assert match.log.moves[0] in page and 'for="id_reason"' in page
    response = client.post(f"/matches/{match.pk}/correct/", {"text": log_text(match, "other")})
    assert response.status_code == 200 and 'id="id_reason_error"' in response.content.decode()
    assert not Correction.objects.exists()
    response = client.post(f"/matches/{match.pk}/correct/", {"moves": "\n".join(match.log.moves[:-1]), "reason": "x"})
    assert response.status_code == 200 and "unfinished:" in response.content.decode()
    response = client.post(f"/matches/{match.pk}/correct/", {"text": log_text(match, "other"),
                                                             "reason": "the sheet was misread"}, follow=True)
    assert response.status_code == 200 and b"is corrected" in response.content
    correction = Correction.objects.get()
    assert correction.by == cast.director
    page = response.content.decode()
    assert "the sheet was misread" in page and "director" in page and "moves from move" in page
    console = client.get(f"/tournaments/{tournament.pk}/console/").content.decode()
    assert "the sheet was misread" in console
    # Members read why on the match and tournament pages; the public only that it happened.
    for role, sees_reason in (("member", True), ("anonymous", False), ("rival", False)):
        for path in (f"/matches/{match.pk}/", f"/tournaments/{tournament.pk}/"):
            shown = cast.client(role).get(path).content.decode()
            assert "A correction was made on" in shown, (role, path)
            assert ("the sheet was misread" in shown) is sees_reason, (role, path)


def test_a_correction_by_edited_moves(cast: Cast, tournament: Tournament) -> None:
    match = first(tournament)
    results.record_log(match, log=played_log(match))
    other = played_log(match, "other")
    response = cast.client("director").post(f"/matches/{match.pk}/correct/", {
        "moves": "\n".join(other["moves"]), "reason": "moves typed wrong"})
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.log.moves == other["moves"] and match.result["ranks"] == other["result"]["ranks"]


def test_an_unfinished_match_is_not_corrected(cast: Cast, tournament: Tournament) -> None:
    match = first(tournament)
    client = cast.client("director")
    page = client.get(f"/matches/{match.pk}/correct/").content.decode()
    assert "Only a finished match is corrected" in page
    response = client.post(f"/matches/{match.pk}/correct/", {"text": log_text(match), "reason": "x"}, follow=True)
    assert response.status_code == 200 and b"only a finished match" in response.content
    assert first(tournament).status == Match.Status.SCHEDULED


@pytest.mark.parametrize("reason, note", [("The sheet was misread.", ": The sheet was misread.</li>"),
                                          ("the sheet was misread", ": the sheet was misread.</li>"),
                                          ("Who wrote 7?", ": Who wrote 7?</li>")])
def test_a_correction_note_ends_its_sentence_once(cast: Cast, tournament: Tournament, reason: str, note: str) -> None:
    """A reason ending in its own full stop is not given a second one; the public, who read no
    reason, still read a whole sentence."""
    match = first(tournament)
    results.record_log(match, log=played_log(match))
    cast.client("director").post(f"/matches/{match.pk}/correct/", {"text": log_text(match, "other"), "reason": reason})
    assert Correction.objects.count() == 1
    for path in (f"/matches/{match.pk}/", f"/tournaments/{tournament.pk}/"):
        assert note in cast.client("member").get(path).content.decode(), path
        public = cast.client("anonymous").get(path).content.decode()
        assert re.search(r"A correction was made on [\d-]+( to <a [^>]*>match #\d+</a>)?\.</li>", public), path


def test_a_result_of_a_game_stored_already_is_refused_beside_the_log_with_a_link(cast: Cast,
                                                                                  tournament: Tournament) -> None:
    match = first(tournament)
    log = played_log(match)
    copy = match_services.upload_log(club=cast.club, log=log,
                                     players=[seat.player for seat in match.seats.order_by("index")])
    before = stored(match)
    client = cast.client("director")
    for field, value in (("upload-text", json.dumps(log)),
                         ("upload-file", SimpleUploadedFile("game.json", json.dumps(log).encode()))):
        response = client.post(f"/matches/{match.pk}/result/", {"action": "upload", field: value})
        page = response.content.decode()
        assert response.status_code == 200 and f'id="id_{field}_error"' in page
        assert f"this game is stored already, as match #{copy.pk}" in page
        assert f'<a href="/matches/{copy.pk}/">match #{copy.pk}</a>' in page
    assert stored(match) == before


def test_a_correction_into_another_stored_game_is_refused_with_a_link(cast: Cast, tournament: Tournament) -> None:
    match = first(tournament)
    results.record_log(match, log=played_log(match))
    other = played_log(match, "other")
    copy = match_services.upload_log(club=cast.club, log=other,
                                     players=[seat.player for seat in match.seats.order_by("index")])
    before = stored(match)
    response = cast.client("director").post(f"/matches/{match.pk}/correct/", {
        "moves": "\n".join(other["moves"]), "reason": "moves typed wrong"})
    page = response.content.decode()
    assert response.status_code == 200 and 'id="id_moves_error"' in page
    assert f'<a href="/matches/{copy.pk}/">match #{copy.pk}</a>' in page and stored(match) == before
