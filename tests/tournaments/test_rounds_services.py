"""A director's changes to a proposed round: swaps and moves, the warnings of what they break
(a rematch, a second bye, a seat held too often), and the refusals of what the format forbids,
which leave the proposal as it was."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import World
from tests.tournaments.console_data import leap_frog_swiss, played_log
from tournaments.errors import Conflict, InvalidInput, Missing
from tournaments.models import Match, Round, Tournament
from tournaments.services import results, rounds
from tournaments.services import tournaments as services


def everyone(world: World) -> list:
    return [world.ana, world.ben, world.cy, world.dora, world.eve, world.fay]


def proposal(tournament: Tournament, number: int) -> list[dict]:
    return Round.objects.get(tournament=tournament, number=number).proposal


def play_round(tournament: Tournament, number: int, rng_seed: str = "moves") -> None:
    """Publish round ``number`` as it stands, play every game, and propose the next round."""
    services.publish_proposed(tournament)
    for match in tournament.matches.filter(round__number=number):
        results.record_log(match, log=played_log(match, rng_seed))
    services.pair_round(tournament)


def table_of(games: list[dict], entrant: int) -> int:
    return next(index for index, game in enumerate(games) if entrant in game["seats"])


def test_a_swap_between_tables_is_stored_and_published(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))
    games = proposal(tournament, 1)
    first, second = games[0]["seats"][0], games[1]["seats"][1]
    review = rounds.swap_entrants(tournament, number=1, first=first, second=second)
    assert review.new == [] and review.warnings == []
    changed = proposal(tournament, 1)
    assert changed[0]["seats"][0] == second and changed[1]["seats"][1] == first
    matches = services.publish_proposed(tournament)
    seated = [[seat.player.entries.get(tournament=tournament).pk for seat in match.seats.order_by("index")]
              for match in matches]
    assert seated[0][0] == second and seated[1][1] == first


def test_swaps_the_format_forbids_or_that_name_no_one_are_refused_and_change_nothing(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))
    before = proposal(tournament, 1)
    seated = before[0]["seats"]
    with pytest.raises(InvalidInput) as refused:
        rounds.swap_entrants(tournament, number=1, first=seated[0], second=99999)
    assert refused.value.fields == {"second": ["entrant 99999 is not seated in round 1"]}
    with pytest.raises(InvalidInput):
        rounds.swap_entrants(tournament, number=1, first=seated[0], second=seated[0])
    with pytest.raises(InvalidInput):
        rounds.swap_entrants(tournament, number=1, first="Ana", second=seated[1])
    with pytest.raises(Missing):
        rounds.swap_entrants(tournament, number=7, first=seated[0], second=seated[1])
    with pytest.raises(InvalidInput):  # two seats is what a Swiss game has
        rounds.move_entrant(tournament, number=1, entrant=seated[0], table=1)
    with pytest.raises(InvalidInput):
        rounds.move_entrant(tournament, number=1, entrant=seated[0], table=len(before))
    with pytest.raises(InvalidInput):
        rounds.move_entrant(tournament, number=1, entrant=seated[0], table=40)
    assert proposal(tournament, 1) == before
    services.publish_proposed(tournament)
    with pytest.raises(Conflict):
        rounds.swap_entrants(tournament, number=1, first=seated[0], second=seated[1])


def test_a_swap_that_makes_a_rematch_is_warned_of(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))
    met = proposal(tournament, 1)[0]["seats"]
    play_round(tournament, 1)
    games = proposal(tournament, 2)
    one, other = met
    assert table_of(games, one) != table_of(games, other)  # the Swiss avoids it
    partner = next(seat for seat in games[table_of(games, one)]["seats"] if seat != one)
    review = rounds.swap_entrants(tournament, number=2, first=partner, second=other)
    names = {entrant.pk: entrant.player.name for entrant in tournament.entrants.all()}
    [warning] = [text for text in review.new if "have met in round 1" in text]
    assert set(warning.removesuffix(" have met in round 1.").split(" and ")) == {names[one], names[other]}
    assert warning in review.warnings
    assert warning in rounds.review(tournament, Round.objects.get(tournament=tournament, number=2))
    # Swapping back takes the warning away again.
    review = rounds.swap_entrants(tournament, number=2, first=partner, second=other)
    assert warning not in review.warnings


def test_a_swap_that_gives_a_second_bye_is_warned_of(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world)[:5])
    [first_bye] = [game["seats"][0] for game in proposal(tournament, 1) if game["bye"]]
    play_round(tournament, 1)
    [second_bye] = [game["seats"][0] for game in proposal(tournament, 2) if game["bye"]]
    assert second_bye != first_bye
    review = rounds.swap_entrants(tournament, number=2, first=first_bye, second=second_bye)
    name = tournament.entrants.get(pk=first_bye).player.name
    assert f"{name} already had a bye in round 1." in review.new


def test_holding_the_first_seat_three_rounds_running_is_warned_of(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))
    ana = tournament.entrants.get(player=world.ana).pk

    def seat_ana_first(number: int) -> rounds.Review | None:
        games = proposal(tournament, number)
        seats = games[table_of(games, ana)]["seats"]
        if seats[0] == ana:
            return None
        return rounds.swap_entrants(tournament, number=number, first=ana, second=seats[0])

    seat_ana_first(1)
    play_round(tournament, 1)
    review = seat_ana_first(2)
    assert review is not None  # the Swiss alternates the seats
    assert "Ana would have taken the first seat 2 times and the second 0 times." in review.new
    play_round(tournament, 2)
    review = seat_ana_first(3)
    assert review is not None
    assert "Ana would take the first seat for the third round running." in review.new


def test_moving_entrants_between_tables(world: World) -> None:
    tournament = services.create_tournament(club=world.club, name="Tables", game="leap_frog", format="tables",
                                            options={"rows": 6, "cols": 6},
                                            format_settings={"rounds": 2, "table_size": 3}, players=everyone(world))
    tournament = services.start_and_pair(tournament)
    games = proposal(tournament, 1)
    assert [len(game["seats"]) for game in games] == [3, 3]
    mover = games[0]["seats"][1]
    review = rounds.move_entrant(tournament, number=1, entrant=mover, table=1, seat=0)
    moved = proposal(tournament, 1)
    assert [len(game["seats"]) for game in moved] == [2, 4] and moved[1]["seats"][0] == mover
    assert review.new == []
    with pytest.raises(InvalidInput):  # a table of one is not a game of Leap Frog
        rounds.move_entrant(tournament, number=1, entrant=moved[1]["seats"][1], table=2)
    with pytest.raises(InvalidInput):
        rounds.move_entrant(tournament, number=1, entrant=mover, table=0, seat=-1)
    assert proposal(tournament, 1) == moved
    # Back to the table it came from: the first table has three seats again.
    rounds.move_entrant(tournament, number=1, entrant=mover, table=0)
    assert [len(game["seats"]) for game in proposal(tournament, 1)] == [3, 3]
    matches = services.publish_proposed(tournament)
    assert [match.seats.count() for match in matches] == [3, 3]


def test_a_withdrawal_after_proposing_pairs_the_proposed_round_again_without_them(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))
    play_round(tournament, 1)
    services.withdraw(tournament.entrants.get(player=world.fay))
    proposed = tournament.rounds.get(number=2)
    fay = tournament.entrants.get(player=world.fay).pk
    assert all(fay not in game["seats"] for game in proposed.proposal)
    assert any(game["bye"] for game in proposed.proposal)
    review = rounds.pair_again(tournament, number=2)
    assert review.round.proposal == proposed.proposal  # the same pairing, drawn from the same seed
    services.publish_proposed(tournament)
    assert Match.objects.filter(tournament=tournament, round__number=2).count() == 2


def test_pairing_again_waits_for_the_games_in_play(world: World) -> None:
    tournament = leap_frog_swiss(world.club, everyone(world))
    services.publish_proposed(tournament)
    with pytest.raises(Missing):
        rounds.pair_again(tournament, number=2)
    with pytest.raises(Conflict):
        rounds.pair_again(tournament, number=1)
