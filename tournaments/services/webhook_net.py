"""The network side of webhooks: which URLs may be called, and one bounded, signed POST.

A webhook URL is a door into the workers' network, so every address is checked twice: when
the URL is entered (``check_url``) and when it is called, after the name is resolved, the
connection going to the very address that was checked (``post``). Loopback, private,
link-local (cloud metadata at 169.254.169.254 among them), multicast, reserved and other
non-global addresses are refused, unless the host is named in ``WEBHOOK_TRUSTED_HOSTS``.
Redirects are never followed; time and the answer's size are bounded.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import socket
import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

from tournaments.errors import InvalidInput

CONNECT_SECONDS = 5.0
READ_SECONDS = 10.0
MAX_RESPONSE_BYTES = 64 * 1024
SIGNATURE_HEADER = "X-Leapfrog-Signature"
TIMESTAMP_HEADER = "X-Leapfrog-Timestamp"
EVENT_HEADER = "X-Leapfrog-Event"

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class Refused(Exception):
    """A URL or address a webhook may not call, and why."""


@dataclass(frozen=True)
class Answer:
    """What a receiver answered: its status and the start of its body."""

    status: int
    body: bytes


def sign(secret: str, timestamp: str, body: bytes) -> str:
    """The signature header's value: HMAC-SHA256 over ``<timestamp>.<body>``."""
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def trusted() -> set[str]:
    return {str(host).strip().lower().strip("[]") for host in getattr(settings, "WEBHOOK_TRUSTED_HOSTS", []) if host}


def address_problem(address: Address) -> str | None:
    """Why this address may not be called, or None for a public one."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address_problem(address.ipv4_mapped)
    for test, what in (("is_loopback", "a loopback"), ("is_link_local", "a link-local (cloud metadata)"),
                       ("is_multicast", "a multicast"), ("is_unspecified", "an unspecified"),
                       ("is_reserved", "a reserved"), ("is_private", "a private")):
        if getattr(address, test):
            return f"{address} is {what} address"
    if not address.is_global:
        return f"{address} is not a public address"
    return None


def split(url: str) -> tuple[str, str, int]:
    """The scheme, host and port of a URL a webhook may have, or Refused saying why not."""
    if not isinstance(url, str) or not url.strip():
        raise Refused("give the URL to post to")
    if len(url) > 500:
        raise Refused("a webhook URL has at most 500 characters")
    if any(ord(char) < 33 for char in url):
        raise Refused("a webhook URL has no spaces or control characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise Refused("a webhook URL starts with http:// or https://")
    if parts.username is not None or parts.password is not None:
        raise Refused("a webhook URL carries no user name or password: the signature proves who sends")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise Refused("the URL's port is not a number from 1 to 65535") from None
    host = (parts.hostname or "").lower()
    if not host:
        raise Refused("the URL names no host")
    return parts.scheme, host, port


def resolve(host: str, port: int) -> list[Address]:
    """The host's addresses, each checked (a trusted host's or address's are not)."""
    allowed = trusted()
    try:
        literal: Address | None = ipaddress.ip_address(host)
    except ValueError:
        literal = None
    if literal is not None:
        found = [literal]
    else:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except (socket.gaierror, UnicodeError):
            raise Refused(f"the host {host} does not resolve") from None
        found = list(dict.fromkeys(ipaddress.ip_address(info[4][0].split("%")[0]) for info in infos))
    if host in allowed:
        return found
    for address in found:
        problem = address_problem(address)
        if problem and str(address) not in allowed:
            named = "" if literal is not None else f"{host} resolves to "
            raise Refused(f"{named}{problem}; only public addresses (or WEBHOOK_TRUSTED_HOSTS) may receive webhooks")
    return found


def check_url(url: str) -> str:
    """A webhook URL as entered, checked now (scheme, no credentials, a public address):
    the URL, or InvalidInput beside the ``url`` field."""
    try:
        _, host, port = split(url)
        resolve(host, port)
    except Refused as refusal:
        raise InvalidInput(f"refused URL: {refusal}", fields={"url": [str(refusal)]}) from None
    return url.strip()


class PinnedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to one checked address, the certificate still checked against the host name."""

    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self) -> None:
        raw = socket.create_connection((self.address, self.port), timeout=CONNECT_SECONDS)
        raw.settimeout(READ_SECONDS)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)


class PinnedHTTPConnection(http.client.HTTPConnection):
    """Plain HTTP to one checked address, with the URL's host in the Host header."""

    def __init__(self, host: str, address: str, port: int, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), timeout=CONNECT_SECONDS)
        self.sock.settimeout(READ_SECONDS)


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST the body to the URL's checked address; a redirect is an answer, never followed.
    Raises Refused for a URL or address refused now, OSError for a network failure."""
    scheme, host, port = split(url)
    address = str(resolve(host, port)[0])
    parts = urlsplit(url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    kind = PinnedHTTPSConnection if scheme == "https" else PinnedHTTPConnection
    connection = kind(host, address, port, READ_SECONDS)
    try:
        connection.request("POST", target, body=body, headers={
            "Content-Type": "application/json", "User-Agent": "Leapfrog-Webhooks/1", **headers})
        response = connection.getresponse()
        return Answer(status=response.status, body=response.read(MAX_RESPONSE_BYTES))
    except http.client.HTTPException as error:
        raise OSError(f"bad HTTP answer: {type(error).__name__}") from None
    finally:
        connection.close()
