"""Board renderer: any game's board from ``map_meta()`` and ``view()``; geometry against the BfM
map README's adjacency table; SVG/PNG/PDF output; hidden values never drawn for a seat."""

import math
import struct
import xml.etree.ElementTree as ET

import pytest

from typhoon.games import registry
from typhoon.render import BoardGeometry, draw, figure, save_board, svg

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
    return registry.get("bfm").map_meta()


def scaled(meta, size):
    """The same board drawn with hexes ``size`` times larger."""
    geo = dict(meta["geometry"])
    geo["hex_size"] = size
    geo["centres"] = {h: [x * size, y * size] for h, (x, y) in meta["geometry"]["centres"].items()}
    return {**meta, "geometry": geo}


def shared_corners(geo, a, b):
    cb = geo.corners(b)
    return [p for p in geo.corners(a) if any(dist(p, q) < 1e-5 for q in cb)]  # centres have 6 decimals


# ------------------------------------------------------------------ map data

def test_bfm_board_data(bfm):
    assert len(bfm["hexes"]) == 140 and len(bfm["geometry"]["centres"]) == 140
    names = {p["name"] for p in bfm["places"]}
    assert len(names) == 11 and "Moscow" in names


# ------------------------------------------------------------------ geometry

@pytest.mark.parametrize("size", [1.0, 2.5])
def test_even_column_half_a_hex_lower(bfm, size):
    geo = BoardGeometry(scaled(bfm, size))
    x1, y1 = geo.centres["0101"]
    x2, y2 = geo.centres["0201"]
    assert x2 - x1 == pytest.approx(1.5 * size)
    assert y2 - y1 == pytest.approx(SQRT3 / 2 * size)  # y grows downward: 0201 is lower
    assert geo.centres["0102"][1] - y1 == pytest.approx(SQRT3 * size)


def test_0201_touches_the_readme_hexes(bfm):
    # "Checked on the image: 0201 touches 0101, 0102, 0202, 0301 and 0302."
    geo = BoardGeometry(bfm)
    c = geo.centres["0201"]
    near = {h for h in geo.all_hexes if h != "0201" and dist(c, geo.centres[h]) < SQRT3 * 1.01}
    assert near == {"0101", "0102", "0202", "0301", "0302"}
    assert set(geo.neighbours("0201")) == near


@pytest.mark.parametrize("size", [1.0, 3.0])
def test_centre_distance_matches_readme_adjacency(bfm, size):
    geo = BoardGeometry(scaled(bfm, size))
    ids = sorted(geo.all_hexes)
    for a in ids:
        ca = geo.centres[a]
        close = {b for b in ids if b != a and dist(ca, geo.centres[b]) < SQRT3 * size * 1.01}
        assert close == readme_neighbours(a), a
        assert {b for b in ids if b != a and geo.adjacent(a, b)} == close, a
        for b in close:
            assert dist(ca, geo.centres[b]) == pytest.approx(SQRT3 * size)


def test_corners_flat_topped(bfm):
    geo = BoardGeometry(scaled(bfm, 2.0))
    for h in ("0101", "0201", "0705", "1410"):
        cx, cy = geo.centres[h]
        cs = geo.corners(h)
        assert len(cs) == 6
        for p in cs:
            assert dist(p, (cx, cy)) == pytest.approx(2.0)
        ys = sorted(p[1] for p in cs)
        assert ys[0] == pytest.approx(ys[1])  # flat top edge
        assert ys[0] == pytest.approx(cy - SQRT3)  # half the hex height above centre
        assert sum(1 for p in cs if p[1] == pytest.approx(cy)) == 2  # east and west corners


def test_hexsides_and_lines_join_adjacent_hexes(bfm):
    rivers = [(s["a"], s["b"]) for s in bfm["hexsides"] if s["feature"] == "river"]
    rails = [tuple(line["hexes"]) for line in bfm["lines"] if line["feature"] == "rail" and len(line["hexes"]) == 2]
    assert rivers and rails
    geo = BoardGeometry(bfm)
    for a, b in rivers + rails:
        assert dist(geo.centres[a], geo.centres[b]) == pytest.approx(SQRT3), (a, b)
        assert b in readme_neighbours(a), (a, b)


def test_river_hexside_is_two_shared_corners(bfm):
    geo = BoardGeometry(bfm)
    for s in bfm["hexsides"]:
        a, b = s["a"], s["b"]
        side = shared_corners(geo, a, b)
        assert len(side) == 2, (a, b)
        assert dist(*side) == pytest.approx(1.0)  # a hexside is one size long
        seg = geo.segment(a, b)  # the core's hexside segment is that very side
        for p, q in zip(sorted(seg), sorted(side)):
            assert dist(p, q) == pytest.approx(0, abs=1e-5)
    assert len(shared_corners(geo, "0101", "0301")) == 0


def test_mini_board_has_its_lake_cut_out():
    # mini 2.1: 8 x 6 hexes, 0801 and 0802 are a lake (not part of the map)
    geo = BoardGeometry(registry.get("mini").map_meta())
    assert len(geo.all_hexes) == 46 and "0801" not in geo and "0803" in geo
    assert set(geo.neighbours("0201")) == {"0101", "0102", "0202", "0301", "0302"}  # 2.1


# ------------------------------------------------------------------ output

