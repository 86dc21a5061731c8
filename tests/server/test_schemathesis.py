"""Schemathesis fuzzes every operation of the OpenAPI spec in-process: never a 5xx, and the
game the fuzzer plays on (with its real seat secret half of the time) stays consistent with
its stored log."""

from __future__ import annotations

import tempfile
import zlib

import pytest

schemathesis = pytest.importorskip("schemathesis")
from fastapi.testclient import TestClient  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from typhoon.server.app import create_app  # noqa: E402
from typhoon.server.guard import RateLimits  # noqa: E402

_state: dict = {}


def app():
    if "app" not in _state:
        # the game's database, removed when the test process ends (TemporaryDirectory's finaliser)
        folder = tempfile.TemporaryDirectory(prefix="typhoon-fuzz-")
        a = create_app(f"sqlite:///{folder.name}/fuzz.db", rate_limits=RateLimits.unlimited())
        _state["folder"] = folder
        with TestClient(a) as c:
            g = c.post("/api/games", json={"mode": "hotseat", "seed": 3}).json()
        _state.update(app=a, gid=g["id"], seat=g["seats"]["both"])
    return _state["app"]


schema = schemathesis.openapi.from_asgi("/openapi.json", app())


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case):
    pick = zlib.crc32(repr((case.path_parameters, case.query, case.body)).encode()) % 4
    if case.path_parameters and "game_id" in case.path_parameters and pick:
        case.path_parameters["game_id"] = _state["gid"]
        if pick > 1:
            case.headers = {**(case.headers or {}), "X-Typhoon-Seat": _state["seat"]}
            if isinstance(case.body, dict):
                case.body["seat"] = _state["seat"]
    response = case.call()
    assert response.status_code < 500, f"{case.method} {case.formatted_path} -> {response.status_code}: {response.text[:500]}"
    live = _state["app"].state.games.cache.get(_state["gid"])
    if live is not None:
        stored = _state["app"].state.store.load(_state["gid"])
        assert [t for t, _ in stored.actions] == live.game.action_texts()
