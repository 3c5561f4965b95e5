"""Request rates for anonymous clients (per address) and accounts (per user).

The rates are read from ``settings.API_THROTTLE_RATES`` at every request rather than once at
import, so the environment (``THROTTLE_ANON``, ``THROTTLE_USER``) and tests can change them;
the counts live in the default cache (Redis when configured, shared by every process).
Anonymous clients are counted by their real address (:mod:`tournaments.client_address`): a
forwarded header counts only when a trusted proxy sent it.
"""

from __future__ import annotations

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from tournaments.client_address import client_address


class SettingsRateMixin:
    scope: str

    def get_rate(self) -> str | None:
        return settings.API_THROTTLE_RATES.get(self.scope)

    def get_ident(self, request):  # type: ignore[no-untyped-def]
        """The real client address, not DRF's reading of X-Forwarded-For (which the client writes)."""
        return client_address(request)


class AnonymousThrottle(SettingsRateMixin, AnonRateThrottle):
    """Anonymous clients, counted per address."""


class UserThrottle(SettingsRateMixin, UserRateThrottle):
    """Logged-in clients, counted per account. Anonymous requests are left to
    :class:`AnonymousThrottle` (DRF's class would count them a second time, per address, at the
    accounts' rate: two more cache round trips a request for a limit that never binds)."""

    def get_cache_key(self, request, view):  # type: ignore[no-untyped-def]
        if not (request.user and request.user.is_authenticated):
            return None
        return super().get_cache_key(request, view)
