"""Invitations: links a club's director hands out, that let whoever holds one join the club with
a role (and make an account, where sign-up is by invitation only)."""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from tournaments.errors import Conflict, InvalidInput, Missing
from tournaments.models import Club, Invitation, Membership
from tournaments.services.clubs import check_role

#: How long a new link works unless its director says otherwise.
DEFAULT_DAYS = 14
LONGEST_DAYS = 365


def create_invitation(club: Club, *, by: Any, role: str = Membership.Role.MEMBER, days: int | None = DEFAULT_DAYS,
                      max_uses: int | None = None) -> Invitation:
    """A new link to join ``club`` as ``role``, working for ``days`` (None: until revoked) and
    for ``max_uses`` people (None: any number)."""
    check_role(role)
    if days is not None and not 1 <= days <= LONGEST_DAYS:
        message = f"a link works for 1 to {LONGEST_DAYS} days"
        raise InvalidInput(message, fields={"days": [message]})
    if max_uses is not None and max_uses < 1:
        message = "a link is for at least one person"
        raise InvalidInput(message, fields={"max_uses": [message]})
    expires = timezone.now() + timedelta(days=days) if days is not None else None
    return Invitation.objects.create(club=club, code=secrets.token_urlsafe(24), role=role, created_by=by,
                                     expires_at=expires, max_uses=max_uses)


def open_invitations(club: Club) -> list[Invitation]:
    """The club's links that still work, newest first."""
    return [invitation for invitation in club.invitations.select_related("created_by") if usable(invitation)]


def usable(invitation: Invitation) -> bool:
    return (not invitation.revoked
            and (invitation.expires_at is None or invitation.expires_at > timezone.now())
            and (invitation.max_uses is None or invitation.uses < invitation.max_uses))


def find_invitation(code: Any) -> Invitation:
    """The working invitation with this code, or why there is none (the same answer for a code
    that never existed and one that was revoked: a code is the only secret)."""
    readable = isinstance(code, str) and code and len(code) <= 64 and code.isprintable()
    invitation = (Invitation.objects.select_related("club", "created_by").filter(code=code).first()
                  if readable else None)
    if invitation is None or invitation.revoked:
        raise Missing("this invitation link is not valid; ask the club's director for a new one",
                      code="bad_invitation", fields={"invitation": ["not valid"]})
    if not usable(invitation):
        raise Conflict("this invitation link has expired or been used up; ask the club's director for a new one",
                       code="invitation_ended", fields={"invitation": ["expired or used up"]})
    return invitation


def revoke_invitation(invitation: Invitation) -> Invitation:
    invitation.revoked = True
    invitation.save(update_fields=["revoked"])
    return invitation


@transaction.atomic
def accept_invitation(code: Any, user: Any) -> Membership:
    """``user`` joins the invitation's club with its role, recorded as invited by its creator.
    Someone already a member keeps their membership (and role) and uses nothing up."""
    invitation = find_invitation(code)
    invitation = Invitation.objects.select_for_update().select_related("club").get(pk=invitation.pk)
    if not usable(invitation):  # used up by someone else meanwhile
        raise Conflict("this invitation link has been used up", code="invitation_ended",
                       fields={"invitation": ["used up"]})
    existing = Membership.objects.filter(club=invitation.club, user=user).first()
    if existing is not None:
        return existing
    membership = Membership.objects.create(club=invitation.club, user=user, role=invitation.role,
                                           invited_by=invitation.created_by)
    Invitation.objects.filter(pk=invitation.pk).update(uses=F("uses") + 1)
    return membership
