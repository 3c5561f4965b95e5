"""A member's game against a bot on the board: any built-in strategy of the game, or any bot
entry of the club the member may see (their own, or anyone's: a bot writer plays their own).

The game is a casual match of the club (``play.start_game``): unrated unless the club counts
casual games (``Club.casual_rated``), with its seed and commitment drawn at the start. A
built-in strategy plays as the club's bot entry named after it and its game ("mcts:budget=50
· Froggit"), made on first use and kept off the ladder. The bot's turns are played by the
workers (``services/bot_turns.py``); when the bot sits first, it moves at once.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games.errors import GameError
from games.registry import get_game, require_game
from tournaments.errors import Forbidden, InvalidInput, refused_by_game
from tournaments.models import BotEntry, Club, Match, Player
from tournaments.selectors import is_member, visible_bots
from tournaments.services import play, players
from tournaments.services.bots import builtin_player, check_playable, check_strategy

#: The seats of a game against one bot: the member's and the bot's.
SEATS = 2


def builtin_name(game: str, strategy: str) -> str:
    """The name a built-in strategy plays under in a club: ``random · Froggit``."""
    return f"{strategy} · {get_game(game).title}"


def builtin_opponent(club: Club, game: str, strategy: Any) -> Player:
    """The club's player for a built-in strategy of ``game``, made (off the ladder) on first use."""
    try:
        strategy = check_strategy(game, strategy)
    except InvalidInput as error:
        raise InvalidInput(error.message, code=error.code, fields={"bot": [error.message]}) from None
    name = builtin_name(game, strategy)
    clash = Player.objects.filter(club=club, name=name).exclude(bot_entry__game=game).first()
    if clash is not None:
        raise InvalidInput(f"{club.name} has a player named {name!r} that is not this built-in bot",
                           fields={"bot": ["a player of the club has this bot's name"]})
    try:
        with transaction.atomic():
            return builtin_player(club, game, name, strategy, ladder=False)
    except InvalidInput:
        # Made meanwhile by another member's first game against it: use that one.
        entry = BotEntry.objects.filter(player__club=club, player__name=name, game=game).select_related("player").first()
        if entry is None:
            raise
        return entry.player


def entry_opponent(club: Club, game: str, user: Any, bot: BotEntry | int) -> Player:
    """The player of a bot entry ``user`` may see in ``club``, for ``game``, with a version to play."""
    pk = bot.pk if isinstance(bot, BotEntry) else bot
    entry = visible_bots(user).filter(pk=pk).first() if type(pk) is int else None
    if entry is None or entry.player.club_id != club.pk:
        raise InvalidInput(f"{club.name} has no bot entry {pk!r}", fields={"bot": ["no such bot in this club"]})
    if entry.game != game:
        message = f"{entry.player.name} plays {get_game(entry.game).title}, not {get_game(game).title}"
        raise InvalidInput(message, fields={"bot": [message]})
    if entry.active_version is None:
        message = f"{entry.player.name} has no active version to play"
        raise InvalidInput(message, fields={"bot": [message]})
    check_playable([entry.active_version])
    return entry.player


def member_player(club: Club, user: Any) -> Player:
    """The member's own player in the club (the first linked to their account), made with their
    username when they have none."""
    own = Player.objects.filter(club=club, user=user, kind=Player.Kind.PERSON).order_by("pk").first()
    if own is not None:
        return own
    name = user.get_username()
    if Player.objects.filter(club=club, name=name).exists():
        message = (f"{club.name} has a player named {name!r} not linked to your account: ask a director "
                   "to link it to you")
        raise InvalidInput(message, code="no_player", fields={"seat": [message]})
    return players.create_player(club=club, name=name, user=user)


def check_seat(seat: Any) -> int:
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise InvalidInput("your seat is 0 (you move first) or 1 (the bot moves first)",
                           fields={"seat": ["0 or 1"]})
    return seat


def opponent(club: Club, game: str, user: Any, bot: Any) -> Player:
    """The bot's player: a strategy (text) is a built-in bot, an id or entry a bot entry."""
    if isinstance(bot, str):
        return builtin_opponent(club, game, bot)
    if isinstance(bot, BotEntry) or type(bot) is int:
        return entry_opponent(club, game, user, bot)
    raise InvalidInput("name the bot: a built-in strategy like 'random', or a bot entry's id",
                       fields={"bot": ["a built-in strategy or a bot entry"]})


@transaction.atomic
def start_bot_game(*, club: Club, game: Any, user: Any, bot: Any, seat: Any, options: dict[str, Any] | None = None,
                   clock_seconds: int | None = None, increment_seconds: int = 0) -> Match:
    """A member's game against a bot, ``seat`` being the member's. The play service queues the
    bot's first action at once when it moves first (or together with the member, as in a race)."""
    if not is_member(user, club):
        raise Forbidden(f"only members of {club.name} play its bots")
    try:
        slug = require_game(game)
    except GameError as error:
        raise refused_by_game(error, field="game") from None
    seat = check_seat(seat)
    bot_player = opponent(club, slug, user, bot)
    me = member_player(club, user)
    seated = [me, bot_player] if seat == 0 else [bot_player, me]
    match = play.start_game(club=club, game=slug, players=seated, options=options, by=user,
                            clock_seconds=clock_seconds, increment_seconds=increment_seconds)
    return match
