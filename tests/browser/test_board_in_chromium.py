"""Two members play on the board, each on their own phone (a browser each, at 360 px): a
Leapfrog race whose tokens each chooses in secret, and a Measure and Tempo bout in which each
sees only their own hand, looked for byte for byte in every page and API answer the other
reads. Screenshots in ``test-artifacts/``; each checked step passes axe-core."""

from __future__ import annotations

from typing import Any

from tests.browser.board_steps import (
    count_of,
    everything_seen,
    holds_card,
    log_in,
    open_board,
    panel_shot,
    play_by_taps,
    source_of,
    taps,
    two_member_club,
    without_tokens,
)
from tests.browser.driving import wait_for
from tournaments.models import LiveGame, Match
from tournaments.services import play


def test_two_members_race_with_four_frogs_of_nobody_choosing_their_tokens_in_secret(
        people: Any, transactional_db: None) -> None:
    club, (ana_player, ben_player) = two_member_club()
    ana, ben = people("ana"), people("ben")
    log_in(ana, "/clubs/pond/")
    ana.click("Play a game")
    ana.check_page("play-a-game")
    ana.fits_the_phone()
    ana.fill(Game="Leapfrog")
    ana.fill(Seat_0="Ana", Seat_1="Ben")
    ana.field("Clock (minutes each)").send_keys("5")
    ana.submit("Start the game")
    match = Match.objects.get()
    assert ana.path == f"/matches/{match.pk}/" and match.game == "leapfrog_race"
    assert match.options["colours"] == "RY"  # green, blue, orange and purple belong to nobody
    open_board(ana, match.pk)
    log_in(ben, f"/matches/{match.pk}/")
    open_board(ben, match.pk)
    assert sorted(taps(ana)) == ["1", "2", "3", "4", "5", "6"] == sorted(taps(ben))
    clock = '[data-clock="0"] .clock-time'
    wait_for(ana.driver, lambda d: d.find_element("css selector", clock).text.startswith("4:"),
             "Ana's clock counts down from the server's 5:00")
    ana.check_page("race-choose")
    ana.fits_the_phone()

    # Ana chooses her 3; Ben's phone says she has chosen, and nothing that it reads says what.
    play_by_taps(ana, "3")
    ana.sees("has chosen")
    assert taps(ana) == {} and count_of(match) == 0
    ana.check_page("race-chosen")
    open_board(ben, match.pk)
    ben.sees("seat 0 (Ana): has chosen")
    ben.check_page("race-other-has-chosen")
    panel_shot(ben, "panel-race-other-has-chosen")
    seen_with_3 = {path: without_tokens(text) for path, text in everything_seen(ben, match.pk).items()}
    LiveGame.objects.filter(match=match).update(steps=[[0, "6"]])  # had she chosen her 6 instead
    seen_with_6 = {path: without_tokens(text) for path, text in everything_seen(ben, match.pk).items()}
    assert seen_with_3 == seen_with_6, "what Ben reads depends on Ana's secret token"
    LiveGame.objects.filter(match=match).update(steps=[[0, "3"]])

    # Ben chooses his 5: the turn resolves with the four other frogs' tokens drawn from the seed.
    open_board(ben, match.pk)
    play_by_taps(ben, "5")
    assert count_of(match) == 1
    move = match.log.moves[0]
    assert "R3" in move and "Y5" in move and len(move.split()) == 6
    open_board(ana, match.pk)
    ana.sees(move.split()[0])
    assert sorted(taps(ana)) == ["1", "2", "4", "5", "6"]

    # Two more turns by taps alone, each choosing before the other looks.
    for mine, theirs in (("1", "6"), ("6", "1")):
        play_by_taps(ana, mine)
        open_board(ben, match.pk)
        play_by_taps(ben, theirs)
        open_board(ana, match.pk)
    assert count_of(match) == 3
    ana.check_page("race-three-turns")
    ben.check_page("race-three-turns")


def test_a_measure_and_tempo_bout_shows_each_phone_only_its_own_hand(people: Any, transactional_db: None) -> None:
    club, players = two_member_club()
    dora_user = club.memberships.get(role="director").user
    match = play.start_game(club=club, game="measure_and_tempo", players=players, options={"target": 3},
                            by=dora_user)
    hands = match.log.setup["hands"]
    ana, ben = people("ana"), people("ben")
    log_in(ana, f"/matches/{match.pk}/")
    log_in(ben, f"/matches/{match.pk}/")
    open_board(ana, match.pk)
    open_board(ben, match.pk)

    def hidden_from(person: Any, seat: int) -> None:
        """The other seat's hand as it stands now: in nothing the person's browser reads."""
        state = play.live_state(Match.objects.get(pk=match.pk))
        cards = state.hands[1 - seat]
        for path, text in everything_seen(person, match.pk).items():
            shown = [card for card in cards if holds_card(text, card)]
            assert not shown, f"{person.name} reads {shown} of the other hand in {path}"

    for seat, person in enumerate((ana, ben)):
        page = person.driver.page_source
        assert all(f'data-card="{card}"' in page for card in hands[seat])
        hidden_from(person, seat)
    ana.check_page("bout-ana-hand")
    panel_shot(ana, "panel-bout-own-hand")
    ana.fits_the_phone()
    ben.check_page("bout-ben-hand")

    # Ana cycles by taps: two cards drawn into her hand, two put under; Ben still sees none.
    play_by_taps(ana, "cycle")
    under = sorted(taps(ana))[0]
    assert under.startswith("under ")
    ana.shot("bout-ana-cycling")
    play_by_taps(ana, under)
    assert count_of(match) == 1 and match.log.moves[0].startswith("cycle +")
    hidden_from(ben, 1)
    hidden_from(ana, 0)

    # Ben guards with a card, by its button then the card; Ana strikes.
    open_board(ben, match.pk)
    guard = next(action for action in sorted(taps(ben)) if action.startswith("guard "))
    play_by_taps(ben, guard)
    open_board(ana, match.pk)
    strike = next(action for action in sorted(taps(ana)) if action.startswith("strike ") and "feint" not in action)
    play_by_taps(ana, strike)
    assert count_of(match) == 3
    open_board(ben, match.pk)
    ben.sees("answers")
    ben.check_page("bout-ben-answers")
    panel_shot(ben, "panel-bout-answer")
    hidden_from(ben, 1)
    hidden_from(ana, 0)
    assert "answer" in source_of(ben, f"/api/matches/{match.pk}/play/")
