#!/usr/bin/env python3
"""HTTP server for the DIContainer test suites (Python 3 standard library only).

Usage: test_server.py --port 0 --fixtures DIR [--detach]

Binds 127.0.0.1 (port 0 picks a free port) and prints "PORT <n>" as its first stdout line.
Exits by itself when its stdin closes (so it never outlives the test process) and on SIGTERM.

With --detach (for a shell script or a terminal): once the port is bound, the server moves to
a background process that ignores stdin and keeps serving until SIGTERM (`kill <pid>`); the
command prints that process's id and returns, so the server is ready when the next command
runs.

Routes (any method):
  /<route>                            the file DIR/<route>.json (query ignored), else 404
  /_test/flaky?key=K&failures=N       503 the first N times per key, then 200 JSON
                                      (optional retry_after=S adds "Retry-After: S" to the 503s)
  /_test/status/<code>                that status with a small JSON body
  /_test/malformed                    200 with a body that is not valid JSON
  /_test/slow?seconds=S               waits S seconds, then 200 JSON
  /_test/large?bytes=N                200 with a JSON string body of N bytes (chunked when
                                      chunked=1, so no Content-Length announces the size)
  /_test/redirect-loop?key=K          302 to itself, counting the requests per key
  /_test/hits?key=K                   {"key": K, "hits": <redirect-loop requests seen for K>}
  /_test/echo-query                   {"raw": <raw query>, "pairs": [[name, value], ...]}
  /_test/echo-request                 {"method": ..., "has_authorization": bool,
                                       "authorization_scheme": ..., "body": ...}
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote, urlsplit

FLAKY_LOCK = threading.Lock()
FLAKY_COUNTS = {}
REDIRECT_HITS = {}


def fixture_file(root, path):
    """The fixture file of a URL path, or None when it is missing or outside root."""
    route = unquote(path).strip("/")
    if not route:
        return None
    parts = route.split("/")
    if any(part in ("", ".", "..") for part in parts):
        return None
    candidate = os.path.realpath(os.path.join(root, *parts) + ".json")
    if not candidate.startswith(os.path.realpath(root) + os.sep):
        return None
    return candidate if os.path.isfile(candidate) else None


class Handler(BaseHTTPRequestHandler):
    server_version = "DIContainerTestServer/1.0"

    def log_message(self, format, *args):  # keep test output quiet
        pass

    def send_json(self, status, value, headers=None):
        self.send_body(status, json.dumps(value).encode("utf-8"), headers)

    def send_body(self, status, body, headers=None):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_chunked(self, body, chunk_size=65536):
        self.protocol_version = "HTTP/1.1"  # chunked transfer needs HTTP/1.1; closed afterwards
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Connection", "close")
        self.end_headers()
        for start in range(0, len(body), chunk_size):
            chunk = body[start:start + chunk_size]
            self.wfile.write(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
        self.wfile.write(b"0\r\n\r\n")

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def handle_any(self):
        url = urlsplit(self.path)
        params = dict(parse_qsl(url.query, keep_blank_values=True))
        body = self.read_body()
        path = url.path

        if path == "/_test/flaky":
            key = params.get("key", "")
            failures = int(params.get("failures", "1"))
            with FLAKY_LOCK:
                seen = FLAKY_COUNTS.get(key, 0)
                FLAKY_COUNTS[key] = seen + 1
            if seen < failures:
                headers = {}
                if "retry_after" in params:
                    headers["Retry-After"] = params["retry_after"]
                self.send_json(503, {"error": "flaky failure %d of %d" % (seen + 1, failures)}, headers)
            else:
                self.send_json(200, {"key": key, "attempts": seen + 1})
        elif path.startswith("/_test/status/"):
            code = int(path.rsplit("/", 1)[1])
            self.send_json(code, {"error": "status %d requested" % code})
        elif path == "/_test/malformed":
            self.send_body(200, b'{"items": [ {"id": 1, "title": ')
        elif path == "/_test/slow":
            time.sleep(float(params.get("seconds", "1")))
            self.send_json(200, {"slow": True})
        elif path == "/_test/large":
            size = max(2, int(params.get("bytes", "0")))
            body = b'"' + b"x" * (size - 2) + b'"'
            if params.get("chunked") == "1":
                self.send_chunked(body)
            else:
                self.send_body(200, body)
        elif path == "/_test/redirect-loop":
            key = params.get("key", "")
            with FLAKY_LOCK:
                REDIRECT_HITS[key] = REDIRECT_HITS.get(key, 0) + 1
            self.send_response(302)
            self.send_header("Location", self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/_test/hits":
            key = params.get("key", "")
            with FLAKY_LOCK:
                hits = REDIRECT_HITS.get(key, 0)
            self.send_json(200, {"key": key, "hits": hits})
        elif path == "/_test/echo-query":
            pairs = parse_qsl(url.query, keep_blank_values=True)
            self.send_json(200, {"raw": url.query, "pairs": [[name, value] for name, value in pairs]})
        elif path == "/_test/echo-request":
            authorization = self.headers.get("Authorization")
            self.send_json(200, {
                "method": self.command,
                "has_authorization": authorization is not None,
                "authorization_scheme": authorization.split(" ", 1)[0] if authorization else None,
                "body": body.decode("utf-8", "replace"),
            })
        else:
            file = fixture_file(self.server.fixtures, path)
            if file is None:
                self.send_json(404, {"error": "no fixture for %s" % path})
            else:
                with open(file, "rb") as handle:
                    self.send_body(200, handle.read())

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = handle_any


class Server(ThreadingHTTPServer):
    # A listen backlog for the suites' bursts of 100 concurrent requests (the default is 5).
    request_queue_size = 256

    def handle_error(self, request, client_address):
        # A client that gave up (timeout, cancellation) closes its connection mid-answer; that is
        # expected in the tests, not worth a traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    finally:
        os._exit(0)


def detach():
    """Continues in a background process with no terminal: the caller gets its pid and returns."""
    pid = os.fork()
    if pid > 0:
        print(pid, flush=True)
        os._exit(0)
    os.setsid()
    null = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(null, stream)
    os.close(null)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--fixtures", default=os.getcwd())
    parser.add_argument("--detach", action="store_true",
                        help="serve from a background process until SIGTERM; print its pid")
    arguments = parser.parse_args()
    if arguments.detach and arguments.port == 0:
        parser.error("--detach needs a fixed --port (nothing would say which port was picked)")

    # A launcher may have blocked or ignored SIGTERM (a spawned child inherits both); the
    # server must still stop on `kill`.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    server = Server(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    server.fixtures = os.path.abspath(arguments.fixtures)
    if arguments.detach:
        detach()
    else:
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
        print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
