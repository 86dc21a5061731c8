"""Golden tests: movement costs with zones of control (6.0) and stacking (5.0).

Neighbours by 2.1 (odd columns up): odd column c, row r: N (c,r-1), NE (c+1,r-1), SE (c+1,r),
S (c,r+1), SW (c-1,r), NW (c-1,r-1); even column: N (c,r-1), NE (c+1,r), SE (c+1,r+1),
S (c,r+1), SW (c-1,r+1), NW (c-1,r). So R2 in 0404 has the ZOC 0403 0504 0505 0405 0305 0304.
"""

from __future__ import annotations

import pytest
from mini_helpers import build

from typhoon.core.errors import IllegalActionError, ParseError
from typhoon.games.mini import movement


def cost_for(game, unit):
    return movement.step_cost(game.state, unit)


@pytest.fixture
def zoc_game():
    # R2 alone in 0404 (forest); B1 somewhere west; Blue to move
    return build({"B1": "0203", "R2": "0404"}, phase="blue_movement")


@pytest.mark.parametrize(
    "a, b, expected, why",
    [
        ("0203", "0303", 1, "6.3 road, no ZOC"),
        ("0303", "0403", 3, "6.3 road 1 + 6.6a entering an enemy ZOC +2"),
        ("0303", "0304", 4, "6.2 forest 2 + 6.6a +2"),
        ("0403", "0304", 5, "6.2 forest 2 + 6.6c ZOC to ZOC +3"),
        ("0403", "0402", 2, "6.2 clear 1 + 6.6b leaving an enemy ZOC +1"),
        ("0403", "0503", 2, "6.3 road bridges the river: 1 + 6.6b +1"),
        ("0402", "0503", 2, "6.2 clear 1 + 6.4 river +1"),
        ("0403", "0504", 5, "clear 1 + 6.4 river +1 + 6.6c +3"),
    ],
)
def test_step_costs_depend_on_the_hex_left_and_the_hex_entered(zoc_game, a, b, expected, why):
    assert cost_for(zoc_game, "B1")(a, b) == expected, why


def test_zoc_costs_are_not_cumulative():
    # 6.6: 0403 lies in the ZOC of R2 (0404) and of R3 (0503, its SW neighbour): still +2
    game = build({"B1": "0303", "R2": "0404", "R3": "0503"}, phase="blue_movement")
    assert cost_for(game, "B1")("0303", "0403") == 3


def test_reach_uses_the_cheapest_path(zoc_game):
    # 6.1: B1 (4 MP) in 0203. 0403: 0303 (1) + 3 = 4. 0503: 0303 (1), 0402 (1), river 2 = 4;
    # 0304 (forest, ZOC, adjacent SE): 4. 0405 needs ZOC to ZOC (+3) after a ZOC hex: out of reach.
    r = movement.unit_reach(zoc_game.state, "B1")
    assert r.cost["0403"] == 4
    assert r.cost["0503"] == 4
    assert r.cost["0304"] == 4
    assert "0405" not in r.cost
    assert r.path_to("0403") == ["0203", "0303", "0403"]


def test_one_hex_minimum(zoc_game):
    # 6.7: B3 (4 MP) in 0403 (enemy ZOC): 0304 costs 5 (forest + ZOC to ZOC), yet it may go
    # there, one hex; 0504 (5) likewise; but nothing beyond an over-priced first hex.
    game = build({"B3": "0403", "R2": "0404"}, phase="blue_movement")
    dest = movement.destinations(game.state, "B3")
    assert "0304" in dest and "0504" in dest
    game.push("move B3 0304")
    assert game.state.stacks.hex_of["B3"] == "0304"


def test_a_unit_moves_once_per_phase(zoc_game):
    zoc_game.push("move B1 0303")
    with pytest.raises(IllegalActionError, match=r"already moved this phase \(6.1\)"):
        zoc_game.push("move B1 0203")


def test_stacking_limit_of_three():
    # 5.1: three blue units in 0203: a fourth may not enter; with two there it may
    game = build({"B1": "0203", "B2": "0203", "B3": "0203", "B4": "0303", "R2": "0806"}, phase="blue_movement")
    assert "0203" not in movement.destinations(game.state, "B4")
    with pytest.raises(IllegalActionError, match=r"5\.1"):
        game.push("move B4 0203")
    game.push("move B3 0103")
    game.push("move B4 0203")
    assert game.state.stacks.at("0203") == ("B1", "B2", "B4")


def test_no_entry_into_enemy_hexes():
    # 5.2
    game = build({"B1": "0403", "R2": "0404"}, phase="blue_movement")
    assert "0404" not in movement.destinations(game.state, "B1")
    with pytest.raises(IllegalActionError, match=r"5\.2"):
        game.push("move B1 0404")


def test_lake_hexes_are_not_on_the_map():
    # 2.1: 0801 and 0802 are a lake
    game = build({"R4": "0703", "B1": "0101"}, phase="red_movement")
    dest = movement.destinations(game.state, "R4")
    assert "0803" in dest and "0802" not in dest and "0801" not in dest
    with pytest.raises(ParseError, match="0802"):
        game.push("move R4 0802")


def test_ending_a_move_in_a_town_takes_it():
    # 6.8 / 9.2: Aston (0502) is Red's at the start; B1 enters it
    game = build({"B1": "0402", "R2": "0806"}, phase="blue_movement")
    assert game.state.control["0502"] == "red"
    game.push("move B1 0502")
    assert game.state.control["0502"] == "blue"
