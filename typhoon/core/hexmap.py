"""A map: a hex grid plus per-hex terrain attributes and hexside features (rivers, rails...)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ParseError
from .hexgrid import HexGrid, SectionedGrid, grid_from_spec, hexside


@dataclass
class HexMap:
    """Terrain of every hex and features of hexsides.

    ``hexes`` maps a hex id to a free-form attribute dict (terrain, fortification, city...):
    the core does not interpret it. ``hexsides`` maps a hexside key to the set of feature names
    on it ("river", "rail", "fortified", ...). ``edge_exits`` lists features leaving the map
    from a hex (e.g. a rail line running off the east edge).
    """

    grid: HexGrid | SectionedGrid
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
        a, b = self.grid.check(a), self.grid.check(b)  # canonical ids on sectioned maps
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
        Instead of ``columns``/``rows`` a ``"geometry"`` object (:func:`grid_from_spec`) may
        describe a non-rectangular or lettered multi-section map (OT, DoM, MC); its ``hexes``
        (of the whole map or of a section) may be ``"listed"``: the hexes of ``data["hexes"]``.
        Hex ids given as aliases of overlapping sections are stored under the canonical id.
        """
        if not isinstance(data, Mapping):
            data = json.loads(Path(data).read_text())
        if "geometry" in data:
            grid = grid_from_spec(_with_listed_hexes(data["geometry"], data["hexes"]))
        else:
            grid = HexGrid(int(data["columns"]), int(data["rows"]), odd_columns_up=odd_columns_up)
        hexes: dict[str, dict[str, Any]] = {}
        for h, a in data["hexes"].items():
            key = grid.check(h)
            if key in hexes:
                raise ParseError(f"map gives hex {key} twice (as {h} too)")
            hexes[key] = dict(a)
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


def _with_listed_hexes(spec: Mapping[str, Any], hexes: Mapping[str, Any]) -> dict[str, Any]:
    """The geometry spec with ``"hexes": "listed"`` replaced by the ids the map lists."""
    out = dict(spec)
    if out.get("hexes") == "listed":
        out["hexes"] = list(hexes)
    if "sections" in out:
        sections = []
        for sec in out["sections"]:
            sec = dict(sec)
            if sec.get("hexes") == "listed":
                letter = str(sec.get("id", ""))
                sec["hexes"] = [
                    h[len(letter) :] for h in hexes if h.startswith(letter) and h[len(letter) :].isdigit()
                ]
            sections.append(sec)
        out["sections"] = sections
    return out
