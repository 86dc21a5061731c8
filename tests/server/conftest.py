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


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
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
