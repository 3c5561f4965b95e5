"""Ratings from matches: the updates equal openskill's own, what is rated and what is not,
and every correction (a late result, a void, a changed result) equal to a recompute from
scratch."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.helpers.world import World
from tests.helpers.ratings import at, correct, finished_match, from_scratch, rating_state
from tournaments.models import Match, Player, Rating, SeatRating
from tournaments.selectors import RatingView, leaderboard, ratings_for, rating_history
from tournaments.services import matches as match_services
from tournaments.services import ratings
from tournaments.services.ratings import MODEL, new_rating


def library(before: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """The update computed directly with openskill, no service involved."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=ranks)]


def rating_of(player: Player, game: str = "froggit") -> Rating:
    return Rating.objects.get(player=player, game=game)


def people(world: World) -> list[Player]:
    return [world.ana, world.ben, world.cy, world.dora, world.eve, world.fay]


def test_a_two_seat_match_updates_as_openskill_does(world: World) -> None:
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    [(ana_mu, ana_sigma), (ben_mu, ben_sigma)] = library([new_rating()] * 2, [1, 2])
    ana, ben = rating_of(world.ana), rating_of(world.ben)
    assert (ana.mu, ana.sigma, ben.mu, ben.sigma) == (ana_mu, ana_sigma, ben_mu, ben_sigma)
    assert (ana.games, ana.wins, ana.losses, ana.draws) == (1, 1, 0, 0)
    assert (ben.games, ben.wins, ben.losses, ben.draws) == (1, 0, 1, 0)
    finished_match([world.ana, world.ben], [1, 1], minutes=2)
    expected = library([(ana_mu, ana_sigma), (ben_mu, ben_sigma)], [1, 1])
    ana, ben = rating_of(world.ana), rating_of(world.ben)
    assert [(ana.mu, ana.sigma), (ben.mu, ben.sigma)] == expected
    assert (ana.games, ana.wins, ana.draws, ben.losses, ben.draws) == (2, 1, 1, 1, 1)


def test_a_six_seat_match_updates_as_openskill_does(world: World) -> None:
    six = people(world)
    finished_match(six[:2], [2, 1], minutes=1)  # unequal priors going into the table
    before = [(rating.mu, rating.sigma) for rating in
              (Rating.objects.filter(player=player).first() for player in six) if rating] + [new_rating()] * 4
    ranks = [3, 1, 3, 6, 1, 5]
    finished_match(six, ranks, minutes=2)
    expected = library(before, ranks)
    assert [(rating_of(player).mu, rating_of(player).sigma) for player in six] == expected
    cy = rating_of(world.cy)
    assert (cy.games, cy.tables, cy.place_sum, cy.wins + cy.losses + cy.draws) == (1, 1, 3, 0)
    assert RatingView.of(cy).average_place == 3


def test_what_is_not_rated(world: World) -> None:
    finished_match([world.ana, world.ben], [1, 2], rated=False)
    finished_match([world.ana, world.ana], [1, 2], minutes=1)  # one player in two seats: practice
    finished_match([world.ana], [1], minutes=2, game="leapfrog_race")  # one seat
    assert not Rating.objects.exists() and not SeatRating.objects.exists()


def test_a_forfeit_is_a_loss_for_the_seat_that_forfeits(world: World) -> None:
    match = match_services.create_match(club=world.club, game="measure_and_tempo", players=[world.ana, world.ben],
                                        draw_setup=True)
    assert not Rating.objects.exists()  # in progress
    match_services.record_forfeit(match, seat=0, reason="left the club")
    ana, ben = rating_of(world.ana, "measure_and_tempo"), rating_of(world.ben, "measure_and_tempo")
    assert (ana.losses, ben.wins) == (1, 1) and ana.mu < 25 < ben.mu


def test_voiding_a_match_takes_it_out(world: World) -> None:
    first = finished_match([world.ana, world.ben], [1, 2], minutes=1)
    finished_match([world.ben, world.cy], [1, 2], minutes=2)
    finished_match([world.ana, world.cy], [2, 1], minutes=3)
    match_services.void_match(first)
    state = rating_state("froggit")
    assert not SeatRating.objects.filter(match=first).exists()
    assert rating_of(world.ana).games == 1
    assert state == from_scratch("froggit")


