"""API routes under ``/api/``: the router's resources, the token, log verification, ratings,
the OpenAPI schema and its Swagger UI."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from tournaments.api import tokens
from tournaments.api.views import accounts, bots, clubs, games, jobs, ladders, matches, players, ratings, tournaments
from tournaments.api.negotiation import FirstRenderer

router = DefaultRouter()
router.register("games", games.GameViewSet, basename="game")
router.register("clubs", clubs.ClubViewSet, basename="club")
router.register("memberships", clubs.MembershipViewSet, basename="membership")
router.register("users", accounts.AccountViewSet, basename="user")
router.register("players", players.PlayerViewSet, basename="player")
router.register("matches", matches.MatchViewSet, basename="match")
router.register("tournaments", tournaments.TournamentViewSet, basename="tournament")
router.register("rounds", tournaments.RoundViewSet, basename="round")
router.register("bots", bots.BotEntryViewSet, basename="bot")
router.register("ladders", ladders.LadderViewSet, basename="ladder")
router.register("jobs", jobs.JobViewSet, basename="job")


urlpatterns = [
    path("auth/token/", tokens.TokenView.as_view(), name="api-token"),
    path("auth/tokens/", tokens.TokenListView.as_view(), name="api-tokens"),
    path("auth/tokens/<str:key>/", tokens.TokenDetailView.as_view(), name="api-token-detail"),
    path("logs/verify/", matches.verify_log_view, name="verify-log"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The Swagger UI's setup script is served apart from its page, so the page runs no inline
    # script (the Content-Security-Policy allows none); its one inline style has the nonce.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema", template_name="tournaments/swagger_ui.html"),
         name="api-docs"),
    path("ratings/<str:game>/", ratings.LeaderboardView.as_view(), name="rating-leaderboard"),
    path("ratings/<str:game>/recompute/", ratings.recompute_ratings_view, name="rating-recompute"),
    path("players/<int:player_id>/ratings/", ratings.PlayerRatingsView.as_view(), name="player-ratings"),
    path("players/<int:player_id>/ratings/<str:game>/history/", ratings.RatingHistoryView.as_view(),
         name="player-rating-history"),
    path("players/<int:player_id>/head-to-head/<int:opponent_id>/", ratings.HeadToHeadView.as_view(),
         name="head-to-head"),
    path("matches/<int:pk>/positions/<int:number>.svg",
         matches.MatchViewSet.as_view({"get": "position"}, content_negotiation_class=FirstRenderer),
         name="match-position"),
    path("", include(router.urls)),
]
