"""The public pages and the positions API: what each page shows, who may see it, and the
replay's pictures with their hidden information and cache headers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client

from games.registry import get_game
from tests.helpers.world import World
from tests.helpers.tournaments import first_match, play_next, play_tournaments, started_bot_tournament
from tournaments.models import Match, Tournament
from tournaments.services import tournaments as services
from tournaments.services.matches import insert_match

MT_SETUP = {"hands": [["2H", "TC", "QD", "JC", "4C", "7C", "7D"], ["6S", "TS", "JD", "6C", "AD", "8D", "QC"]]}


@pytest.fixture
def played(db: None) -> dict[str, Tournament]:
    return play_tournaments()


def page(path: str, client: Client | None = None, status: int = 200) -> str:
    answer = (client or Client()).get(path)
    assert answer.status_code == status, (path, answer.status_code)
    return answer.content.decode()


def logged_in(user: object) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_home_page_lists_clubs_tournaments_and_the_four_games(played: dict[str, Tournament]) -> None:
    html = page("/")
    for game in played:
        assert f'href="/games/{game}/"' in html and f'href="/leaderboards/{game}/"' in html
        assert f'href="/tournaments/{played[game].pk}/"' in html
        assert f'href="/clubs/{played[game].club.slug}/"' in html
    assert "No tournament is running now." in html


def test_a_tournament_page_shows_standings_with_tiebreaks_the_crosstable_and_the_pairings(
        played: dict[str, Tournament]) -> None:
    tournament = played["measure_and_tempo"]
    html = page(f"/tournaments/{tournament.pk}/")
    for heading in ("Standings", "Crosstable", "Rounds and pairings", "Buchholz", "Sonneborn-Berger"):
        assert heading in html
    for entrant in tournament.entrants.select_related("player"):
        assert entrant.player.name in html
    for match in tournament.matches.all():
        assert f'href="/matches/{match.pk}/"' in html
    assert 'aria-valuenow="100"' in html and "hx-trigger" not in html  # finished: no polling


def test_the_live_part_grows_while_a_bot_tournament_runs_and_never_polls(world: World) -> None:
    tournament = started_bot_tournament(world.club)
    seen = []
    while True:
        html = page(f"/tournaments/{tournament.pk}/live/")
        seen.append(int(re.search(r'aria-valuenow="(\d+)"', html).group(1)))
        tournament.refresh_from_db()
        assert "hx-trigger" not in html  # its live events bring the news (services/live_events.py)
        if not play_next(tournament):
            break
    assert seen[0] == 0 and seen[-1] == 100 and seen == sorted(seen) and len(set(seen)) > 3


def test_the_live_part_counts_over_the_whole_round_robin_and_agrees_with_the_results_it_shows(world: World) -> None:
    tournament = started_bot_tournament(world.club)  # four entrants: six matches in three rounds
    services.advance(tournament.pk)  # the first round is paired
    counts = []
    while True:
        html = page(f"/tournaments/{tournament.pk}/live/")
        done, total = map(int, re.search(r"(\d+) of (\d+) matches played", html).groups())
        pairings = html[html.index('id="rounds"'):]
        assert done == len(re.findall(r'<li class="pairing finished">', pairings))
        counts.append((done, total))
        api = Client().get(f"/api/tournaments/{tournament.pk}/progress/").json()
        assert api["matches_total"] == 6, api
        if not play_next(tournament):
            break
    assert {total for _, total in counts} == {6}
    assert [done for done, _ in counts] == list(range(7))[: len(counts)] and counts[-1] == (6, 6)


def test_the_standings_link_each_entrant_to_its_player_page_and_the_pairings_have_a_legend(
        played: dict[str, Tournament]) -> None:
    tournament = played["leap_frog"]
    html = page(f"/tournaments/{tournament.pk}/")
    standings = html[html.index('id="standings"'):html.index('id="crosstable"')]
    for entrant in tournament.entrants.select_related("player"):
        assert f'<a href="/players/{entrant.player_id}/">{entrant.player.name}</a>' in standings
    assert "its place in the match and, in brackets, its score" in html


def test_a_player_page_draws_the_rating_history_and_the_leaderboard_sorts(played: dict[str, Tournament]) -> None:
    tournament = played["froggit"]
    winner = tournament.entrants.select_related("player").first().player
    html = page(f"/players/{winner.pk}/")
    chart = re.search(r'<div class="chart">(<svg.*?</svg>)</div>', html, re.S).group(1)
    root = ET.fromstring(chart)
    points = [element for element in root.iter() if element.get("class") == "point"]
    assert len(points) == winner.ratings.get(game="froggit").games + 1
    board = page("/leaderboards/froggit/")
    assert board.count('class="trend"') == 3 and "rating trend" in board
    names = re.findall(r'<td data-value="([^"]+)"><a href="/players/', page("/leaderboards/froggit/?sort=name"))
    assert names == sorted(names, key=str.lower) and len(names) == 3
    reverse = re.findall(r'<td data-value="([^"]+)"><a href="/players/', page("/leaderboards/froggit/?sort=-name"))
    assert reverse == names[::-1]
    by_games = page("/leaderboards/froggit/?sort=games")
    games = re.findall(r'<td data-value="(\d+)">\d+</td>\s*<td class="spark">', by_games)
    assert [int(count) for count in games] == sorted((int(count) for count in games), reverse=True)
    assert page("/leaderboards/froggit/?sort=nonsense").count('class="trend"') == 3
    page("/leaderboards/chess/", status=404)


def test_the_match_page_replays_every_game(played: dict[str, Tournament]) -> None:
    for game, tournament in played.items():
        match = first_match(tournament)
        html = page(f"/matches/{match.pk}/")
        assert html.count('data-n="') == match.move_count + 1
        assert f'data-total="{match.move_count}"' in html and "<svg" in html
        start = page(f"/matches/{match.pk}/?n=0")
        assert 'data-start="0"' in start and page(f"/matches/{match.pk}/?n=oops").count("<svg") >= 1


def test_the_rules_pages_show_the_notation_and_the_rulings(db: None) -> None:
    html = page("/games/measure_and_tempo/")
    assert "Writing a log by hand" in html and "Rulings" in html and "Forfeits" in html and "<table>" in html
    page("/games/chess/", status=404)


def test_private_clubs_pages_are_unknown_to_outsiders(world: World) -> None:
    match = insert_match(players=[world.private_player, world.private_player.club.players.create(name="Loud")],
                         setup={}, club=world.private_club, game="froggit", status=Match.Status.FINISHED)
    page(f"/clubs/{world.private_club.slug}/", status=404)
    page(f"/matches/{match.pk}/", status=404)
    page(f"/players/{world.private_player.pk}/", status=404)
    assert "Secret Club" not in page("/")
    assert "Secret Club" in page("/", client=logged_in(world.director))
    page(f"/matches/{match.pk}/", client=logged_in(world.director))
    assert Client().get(f"/api/matches/{match.pk}/positions/0.svg").status_code == 404


# -- the positions API and hidden information --------------------------------------------------------

def live_duel(world: World, moves: list[str]) -> Match:
    """A Measure and Tempo match being logged at the club's table: Ana (seat 0) against Ben."""
    return insert_match(players=[world.ana, world.ben], setup=MT_SETUP, moves=moves, club=world.club,
                        game="measure_and_tempo", move_count=len(moves),
                        options=get_game("measure_and_tempo").parse_options({"target": 2}, 2))


