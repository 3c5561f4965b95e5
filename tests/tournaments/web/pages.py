"""What the club pages' tests share: a snapshot of everything a club's forms could change."""

from __future__ import annotations

from typing import Any

from tournaments.models import Club, Invitation, Membership, Player


def snapshot() -> list[list[tuple[Any, ...]]]:
    """Every row of the clubs, memberships, invitations and players: equal before and after a
    refused request when it changed nothing."""
    return [list(model.objects.order_by("pk").values_list()) for model in (Club, Membership, Invitation, Player)]
