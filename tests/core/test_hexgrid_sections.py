"""Non-rectangular grids, lettered sections with overlaps, geometry specs and maps built on them.

Axial arithmetic by hand (odd columns up): axial(CCRR) = (c, r - (c+1)//2). Section A's 0101 is
at global (0, 0), so A0301 (local (3, -1)) is at global (2, -1); section B has its origin there,
so B's column 01 is A's column 03: B0101 = A0301, B0102 = A0302, B0103 = A0303."""

import pytest

from typhoon.core.bitboard import BitGrid
from typhoon.core.errors import ParseError
from typhoon.core.geometry import Layout, fit, hex_centres
from typhoon.core.hexgrid import HexGrid, Section, SectionedGrid, grid_from_spec
from typhoon.core.hexmap import HexMap

FULL3 = {f"{c:02d}{r:02d}" for c in (1, 2, 3) for r in (1, 2, 3)}


def two_sheets(**b_extra):
    return SectionedGrid([Section("A", 3, 3), Section("B", 3, 3, origin=(2, -1), **b_extra)])


# -- non-rectangular HexGrid -------------------------------------------------------------------

def test_hex_subset_drops_hexes_and_neighbours():
    g = HexGrid(3, 3, hexes=FULL3 - {"0202"})
    assert len(g.all_hexes) == 8 and "0202" not in g.all_hexes and g.all_hexes[0] == "0101"
    assert not g.on_map("0202") and g.on_map("0201")
    # 0201: N off map, NE 0301, SE 0302, S 0202 (cut), SW 0102, NW 0101
    assert g.neighbours("0201") == ("0301", "0302", "0102", "0101")
    with pytest.raises(ParseError, match="0202"):
        g.check("0202")


def test_hex_subset_edges_follow_the_irregular_outline():
    g = HexGrid(3, 3, hexes=FULL3 - {"0303"})
    assert g.is_edge("0302", "S")  # 0303 is gone
    assert g.is_edge("0203", "E")  # NE would be 0303, SE is off the rectangle
    assert not g.is_edge("0202", "E")  # 0302 is NE of it
    assert HexGrid(14, 10).is_edge("1405", "E") and not HexGrid(14, 10).is_edge("1305", "E")


def test_hex_subset_outside_the_rectangle_is_refused():
    with pytest.raises(ParseError, match="0404"):
        HexGrid(3, 3, hexes=["0101", "0404"])


# -- sections --------------------------------------------------------------------------------

def test_overlapping_sections_share_hexes():
    g = two_sheets()
    assert len(g.all_hexes) == 15  # 9 + 9 - 3 shared
    assert g.canonical("B0102") == "A0302" and g.check("B0103") == "A0303"
    assert g.aliases("A0302") == ("A0302", "B0102") == g.aliases("B0102")
    assert g.section_of("B0102") == "A" and g.sections_of("B0102") == ("A", "B")
    assert g.section_of("B0202") == "B" and g.aliases("B0202") == ("B0202",)
    assert g.parse("B0202") == ("B", 2, 2)


def test_neighbours_cross_the_join():
    g = two_sheets()
    expect = ("A0301", "B0201", "B0202", "A0303", "A0202", "A0201")
    assert g.neighbours("A0302") == expect and g.neighbours("B0102") == expect
    assert g.direction("A0302", "B0201") == "NE" and g.neighbour("A0302", "SE") == "B0202"
    assert g.adjacent("B0102", "A0202") and not g.adjacent("A0101", "B0301")
    assert g.distance("A0101", "B0301") == 4  # A0101 (0,0) to B0301 (4,-2)


def test_axial_round_trip_and_off_map():
    g = two_sheets()
    assert g.axial("B0101") == (2, -1) == g.axial("A0301")
    assert g.from_axial(2, 0) == "A0302"
    with pytest.raises(ParseError, match="axial"):
        g.from_axial(9, 9)


