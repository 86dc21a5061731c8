"""Typhoon Mini's data (``data/*.json``, synthetic test data): map, units, chit pool, CRT,
sequence of play and the battle procedure, loaded once into a :class:`MiniData`."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...core.errors import ParseError
from ...core.hexgrid import HexGrid, hexside
from ...core.odds import CombatTable, Modifier
from ...core.procedure import Procedure, Runner

DATA_DIR = Path(__file__).parent / "data"
SIDES = ("blue", "red")


def load(name: str) -> dict[str, Any]:
    """One data file; every file says where its content comes from (``source``)."""
    doc = json.loads((DATA_DIR / f"{name}.json").read_text())
    if not doc.get("source"):
        raise ParseError(f"data/{name}.json has no 'source'")
    return doc


@dataclass(frozen=True)
class UnitSpec:
    """One counter (3.2, 3.3): printed values; ``hidden`` units take their strength from a chit."""

    id: str
    side: str
    kind: str
    name: str
    movement: int
    start: str
    full: int | None = None
    reduced: int | None = None
    hidden: bool = False
    fixed: int | None = None


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    side: str | None
    kind: str
    rule: str


@dataclass
class MiniData:
    map_doc: dict[str, Any]
    units_doc: dict[str, Any]
    crt_doc: dict[str, Any]
    procedure_doc: dict[str, Any]

    def __post_init__(self) -> None:
        m = self.map_doc
        geo = m["geometry"]
        cols, rows = int(geo["columns"]), int(geo["rows"])
        full = HexGrid(cols, rows, odd_columns_up=bool(geo["odd_columns_up"]))
        cut = set(m["cut_out"]["hexes"])
        # 2.1: the lake hexes are not part of the map (a non-rectangular grid)
        self.grid = HexGrid(cols, rows, odd_columns_up=bool(geo["odd_columns_up"]), hexes=[h for h in full.all_hexes if h not in cut])
        self.hexes: tuple[str, ...] = tuple(sorted(self.grid.all_hexes))
        self.hex_index = {h: i for i, h in enumerate(self.hexes)}
        self.neighbours: dict[str, tuple[str, ...]] = {h: tuple(self.grid.neighbours(h)) for h in self.hexes}
        terr = m["terrain"]
        self.terrain: dict[str, str] = {h: terr["default"] for h in self.hexes}
        for name, hs in terr.items():
            if name != "default":
                for h in hs:
                    self.terrain[self.grid.check(h)] = name
        self.terrain_costs: dict[str, int] = dict(m["terrain_costs"])
        self.river: frozenset[frozenset[str]] = frozenset(hexside(a, b) for a, b in m["river"])
        for a, b in m["river"]:
            if not self.grid.adjacent(a, b):
                raise ParseError(f"river hexside {a}/{b}: the hexes are not adjacent")
        self.road: tuple[str, ...] = tuple(m["road"])
        self.road_sides: frozenset[frozenset[str]] = frozenset(hexside(a, b) for a, b in zip(self.road, self.road[1:]))
        self.towns: dict[str, dict[str, Any]] = {t["hex"]: dict(t) for t in m["towns"]}
        self.supply_sources: dict[str, frozenset[str]] = {
            side: frozenset(spec["hexes"]) for side, spec in m["supply_sources"].items()
        }
        u = self.units_doc
        self.side_names: dict[str, str] = dict(u["sides"])
        self.units: dict[str, UnitSpec] = {}
        for d in u["units"]:
            spec = UnitSpec(
                d["id"], d["side"], d["kind"], d["name"], int(d["movement"]), self.grid.check(d["hex"]),
                d.get("full"), d.get("reduced"), bool(d.get("hidden", False)), d.get("fixed"),
            )
            self.units[spec.id] = spec
        self.unit_order: tuple[str, ...] = tuple(d["id"] for d in u["units"])
        self.unit_index = {x: i for i, x in enumerate(self.unit_order)}
        self.roster: dict[str, tuple[str, ...]] = {s: tuple(x for x in self.unit_order if self.units[x].side == s) for s in SIDES}
        self.hidden_units: tuple[str, ...] = tuple(x for x in self.unit_order if self.units[x].hidden)
        self.chit_pool: tuple[int, ...] = tuple(sorted(int(c) for c in u["chit_pool"]))
        self.chit_values: tuple[int, ...] = tuple(sorted(set(self.chit_pool)))
        self.crt = CombatTable.from_json(self.crt_doc)
        self.results: dict[str, str] = dict(self.crt_doc["results"])
        self.modifiers: dict[str, Modifier] = {
            k: Modifier(int(v["value"]), v["reason"], v.get("rule")) for k, v in self.crt_doc["modifiers"].items()
        }
        p = self.procedure_doc
        self.sequence: tuple[Phase, ...] = tuple(Phase(x["id"], x["name"], x["side"], x["kind"], x["rule"]) for x in p["sequence"])
        s = p["setup"]
        self.setup_phase = Phase(s["id"], s["name"], s["side"], s["kind"], s["rule"])
        self.phases: dict[str, Phase] = {x.id: x for x in (self.setup_phase, *self.sequence)}
        self.runner = Runner({d["name"]: Procedure.from_json(d) for d in p["procedures"]})

    def is_river(self, a: str, b: str) -> bool:
        return hexside(a, b) in self.river

    def is_road(self, a: str, b: str) -> bool:
        return hexside(a, b) in self.road_sides

    def side_of(self, unit: str) -> str:
        return self.units[unit].side


@cache
def mini_data() -> MiniData:
    return MiniData(load("map"), load("units"), load("crt"), load("procedure"))
