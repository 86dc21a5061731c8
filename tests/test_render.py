"""Board renderer: geometry against the map README's adjacency table, and SVG/PNG/PDF output."""

import math
import struct
import xml.etree.ElementTree as ET

import pytest

from typhoon.render import board_svg, draw_board, hex_center, hex_corners, load_map, save_board

SQRT3 = math.sqrt(3.0)
SVG_NS = "{http://www.w3.org/2000/svg}"


# Adjacency as given in /work/shared/reference/bfm/README.md (flat-topped hexes, odd columns
# half a hex higher), written out here independently of the renderer.
def readme_neighbours(hex_id):
    c, r = int(hex_id[:2]), int(hex_id[2:])
    if c % 2 == 1:
        cand = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    else:
        cand = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
    return {f"{cc:02d}{rr:02d}" for cc, rr in cand if 1 <= cc <= 14 and 1 <= rr <= 10}


def dist(p, q):
    return math.hypot(p[0] - q[0], p[1] - q[1])


@pytest.fixture(scope="module")
def bfm():
    return load_map()


def shared_corners(a, b, size=1.0):
    cb = hex_corners(b, size)
    return [p for p in hex_corners(a, size) if any(dist(p, q) < 1e-9 for q in cb)]


# ------------------------------------------------------------------ map file

def test_load_map_default(bfm):
    assert bfm["columns"] == 14 and bfm["rows"] == 10
    assert len(bfm["hexes"]) == 140
    cities = {v["city"] for v in bfm["hexes"].values() if v["city"]}
    assert len(cities) == 11 and "Moscow" in cities


# ------------------------------------------------------------------ geometry

@pytest.mark.parametrize("size", [1.0, 2.5])
def test_even_column_half_a_hex_lower(size):
    x1, y1 = hex_center("0101", size)
    x2, y2 = hex_center("0201", size)
    assert x2 - x1 == pytest.approx(1.5 * size)
    assert y2 - y1 == pytest.approx(SQRT3 / 2 * size)      # y grows downward: 0201 is lower
    assert hex_center("0102", size)[1] - y1 == pytest.approx(SQRT3 * size)
    assert hex_center("0101", size) == pytest.approx((size, SQRT3 / 2 * size))


def test_0201_touches_the_readme_hexes():
    # "Checked on the image: 0201 touches 0101, 0102, 0202, 0301 and 0302."
    c = hex_center("0201")
    near = {h for h in (f"{cc:02d}{rr:02d}" for cc in range(1, 15) for rr in range(1, 11))
            if h != "0201" and dist(c, hex_center(h)) < SQRT3 + 1e-9}
    assert near == {"0101", "0102", "0202", "0301", "0302"}


@pytest.mark.parametrize("size", [1.0, 3.0])
def test_centre_distance_matches_readme_adjacency(bfm, size):
    ids = sorted(bfm["hexes"])
    for a in ids:
        ca = hex_center(a, size)
        close = {b for b in ids if b != a and dist(ca, hex_center(b, size)) < SQRT3 * size * 1.01}
        assert close == readme_neighbours(a), a
        for b in close:
            assert dist(ca, hex_center(b, size)) == pytest.approx(SQRT3 * size)


def test_corners_flat_topped():
    for h in ("0101", "0201", "0705", "1410"):
        cx, cy = hex_center(h, 2.0)
        cs = hex_corners(h, 2.0)
        assert len(cs) == 6
        for p in cs:
            assert dist(p, (cx, cy)) == pytest.approx(2.0)
        ys = sorted(p[1] for p in cs)
        assert ys[0] == pytest.approx(ys[1])                 # flat top edge
        assert ys[0] == pytest.approx(cy - SQRT3)             # half the hex height above centre
        assert sum(1 for p in cs if p[1] == pytest.approx(cy)) == 2   # east and west corners


