"""An owner's kit played with the Moscow Campaign rules (``package.package_from_kit``): a copy of
the reconstruction made by ``typhoon kit new mc DIR --reconstruction`` with one value edited
must be played with the edited value; an unfinished skeleton gives a clear error."""

import json

import pytest
from click.testing import CliRunner

from typhoon.cli import main as cli
from typhoon.core.kit import KitError, load_kit
from typhoon.games import registry
from typhoon.games.mc.package import MCPackage, package_from_kit


def new_kit(tmp_path, *flags):
    d = tmp_path / "kit"
    result = CliRunner().invoke(cli, ["kit", "new", "mc", str(d), *flags])
    assert result.exit_code == 0, result.output
    return d


def edit_counter(d, uid, **front):
    path = d / "counters.json"
    doc = json.loads(path.read_text())
    for c in doc["counters"]:
        if c["id"] == uid:
            c["faces"]["front"].update(front)
    path.write_text(json.dumps(doc))


def move_targets(game, uid):
    return {a.args[1] for a in game.legal_actions if a.verb == "move" and a.args[0] == uid}


def test_registry_builds_the_rules_package_from_a_reconstruction_copy(tmp_path):
    d = new_kit(tmp_path, "--reconstruction")
    pkg = registry.package_for_kit(load_kit(d), "kit:owner")
    assert isinstance(pkg, MCPackage) and pkg.name == "kit:owner"
    assert pkg.option_specs()[0].choices == ("september", "november", "december")
    g = pkg.new_game({"scenario": "september"}, seed=1)
    assert g.current_player == "german"
    doc = pkg.position_to_json(g.state)
    assert pkg.position_to_json(pkg.position_from_json(doc)) == doc


def test_an_edited_movement_allowance_is_enforced(tmp_path):
    # Movement (C) L23 and (J) L29: with a Movement Allowance of 1 a unit moves one hex at most
    d = new_kit(tmp_path, "--reconstruction")
    shipped = registry.get("mc").new_game({"scenario": "september"}, seed=1)
    far = move_targets(shipped, "G-PZ1")
    at = shipped.state.hex_of("G-PZ1")
    data = shipped.state.data
    assert max(data.distance(at, h) for h in far) > 1  # the printed 8 reaches further
    edit_counter(d, "G-PZ1", movement=1)
    pkg = package_from_kit(load_kit(d), "kit:slow")
    g = pkg.new_game({"scenario": "september"}, seed=1)
    near = move_targets(g, "G-PZ1")
    assert near and {data.distance(at, h) for h in near} == {1}
    assert g.state.data.units["G-PZ1"].movement == 1
    assert shipped.state.data.units["G-PZ1"].movement == 8  # the shipped package is unchanged


def overruns(game, uid):
    return [a for a in game.legal_actions if a.verb == "overrun" and uid in a.args[1:]]


def test_an_edited_strength_is_enforced_by_the_overrun_rule(tmp_path):
    # Overrun L90: a single stack at least ten times the defence on turns 1-4 may overrun.
    # G-ID87 (printed 4) stands next to S-R22 (printed 3) on turn 1 of September: no overrun;
    # printed 100 it may overrun 0820 (100 >= 10 x 3, halved if unsupplied: still 50 >= 30)
    shipped = registry.get("mc").new_game({"scenario": "september"}, seed=1)
    assert shipped.state.turn == 1 and shipped.state.at("0820") == ("S-R22",)
    assert shipped.state.hex_of("G-ID87") == "0720" and shipped.state.data.units["S-R22"].strength == 3
    assert overruns(shipped, "G-ID87") == []
    d = new_kit(tmp_path, "--reconstruction")
    edit_counter(d, "G-ID87", strength=100)
    g = package_from_kit(load_kit(d), "kit:strong").new_game({"scenario": "september"}, seed=1)
    assert "0820" in {a.args[0] for a in overruns(g, "G-ID87")}


def test_an_unfinished_skeleton_names_what_is_missing(tmp_path):
    d = new_kit(tmp_path)
    with pytest.raises(KitError) as e:  # not even loadable without --draft: the loader says why
        load_kit(d)
    kit = load_kit(d, draft=True)
    with pytest.raises(KitError) as e:
        registry.package_for_kit(kit, "kit:skeleton")
    text = str(e.value)
    assert "not finished" in text and "map.json: $.hexes: still to be entered" in text
    assert "scenarios/september.json: $.setup[0]" in text


def test_a_kit_missing_a_network_the_rules_read_is_named(tmp_path):
    d = new_kit(tmp_path, "--reconstruction")
    path = d / "map.json"
    doc = json.loads(path.read_text())
    doc["networks"] = [n for n in doc["networks"] if n["id"] != "german_supply_rail"]
    path.write_text(json.dumps(doc))
    with pytest.raises(KitError, match="no network 'german_supply_rail'"):
        package_from_kit(load_kit(d), "kit:nonet")
