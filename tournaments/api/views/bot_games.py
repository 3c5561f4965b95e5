"""A member's game against a bot, in the API: ``POST /api/clubs/{slug}/bot-games/`` starts it on
the board (``services/bot_games.py``); the moves are then made at ``/api/matches/{id}/actions/``
and the bot's turns are played by the workers."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api import serializers as s
from tournaments.api.serializers.base import InputSerializer
from tournaments.api.views.base import valid
from tournaments.errors import Missing
from tournaments.models import Match
from tournaments.selectors import visible_clubs
from tournaments.services.bot_games import start_bot_game


@extend_schema_field({"oneOf": [{"type": "string", "example": "mcts:budget=50"}, {"type": "integer", "example": 7}]})
class BotField(serializers.Field):
    """A built-in strategy (text, with its parameters) or a bot entry's id (an integer)."""

    default_error_messages = {"kind": "give a built-in strategy as text (like 'random') or a bot entry's id"}

    def to_internal_value(self, data: Any) -> str | int:
        if isinstance(data, bool) or not isinstance(data, (str, int)):
            self.fail("kind")
        return data

    def to_representation(self, value: Any) -> Any:
        return value


class BotGameSerializer(InputSerializer):
    game = serializers.CharField(max_length=40, help_text="the game's slug")
    bot = BotField(help_text="a built-in strategy of the game ('random', 'mcts:budget=50') or a bot entry's id")
    seat = serializers.IntegerField(help_text="your seat: 0 moves first, 1 lets the bot move first")
    options = serializers.DictField(required=False, default=dict, help_text="the game's options")
    clock_seconds = serializers.IntegerField(required=False, allow_null=True, default=None,
                                             help_text="each player's time in seconds; none: untimed")
    increment_seconds = serializers.IntegerField(required=False, default=0,
                                                 help_text="seconds added after each of a player's moves")


class ClubBotGamesView(APIView):
    """Start a game on the board against a bot of the club (members)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Play a bot: start a game on the board against a built-in bot or a bot entry of the club (members)",
        description="Unrated unless the club rates casual games. A built-in strategy plays as the club's bot "
                    "entry named after it. When the bot sits first it moves at once; then make your moves at "
                    "`POST /api/matches/{id}/actions/` and read the board at `GET /api/matches/{id}/play/`.",
        request=BotGameSerializer, responses={201: s.MatchSerializer}, tags=["matches"])
    def post(self, request: Request, slug: str) -> Response:
        club = visible_clubs(request.user).filter(slug=slug).first()
        if club is None:
            raise Missing(f"no club {slug!r}")
        fields = valid(BotGameSerializer, request)
        match = start_bot_game(club=club, user=request.user, **fields)
        match = Match.objects.select_related("club", "log", "recorded_by").get(pk=match.pk)
        return Response(s.MatchSerializer(match, context={"request": request}).data, status=status.HTTP_201_CREATED)

