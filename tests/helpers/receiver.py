"""A webhook receiver for tests: an HTTP server on 127.0.0.1 in a thread that records each POST
and answers from a script of statuses (the last one repeated), on a free port or a given one
(for a test that has a delivery refused before the receiver listens)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class Receiver:
    """The receiver's URL, its scripted answers and what it was sent (headers, body)."""

    url: str
    answers: list[tuple[int, dict[str, str]]]
    received: list[tuple[dict[str, str], bytes]] = field(default_factory=list)


@contextmanager
def receiver(*answers: int | tuple[int, dict[str, str]], port: int = 0) -> Iterator[Receiver]:
    script = [answer if isinstance(answer, tuple) else (answer, {}) for answer in answers or (200,)]
    found = Receiver(url="", answers=script)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            found.received.append(({key.lower(): value for key, value in self.headers.items()}, body))
            status, headers = found.answers[min(len(found.received), len(found.answers)) - 1]
            self.send_response(status)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    found.url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    try:
        yield found
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)
