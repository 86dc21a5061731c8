"""Golden tests: supply traces (8.1) with a length limit and blockers."""

from __future__ import annotations

from mini_helpers import build

from typhoon.games.mini.supply import in_supply, supply_distances


def test_trace_length_limit():
    # No enemy near: 0503 is 4 hexes from column 01 (0103-0203-0303-0403-0503): in supply;
    # 0603 is at least 5: out of supply.
    game = build({"B1": "0503", "B2": "0603", "R6": "0806"})
    assert supply_distances(game.state, "blue")["0503"] == 4
    assert in_supply(game.state, "B1")
    assert not in_supply(game.state, "B2")


def test_enemy_zoc_blocks_the_trace():
    # R3 in 0303: its ZOC is 0302 0402 0403 0304 0203 0202. A 4-hex trace to 0503 needs one hex
    # of each column 02..04, and 0503's column-04 neighbours (0402, 0403) are both in that ZOC.
    game = build({"B1": "0503", "R3": "0303"})
    assert not in_supply(game.state, "B1")


def test_friendly_units_open_the_enemy_zoc():
    # As above, with B2 in 0403 and B3 in 0304 (both in R3's ZOC but occupied by Blue):
    # 0105 - 0204 - 0304 - 0403 - 0503 is a trace of 4 hexes.
    game = build({"B1": "0503", "B2": "0403", "B3": "0304", "R3": "0303"})
    assert in_supply(game.state, "B1")
    assert supply_distances(game.state, "blue")["0503"] == 4


def test_enemy_units_block_sources():
    # A red unit on a blue source hex (0103) blocks it; red units trace from the east edge
    game = build({"B1": "0203", "R3": "0103", "R6": "0805"})
    dist = supply_distances(game.state, "blue")
    assert "0103" not in dist
    assert supply_distances(game.state, "red")["0805"] == 0
