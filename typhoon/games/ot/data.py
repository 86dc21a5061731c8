"""Operation Typhoon's data, read from the kit (``kit/``, ``typhoon.core.kit.load_kit``) once.

:class:`OtData` holds what every scenario shares (grid, terrain, hexsides, roads and railways,
places, counters, chit pools, tables); :class:`Scenario` what one scenario restricts or adds
(its map sections, its hexes, edges, set-up, parameters, reinforcements, victory places).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from ...core.hexgrid import hexside
from ...core.kit import KitError, read_package
from ...core.odds import parse_ratio

# found through the package, not beside this file: a compiled build lives in typhoon/_compiled/
KIT_DIR = Path(str(files(__package__))) / "kit"
SIDES = ("german", "russian")
#: 9.51: infantry-type units for Combined Arms
INFANTRY_KINDS = frozenset({"infantry", "mechanized_infantry", "cavalry", "ski", "parachute", "militia"})
MECH_KINDS = frozenset({"tank", "mechanized_infantry"})  # 5.31
#: 2.34 / 11.22: the German armies and the corps HQs' army designations
GERMAN_ARMIES = ("2PzA", "3PzA", "4PzA", "4A")
SCENARIOS = {
    "18.1": "panzergruppe_guderian",
    "18.2": "hoepner_reinhardt",
    "18.3": "von_kluge",
    "18.4": "campaign",
    "18.5": "extended_campaign",
}


@dataclass(frozen=True)
class Unit:
    """One counter's printed values (kit ``counters.json``; values: docs/games/ot/counters.md)."""

    id: str
    side: str
    kind: str
    size: str
    klass: str | None
    morale: int | None
    movement: int
    printed: int | None  # HQs and German tank battalions (8.6)
    winterization: str  # 13.4
    has_cadre: bool  # 10.11
    parent: str  # 12.11 / 12.21: corps number (German) or army number (Russian) it traces to
    division: str | None  # 9.4 (German regiments)

    @property
    def is_hq(self) -> bool:
        return self.kind == "hq"

    @property
    def mech(self) -> bool:
        return self.kind in MECH_KINDS  # 5.31

    @property
    def small(self) -> bool:
        """Battalion or company (6.11, 7.15, 7.21)."""
        return self.size in ("battalion", "company")

    @property
    def uses_chit(self) -> bool:
        """8.6: HQs, cadres and German tank battalions have printed strengths."""
        return self.printed is None


def _unit(c: dict[str, Any]) -> Unit:
    front = c["faces"]["front"]
    parts = c["designation"].split("/")
    side, kind = c["side"], c["kind"]
    if kind == "hq":
        parent = parts[0]  # "24/2PzA": corps 24; "50/Bldin": army 50
    else:
        parent = parts[-1]  # "339/167/53": corps 53; "109/330/49": army 49
    division = parts[1] if side == "german" and len(parts) == 3 and kind != "tank" else None
    printed = front.get("strength") if "class" not in front else None
    return Unit(
        id=c["id"], side=side, kind=kind, size=front.get("size", ""), klass=front.get("class"),
        morale=front.get("morale"), movement=int(front["movement"]), printed=printed,
        winterization=front.get("winterization", "poor"), has_cadre=c.get("back_meaning") == "cadre",
        parent=parent, division=division,
    )


