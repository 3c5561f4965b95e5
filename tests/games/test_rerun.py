"""Replaying a log seat by seat (``games.rerun``): the decisions found for every game's logs
play the very same log again from its seed, and a seat that leaves the log shows where."""

from __future__ import annotations

import pytest

from games.registry import get_game
from games.rerun import Follower, NotReproducible, first_difference, seat_actions
from games.runner import play_bots, play_match

CASES = [("froggit", 2, "random"), ("froggit", 3, "greedy"), ("leap_frog", 2, "random"),
         ("leapfrog_race", 4, "random"), ("leapfrog_race", 6, "greedy"), ("measure_and_tempo", 2, "random"),
         ("measure_and_tempo", 2, "greedy")]


@pytest.mark.parametrize(("slug", "seats", "bot"), CASES)
def test_followers_play_the_logged_game_again(slug: str, seats: int, bot: str) -> None:
    game = get_game(slug)
    log = play_bots(game, [bot] * seats, seed=f"rerun-{slug}-{seats}")
    actions = seat_actions(game, log)
    followers = [Follower(actions[seat]) for seat in range(seats)]
    again = play_match(game, followers, players=log["players"], options=log["options"], seed=log["seed"],
                       setup=log["setup"])
    assert again["moves"] == log["moves"] and again["result"] == log["result"]
    assert all(follower.lost_at is None and not follower.queue for follower in followers)


def test_a_seat_playing_otherwise_is_where_the_games_part() -> None:
    game = get_game("froggit")
    log = play_bots(game, ["random", "random"], seed="part")
    actions = seat_actions(game, log)
    contrary = Follower(actions[0])
    contrary.queue.popleft()  # its first decision forgotten: from then on it plays the first legal move
    other = Follower(actions[1])
    again = play_match(game, [contrary, other], players=log["players"], options=log["options"], seed=log["seed"],
                       setup=log["setup"])
    where = first_difference(log["moves"], again["moves"])
    assert where is not None and log["moves"][:where] == again["moves"][:where]


def test_a_move_no_decision_makes_is_refused_naming_it() -> None:
    game = get_game("froggit")
    log = play_bots(game, ["random", "random"], seed="one")
    moves = list(log["moves"])
    moves[3] = "S a1 z9"
    with pytest.raises(NotReproducible, match="move 3 \\('S a1 z9'\\) does not follow from the seed"):
        seat_actions(game, {**log, "moves": moves})
