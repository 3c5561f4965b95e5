"""A strict Content-Security-Policy on every HTML page and SVG answer: everything from this
site, no inline script, no inline style but the Swagger UI's (with the request's nonce), and
no page carrying an inline script or style that the policy would block."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.helpers.world import World
from tests.helpers.matches import finished_match

STRICT = {"default-src 'none'", "script-src 'self'", "img-src 'self' data:", "frame-ancestors 'none'",
          "base-uri 'none'", "form-action 'self'"}


def directives(header: str) -> set[str]:
    return {part.strip() for part in header.split(";") if part.strip()}


def inline_code(html: str) -> list[str]:
    """Inline scripts (not JSON data), style elements without a nonce, style and on* attributes."""
    found = [tag for tag in re.findall(r"<script\b[^>]*>", html)
             if "src=" not in tag and "application/json" not in tag]
    found += [tag for tag in re.findall(r"<style\b[^>]*>", html) if "nonce=" not in tag]
    found += re.findall(r"""\s(?:style|on[a-z]+)\s*=\s*["']""", html)
    return found


@pytest.fixture
def pages(world: World) -> list[str]:
    match = finished_match(world)
    return ["/", f"/clubs/{world.club.slug}/", f"/players/{world.ana.pk}/", "/leaderboards/",
            "/leaderboards/leapfrog_race/", f"/matches/{match.pk}/", "/games/froggit/", "/accounts/login/",
            "/bots/", "/api/docs/", f"/api/matches/{match.pk}/positions/1.svg", "/admin/login/"]


def test_pages_and_pictures_carry_the_strict_policy(world: World, pages: list[str]) -> None:
    client = Client()
    client.force_login(world.member)
    for path in pages:
        answer = client.get(path)
        assert answer.status_code == 200, path
        policy = directives(answer.headers["Content-Security-Policy"])
        assert STRICT <= policy, (path, policy)
        assert not any("unsafe" in part or "*" in part or "http" in part for part in policy), (path, policy)
        if answer["Content-Type"].startswith("text/html"):
            assert inline_code(answer.content.decode()) == [], path


def test_the_swagger_ui_style_carries_the_nonce_of_its_answer(world: World) -> None:
    answer = Client().get("/api/docs/")
    nonce = re.search(r"'nonce-([^']+)'", answer.headers["Content-Security-Policy"]).group(1)
    assert f'<style nonce="{nonce}">' in answer.content.decode()
    script = Client().get("/api/docs/?script=")
    assert script.status_code == 200 and script["Content-Type"].startswith("application/javascript")


def test_an_svg_answer_has_no_inline_script(world: World) -> None:
    match = finished_match(world)
    picture = Client().get(f"/api/matches/{match.pk}/positions/0.svg")
    assert picture["Content-Type"] == "image/svg+xml" and "<script" not in picture.content.decode()
    assert "default-src 'none'" in picture.headers["Content-Security-Policy"]
