"""7.0 German ZOC and 8.0 asymmetric supply on small synthetic maps."""

from dom_helpers import small_map
from typhoon.core.paths import reach
from typhoon.games.dom.supply import german_supplied, soviet_edge_supplied, soviet_supplied
from typhoon.games.dom.zones_of_control import german_zoc, soviet_may_step, soviet_stops


def test_7_1_zoc_is_six_hexes_but_not_across_a_reservoir():
    m = small_map(reservoirs=[("0404", "0403")])
    z = german_zoc(m, ["0404"])
    assert z == set(m.neighbours("0404")) - {"0403"}


def test_7_2_soviet_unit_stops_in_first_gzoc_and_never_goes_zoc_to_zoc():
    m = small_map()
    z = german_zoc(m, ["0404"])
    start = "0606"
    r = reach(start, 6, m.neighbours, lambda a, b: 1 if soviet_may_step(z, a, b, a == start) else None, stops=lambda h: soviet_stops(z, h))
    assert "0505" in r  # a ZOC hex may be entered
    # every ZOC hex reached was entered from a ZOC-free hex
    assert all(r.parent[h] not in z for h in r.cost if h in z and r.parent[h] is not None)
    assert "0404" not in z and "0404" in m.neighbours("0505")


def test_7_2_leaving_zoc_only_into_a_free_hex():
    m = small_map()
    z = german_zoc(m, ["0404"])
    assert not soviet_may_step(z, "0405", "0504", True)  # both in ZOC
    assert soviet_may_step(z, "0405", "0406", True)


def test_8_2_german_supply_blocked_by_a_wall_of_soviet_units():
    m = small_map(columns=4, rows=3)
    wall = {"0201", "0202", "0203"}
    assert german_supplied(m, ["0302"], wall, {}) == set()
    assert german_supplied(m, ["0302"], {"0201", "0202"}, {}) == {"0302"}


def test_8_3_enemy_controlled_empty_city_blocks_german_supply():
    m = small_map(columns=4, rows=1, cities={"0201": "Testgrad"})
    assert german_supplied(m, ["0301"], set(), {"0201": "soviet"}) == set()
    assert german_supplied(m, ["0301"], set(), {"0201": "german"}) == {"0301"}


def test_8_3_only_soviet_supply_crosses_reservoirs():
    m = small_map(columns=3, rows=1, reservoirs=[("0101", "0201")], soviet_sources=["0101"])
    assert german_supplied(m, ["0201"], set(), {}) == set()
    assert soviet_edge_supplied(m, ["0201"], set(), frozenset(), set(), {}) == {"0201"}


def test_8_3_soviet_trace_starts_in_gzoc_but_not_through_unless_a_soviet_unit_is_there():
    m = small_map(columns=5, rows=1, soviet_sources=["0501"])
    zoc = frozenset({"0301", "0401"})
    assert soviet_edge_supplied(m, ["0301"], set(), zoc, {"0301"}, {}) == set()  # 0401 blocks
    assert soviet_edge_supplied(m, ["0301"], set(), zoc, {"0301", "0401"}, {}) == {"0301"}  # negated
    assert soviet_edge_supplied(m, ["0401"], set(), zoc, {"0401"}, {}) == {"0401"}  # starts in GZOC


def test_8_4_a_german_held_source_supplies_nobody():
    m = small_map(columns=3, rows=1, soviet_sources=["0301"])
    assert soviet_edge_supplied(m, ["0201"], set(), frozenset(), set(), {"0301": "german"}) == set()


def test_8_2_city_supply_only_while_never_german():
    m = small_map(columns=3, rows=1, cities={"0201": "Testgrad"}, soviet_sources=[])
    assert soviet_supplied(m, ["0201"], set(), frozenset(), set(), {}, set()) == {"0201"}
    assert soviet_supplied(m, ["0201"], set(), frozenset(), set(), {}, {"0201"}) == set()
