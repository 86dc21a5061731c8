"""Time controls: chess clocks per move with a cap, and the outcome chosen at creation when the
side to act runs out of time (server-side timer task)."""

from __future__ import annotations

import datetime as dt
import time

import pytest
from fastapi.testclient import TestClient

from typhoon.server import clock
from typhoon.server.app import create_app

from .conftest import seat_headers

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


def test_banks_grow_per_move_up_to_the_cap_and_run_down_while_to_act():
    c = clock.make_clock({"control": "custom", "per_move": 100, "cap": 250, "on_timeout": "forfeit"}, ["a", "b"])
    c, d = clock.step(c, "a", True, at(0))
    assert c["banks"] == {"a": 100, "b": 0} and d == at(100)
    c, d = clock.step(c, "a", True, at(30))  # a goes on acting: the same deadline
    assert d == at(100)
    c, d = clock.step(c, "b", True, at(40))  # a used 40 s
    assert c["banks"] == {"a": 60, "b": 100} and d == at(140)
    c, d = clock.step(c, "a", True, at(50))  # b used 10 s; a gets 100 more: 160
    assert c["banks"] == {"a": 160, "b": 90} and d == at(210)
    c, d = clock.step(c, "b", True, at(50))
    c, d = clock.step(c, "a", True, at(50))  # 160 + 100 capped at 250
    assert c["banks"]["a"] == 250 and d == at(300)
    c, d = clock.step(c, None, False, at(60))  # over: no deadline
    assert d is None and c["banks"]["a"] == 240
    assert clock.make_clock({"control": "none"}, ["a", "b"]) is None
    assert clock.make_clock({"control": "standard", "on_timeout": "computer"}, ["a"])["per_move"] == 86400
    for bad in ({"control": "blitz"}, {"control": "fast", "on_timeout": "resign"}, {"control": "custom", "per_move": 0},
                {"control": "custom", "per_move": 10, "cap": 5}):
        with pytest.raises(Exception):
            clock.make_clock(bad, ["a", "b"])


@pytest.fixture
def fast_client(db_url):
    app = create_app(db_url, clock_interval=0.05)
    with TestClient(app) as c:
        yield c


def wait_for(pred, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = pred()
        if v:
            return v
        time.sleep(0.05)
    raise AssertionError("timed out")


def tiny(outcome):
    return {"control": "custom", "per_move": 1, "cap": 1, "on_timeout": outcome}


def test_forfeit_when_the_side_to_act_runs_out(fast_client):
    c = fast_client
    g = c.post("/api/games", json={"game": "mini", "mode": "network", "clock": tiny("forfeit")}).json()
    gid = g["id"]
    v = c.get(f"/api/games/{gid}").json()
    assert v["clock"]["running"] == "blue" and v["outcome"] is None
    v = wait_for(lambda: (x := c.get(f"/api/games/{gid}").json())["outcome"] and x)
    assert v["outcome"]["winner"] == "red" and v["outcome"]["by"] == "forfeit" and "Blue ran out of time" in v["outcome"]["reason"]
    assert v["current_player"] is None and v["dice"]["seed"] is not None  # over: the dice are revealed
    r = c.post(f"/api/games/{gid}/actions", json={"action": "end", "version": v["version"]}, headers=seat_headers(g["seats"]["blue"]))
    assert r.status_code == 422 and r.json()["detail"] == "the game is over"
    row = {x["id"]: x for x in c.get("/api/games").json()}[gid]
    assert row["status"] == "finished" and row["winner"] == "red"


def test_abandoned_when_the_side_to_act_runs_out(fast_client):
    c = fast_client
    g = c.post("/api/games", json={"game": "mini", "mode": "network", "clock": tiny("abandon")}).json()
    v = wait_for(lambda: (x := c.get(f"/api/games/{g['id']}").json())["outcome"] and x)
    assert v["outcome"]["winner"] is None and v["outcome"]["by"] == "abandon"
    assert {x["id"]: x for x in c.get("/api/games").json()}[g["id"]]["status"] == "abandoned"


def test_the_computer_takes_over_a_seat_that_runs_out(fast_client):
    c = fast_client
    g = c.post("/api/games", json={"game": "mini", "mode": "network", "clock": tiny("computer")}).json()
    gid, red = g["id"], g["seats"]["red"]
    v = wait_for(lambda: (x := c.get(f"/api/games/{gid}", headers=seat_headers(red)).json())["players"]["blue"] != "human" and x)
    assert v["players"]["red"] == "human" and v["outcome"] is None
    # the computer played blue's move: red is to act (and red's own clock now runs)
    v = wait_for(lambda: (x := c.get(f"/api/games/{gid}", headers=seat_headers(red)).json())["you_act"] and x)
    assert v["current_player"] == "red" and v["clock"]["running"] == "red"
    assert any(e["player"] == "blue" for e in v["log"])
    # red's time runs out too: the computer plays both sides, the game goes on
    wait_for(lambda: c.get(f"/api/games/{gid}").json()["players"]["red"] != "human")


def test_a_bad_clock_is_422(client):
    r = client.post("/api/games", json={"game": "mini", "mode": "network", "clock": {"control": "blitz"}})
    assert r.status_code == 422 and "clock.control must be one of" in r.json()["detail"]
    r = client.post("/api/games", json={"game": "mini", "mode": "network", "clock": {"control": "fast", "on_timeout": "resign"}})
    assert r.status_code == 422 and "clock.on_timeout" in r.json()["detail"]
