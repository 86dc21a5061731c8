"""8.0 Supply: asymmetric traces of any length to the sides' sources.

German (8.2 L587): any hex of the west edge; blocked by Soviet units and Soviet-controlled
cities (8.3 L614-617), never across reservoir hexsides (8.3 L613). Soviet (8.2 L590): the six
marked hexes while Soviet controlled (8.4); blocked by German units, German-controlled cities
and GZOC hexes not holding a Soviet unit (8.3 L618-624, D-4); may cross reservoirs; may start
in GZOC. Soviet units in a never-German city are supplied there (8.2 L593-599).
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.bitboard import BitGrid
from .data import DomMap

_BITGRIDS: dict[int, tuple[object, BitGrid]] = {}


def bitgrid(m: DomMap) -> BitGrid:
    """The map's hexes as bit masks (built once per grid)."""
    got = _BITGRIDS.get(id(m.grid))
    if got is None or got[0] is not m.grid:
        got = _BITGRIDS[id(m.grid)] = (m.grid, BitGrid(m.grid))
    return got[1]


def _trace(m: DomMap, sources: Iterable[str], passable, may_cross, targets: Iterable[str]) -> set[str]:
    """The targets a trace reaches: flood from the sources through passable hexes; a target
    may itself be impassable (a Soviet trace may start in GZOC)."""
    want = set(targets)
    seen = {s for s in sources if passable(s)}
    todo = list(seen)
    while todo:
        h = todo.pop()
        for n in m.neighbours(h):
            if n in seen or not may_cross(h, n):
                continue
            if passable(n):
                seen.add(n)
                todo.append(n)
            elif n in want:
                seen.add(n)  # reached, but the trace does not go on through it
    return want & seen


def german_supplied(m: DomMap, hexes: Iterable[str], soviet_units: set[str], control: dict[str, str]) -> set[str]:
    """Which of ``hexes`` German units can trace supply from (8.2, 8.3)."""
    def passable(h: str) -> bool:
        return h not in soviet_units and not (h in m.cities and control.get(h) == "soviet")

    return _trace(m, m.german_sources, passable, lambda a, b: not m.is_reservoir(a, b), hexes)


def soviet_edge_supplied(m: DomMap, hexes: Iterable[str], german_units: set[str], zoc: frozenset[str],
                         soviet_units: set[str], control: dict[str, str]) -> set[str]:
    """Which of ``hexes`` trace to a Soviet map-edge source (8.2, 8.3, 8.4); also the 4.2
    Moscow isolation trace (D-30) and the 9.4 conversion test."""
    sources = [h for h in m.soviet_sources if control.get(h, "soviet") == "soviet"]
    bg = bitgrid(m)
    mask = bg.mask
    german_cities = mask(h for h in m.cities if control.get(h) == "german")
    passable = bg.all & ~mask(german_units) & ~german_cities & ~(mask(zoc) & ~mask(soviet_units))  # 8.3 L618-624
    want = mask(hexes)
    seen = front = mask(sources) & passable
    reached = 0  # targets reached that the trace does not go on through (it may start in GZOC)
    while front:
        near = bg.dilate(front) & ~seen
        reached |= near & want & ~passable
        front = near & passable
        seen |= front
    return set(bg.hexes((seen | reached) & want))


def soviet_supplied(m: DomMap, hexes: Iterable[str], german_units: set[str], zoc: frozenset[str],
                    soviet_units: set[str], control: dict[str, str], ever_german: set[str]) -> set[str]:
    """8.2: edge supply, or standing in a city hex never yet German controlled."""
    hexes = set(hexes)
    city = {h for h in hexes if h in m.cities and h not in ever_german}
    return city | soviet_edge_supplied(m, hexes - city, german_units, zoc, soviet_units, control)
