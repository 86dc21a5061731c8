"""Drive on Moscow data read from a kit package (docs/kit.md).

Two packages ship with the game: ``kit/`` (what the rules text 004 fixes, with line citations,
and owner placeholders for the printed components) and ``reconstruction/`` (a complete,
playable reconstruction built by ``scripts/dom_build_kit.py``; every record says so in its
provenance). :func:`dom_kit` loads either; :class:`DomMap` gives the rules the map facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from ...core.kit import Kit, KitError, load_kit, read_package

# found through the package, not beside this file: a compiled build lives in typhoon/_compiled/
HERE = Path(str(files(__package__)))
PACKAGES = {"reconstruction": HERE / "reconstruction", "text": HERE / "kit"}


@cache
def dom_kit(which: str = "reconstruction") -> Kit:
    """The kit package ``which`` ("reconstruction" or "text", the owner's draft). The shipped
    reconstruction is read without re-validating it on every start (its schema and cross-file
    checks run in tests/dom: test_dom_kit); the owner's draft is validated."""
    if which == "reconstruction":
        kit, issues = read_package(PACKAGES[which])
        if issues:
            raise KitError(issues, where=str(PACKAGES[which]))
        return kit
    return load_kit(PACKAGES[which], draft=(which == "text"))


def hexside_key(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


@dataclass
class DomMap:
    """The map facts the rules use: terrain, hexsides, places, zones, supply edges."""

    grid: Any
    terrain: dict[str, str]
    forts: frozenset[str]
    rivers: frozenset[frozenset[str]]
    reservoirs: frozenset[frozenset[str]]
    cities: dict[str, str]  # hex -> city name (10.11, 11.17)
    towns: dict[str, str]  # hex -> town name
    zone: dict[str, str]  # hex -> "german" | "forward" | "reserve" (3.2, 3.3, 3.7)
    sheet: dict[str, str]  # hex -> "north" | "south" (5.3 Guderian Effect)
    german_sources: frozenset[str]  # 8.2 west map edge
    soviet_sources: frozenset[str]  # 8.2 the six marked hexes

    def neighbours(self, h: str) -> tuple[str, ...]:
        return self.grid.neighbours(h)

    def is_river(self, a: str, b: str) -> bool:
        return hexside_key(a, b) in self.rivers

    def is_reservoir(self, a: str, b: str) -> bool:
        return hexside_key(a, b) in self.reservoirs

    def moscow(self) -> tuple[str, ...]:
        return tuple(sorted(h for h, n in self.cities.items() if n == "Moscow"))

    def west_of_front(self, h: str) -> bool:
        """3.7/4.4: whether ``h`` lies west of the initial front line."""
        return self.zone.get(h) == "german"


def zones_from_lines(kit: Kit) -> dict[str, str]:
    """Set-up zones from the printed lines (owner kits without a 'zone' hex attribute): the
    German side is what the west edge reaches without crossing the front line; the Reserve
    Front what the Soviet sources reach without crossing either line (3.2, 3.3, 3.7)."""
    grid = kit.grid
    lines = {pl["id"]: {hexside_key(s["a"], s["b"]) for s in pl.get("hexsides", []) if isinstance(s, dict) and "b" in s} for pl in kit.map.get("printed_lines", [])}
    front, boundary = lines.get("front_line", set()), lines.get("reserve_boundary", set())

    def spread(sources: list[str], walls: set) -> set[str]:
        seen, todo = set(sources), list(sources)
        while todo:
            h = todo.pop()
            for n in grid.neighbours(h):
                if n not in seen and hexside_key(h, n) not in walls:
                    seen.add(n)
                    todo.append(n)
        return seen

    german = spread(list(kit.area("german_supply")["hexes"]), front)
    reserve = spread([h for h in kit.area("soviet_supply")["hexes"] if h not in german], front | boundary)
    return {h: "german" if h in german else "reserve" if h in reserve else "forward" for h in kit.hexes}


def dom_map(kit: Kit) -> DomMap:
    """The :class:`DomMap` of a complete kit."""
    hexes = kit.hexes
    pairs = lambda f: frozenset(hexside_key(a, b) for a, b in kit.hexside_pairs(f))  # noqa: E731
    cities, towns = {}, {}
    for p in kit.places:
        for h in p["hexes"]:
            (cities if p["kind"] == "city" else towns)[h] = p["name"]
    if all("zone" in r.get("attrs", {}) for r in hexes.values()):
        zone = {h: r["attrs"]["zone"] for h, r in hexes.items()}
    else:
        zone = zones_from_lines(kit)
    return DomMap(
        grid=kit.grid,
        terrain={h: r["terrain"] for h, r in hexes.items()},
        forts=kit.hexes_with_feature("fortification"),
        rivers=pairs("river"),
        reservoirs=pairs("reservoir"),
        cities=cities,
        towns=towns,
        zone=zone,
        sheet={h: r.get("attrs", {}).get("sheet", "north") for h, r in hexes.items()},
        german_sources=frozenset(kit.area("german_supply")["hexes"]),
        soviet_sources=frozenset(kit.area("soviet_supply")["hexes"]),
    )
