"""Playing on the board: the bodies of starting a game, acting, putting a match on the board, and
the shape of a reader's view of the turn under way."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.base import InputSerializer, PlayerField
from tournaments.services.play_clocks import MAX_CLOCK_SECONDS, MAX_INCREMENT_SECONDS


class TextField(serializers.CharField):
    """A string as sent, never a number turned into one; whitespace kept (the engine judges it)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(trim_whitespace=False, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ClockFields(InputSerializer):
    clock_seconds = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=MAX_CLOCK_SECONDS,
        help_text="each seat's time in seconds; none (or left out) for an untimed game")
    increment_seconds = serializers.IntegerField(required=False, default=0, min_value=0,
                                                 max_value=MAX_INCREMENT_SECONDS,
                                                 help_text="seconds added to a seat after each of its moves")


class StartGameSerializer(ClockFields):
    """A casual game on the board: the game, its players in seat order, its options."""

    game = serializers.CharField(max_length=40)
    players = PlayerField(many=True, allow_empty=False, help_text="player ids in seat order")
    options = serializers.DictField(required=False, default=dict)
    rated = serializers.BooleanField(required=False, allow_null=True, default=None,
                                     help_text="left out: as the club rates casual games")


class OpenBoardSerializer(ClockFields):
    """Put an existing match on the board; without a clock, a tournament's own clock applies."""


class ActionSerializer(InputSerializer):
    seat = serializers.IntegerField(min_value=0, help_text="the seat acting (0 is the first seat)")
    action = TextField(max_length=200, help_text="one of the seat's legal actions, as the game writes it")
    index = serializers.IntegerField(min_value=0, help_text="the number of moves already logged, as you saw it")


class ClocksSerializer(serializers.Serializer):
    remaining_ms = serializers.ListField(child=serializers.IntegerField(), help_text="each seat's time left")
    running = serializers.ListField(child=serializers.IntegerField(), help_text="the seats whose clocks run")
    at = serializers.IntegerField(help_text="the server's time of this answer, milliseconds since 1970")
    increment_ms = serializers.IntegerField()


class PlayViewSerializer(serializers.Serializer):
    """What the caller may know of the board (``docs/api.md``, Playing on the board)."""

    count = serializers.IntegerField(help_text="moves logged")
    status = serializers.CharField()
    to_move = serializers.ListField(child=serializers.IntegerField(), help_text="the seats whose decision it is")
    chosen = serializers.ListField(child=serializers.IntegerField(),
                                   help_text="seats that have already chosen this turn (never what)")
    legal = serializers.DictField(child=serializers.ListField(child=serializers.CharField()),
                                  help_text="by seat: the legal actions of the caller's own seats")
    forfeited = serializers.ListField(child=serializers.IntegerField())
    clocks = ClocksSerializer(allow_null=True)
    last_by_me = serializers.BooleanField(help_text="the caller completed the last move (and may take it back)")
    result = serializers.JSONField(allow_null=True)
