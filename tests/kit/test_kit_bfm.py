"""Battle for Moscow's kit package gives exactly BfM's data (scripts/convert_bfm_kit.py)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from typhoon.core.hexmap import HexMap
from typhoon.core.kit import load_kit, validate_kit
from typhoon.games.bfm.kit import KIT_DIR, legacy_documents

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "typhoon" / "games" / "bfm" / "data"
LEGACY = ("map.json", "counters.json", "crt.json", "terrain.json", "turns.json", "editions.json", "scenarios/standard.json")


def old(name: str):
    return json.loads((DATA / name).read_text())


def test_bfm_kit_is_valid():
    assert validate_kit(KIT_DIR) == []


@pytest.mark.parametrize("name", LEGACY)
def test_kit_gives_back_each_old_data_file_exactly(name):
    assert legacy_documents()[name] == old(name)


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
    spec = importlib.util.spec_from_file_location("convert_bfm_kit", ROOT / "scripts" / "convert_bfm_kit.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    mod.main(["--out", str(tmp_path)])
    for rel in ("kit.json", "map.json", "counters.json", "tables.json", "turns.json", "scenarios/standard.json"):
        assert (tmp_path / rel).read_text() == (KIT_DIR / rel).read_text(), rel
