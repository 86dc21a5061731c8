"""The Moscow Campaign's data: the kit (``kit/``, docs/kit.md) or a small synthetic map for tests,
loaded into one :class:`MCData` the rules read."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from ...core.errors import ParseError
from ...core.hexgrid import HexGrid, axial_distance, grid_from_spec
from ...core.kit import KitError, load_kit, read_package
from ...core.kit.issues import Issue, json_path
from ...core.kit.loader import TODO, find_todos
from ...core.odds import CombatTable

KIT_DIR = Path(__file__).parent / "kit"
SIDES = ("german", "soviet")


def other(side: str) -> str:
    return "soviet" if side == "german" else "german"


def side_key(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


@dataclass(frozen=True)
class UnitSpec:
    """One counter: printed Combat Strength and Movement Allowance (L5-6) and its kind."""

    id: str
    side: str
    kind: str  # armour, motorized, infantry, cavalry, eb, kg
    name: str
    strength: int
    movement: int
    mechanized: bool = False  # L8: German armour and motorized (and KGs, L64)
    bracketed: bool = False  # ZOC (I) L41: (1)-1 EB and [1]-10 armour

    @property
    def eb(self) -> bool:
        return self.kind == "eb"

    @property
    def soviet_armour(self) -> bool:
        """The Soviet [1]-10 armour (Combat (T) L77)."""
        return self.bracketed and not self.eb

    @property
    def zoc(self) -> bool:
        """ZOC (I) L41: parenthesised units have no Zone of Control."""
        return not self.bracketed

    @property
    def kg_eligible(self) -> bool:
        """Combat (G) L64: a German mechanized unit with a Combat Strength of four or more
        (printed strength, decision D-KG)."""
        return self.side == "german" and self.mechanized and self.kind != "kg" and self.strength >= 4


@dataclass
class Scenario:
    id: str
    title: str
    first_turn: int
    last_turn: int
    extended_last_turn: int
    setup: list[tuple[str, str]]
    german_side: frozenset[str]  # hexes west of the scenario's Start Line (L50, L122)
    start_line: list[tuple[str, str]]
    reinforcements: dict[int, list[str]]
    needs: int = 0
    base: int = 0
    victory_text: list[str] = field(default_factory=list)


@dataclass
class MCData:
    """Everything the rules read about the map, the counters and the charts."""

    grid: Any
    terrain: dict[str, str]
    move_cost: dict[str, int]
    terrain_drm: dict[str, int]
    river: frozenset
    lake: frozenset
    fortified: dict[frozenset, tuple[str, str]]  # hexside -> (hex it faces, line id)
    rail_links: frozenset
    heavy_links: frozenset
    places: list[dict[str, Any]]
    units: dict[str, UnitSpec]
    crt: CombatTable
    crt_columns: tuple[str, ...]
    weather: dict[int, str]
    scenarios: dict[str, Scenario]
    river_drm: int = -1
    river_cost: int = 1
    fortified_cost: int = 2
    fortified_drm: int = -2
    crt_results: dict[str, str] = field(default_factory=dict)
    provenance: str = "reconstruction"
    title: str = "The Moscow Campaign"
    kit: Any = None

    def __post_init__(self) -> None:
        self.hexes: tuple[str, ...] = tuple(self.grid.all_hexes)
        self.neighbours: dict[str, tuple[str, ...]] = {h: tuple(self.grid.neighbours(h)) for h in self.hexes}
        self.rail_hexes: frozenset[str] = frozenset(h for k in self.rail_links for h in k)
        self.rail_adj: dict[str, tuple[str, ...]] = {h: tuple(n for n in self.neighbours[h] if side_key(h, n) in self.rail_links) for h in self.rail_hexes}
        self.heavy_hexes: frozenset[str] = frozenset(h for k in self.heavy_links for h in k)
        self.unit_order: tuple[str, ...] = tuple(self.units)
        self.unit_index = {u: i for i, u in enumerate(self.unit_order)}
        self.kg_ids: tuple[str, ...] = tuple(u for u, s in self.units.items() if s.kind == "kg")
        self.place_at: dict[str, dict[str, Any]] = {p["hex"]: p for p in self.places}
        self.edge = {e: frozenset(h for h in self.hexes if self.grid.is_edge(h, e)) for e in "NSEW"}
        # decision D-GSUPPLY: German rail supply comes from the west or south edge; Soviet from
        # the north, south or east edge (L50)
        self.supply_edges = {
            "german": self.edge["W"] | self.edge["S"],
            "soviet": self.edge["N"] | self.edge["S"] | self.edge["E"],
        }
        self.lines: dict[str, list[frozenset]] = {}
        for k, (_, line) in self.fortified.items():
            self.lines.setdefault(line, []).append(k)
        self.odds_labels = tuple(c.replace("-", ":") for c in self.crt_columns)
        self.axial = {h: self.grid.axial(h) for h in self.hexes}

    def distance(self, a: str, b: str) -> int:
        """Hex distance, from the axial coordinates kept here."""
        return axial_distance(self.axial[a], self.axial[b])

    def moscow(self) -> str | None:
        for p in self.places:
            if p["kind"] == "major_city" or p["name"] == "Moscow":
                return p["hex"]
        return None


# -- from the kit ---------------------------------------------------------------------------
def _side_west(grid: Any, hexes: tuple[str, ...], start: list[tuple[str, str]]) -> frozenset[str]:
    """The hexes on the German (west) side of a start line given as hexsides ``(west, east)``:
    flood from the west edge without crossing the line."""
    cut = {side_key(a, b) for a, b in start}
    west = {a for a, _ in start}
    seen = set(h for h in hexes if grid.is_edge(h, "W"))
    stack = list(seen)
    while stack:
        h = stack.pop()
        for n in grid.neighbours(h):
            if n not in seen and side_key(h, n) not in cut:
                seen.add(n)
                stack.append(n)
    return frozenset(seen | west)


def shipped_kit(path: Path):
    """A kit shipped with the game, read without re-validating it on every start (its
    schema and cross-file checks run in tests/mc: test_mc_kit_and_play); another kit is validated."""
    if Path(path).resolve() != KIT_DIR.resolve():
        return load_kit(path)
    kit, issues = read_package(path)
    if issues:
        raise KitError(issues, where=str(path))
    return kit


def from_kit(path: Path = KIT_DIR) -> MCData:
    """The data of the kit in folder ``path`` (the shipped one by default)."""
    return data_from_kit(shipped_kit(path))


def missing_in_kit(kit: Any) -> list[Issue]:
    """What an owner's kit still lacks for the rules: every ``$todo`` placeholder and every
    record the rules read by name that is absent (``str(issue)``: ``file: path: what``)."""
    out = [Issue(rel, json_path(path), f"still to be entered: {todo.get(TODO, 'a value')}", todo=True)
           for rel, doc in sorted(kit.docs.items()) for path, todo in find_todos(doc)]
    m = kit.map or {}
    nets = {n.get("id") for n in m.get("networks", []) if isinstance(n, dict)}
    for need, why in (("rail", "Rail L111"), ("german_supply_rail", "German supply L48, L122")):
        if need not in nets:
            out.append(Issue("map.json", "$.networks", f"no network {need!r} ({why})"))
    tables = {t.get("id") for t in (kit.tables_doc or {}).get("tables", []) if isinstance(t, dict)}
    for need, why in (("crt", "the Combat Results Table"), ("tec", "the Terrain Effects Chart")):
        if need not in tables:
            out.append(Issue("tables.json", "$.tables", f"no table {need!r} ({why})"))
    lines = {pl.get("id") for pl in m.get("printed_lines", []) if isinstance(pl, dict)}
    if not kit.scenarios:
        out.append(Issue("kit.json", "$.files.scenarios", "no scenario (L2)"))
    for sid, sd in sorted(kit.scenarios.items()):
        start = (sd.get("parameters", {}).get("start_line") or {}).get("value")
        if start not in lines:
            out.append(Issue(f"scenarios/{sid}.json", "$.parameters.start_line", f"{start!r} is not a printed line of map.json (Supply L50, Rail L122)"))
    return out


def data_from_kit(kit: Any) -> MCData:
    """The rules' data from a loaded kit (``typhoon.core.kit.load_kit``). An unfinished kit (a
    skeleton still holding placeholders, or lacking what the rules read) raises ``KitError``
    naming every missing value."""
    missing = missing_in_kit(kit)
    if missing:
        raise KitError(missing, where=f"{kit.root}: not finished, The Moscow Campaign cannot be played on it")
    try:
        return _data_from_kit(kit)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise ParseError(f"{kit.root}: the kit cannot be played as The Moscow Campaign: {type(e).__name__} {e}") from None


def _data_from_kit(kit: Any) -> MCData:
    m = kit.map
    grid = grid_from_spec(m["geometry"])
    terrain = {h: rec["terrain"] for h, rec in m["hexes"].items()}
    river, lake, fort = set(), set(), {}
    for s in m.get("hexsides", []):
        k = side_key(s["a"], s["b"])
        if s["feature"] == "river":
            river.add(k)
        elif s["feature"] == "lake":
            lake.add(k)
        elif s["feature"] == "fortified":
            fort[k] = (s["faces"], s["line"])
    nets = {n["id"]: n for n in m["networks"]}

    def links(net: dict) -> frozenset:
        out = set()
        for link in net["links"]:
            a, b = (link["a"], link["b"]) if isinstance(link, dict) else link
            out.add(side_key(a, b))
        return frozenset(out)

    places = [{"hex": p["hexes"][0], "name": p["name"], "kind": p["kind"], "value": p.get("value") or 0} for p in m.get("places", [])]
    units = {}
    for c in kit.counters_doc["counters"]:
        f = c["faces"]["front"]
        units[c["id"]] = UnitSpec(
            c["id"], c["side"], c["kind"], c.get("name", c["id"]), int(f["strength"]), int(f["movement"]),
            bool(f.get("mechanized", False)), bool(f.get("bracketed", False)),
        )
    tables = {t["id"]: t for t in kit.tables_doc["tables"]}
    crt_doc = tables["crt"]
    crt = CombatTable.from_json(crt_doc)
    drm = {md["id"]: int(md["value"]) for md in crt_doc.get("modifiers", [])}
    tec = tables["tec"]
    weather = {int(t["turn"]): t.get("weather", "clear") for t in kit.turns_doc["turns"]}
    lines = {pl["id"]: pl for pl in m.get("printed_lines", [])}
    scenarios = {}
    for sid, sd in kit.scenarios.items():
        params = {k: v["value"] for k, v in sd.get("parameters", {}).items()}
        start = [(x["a"], x["b"]) for x in lines[params["start_line"]]["hexsides"]]
        reinf: dict[int, list[str]] = {}
        for r in sd.get("reinforcements", []):
            reinf.setdefault(int(r["turn"]), []).extend(r["counters"])
        scenarios[sid] = Scenario(
            sid, sd["title"], int(sd["first_turn"]), int(sd["last_turn"]), int(params.get("extended_last_turn", sd["last_turn"])),
            [(s["counter"], s["hex"]) for s in sd["setup"]], _side_west(grid, grid.all_hexes, start), start, reinf,
            int(params.get("german_needs", 0)), int(params.get("german_places_at_start", 0)), [v["text"] for v in sd["victory"]],
        )
    return MCData(
        grid=grid, terrain=terrain, move_cost={k: int(v) for k, v in tec["movement"].items()},
        terrain_drm={k: v for k, v in drm.items() if k in tec["movement"]}, river=frozenset(river), lake=frozenset(lake),
        fortified=fort, rail_links=links(nets["rail"]), heavy_links=links(nets["german_supply_rail"]), places=places,
        units=units, crt=crt, crt_columns=tuple(crt_doc["columns"]), weather=weather, scenarios=scenarios,
        river_drm=drm.get("river", -1), fortified_drm=drm.get("fortified", -2),
        river_cost=int(tec["hexside_movement"].get("river", 1)), fortified_cost=int(tec["hexside_movement"].get("fortified", 2)),
        crt_results={k: v["label"] for k, v in crt_doc.get("results", {}).items()},
        provenance="reconstruction", title=kit.manifest["title"], kit=kit,
    )


@cache
def mc_data() -> MCData:
    """The shipped (reconstructed) kit, loaded once."""
    return from_kit(KIT_DIR)


_REGISTRY: dict[int, MCData] = {}


def register(data: MCData) -> int:
    """A key for data other than the shipped kit (synthetic test maps, owner kits)."""
    key = id(data)
    _REGISTRY[key] = data
    return key


def synthetic(
    columns: int,
    rows: int,
    units: list[tuple[str, str, str, int, int]] | list[UnitSpec],
    *,
    terrain: dict[str, str] | None = None,
    river: list[tuple[str, str]] = (),
    lake: list[tuple[str, str]] = (),
    fortified: list[tuple[str, str, str, str]] = (),
    rail: list[list[str]] = (),
    heavy: list[list[str]] = (),
    places: list[dict[str, Any]] = (),
    weather: dict[int, str] | None = None,
    west_columns: int = 0,
) -> MCData:
    """A small map for tests: ``rail`` and ``heavy`` are hex paths; ``fortified`` entries are
    ``(a, b, faces, line)``; ``west_columns`` columns form the German side of the start line.
    Uses the shipped CRT and terrain chart values."""
    base = mc_data()
    grid = HexGrid(columns, rows)
    specs = {}
    for u in units:
        if isinstance(u, UnitSpec):
            specs[u.id] = u
        else:
            raise ParseError("synthetic units must be UnitSpec values")
    def path_links(paths) -> frozenset:
        out = set()
        for p in paths:
            for a, b in zip(p, p[1:]):
                if not grid.adjacent(a, b):
                    raise ParseError(f"rail {a}-{b}: not adjacent")
                out.add(side_key(a, b))
        return frozenset(out)

    germ = frozenset(h for h in grid.all_hexes if int(h[:2]) <= west_columns)
    scen = Scenario("test", "test", 1, 31, 31, [], germ, [], {})
    data = MCData(
        grid=grid, terrain={h: (terrain or {}).get(h, "clear") for h in grid.all_hexes}, move_cost=base.move_cost,
        terrain_drm=base.terrain_drm, river=frozenset(side_key(a, b) for a, b in river),
        lake=frozenset(side_key(a, b) for a, b in lake),
        fortified={side_key(a, b): (f, line) for a, b, f, line in fortified}, rail_links=path_links(rail),
        heavy_links=path_links(heavy), places=list(places), units=specs, crt=base.crt, crt_columns=base.crt_columns,
        weather=dict(weather or {}), scenarios={"test": scen}, crt_results=base.crt_results, provenance="text",
        title="The Moscow Campaign (test map)",
    )
    return data


def lookup(key: int | None) -> MCData:
    if key is None:
        return mc_data()
    return _REGISTRY[key]


HALF = Fraction(1, 2)
