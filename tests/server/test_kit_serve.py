"""``typhoon serve --kit DIR``: the server offers the game of a data kit package, plays it with
the kit's data, and re-opens its games after a restart.

Battle for Moscow on an owner's copy of ``typhoon/games/bfm/kit`` whose CRT 2:1 column reads DE
on every die. The position (000 4.0 / 6.0, standard set-up, 2009 edition): German Combat Phase
first; LVII (12) attacks 24A (4) in the fortification hex 0506: 12/4 = 3:1 (9.0 step 2), one
column left for a Russian unit in a fortification (9.2): 2:1, so DE (9.3: the defender is
eliminated) whatever the die. The printed CRT has no DE at 2:1 (1-2 DR, 3-4 EX, 5-6 NE).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from typhoon.core.kit import load_kit
from typhoon.games import registry
from typhoon.server.app import create_app

BFM_KIT = Path(__file__).parents[2] / "typhoon" / "games" / "bfm" / "kit"


def owner_kit(tmp_path: Path) -> Path:
    root = tmp_path / "my-bfm"
    shutil.copytree(BFM_KIT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    doc = json.loads((root / "tables.json").read_text())
    crt = next(t for t in doc["tables"] if t["id"] == "crt")
    for row in crt["rows"].values():
        row[crt["columns"].index("2:1")] = "DE"
    (root / "tables.json").write_text(json.dumps(doc, indent=1))
    return root


def hdr(seat: str) -> dict[str, str]:
    return {"X-Typhoon-Seat": seat}


def play(c: TestClient, gid: str, seat: str, actions: list[str]) -> dict:
    v = c.get(f"/api/games/{gid}", headers=hdr(seat)).json()
    for a in actions:
        r = c.post(f"/api/games/{gid}/actions", json={"action": a, "version": v["version"]}, headers=hdr(seat))
        assert r.status_code == 200, r.text
        v = r.json()
    return v


def hex_of(view: dict, unit: str) -> str | None:
    return next(u["hex"] for u in view["units"] if u["id"] == unit)


def events(view: dict) -> list[str]:
    return [e for entry in view["log"] for e in entry["events"]]


def test_a_served_kit_is_offered_created_and_played(db_url, tmp_path):
    root = owner_kit(tmp_path)
    app = create_app(db_url, kits=[load_kit(root)])
    with TestClient(app) as c:
        meta = c.get("/api/meta").json()
        name = meta["default"]  # the kit's game is preselected in the new-game form
        assert name.startswith("kit:")
        entry = next(g for g in meta["games"] if g["name"] == name)
        assert entry["title"] == "Battle for Moscow (kit my-bfm)" and entry["sides"] == ["german", "soviet"]
        assert "bfm" in {g["name"] for g in meta["games"]}  # the shipped game is still offered
        board = c.get("/api/meta", params={"game": name, "options": json.dumps({"edition": "2009"})})
        assert board.status_code == 200, board.text
        created = c.post("/api/games", json={"game": name, "mode": "hotseat", "seed": 7, "options": {"edition": "2009"}})
        assert created.status_code == 201, created.text
        gid, seat = created.json()["id"], created.json()["seats"]["both"]
        assert hex_of(c.get(f"/api/games/{gid}").json(), "24A") == "0506"
        v = play(c, gid, seat, ["attack LVII 0506", "commit"])
        assert v["game"] == name
        said = events(v)
        assert any(re.fullmatch(r"Die [1-6] at 2:1: DE", e) for e in said), said
        assert "24A is eliminated" in said
        assert hex_of(v, "24A") is None  # off the map (eliminated units wait in the replacement pool)
        assert c.get(f"/api/games/{gid}/meta").status_code == 200
        # the shipped game on the same server keeps the printed CRT
        bfm = c.post("/api/games", json={"game": "bfm", "mode": "hotseat", "seed": 7, "options": {"edition": "2009"}}).json()
        said = events(play(c, bfm["id"], bfm["seats"]["both"], ["attack LVII 0506", "commit"]))
        assert any(re.fullmatch(r"Die [1-6] at 2:1: (DR|EX|NE)", e) for e in said), said
    app.state.store.dispose()

    # a restart, with the same --kit: the same name, the game goes on
    registry._KITS.pop(name)  # a new process
    app = create_app(db_url, kits=[load_kit(root)])
    with TestClient(app) as c:
        assert c.get("/api/meta").json()["default"] == name
        r = c.get(f"/api/games/{gid}", headers=hdr(seat))
        assert r.status_code == 200 and r.json()["version"] == v["version"]
    app.state.store.dispose()

    # a restart without --kit: the kit kept in the database rebuilds the game
    registry._KITS.pop(name)
    app = create_app(db_url)
    with TestClient(app) as c:
        assert c.get("/api/meta").json()["default"] == "bfm"
        assert name not in {g["name"] for g in c.get("/api/meta").json()["games"]}
        r = c.get(f"/api/games/{gid}", headers=hdr(seat))
        assert r.status_code == 200, r.text
        assert r.json()["game"] == name and hex_of(r.json(), "24A") is None
    app.state.store.dispose()


def test_a_stored_game_whose_kit_is_gone_is_a_clear_error(db_url, tmp_path):
    root = owner_kit(tmp_path)
    app = create_app(db_url, kits=[load_kit(root)])
    with TestClient(app) as c:
        name = c.get("/api/meta").json()["default"]
        gid = c.post("/api/games", json={"game": name, "mode": "hotseat", "seed": 7}).json()["id"]
    app.state.store.dispose()
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM kits"))
    engine.dispose()
    registry._KITS.pop(name)
    app = create_app(db_url)
    with TestClient(app) as c:
        r = c.get(f"/api/games/{gid}")
        assert r.status_code == 409
        assert r.json()["detail"] == (
            f"stored game {gid} is of game {name!r}, which this server cannot play (the kit {name!r} is not stored in "
            "this database: start the server with that kit (typhoon serve --kit DIR) to play its games)"
        )
        assert c.get("/api/games").status_code == 200  # the list still answers
    app.state.store.dispose()


GOOD = Path(__file__).parents[1] / "kit" / "packages" / "good"


def test_a_kit_of_a_game_without_kit_rules_is_served_in_the_sandbox(db_url):
    """The sample package names a game Typhoon has no rules for: the sandbox plays it (its
    counters move freely, as on a table), offered and created like any other game."""
    app = create_app(db_url, kits=[load_kit(GOOD)])
    with TestClient(app) as c:
        meta = c.get("/api/meta").json()
        entry = next(g for g in meta["games"] if g["name"] == meta["default"])
        assert entry["title"] == "Sample kit: two overlapping map sections (sandbox) (kit good)"
        doc = c.post("/api/games", json={"game": entry["name"], "mode": "hotseat", "seed": 5}).json()
        v = play(c, doc["id"], doc["seats"]["both"], ["move b1 B0402"])
        assert hex_of(v, "b1") == "B0402"
    app.state.store.dispose()
