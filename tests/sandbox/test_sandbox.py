"""The sandbox package: any valid kit played without rules (typhoon/games/sandbox), through the
contract (typhoon.core.contract) as every front end sees it."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from typhoon.core.contract import GamePackage
from typhoon.core.errors import IllegalActionError, ParseError, PositionError
from typhoon.core.game import Game
from typhoon.core.kit import load_kit
from typhoon.games import registry

GOOD = Path(__file__).resolve().parents[1] / "kit" / "packages" / "good"
BFM_KIT = Path(__file__).resolve().parents[2] / "typhoon" / "games" / "bfm" / "kit"


@pytest.fixture(scope="module")
def pkg():
    return registry.from_kit(load_kit(GOOD))


def test_from_kit_registers_under_a_stable_hash_name(pkg):
    assert isinstance(pkg, GamePackage)
    assert pkg.name.startswith("kit:") and len(pkg.name) == len("kit:") + 12
    assert registry.get(pkg.name) is pkg
    assert registry.from_kit(load_kit(GOOD)) is pkg  # the same documents, the same package
    assert pkg.name in registry.kit_names() and pkg.name not in registry.names()
    assert pkg.sides == ("blue", "red") and pkg.side_names == {"blue": "Blue", "red": "Red"}
    assert pkg.option_specs() == [] and pkg.normalise_options({}) == {}
    with pytest.raises(ParseError):
        pkg.normalise_options({"edition": "x"})


def test_the_first_scenario_sets_up_the_pieces(pkg):
    g = pkg.new_game(seed=1)
    units = {u["id"]: u for u in pkg.view(g.state, None)["units"]}
    # meeting.json: b1, b2, bhq in A0101; r1 in A0401; r2 in B0101, which is A0401 (overlap)
    assert {u: units[u]["hex"] for u in ("b1", "b2", "bhq", "r1", "r2")} == {"b1": "A0101", "b2": "A0101", "bhq": "A0101", "r1": "A0401", "r2": "A0401"}
    assert units["r3"]["where"] == "pool" and units["r3"]["hex"] is None
    # count: 3 and 4 copies of the chits
    assert [u for u in units if u.startswith("chit5")] == ["chit5", "chit5#2", "chit5#3"]
    assert len([u for u in units if u.startswith("chit3")]) == 4
    # values in the declared attribute order (attack, defence, movement)
    assert units["b1"]["values"] == "4-4-4" and units["b2"]["values"] == "6-3-8"


def test_any_move_flip_remove_and_the_turn_order(pkg):
    g = pkg.new_game(seed=1)
    assert g.current_player == "blue"
    g.push("move b1 B0402")  # anywhere: no movement allowance, no adjacency
    g.push("flip b1")
    view = {u["id"]: u for u in pkg.view(g.state, "blue")["units"]}
    assert view["b1"]["hex"] == "B0402" and view["b1"]["face"] == "back" and view["b1"]["values"] == "2-2-4"
    assert view["b1"]["reduced"] is True and view["b1"]["flags"] == ["reduced"]
    with pytest.raises(IllegalActionError, match="r1 belongs to Red; it is Blue's turn"):
        g.push("move r1 A0101")
    with pytest.raises(IllegalActionError, match="b2 has no back face"):
        g.push("flip b2")
    with pytest.raises(IllegalActionError, match="'Z9999' is not a hex of this map"):
        g.push("move b2 Z9999")
    g.push("remove bhq")
    assert pkg.view(g.state, None)["units"][2]["where"] == "eliminated"
    with pytest.raises(IllegalActionError, match="bhq has been removed"):
        g.push("move bhq A0101")
    g.push("end")
    assert g.current_player == "red" and g.state.turn == 1
    g.push("move r3 B0401")  # from the reserve onto the map
    g.push("end")
    assert g.current_player == "blue" and g.state.turn == 2
    v = pkg.view(g.state, None)
    assert v["turn_label"] == "Turn 2 (Day 2)" and v["phase"]["side"] == "blue" and v["last_turn"] == 4


def test_the_game_ends_after_the_last_turn(pkg):
    g = pkg.new_game(seed=2)
    for _ in range(4 * 2):
        g.push("end")
    assert g.is_over() and g.outcome().winner is None and "turn 4" in g.outcome().reason
    assert g.legal_actions == [] or list(g.legal_actions) == []


def test_legal_actions_are_every_hex_for_every_own_piece(pkg):
    g = pkg.new_game(seed=1)
    hexes = len(pkg.map_meta()["geometry"]["centres"])  # 20
    acts = [str(a) for a in g.legal_actions]
    # blue: b1 (back face: flip), b2, bhq all on the map: 19 moves + remove each, one flip, end
    assert len(acts) == 3 * (hexes - 1) + 3 + 1 + 1
    assert "move b1 B0402" in acts and "flip b1" in acts and "remove b2" in acts and acts[-1] == "end"
    assert all(g.rules.is_legal(g.state, g.parse(a)) for a in acts)


def test_positions_round_trip_and_refuse_nonsense(pkg):
    g = pkg.new_game(seed=3)
    g.push("move b2 A0303")
    g.push("flip b1")
    doc = pkg.position_to_json(g.state)
    assert doc["pieces"]["b2"] == {"hex": "A0303", "face": "front", "removed": False}
    assert pkg.position_from_json(doc) == g.state
    with pytest.raises(PositionError, match="unknown piece 'zz'"):
        pkg.position_from_json({**doc, "pieces": {"zz": {}}})
    with pytest.raises(PositionError, match="face 'back' is not a face of this counter"):
        pkg.position_from_json({**doc, "pieces": {"b2": {"face": "back"}}})
    with pytest.raises(PositionError, match="turn must be 1..4"):
        pkg.position_from_json({**doc, "turn": 9})
    # a game can start from a position and replay from its record
    g2 = Game(pkg.rules, {}, 7, state=pkg.position_from_json(doc))
    assert g2.state.hex_of["b2"] == "A0303"


def test_map_meta_has_the_documented_shape_and_core_centres(pkg):
    meta = pkg.map_meta()
    for key in ("game", "title", "provenance", "geometry", "hexes", "terrain_styles", "sections", "hexsides",
                "lines", "feature_styles", "places", "edges", "printed_lines"):
        assert key in meta
    c = meta["geometry"]["centres"]
    # flat hexes of size 1: adjacent centres are sqrt(3) apart (typhoon.core.geometry)
    (ax, ay), (bx, by) = c["A0101"], c["A0102"]
    assert math.isclose(math.hypot(bx - ax, by - ay), math.sqrt(3), abs_tol=1e-5)  # rounded to 6 places
    assert meta["hexes"]["A0102"]["terrain"] == "woods" and meta["hexes"]["A0102"]["section"] == "A"
    assert {s["id"] for s in meta["sections"]} == {"A", "B"}
    assert {"feature": "rail", "hexes": ["A0102"], "exit": "W", "network": "rail"} in meta["lines"]
    assert meta["terrain_styles"]["woods"]["fill"] == "#6fae5c"
    assert [e["name"] for e in meta["edges"]] == ["West edge", "Entry Area 1"]
    front = next(p for p in meta["printed_lines"] if p["id"] == "front")
    assert front["hexsides"] == [["A0201", "A0301"], ["A0202", "A0302"]]


def test_describe_and_the_random_player(pkg):
    g = pkg.new_game(seed=4)
    d = pkg.describe(g.state, g.parse("move b1 A0203"))
    assert d == {"text": "move b1 A0203", "verb": "move", "label": "Move 1st Infantry to A0203", "units": ["b1"], "hex": "A0203", "from": "A0101", "rule": None}
    assert pkg.describe(g.state, g.parse("end"))["label"] == "End Blue turn"
    player = pkg.players()["random"](seed=9)
    for _ in range(40):
        if g.is_over():
            break
        g.push(player.choose(g.observed(g.current_player)))
    assert g.is_over()  # two moves then an end, each side, each of the 4 turns: 24 actions
    assert g.ply == 24


def test_any_valid_kit_plays_battle_for_moscow_s_too():
    pkg = registry.from_kit(load_kit(BFM_KIT))
    g = pkg.new_game(seed=1)
    assert pkg.sides == ("german", "soviet")
    on_map = [u for u in pkg.view(g.state, None)["units"] if u["where"] == "map"]
    assert on_map and len(pkg.map_meta()["geometry"]["centres"]) == 140