@pytest.mark.parametrize("key", ["rivers", "rails"])
def test_data_pairs_are_adjacent(bfm, key):
    pairs = bfm[key]
    assert pairs
    for a, b in pairs:
        assert dist(hex_center(a), hex_center(b)) == pytest.approx(SQRT3), (a, b)
        assert b in readme_neighbours(a), (a, b)


def test_river_hexside_is_two_shared_corners(bfm):
    for a, b in bfm["rivers"]:
        side = shared_corners(a, b)
        assert len(side) == 2, (a, b)
        assert dist(*side) == pytest.approx(1.0)               # a hexside is one size long
    assert len(shared_corners("0101", "0301")) == 0


# ------------------------------------------------------------------ output

UNITS = [
    {"id": "XLVI", "side": "german", "kind": "panzer", "strength": 10, "movement": 6,
     "reduced": False, "hex": "0204"},
    {"id": "VIII", "side": "german", "kind": "infantry", "strength": 3, "movement": 4,
     "reduced": True, "hex": "0305"},
    {"id": "49", "side": "soviet", "kind": "infantry", "strength": 4, "movement": 4,
     "reduced": True, "hex": "1103"},
    {"id": "1S", "side": "soviet", "kind": "shock", "strength": 10, "movement": 4,
     "reduced": False, "hex": "1103"},                        # stacked with 49
    {"id": "TU", "side": "soviet", "kind": "tank", "strength": 8, "movement": 4,
     "reduced": False, "hex": "1107"},
]


def svg_texts(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    return ["".join(t.itertext()) for t in root.iter(SVG_NS + "text")]


def test_svg_parses_and_has_units_and_cities(bfm):
    svg = board_svg(bfm, units=UNITS, control={"0204": "german", "1103": "soviet"},
                    title="Turn 1 - German combat", highlights={"0404": "yellow"},
                    arrows=[("0305", "0404"), ("0204", "0305", "red")])
    texts = svg_texts(svg)
    joined = "\n".join(texts)
    for u in UNITS:
        assert u["id"] in texts
    for v in bfm["hexes"].values():
        if v["city"]:
            assert v["city"] in texts
    assert "10-6" in texts and "3-4" in texts and "8-4" in texts
    assert "Turn 1 - German combat" in joined
    assert "0101" in texts and "1410" in texts


def test_svg_default_map_and_no_ids():
    texts = svg_texts(board_svg(show_ids=False))
    assert "0101" not in texts and "Moscow" in texts


def test_save_png(bfm, tmp_path):
    fig = draw_board(bfm, units=UNITS, title="png")
    out = tmp_path / "board.png"
    save_board(fig, out)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    w, h = struct.unpack(">II", data[16:24])
    assert (w, h) == (1650, 1350)                              # 11 x 9 in at 150 dpi
    assert len(data) > 10_000


def test_save_svg_and_pdf(bfm, tmp_path):
    fig = draw_board(bfm, units=UNITS)
    save_board(fig, tmp_path / "b.svg")
    assert "XLVI" in svg_texts((tmp_path / "b.svg").read_text())
    save_board(fig, tmp_path / "b.pdf")
    assert (tmp_path / "b.pdf").read_bytes()[:5] == b"%PDF-"
    with pytest.raises(ValueError):
        save_board(fig, tmp_path / "b.gif")


def test_svg_is_deterministic(bfm):
    assert board_svg(bfm, units=UNITS) == board_svg(bfm, units=UNITS)


@pytest.mark.parametrize("bad", [
    {"units": [dict(UNITS[0], hex="1511")]},
    {"units": [dict(UNITS[0], side="finnish")]},
    {"units": [dict(UNITS[0], kind="cavalry")]},
    {"highlights": {"0011": "red"}},
    {"arrows": [("0101", "9999")]},
    {"control": {"0204": "italian"}},
])
def test_bad_input_raises(bfm, bad):
    with pytest.raises(ValueError):
        draw_board(bfm, **bad)
