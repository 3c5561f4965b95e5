"""A bot version's record counted by the database: meetings per opponent version (wins,
draws, losses, the version's forfeits), forfeits by reason, the rating trail in order, and
two versions compared. The matches are made with chosen places (tests/helpers/ratings.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.factories import BotEntryFactory, BotVersionFactory, ClubFactory, PlayerFactory
from tests.helpers.ratings import finished_match
from tournaments.errors import InvalidInput
from tournaments.models import BotEntry, BotVersion, Match, Player, Rating, Seat
from tournaments.rating_maths import display
from tournaments.services import ratings
from tournaments.services.matches import insert_match
from tournaments.version_records import compared_rows, comparison, default_pair, version_of, version_record


@dataclass
class League:
    hopper: BotEntry
    rival: BotEntry
    ben: Player
    v1: BotVersion
    v2: BotVersion
    matches: list[Match]


def forfeit(match: Match, player: Player, reason: str) -> None:
    Seat.objects.filter(match=match, player=player).update(forfeit_reason=reason)


@pytest.fixture
def league(db: None) -> League:
    """Hopper v1 meets Rival v1 twice (a win; a loss it forfeited on time), Ben once (a draw)
    and Rival v2 once (a win); Hopper v2 then loses to Rival v2 by an illegal move and wins a
    table of three above Rival v2 and Ben. One unfinished match of v1 counts for nothing."""
    club = ClubFactory()
    hopper = BotEntryFactory(club=club, name="Hopper")
    rival = BotEntryFactory(club=club, name="Rival")
    ben = PlayerFactory(club=club, name="Ben")
    h, r = hopper.player, rival.player
    played = [finished_match([h, r], [1, 2], minutes=1), finished_match([r, h], [1, 2], minutes=2, forfeits=(1,)),
              finished_match([h, ben], [1, 1], minutes=3)]
    forfeit(played[1], h, "time limit")
    BotVersionFactory(entry=rival, strategy="greedy")
    played.append(finished_match([h, r], [1, 2], minutes=4))
    insert_match(players=[h, ben], setup=played[0].log.setup, club=club, game="froggit", options=played[0].options)
    v2 = BotVersionFactory(entry=hopper, strategy="greedy")
    played += [finished_match([h, r], [2, 1], minutes=5), finished_match([ben, r, h], [3, 2, 1], minutes=6)]
    forfeit(played[4], h, "illegal move")
    ratings.update_ratings("froggit")
    v1 = hopper.versions.get(number=1)
    hopper.refresh_from_db()
    return League(hopper, rival, ben, v1, v2, played)


def table(record) -> list[tuple]:
    return [(m.label, m.games, m.wins, m.draws, m.losses, m.forfeits) for m in record.opponents]


def test_meetings_per_opponent_version_are_counted_exactly(league: League) -> None:
    first = version_record(league.v1)
    assert first.matches == 4
    assert table(first) == [("Rival v1", 2, 1, 0, 1, 1), ("Ben", 1, 0, 1, 0, 0), ("Rival v2", 1, 1, 0, 0, 0)]
    assert [m.score_rate for m in first.opponents] == [0.5, 0.5, 1.0]
    assert first.opponents[1].version is None  # a person has no version
    overall = first.overall
    assert (overall.games, overall.wins, overall.draws, overall.losses, overall.score_rate) == (4, 2, 1, 1, 0.625)
    second = version_record(league.v2)
    assert second.matches == 2
    assert table(second) == [("Rival v2", 2, 1, 0, 1, 1), ("Ben", 1, 1, 0, 0, 0)]


def test_forfeits_are_counted_per_reason(league: League) -> None:
    assert version_record(league.v1).forfeits == {"time limit": 1}
    assert version_record(league.v2).forfeits == {"illegal move": 1}
    assert version_record(league.rival.versions.get(number=1)).forfeits == {}


def test_the_rating_trail_follows_the_rated_matches_in_played_order(league: League) -> None:
    first, second = version_record(league.v1), version_record(league.v2)
    assert [point.match_id for point in first.trail] == [match.pk for match in league.matches[:4]]
    assert [point.match_id for point in second.trail] == [match.pk for match in league.matches[4:]]
    assert first.trail[0].change > 0 and second.trail[0].change < 0  # a win, then a loss
    rating = Rating.objects.get(player=league.hopper.player, game="froggit")
    assert second.rating == round(display(rating.mu), 1)
    # v2 starts from where v1 left the entry's rating (each figure rounded to one decimal).
    assert abs(first.rating - (second.trail[0].rating - second.trail[0].change)) <= 0.1


def test_a_record_takes_the_same_few_queries_whatever_the_matches(league: League, django_assert_num_queries) -> None:
    version = BotVersion.objects.select_related("entry").get(pk=league.v1.pk)
    with django_assert_num_queries(4):
        version_record(version)
    for minutes in range(7, 17):
        finished_match([league.ben, league.hopper.player], [1, 2], minutes=minutes)
    version = BotVersion.objects.select_related("entry").get(pk=league.v2.pk)
    with django_assert_num_queries(4):
        assert version_record(version).matches == 12


def test_two_versions_compared_per_opponent(league: League) -> None:
    first, second = version_record(league.v1), version_record(league.v2)
    rows = compared_rows(first, second)
    assert [(row.label, row.a and row.a.games, row.b and row.b.games) for row in rows] == [
        ("Rival v2", 1, 2), ("Ben", 1, 1), ("Rival v1", 2, None)]
    answer = comparison(first, second)
    assert answer["a"] == {"version": 1, "matches": 4, "meetings": 4, "score_rate": 0.625, "rating": first.rating,
                           "forfeits": 1}
    assert answer["b"]["score_rate"] == 2 / 3 and answer["b"]["forfeits"] == 1
    assert answer["opponents"][2]["b"] == {"games": 0, "score_rate": None, "forfeits": 0}


def test_the_default_pair_is_the_active_version_and_the_one_before(league: League) -> None:
    assert default_pair(league.hopper) == (1, 2)
    assert default_pair(BotEntryFactory(club=league.hopper.player.club, name="Solo")) == (1, 1)


@pytest.mark.parametrize(("raw", "message"), [
    ("x", "a must be a version number of Hopper (its versions are 1 to 2), not 'x'"),
    ("-1", "a must be a version number of Hopper (its versions are 1 to 2), not '-1'"),
    ("9", "Hopper has no version 9: its versions are 1 to 2"),
])
def test_a_version_named_by_a_parameter_is_refused_precisely(league: League, raw: str, message: str) -> None:
    with pytest.raises(InvalidInput) as refused:
        version_of(league.hopper, raw, "a")
    assert refused.value.message == message and refused.value.fields == {"a": [message]}
