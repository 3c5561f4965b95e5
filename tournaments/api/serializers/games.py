"""The games catalog: each game's options, seats, built-in bots and observation, as shapes."""

from __future__ import annotations

from rest_framework import serializers


class GameOptionSerializer(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.ChoiceField(choices=["integer", "boolean", "string"])
    help = serializers.CharField()
    default = serializers.JSONField(required=False, help_text="absent when it depends on the seats or other options")
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    choices = serializers.ListField(child=serializers.CharField(), required=False)


class SeatRangeSerializer(serializers.Serializer):
    min = serializers.IntegerField()
    max = serializers.IntegerField()


class BotParamSerializer(serializers.Serializer):
    default = serializers.IntegerField()
    minimum = serializers.IntegerField()
    maximum = serializers.IntegerField()
    help = serializers.CharField()


class BuiltinBotSerializer(serializers.Serializer):
    summary = serializers.CharField()
    params = serializers.DictField(child=serializers.IntegerField(), help_text="parameters and their defaults")
    limits = serializers.DictField(child=BotParamSerializer(),
                                   help_text="each parameter's default and range; a value outside it is refused")


class ObservationSerializer(serializers.Serializer):
    keys = serializers.DictField(child=serializers.CharField(), help_text="each key a bot's observation has")
    example = serializers.DictField(help_text="seat 0's observation before the first move of a seeded match "
                                              "with the default options")


class GameSerializer(serializers.Serializer):
    """A game: its seats, options with their limits and defaults, notation, built-in bots, and
    what a bot sees (the observation's keys and an example)."""

    slug = serializers.CharField()
    title = serializers.CharField()
    players = SeatRangeSerializer()
    options = GameOptionSerializer(many=True)
    defaults = serializers.DictField(help_text="the options a match gets when none are given, at the fewest seats")
    notation = serializers.CharField(help_text="how moves are written")
    bots = serializers.DictField(child=BuiltinBotSerializer())
    observation = ObservationSerializer()
    rules = serializers.CharField(help_text="where the full rules and notation are documented")


class SeatFigureSerializer(serializers.Serializer):
    seats = serializers.IntegerField(help_text="seats at the table: the figure is over games of this many seats")
    games = serializers.IntegerField(help_text="finished games counted")
    wins = serializers.IntegerField(help_text="games seat 0 won: first place alone (a shared first place is not a win)")
    rate = serializers.FloatField(help_text="wins / games")
    low = serializers.FloatField(help_text="the lower end of the 95 % Wilson score interval of the rate")
    high = serializers.FloatField(help_text="the upper end of that interval")
    fair = serializers.FloatField(help_text="the rate if the seat made no difference: 1 / seats")


class SeatAdvantageSerializer(serializers.Serializer):
    """How often seat 0 (the seat that moves first) won a game's finished matches, per seat
    count, over the clubs the caller may see (or the one club asked for)."""

    game = serializers.CharField()
    club = serializers.CharField(allow_null=True,
                                 help_text="the club's slug, or null for every club the caller may see")
    figures = SeatFigureSerializer(many=True, help_text="one per seat count played, fewest seats first")