def test_section_ids_are_checked():
    g = two_sheets()
    with pytest.raises(ParseError, match="section"):
        g.check("C0101")
    with pytest.raises(ParseError, match="A0404"):
        g.check("A0404")
    assert not g.on_map("A0404") and g.on_map("B0303")
    with pytest.raises(ParseError, match="repeat"):
        SectionedGrid([Section("A", 2, 2), Section("A", 2, 2)])


def test_sectioned_edges_and_irregular_sections():
    g = two_sheets(hexes=FULL3 - {"0303"})
    assert len(g.all_hexes) == 14
    assert g.is_edge("B0302", "S") and not g.is_edge("A0302", "E")
    assert g.is_edge("B0201", "N") and g.is_edge("A0102", "W")


def test_bitgrid_works_on_sections():
    g = two_sheets()
    bits = BitGrid(g)
    for h in g.all_hexes:
        assert bits.hexes(bits.dilate(bits.bit[h])) == sorted(g.neighbours(h), key=bits.index.get), h


def test_geometry_draws_the_overlap_once():
    g = two_sheets()
    cs = hex_centres(g, fit(g, Layout(size=1.0)))
    assert len(cs) == 15
    # B0201 sits one column east of A0302 and half a hex up
    (x1, y1), (x2, y2) = cs["A0302"], cs["B0201"]
    assert abs(x2 - x1 - 1.5) < 1e-9 and abs(y1 - y2 - 3 ** 0.5 / 2) < 1e-9


# -- specs and maps ------------------------------------------------------------------------

def test_grid_from_spec_rectangle_and_exclusions():
    g = grid_from_spec({"orientation": "flat", "columns": 3, "rows": 3, "odd_columns_up": True, "hex_size": 1.0})
    assert g == HexGrid(3, 3)
    cut = grid_from_spec({"columns": 3, "rows": 3, "exclude": ["0202"]})
    assert cut == HexGrid(3, 3, hexes=FULL3 - {"0202"})
    with pytest.raises(ParseError, match="colums"):
        grid_from_spec({"columns": 3, "rows": 3, "colums": 4})
    with pytest.raises(ParseError, match="'hexagonal'"):
        grid_from_spec({"orientation": "hexagonal", "columns": 3, "rows": 3})
    with pytest.raises(ParseError, match="'rows'"):
        grid_from_spec({"columns": 3})


def test_grid_from_spec_sections():
    g = grid_from_spec({"sections": [
        {"id": "A", "columns": 3, "rows": 3},
        {"id": "B", "columns": 3, "rows": 3, "origin": [2, -1], "exclude": ["0303"]},
    ]})
    assert isinstance(g, SectionedGrid) and len(g.all_hexes) == 14 and g.canonical("B0101") == "A0301"


def test_hexmap_accepts_a_listed_hex_set():
    m = HexMap.from_json({
        "geometry": {"columns": 2, "rows": 2, "hexes": "listed"},
        "hexes": {"0101": {"terrain": "clear"}, "0102": {}, "0201": {"terrain": "forest"}},
        "rivers": [["0101", "0201"]],
    })
    assert m.grid.all_hexes == ("0101", "0102", "0201")
    assert m.has_feature("0201", "0101", "river") and m.attr("0201", "terrain") == "forest"
    with pytest.raises(ParseError, match="0202"):
        HexMap.from_json({"geometry": {"columns": 2, "rows": 2, "hexes": "listed"}, "hexes": {"0101": {}},
                          "rivers": [["0101", "0202"]]})


def test_hexmap_on_sections_uses_canonical_ids():
    hexes = {h: {} for h in two_sheets().all_hexes}
    hexes["B0203"] = {"city": "X"}
    m = HexMap.from_json({
        "geometry": {"sections": [{"id": "A", "columns": 3, "rows": 3},
                                  {"id": "B", "columns": 3, "rows": 3, "origin": [2, -1]}]},
        "hexes": hexes,
        "rivers": [["B0101", "B0201"]],
    })
    assert m.has_feature("A0301", "B0201", "river")
    with pytest.raises(ParseError, match="twice"):
        HexMap.from_json({"geometry": {"sections": [{"id": "A", "columns": 3, "rows": 3},
                                                    {"id": "B", "columns": 3, "rows": 3, "origin": [2, -1]}]},
                          "hexes": {**hexes, "B0101": {}}})