@dataclass(eq=False)
class OtData:
    """Everything the scenarios share, from the kit (hashed by identity: caches key on it)."""

    kit: Any
    grid: Any = field(init=False)

    def __post_init__(self) -> None:
        self._scenarios: dict[str, Scenario] = {}
        k = self.kit
        self.grid = k.grid
        self.all_hexes: tuple[str, ...] = tuple(k.grid.all_hexes)
        self.neighbours: dict[str, tuple[str, ...]] = {h: tuple(k.grid.neighbours(h)) for h in self.all_hexes}
        self.terrain: dict[str, str] = {h: r["terrain"] for h, r in k.hexes.items()}
        self.label: dict[str, str | None] = {h: r.get("label") for h, r in k.hexes.items()}
        self.entrenchment = frozenset(k.hexes_with_feature("entrenchment"))  # 14.13
        canon = k.grid.canonical
        self.river = frozenset(hexside(canon(a), canon(b)) for a, b in k.hexside_pairs("river"))
        self.stream = frozenset(hexside(canon(a), canon(b)) for a, b in k.hexside_pairs("stream"))
        self.road = frozenset(hexside(canon(a), canon(b)) for a, b in k.links("road"))
        self.rail = frozenset(hexside(canon(a), canon(b)) for a, b in k.links("rail"))
        self.rail_hexes = frozenset(h for s in self.rail for h in s)
        self.road_hexes = frozenset(h for s in self.road for h in s)
        self.road_exits_west = frozenset(canon(h) for h, edges in k.exits("road").items() if "W" in edges)
        self.places: list[dict[str, Any]] = [dict(p, hexes=[canon(h) for h in p["hexes"]]) for p in k.places]
        self.place_hex: dict[str, str] = {p["name"]: p["hexes"][0] for p in self.places}
        self.cities: dict[str, int] = {}  # 16.14: city hex -> VP (D29)
        for p in self.places:
            if p["kind"] == "city":
                for h in p["hexes"]:
                    self.cities[h] = int(p.get("value") or 5)
        for h, t in self.terrain.items():
            if t == "city" and h not in self.cities:
                self.cities[h] = 5
        self.place_of: dict[str, str] = {h: p["name"] for p in self.places for h in p["hexes"]}
        self.edges = {e["id"]: frozenset(canon(h) for h in e["hexes"]) for e in k.map["edges"]}
        self.entry_areas = {int(a["id"].split("_")[1]): tuple(canon(h) for h in a["hexes"]) for a in k.map["entry_areas"]}
        self.entry_adjacent = {int(a["id"].split("_")[1]): tuple(int(x.split("_")[1]) for x in a.get("adjacent_areas", []))
                               for a in k.map["entry_areas"]}  # 15.22
        self.front_line = tuple(canon(h) for h in next(p for p in k.map["printed_lines"] if p["id"] == "front_line")["hexes"])
        counters = k.counters
        self.units: dict[str, Unit] = {cid: _unit(c) for cid, c in counters.items() if c["kind"] != "strength_chit"}
        self.chits: dict[str, dict[str, Any]] = {cid: c["faces"] for cid, c in counters.items() if c["kind"] == "strength_chit"}
        self.pools: dict[str, tuple[str, ...]] = {}
        for pid, p in k.pools.items():
            self.pools[pid] = tuple(x["counter"] for x in p["contents"] for _ in range(int(x.get("count", 1))))
        self.tables = k.tables
        crt = k.table("crt")
        self.crt_rows: dict[int, tuple[str, ...]] = {int(r): tuple(v) for r, v in crt["rows"].items()}
        self.crt_lines: dict[str, tuple[str, ...]] = {name: tuple(cols) for name, cols in crt["column_sets"].items()}
        self.crt_values: dict[str, list] = {name: [parse_ratio(c.replace("-", ":")) for c in cols] for name, cols in self.crt_lines.items()}
        self.tec = k.table("tec")
        self.turn_labels = {t["turn"]: t["label"] for t in k.turns}
        self.scenario_docs = k.scenarios
        # 2.34: corps HQs by army (German), army HQs by army number (Russian)
        self.hq_of: dict[tuple[str, str], str] = {}
        for u in self.units.values():
            if u.is_hq:
                self.hq_of[(u.side, u.parent)] = u.id

    def is_river(self, a: str, b: str) -> bool:
        return hexside(a, b) in self.river

    def is_stream(self, a: str, b: str) -> bool:
        return hexside(a, b) in self.stream

    def is_road(self, a: str, b: str) -> bool:
        return hexside(a, b) in self.road

    def is_rail(self, a: str, b: str) -> bool:
        return hexside(a, b) in self.rail

    def army_of_hq(self, hq: str) -> str:
        return hq.split("/")[1]

    def scenario(self, key: str) -> Scenario:
        """The scenario ``key`` ("18.1") of this data, built once."""
        scen = self._scenarios.get(key)
        if scen is None:
            scen = self._scenarios[key] = Scenario(key, self.scenario_docs[SCENARIOS[key]], self)
        return scen


@cache
def ot_data() -> OtData:
    # the shipped kit is read without re-validating it on every start: its schema and
    # cross-file checks run in tests/ot (test_ot_kit)
    kit, issues = read_package(KIT_DIR)
    if issues:
        raise KitError(issues, where=str(KIT_DIR))
    return OtData(kit)


