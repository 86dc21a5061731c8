"""A map: a hex grid plus per-hex terrain attributes and hexside features (rivers, rails...)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ParseError
from .hexgrid import HexGrid, hexside


@dataclass
class HexMap:
    """Terrain of every hex and features of hexsides.

    ``hexes`` maps a hex id to a free-form attribute dict (terrain, fortification, city...):
    the core does not interpret it. ``hexsides`` maps a hexside key to the set of feature names
    on it ("river", "rail", "fortified", ...). ``edge_exits`` lists features leaving the map
    from a hex (e.g. a rail line running off the east edge).
    """

    grid: HexGrid
    hexes: dict[str, dict[str, Any]]
    hexsides: dict[frozenset[str], set[str]] = field(default_factory=dict)
    edge_exits: dict[str, dict[str, list[str]]] = field(default_factory=dict)

    def attr(self, hex_id: str, name: str, default: Any = None) -> Any:
        return self.hexes[hex_id].get(name, default)

    def hexes_where(self, name: str, value: Any = True) -> list[str]:
        return [h for h, a in self.hexes.items() if a.get(name) == value]

    def has_feature(self, a: str, b: str, feature: str) -> bool:
        return feature in self.hexsides.get(hexside(a, b), ())

    def add_feature(self, a: str, b: str, feature: str) -> None:
        if not self.grid.adjacent(a, b):
            raise ParseError(f"hexside {a}-{b} for {feature!r}: the hexes are not adjacent")
        self.hexsides.setdefault(hexside(a, b), set()).add(feature)

    def features_along(self, feature: str) -> dict[str, tuple[str, ...]]:
        """Adjacency restricted to hexsides carrying ``feature`` (e.g. the rail network)."""
        out: dict[str, list[str]] = {}
        for key, feats in self.hexsides.items():
            if feature in feats:
                a, b = sorted(key)
                out.setdefault(a, []).append(b)
                out.setdefault(b, []).append(a)
        return {h: tuple(sorted(ns)) for h, ns in out.items()}

    @classmethod
    def from_json(
        cls,
        data: Mapping[str, Any] | str | Path,
        *,
        odd_columns_up: bool = True,
        hexside_lists: Iterable[tuple[str, str]] = (("rivers", "river"), ("rails", "rail")),
    ) -> HexMap:
        """Build a map from the JSON schema used by the game packages.

        ``{"columns", "rows", "hexes": {id: {...}}, "<list>": [[a, b], ...], "rail_exits": {id: [edge]}}``;
        each name in ``hexside_lists`` is a list of hexside pairs carrying one feature.
        """
        if not isinstance(data, Mapping):
            data = json.loads(Path(data).read_text())
        grid = HexGrid(int(data["columns"]), int(data["rows"]), odd_columns_up=odd_columns_up)
        hexes = {grid.check(h): dict(a) for h, a in data["hexes"].items()}
        missing = set(grid.all_hexes) - set(hexes)
        if missing:
            raise ParseError(f"map has no entry for hexes {sorted(missing)[:5]}")
        m = cls(grid, hexes)
        for list_name, feature in hexside_lists:
            for a, b in data.get(list_name, ()):
                m.add_feature(a, b, feature)
        for h, edges in data.get("rail_exits", {}).items():
            m.edge_exits.setdefault(grid.check(h), {})["rail"] = list(edges)
        return m
