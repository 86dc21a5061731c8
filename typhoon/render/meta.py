"""A game's board as data (``map_meta()``), read back into geometry the front ends can draw with.

``map_meta()["geometry"]`` gives every hex centre, the orientation and the hex size
(:data:`typhoon.core.contract.MAP_META_DOC`). :class:`BoardGeometry` recovers the axial
coordinates of the hexes from those centres with :class:`typhoon.core.geometry.Layout`, so the
matplotlib renderer and the terminal board get corners, hexside segments and neighbours from
the core's one geometry, whatever the game's numbering scheme. Pure Python (no matplotlib).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cached_property
from typing import Any

from ..core.errors import ParseError
from ..core.geometry import Layout, Point, bounds, hexside_segment

AXIAL_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class BoardGeometry:
    """The geometry of a ``map_meta()`` document: hex ids, axial coordinates, corners, edges.

    It is also a grid in the sense of :class:`typhoon.core.geometry.AxialGrid` (``all_hexes``,
    ``axial``, ``adjacent``), so ``hexside_segment`` works on it directly."""

    def __init__(self, meta: Mapping[str, Any]) -> None:
        try:
            geo = meta["geometry"]
            orientation = geo.get("orientation", "flat")
            size = float(geo.get("hex_size", 1.0))
            centres = {h: (float(c[0]), float(c[1])) for h, c in geo["centres"].items()}
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise ParseError(f"map_meta has no usable geometry ({type(e).__name__}: {e})") from None
        if not centres:
            raise ParseError("map_meta geometry lists no hex centres")
        first = next(iter(centres))
        # axial (0, 0) is the first hex: every other hex's axial coordinates follow from its centre
        self.layout = Layout(orientation, size, origin=centres[first])
        self.centres: dict[str, Point] = centres
        self._axial = {h: self.layout.to_axial(x, y) for h, (x, y) in centres.items()}
        self._by_axial = {qr: h for h, qr in self._axial.items()}
        self._check_lattice()

    def _check_lattice(self) -> None:
        """Every centre must sit where its axial coordinates put it (a real hex lattice)."""
        tol = 1e-4 * max(self.layout.size, 1.0)  # centres are given to a few decimals
        for h, (x, y) in self.centres.items():
            cx, cy = self.layout.centre(*self._axial[h])
            if abs(cx - x) > tol or abs(cy - y) > tol:
                raise ParseError(f"hex {h}: centre {x, y} is not on the {self.layout.orientation} hex lattice")

    # -- AxialGrid ---------------------------------------------------------------------------
    @property
    def all_hexes(self) -> tuple[str, ...]:
        return tuple(self.centres)

    def axial(self, hex_id: str) -> tuple[int, int]:
        try:
            return self._axial[hex_id]
        except KeyError:
            raise ParseError(f"hex {hex_id!r} is not on the map") from None

    def adjacent(self, a: str, b: str) -> bool:
        (q1, r1), (q2, r2) = self.axial(a), self.axial(b)
        return (q2 - q1, r2 - r1) in AXIAL_NEIGHBOURS

    def neighbours(self, h: str) -> list[str]:
        q, r = self.axial(h)
        return [self._by_axial[(q + dq, r + dr)] for dq, dr in AXIAL_NEIGHBOURS if (q + dq, r + dr) in self._by_axial]

    def at(self, q: int, r: int) -> str | None:
        """The hex at axial ``(q, r)``, or None."""
        return self._by_axial.get((q, r))

    def __contains__(self, h: object) -> bool:
        return h in self.centres

    # -- drawing -----------------------------------------------------------------------------
    @property
    def size(self) -> float:
        return self.layout.size

    @property
    def orientation(self) -> str:
        return self.layout.orientation

    def corners(self, h: str) -> list[Point]:
        return self.layout.corners(*self.axial(h))

    def segment(self, a: str, b: str) -> tuple[Point, Point]:
        """The hexside shared by adjacent hexes ``a`` and ``b``."""
        return hexside_segment(self.layout, self, a, b)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        return bounds(self.centres, self.layout)

    def distance(self, a: str, b: str) -> float:
        (x1, y1), (x2, y2) = self.centres[a], self.centres[b]
        return math.hypot(x2 - x1, y2 - y1)


def hexside_features(meta: Mapping[str, Any]) -> dict[frozenset, list[str]]:
    """``{frozenset({a, b}): [feature, ...]}`` of the map's hexsides (rivers and the like)."""
    out: dict[frozenset, list[str]] = {}
    for side in meta.get("hexsides", ()):
        out.setdefault(frozenset((side["a"], side["b"])), []).append(side["feature"])
    return out


def places_by_hex(meta: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The named places (cities, objectives) by hex."""
    return {p["hex"]: p for p in meta.get("places", ())}


def dominant_terrain(meta: Mapping[str, Any]) -> str | None:
    """The commonest terrain: the one a map does not mark (clear)."""
    counts: dict[str, int] = {}
    for v in meta.get("hexes", {}).values():
        t = v.get("terrain")
        counts[t] = counts.get(t, 0) + 1
    return max(counts, key=counts.get) if counts else None


def units_by_hex(units: Iterable[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """The view's units on the map, grouped by hex in the order the view lists them."""
    out: dict[str, list[Mapping[str, Any]]] = {}
    for u in units:
        if u.get("hex") and u.get("where", "map") == "map":
            out.setdefault(u["hex"], []).append(u)
    return out