@dataclass(eq=False)
class Scenario:
    """One scenario of 18.0: its hexes (map sections), edges, set-up, parameters and victory."""

    key: str  # "18.1"
    doc: dict[str, Any]
    data: OtData

    def __post_init__(self) -> None:
        d, g = self.data, self.data.grid
        secs = set(self.doc["sections"])
        self.id = self.doc["id"]
        self.title = self.doc["title"]
        self.first_turn = int(self.doc["first_turn"])
        self.last_turn = int(self.doc["last_turn"])
        self.hexes = frozenset(h for h in d.all_hexes if any(a[0] in secs for a in g.aliases(h)))
        self.neighbours = {h: tuple(n for n in d.neighbours[h] if n in self.hexes) for h in self.hexes}
        self.params = {k: v["value"] for k, v in self.doc.get("parameters", {}).items()}

        def edge_of(letter_rows: Any) -> frozenset[str]:
            return frozenset(h for h in self.hexes if letter_rows(h))

        def on_section_edge(h: str, test: Any) -> bool:
            return any(a[0] in secs and test(a) for a in g.aliases(h))

        # 12.12 / 12.22: the westernmost and easternmost hexes of the scenario's map(s) (D20)
        self.west_edge = frozenset(h for h in self.hexes if len(self.neighbours[h]) < 6 and h in d.edges["german_supply"])
        self.east_edge = frozenset(h for h in self.hexes if len(self.neighbours[h]) < 6 and h in d.edges["russian_supply"])
        south = min(secs)  # A < B < C: C is the southernmost map
        south = max(secs)
        north = min(secs)
        self.south_edge = frozenset(h for h in self.hexes if on_section_edge(h, lambda a: a[0] == south and a[1:3] == "01"))
        self.north_edge = frozenset(h for h in self.hexes if on_section_edge(h, lambda a: a[0] == north and a[1:3] == "39"))
        self.road_sources = frozenset(h for h in d.road_exits_west if h in self.hexes)
        self.entry_areas = {n: tuple(h for h in hs if h in self.hexes) for n, hs in d.entry_areas.items()}
        self.entry_areas = {n: hs for n, hs in self.entry_areas.items() if hs}
        self.setup: dict[str, str] = {}
        self.setup_within: dict[str, int] = {}
        for p in self.doc["setup"]:
            self.setup[p["counter"]] = g.canonical(p["hex"])
            self.setup_within[p["counter"]] = int(p.get("within", 0))
        self.anywhere: list[str] = [c for a in self.doc.get("setup_areas", []) for c in a.get("counters", [])]
        self.reinforcements = [dict(r, hexes=[g.canonical(h) for h in r["hexes"]]) for r in self.doc.get("reinforcements", [])]
        #: 18.16(b) / 18.26(b): the hexes the scenario's own reinforcements enter by (18.28(b))
        self.listed_entry = frozenset(h for r in self.reinforcements for h in r["hexes"])
        self.reinforcements += self._master_schedule()
        self.victory = self.doc.get("victory", [])
        self.units = tuple(list(self.setup) + [c for c in self.anywhere if c not in self.setup] + [c for r in self.reinforcements for c in r["counters"]])
        self.unit_index = {u: i for i, u in enumerate(self.units)}
        self.front_x = self._front_columns()

    def _master_schedule(self) -> list[dict[str, Any]]:
        """15.3 / 15.4 (18.16, 18.26, 18.36, 18.46, 18.5): the Master Reinforcement Schedule's entries
        of this scenario (turns.json ``reinforcements`` naming it), each with its Entry Area number
        (``area``) and the area's hexes on this scenario's map."""
        out = []
        g = self.data.grid
        for r in self.data.kit.turns_doc.get("reinforcements", []):
            if self.id not in r.get("scenarios", [self.id]) or r["turn"] > self.last_turn:
                continue
            if "entry_area" in r:
                area = int(r["entry_area"].split("_")[1])
                hexes = list(self.entry_areas.get(area, ()))
            else:
                area, hexes = None, [g.canonical(h) for h in r.get("hexes", []) if g.canonical(h) in self.hexes]
            out.append({"turn": r["turn"], "side": r["side"], "counters": list(r["counters"]), "hexes": hexes,
                        "area": area, "cite": "15.3/15.4 (reconstruction, D55)"})
        return out

    def _front_columns(self) -> dict[int, int]:
        """For each global hexrow (axial r), the axial q of the printed front line's hex."""
        g = self.data.grid
        out = {}
        for h in self.data.front_line:
            q, r = g.axial(h)
            out[r] = q
        return out

    def east_of_front(self, h: str) -> bool:
        """Strictly east of the printed front line (D21): the hexrow's front hex is exclusive."""
        q, r = self.data.grid.axial(h)
        fq = self.front_x.get(r)
        return fq is not None and q > fq

    def west_of_front(self, h: str) -> bool:
        """Strictly west of the printed front line (D21, D38): the hexrow's front hex is exclusive."""
        q, r = self.data.grid.axial(h)
        fq = self.front_x.get(r)
        return fq is not None and q < fq


def scenario(key: str) -> Scenario:
    """The scenario ``key`` of the shipped kit."""
    return ot_data().scenario(key)