def test_a_late_result_is_replayed_in_its_place(world: World) -> None:
    for minute, (winner, loser) in enumerate([(world.ana, world.ben), (world.ben, world.cy), (world.cy, world.ana)]):
        finished_match([winner, loser], [1, 2], minutes=10 + minute)
    late = finished_match([world.ben, world.ana, world.cy], [1, 2, 2], minutes=5)
    state = rating_state("froggit")
    first_snapshots = SeatRating.objects.filter(match=late).order_by("seat__index")
    assert [(snapshot.mu_before, snapshot.sigma_before) for snapshot in first_snapshots] == [new_rating()] * 3
    assert state == from_scratch("froggit")


def test_a_corrected_result_is_replayed_from_its_place(world: World) -> None:
    match = finished_match([world.ana, world.ben, world.cy], [1, 2, 3], minutes=1)
    finished_match([world.ana, world.ben], [2, 1], minutes=2)
    correct(match, [3, 1, 1])
    assert rating_state("froggit") == from_scratch("froggit")
    assert list(SeatRating.objects.filter(match=match).order_by("seat__index").values_list("rank", flat=True)) \
        == [3, 1, 1]


def test_unrating_a_match_takes_it_out(world: World) -> None:
    match = finished_match([world.ana, world.ben], [1, 2], minutes=1)
    finished_match([world.ben, world.cy], [1, 2], minutes=2)
    Match.objects.filter(pk=match.pk).update(rated=False)
    match.refresh_from_db()
    ratings.note_change(match, force=True)
    assert not SeatRating.objects.filter(match=match).exists()
    assert rating_state("froggit") == from_scratch("froggit")


def test_an_update_with_nothing_new_changes_nothing(world: World) -> None:
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    state = rating_state("froggit")
    applied = ratings.update_ratings("froggit")
    assert (applied.matches, applied.recomputed_from) == (0, None) and rating_state("froggit") == state
    match = Match.objects.get()
    ratings.note_change(match, force=True)  # marked, but nothing changed: no replay
    assert rating_state("froggit") == state


def random_places(rng: random.Random, seats: int) -> list[int]:
    """Competition ranks with ties: (1, 3, 1, 4) and the like."""
    scores = [rng.randint(1, seats) for _ in range(seats)]
    return [1 + sum(other > score for other in scores) for score in scores]