def test_positions_are_svg_with_the_match_visibility_and_precise_404s(world: World) -> None:
    match = live_duel(world, ["guard QD", "cycle +KS +3H -6S -TS"])
    bystander = logged_in(world.bystander)
    answer = bystander.get(f"/api/matches/{match.pk}/positions/1.svg", HTTP_ACCEPT="image/svg+xml")
    assert answer.status_code == 200 and answer["Content-Type"] == "image/svg+xml"
    ET.fromstring(answer.content)
    assert answer["Cache-Control"] == "private, no-cache"
    missing = bystander.get(f"/api/matches/{match.pk}/positions/3.svg")
    assert missing.status_code == 404
    assert missing.json() == {"code": "not_found",
                              "message": f"match {match.pk} has 2 moves: its positions are 0 to 2, not 3"}
    assert Client().get(f"/api/matches/{match.pk}/positions/0.svg").status_code == 403  # not public while live
    assert logged_in(world.outsider).get(f"/api/matches/{match.pk}/positions/0.svg").status_code == 403
    assert Client().get("/api/matches/999999/positions/0.svg").json()["code"] == "not_found"


def test_spectators_of_a_live_match_see_no_hand_and_no_cycle_and_everyone_sees_all_after(world: World) -> None:
    match = live_duel(world, ["guard QD", "cycle +KS +3H -6S -TS"])
    spectator = logged_in(world.bystander)
    picture = spectator.get(f"/api/matches/{match.pk}/positions/2.svg").content.decode()
    assert 'class="card face"' in picture  # the Guard, face up
    assert 'data-card="2H"' not in picture and 'data-card="KS"' not in picture
    html = page(f"/matches/{match.pk}/", client=spectator)
    assert "+KS" not in html and "<code>cycle</code>" in html
    seated = logged_in(world.member).get(f"/api/matches/{match.pk}/positions/2.svg").content.decode()
    assert 'data-card="2H"' in seated and 'data-card="KS"' not in seated  # Ana's own hand only
    Match.objects.filter(pk=match.pk).update(status=Match.Status.VOID)
    ended = Client().get(f"/api/matches/{match.pk}/positions/2.svg")
    assert ended.status_code == 403  # a void match is not public: only the club sees it
    after = spectator.get(f"/api/matches/{match.pk}/positions/2.svg")
    assert 'data-card="KS"' in after.content.decode() and 'data-card="2H"' in after.content.decode()
    assert "+KS" in page(f"/matches/{match.pk}/", client=spectator)


