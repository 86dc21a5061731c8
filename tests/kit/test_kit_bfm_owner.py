"""Battle for Moscow's rules on an owner's edited copy of its kit (``package_from_kit``).

The position: the standard set-up, 2009 edition, first phase German Combat (000 4.0 / 6.0).
LVII (12) attacks 24A (reduced, 4) in the fortified hex 0506: 12:4 = 3:1, and 9.2 shifts one
column left for a Soviet defender in a fortification, so 2:1. The printed CRT (9.3) reads at
2:1: die 1-2 DR, 3-4 EX, 5-6 NE; at 1:1: 1 DR, 2-3 EX, 4-5 NE, 6 AL.
"""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from typhoon.core.kit import KitError, load_kit
from typhoon.games import registry
from typhoon.games.bfm.actions import Roll
from typhoon.games.bfm.kit import KIT_DIR

F = Fraction


def copy_kit(tmp_path: Path) -> Path:
    out = tmp_path / "my-bfm"
    shutil.copytree(KIT_DIR, out, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return out


def edit(root: Path, rel: str, change) -> None:
    doc = json.loads((root / rel).read_text())
    change(doc)
    (root / rel).write_text(json.dumps(doc, indent=1))


def crt(doc):
    return next(t for t in doc["tables"] if t["id"] == "crt")


def preview(pkg):
    game = pkg.new_game({"edition": "2009"}, seed=1)
    return game, pkg.battle_preview(game.state, "0506", ["LVII"])


def fractions(p) -> dict[str, Fraction]:
    return {o["result"]: F(o["fraction"]) for o in p["outcomes"]}


def test_the_unchanged_copy_plays_as_bfm(tmp_path):
    pkg = registry.from_kit(load_kit(copy_kit(tmp_path)))
    assert pkg.name.startswith("kit:") and registry.get(pkg.name) is pkg
    _, p = preview(pkg)
    assert (p["ratio"], p["final"]) == ("3:1", "2:1")
    assert fractions(p) == {"DR": F(1, 3), "EX": F(1, 3), "NE": F(1, 3)}


def test_a_hex_turned_to_forest_shifts_the_odds_and_costs_two(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "map.json", lambda m: m["hexes"]["0506"].update(terrain="forest"))
    pkg = registry.from_kit(load_kit(root))
    game, p = preview(pkg)
    # 9.2: forest and fortification each shift one column left: 3:1 -> 1:1
    assert [s["reason"] for s in p["shifts"]] == ["defender in forest", "Soviet defender in a fortification"] or \
        sorted(s["reason"] for s in p["shifts"]) == ["Soviet defender in a fortification", "defender in forest"]
    assert p["final"] == "1:1"
    assert fractions(p) == {"DR": F(1, 6), "EX": F(2, 6), "NE": F(2, 6), "AL": F(1, 6)}
    assert game.state.data.terrain_cost["0506"] == 2  # TEC: forest 2 MP
    # the shipped game is untouched
    _, printed = preview(registry.get("bfm"))
    assert printed["final"] == "2:1" and registry.get("bfm").new_game({}, seed=1).state.data.terrain_cost["0506"] == 1


def test_a_changed_crt_cell_decides_the_battle(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "tables.json", lambda t: crt(t)["rows"]["1"].__setitem__(1, "DE"))  # 2:1, die 1: DR -> DE
    pkg = registry.from_kit(load_kit(root))
    game, p = preview(pkg)
    assert fractions(p) == {"DE": F(1, 6), "DR": F(1, 6), "EX": F(1, 3), "NE": F(1, 3)}
    rules, state = pkg.rules, game.state
    rules.apply(state, rules.parse_action(state, "attack LVII 0506"))
    rules.apply(state, rules.parse_action(state, "commit"))
    assert rules.is_chance(state)
    events = rules.apply(state, Roll(1))
    assert "Die 1 at 2:1: DE" in events
    assert "24A" not in state.hex_of  # 9.3 DE: the defender is eliminated
    copied = rules.copy_state(state)
    assert copied.data is state.data  # copies (undo, search) keep the kit's data


def test_a_kit_game_replays_and_its_position_round_trips(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "tables.json", lambda t: crt(t)["rows"]["1"].__setitem__(1, "DE"))
    pkg = registry.from_kit(load_kit(root))
    game, _ = preview(pkg)
    state = pkg.position_from_json(pkg.position_to_json(game.state))
    assert state.data.crt.result(1, 1) == "DE"
    assert registry.get("bfm").rules.initial_state({}).data.crt.result(1, 1) == "DR"
    assert pkg.map_meta({"edition": "1986"})["title"] and pkg.rules_doc({})["charts"]


def test_an_owner_map_says_so_in_map_meta(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "map.json", lambda m: m.__setitem__("provenance", {"kind": "owner", "by": "me"}))
    assert registry.from_kit(load_kit(root)).map_meta({})["provenance"] == "owner"


def problems(root: Path) -> list[str]:
    with pytest.raises(KitError) as e:
        registry.from_kit(load_kit(root))
    return [str(i) for i in e.value.issues]


def test_a_terrain_without_a_movement_cost_is_named(tmp_path):
    root = copy_kit(tmp_path)

    def swamp(m):
        m["terrain_types"]["swamp"] = {"label": "Swamp"}
        m["hexes"]["0506"]["terrain"] = "swamp"

    edit(root, "map.json", swamp)
    assert problems(root) == [
        "map.json: $.hexes['0506'].terrain: terrain 'swamp' has no movement cost in the Terrain Effects Chart "
        "(tables.json table 'tec'), so the rules cannot move into hex 0506"
    ]


def test_a_result_bfm_does_not_know_is_named(tmp_path):
    root = copy_kit(tmp_path)

    def xx(t):
        crt(t)["results"]["XX"] = {"label": "Something else"}
        crt(t)["rows"]["3"][0] = "XX"

    edit(root, "tables.json", xx)
    assert problems(root) == [
        "tables.json: $.tables[0].rows['3'][0]: 'XX' is not a combat result of Battle for Moscow (9.3: NE, DR, DRL, DE, EX, AL)"
    ]


def test_every_piece_the_rules_cannot_use_is_named_at_once(tmp_path):
    root = copy_kit(tmp_path)

    def cavalry(c):
        c["kinds"]["cavalry"] = {"label": "Cavalry"}
        c["counters"][0]["kind"] = "cavalry"

    edit(root, "counters.json", cavalry)
    edit(root, "tables.json", lambda t: next(x for x in t["tables"] if x["id"] == "tec")["movement"].update(forest="P"))
    first = json.loads((root / "counters.json").read_text())["counters"][0]["id"]
    assert problems(root) == [
        "tables.json: $.tables[1].movement.forest: a movement cost in Battle for Moscow is a whole number of "
        "movement points, at least 1 (8.0), not 'P'",
        f"counters.json: $.counters[0].kind: counter {first!r}: kind must be one of infantry, panzer, tank, shock "
        "(12.2 armour: panzer and tank), not 'cavalry'",
    ]


def test_a_kit_without_moscow_fails_in_the_validator(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "map.json", lambda m: next(p for p in m["places"] if p["name"] == "Moscow").update(name="Moskva"))
    with pytest.raises(KitError) as e:
        load_kit(root)
    assert "scenarios/standard.json: $.editions['1986'].victory[0].places[0]: place 'Moscow' is not a place of map.json" in [
        str(i) for i in e.value.issues
    ]


def test_an_invalid_kit_fails_with_the_validator_messages(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "map.json", lambda m: m["hexes"]["0506"].update(terrain="lava"))
    with pytest.raises(KitError) as e:
        load_kit(root)
    assert any(str(i).startswith("map.json: $.hexes['0506'].terrain: ") and "lava" in str(i) for i in e.value.issues)
