"""A downloaded bot file's ``Content-Disposition`` is built per RFC 6266 from a safe stored
name: whatever the uploaded file was called (quotes, CR/LF, ``filename*=``, path parts,
direction overrides, non-ASCII), the header names one file, with no injected parameter."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bundle import safe_filename
from tests.helpers.world import World
from tournaments.models import BotVersion
from tournaments.services import bots as bot_services

CODE = b"print('hi')\n"
HOSTILE = [
    'evil"; filename*=UTF-8\'\'owned.exe; x=".py',
    "line\r\nSet-Cookie: a=b.py",
    "../../etc/passwd.py",
    "..\\windows\\bot.py",
    "r\u00e9sum\u00e9 \u00fcber.py",
    "abc\u202egnp.py",
    "zero\u200bwidth.py",
    "\x00nul.py",
    '".py',
]
#: One parameter: a quoted ``filename`` (ASCII names) or an encoded ``filename*`` (others).
SHAPE = re.compile(r'attachment; (?:filename="(?:[^"\\\r\n]|\\.)*"|filename\*=utf-8\'\'[A-Za-z0-9%._~-]+)')


def download(world: World, entry_pk: int, number: int = 1) -> str:
    answer = world.client(world.member).get(f"/api/bots/{entry_pk}/versions/{number}/code/")
    assert answer.status_code == 200
    assert answer.content == CODE
    return answer["Content-Disposition"]


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_upload_name_is_stored_safe_and_downloads_under_one_name(world: World, name: str) -> None:
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hopper",
                                      filename=name, data=CODE)
    stored = entry.active_version.filename
    assert stored == safe_filename(name) and not re.search(r'["\\/;\r\n\x00\u202e\u200b]', stored)
    header = download(world, entry.pk)
    assert SHAPE.fullmatch(header), header
    assert header.count('filename="') + header.count("filename*=") == 1


@pytest.mark.parametrize("name", HOSTILE)
def test_a_raw_name_stored_before_is_encoded_at_download(world: World, name: str) -> None:
    if "\x00" in name and connection.vendor == "postgresql":
        pytest.skip("PostgreSQL cannot store a NUL character, so no such name was ever stored there")
    entry = bot_services.create_entry(club=world.club, owner=world.member, game="froggit", name="Hopper",
                                      filename="main.py", data=CODE)
    BotVersion.objects.filter(pk=entry.active_version_id).update(filename=name)
    header = download(world, entry.pk)
    assert SHAPE.fullmatch(header), header


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_any_name_becomes_a_safe_one(name: str) -> None:
    safe = safe_filename(name)
    assert safe and len(safe) <= 100 and safe == safe.strip(" .")
    assert not re.search(r'["\\/;:*?<>|\r\n]', safe)
    assert all(char == " " or not (0 <= ord(char) < 32) for char in safe)