UNITS = [
    {"id": "XLVI", "label": "XLVI", "side": "german", "kind": "panzer", "values": "10-6", "reduced": False, "hex": "0204", "where": "map"},
    {"id": "VIII", "label": "VIII", "side": "german", "kind": "infantry", "values": "3-4", "reduced": True, "hex": "0305", "where": "map"},
    {"id": "49", "label": "49", "side": "soviet", "kind": "infantry", "values": "4-4", "reduced": True, "hex": "1103", "where": "map"},
    {"id": "1S", "label": "1S", "side": "soviet", "kind": "shock", "values": "10-4", "reduced": False, "hex": "1103",
     "where": "map"},  # stacked with 49
    {"id": "TU", "label": "TU", "side": "soviet", "kind": "tank", "values": "8-4", "reduced": False, "hex": "1107", "where": "map"},
    {"id": "16A", "label": "16A", "side": "soviet", "kind": "infantry", "values": "8-4", "hex": None, "where": "pool"},
]
SIDES = ("german", "soviet")


def svg_texts(text):
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg"
    return ["".join(t.itertext()) for t in root.iter(SVG_NS + "text")]


def to_svg(fig, tmp_path, name="b.svg"):
    save_board(fig, tmp_path / name)
    return (tmp_path / name).read_text()


def test_svg_parses_and_has_units_and_places(bfm, tmp_path):
    view = {"units": UNITS, "control": {"0204": "german", "1103": "soviet"}}
    fig = draw(bfm, view, sides=SIDES, title="Turn 1 - German combat", highlights={"0404": "yellow"},
               arrows=[("0305", "0404"), ("0204", "0305", "red")])
    texts = svg_texts(to_svg(fig, tmp_path))
    joined = "\n".join(texts)
    for u in UNITS[:5]:
        assert u["id"] in texts
    assert "16A" not in texts  # in the pool, not on the map
    for p in bfm["places"]:
        assert p["name"] in texts
    assert "10-6" in texts and "3-4" in texts and "8-4" in texts
    assert "Turn 1 - German combat" in joined
    assert "0101" in texts and "1410" in texts


def test_svg_of_a_game_and_no_ids():
    pkg = registry.get("bfm")
    game = pkg.new_game({"edition": "2009"}, seed=1)
    texts = svg_texts(svg(game, show_ids=False))
    assert "0101" not in texts and "Moscow" in texts
    view = pkg.view(game.state, None)
    on_map = [u for u in view["units"] if u["where"] == "map"]
    assert on_map and all(u["id"] in texts for u in on_map)
    assert f"{view['turn_label']}: {view['phase']['name']}" in texts  # the default title
    assert game._repr_svg_().lstrip().startswith("<?xml")  # Jupyter's picture of a game


def test_save_png(bfm, tmp_path):
    fig = draw(bfm, {"units": UNITS}, sides=SIDES, title="png")
    out = tmp_path / "board.png"
    save_board(fig, out)
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    w, h = struct.unpack(">II", data[16:24])
    assert (w, h) == (1650, 1350)  # 11 x 9 in at 150 dpi
    assert len(data) > 10_000


def test_save_svg_and_pdf(bfm, tmp_path):
    fig = draw(bfm, {"units": UNITS}, sides=SIDES)
    assert "XLVI" in svg_texts(to_svg(fig, tmp_path))
    save_board(fig, tmp_path / "b.pdf")
    assert (tmp_path / "b.pdf").read_bytes()[:5] == b"%PDF-"
    with pytest.raises(ValueError):
        save_board(fig, tmp_path / "b.gif")


def test_svg_is_deterministic():
    game = registry.get("bfm").new_game(seed=2)
    assert svg(game) == svg(game)


def test_a_unit_of_a_kind_without_a_symbol_is_still_drawn(bfm, tmp_path):
    fig = draw(bfm, {"units": [dict(UNITS[0], id="CAV", label="CAV", kind="cavalry")]}, sides=SIDES)
    assert "CAV" in svg_texts(to_svg(fig, tmp_path))


@pytest.mark.parametrize("bad", [
    {"view": {"units": [dict(UNITS[0], hex="1511")]}},
    {"view": {"units": [dict(UNITS[0], side="finnish")]}},
    {"highlights": {"0011": "red"}},
    {"arrows": [("0101", "9999")]},
    {"view": {"control": {"0204": "italian"}}},
    {"view": {"control": {"1511": "german"}}},
])
def test_bad_input_raises(bfm, bad):
    bad = dict(bad)
    view = bad.pop("view", {})
    with pytest.raises(ValueError):
        draw(bfm, view, sides=SIDES, **bad)


def test_a_hexside_between_hexes_that_do_not_touch_is_refused(bfm):
    meta = {**bfm, "hexsides": [{"a": "0101", "b": "0301", "feature": "river"}]}
    with pytest.raises(ValueError):
        draw(meta, {}, sides=SIDES)


# ------------------------------------------------------------------ hidden information

def test_mini_picture_for_blue_does_not_depend_on_red_chits():
    # mini 3.3: red's chits are face down; blue's picture must be the same whatever they are
    pkg = registry.get("mini")
    pictures = []
    for chits in ([2, 3, 4, 5, 6, 3], [6, 5, 5, 4, 3, 4]):
        game = pkg.new_game({}, seed=4)
        for unit, value in zip(["R1", "R2", "R3", "R4", "R5", "R6"], chits):
            game.push(f"chit {unit} {value}")
        pictures.append(svg(game, seat="blue"))
        observed = game.observed("blue")
        assert svg(observed) == pictures[-1]  # an observed game is drawn as its seat sees it
    assert pictures[0] == pictures[1]
    texts = svg_texts(pictures[0])
    assert "?-4" in texts and "?-5" in texts and "B1" in texts and "Aston" in texts


def test_figure_of_a_position_for_a_seat():
    pkg = registry.get("mini")
    game = pkg.new_game({"fixed_strengths": True}, seed=1)
    game.play_until_decision()
    texts = [t.get_text() for t in figure(pkg, game.state, "red", show_ids=False).axes[0].texts]
    assert "R1" in texts and "4-4" in texts  # 3.5 fixed strengths: R1 4, movement 4, known to all
