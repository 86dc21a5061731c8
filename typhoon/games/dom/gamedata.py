"""Everything the Drive on Moscow rules engine reads from the kit, prepared once.

The roster (German counters, the ten KG, the Guards, the untried pools by type), the turn
record track, the CRT and the terrain facts of :class:`~.data.DomMap`, with neighbour tables
for fast movement and supply traces. The reconstruction kit is the default (R-1..R-6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ...core.kit import Kit
from ...core.odds import CombatTable
from .data import DomMap, dom_kit, dom_map

GERMAN, SOVIET = "german", "soviet"
SIDES = (GERMAN, SOVIET)
SIDE_NAMES = {GERMAN: "German", SOVIET: "Soviet"}
STACK_LIMIT = 5  # 6.0 L482-483
GUDERIAN_MF = 14  # 5.3 L470-473: GT1 south-sheet German mechanized units
KG_COUNT = 10  # 2.12 L178
UNTRIED_KINDS = ("rd", "rb", "cd", "mrb", "mrd", "tb")  # 2.13, 3.1
GUARDS_OF = {"grd": "rd", "gcd": "cd", "gtb": "tb"}  # 9.4 L754-755: the exact same type
CAVALRY_KINDS = frozenset({"cavalry", "cd", "gcd"})  # 10.8 L861-865: cavalry may enter marsh
KIND_MOBILITY = {"rd": "non_mech", "rb": "non_mech", "cd": "mech", "mrb": "mech", "mrd": "mech", "tb": "mech"}
KIND_LABEL = {"rd": "RD", "rb": "RB", "cd": "CD", "mrb": "MRB", "mrd": "MRD", "tb": "TB"}


def other(side: str) -> str:
    return SOVIET if side == GERMAN else GERMAN


@dataclass(frozen=True)
class Face:
    attack: int
    defence: int


@dataclass(frozen=True)
class UnitSpec:
    """A unit with a fixed identity (German counters, KG, Guards). Untried Soviet units are
    slots whose counter is a hidden value (state.draw)."""

    id: str
    side: str
    kind: str
    name: str
    mobility: str  # "mech" | "non_mech" (2.8)
    size: str
    full: Face
    reduced: Face | None  # None: a one-step unit (2.11)

    @property
    def steps(self) -> int:
        return 2 if self.reduced is not None else 1


@dataclass
class DomData:
    kit: Kit
    map: DomMap
    units: dict[str, UnitSpec]
    german_order: list[str]
    guards: list[str]  # Guards set up (3.2)
    cup: list[str]  # 3.4 the Guards cup
    pools: dict[str, list[str]]  # untried type -> counter ids (2.13)
    counter_face: dict[str, Face]  # untried counter -> its veteran face
    counter_type: dict[str, str]  # untried counter -> veteran type (an MRD may be a TD, 3.1)
    turns: dict[int, dict[str, Any]]
    reinforcements: dict[int, dict[str, int]]
    withdrawals: dict[int, list[str]]
    phases: list[dict[str, Any]]
    crt: CombatTable
    crt_doc: dict[str, Any]
    setup: list[tuple[str, str]]  # (counter, hex)
    soviet_slots: list[tuple[str, str]]  # (kind, hex) 3.2/3.3 computer set-up
    first_turn: int = 1
    last_turn: int = 9
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    pool_mean: dict[str, Face] = field(default_factory=dict)

    @property
    def phase_ids(self) -> list[str]:
        return [p["id"] for p in self.phases]

    def phase(self, pid: str) -> dict[str, Any] | None:
        return next((p for p in self.phases if p["id"] == pid), None)


def _face(f: dict[str, Any]) -> Face:
    return Face(int(f.get("attack", 0)), int(f.get("defence", 0)))


def build(kit: Kit, m: DomMap | None = None) -> DomData:
    """The engine's data from a kit (the map may be replaced by a synthetic one in tests)."""
    m = m or dom_map(kit)
    units: dict[str, UnitSpec] = {}
    german_order, guards_all = [], []
    for c in kit.counters.values():
        if c["kind"] in ("aircraft", "marker") or c.get("back_meaning") == "untried":
            continue
        if c["kind"] == "kg":
            continue
        front, back = c["faces"]["front"], c["faces"].get("back")
        spec = UnitSpec(c["id"], c["side"], c["kind"], c.get("name", c["id"]), front.get("mobility", "non_mech"),
                        front.get("size", "XX"), _face(front), _face(back) if back and c.get("back_meaning") == "reduced" else None)
        units[c["id"]] = spec
        (german_order if c["side"] == GERMAN else guards_all).append(c["id"])
    kg = next(c for c in kit.counters.values() if c["kind"] == "kg")
    for i in range(1, KG_COUNT + 1):  # 2.12: ten KG counters, each a one-step unit (11.30)
        units[f"kg{i:02d}"] = UnitSpec(f"kg{i:02d}", GERMAN, "kg", f"KG {i}", "mech", "KG", _face(kg["faces"]["front"]), None)
    pools: dict[str, list[str]] = {}
    counter_face, counter_type = {}, {}
    cup: list[str] = []
    for pool in kit.counters_doc.get("pools", []):
        ids = [e["counter"] for e in pool["contents"] if isinstance(e, dict) and "counter" in e]
        if pool["id"] == "guards_cup":
            cup = ids
            continue
        kind = pool["id"].removeprefix("untried_")
        pools[kind] = ids
        for cid in ids:
            f = kit.counters[cid]["faces"]["front"]
            counter_face[cid] = _face(f)
            counter_type[cid] = f.get("veteran_type", kind)
    scen = kit.scenarios["campaign"]
    setup = [(s["counter"], s["hex"]) for s in scen.get("setup", []) if isinstance(s, dict) and "counter" in s]
    slots = [(s["kind"], s["hex"]) for s in scen["parameters"]["soviet_slots"]["value"]]
    set_up = {c for c, _ in setup}
    guards = [g for g in guards_all if g in set_up]
    turns = {t["turn"]: dict(t.get("attrs", {}), label=t["label"]) for t in kit.turns}
    reinf = {r["turn"]: dict(r["kinds"]) for r in kit.turns_doc.get("reinforcements", []) if r.get("side") == SOVIET}
    withdrawals: dict[int, list[str]] = {}
    for r in kit.turns_doc.get("withdrawals", []):
        for k, n in r["kinds"].items():
            withdrawals.setdefault(r["turn"], []).extend([k] * n)
    phases = kit.turns_doc["sequences"]["default"]["phases"]
    crt_doc = kit.table("crt")
    data = DomData(kit, m, units, german_order, guards, cup, pools, counter_face, counter_type, turns, reinf, withdrawals,
                   phases, CombatTable.from_json(crt_doc), crt_doc, setup, slots, int(scen.get("first_turn", 1)),
                   int(scen.get("last_turn", 9)))
    data.neighbours = {h: tuple(m.neighbours(h)) for h in m.terrain}
    for kind, ids in pools.items():
        n = len(ids)
        data.pool_mean[kind] = Face(round(sum(counter_face[c].attack for c in ids) / n), round(sum(counter_face[c].defence for c in ids) / n))
    return data


@cache
def dom_data() -> DomData:
    """The reconstruction's data (R-1..R-6), built once."""
    return build(dom_kit("reconstruction"))
