"""The mutable state of an Operation Typhoon game, with cheap copies (undo, search)."""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any

from ...core.game import Outcome
from ...core.stacks import Stacks
from .data import OtData, Scenario, ot_data

#: What a seat reads in place of a value it may not see (an enemy strength chit, the German Plan).
UNKNOWN = "?"
#: Strength modes: 23.0 option 1 (fixed by class and morale, the default: T6), the limited
#: intelligence chits of 8.0, 23.0 option 2 (chits drawn before play, open).
STRENGTHS = ("fixed", "chits", "open_chits")


def other(side: str) -> str:
    return "russian" if side == "german" else "german"


@dataclass
class OtState:
    scenario_key: str
    options: dict[str, Any]
    turn: int
    phase: str
    stacks: Stacks
    steps: dict[str, int]  # 9.81 steps left (cadre: 1)
    full_steps: dict[str, int]  # 9.82 steps at full strength
    cadre: set[str]  # 10.1 units on their cadre side
    chits: dict[str, str | None]  # unit -> chit id (UNKNOWN in an observed state), None: not drawn
    cups: dict[str, list[str]]  # 8.34 Morale Pools: chits still in each cup
    off_map: dict[str, str]  # unit -> "reinforcement" | "eliminated" | "exited_N" | ...
    weather: str = "overcast"
    ground: str = "ground_freeze"
    snow: bool = False
    support_points: dict[str, int] = field(default_factory=dict)  # 11.22 allocation
    support_result: dict[str, int] = field(default_factory=dict)  # 11.23
    unsupported: set[str] = field(default_factory=set)  # 11.24 corps HQs flipped
    supply: dict[str, str] = field(default_factory=dict)  # 12: unit -> in | out | isolated
    entered: dict[str, int] = field(default_factory=dict)  # 12.62: turn a reinforcement entered
    moved: dict[str, str] = field(default_factory=dict)  # 5.13 unit -> mode this Movement Phase
    air: dict[str, int] = field(default_factory=dict)  # 17.15 Air Points available this Game-Turn
    interdicted: set[str] = field(default_factory=set)  # 17.3
    control: dict[str, str] = field(default_factory=dict)  # place hex -> side last in it (16.14, 18.x9)
    destroyed: list[str] = field(default_factory=list)  # 16.13 Destroyed Russian Units box
    vp: int = 0  # 16.15 the German Victory Point Index
    uncommitted: set[str] = field(default_factory=set)  # 16.21
    commit_allowance: int = 0  # 16.24
    hedgehogs: set[str] = field(default_factory=set)  # 19.1 hexes
    accel_used: set[str] = field(default_factory=set)  # 9.62
    accel_active: set[str] = field(default_factory=set)
    attacked: set[str] = field(default_factory=set)  # 9.15 units that attacked this phase
    targets: set[str] = field(default_factory=set)  # 9.15 hexes attacked this phase
    defended: set[str] = field(default_factory=set)  # 9.15 units attacked this phase
    retreated: set[str] = field(default_factory=set)  # 9.94
    no_zoc: set[str] = field(default_factory=set)  # 9.98 B
    battle: dict[str, Any] | None = None
    deferred: list[dict[str, Any]] = field(default_factory=list)  # 9.99 rolled combats whose results wait
    diverted: dict[str, int] = field(default_factory=dict)  # 15.22 unit -> Game-Turn its Entry Area was blocked
    last_battle: dict[str, Any] | None = None
    pending: dict[str, Any] | None = None  # a stage's pending work (support rolls, eliminations)
    plan: str | None = None  # 18.41
    plan_revealed: bool = False
    outcome: Outcome | None = None
    book: OtData | None = None  # the data of an owner's kit (package_from_kit); None: the shipped kit

    @property
    def data(self) -> OtData:
        return self.book if self.book is not None else ot_data()

    @property
    def scen(self) -> Scenario:
        return self.data.scenario(self.scenario_key)

    # -- derived views ---------------------------------------------------------------------
    def side_of(self, unit: str) -> str:
        return self.data.units[unit].side

    def hex_of(self, unit: str) -> str | None:
        return self.stacks.hex_of.get(unit)

    def at(self, h: str) -> tuple[str, ...]:
        return self.stacks.at(h)

    def side_at(self, h: str) -> str | None:
        occ = self.stacks.at(h)
        return self.side_of(occ[0]) if occ else None

    def on_map(self, side: str | None = None) -> list[str]:
        order = self.scen.units
        return [u for u in order if u in self.stacks and (side is None or self.side_of(u) == side)]

    def copy(self) -> OtState:
        new = _copy.copy(self)
        new.options = dict(self.options)
        new.stacks = self.stacks.copy()
        for name in ("steps", "full_steps", "chits", "off_map", "support_points", "support_result", "supply", "entered",
                     "moved", "air", "control"):
            setattr(new, name, dict(getattr(self, name)))
        for name in ("cadre", "unsupported", "interdicted", "uncommitted", "hedgehogs", "accel_used", "accel_active",
                     "attacked", "targets", "defended", "retreated", "no_zoc"):
            setattr(new, name, set(getattr(self, name)))
        new.cups = {k: list(v) for k, v in self.cups.items()}
        new.destroyed = list(self.destroyed)
        new.battle = _copy.deepcopy(self.battle)
        new.deferred = _copy.deepcopy(self.deferred)
        new.diverted = dict(self.diverted)
        new.last_battle = _copy.deepcopy(self.last_battle)
        new.pending = _copy.deepcopy(self.pending)
        return new
