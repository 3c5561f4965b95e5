"""Each game counted once: a finished match's fingerprint, and the refusal of a game a club
has stored already.

The fingerprint is the sha256 of the canonical JSON of what makes a game the same game: its
club, game, options, seed and dealt setup, its moves and forfeits, and the players seated, by
id, in seat order. The time it was played, who recorded it and whether it is rated are left
out, so the same log sent again (by another director, through another door) has the same
print. Only finished matches carry one; a void match keeps its print but no longer counts.
The data migration ``0013_match_fingerprints`` keeps a copy of :func:`canonical`: change both.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from tournaments.errors import Duplicate
from tournaments.models import Club, Match


def canonical(*, club: int, game: str, options: Any, seed: str, setup: Any, moves: Sequence[Any],
              forfeits: Sequence[Any], players: Sequence[int]) -> str:
    """The one text a game's identity is hashed from: keys sorted, no spaces, UTF-8."""
    return json.dumps({"club": club, "game": game, "options": options or {}, "seed": seed or "",
                       "setup": setup if setup is not None else {}, "moves": list(moves),
                       "forfeits": list(forfeits), "players": list(players)},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint(**parts: Any) -> str:
    """The sha256 (hex) of :func:`canonical`."""
    return hashlib.sha256(canonical(**parts).encode("utf-8")).hexdigest()


def of_match(match: Match) -> str:
    """The fingerprint of a stored match, from its log and seats; empty unless it is finished
    (an unfinished game is not yet a game to count)."""
    if match.status not in (Match.Status.FINISHED, Match.Status.VOID) or match.result is None:
        return ""
    players = list(match.seats.order_by("index").values_list("player_id", flat=True))
    return fingerprint(club=match.club_id, game=match.game, options=match.options, seed=match.seed,
                       setup=match.log.setup, moves=match.log.moves, forfeits=match.log.forfeits, players=players)


def of_played(match: Match, moves: Sequence[Any], forfeits: Sequence[Any], player_ids: Sequence[int]) -> str:
    """The fingerprint of a match just played to its end, from what the caller has loaded
    already (a worker storing a bot match pays no query for it)."""
    return fingerprint(club=match.club_id, game=match.game, options=match.options, seed=match.seed,
                       setup=match.log.setup, moves=moves, forfeits=forfeits, players=player_ids)


def lock_club(club: Club | int) -> None:
    """Hold the club's row until the transaction ends (PostgreSQL), so that two uploads of one
    game at the same moment are checked one after the other and only one is stored."""
    # FOR NO KEY UPDATE: the inserts of matches and players in the club take a KEY SHARE lock
    # on its row, which this lock must not wait for (two uploads would deadlock).
    pk = club.pk if isinstance(club, Club) else club
    list(Club.objects.select_for_update(no_key=True).filter(pk=pk).values_list("pk", flat=True))


def stored_copy(club_id: int, print_: str, *, besides: int | None = None) -> int | None:
    """The id of the club's finished match with this fingerprint (other than ``besides``)."""
    if not print_:
        return None
    found = Match.objects.filter(club_id=club_id, fingerprint=print_, status=Match.Status.FINISHED)
    if besides is not None:
        found = found.exclude(pk=besides)
    return found.order_by("pk").values_list("pk", flat=True).first()


def check_new(club_id: int, print_: str, *, besides: int | None = None, field: str = "log") -> None:
    """Refuse (:class:`Duplicate`, 409) a game the club has stored already; call with the club locked."""
    earlier = stored_copy(club_id, print_, besides=besides)
    if earlier is not None:
        raise Duplicate(earlier, field=field)


def stamp(match: Match, *, field: str = "log") -> str:
    """Compute and save the match's fingerprint once its log is stored, refusing the game
    (the club locked first) when the club has it already. Answers the print."""
    print_ = of_match(match)
    if print_:
        lock_club(match.club_id)
        check_new(match.club_id, print_, besides=match.pk, field=field)
    if print_ != match.fingerprint:
        Match.objects.filter(pk=match.pk).update(fingerprint=print_)
        match.fingerprint = print_
    return print_