def test_positions_of_an_ended_match_are_cacheable_and_revalidate_with_their_etag(
        played: dict[str, Tournament]) -> None:
    match = first_match(played["leap_frog"])
    first = Client().get(f"/api/matches/{match.pk}/positions/1.svg")
    assert first.status_code == 200 and first["Cache-Control"] == "public, max-age=3600"
    again = Client().get(f"/api/matches/{match.pk}/positions/1.svg", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and not again.content
    other = Client().get(f"/api/matches/{match.pk}/positions/2.svg", HTTP_IF_NONE_MATCH=first["ETag"])
    assert other.status_code == 200 and other["ETag"] != first["ETag"]
    assert Client().get(f"/api/matches/{match.pk}/positions/1.svg").content == first.content


def test_the_home_page_renders_each_summary_and_counts_seats_as_people_say_them(played: dict[str, Tournament]) -> None:
    html = page("/")
    assert "<em>A History of Board-Games Other Than Chess</em>" in html and "*A History" not in html
    assert "2–2" not in html and ">2 players<" in html and ">1–6 players<" in html
    assert "<td>Measure and Tempo</td>" in html and "<td>measure_and_tempo</td>" not in html  # titles, not slugs


def test_only_a_live_game_with_hands_mentions_the_seats_own_hand(world: World) -> None:
    duel = live_duel(world, ["guard QD"])
    assert "your own seat's hand" in page(f"/matches/{duel.pk}/", client=logged_in(world.member))
    leap = insert_match(players=[world.ana, world.ben], setup={}, moves=["o1"], club=world.club, game="leap_frog",
                        move_count=1, options=get_game("leap_frog").parse_options({}, 2))
    html = page(f"/matches/{leap.pk}/", client=logged_in(world.member))
    assert "This match is being played" in html and "hand" not in html.split("This match is being played")[1][:200]


def test_the_standings_show_each_entrants_games_from_the_first_seat_in_the_page_and_the_api(
        played: dict[str, Tournament]) -> None:
    tournament = played["measure_and_tempo"]
    rows = services.compute_standings(tournament)
    seat_zero = {}
    for match in tournament.matches.filter(status=Match.Status.FINISHED).prefetch_related("seats"):
        first = next(seat for seat in match.seats.all() if seat.index == 0)
        seat_zero[first.player_id] = seat_zero.get(first.player_id, 0) + 1
    players = dict(tournament.entrants.values_list("pk", "player_id"))
    assert {row["entrant_id"]: row["first_seat"] for row in rows} == {
        entrant: seat_zero.get(player, 0) for entrant, player in players.items()}
    assert sum(row["first_seat"] for row in rows) == sum(seat_zero.values()) > 0  # one first seat a game
    html = page(f"/tournaments/{tournament.pk}/")
    standings = html[html.index('id="standings"'):html.index('id="crosstable"')]
    assert "first seat</abbr></th>" in standings
    cells = re.findall(r"<td>(\d+)</td>\s*</tr>", standings)
    assert cells == [str(row["first_seat"]) for row in rows]
    api = Client().get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert [row["first_seat"] for row in api] == [row["first_seat"] for row in rows]
    # Standings stored before first-seat counts were kept are recomputed for the page.
    Tournament.objects.filter(pk=tournament.pk).update(
        standings=[{key: value for key, value in row.items() if key != "first_seat"} for row in rows])
    standings = page(f"/tournaments/{tournament.pk}/")
    assert re.findall(r"<td>(\d+)</td>\s*</tr>", standings[standings.index('id="standings"'):]
                      )[:len(rows)] == cells
