"""API routes under ``/api/``."""

from django.urls import include, path
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from tournaments.api import views

router = DefaultRouter()
router.register("clubs", views.ClubViewSet, basename="club")
router.register("players", views.PlayerViewSet, basename="player")
router.register("matches", views.MatchViewSet, basename="match")
router.register("tournaments", views.TournamentViewSet, basename="tournament")
router.register("bots", views.BotEntryViewSet, basename="bot")
router.register("ladders", views.LadderViewSet, basename="ladder")

urlpatterns = [
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("logs/verify/", views.verify_log_view, name="verify-log"),
    path("", include(router.urls)),
]
