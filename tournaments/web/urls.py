"""Routes of the pages for people."""

from django.urls import include, path

from tournaments.web import board, bot_history, bots, casual, challenges, clubs, exports, games, home, leaderboards, matches
from tournaments.web import players, tournaments

urlpatterns = [
    path("", home.home, name="home"),
    path("clubs/", clubs.club_list, name="clubs"),
    path("tournaments/<int:pk>/", tournaments.tournament, name="tournament"),
    path("tournaments/<int:pk>/live/", tournaments.tournament_live_part, name="tournament-live"),
    path("tournaments/<int:pk>/export.trf", exports.tournament_trf, name="tournament-trf"),
    path("tournaments/<int:pk>/standings.csv", exports.tournament_standings_csv, name="tournament-standings-csv"),
    path("tournaments/<int:pk>/crosstable.csv", exports.tournament_crosstable_csv, name="tournament-crosstable-csv"),
    path("tournaments/<int:pk>/rounds.ics", exports.tournament_rounds_ics, name="tournament-rounds-ics"),
    path("players/<int:pk>/", players.player, name="player"),
    path("players/<int:pk>/matches.ics", exports.player_matches_ics, name="player-matches-ics"),
    path("leaderboards/", leaderboards.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", leaderboards.leaderboard_page, name="leaderboard"),
    path("matches/<int:pk>/", matches.match, name="match"),
    path("matches/<int:a>/compare/<int:b>/", matches.match_compare, name="match-compare"),
    path("matches/<int:pk>/turns.jsonl", matches.match_turns, name="match-turns"),
    path("matches/<int:pk>/play/", board.panel, name="match-play"),
    path("matches/<int:pk>/play/act/", board.act, name="match-play-act"),
    path("matches/<int:pk>/play/undo/", board.take_back, name="match-play-undo"),
    path("clubs/<slug:slug>/play/", casual.play_a_game, name="club-play"),
    path("games/<str:game>/", games.rules, name="rules"),
    path("bots/", bots.my_bots, name="my-bots"),
    path("bots/<int:pk>/", bots.bot_detail, name="bot-detail"),
    path("bots/<int:pk>/versions/<int:number>/", bot_history.bot_version, name="bot-version"),
    path("bots/<int:pk>/compare/", bot_history.bot_compare, name="bot-compare"),
    path("bots/<int:pk>/versions/<int:number>/challenge/", challenges.challenge_new, name="challenge-new"),
    path("challenges/", challenges.challenge_list, name="challenges"),
    path("challenges/<int:pk>/", challenges.challenge_detail, name="challenge"),
    path("matches/<int:pk>/rerun/", challenges.match_rerun, name="match-rerun"),
    path("", include("tournaments.web.urls_accounts")),
    path("", include("tournaments.web.urls_clubs")),
    path("", include("tournaments.web.urls_setup")),
    path("", include("tournaments.web.urls_console")),
]
