"""The reconstructed kit against the text's constraints, the package contract, random-play
properties and a full scenario played by the computer against itself."""

import json
import random
import shutil

import pytest

from typhoon.core.game import Game
from typhoon.core.kit import validate_kit
from typhoon.games.mc.data import KIT_DIR
from typhoon.games.mc.package import PACKAGE
from typhoon.games.mc.validate import problems


def test_kit_is_valid_and_meets_the_text():
    assert [str(i) for i in validate_kit(KIT_DIR) if not getattr(i, "todo", False)] == []
    assert problems(KIT_DIR) == []


def test_validator_catches_broken_constraints(tmp_path):
    kit = tmp_path / "kit"
    shutil.copytree(KIT_DIR, kit)
    counters = json.loads((kit / "counters.json").read_text())
    counters["counters"] = [c for c in counters["counters"] if c["id"] != "G-EB3"]
    (kit / "counters.json").write_text(json.dumps(counters))
    for s in ("september", "november", "december"):
        p = kit / "scenarios" / f"{s}.json"
        d = json.loads(p.read_text())
        d["setup"] = [x for x in d["setup"] if x["counter"] != "G-EB3"]
        p.write_text(json.dumps(d))
    tables = json.loads((kit / "tables.json").read_text())
    crt = tables["tables"][0]
    crt["rows"] = {k: [("De" if r == "Br" else r) for r in row] for k, row in crt["rows"].items()}
    (kit / "tables.json").write_text(json.dumps(tables))
    found = problems(kit)
    assert any("EB (B) L125" in p for p in found)
    assert any("Br" in p and "L78-85" in p for p in found)


def test_every_record_has_provenance():
    for f in KIT_DIR.rglob("*.json"):
        doc = json.loads(f.read_text())
        if isinstance(doc, dict) and f.name != "kit.json":
            assert "provenance" in doc, f


def test_package_contract_views():
    g = PACKAGE.new_game({"scenario": "december"}, seed=3)
    meta = PACKAGE.map_meta()
    assert meta["provenance"] == "reconstruction" and len(meta["geometry"]["centres"]) == len(meta["hexes"])
    v = PACKAGE.view(g.state, "german")
    assert v["current_player"] == "german" and v["weather"] == "winter"
    assert PACKAGE.rules_doc()["charts"][0]["columns"][-1] == "11-1"
    a = g.legal_actions[0]
    assert PACKAGE.describe(g.state, a)["verb"] == a.verb
    doc = PACKAGE.position_to_json(g.state)
    back = PACKAGE.position_from_json(json.loads(json.dumps(doc)))
    assert PACKAGE.position_to_json(back) == doc


def test_random_play_properties_undo_and_replay():
    g = PACKAGE.new_game({"scenario": "november"}, seed=11)
    rng = random.Random(11)
    for _ in range(250):
        if g.is_over():
            break
        if g.is_chance():
            g.roll()
            continue
        legal = g.legal_actions
        a = legal[rng.randrange(len(legal))]
        before = json.dumps(PACKAGE.position_to_json(g.state), sort_keys=True)
        g.push(a)
        if g.can_undo(g.log[-1].player) and rng.random() < 0.2:
            g.undo()
            assert json.dumps(PACKAGE.position_to_json(g.state), sort_keys=True) == before
            g.push(a)
        st = g.state
        for h in st.stacks.hexes():
            sides = {st.side_of(u) for u in st.at(h)}
            assert len(sides) == 1  # Movement (G) L26
            if st.battle is None:
                assert len(st.at(h)) <= 3  # Stacking L43, (C) L45
    again = Game.replay(g.rules, g.options, g.seed, g.action_texts())
    assert PACKAGE.position_to_json(again.state) == PACKAGE.position_to_json(g.state)


@pytest.mark.parametrize("scenario", ["december"])
def test_full_scenario_computer_against_computer(scenario):
    g = PACKAGE.new_game({"scenario": scenario}, seed=5, keep_history=False)
    players = {s: PACKAGE.players()["greedy"](seed=5) for s in PACKAGE.sides}
    while not g.is_over():
        if g.is_chance():
            g.roll()
        else:
            g.push(players[g.current_player].choose(g), validate=False)
    assert g.outcome().winner in PACKAGE.sides
