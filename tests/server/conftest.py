"""Fixtures for the server tests: apps on temporary SQLite files (and PostgreSQL when configured)."""

from __future__ import annotations

import os

import pytest
from fastapi.testclient import TestClient

from typhoon.server.app import create_app

PG_URL = os.environ.get("TYPHOON_TEST_POSTGRES_URL")
PG_SKIP = "TYPHOON_TEST_POSTGRES_URL is not set (run scripts/pg_test_setup.sh as root and export the line it prints)"


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'typhoon.db'}"


# the PostgreSQL tests share one database: under pytest-xdist they run in one worker, one at a time
# (scripts/test.sh: --dist loadgroup)
PG_MARKS = [pytest.mark.postgres, pytest.mark.xdist_group("postgresql")]


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=PG_MARKS)])
def any_db_url(request, tmp_path):
    """A database URL: a temporary SQLite file, then the PostgreSQL server from the environment."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'typhoon.db'}"
    if not PG_URL:
        pytest.skip(PG_SKIP)
    return PG_URL


@pytest.fixture
def client(db_url):
    app = create_app(db_url)
    with TestClient(app) as c:
        yield c
    app.state.store.dispose()


def new_game(client, **body):
    """A new game; hot-seat and ai games get seed 7 unless told otherwise (a chosen seed is
    shown to every seat), network games always get secret dice (a seed cannot be chosen)."""
    body.setdefault("mode", "hotseat")
    if body["mode"] == "network":
        body.pop("seed", None)
    else:
        body.setdefault("seed", 7)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def seat_headers(seat):
    """The seat secret as it travels: the X-Typhoon-Seat header (typhoon.server.seats)."""
    return {"X-Typhoon-Seat": seat} if seat else {}


def view(client, gid, seat=None):
    r = client.get(f"/api/games/{gid}", headers=seat_headers(seat))
    assert r.status_code == 200, r.text
    return r.json()


def act(client, gid, seat, action, version):
    return client.post(f"/api/games/{gid}/actions", json={"action": action, "version": version}, headers=seat_headers(seat))


def ws_url(gid):
    return f"/ws/games/{gid}"


def ws_connect(client, gid, seat=None):
    """A WebSocket as the browser opens it: the secret in a subprotocol, never the URL."""
    protocols = ["typhoon.v1"] + ([f"typhoon.seat.{seat}"] if seat else [])
    return client.websocket_connect(ws_url(gid), subprotocols=protocols)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mailbox:
    """A local SMTP server (aiosmtpd) keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        import email

        msg = email.message_from_bytes(envelope.content)
        self.messages.append({"to": list(envelope.rcpt_tos), "subject": msg["Subject"], "body": msg.get_payload(decode=True).decode()})
        return "250 OK"

    def wait(self, count: int, timeout: float = 10.0) -> list:
        import time

        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.messages


@pytest.fixture
def smtp():
    """(MailConfig, Mailbox): a local SMTP server on a free loopback port."""
    from aiosmtpd.controller import Controller

    from typhoon.server.notify import MailConfig

    box = Mailbox()
    port = free_port()
    ctl = Controller(box, hostname="127.0.0.1", port=port)
    ctl.start()
    try:
        yield MailConfig(host="127.0.0.1", port=port, sender="typhoon@test.invalid",
                         public_url="http://typhoon.test"), box
    finally:
        ctl.stop()


class Hooks:
    """A local HTTP server recording the webhook POSTs it receives."""

    def __init__(self) -> None:
        import json
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        got = self.received = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                n = int(self.headers.get("content-length") or 0)
                got.append(json.loads(self.rfile.read(n)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *a):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, count: int, timeout: float = 10.0) -> list:
        import time

        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.received


@pytest.fixture
def hooks():
    h = Hooks()
    yield h
    h.server.shutdown()
