"""A local HTTP server on 127.0.0.1 for the download tests (no test reaches the network)."""

from __future__ import annotations

import http.server
import threading


class LocalServer:
    """Serves with ``handler`` (a :class:`http.server.BaseHTTPRequestHandler` subclass) on a free port of
    127.0.0.1 in a daemon thread; ``url`` is its root, :meth:`close` stops it."""

    def __init__(self, handler: type[http.server.BaseHTTPRequestHandler]) -> None:
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


class QuietHandler(http.server.BaseHTTPRequestHandler):
    """A request handler that logs nothing to the test's output."""

    def log_message(self, *args) -> None:
        pass
