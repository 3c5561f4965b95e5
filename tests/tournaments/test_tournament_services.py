"""Tournaments through the services: bot tournaments in-process, people's tournaments with
proposed and published rounds, withdrawals, late entries, determinism and the sweeper."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.helpers.matches import finish_by_hand
from tests.helpers.tournaments import bot_tournament, run
from tests.helpers.world import World
from tournaments.errors import Conflict, InvalidInput
from tournaments.models import Bye, Match, Round, Tournament
from tournaments.services import matches as match_services
from tournaments.services import tournaments as services


def test_a_round_robin_of_bots_runs_to_the_end(world: World) -> None:
    tournament = run(bot_tournament(world.club, ["random", "greedy", "random", "greedy"]))
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.matches_done == tournament.matches_total == 6
    assert Match.objects.filter(tournament=tournament, status=Match.Status.FINISHED).count() == 6
    standings = tournament.standings
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)
    assert sum(row["points"] for row in standings) == 6
    for match in tournament.matches.all():
        assert match_services.reverify(match)["valid"]


def test_the_same_seed_gives_the_same_standings(world: World) -> None:
    first = run(bot_tournament(world.club, ["random", "greedy", "random"], format="swiss", rounds=2, seed="same"))
    second = run(bot_tournament(world.other_club, ["random", "greedy", "random"], format="swiss", rounds=2, seed="same"))
    strip = [{key: value for key, value in row.items() if key != "entrant_id"} for row in first.standings]
    assert strip == [{key: value for key, value in row.items() if key != "entrant_id"} for row in second.standings]
    assert services.compute_standings(first) == first.standings


def test_a_played_match_is_not_played_again(world: World) -> None:
    tournament = bot_tournament(world.club, ["random", "random"])
    [match] = services.advance(tournament.pk)
    assert services.play_scheduled(match.pk) is True
    match.refresh_from_db()
    moves = list(match.log.moves)
    assert services.play_scheduled(match.pk) is False
    match.refresh_from_db()
    assert match.log.moves == moves and services.advance(tournament.pk) == []
    assert Tournament.objects.get(pk=tournament.pk).status == Tournament.Status.FINISHED


def test_tables_for_a_multi_seat_game(world: World) -> None:
    tournament = run(bot_tournament(world.club, ["random", "greedy", "random", "greedy", "random"],
                                    format="tables", rounds=2, table_size=3))
    assert tournament.status == Tournament.Status.FINISHED and tournament.current_round == 2
    for round_ in tournament.rounds.all():
        seated = [seat.player_id for match in round_.matches.all() for seat in match.seats.all()]
        byes = list(Bye.objects.filter(round=round_).values_list("entrant__player_id", flat=True))
        assert sorted(seated + byes) == sorted(tournament.entrants.values_list("player_id", flat=True))


def test_settings_are_checked(world: World) -> None:
    with pytest.raises(InvalidInput):
        services.create_tournament(club=world.club, name="x", game="leapfrog_race", format="swiss")
    with pytest.raises(InvalidInput):
        services.create_tournament(club=world.club, name="x", game="leapfrog_race", format="ladder")
    with pytest.raises(InvalidInput):
        services.create_tournament(club=world.club, name="x", game="leapfrog_race", format="round_robin",
                                   format_settings={"colour": "red"})
    with pytest.raises(InvalidInput):
        services.create_tournament(club=world.club, name="x", game="chess", format="round_robin")


def people_tournament(world: World, format: str = "swiss", **settings: object) -> Tournament:
    tournament = services.create_tournament(club=world.club, name="Club night", game="leapfrog_race",
                                            format=format, format_settings=settings)
    for player in (world.ana, world.ben, world.cy, world.dora):
        services.register(tournament, player)
    return services.start(tournament)


def test_a_people_tournament_proposes_then_publishes_rounds(world: World) -> None:
    tournament = people_tournament(world, rounds=2)
    services.advance(tournament.pk)
    proposed = Round.objects.get(tournament=tournament, number=1)
    assert proposed.status == Round.Status.PROPOSED and len(proposed.proposal) == 2
    assert not tournament.matches.exists()
    swapped = [{"seats": list(reversed(game["seats"]))} for game in proposed.proposal]
    matches = services.publish_proposed(tournament, swapped)
    assert [[seat.player.pk for seat in match.seats.order_by("index")] for match in matches] == [
        [tournament.entrants.get(pk=entrant).player_id for entrant in game["seats"]] for game in swapped]
    assert all(match.status == Match.Status.SCHEDULED for match in matches)
    with pytest.raises(Conflict):
        services.publish_proposed(tournament)
    assert services.advance(tournament.pk) == []  # games still to play
    for match in matches:
        finish_by_hand(match)
    tournament.refresh_from_db()
    assert tournament.matches_done == 2
    services.advance(tournament.pk)
    assert Round.objects.get(tournament=tournament, number=2).status == Round.Status.PROPOSED
    services.publish_proposed(tournament)
    for match in tournament.matches.filter(round__number=2):
        finish_by_hand(match)
    services.advance(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED and len(tournament.standings) == 4


def test_publishing_checks_the_seating(world: World) -> None:
    tournament = people_tournament(world, rounds=1)
    services.advance(tournament.pk)
    entrants = list(tournament.entrants.values_list("pk", flat=True))
    for games in ([{"seats": entrants[:2]}], [{"seats": entrants[:2]}, {"seats": [entrants[2], entrants[2]]}],
                  [{"players": entrants}], [{"seats": entrants}]):
        with pytest.raises(InvalidInput):
            services.publish_proposed(tournament, games)


def test_withdrawal_and_late_entry(world: World) -> None:
    tournament = people_tournament(world, rounds=3)
    services.advance(tournament.pk)
    services.publish_proposed(tournament)
    leaver = tournament.entrants.get(player=world.dora)
    services.withdraw(leaver)
    with pytest.raises(Conflict):
        services.withdraw(leaver)
    late = services.register(tournament, world.eve)
    assert late.joined_round == 2
    for match in tournament.matches.all():
        finish_by_hand(match)
    services.advance(tournament.pk)
    proposal = Round.objects.get(tournament=tournament, number=2).proposal
    seated = {entrant for game in proposal for entrant in game["seats"]}
    assert leaver.pk not in seated and late.pk in seated
    rows = {row["entrant"]: row for row in services.compute_standings(tournament)}
    assert rows["Dora"]["withdrawn"] is True and rows["Dora"]["played"] == 1
    assert rows["Eve"]["points"] == 0


def test_no_late_entry_in_a_running_round_robin(world: World) -> None:
    tournament = people_tournament(world, format="round_robin")
    with pytest.raises(Conflict):
        services.register(tournament, world.eve)


def test_the_sweeper_finds_stale_matches_and_stalled_tournaments(world: World) -> None:
    tournament = bot_tournament(world.club, ["random", "random", "random", "random"])
    matches = services.advance(tournament.pk)
    assert services.stale_matches() == []
    Match.objects.filter(pk=matches[0].pk).update(status=Match.Status.IN_PROGRESS,
                                                  started_at=timezone.now() - timedelta(hours=1))
    Match.objects.filter(pk=matches[1].pk).update(created_at=timezone.now() - timedelta(hours=1))
    assert sorted(services.stale_matches()) == sorted([matches[0].pk, matches[1].pk])
    assert services.stalled_tournaments() == []
    for match in matches:
        services.play_scheduled(match.pk)
    assert services.stalled_tournaments() == [tournament.pk]


def test_the_sweep_task_replays_stale_matches_and_finishes_stalled_tournaments(world: World) -> None:
    from tournaments.tasks import sweep

    tournament = bot_tournament(world.club, ["random", "greedy"])
    [match] = services.advance(tournament.pk)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.IN_PROGRESS,
                                             started_at=timezone.now() - timedelta(hours=1))
    # In-process, the re-dispatched tasks run at once: the match is played, then the
    # tournament, all of its games decided, takes its next step and finishes.
    assert sweep.delay().get() == {"matches": [match.pk], "tournaments": [tournament.pk], "ratings": []}
    match.refresh_from_db()
    tournament.refresh_from_db()
    assert match.status == Match.Status.FINISHED and tournament.status == Tournament.Status.FINISHED
    assert sweep.delay().get() == {"matches": [], "tournaments": [], "ratings": []}
