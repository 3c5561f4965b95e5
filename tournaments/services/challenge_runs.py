"""A challenge's status as its games are played: queued until a worker takes the first game,
running while any is left, then finished (or failed, when a game could not be played).

Called by the match-playing path (``services/tournaments.play_scheduled``), which knows
nothing else of challenges; the challenge service itself creates and dispatches them."""

from __future__ import annotations

from django.utils import timezone

from tournaments.models import Challenge, Match

#: A game not decided yet.
PENDING = (Match.Status.SCHEDULED, Match.Status.IN_PROGRESS)


def note_started(challenge_id: int) -> None:
    """A worker took one of the challenge's games."""
    Challenge.objects.filter(pk=challenge_id, status=Challenge.Status.QUEUED).update(status=Challenge.Status.RUNNING)


def note_played(challenge_id: int) -> None:
    """One game was stored (call in its transaction): the challenge is finished once none is
    left to play. The challenge's row is locked first, so that of two workers storing its last
    two games at once the second counts after the first has committed, and one of them
    finishes it."""
    if Challenge.objects.select_for_update().filter(pk=challenge_id).first() is None:
        return
    if Match.objects.filter(challenge_id=challenge_id, status__in=PENDING).exists():
        return
    Challenge.objects.filter(pk=challenge_id).exclude(status=Challenge.Status.FINISHED).update(
        status=Challenge.Status.FINISHED, finished_at=timezone.now())


def note_failed(challenge_id: int, reason: str) -> None:
    """A game could not be played on this worker (no sandbox): the challenge says why; the
    sweeper plays the game again later, and the challenge finishes when every game is in."""
    Challenge.objects.filter(pk=challenge_id).exclude(status=Challenge.Status.FINISHED).update(
        status=Challenge.Status.FAILED, error=reason[:2000])
