"""Routes of the pages for people."""

from django.urls import path

from tournaments import pages, site

urlpatterns = [
    path("", site.home, name="home"),
    path("clubs/<slug:slug>/", site.club, name="club"),
    path("tournaments/<int:pk>/", site.tournament, name="tournament"),
    path("tournaments/<int:pk>/live/", site.tournament_live_part, name="tournament-live"),
    path("players/<int:pk>/", site.player, name="player"),
    path("leaderboards/", site.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", site.leaderboard_page, name="leaderboard"),
    path("matches/<int:pk>/", site.match, name="match"),
    path("games/<str:game>/", site.rules, name="rules"),
    path("bots/", pages.my_bots, name="my-bots"),
    path("bots/<int:pk>/", pages.bot_detail, name="bot-detail"),
]
