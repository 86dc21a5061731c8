"""Two `typhoon serve` processes on one PostgreSQL database play one game: actions and
WebSocket views reach both (LISTEN/NOTIFY), the store is the source of truth, a stale copy
cannot write; and idle games leave memory."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from typhoon.server.app import create_app

from .conftest import PG_SKIP, PG_URL, seat_headers

TYPHOON = Path(sys.executable).parent / "typhoon"


def serve_pg(cwd: Path) -> tuple[subprocess.Popen, str]:
    """A `typhoon serve` process on the test PostgreSQL database."""
    import re

    proc = subprocess.Popen([str(TYPHOON), "serve", "--host", "127.0.0.1", "--port", "0", "--database", PG_URL],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        m = re.search(r"Typhoon is running at (http://\S+?)/?\s", line)
        if m:
            return proc, m.group(1)
    proc.kill()
    raise AssertionError("the server did not start")


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(5)


def next_view(ws, after: int, timeout: float = 10.0) -> dict:
    """The first view pushed on ``ws`` with a version other than ``after``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if msg["type"] == "view" and msg["view"]["version"] != after:
            return msg["view"]
    raise AssertionError("no new view arrived")


@pytest.mark.postgres
@pytest.mark.xdist_group("postgresql")
def test_two_processes_serve_one_game(tmp_path):
    if not PG_URL:
        pytest.skip(PG_SKIP)
    from websockets.sync.client import connect

    a, base_a = serve_pg(tmp_path)
    b, base_b = serve_pg(tmp_path)
    try:
        ca, cb = httpx.Client(base_url=base_a, timeout=20), httpx.Client(base_url=base_b, timeout=20)
        g = ca.post("/api/games", json={"game": "bfm", "mode": "network"}).json()
        gid, ger, sov = g["id"], g["seats"]["german"], g["seats"]["soviet"]
        ws_url = lambda base: base.replace("http", "ws") + f"/ws/games/{gid}"  # noqa: E731
        # the soviet watches on process B, the german plays on process A
        with connect(ws_url(base_b), subprotocols=["typhoon.v1", f"typhoon.seat.{sov}"]) as wb, \
                connect(ws_url(base_a), subprotocols=["typhoon.v1", f"typhoon.seat.{ger}"]) as wa:
            first = json.loads(wb.recv(timeout=10))["view"]
            assert json.loads(wa.recv(timeout=10))["view"]["version"] == first["version"]
            v = ca.get(f"/api/games/{gid}", headers=seat_headers(ger)).json()
            move = next(a for a in v["actions"] if a["verb"] != "end")["text"]
            r = ca.post(f"/api/games/{gid}/actions", json={"action": move, "version": v["version"]}, headers=seat_headers(ger))
            assert r.status_code == 200, r.text
            pushed = next_view(wb, first["version"])  # reached B's WebSocket through NOTIFY
            assert pushed["version"] == r.json()["version"] and pushed["seat"] == "soviet"
            assert pushed["log"][-1]["action"] == move
            # B serves the same game: the german may go on there, and A's socket hears of it
            v = cb.get(f"/api/games/{gid}", headers=seat_headers(ger)).json()
            assert v["version"] == r.json()["version"]
            end = v["legal"][-1]
            r2 = cb.post(f"/api/games/{gid}/actions", json={"action": end, "version": v["version"]}, headers=seat_headers(ger))
            assert r2.status_code == 200, r2.text
            assert next_view(wa, v["version"])["version"] == r2.json()["version"]
            # the same version sent to both processes: exactly one wins
            w = ca.get(f"/api/games/{gid}", headers=seat_headers(ger)).json()
            assert w["version"] == r2.json()["version"]
            acts = [x["text"] for x in w["actions"]][:2]
            if w["you_act"] and len(acts) == 2:
                codes = sorted([
                    ca.post(f"/api/games/{gid}/actions", json={"action": acts[0], "version": w["version"]}, headers=seat_headers(ger)).status_code,
                    cb.post(f"/api/games/{gid}/actions", json={"action": acts[1], "version": w["version"]}, headers=seat_headers(ger)).status_code,
                ])
                assert codes == [200, 409]
            # both processes end up with the same game
            time.sleep(0.5)
            va = ca.get(f"/api/games/{gid}").json()
            vb = cb.get(f"/api/games/{gid}").json()
            assert va["version"] == vb["version"] and va["log"] == vb["log"]
    finally:
        stop(a)
        stop(b)


def test_idle_games_leave_memory_and_come_back(db_url):
    # the server's own sweep (every idle_seconds / 2): an unwatched game leaves memory. Nothing
    # here assumes how fast the machine is: the game is only awaited, never expected still there
    app = create_app(db_url, idle_seconds=0.2)
    with TestClient(app) as c:
        g = c.post("/api/games", json={"game": "mini", "mode": "hotseat", "seed": 3}).json()
        games = app.state.games
        deadline = time.monotonic() + 10
        while g["id"] in games.cache and time.monotonic() < deadline:
            time.sleep(0.05)
        assert g["id"] not in games.cache
    # the rules of the sweep, with the server's own sweep out of the way (idle 600 s): a watched
    # game stays however long idle, an unwatched one goes, and comes back from the store on use
    app = create_app(db_url, idle_seconds=600)
    with TestClient(app) as c:
        games = app.state.games
        v = c.get(f"/api/games/{g['id']}", headers=seat_headers(g["seats"]["both"])).json()
        assert v["you_act"] and g["id"] in games.cache  # reloaded from the store on use
        with c.websocket_connect(f"/ws/games/{g['id']}", subprotocols=["typhoon.v1"]) as ws:
            ws.receive_json()
            assert games.sweep(0.0) == [] and g["id"] in games.cache  # watched: kept
        deadline = time.monotonic() + 10  # the watcher's leaving is handled by the server
        while g["id"] in games.cache and time.monotonic() < deadline:
            games.sweep(0.0)
            time.sleep(0.05)
        assert g["id"] not in games.cache and g["id"] not in games.watchers
        v = c.get(f"/api/games/{g['id']}", headers=seat_headers(g["seats"]["both"])).json()
        assert v["you_act"] and g["id"] in games.cache  # reloaded from the store on use


