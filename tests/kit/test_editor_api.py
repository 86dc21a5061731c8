"""The editor's API (typhoon/server/editor.py): validating, exporting, importing and playing kit
bundles {file name: document}; limits answered with 413/422, never a 5xx."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from typhoon.server import editor
from typhoon.server.app import create_app

PACKAGES = Path(__file__).parent / "packages"


def bundle_of(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): json.loads(p.read_text()) for p in sorted(folder.rglob("*.json"))}


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'editor.db'}")
    if not any(getattr(r, "path", None) == "/api/kit/validate" for r in app.routes):
        app.include_router(editor.router)  # until app.py includes the router itself
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def good() -> dict:
    return bundle_of(PACKAGES / "good")


def test_the_editor_page_is_served(client):
    r = client.get("/editor")
    assert r.status_code == 200 and "text/html" in r.headers["content-type"]
    assert '<script type="module"' in r.text


def test_a_good_bundle_validates(client, good):
    r = client.post("/api/kit/validate", json=good)
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc["valid"] is True and doc["errors"] == 0 and doc["issues"] == []
    # 12 + 11 hex records (B0403 excluded; the shared column has both ids), 8 counters, 1 scenario
    assert doc["summary"] == "0 errors, 0 TODOs; 23 hexes, 8 counters, 1 scenario(s)"


def test_a_bad_bundle_gets_every_issue_with_file_path_and_hex(client):
    r = client.post("/api/kit/validate", json=bundle_of(PACKAGES / "bad"))
    assert r.status_code == 200, r.text
    doc = r.json()
    expected = json.loads((PACKAGES / "bad_expected.json").read_text())
    assert doc["valid"] is False and doc["errors"] == len(expected)
    assert [i["text"] for i in doc["issues"]] == expected
    by_text = {i["text"]: i for i in doc["issues"]}
    river = by_text["map.json: $.hexsides[0]: hexside A0201-A0303 joins hexes that are not adjacent"]
    assert (river["file"], river["path"], river["hex"]) == ("map.json", "$.hexsides[0]", "A0201")
    stack = by_text["scenarios/meeting.json: $.setup[6].hex: hex A0401 holds 3 red units at set-up (r1, r2, r3); the stacking limit is 2 (Sample rules 7.1)"]
    assert stack["hex"] == "A0401"
    terrain = by_text["map.json: $.hexes.A0303: missing required field 'terrain'"]
    assert terrain["hex"] == "A0303"
    version = by_text["kit.json: $.version: must be 1, the only version of the kit format so far (got 2)"]
    assert version["hex"] is None


def test_a_bundle_with_one_planted_error(client, good):
    good["map.json"]["hexes"]["A0102"]["terrain"] = "swamp"
    doc = client.post("/api/kit/validate", json=good).json()
    assert [i["text"] for i in doc["issues"]] == [
        "map.json: $.hexes.A0102.terrain: 'swamp' is not a terrain type declared in terrain_types (declared: clear, rough, woods)"
    ]
    assert doc["issues"][0]["hex"] == "A0102"


@pytest.mark.parametrize(
    "body, status, words",
    [
        (b"{not json", 422, "not JSON"),
        (b"[1, 2]", 422, "a kit bundle is a JSON object"),
        (json.dumps({"map.json": {}}).encode(), 422, "no kit.json"),
        (json.dumps({"../kit.json": {}, "kit.json": {}}).encode(), 422, "bad file name '../kit.json'"),
        (json.dumps({"/etc/kit.json": {}, "kit.json": {}}).encode(), 422, "bad file name '/etc/kit.json'"),
        (b"\xff\xfe", 422, "not UTF-8"),
    ],
)
def test_malformed_bundles_are_422(client, body, status, words):
    r = client.post("/api/kit/validate", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == status and words in r.json()["detail"], r.text


def test_a_bundle_over_the_size_limit_is_413(client, good):
    good["map.json"]["notes"] = ["x" * (editor.MAX_BUNDLE + 10)]
    r = client.post("/api/kit/validate", json=good)
    assert r.status_code == 413 and "limit is 8,388,608 bytes" in r.json()["detail"]


def test_a_manifest_listing_missing_files_is_reported_not_a_crash(client, good):
    del good["tables.json"]
    doc = client.post("/api/kit/validate", json=good).json()
    assert doc["valid"] is False
    assert any(i["file"] == "kit.json" and "tables.json" in i["message"] and "does not exist" in i["message"] for i in doc["issues"])


def test_export_then_import_gives_the_bundle_back(client, good):
    r = client.post("/api/kit/export", json=good)
    assert r.status_code == 200 and r.headers["content-type"] == "application/zip"
    assert r.headers["content-disposition"] == 'attachment; filename="sample-kit.zip"'
    names = zipfile.ZipFile(io.BytesIO(r.content)).namelist()
    assert names[0] == "kit.json" and "scenarios/meeting.json" in names
    back = client.post("/api/kit/import", content=r.content, headers={"Content-Type": "application/zip"})
    assert back.status_code == 200, back.text
    assert back.json()["files"] == good


def test_import_accepts_a_package_inside_one_folder(client, good):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, doc in good.items():
            z.writestr(f"mykit/{name}", json.dumps(doc))
        z.writestr("mykit/README.txt", "not read")
    r = client.post("/api/kit/import", content=buf.getvalue())
    assert r.status_code == 200 and r.json()["files"] == good


def zip_of(entries: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


def test_malformed_zips_are_422(client, good):
    r = client.post("/api/kit/import", content=b"PK\x03\x04 this is no zip")
    assert r.status_code == 422 and r.json()["detail"].startswith("not a zip file"), r.text
    r = client.post("/api/kit/import", content=zip_of({"map.json": b"{}"}))
    assert r.status_code == 422 and r.json()["detail"] == "the zip holds no kit.json: it is not a kit package"
    r = client.post("/api/kit/import", content=zip_of({"kit.json": b"{oops"}))
    assert r.status_code == 422 and r.json()["detail"].startswith("kit.json is not valid JSON")
    r = client.post("/api/kit/import", content=zip_of({"kit.json": b"{}", "a/../../evil.json": b"{}"}))
    assert r.status_code == 422 and "bad file name 'a/../../evil.json'" in r.json()["detail"]
    # a damaged deflate stream: the bytes of a member overwritten
    raw = bytearray(zip_of({"kit.json": json.dumps(good["kit.json"]).encode() * 20}))
    raw[60:90] = b"\x00" * 30
    r = client.post("/api/kit/import", content=bytes(raw))
    assert r.status_code in (413, 422), r.text


def test_a_zip_bomb_is_refused(client):
    bomb = zip_of({"kit.json": b"{}", "map.json": b" " * (editor.MAX_UNZIPPED + 1)})
    assert len(bomb) < 100_000  # tiny on the wire
    r = client.post("/api/kit/import", content=bomb)
    assert r.status_code == 413 and "inflates to" in r.json()["detail"]


def test_an_oversized_zip_is_413(client):
    r = client.post("/api/kit/import", content=b"\x00" * (editor.MAX_ZIP + 1))
    assert r.status_code == 413


def test_the_grid_of_a_geometry(client):
    geometry = {"orientation": "flat", "id_order": "column_row", "col_digits": 2, "row_digits": 2,
                "columns": 3, "rows": 2, "odd_columns_up": True}
    r = client.post("/api/kit/grid", json={"geometry": geometry})
    assert r.status_code == 200, r.text
    # BfM numbering (hexgrid docstring): axial("CCRR") = (c, r - (c + 1) // 2)
    assert r.json()["hexes"] == [["0101", 1, 0, None], ["0102", 1, 1, None], ["0201", 2, 0, None],
                                 ["0202", 2, 1, None], ["0301", 3, -1, None], ["0302", 3, 0, None]]
    bad = client.post("/api/kit/grid", json={"geometry": {**geometry, "orientation": "round"}})
    assert bad.status_code == 422 and "orientation" in bad.json()["detail"]
    huge = client.post("/api/kit/grid", json={"geometry": {**geometry, "columns": 1000, "rows": 1000}})
    assert huge.status_code == 422 and "1,000,000 hexes" in huge.json()["detail"]


def test_preview_draws_the_kit_as_a_game_would(client, good):
    r = client.post("/api/kit/preview", json=good)
    assert r.status_code == 200, r.text
    meta = r.json()["map_meta"]
    assert len(meta["geometry"]["centres"]) == 20  # A: 12, B: 11 less the 3 it shares with A
    assert {"a": "A0201", "b": "A0301", "feature": "river"} in meta["hexsides"]
    assert {"hex": "B0202", "name": "Kremlin", "kind": "city", "value": 10} in meta["places"]
    bad = client.post("/api/kit/preview", json=bundle_of(PACKAGES / "bad"))
    assert bad.status_code == 422 and bad.json()["detail"].startswith("the kit does not validate")


def test_starting_a_game_on_a_kit(client, good):
    r = client.post("/api/kit/games", json={"kit": good, "mode": "hotseat", "seed": 5})
    assert r.status_code == 201, r.text
    doc = r.json()
    gid, secret = doc["id"], doc["seats"]["both"]
    assert doc["game"].startswith("kit:") and secret
    # the secret travels in the fragment, never in a URL that reaches a log (docs/security.md)
    assert doc["links"] == {"both": f"/play/{gid}#seat={secret}", "spectator": f"/play/{gid}"}
    view = client.get(f"/api/games/{gid}", params={"seat": secret}).json()
    assert view["game"] == doc["game"] and view["sides"] == ["blue", "red"] and view["current_player"] == "blue"
    units = {u["id"]: u for u in view["units"]}
    assert units["b1"]["hex"] == "A0101" and units["r2"]["hex"] == "A0401"  # B0101 is A0401 (overlap)
    assert units["r3"]["where"] == "pool"
    # no rules: any hex of the map
    moved = client.post(f"/api/games/{gid}/actions", json={"seat": secret, "action": "move b1 B0402", "version": view["version"]})
    assert moved.status_code == 200, moved.text
    assert {u["id"]: u for u in moved.json()["units"]}["b1"]["hex"] == "B0402"
    meta = client.get(f"/api/games/{gid}/meta").json()
    assert len(meta["map_meta"]["geometry"]["centres"]) == 20


def test_starting_a_game_on_an_invalid_kit_is_422_with_the_issues(client):
    r = client.post("/api/kit/games", json={"kit": bundle_of(PACKAGES / "bad"), "mode": "hotseat"})
    assert r.status_code == 422
    assert len(r.json()["issues"]) == 47


def test_starting_a_game_with_bad_settings_is_422(client, good):
    r = client.post("/api/kit/games", json={"kit": good, "mode": "solitaire"})
    assert r.status_code == 422 and "mode must be one of" in r.json()["detail"]
    r = client.post("/api/kit/games", json={"kit": good, "mode": "ai", "human_side": "green"})
    assert r.status_code == 422 and "human_side must be one of ['blue', 'red']" in r.json()["detail"]
