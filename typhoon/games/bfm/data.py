"""Battle for Moscow's data (map, counters, tables, editions, scenario), read from its kit.

The data is the kit package ``typhoon/games/bfm/kit`` (docs/kit.md), read once per process and
turned into the documents ``BfmData`` is built from (``kit.legacy_documents``). ``bfm_data``
gives one ``BfmData`` per edition, cached. An owner's edited copy of the kit is played through
a :class:`Book` (``package.package_from_kit``): its data, per edition, which ``bfm_data`` returns
while the book is active (:meth:`Book.active`); a game's state keeps the data it was built with.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from ...core.bitboard import BitGrid
from ...core.errors import ParseError
from ...core.hexmap import HexMap
from ...core.odds import CombatTable, Shift
from .kinds import Movers, PhaseKind, Result
from .kit import shipped_documents
from .options import RED_BORDER_DEFAULT, BfmOptions


@dataclass(frozen=True)
class UnitSpec:
    id: str
    side: str
    kind: str  # infantry | panzer | tank | shock
    full: int
    reduced: int
    movement: int
    name: str

    @property
    def armour(self) -> bool:
        """Panzer and Tank units (000 12.2)."""
        return self.kind in ("panzer", "tank")


@dataclass(frozen=True)
class Phase:
    """One phase of the sequence of play (4.0), as ``data/editions.json`` describes it."""

    id: str
    side: str | None
    kind: PhaseKind
    name: str
    rule: str
    movers: Movers | None = None
    # The phase's name in Typhoon's wording: "Soviet", never "Russian" (the 2009 rules print
    # "Russian"; ``name`` keeps the printed name, quoted in the rules panel).
    label: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", self.name.replace("Russian", "Soviet"))

    @classmethod
    def from_json(cls, p: dict[str, Any]) -> Phase:
        movers = p.get("movers")
        return cls(p["id"], p["side"], PhaseKind(p["kind"]), p["name"], p["rule"], Movers(movers) if movers else None)


class BfmData:
    """Everything static about one edition of the game, derived once from the kit's documents
    (``kit.legacy_documents``: the shipped kit's unless an owner's are given)."""

    def __init__(self, edition: str, docs: dict[str, Any] | None = None, red_border: str = RED_BORDER_DEFAULT) -> None:
        docs = shipped_documents() if docs is None else docs
        self.edition = edition
        self.red_border = red_border
        self._docs = docs
        self.map = HexMap.from_json(docs["map.json"])
        self.grid = self.map.grid
        ed = docs["editions.json"]["editions"][edition]
        self.edition_data = ed
        self.units = {u["id"]: UnitSpec(**{k: u[k] for k in UnitSpec.__dataclass_fields__}) for u in docs["counters.json"]["units"]}
        self.unit_order = tuple(self.units)
        self.side_units = {side: tuple(u for u in self.unit_order if self.units[u].side == side) for side in ("german", "soviet")}
        self.unit_index = {u: i for i, u in enumerate(self.unit_order)}
        self.crt = _results_table(CombatTable.from_json(docs["crt.json"]))
        terrain = docs["terrain.json"]
        self.move_cost = terrain["movement_cost"]
        self.shifts = {k: Shift(v["columns"], v["reason"], v["rule"]) for k, v in terrain["combat_shifts"].items()}
        turns = docs["turns.json"]
        self.turns = {t["turn"]: t for t in turns["turns"]}
        self.last_turn = max(self.turns)
        self.mud_turns = frozenset(t for t, spec in self.turns.items() if spec["weather"] == "mud")
        self.base_replacements = turns["replacements"]
        setup_phase = Phase("german_setup", "german", PhaseKind.SETUP, "German Set-up", "000 6.0")
        self.sequence = (setup_phase,) + tuple(Phase.from_json(p) for p in ed["sequence"])
        self.phase_index = {p.id: i for i, p in enumerate(self.sequence)}
        self.phases = {p.id: p for p in self.sequence}  # the one phase lookup (BfmState.phase_spec)
        self.first_phase = ed["first_phase"]
        h = self.map.hexes
        self.forest = frozenset(x for x, a in h.items() if a["terrain"] == "forest")
        self.fortified = frozenset(x for x, a in h.items() if a["fortification"])
        self.cities = {x: a["city"] for x, a in h.items() if a["city"]}
        self.city_hex = {name: x for x, name in self.cities.items()}
        self.moscow = self.city_hex["Moscow"]
        self.major_cities = frozenset(self.city_hex[c] for c in ed["major_cities"])
        self.rivers = frozenset(k for k, f in self.map.hexsides.items() if "river" in f)
        self.rail_links = self.map.features_along("rail")
        self.rail_hexes = frozenset(self.rail_links) | frozenset(self.map.edge_exits)
        self.soviet_edge_note = ed["soviet_edge_note"]
        self.edges = {"soviet": frozenset(self._soviet_edge(ed, red_border)), "german": frozenset(ed["german_edge"])}
        self.setup_hexes = {
            side: tuple(sorted(x for x, a in h.items() if a["setup"] == side)) for side in ("german", "soviet")
        }
        self.neighbours = {x: self.grid.neighbours(x) for x in self.grid.all_hexes}
        self.hex_order = tuple(sorted(self.grid.all_hexes))
        self.hex_index = {x: i for i, x in enumerate(self.hex_order)}
        self.terrain_cost = {x: self.move_cost[a["terrain"]] for x, a in h.items()}
        self.unit_cost = {x: 1 for x in h}
        self.rail_neighbours = {x: self.rail_links.get(x, ()) for x in h}
        self.bits = BitGrid(self.grid)
        assert self.bits.order == self.hex_order
        self.hex_bit = self.bits.bit
        self.rail_link_masks = self.bits.link_masks(self.rail_links)  # 8.1: the rail lines, as masks
        self.neighbour_mask = {x: self.bits.dilate(b) for x, b in self.hex_bit.items()}  # the six hexes around, as a mask
        self.edge_masks = {side: self.bits.mask(hexes) for side, hexes in self.edges.items()}
        self.cost_masks = self._cost_masks()  # TEC: forest 2, else 1
        # unit -> its interned moves by hex index (``movement.legal_nth``), each found on first use
        self.move_lists: dict[str, list[Any]] = {}

    def _soviet_edge(self, ed: dict[str, Any], red_border: str) -> list[str]:
        """000 10.2: the red-bordered edge as the option ``red_border`` reads it (the VPG map is
        not available: docs/decisions.md #10); an edition without readings (1986: column 14,
        charts) has one edge whatever the option says."""
        readings = ed.get("red_border", {}).get("readings", {})
        if not readings:
            return ed["soviet_edge"]
        if red_border not in readings:
            raise ParseError(f"red_border must be one of {sorted(readings)}, not {red_border!r}")
        self.soviet_edge_note = readings[red_border]["note"]
        return readings[red_border]["hexes"]

    def _cost_masks(self) -> dict[int, int]:
        """The hexes of each movement cost of the TEC, as bit masks, cheapest first (printed
        TEC: clear 1, forest 2)."""
        by_cost: dict[int, set[str]] = {}
        for x, cost in self.terrain_cost.items():
            by_cost.setdefault(cost, set()).add(x)
        return {cost: self.bits.mask(by_cost[cost]) for cost in sorted(by_cost)}

    def hexes_of_mask(self, mask: int) -> list[str]:
        """The hexes of a bit mask, in map order."""
        return self.bits.hexes(mask)

    def scenario(self, name: str = "standard", shared: bool = False) -> dict[str, Any]:
        """A scenario's set-up: a copy the caller may change, or with ``shared`` the data's own
        document, for a caller that only reads it (a new game's set-up, made at every game)."""
        doc = self._docs[f"scenarios/{name}.json"]
        return doc if shared else copy.deepcopy(doc)

    def replacements(self, side: str, turn: int, options: BfmOptions) -> int:
        """Replacement steps for a side this turn (10.0; 6.0 footnote; balance variants)."""
        if side == "soviet":
            return options.soviet_replacements
        if turn == 1:  # 6.0: the Germans receive no replacements on Game Turn 1
            return 0
        if options.german_replacement_turns == "even" and turn % 2:
            return 0
        return options.german_replacements

    def mud(self, turn: int) -> bool:
        """12.0: turns 3 and 4 are mud turns."""
        return turn in self.mud_turns


def _results_table(crt: CombatTable) -> CombatTable:
    """The CRT with its cells as ``Result`` members (a code not in 9.3 fails here, at load)."""
    return replace(crt, rows={die: tuple(Result(r) for r in row) for die, row in crt.rows.items()}, _dists={})


@cache
def _shipped(edition: str, red_border: str) -> BfmData:
    return BfmData(edition, red_border=red_border)


_ACTIVE: ContextVar[Book | None] = ContextVar("bfm_book", default=None)


def bfm_data(edition: str, red_border: str = RED_BORDER_DEFAULT) -> BfmData:
    """The data of an edition (and reading of the 2009 red border, option ``red_border``): the
    shipped kit's, or the active book's (:meth:`Book.active`)."""
    book = _ACTIVE.get()
    return _shipped(edition, red_border) if book is None else book.data(edition, red_border)


class Book:
    """The data of an owner's copy of BfM's kit, one ``BfmData`` per edition (built on first
    use, kept). ``docs``: the kit as ``kit.legacy_documents`` gives it."""

    def __init__(self, docs: dict[str, Any]) -> None:
        self.docs = docs
        self._data: dict[tuple[str, str], BfmData] = {}

    def data(self, edition: str, red_border: str = RED_BORDER_DEFAULT) -> BfmData:
        key = (edition, red_border)
        if key not in self._data:
            self._data[key] = BfmData(edition, self.docs, red_border)
        return self._data[key]

    @contextmanager
    def active(self) -> Iterator[Book]:
        """While active (in this thread or task only), ``bfm_data`` gives this book's data:
        the rules that build a state from options or a position document read it from here."""
        token = _ACTIVE.set(self)
        try:
            yield self
        finally:
            _ACTIVE.reset(token)
