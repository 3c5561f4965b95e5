"""Routes of the pages for people."""

from django.urls import include, path

from tournaments.web import bots, clubs, games, home, leaderboards, matches, players, tournaments

urlpatterns = [
    path("", home.home, name="home"),
    path("clubs/", clubs.club_list, name="clubs"),
    path("tournaments/<int:pk>/", tournaments.tournament, name="tournament"),
    path("tournaments/<int:pk>/live/", tournaments.tournament_live_part, name="tournament-live"),
    path("players/<int:pk>/", players.player, name="player"),
    path("leaderboards/", leaderboards.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", leaderboards.leaderboard_page, name="leaderboard"),
    path("matches/<int:pk>/", matches.match, name="match"),
    path("games/<str:game>/", games.rules, name="rules"),
    path("bots/", bots.my_bots, name="my-bots"),
    path("bots/<int:pk>/", bots.bot_detail, name="bot-detail"),
    path("", include("tournaments.web.urls_accounts")),
    path("", include("tournaments.web.urls_clubs")),
    path("", include("tournaments.web.urls_setup")),
    path("", include("tournaments.web.urls_console")),
]
