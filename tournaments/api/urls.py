"""API routes under ``/api/``: the router's resources, the token, log verification, ratings,
the OpenAPI schema and its Swagger UI."""

from django.urls import include, path
from drf_spectacular.utils import extend_schema, extend_schema_view
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.routers import DefaultRouter
from rest_framework.settings import api_settings

from tournaments.api import ratings, views
from tournaments.api.negotiation import FirstRenderer
from tournaments.api.serializers import TokenSerializer

router = DefaultRouter()
router.register("games", views.GameViewSet, basename="game")
router.register("clubs", views.ClubViewSet, basename="club")
router.register("memberships", views.MembershipViewSet, basename="membership")
router.register("users", views.AccountViewSet, basename="user")
router.register("players", views.PlayerViewSet, basename="player")
router.register("matches", views.MatchViewSet, basename="match")
router.register("tournaments", views.TournamentViewSet, basename="tournament")
router.register("rounds", views.RoundViewSet, basename="round")
router.register("bots", views.BotEntryViewSet, basename="bot")
router.register("ladders", views.LadderViewSet, basename="ladder")
router.register("jobs", views.JobViewSet, basename="job")



@extend_schema_view(post=extend_schema(
    summary="Trade a username and password for a token (send it as `Authorization: Token ...`)",
    responses=TokenSerializer, tags=["auth"]))
class TokenView(ObtainAuthToken):
    """DRF's token view, throttled like the rest of the API (guessing passwords costs time)
    and reading JSON only up to the API's bound."""

    throttle_classes = api_settings.DEFAULT_THROTTLE_CLASSES
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES


urlpatterns = [
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("logs/verify/", views.verify_log_view, name="verify-log"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The Swagger UI's setup script is served apart from its page, so the page runs no inline
    # script (the Content-Security-Policy allows none); its one inline style has the nonce.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema", template_name="tournaments/swagger_ui.html"),
         name="api-docs"),
    path("ratings/<str:game>/", ratings.LeaderboardView.as_view(), name="rating-leaderboard"),
    path("ratings/<str:game>/recompute/", views.recompute_ratings_view, name="rating-recompute"),
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
