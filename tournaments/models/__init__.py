"""Clubs, people and bots, matches and their logs: the app's models, a module per domain.

The package names every model, so ``from tournaments.models import Match`` works whichever
module defines it, and Django finds them all under the one app label ``tournaments``.

A match's log (setup, moves, forfeits) is the source of truth: its seats' ranks and scores
are written only by the services, from the verified log, never typed in.
"""

from tournaments.models.accounts import ApiToken
from tournaments.models.base import game_choices
from tournaments.models.bots import BotEntry, BotVersion, Ladder
from tournaments.models.challenges import Challenge
from tournaments.models.clubs import Club, Invitation, Membership
from tournaments.models.jobs import Job
from tournaments.models.live import LiveGame
from tournaments.models.matches import Correction, Match, MatchLog, Seat, SeatOutput
from tournaments.models.notifications import Delivery, NotificationPreference, WebhookEndpoint
from tournaments.models.players import Player
from tournaments.models.ratings import Rating, RatingCursor, RatingMark, SeatRating
from tournaments.models.tournaments import Bye, Entrant, Round, RoundCheckIn, Tournament

__all__ = [
    "ApiToken",
    "BotEntry",
    "BotVersion",
    "Bye",
    "Challenge",
    "Club",
    "Correction",
    "Delivery",
    "Entrant",
    "Invitation",
    "Job",
    "Ladder",
    "LiveGame",
    "Match",
    "MatchLog",
    "Membership",
    "NotificationPreference",
    "Player",
    "Rating",
    "RatingCursor",
    "RatingMark",
    "Round",
    "RoundCheckIn",
    "Seat",
    "SeatOutput",
    "SeatRating",
    "Tournament",
    "WebhookEndpoint",
    "game_choices",
]
