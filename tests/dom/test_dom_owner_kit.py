"""An owner's kit played with Drive on Moscow's rules (``package.package_from_kit``): a copy of
the shipped reconstruction (``typhoon kit new dom DIR --reconstruction``) with values edited
must be played with the edited values; an unfinished skeleton gives errors naming what it lacks."""

from __future__ import annotations

import json
import shutil

import pytest

from typhoon.core.kit import KitError, load_kit
from typhoon.games import registry
from typhoon.games.dom import movement
from typhoon.games.dom.data import PACKAGES
from typhoon.games.dom.package import PACKAGE, DomPackage, package_from_kit


def copy_kit(tmp_path):
    d = tmp_path / "kit"
    shutil.copytree(PACKAGES["reconstruction"], d)
    return d


def edit(d, file, change):
    path = d / file
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


def set_turn(doc, turn, **attrs):
    for t in doc["turns"]:
        if t["turn"] == turn:
            t["attrs"].update(attrs)


def at_game_turn_1(pkg):
    """The set-up position of ``pkg`` read as game turn 1 (movement factors depend on the turn)."""
    s = pkg.rules.initial_state({})
    s.turn = 1
    return s


def test_registry_builds_the_rules_package_from_an_owner_copy(tmp_path):
    pkg = registry.package_for_kit(load_kit(copy_kit(tmp_path)), "kit:owner")
    assert isinstance(pkg, DomPackage) and pkg.name == "kit:owner"
    assert pkg.kit_problems == []  # the reconstruction meets every constraint of the text
    g = pkg.new_game({}, seed=3)
    doc = pkg.position_to_json(g.state)
    assert pkg.position_to_json(pkg.position_from_json(doc)) == doc
    assert pkg.map_meta()["hexes"].keys() == PACKAGE.map_meta()["hexes"].keys()


def test_an_edited_turn_record_track_sets_the_movement_factors(tmp_path):
    """2.10 L146-151: the TRT gives the MF. An owner TRT of MF 2/1 on GT1 (the shipped one
    has 10/6, L153-155) leaves an infantry division one hex of movement on GT1."""
    d = copy_kit(tmp_path)
    edit(d, "turns.json", lambda doc: set_turn(doc, 1, mf_mech=2, mf_non_mech=1))
    pkg = package_from_kit(load_kit(d), "kit:slow")
    assert any("10/6" in p for p in pkg.kit_problems)  # the text's GT1 values are reported, not fatal
    st, sh = at_game_turn_1(pkg), at_game_turn_1(PACKAGE)
    north_inf = next(u for u in st.on_map("german") if st.data.units[u].kind == "infantry"
                     and movement.base_mf(st, u) > 0)
    assert max(movement.unit_reach(st, north_inf).cost.values()) == 1
    assert max(movement.unit_reach(sh, north_inf).cost.values()) > 1
    assert movement.base_mf(sh, north_inf) == 6 and movement.base_mf(st, north_inf) == 1


def test_an_edited_counter_value_reaches_the_rules(tmp_path):
    """2.9: combat factors come from the counters. pz1 printed 9-5 in the reconstruction;
    an owner copy with 1-5 attacks with 1."""
    d = copy_kit(tmp_path)

    def weaken(doc):
        for c in doc["counters"]:
            if c["id"] == "pz1":
                c["faces"]["front"]["attack"] = 1
    edit(d, "counters.json", weaken)
    pkg = package_from_kit(load_kit(d), "kit:weak")
    assert pkg.rules.data.units["pz1"].full.attack == 1
    assert PACKAGE.rules.data.units["pz1"].full.attack == 9  # the shipped package is unchanged


def test_an_unfinished_skeleton_names_what_it_lacks():
    """The text kit (kit/) holds owner placeholders: every one is named, file and JSON path."""
    with pytest.raises(KitError) as e:
        package_from_kit(load_kit(PACKAGES["text"], draft=True), "kit:draft")
    text = str(e.value)
    assert "not finished, Drive on Moscow cannot be played on it" in text
    assert "counters.json: $.pools" in text and "still to be entered" in text


def test_a_kit_without_a_crt_or_soviet_sources_is_refused_with_reasons(tmp_path):
    d = copy_kit(tmp_path)
    edit(d, "tables.json", lambda doc: doc.update(tables=[t for t in doc["tables"] if t["id"] != "crt"]))
    edit(d, "map.json", lambda doc: doc.update(edges=[e for e in doc["edges"] if e["id"] != "soviet_supply"]))
    try:
        kit = load_kit(d)
    except KitError as e:  # the core validator may already refuse it: also a named reason
        assert "crt" in str(e) or "soviet_supply" in str(e)
        return
    with pytest.raises(KitError) as e:
        package_from_kit(kit, "kit:broken")
    assert "no table 'crt'" in str(e.value) and "no edge 'soviet_supply'" in str(e.value)


def test_kit_new_with_reconstruction_gives_a_playable_owner_kit(tmp_path):
    """``typhoon kit new dom DIR --reconstruction`` copies the shipped reconstruction
    (``DomPackage.kit_dir``), which the rules play without a missing value."""
    from click.testing import CliRunner

    from typhoon.cli import main as cli

    d = tmp_path / "owner"
    r = CliRunner().invoke(cli, ["kit", "new", "dom", str(d), "--reconstruction"])
    assert r.exit_code == 0, r.output
    assert "still to be entered" not in r.output and "TODO" not in r.output
    pkg = package_from_kit(load_kit(d), "kit:copy")
    assert pkg.kit_problems == [] and pkg.rules.data.turns[1]["mf_mech"] == 10


def test_map_meta_unit_kinds_follow_the_contract():
    """contract MAP_META_DOC: unit_kinds is {kind: {label, symbol}}, for every kind a unit has."""
    from typhoon.games import registry

    pkg = registry.get("dom")
    kinds = pkg.map_meta()["unit_kinds"]
    game = pkg.new_game({}, seed=1)
    assert {u["kind"] for u in pkg.view(game.state, None)["units"] if not u.get("hidden")} <= set(kinds)
    assert kinds["panzer"] == {"label": "Panzer", "symbol": "armour"} and kinds["infantry"]["symbol"] == "infantry"
