"""Factories (factory-boy) for the rows most tests need: clubs, accounts, memberships, players,
bot entries and versions, tournaments, entrants, and matches with seats and a log the engine
played and the verifier accepted.

Rows with rules of their own are made by the services, so that a factory never makes what the
service would refuse: a bot entry (its player and version 1), a new bot version, a match (its
log verified and stored by ``upload_log``). The others are plain model rows.

    match = MatchFactory(game="froggit")            # a finished two-seat match of Froggit
    MatchFactory(club=club, players=[ana, ben])     # between these players
"""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth.models import User
from factory.django import DjangoModelFactory

from games.registry import get_game
from games.runner import play_bots
from tournaments.models import BotEntry, BotVersion, Club, Entrant, Match, Membership, Player, Tournament
from tournaments.services import bots as bot_services
from tournaments.services import matches as match_services


class ClubFactory(DjangoModelFactory):
    class Meta:
        model = Club
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda number: f"Club {number}")
    slug = factory.Sequence(lambda number: f"club-{number}")
    public = True


class UserFactory(DjangoModelFactory):
    """An account whose password is ``pw-<username>-123``."""

    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda number: f"person{number}")

    @factory.post_generation
    def password(self, create: bool, extracted: str | None, **kwargs: Any) -> None:
        self.set_password(extracted or f"pw-{self.username}-123")
        if create:
            self.save(update_fields=["password"])


class MembershipFactory(DjangoModelFactory):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    club = factory.SubFactory(ClubFactory)
    role = Membership.Role.MEMBER


class DirectorFactory(MembershipFactory):
    role = Membership.Role.DIRECTOR


class PlayerFactory(DjangoModelFactory):
    class Meta:
        model = Player

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda number: f"Player {number}")
    kind = Player.Kind.PERSON


class BotEntryFactory(factory.Factory):
    """A built-in bot entry, made by the bots service: its player in the club and version 1."""

    class Meta:
        model = BotEntry

    club = factory.SubFactory(ClubFactory)
    owner = factory.SubFactory(UserFactory)
    game = "froggit"
    name = factory.Sequence(lambda number: f"Bot {number}")
    strategy = "random"
    description = ""
    ladder = True

    @classmethod
    def _create(cls, model_class: type, **fields: Any) -> BotEntry:
        return bot_services.create_entry(**fields)

    @classmethod
    def _build(cls, model_class: type, **fields: Any) -> BotEntry:
        raise TypeError("a bot entry is made by the service, with its player and version: use create()")


class BotVersionFactory(factory.Factory):
    """A further version of an entry (a built-in strategy), made by the bots service."""

    class Meta:
        model = BotVersion

    entry = factory.SubFactory(BotEntryFactory)
    strategy = "greedy"
    by = None

    @classmethod
    def _create(cls, model_class: type, *, entry: BotEntry, **fields: Any) -> BotVersion:
        return bot_services.add_version(entry, **fields)

    @classmethod
    def _build(cls, model_class: type, **fields: Any) -> BotVersion:
        raise TypeError("a bot version is made by the service: use create()")


class TournamentFactory(DjangoModelFactory):
    """A tournament taking registrations (add entrants with :class:`EntrantFactory`)."""

    class Meta:
        model = Tournament

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda number: f"Cup {number}")
    game = "leapfrog_race"
    format = Tournament.Format.ROUND_ROBIN
    seed = factory.Sequence(lambda number: f"cup-{number}")
    status = Tournament.Status.REGISTRATION


class EntrantFactory(DjangoModelFactory):
    """An entrant of a tournament, seeded after those already in it, a player of its club."""

    class Meta:
        model = Entrant

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.LazyAttribute(lambda entrant: PlayerFactory(club=entrant.tournament.club))
    seed = factory.LazyAttribute(lambda entrant: entrant.tournament.entrants.count() + 1)


class MatchFactory(factory.Factory):
    """A match the engine played between built-in bots, its log verified and stored by the
    match service (``upload_log``): its seats hold ``players`` (new players of ``club`` by
    default), its result is the log's."""

    class Meta:
        model = Match

    class Params:
        seats = 2

    club = factory.SubFactory(ClubFactory)
    game = "leapfrog_race"
    options: dict[str, Any] = factory.LazyFunction(dict)
    bots = factory.LazyAttribute(lambda match: ["random"] * len(match.players))
    seed = factory.Sequence(lambda number: f"factory-match-{number}")
    players = factory.LazyAttribute(lambda match: [PlayerFactory(club=match.club) for _ in range(match.seats)])
    rated = True
    tournament = None
    recorded_by = None

    @classmethod
    def _create(cls, model_class: type, *, game: str, options: dict[str, Any], bots: list[str], seed: str,
                players: list[Player], **fields: Any) -> Match:
        log = play_bots(get_game(game), bots, options=options, seed=seed, players=[player.name for player in players])
        return match_services.upload_log(log=log, players=players, **fields)

    @classmethod
    def _build(cls, model_class: type, **fields: Any) -> Match:
        raise TypeError("a match is stored by the match service with its seats and log: use create()")
