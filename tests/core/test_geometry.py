"""Hex geometry: expected positions from the BfM map README formula, worked by hand."""

import math

import pytest

from typhoon.core.errors import ParseError
from typhoon.core.geometry import Layout, bounds, fit, hex_at, hex_centres, hexside_segment
from typhoon.core.hexgrid import HexGrid

S3 = math.sqrt(3)
BFM = HexGrid(14, 10)


def bfm_centre(hex_id: str, size: float) -> tuple[float, float]:
    # README: x = s + 1.5 s (c-1); y = sqrt3/2 s + sqrt3 s (r-1), plus sqrt3/2 s for even c
    c, r = int(hex_id[:2]), int(hex_id[2:])
    return (size + 1.5 * size * (c - 1), S3 / 2 * size + S3 * size * (r - 1) + (S3 / 2 * size if c % 2 == 0 else 0))


def close(p, q, tol=1e-9):
    return abs(p[0] - q[0]) < tol and abs(p[1] - q[1]) < tol


def test_flat_centre_of_axial_points():
    lay = Layout(size=2.0)
    assert close(lay.centre(0, 0), (0.0, 0.0))
    assert close(lay.centre(1, 0), (3.0, S3))  # 1.5*2, sqrt3*2*(0+1/2)
    assert close(lay.centre(0, 1), (0.0, 2 * S3))
    assert close(lay.centre(2, -1), (6.0, 0.0))


def test_pointy_centre_of_axial_points():
    lay = Layout("pointy", 1.0)
    assert close(lay.centre(1, 0), (S3, 0.0))
    assert close(lay.centre(0, 1), (S3 / 2, 1.5))


def test_bad_orientation_is_named():
    with pytest.raises(ParseError, match="diagonal"):
        Layout("diagonal")


@pytest.mark.parametrize("size", [1.0, 40.0])
def test_fit_reproduces_the_bfm_drawing_for_every_hex(size):
    lay = fit(BFM, Layout(size=size))
    centres = hex_centres(BFM, lay)
    assert len(centres) == 140
    for h, p in centres.items():
        assert close(p, bfm_centre(h, size), 1e-9 * size), h


def test_bfm_bounds_match_the_browser_view_box():
    # map.js: width = R + 1.5R*13 + R, height = H*10 + H/2 (H = sqrt3 R), from (0, 0)
    R = 40.0
    lay = fit(BFM, Layout(size=R))
    b = bounds(hex_centres(BFM, lay), lay)
    expect = (0.0, 0.0, R + 1.5 * R * 13 + R, S3 * R * 10 + S3 * R / 2)
    assert all(abs(x - y) < 1e-9 for x, y in zip(b, expect)), b


def test_corners_start_east_and_go_clockwise_on_screen():
    lay = Layout(size=1.0)
    cs = lay.corners(0, 0)
    expect = [(1, 0), (0.5, S3 / 2), (-0.5, S3 / 2), (-1, 0), (-0.5, -S3 / 2), (0.5, -S3 / 2)]
    assert all(close(c, e) for c, e in zip(cs, expect))


def test_hexside_segment_between_0101_and_0102_is_the_horizontal_edge():
    # 0102 lies due south of 0101: the shared edge is 0101's bottom edge, from x = s-0.5s to s+0.5s
    lay = fit(BFM, Layout(size=1.0))
    (x1, y1), (x2, y2) = hexside_segment(lay, BFM, "0101", "0102")
    assert abs(y1 - S3) < 1e-9 and abs(y2 - S3) < 1e-9
    assert sorted([round(x1, 9), round(x2, 9)]) == [0.5, 1.5]


def test_hexside_segment_endpoints_are_corners_of_both_hexes():
    lay = fit(BFM, Layout(size=3.0))
    for a, b in [("0201", "0101"), ("0201", "0102"), ("0505", "0604"), ("0505", "0605")]:
        seg = hexside_segment(lay, BFM, a, b)
        for end in seg:
            for h in (a, b):
                assert any(close(end, c, 1e-9) for c in lay.corners(*BFM.axial(h))), (a, b, h)


def test_hexside_segment_refuses_non_adjacent_hexes():
    with pytest.raises(ParseError, match="0101 and 0103"):
        hexside_segment(Layout(), BFM, "0101", "0103")


def test_hex_at_finds_the_hex_under_a_point():
    lay = fit(BFM, Layout(size=10.0))
    for h in ("0101", "0202", "1410", "0705"):
        x, y = bfm_centre(h, 10.0)
        assert hex_at(lay, BFM, x + 3, y - 2) == h
    assert hex_at(lay, BFM, -50.0, -50.0) is None