# -- other numberings (hand-drawn 3x3 sketches) -------------------------------------------------

def test_pointy_rows_with_odd_rows_right():
    g = grid_from_spec({"orientation": "pointy", "id_order": "column_row", "col_digits": 2, "row_digits": 2,
                        "columns": 3, "rows": 3, "odd_rows_right": True})
    # 0202 (even row): NE 0201, E 0302, SE 0203, SW 0103, W 0102, NW 0101
    assert g.neighbours("0202") == ("0201", "0302", "0203", "0103", "0102", "0101")
    # 0201 (odd row, shoved east): E 0301, SE 0302, SW 0202, W 0101
    assert g.neighbours("0201") == ("0301", "0302", "0202", "0101")
    assert g.direction("0202", "0302") == "E" and g.neighbour("0202", "SW") == "0103"
    assert g.is_edge("0201", "N") and g.is_edge("0302", "E") and not g.is_edge("0202", "E")
    with pytest.raises(ParseError, match="'N' is not a direction"):
        g.neighbour("0202", "N")


def test_row_first_ids():
    g = HexGrid(3, 3, id_order="row_column")
    assert g.parse("0102") == (2, 1)
    # "0102" is column 2 row 1: BfM's 0201 neighbours, written row first
    assert g.neighbours("0102") == ("0103", "0203", "0202", "0201", "0101")
    assert "0301" in g.all_hexes and g.check("0301") == "0301"


def test_columns_numbered_east_to_west():
    g = HexGrid(3, 3, columns_run="east_to_west")
    # column 1 is the easternmost; column 2 sits half a hex lower than 1 and 3
    assert g.neighbours("0201") == ("0101", "0102", "0202", "0302", "0301")
    assert g.is_edge("0102", "E") and g.is_edge("0302", "W") and not g.is_edge("0202", "E")


def test_rows_numbered_south_to_north():
    g = HexGrid(3, 3, rows_run="south_to_north")
    # 0101 is the south-west corner: N 0102, NE 0202, SE 0201
    assert g.neighbours("0101") == ("0102", "0202", "0201")
    assert g.is_edge("0101", "S") and g.is_edge("0103", "N")


def test_pointy_geometry_spaces_neighbours_evenly():
    g = HexGrid(3, 3, orientation="pointy")
    lay = Layout("pointy", 2.0)
    cs = hex_centres(g, lay)
    for h in g.all_hexes:
        for n in g.neighbours(h):
            (x1, y1), (x2, y2) = cs[h], cs[n]
            assert abs(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 - 2 * 3 ** 0.5) < 1e-9
    (x1, y1), (x2, y2) = cs["0202"], cs["0302"]
    assert abs(y1 - y2) < 1e-9 and x2 > x1  # E is due east


def test_kit_geometry_keys_are_accepted():
    spec = {"orientation": "flat", "id_order": "column_row", "col_digits": 2, "row_digits": 2,
            "provenance": {"kind": "text"}, "notes": ["x"], "hex_size_km": 10,
            "sections": [{"id": "A", "columns": 3, "rows": 3, "origin": [0, 0], "label": "West"},
                         {"id": "B", "columns": 3, "rows": 3, "origin": [2, -1], "hexes": ["B0101", "B0201"]}],
            "overlaps": [{"sections": ["A", "B"], "same": [["A0301", "B0101"]]}]}
    g = grid_from_spec(spec)
    assert g.all_hexes[-1] == "B0201" and len(g.all_hexes) == 10 and g.canonical("B0101") == "A0301"
