"""Steps of the board's browser stories: a club of two members on their own phones, logging
in, reading the play panel's tap paths and making a move by tapping its targets."""

from __future__ import annotations

import json
import re
from typing import Any

from django.contrib.auth.models import User

from tests.helpers.play import holds_card  # noqa: F401 (the stories read it from here)
from tests.browser.driving import Person, set_viewport, viewport, wait_for
from tournaments.models import Club, Membership, Player

COUNT_PANELS = ("window.panels = 0;"
                "document.addEventListener('leapfrog:panel', function () { window.panels += 1; });")


def two_member_club() -> tuple[Club, list[Player]]:
    """Pond Club: Ana and Ben, members, each with their player; Dora, its director."""
    club = Club.objects.create(name="Pond Club", slug="pond")
    director = User.objects.create_user("dora", password="pw-dora-123")
    Membership.objects.create(user=director, club=club, role=Membership.Role.DIRECTOR)
    players = []
    for name in ("ana", "ben"):
        user = User.objects.create_user(name, password=f"pw-{name}-123")
        Membership.objects.create(user=user, club=club, role=Membership.Role.MEMBER, invited_by=director)
        players.append(Player.objects.create(club=club, name=name.capitalize(), user=user))
    return club, players


def log_in(person: Person, path: str) -> None:
    """Open ``path``, log in as the person on the way, and land there."""
    person.open(f"/accounts/login/?next={path}")
    person.fill(Username=person.name, Password=f"pw-{person.name}-123")
    person.submit_form_of("Password", path)
    wait_for(person.driver, lambda d: person.path.split("?")[0].split("#")[0] == path.split("?")[0],
             f"{person.name} lands on {path}")


def open_board(person: Person, match_id: int) -> None:
    """The match's page, its panel ready and refreshes counted."""
    person.open(f"/matches/{match_id}/")
    person.driver.execute_script(COUNT_PANELS)


def taps(person: Person) -> dict[str, list[str]]:
    """The tap paths of the panel as the page holds them (``#taps``), read in one script so that a
    panel the live stream swaps in meanwhile cannot leave a stale element behind."""
    text = person.driver.execute_script("var e = document.getElementById('taps'); return e ? e.textContent : null")
    return json.loads(text) if text else {}


def tap_target(person: Person, target: str) -> None:
    """Tap one highlighted target of the board (a real click on it)."""
    selector = f'#play-board [data-tap="{target}"]'
    wait_for(person.driver, lambda d: "candidate" in (d.find_element("css selector", selector).get_attribute("class")
                                                      or ""), f"{person.name} sees {target} highlighted")

    def click(driver: Any) -> bool:
        element = driver.find_element("css selector", selector)
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        return True

    wait_for(person.driver, click, f"{person.name} taps {target}")


def play_by_taps(person: Person, action: str) -> None:
    """Tap the path of ``action`` and wait until the panel has come back after posting it."""
    path = taps(person)[action]
    before = person.driver.execute_script("return window.panels || 0")
    for target in path:
        tap_target(person, target)
    refused = "var box = document.getElementById('board-error'); return box && !box.hidden ? box.textContent : ''"
    wait_for(person.driver, lambda d: d.execute_script("return window.panels || 0") > before
             or d.execute_script(refused), f"{person.name}'s panel comes back after {action!r}")
    assert not person.driver.execute_script(refused), person.driver.execute_script(refused)


def source_of(person: Person, path: str) -> str:
    """A page or API answer as the person's browser fetches it (with its session)."""
    return person.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch(arguments[0], {credentials: 'same-origin'}).then(r => r.text()).then(done)"
        ".catch(e => done('failed: ' + e));", path)


def without_tokens(text: str) -> str:
    """A page with its per-request parts (CSRF tokens, nonces, server times, the time left on
    a running clock) blanked."""
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)
    text = re.sub(r'"remaining_ms":\[[0-9,]*\]', "", text)
    text = re.sub(r'data-ms="\d+">[0-9:]+<', "", text)
    text = re.sub(r'nonce="[^"]+"', "", text)
    return re.sub(r'"at":\s*\d+', "", text)


def board_pages(match_id: int) -> list[str]:
    return [f"/matches/{match_id}/", f"/matches/{match_id}/play/", f"/api/matches/{match_id}/",
            f"/api/matches/{match_id}/play/", f"/api/matches/{match_id}/log/",
            f"/api/matches/{match_id}/positions/0.svg"]


def everything_seen(person: Person, match_id: int) -> dict[str, str]:
    return {path: source_of(person, path) for path in board_pages(match_id)}


def count_of(match: Any) -> int:
    match.refresh_from_db()
    return len(match.log.moves)


def panel_shot(person: Person, step: str) -> None:
    """A screenshot of the play panel alone, whole (the window made as tall as the page)."""
    width, height = viewport(person.driver)
    tall = person.driver.execute_script("return document.documentElement.scrollHeight")
    set_viewport(person.driver, width, min(max(tall + 120, height), 4000))
    try:
        person.shot_of("play-panel", step)
    finally:
        set_viewport(person.driver, width, height)
