"""The address a request really comes from, for throttles and log-in lockouts.

``X-Forwarded-For`` is written by whoever sends the request, so it is believed only when the
connection comes from a proxy the deployment names in ``TRUSTED_PROXIES`` (addresses or
networks; none by default). Then the header is read from the right, skipping the trusted
proxies' own entries, and the first address that is not one of them is the client: entries to
its left were written by the client and prove nothing.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpRequest

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def parse_networks(entries: tuple[str, ...]) -> tuple[Network, ...]:
    """``TRUSTED_PROXIES``' entries as networks (a bare address is a network of one)."""
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ImproperlyConfigured(f"TRUSTED_PROXIES: {entry!r} is not an address or a network") from None
    return tuple(networks)


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def is_trusted(address: str, networks: tuple[Network, ...]) -> bool:
    parsed = _address(address)
    return parsed is not None and any(parsed in network for network in networks)


def client_address(request: HttpRequest) -> str:
    """The client's address: the connection's peer, or what a trusted proxy says it forwarded."""
    meta = getattr(request, "META", {})
    peer = meta.get("REMOTE_ADDR") or ""
    networks = parse_networks(tuple(settings.TRUSTED_PROXIES))
    if not networks or not is_trusted(peer, networks):
        return peer
    hops = [hop.strip() for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if _address(hop) is None:
            return peer  # a garbled header: count the proxy itself rather than believe it
        if not is_trusted(hop, networks):
            return hop
    return hops[0] if hops else peer
