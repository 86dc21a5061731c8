"""The store on SQLite and PostgreSQL: one row per action, conflicts, undo, restart."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from typhoon.server.app import create_app
from typhoon.server.store import Conflict, Store, StoredGame, now

from .conftest import act, new_game, view


def make(gid: str) -> StoredGame:
    t = now()
    return StoredGame(id=gid, title="t", game="bfm", mode="hotseat", options={"edition": "2009"}, seed=5, start=None,
                      seats={"both": "ab" * 32, "german": None, "soviet": None}, players={"german": "human", "soviet": "human"},
                      created=t, updated=t, actions=[("attack XXII 0507", "german")])


def test_store_append_conflict_truncate(any_db_url):
    import secrets

    store = Store(any_db_url)
    try:
        gid = "t" + secrets.token_hex(5)
        store.create(make(gid))
        store.append(gid, 2, [("commit", "german"), ("roll 2", None)], {"ply": 3, "turn": 1, "phase": "german_combat"})
        with pytest.raises(Conflict):  # a second writer of ply 3
            store.append(gid, 3, [("end", "german")], {"ply": 3})
        g = store.load(gid)
        assert g.actions == [("attack XXII 0507", "german"), ("commit", "german"), ("roll 2", None)] and g.ply == 3
        assert g.options == {"edition": "2009"} and g.seats["both"] == "ab" * 32 and g.seed == 5
        with pytest.raises(Conflict):
            store.truncate(gid, 1, 2, {"ply": 1})  # the log ends at 3, not 2
        store.truncate(gid, 2, 3, {"ply": 2})
        assert store.load(gid).actions == [("attack XXII 0507", "german"), ("commit", "german")]
        assert store.load("missing-" + gid) is None
        assert gid in {r["id"] for r in store.list()}
    finally:
        store.dispose()


def test_app_restart_on_each_database(any_db_url):
    app = create_app(any_db_url)
    with TestClient(app) as a:
        g = new_game(a, seed=11)
        gid, seat = g["id"], g["seats"]["both"]
        v = view(a, gid, seat)
        for _ in range(6):
            v = act(a, gid, seat, v["legal"][0], v["version"]).json()
    app.state.store.dispose()
    app2 = create_app(any_db_url)
    with TestClient(app2) as b:
        assert view(b, gid, seat) == v
        w = act(b, gid, seat, v["legal"][-1], v["version"])
        assert w.status_code == 200 and w.json()["version"] > v["version"]
    app2.state.store.dispose()
