"""11.20 concentric prepared assaults: the three shapes and what is not one."""

from dom_helpers import small_map
from typhoon.games.dom.concentric import is_concentric


def ring(m, centre):
    g = m.grid
    return {d: g.neighbour(centre, d) for d in g.directions}


def test_opposite_pair_is_concentric():
    m = small_map()
    r = ring(m, "0404")
    assert is_concentric("0404", [r["N"], r["S"]], m.grid)
    assert is_concentric("0404", [r["NE"], r["SW"]], m.grid)


def test_adjacent_pair_is_not():
    m = small_map()
    r = ring(m, "0404")
    assert not is_concentric("0404", [r["N"], r["NE"]], m.grid)


def test_alternating_three_is_concentric_but_three_in_a_row_is_not():
    m = small_map()
    r = ring(m, "0404")
    assert is_concentric("0404", [r["N"], r["SE"], r["SW"]], m.grid)
    assert not is_concentric("0404", [r["N"], r["NE"], r["SE"]], m.grid)


def test_more_than_three_hexes_is_concentric():
    m = small_map()
    r = ring(m, "0404")
    assert is_concentric("0404", [r["N"], r["NE"], r["SE"], r["NW"]], m.grid)


def test_several_units_from_one_hex_count_once():
    m = small_map()
    r = ring(m, "0404")
    assert not is_concentric("0404", [r["N"], r["N"], r["NE"]], m.grid)
