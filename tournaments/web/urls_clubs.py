"""Routes of the clubs' pages: creating one, its page and settings, members, players, and joining."""

from django.urls import path

from tournaments.web import bot_games, clubs, members, notifications, roster

urlpatterns = [
    path("clubs/new/", clubs.club_create, name="club-create"),
    path("clubs/<slug:slug>/", clubs.club, name="club"),
    path("clubs/<slug:slug>/settings/", clubs.club_settings, name="club-settings"),
    path("clubs/<slug:slug>/webhooks/", notifications.club_webhooks, name="club-webhooks"),
    path("clubs/<slug:slug>/members/", members.club_members, name="club-members"),
    path("clubs/<slug:slug>/players/", roster.club_players, name="club-players"),
    path("clubs/<slug:slug>/players/import/", roster.club_players_import, name="club-players-import"),
    path("clubs/<slug:slug>/play-bot/", bot_games.play_bot, name="club-play-bot"),
    path("join/<str:code>/", members.join, name="join"),
]
