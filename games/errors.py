"""Errors raised by the rules engines.

Each error maps to one verification code of ``docs/log-format.md``, so that verification,
the API and the match runner report the same fault the same way.
"""

#: How many characters of a player's text a message quotes.
QUOTE = 40


def shorten(text: str, limit: int = QUOTE) -> str:
    """``text`` cut to ``limit`` characters, for quoting in a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GameError(ValueError):
    """Base class: a fault in a game's input. ``code`` is its verification code."""

    code = "bad_format"


class OptionsError(GameError):
    """Options unknown, of the wrong type, out of range or inconsistent with the seats."""

    code = "bad_options"


class PlayersError(GameError):
    """The wrong number of seats for the game and its options."""

    code = "bad_players"


class SetupError(GameError):
    """Setup missing, malformed or impossible."""

    code = "bad_setup"


class NotationError(GameError):
    """A move that does not parse in the game's notation (python-chess: InvalidMoveError)."""

    code = "bad_notation"


class IllegalMoveError(GameError):
    """A move that parses but the rules forbid in this position."""

    code = "illegal_move"


class GameOverError(GameError):
    """A move offered after the game has ended."""

    code = "moves_after_end"


class UnknownGameError(GameError):
    """A game slug the registry does not know."""

    code = "unknown_game"


class AgentFailure(Exception):
    """An agent that cannot go on (crash, timeout, illegal answer): its seat forfeits. Not a
    fault in the game's input: the runner turns it into a forfeit."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
