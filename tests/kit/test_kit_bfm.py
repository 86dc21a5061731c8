"""Battle for Moscow's kit package is BfM's data, exactly the data BfM always played with.

The kit replaced the ad-hoc files of ``typhoon/games/bfm/data`` (removed). Each document BfM
reads (``legacy_documents``) is pinned by the SHA-256 of its canonical JSON, taken from those
files before they were removed: any change to the kit's values fails here.
"""

from __future__ import annotations

import copy
import hashlib
import importlib.util
import json
from pathlib import Path

import pytest

from typhoon.core.hexmap import HexMap
from typhoon.core.kit import load_kit, validate_kit
from typhoon.games.bfm.kit import KIT_DIR, legacy_documents

ROOT = Path(__file__).resolve().parents[2]
# SHA-256 of the canonical JSON (sorted keys, no spaces) of the former data files
OLD_FILES = {
    "map.json": "f2c29daf157d796399c8f541053ac968b8839b9e63b55b226e9622a6b483488d",
    "counters.json": "24d7a7d4f31f51f6d1b395f7bf499e4d17784cb35593b6c5814b174df3b00d97",
    "crt.json": "5ac34221f0b97a5e87ff456e1d5d25a76d98d5e451262f75ac7dfeee5952d1d9",
    "terrain.json": "90f125307c11d397f1dcbcc597c20c53265451fede697d7542fdcdeba059c123",
    "turns.json": "8ef51a9c84e0ac27ee55528c2d2691fdb4e75c3ae3ff3101ed11f3cfaf270185",
    "editions.json": "3c2061938902c8ac43badca918cedc71e180593630b7ce46d46927298d71d5c7",
    "scenarios/standard.json": "4537c0d7aa81668bcb5eea5830fcc085503fa75e0d3131edf3135f7b52ab4d8d",
}


def digest(doc) -> str:
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def old(name: str):
    """A former data file's document, as the kit gives it (pinned by ``OLD_FILES``)."""
    return legacy_documents()[name]


def test_bfm_kit_is_valid():
    assert validate_kit(KIT_DIR) == []


@pytest.mark.parametrize("name", OLD_FILES)
def test_kit_gives_back_each_old_data_file_exactly(name):
    doc = copy.deepcopy(legacy_documents()[name])
    if name == "editions.json":  # the one addition since: the red border's readings (option red_border)
        assert set(doc["editions"]["2009"].pop("red_border")["readings"]) == {"corners", "east"}
    assert digest(doc) == OLD_FILES[name]


def test_red_border_readings_in_the_kit():
    """000 10.2: the 2009 readings; 'corners' is the edge BfM always played with (decision #10)."""
    ed = legacy_documents()["editions.json"]["editions"]["2009"]
    readings = ed["red_border"]["readings"]
    assert ed["red_border"]["default"] == "corners" and readings["corners"]["hexes"] == ed["soviet_edge"]
    assert readings["east"]["hexes"] == [f"14{r:02d}" for r in range(1, 11)]
    assert "red_border" not in legacy_documents()["editions.json"]["editions"]["1986"]


def test_bfm_reads_no_other_data_than_its_kit():
    from typhoon.games.bfm import data

    assert not (ROOT / "typhoon" / "games" / "bfm" / "data").exists()
    assert data.bfm_data("2009")._docs is data.bfm_data("1986")._docs  # read once, both editions
    assert data.bfm_data("2009").map.hexes["1103"]["city"] == "Moscow"


def test_kit_map_has_bfm_hexes_terrain_rivers_rails_and_cities():
    kit = load_kit(KIT_DIR)
    m = old("map.json")
    assert set(kit.hexes) == set(m["hexes"]) and len(kit.hexes) == 140
    assert {h: r["terrain"] for h, r in kit.hexes.items()} == {h: a["terrain"] for h, a in m["hexes"].items()}
    assert kit.hexes_with_feature("fortification") == frozenset(h for h, a in m["hexes"].items() if a["fortification"])
    assert {frozenset(p) for p in kit.hexside_pairs("river")} == {frozenset(p) for p in m["rivers"]}
    assert {frozenset(p) for p in kit.links("rail")} == {frozenset(p) for p in m["rails"]}
    assert kit.exits("rail") == m["rail_exits"]
    assert {p["name"]: p["hexes"] for p in kit.places} == {a["city"]: [h] for h, a in m["hexes"].items() if a["city"]}
    assert [p["name"] for p in kit.places if p["kind"] == "major_city"] == ["Moscow"]
    assert kit.place("Moscow")["hexes"] == ["1103"]


def test_kit_grid_is_the_bfm_grid():
    kit = load_kit(KIT_DIR)
    legacy = HexMap.from_json(old("map.json"))
    assert tuple(sorted(kit.grid.all_hexes)) == tuple(sorted(legacy.grid.all_hexes))
    for h in legacy.grid.all_hexes:
        assert set(kit.grid.neighbours(h)) == set(legacy.grid.neighbours(h))
    assert set(kit.grid.neighbours("0201")) == {"0101", "0102", "0202", "0301", "0302"}  # README: 0201 touches these


def test_kit_counters_tables_turns_and_scenario_match_bfm():
    kit = load_kit(KIT_DIR)
    units = {u["id"]: u for u in old("counters.json")["units"]}
    assert list(kit.counters) == list(units)
    for cid, c in kit.counters.items():
        u = units[cid]
        assert (c["side"], c["kind"], c["faces"]["front"]["strength"], c["faces"]["back"]["strength"], c["faces"]["front"]["movement"]) == (
            u["side"], u["kind"], u["full"], u["reduced"], u["movement"])
    crt = kit.table("crt")
    assert crt["rows"]["6"] == ["AL", "NE", "DRL", "DE", "DE", "DE"] and crt["dice"] == "1d6"
    assert kit.table("tec")["movement"] == {"clear": 1, "forest": 2}
    assert [t["weather"] for t in kit.turns] == ["clear", "clear", "mud", "mud", "clear", "clear", "clear"]
    assert [(r["turn"], r["side"], r["counters"]) for r in kit.reinforcements("standard")] == [(4, "soviet", ["1S"])]
    assert kit.sequence("2009")["first_phase"] == "german_combat"
    assert kit.sequence("1986")["first_phase"] == "german_panzer_movement"
    assert kit.parameters("standard", "2009")["major_cities"] == ["Moscow", "Tula"]
    assert kit.parameters("standard", "1986")["major_cities"] == ["Moscow"]
    assert [v["kind"] for v in kit.victory("standard", "1986")] == ["moscow_only"]
    setup = kit.scenarios["standard"]["setup"]
    assert len(setup) == 35 and {p["face"] for p in setup if kit.counters[p["counter"]]["side"] == "soviet"} == {"back"}


def test_converter_reproduces_the_kit_files(tmp_path):
    """scripts/convert_bfm_kit.py, run on the old documents the kit gives back, writes the kit."""
    spec = importlib.util.spec_from_file_location("convert_bfm_kit", ROOT / "scripts" / "convert_bfm_kit.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    data = tmp_path / "data"
    for rel, doc in legacy_documents().items():
        (data / rel).parent.mkdir(parents=True, exist_ok=True)
        (data / rel).write_text(json.dumps(doc))
    mod.main(["--data", str(data), "--out", str(tmp_path / "kit")])
    for rel in ("kit.json", "map.json", "counters.json", "tables.json", "turns.json", "scenarios/standard.json"):
        assert (tmp_path / "kit" / rel).read_text() == (KIT_DIR / rel).read_text(), rel
