"""API routes under ``/api/``."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from tournaments.api import ratings, views
from tournaments.api.negotiation import FirstRenderer

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
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("ratings/<str:game>/", ratings.LeaderboardView.as_view(), name="rating-leaderboard"),
    path("players/<int:player_id>/ratings/", ratings.PlayerRatingsView.as_view(), name="player-ratings"),
    path("players/<int:player_id>/ratings/<str:game>/history/", ratings.RatingHistoryView.as_view(),
         name="player-rating-history"),
    path("players/<int:player_id>/head-to-head/<int:opponent_id>/", ratings.HeadToHeadView.as_view(),
         name="head-to-head"),
    path("matches/<int:pk>/positions/<int:number>.svg",
         views.MatchViewSet.as_view({"get": "position"}, content_negotiation_class=FirstRenderer),
         name="match-position"),
    path("", include(router.urls)),
]
