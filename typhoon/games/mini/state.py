"""The mutable state of a Typhoon Mini game, with cheap copies (undo, search)."""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any

from ...core.game import Outcome
from ...core.procedure import ProcedureState
from ...core.stacks import StackLimit, Stacks, Steps
from .data import MiniData, mini_data

#: What a seat reads in place of a value it may not see (a face-down chit, Blue's plan).
UNKNOWN = "?"
FULL_STEPS = 2  # 3.1
STACK_LIMIT = StackLimit(max_units=3)  # 5.1


def other(side: str) -> str:
    return "red" if side == "blue" else "blue"


@dataclass
class MiniState:
    turns: int  # 4.3: last game turn
    fixed_strengths: bool  # 3.5
    turn: int  # 0 during set-up
    phase: str
    stacks: Stacks
    steps: Steps
    chits: dict[str, Any]  # red unit -> chit value, UNKNOWN, or None (not drawn yet)
    cup: list[Any]  # chits still in the cup (UNKNOWN in an observed state)
    revealed: set[str] = field(default_factory=set)  # 3.4
    plan: str | None = None  # 9.1: "aston" | "brill" | UNKNOWN | None (not chosen yet)
    plan_revealed: bool = False
    control: dict[str, str] = field(default_factory=dict)  # town hex -> side (9.2)
    moved: set[str] = field(default_factory=set)  # 6.1
    attacked: set[str] = field(default_factory=set)  # 7.2 units that attacked this phase
    targets: set[str] = field(default_factory=set)  # 7.2 hexes attacked this phase
    battle: ProcedureState | None = None  # 7.1 the battle being fought
    last_battle: dict[str, Any] | None = None  # the last battle fought (views)
    outcome: Outcome | None = None

    @property
    def data(self) -> MiniData:
        return mini_data()

    # -- derived views ---------------------------------------------------------------------
    def side_of(self, unit: str) -> str:
        return self.data.units[unit].side

    def on_map(self, side: str | None = None) -> list[str]:
        """Units on the map (of ``side``), in roster order."""
        order = self.data.unit_order
        return [u for u in order if u in self.stacks and (side is None or self.side_of(u) == side)]

    def hex_of(self, unit: str) -> str | None:
        return self.stacks.hex_of.get(unit)

    def at(self, hex_id: str) -> tuple[str, ...]:
        return self.stacks.at(hex_id)

    def side_at(self, hex_id: str) -> str | None:
        occ = self.stacks.at(hex_id)
        return self.side_of(occ[0]) if occ else None

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """Hexes in the ZOC of the enemies of ``side`` (6.5)."""
        nb = self.data.neighbours
        zone: set[str] = set()
        for u in self.on_map(other(side)):
            zone.update(nb[self.stacks.hex_of[u]])
        return frozenset(zone)

    def reduced(self, unit: str) -> bool:
        return self.steps.steps.get(unit, 0) < FULL_STEPS

    def full_strength(self, unit: str) -> int | None:
        """The full strength (3.2, 3.3, 3.5); None when it is a face-down chit."""
        spec = self.data.units[unit]
        if not spec.hidden:
            return spec.full
        if self.fixed_strengths:
            return spec.fixed
        value = self.chits.get(unit)
        return value if isinstance(value, int) else None

    def strength(self, unit: str) -> int | None:
        """The current strength (full or reduced, 3.1-3.3); None when it is not known."""
        spec = self.data.units[unit]
        full = self.full_strength(unit)
        if full is None:
            return None
        if not self.reduced(unit):
            return full
        return spec.reduced if not spec.hidden else max(1, full // 2)  # 3.3 half, rounded down, at least 1

    def is_hidden(self, unit: str) -> bool:
        """Whether the unit's strength is a chit not yet turned face up (3.3, 3.4)."""
        return self.data.units[unit].hidden and not self.fixed_strengths and unit not in self.revealed

    def copy(self) -> MiniState:
        battle = None
        if self.battle is not None:
            battle = self.battle.copy()
            battle.data = _copy.deepcopy(self.battle.data)
        return MiniState(
            self.turns,
            self.fixed_strengths,
            self.turn,
            self.phase,
            self.stacks.copy(),
            self.steps.copy(),
            dict(self.chits),
            list(self.cup),
            set(self.revealed),
            self.plan,
            self.plan_revealed,
            dict(self.control),
            set(self.moved),
            set(self.attacked),
            set(self.targets),
            battle,
            _copy.deepcopy(self.last_battle),
            self.outcome,
        )
