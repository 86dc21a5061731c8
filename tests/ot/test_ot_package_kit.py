"""``package_from_kit``: the Operation Typhoon rules on an owner's kit (a copy of the shipped
reconstruction with one value changed), and clear errors for a kit the rules cannot play."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from typhoon.core.kit import KitError, load_kit, scaffold
from typhoon.core.stacks import Stacks
from typhoon.games import registry
from typhoon.games.ot import movement
from typhoon.games.ot.package import PACKAGE, package_from_kit
from typhoon.games.ot.validate import KIT_DIR


def _copy_kit(tmp_path):
    dest = tmp_path / "kit"
    shutil.copytree(KIT_DIR, dest)
    return dest


def _edit(path, fn):
    doc = json.loads(path.read_text(encoding="utf-8"))
    fn(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def _bare(pkg, scenario="18.1"):
    """A state of ``pkg`` with no unit on the map, German Tactical Movement, Ground Freeze."""
    s = pkg.rules.initial_state({"scenario": scenario})
    s.stacks = Stacks()
    s.turn, s.phase, s.pending, s.uncommitted, s.supply = 4, "german_tactical", None, set(), {}
    s.weather, s.ground, s.snow = "clear", "ground_freeze", False
    return s


def test_the_registry_builds_the_ot_rules_for_an_ot_kit_under_the_given_name(tmp_path):
    assert registry._KNOWN["ot"].startswith("typhoon.games.ot.package:")
    kit = load_kit(_copy_kit(tmp_path))
    pkg = registry.package_for_kit(kit, "my-ot")
    assert pkg.name == "my-ot"
    assert type(pkg).__name__ == "OtPackage" and pkg.rules.data is not PACKAGE.rules.data


def test_an_edited_hex_terrain_changes_the_movement_cost(tmp_path):
    # 5.73 TEC: a non-mech unit pays 1 MP for Clear and 2 for Rough
    root = _copy_kit(tmp_path)
    _edit(root / "map.json", lambda m: m["hexes"]["C0233"].update(terrain="rough"))
    pkg = package_from_kit(load_kit(root), "edited")
    s = _bare(pkg)
    s.stacks.place("339/167/53", "C0232")
    assert pkg.rules.data.terrain["C0233"] == "rough"
    assert movement.unit_reach(s, "339/167/53", "tactical").cost["C0233"] == 2
    shipped = _bare(PACKAGE)
    shipped.stacks.place("339/167/53", "C0232")
    assert movement.unit_reach(shipped, "339/167/53", "tactical").cost["C0233"] == 1


def test_an_edited_movement_allowance_changes_the_legal_moves(tmp_path):
    # 5.24: a unit spends at most its Movement Allowance: 4 MP reach four Clear hexes, 2 MP two
    root = _copy_kit(tmp_path)

    def slow(c):
        for x in c["counters"]:
            if x["id"] == "339/167/53":
                x["faces"]["front"]["movement"] = 2
    _edit(root / "counters.json", slow)
    pkg = package_from_kit(load_kit(root), "slow")
    s = _bare(pkg)
    s.stacks.place("339/167/53", "C0230")
    dests = {a.to for a in pkg.rules.legal_actions(s) if getattr(a, "unit", None) == "339/167/53"}
    assert "C0232" in dests and "C0233" not in dests and "C0234" not in dests
    t = _bare(PACKAGE)
    t.stacks.place("339/167/53", "C0230")
    assert "C0234" in {a.to for a in PACKAGE.rules.legal_actions(t) if getattr(a, "unit", None) == "339/167/53"}


def test_a_kit_game_plays_and_its_positions_round_trip(tmp_path):
    root = _copy_kit(tmp_path)
    _edit(root / "map.json", lambda m: m["hexes"]["C0233"].update(terrain="rough"))
    pkg = package_from_kit(load_kit(root), "kit:test")
    g = pkg.new_game({"scenario": "18.1"}, seed=5)
    rng = random.Random(1)
    for _ in range(40):
        g.play_until_decision()  # the dice
        if g.outcome is not None:
            break
        acts = list(g.legal_actions)
        g.push(acts[rng.randrange(len(acts))])
    doc = pkg.position_to_json(g.state)
    again = pkg.position_from_json(doc)
    assert again.data is pkg.rules.data and pkg.position_to_json(again) == doc
    assert pkg.map_meta({"scenario": "18.1"})["hexes"]["C0233"]["terrain"] == "rough"


def test_a_skeleton_kit_is_refused_naming_what_is_missing(tmp_path):
    scaffold("ot", tmp_path / "sk")
    kit = load_kit(tmp_path / "sk", draft=True)
    with pytest.raises(KitError) as e:
        registry.package_for_kit(kit, "skeleton")
    text = str(e.value)
    assert "cannot play this kit" in text and "TODO" in text and "map.json" in text
    # the scenarios' special rules are text (18.x5-18.x8): the skeleton has them; only what the
    # printed map must say (18.39(b), east of the Moskva) is left to the owner
    assert "has no parameter" not in text
    params = json.loads((tmp_path / "sk" / "scenarios" / "von_kluge.json").read_text())["parameters"]
    assert params["closed_hexrows"]["value"] == ["B01"] and "$todo" in params["east_of_moskva"]


def test_a_kit_without_a_table_the_rules_need_is_refused(tmp_path):
    root = _copy_kit(tmp_path)
    _edit(root / "tables.json", lambda t: t.update(tables=[x for x in t["tables"] if x["id"] != "commitment"]))
    with pytest.raises(KitError, match="no table 'commitment'.*16.27"):
        package_from_kit(load_kit(root), "no-commitment")
