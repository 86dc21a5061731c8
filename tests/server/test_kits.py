"""Games on a data kit survive a restart: the bundle is stored with the game (``kits`` table)
and the package is rebuilt with ``registry.from_kit`` when the game is loaded."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from typhoon.games import registry
from typhoon.server.app import create_app

GOOD = Path(__file__).parents[1] / "kit" / "packages" / "good"


def bundle() -> dict:
    return {p.relative_to(GOOD).as_posix(): json.loads(p.read_text()) for p in sorted(GOOD.rglob("*.json"))}


def test_a_kit_game_reopens_after_a_restart(any_db_url):
    app = create_app(any_db_url)
    with TestClient(app) as c:
        doc = c.post("/api/kit/games", json={"kit": bundle(), "mode": "hotseat", "seed": 5}).json()
        gid, seat, name = doc["id"], doc["seats"]["both"], doc["game"]
        v = c.get(f"/api/games/{gid}", headers={"X-Typhoon-Seat": seat}).json()
        moved = c.post(f"/api/games/{gid}/actions", json={"action": "move b1 B0402", "version": v["version"]},
                       headers={"X-Typhoon-Seat": seat})
        assert moved.status_code == 200, moved.text
        before = moved.json()
    app.state.store.dispose()
    registry._KITS.pop(name)  # a new process: the package registered in memory is gone
    app2 = create_app(any_db_url)
    with TestClient(app2) as c:
        r = c.get(f"/api/games/{gid}", headers={"X-Typhoon-Seat": seat})
        assert r.status_code == 200, r.text
        after = r.json()
        assert after["game"] == name and after["version"] == before["version"]
        assert {u["id"]: u["hex"] for u in after["units"]}["b1"] == "B0402"
        assert c.get(f"/api/games/{gid}/meta").status_code == 200
        again = c.post(f"/api/games/{gid}/actions", json={"action": "move b1 B0401", "version": after["version"]},
                       headers={"X-Typhoon-Seat": seat})
        assert again.status_code == 200, again.text
    app2.state.store.dispose()
