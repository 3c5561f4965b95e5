"""The API's token authentication, in a module of its own: DRF imports it while it loads its
settings, so it must not import DRF's views (the token views are in ``tokens``)."""

from __future__ import annotations

from knox.auth import TokenAuthentication


class NamedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <secret>`` checked against the stored hashes (django-rest-knox);
    an expired token is refused (and deleted)."""
