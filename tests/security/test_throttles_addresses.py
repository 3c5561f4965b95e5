"""Throttles count the real client: X-Forwarded-For is believed only from a trusted proxy."""

from __future__ import annotations

import ipaddress

import pytest
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory, override_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from tournaments.client_address import client_address

PROXY = "10.0.0.5"


def request(peer: str, forwarded: str | None = None):  # type: ignore[no-untyped-def]
    headers = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **headers)


@override_settings(TRUSTED_PROXIES=[])
def test_without_trusted_proxies_the_header_is_ignored() -> None:
    assert client_address(request("203.0.113.7", "198.51.100.1")) == "203.0.113.7"


@override_settings(TRUSTED_PROXIES=["10.0.0.0/24", "2001:db8::1"])
def test_a_trusted_proxy_names_the_client_and_nothing_the_client_wrote_counts() -> None:
    assert client_address(request(PROXY, "198.51.100.1")) == "198.51.100.1"
    # the client wrote the leftmost entry itself; the proxy appended the real one
    assert client_address(request(PROXY, "1.2.3.4, 198.51.100.1")) == "198.51.100.1"
    assert client_address(request(PROXY, "198.51.100.1, 10.0.0.9")) == "198.51.100.1"  # two proxies
    assert client_address(request("2001:db8::1", "2001:db8::77")) == "2001:db8::77"
    assert client_address(request(PROXY, "not an address")) == PROXY
    assert client_address(request("203.0.113.7", "198.51.100.1")) == "203.0.113.7"  # not from a proxy


@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(st.integers(0, 2**32 - 1).map(lambda n: str(ipaddress.IPv4Address(n))), max_size=5))
def test_an_untrusted_peer_is_always_counted_itself(hops: list[str]) -> None:
    with override_settings(TRUSTED_PROXIES=["10.0.0.0/24"]):
        assert client_address(request("203.0.113.7", ", ".join(hops))) == "203.0.113.7"


@override_settings(TRUSTED_PROXIES=["no such network"])
def test_a_bad_trusted_proxies_entry_is_a_configuration_error() -> None:
    with pytest.raises(ImproperlyConfigured, match="TRUSTED_PROXIES"):
        client_address(request(PROXY))


def statuses(peer: str, forwarded: list[str]) -> list[int]:
    client = APIClient(REMOTE_ADDR=peer)
    return [client.get("/api/games/", HTTP_X_FORWARDED_FOR=address).status_code for address in forwarded]


@pytest.mark.django_db
@override_settings(API_THROTTLE_RATES={"anon": "3/minute", "user": "100/minute"}, TRUSTED_PROXIES=[PROXY])
def test_a_changing_forwarded_header_does_not_buy_more_requests() -> None:
    cache.clear()
    spoofed = [f"198.51.100.{n}" for n in range(6)]
    assert statuses("203.0.113.7", spoofed) == [200, 200, 200, 429, 429, 429]
    cache.clear()
    # through the trusted proxy each client has its own count, and one client alone is limited
    assert statuses(PROXY, spoofed) == [200] * 6
    assert statuses(PROXY, ["192.0.2.1"] * 4) == [200, 200, 200, 429]
    cache.clear()