@pytest.mark.parametrize("seed", range(4))
def test_random_changes_in_any_order_equal_a_recompute_from_scratch(world: World, seed: int,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Matches logged out of time order, voided and corrected at random: after every change
    the stored ratings are exactly those a replay from scratch gives."""
    rollbacks = []
    rollback = ratings.rollback
    monkeypatch.setattr(ratings, "rollback", lambda game, start: rollbacks.append(start) or rollback(game, start))
    rng = random.Random(seed)
    players = people(world)
    matches: list[Match] = []
    for step in range(30):
        action = rng.random()
        if action < 0.65 or not matches:
            seated = rng.sample(players, rng.randint(2, 6))
            matches.append(finished_match(seated, random_places(rng, len(seated)), minutes=rng.randint(0, 60)))
        elif action < 0.8:
            match_services.void_match(matches.pop(rng.randrange(len(matches))))
        else:
            match = rng.choice(matches)
            correct(match, random_places(rng, match.seats.count()))
        state = rating_state("froggit")
        assert state == from_scratch("froggit"), f"step {step}"
    assert len(rollbacks) >= 5  # most changes landed before the last rated match
    assert Rating.objects.filter(game="froggit").count() == len(players)


def test_best_rating_remembers_when_and_where(world: World) -> None:
    win = finished_match([world.ana, world.ben], [1, 2], minutes=1)
    finished_match([world.ana, world.ben], [2, 1], minutes=2)
    ana = rating_of(world.ana)
    peak = SeatRating.objects.get(match=win, player=world.ana)
    assert (ana.best_mu, ana.best_at, ana.best_match_id) == (peak.mu_after, at(1), win.pk)
    assert ana.best_mu > ana.mu


def test_a_players_history_is_its_snapshots_in_order(world: World) -> None:
    for minute in range(5):
        finished_match([world.ana, world.ben, world.cy], [1 + (minute % 3), 1 + ((minute + 1) % 3),
                                                          1 + ((minute + 2) % 3)], minutes=10 - minute)
    history = list(rating_history(world.ana, "froggit"))
    assert [point.played_at for point in history] == sorted(point.played_at for point in history)
    assert history[0].mu_before == new_rating()[0]
    for earlier, later in zip(history, history[1:], strict=False):
        assert (later.mu_before, later.sigma_before) == (earlier.mu_after, earlier.sigma_after)
    ana = rating_of(world.ana)
    assert (ana.mu, ana.sigma, ana.games) == (history[-1].mu_after, history[-1].sigma_after, 5)


def test_selectors_for_the_ladder(world: World) -> None:
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    views = ratings_for("froggit", [world.ana.pk, world.cy.pk])
    assert views[world.ana.pk].rating > 1500 and views[world.ana.pk].games == 1
    assert (views[world.cy.pk].rating, views[world.cy.pk].deviation, views[world.cy.pk].games) == (1500, 500, 0)
    assert views[world.cy.pk].provisional
    assert [rating.player for rating in leaderboard("froggit")] == [world.ana, world.ben]
    assert list(leaderboard("froggit", min_games=2)) == []
    assert list(leaderboard("froggit", kind=Player.Kind.BOT)) == []
    assert list(leaderboard("froggit", club=world.other_club)) == []


def test_the_recompute_command(world: World) -> None:
    finished_match([world.ana, world.ben], [1, 2], minutes=1)
    state = rating_state("froggit")
    SeatRating.objects.all().delete()
    Rating.objects.all().delete()
    out = StringIO()
    call_command("recompute_ratings", "--game", "froggit", stdout=out)
    assert "froggit: 1 rated matches, 2 seats" in out.getvalue()
    assert rating_state("froggit") == state
    out = StringIO()
    call_command("recompute_ratings", stdout=out)
    assert len(out.getvalue().splitlines()) == 4


def test_the_recompute_command_refuses_an_unknown_game(db: None) -> None:
    with pytest.raises(CommandError, match="no game 'chess'; the games are froggit, leap_frog"):
        call_command("recompute_ratings", "--game", "chess")


def test_a_recompute_streams_each_snapshot_as_its_match_is_rated(world: World,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The snapshot writer is open before the first update and gets each match's rows right
    after that match is rated (on PostgreSQL, a COPY the server works on meanwhile)."""
    players = people(world)
    for minute in range(4):
        finished_match(players[:3 + minute % 2], [1, 2, 3, 3][:3 + minute % 2], minutes=minute)
    events: list[str] = []
    writer, rate = ratings.snapshot_writer, ratings.rate

    @contextmanager
    def watched() -> Iterator[Callable[[tuple], None]]:
        events.append("open")
        with writer() as write:
            yield lambda row: events.append("row") or write(row)
        events.append("closed")

    monkeypatch.setattr(ratings, "snapshot_writer", watched)
    monkeypatch.setattr(ratings, "rate", lambda *args: events.append("rate") or rate(*args))
    state = rating_state("froggit")
    assert from_scratch("froggit") == state
    assert "".join(event[0] for event in events) == "o" + "rrrr" "rrrrr" "rrrr" "rrrrr" + "c"


def test_a_recompute_that_fails_midway_leaves_the_old_ratings(world: World,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """An error after thousands of bytes of snapshots went to the server aborts the COPY and
    the whole recompute: the old snapshots and ratings stay, and the next recompute runs."""
    players = people(world)
    rng = random.Random(7)
    for minute in range(70):
        finished_match(players, random_places(rng, 6), minutes=minute)
    state = rating_state("froggit")
    calls, rate = [], ratings.rate

    def failing(*args: object) -> object:
        calls.append(1)
        if len(calls) == 65:  # 64 matches, 384 rows (over 30 kB) already written
            raise RuntimeError("the model failed")
        return rate(*args)

    monkeypatch.setattr(ratings, "rate", failing)
    with pytest.raises(RuntimeError, match="the model failed"):
        ratings.recompute_ratings("froggit")
    assert rating_state("froggit") == state
    monkeypatch.setattr(ratings, "rate", rate)
    assert from_scratch("froggit") == state


def test_deleting_a_rated_match_removes_its_snapshots(world: World) -> None:
    """The snapshots hold no database constraint on their seat: Django's cascade removes them."""
    kept = finished_match([world.ana, world.ben], [1, 2], minutes=1)
    gone = finished_match([world.ana, world.cy, world.dora], [1, 2, 3], minutes=2)
    gone.delete()
    assert sorted(SeatRating.objects.values_list("match_id", flat=True)) == [kept.pk, kept.pk]
