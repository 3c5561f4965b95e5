"""Steps that several browser stories take in the same words: a director making an invitation
link, and a director entering bots, starting their tournament and watching it to the end."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tests.browser.driving import Person, wait_for
from tournaments.models import Tournament

Check = Callable[[Person, str], None]


def make_invitation_link(director: Person, check: Check) -> str:
    """From the club's page, a link for two members, valid a week: its address."""
    director.click("Members")
    director.fill(Role="member", Days_valid=7, Max_uses=2)
    director.submit("Make a link")
    director.sees("Made a new invitation link.")
    check(director, "link-made")
    return director.driver.find_element("css selector", "input.copy").get_attribute("value")


def enter_start_and_watch(director: Person, name: str, bots: Sequence[str], check: Check) -> Tournament:
    """On a bot tournament's registration desk: enter ``bots``, start, and wait on the public
    page until the workers have played it all (on SQLite, in the start's own request)."""
    for bot in bots:
        director.fill(Bot=bot)
        director.click("Enter")
        director.sees(f"Entered {bot}.")
    check(director, "bots-registration")
    director.click("Start")
    tournament = Tournament.objects.get(name=name)
    wait_for(director.driver, lambda d: director.path == f"/tournaments/{tournament.pk}/",
             "the start leads to the tournament's page", timeout=120)
    director.loaded("the tournament's page")
    wait_for(director.driver, lambda d: d.find_element("id", "tournament-status").text == "finished",
             "the bot tournament finishes", timeout=120)
    director.sees("Standings")
    check(director, "bots-finished")
    tournament.refresh_from_db()
    return tournament
