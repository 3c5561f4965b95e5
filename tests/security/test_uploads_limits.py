"""Uploads cost what their size says: a body over the service's bound is refused (413)
before anything reads it, a file over the largest bot before it is read into memory, and
uploaded code is compiled in a child process with memory and CPU limits, so a source built
to blow up the compiler is refused with a clear message and the service's memory stays flat."""

from __future__ import annotations

import io
import resource

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.handlers.wsgi import WSGIHandler
from django.test import RequestFactory

from games.bundle import COMPILE_MEMORY_BYTES, MAX_ZIP_BYTES, BundleError, check_bundle
from tests.helpers.world import World
from tournaments.errors import InvalidInput
from tournaments.models import BotEntry
from tournaments.services import bots as bot_services

MiB = 1024 * 1024
#: A megabyte of tuples: the compiler needs about half a gigabyte for it.
TUPLE_BOMB = b"x = (" + b"()," * 349_000 + b")\n"


def peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def test_the_nested_tuples_bomb_is_refused_and_the_service_memory_stays_flat() -> None:
    assert len(TUPLE_BOMB) <= MiB
    before = peak_rss()
    with pytest.raises(BundleError, match=f"main.py needs more than {COMPILE_MEMORY_BYTES // MiB} MiB to compile"):
        check_bundle(TUPLE_BOMB, "main.py")
    assert peak_rss() - before < 64 * MiB


def test_the_bomb_inside_a_zip_is_refused_too() -> None:
    import zipfile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("main.py", TUPLE_BOMB)
    with pytest.raises(BundleError, match="needs more than"):
        check_bundle(buffer.getvalue(), "bot.zip")


def test_an_upload_bomb_through_the_api_answers_400_and_stores_nothing(world: World) -> None:
    answer = world.client(world.member).post("/api/bots/", {
        "club": "pond", "name": "Bomb", "game": "froggit", "file": SimpleUploadedFile("main.py", TUPLE_BOMB)},
        format="multipart")
    assert answer.status_code == 400 and answer.json()["code"] == "bad_bundle"
    assert "needs more than 256 MiB to compile" in answer.json()["message"]
    assert not BotEntry.objects.exists()


def test_ordinary_code_still_compiles_and_errors_keep_their_line() -> None:
    assert check_bundle(b"print('hi')\n", "bot.py").files == ("main.py",)
    with pytest.raises(BundleError, match="syntax error on line 2"):
        check_bundle(b"x = 1\ndef (:\n", "bot.py")


class Untouchable(io.RawIOBase):
    """A request body that fails the test if anything reads it."""

    def __init__(self) -> None:
        self.read_from = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: object) -> int:
        self.read_from = True
        raise AssertionError("the body was read")


def send_huge(path: str, content_type: str, user: object = None) -> tuple[int, bytes, dict, Untouchable]:
    """A POST declaring 300 MB of body, through the whole WSGI stack, answering the status,
    the body, the headers and the stream (to check it was never read)."""
    environ = RequestFactory().post(path, data=b"", content_type=content_type).environ
    stream = Untouchable()
    environ.update({"CONTENT_LENGTH": str(300 * MiB), "wsgi.input": stream})
    captured: dict = {}

    def start_response(status: str, headers: list) -> None:
        captured["status"], captured["headers"] = int(status.split()[0]), dict(headers)

    body = b"".join(WSGIHandler()(environ, start_response))
    return captured["status"], body, captured["headers"], stream


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/api/bots/", "/api/bots/1/versions/", "/api/matches/"])
def test_a_huge_api_body_is_refused_413_without_being_read(path: str) -> None:
    import json

    status, body, headers, stream = send_huge(path, "multipart/form-data; boundary=x")
    assert status == 413 and not stream.read_from
    answer = json.loads(body)
    assert answer["code"] == "too_large" and "314572800 bytes" in answer["message"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/bots/", "/admin/tournaments/botentry/add/", "/accounts/login/"])
def test_a_huge_page_or_admin_body_is_refused_413_without_being_read(path: str) -> None:
    status, body, headers, stream = send_huge(path, "multipart/form-data; boundary=x")
    assert status == 413 and not stream.read_from
    assert b"at most" in body and headers["Content-Type"].startswith("text/plain")


def test_a_file_over_the_largest_bot_is_refused_before_it_is_read() -> None:
    class Declared:
        size = MAX_ZIP_BYTES + 1

        def read(self, *args: object) -> bytes:
            raise AssertionError("the upload was read")

    with pytest.raises(InvalidInput, match=f"at most {MAX_ZIP_BYTES}") as refused:
        bot_services.upload_bytes(Declared())
    assert refused.value.code == "bad_bundle"


def test_a_file_over_the_largest_bot_answers_400_through_the_api(world: World) -> None:
    big = SimpleUploadedFile("bot.zip", b"PK\x03\x04" + b"\x00" * (MAX_ZIP_BYTES + 10))
    answer = world.client(world.member).post("/api/bots/", {"club": "pond", "name": "Big", "game": "froggit",
                                                            "file": big}, format="multipart")
    assert answer.status_code == 400 and answer.json()["code"] == "bad_bundle"
    assert not BotEntry.objects.exists()
