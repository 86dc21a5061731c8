"""Hex geometry for drawing: where a hex's centre and corners are on the page.

One place for what the renderer, the terminal board and the browser client used to compute
each on their own. Everything works from *axial* coordinates ``(q, r)`` as given by a grid's
``axial(id)`` (``HexGrid`` or ``SectionedGrid``), so a map's numbering scheme (``CCRR``,
lettered sections, odd or even columns up) is the grid's business and the drawing follows.

Flat-topped hexes (Battle for Moscow and the other Moscow games) with ``size`` = centre-to-corner
distance ``s`` and ``y`` growing downwards (south)::

    x = 1.5 * s * q            y = sqrt(3) * s * (r + q / 2)

so adjacent centres are ``sqrt(3) * s`` apart and a column sits half a hex below the column to
its west in axial terms. For BfM's grid (odd columns up, ``axial("CCRR") = (c, r - (c+1)//2)``)
this puts every hex exactly where ``typhoon/render/board.py`` draws it, up to a translation:
``fit(grid, Layout(size=s))`` moves the map so its bounding box starts at ``(0, 0)``, which is
the BfM drawing (``x = s + 1.5 s (c-1)``, ``y = sqrt(3)/2 s + sqrt(3) s (r-1)`` (+ half a hex for
even ``c``)) to the last digit.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from .errors import ParseError

SQRT3 = math.sqrt(3.0)

Point = tuple[float, float]


class AxialGrid(Protocol):
    """What geometry needs of a grid: its hex ids and their axial coordinates."""

    @property
    def all_hexes(self) -> tuple[str, ...]: ...

    def axial(self, hex_id: str) -> tuple[int, int]: ...

    def adjacent(self, a: str, b: str) -> bool: ...


@dataclass(frozen=True)
class Layout:
    """How axial coordinates become page coordinates (y grows downwards).

    ``orientation``: ``"flat"`` (flat-topped hexes, columns of hexes; all Moscow games) or
    ``"pointy"`` (pointy-topped, rows of hexes). ``size``: centre-to-corner distance.
    ``origin``: where axial ``(0, 0)`` is drawn (see :func:`fit`).
    """

    orientation: str = "flat"
    size: float = 1.0
    origin: Point = (0.0, 0.0)

    def __post_init__(self) -> None:
        if self.orientation not in ("flat", "pointy"):
            raise ParseError(f"hex orientation {self.orientation!r} is neither 'flat' nor 'pointy'")
        if not self.size > 0:
            raise ParseError(f"hex size {self.size!r} must be positive")

    def centre(self, q: int, r: int) -> Point:
        """Page centre of the hex at axial ``(q, r)`` (map drawing: every hex, counter, label)."""
        s = self.size
        ox, oy = self.origin
        if self.orientation == "flat":
            return (ox + 1.5 * s * q, oy + SQRT3 * s * (r + q / 2))
        return (ox + SQRT3 * s * (q + r / 2), oy + 1.5 * s * r)

    def corner_offsets(self) -> list[Point]:
        """The six corners relative to the centre; flat: east first, then clockwise on screen
        (lower right, lower left, west, upper left, upper right), as BfM's renderer draws them."""
        start = 0 if self.orientation == "flat" else 30
        s = self.size
        return [
            (s * math.cos(math.radians(start + 60 * i)), s * math.sin(math.radians(start + 60 * i)))
            for i in range(6)
        ]

    def corners(self, q: int, r: int) -> list[Point]:
        """The six corners of the hex at axial ``(q, r)`` (hex outlines, terrain fills)."""
        x, y = self.centre(q, r)
        return [(x + dx, y + dy) for dx, dy in self.corner_offsets()]

    def to_axial(self, x: float, y: float) -> tuple[int, int]:
        """The axial coordinates of the hex containing page point ``(x, y)`` (clicks, hovering)."""
        s = self.size
        x, y = x - self.origin[0], y - self.origin[1]
        if self.orientation == "flat":
            fq = (2 / 3 * x) / s
            fr = (-x / 3 + SQRT3 / 3 * y) / s
        else:
            fq = (SQRT3 / 3 * x - y / 3) / s
            fr = (2 / 3 * y) / s
        return _axial_round(fq, fr)


def _axial_round(fq: float, fr: float) -> tuple[int, int]:
    """Round fractional axial coordinates to the hex containing them (cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def hex_centres(grid: AxialGrid, layout: Layout = Layout()) -> dict[str, Point]:
    """Page centre of every hex of ``grid`` (``map_meta()["geometry"]["centres"]``)."""
    centre = layout.centre
    return {h: centre(*grid.axial(h)) for h in grid.all_hexes}


def bounds(centres: Mapping[str, Point], layout: Layout = Layout()) -> tuple[float, float, float, float]:
    """``(min_x, min_y, max_x, max_y)`` of the hexes drawn at ``centres``, corners included
    (``map_meta()["geometry"]["bounds"]``: the SVG view box, the figure limits)."""
    if not centres:
        raise ParseError("bounds of an empty set of hexes")
    offsets = layout.corner_offsets()
    dx0, dx1 = min(d[0] for d in offsets), max(d[0] for d in offsets)
    dy0, dy1 = min(d[1] for d in offsets), max(d[1] for d in offsets)
    xs = [p[0] for p in centres.values()]
    ys = [p[1] for p in centres.values()]
    return (min(xs) + dx0, min(ys) + dy0, max(xs) + dx1, max(ys) + dy1)


def fit(grid: AxialGrid, layout: Layout = Layout(), margin: float = 0.0) -> Layout:
    """``layout`` moved so the map's bounding box starts at ``(margin, margin)``.

    With ``margin=0`` this is BfM's drawing exactly (hex 0101's west corner at x = 0, its top
    at y = 0), and any other map (sections, irregular hex sets) is drawn from the top left."""
    moved = replace(layout, origin=(0.0, 0.0))
    min_x, min_y, _, _ = bounds(hex_centres(grid, moved), moved)
    return replace(layout, origin=(margin - min_x, margin - min_y))


def hexside_segment(layout: Layout, grid: AxialGrid, a: str, b: str) -> tuple[Point, Point]:
    """The edge shared by adjacent hexes ``a`` and ``b`` (rivers, fortified lines, hexside
    features of every game; MC/OT hexside terrain drawn on the edge it applies to).

    Returned as ``(m - p, m + p)`` with ``m`` the midpoint of the two centres and ``p`` half the
    edge turned a quarter left of the direction a -> b, as the browser client draws it."""
    if not grid.adjacent(a, b):
        raise ParseError(f"{a} and {b} are not adjacent: they share no hexside")
    ax, ay = layout.centre(*grid.axial(a))
    bx, by = layout.centre(*grid.axial(b))
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    half = layout.size / 2  # a regular hexagon's side equals its centre-to-corner distance
    px, py = -dy / length * half, dx / length * half
    return ((mx - px, my - py), (mx + px, my + py))


def hex_at(layout: Layout, grid, x: float, y: float) -> str | None:
    """The id of the hex of ``grid`` under page point ``(x, y)``, or None off the map
    (clicking or hovering a hex in any front end)."""
    q, r = layout.to_axial(x, y)
    try:
        h = grid.from_axial(q, r)
    except (ParseError, KeyError, ValueError):
        return None
    return h if h is not None and grid.on_map(h) else None
