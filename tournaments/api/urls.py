"""API routes under ``/api/``: the router's resources, the token, log verification, ratings,
the OpenAPI schema and its Swagger UI."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from tournaments.api import tokens
from tournaments.api.views import (accounts, bot_games, bots, challenges, clubs, comparisons, games, jobs, ladders,
                                   matches, play, players, ratings, tournaments, webhooks)
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
router.register("challenges", challenges.ChallengeViewSet, basename="challenge")


urlpatterns = [
    path("auth/token/", tokens.TokenView.as_view(), name="api-token"),
    path("auth/tokens/", tokens.TokenListView.as_view(), name="api-tokens"),
    path("auth/tokens/<str:key>/", tokens.TokenDetailView.as_view(), name="api-token-detail"),
    path("webhooks/", webhooks.WebhookListView.as_view(), name="api-webhooks"),
    path("webhooks/<int:pk>/", webhooks.WebhookDetailView.as_view(), name="api-webhook"),
    path("webhooks/<int:pk>/deliveries/", webhooks.WebhookDeliveriesView.as_view(), name="api-webhook-deliveries"),
    path("notifications/preferences/", webhooks.PreferenceView.as_view(), name="api-notification-preferences"),
    path("logs/verify/", matches.verify_log_view, name="verify-log"),
    path("clubs/<slug:slug>/bot-games/", bot_games.ClubBotGamesView.as_view(), name="api-club-bot-games"),
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
    path("matches/<int:a>/compare/<int:b>/", comparisons.MatchCompareView.as_view(), name="api-match-compare"),
    path("matches/<int:pk>/turns.jsonl",
         matches.MatchViewSet.as_view({"get": "turns_jsonl"}, content_negotiation_class=FirstRenderer),
         name="api-match-turns-jsonl"),
    *[path(f"tournaments/<int:pk>/{name}",
           tournaments.TournamentViewSet.as_view({"get": view}, content_negotiation_class=FirstRenderer),
           name=f"api-tournament-{view.replace('_', '-')}")
      for name, view in (("export.trf", "export_trf"), ("standings.csv", "standings_csv"),
                         ("crosstable.csv", "crosstable_csv"), ("rounds.ics", "rounds_ics"))],
    path("matches/<int:pk>/play/", play.MatchPlayViewSet.as_view({"get": "board_view"}), name="api-match-play"),
    path("matches/<int:pk>/actions/", play.MatchPlayViewSet.as_view({"post": "act"}), name="api-match-actions"),
    path("matches/<int:pk>/board/", play.MatchPlayViewSet.as_view({"post": "open_board"}), name="api-match-board"),
    path("clubs/<str:slug>/games/", play.ClubGamesView.as_view(), name="api-club-games"),
    path("players/<int:pk>/matches.ics",
         players.PlayerViewSet.as_view({"get": "matches_ics"}, content_negotiation_class=FirstRenderer),
         name="api-player-matches-ics"),
    path("", include(router.urls)),
]
