"""General movement searches: costs, prohibitions, stops, waypoints and floods, worked by hand.

Grids are BfM-style (odd columns up). A one-row grid is a chain 0101-0201-0301-...; in the 3x3
grid 0201 touches 0101, 0102, 0202, 0301 and 0302 (axial arithmetic done on paper)."""

from fractions import Fraction as F

import pytest

from typhoon.core.errors import IllegalActionError
from typhoon.core.hexgrid import HexGrid
from typhoon.core.paths import flood, path_cost, reach, reach_many, route_via

CHAIN = HexGrid(6, 1)
G3 = HexGrid(3, 3)


def zoc_entry(zoc, base=1, extra=3):
    """+3 MP to enter a ZOC hex (the kind of cost DoM/MC charge)."""
    return lambda a, b: base + (extra if b in zoc else 0)


def test_zoc_entry_cost_is_added():
    r = reach("0101", 5, CHAIN.neighbours, zoc_entry({"0301"}))
    # 0201: 1; 0301: 1 + (1+3) = 5; 0401 would be 6
    assert r.cost == {"0101": 0, "0201": 1, "0301": 5}
    assert r.path_to("0301") == ["0101", "0201", "0301"]


def test_exit_cost_depends_on_the_hex_left():
    # OT 6.3-like: +2 MP to leave a hex in enemy ZOC (0201)
    cost = lambda a, b: 1 + (2 if a == "0201" else 0)
    r = reach("0201", 3, CHAIN.neighbours, cost)
    assert r.cost == {"0201": 0, "0101": 3, "0301": 3}


def test_fractional_costs_are_exact():
    chain = HexGrid(11, 1)
    r = reach("0101", 1, chain.neighbours, lambda a, b: F(1, 10))
    assert r.cost["1101"] == 1 and isinstance(r.cost["1101"], F)  # ten tenths, no float drift
    assert r.cost["0601"] == F(1, 2)


def test_hexside_prohibition_forces_a_detour():
    river = {frozenset(("0101", "0201"))}
    cost = lambda a, b: None if frozenset((a, b)) in river else 1
    r = reach("0101", 3, G3.neighbours, cost)
    # 0201 only via 0102: 2 MP
    assert r.cost["0201"] == 2 and r.path_to("0201") == ["0101", "0102", "0201"]


def test_stops_end_movement_but_the_start_is_exempt():
    r = reach("0201", 4, CHAIN.neighbours, lambda a, b: 1, stops=lambda h: h in {"0201", "0401"})
    assert r.cost == {"0201": 0, "0101": 1, "0301": 1, "0401": 2}  # 0501 lies beyond the stop


def test_one_hex_minimum():
    swamp = lambda a, b: 3 if b == "0201" else 1
    assert "0201" not in reach("0101", 2, CHAIN.neighbours, swamp)
    r = reach("0101", 2, CHAIN.neighbours, swamp, one_hex_minimum=True)
    assert r.cost == {"0101": 0, "0201": 3}  # entered, and no further
    prohibited = lambda a, b: None
    assert reach("0101", 2, CHAIN.neighbours, prohibited, one_hex_minimum=True).cost == {"0101": 0}


def test_path_to_an_unreachable_hex_is_refused():
    with pytest.raises(IllegalActionError, match="0601"):
        reach("0101", 1, CHAIN.neighbours, lambda a, b: 1).path_to("0601")


def test_negative_costs_are_refused():
    with pytest.raises(ValueError, match="negative"):
        reach("0101", 1, CHAIN.neighbours, lambda a, b: -1)


def test_path_cost():
    cost = zoc_entry({"0301"})
    assert path_cost(["0101", "0201", "0301"], cost) == 5
    assert path_cost(["0101"], cost) == 0
    assert path_cost(["0101", "0201"], lambda a, b: None) is None


def test_route_via_waypoints_in_order():
    dear = {"0102", "0302"}
    cost = lambda a, b: 5 if b in dear else 1
    path, c = route_via("0101", ["0202", "0301"], 10, G3.neighbours, cost)
    # 0101 -> 0201 -> 0202 -> back to 0201 -> 0301: four 1-MP steps; via 0302 or 0102 costs 8
    assert (path, c) == (["0101", "0201", "0202", "0201", "0301"], 4)
    assert route_via("0101", ["0202", "0301"], 3, G3.neighbours, cost) is None
    assert route_via("0101", [], 3, G3.neighbours, cost) == (["0101"], 0)


def test_route_via_respects_stops_and_exit_costs():
    stop = lambda h: h == "0202"
    assert route_via("0101", ["0202", "0303"], 10, G3.neighbours, lambda a, b: 1, stop) is None
    assert route_via("0101", ["0202"], 10, G3.neighbours, lambda a, b: 1, stop)[1] == 2
    # leaving 0201 costs +2: 0101 -> 0102 -> 0202 -> 0302 (3) beats 0101 -> 0201 -> 0302 (1 + 3)
    exit_cost = lambda a, b: 3 if a == "0201" else 1
    assert route_via("0101", ["0302"], 10, G3.neighbours, exit_cost) == (["0101", "0102", "0202", "0302"], 3)


def test_flood_from_several_sources():
    assert flood(["0101", "0601"], CHAIN.neighbours, lambda h: True) == {
        "0101": 0, "0201": 1, "0301": 2, "0601": 0, "0501": 1, "0401": 2,
    }


def test_flood_with_blockers_limits_and_stops():
    assert flood(["0101"], CHAIN.neighbours, lambda h: h != "0401") == {"0101": 0, "0201": 1, "0301": 2}
    assert flood(["0101"], CHAIN.neighbours, lambda h: True, max_length=2) == {"0101": 0, "0201": 1, "0301": 2}
    assert flood(["0101"], CHAIN.neighbours, lambda h: True, stops=lambda h: h == "0201") == {"0101": 0, "0201": 1}
    # a source inside a blocker still traces out
    assert flood(["0301"], CHAIN.neighbours, lambda h: h != "0301", max_length=1) == {"0301": 0, "0201": 1, "0401": 1}


def test_reach_many_takes_the_nearest_source():
    r = reach_many(["0101", "0601"], 2, CHAIN.neighbours, lambda a, b: 1)
    assert r.cost == {"0101": 0, "0201": 1, "0301": 2, "0601": 0, "0501": 1, "0401": 2}
    assert r.path_to("0401") == ["0601", "0501", "0401"]
