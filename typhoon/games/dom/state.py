"""The mutable state of a Drive on Moscow game, with cheap copies (undo, search).

Untried Soviet units (2.13, D-26) are *slots* ("s001") with a public type; the counter drawn
for a slot is a hidden value in ``draw`` (None: not drawn yet; UNKNOWN in an observation)
until the slot's first battle reveals it (``revealed``).
"""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from typing import Any

from ...core.game import Outcome
from ...core.procedure import ProcedureState
from ...core.stacks import Stacks
from .gamedata import CAVALRY_KINDS, GERMAN, KIND_LABEL, KIND_MOBILITY, SOVIET, DomData, Face

UNKNOWN = "?"


@dataclass
class DomState:
    data: DomData
    turn: int
    phase: str
    stacks: Stacks
    steps: dict[str, int]
    slot_kind: dict[str, str] = field(default_factory=dict)  # untried slot -> type (public)
    draw: dict[str, str | None] = field(default_factory=dict)  # slot -> counter | UNKNOWN | None
    revealed: set[str] = field(default_factory=set)  # 2.13 slots turned veteran
    pools: dict[str, list[str]] = field(default_factory=dict)  # type -> undrawn counters
    cup: list[str] = field(default_factory=list)  # 3.4 Guards still in the cup
    soviet_seen: dict[str, str] = field(default_factory=dict)  # 9.4 slot -> counter seen by the Soviet only
    kg_type: dict[str, str] = field(default_factory=dict)  # KG on the map -> "pz" | "pzg" (11.30)
    kg_used: int = 0
    control: dict[str, str] = field(default_factory=dict)  # 3.7 hex -> side
    ever_german: set[str] = field(default_factory=set)  # 8.2/8.4/9.1 hexes ever German controlled
    order: str | None = None  # 5.2 "move-fight" | "fight-move" this player turn
    moved: set[str] = field(default_factory=set)
    attacked: set[str] = field(default_factory=set)  # 11.3 attacked this combat phase
    defended: set[str] = field(default_factory=set)  # 11.3 defended this combat phase
    retreated_in: set[str] = field(default_factory=set)  # 11.27 units retreated this combat phase
    assaulted: set[str] = field(default_factory=set)  # 10.15 one MA per unit per phase
    frozen: set[str] = field(default_factory=set)  # 10.19 stalled MA units
    mp_left: dict[str, int] = field(default_factory=dict)  # 10.20 MF left after a successful MA
    phase_start: dict[str, str] = field(default_factory=dict)  # 10.18 where units began the phase
    declared: int | None = None  # 12.0 turn of the November Offensive declaration
    stalin: int | None = None  # 12.1 minimum number of Soviet attackers this turn
    soviet_attackers: set[str] = field(default_factory=set)  # 12.1 units that made PA this turn
    air_left: dict[str, int] = field(default_factory=dict)  # 11.19 counters unused this game turn
    air_battles: dict[str, int] = field(default_factory=dict)  # D-12 battles supported this turn
    withdraw_due: list[str] = field(default_factory=list)  # 9.3 kinds still to withdraw this turn
    withdrawn: list[str] = field(default_factory=list)
    replacements: dict[str, int] = field(default_factory=dict)  # 12.2 steps left by class
    to_enter: list[str] = field(default_factory=list)  # 9.1 reinforcement slots to place
    entry_hexes: list[str] = field(default_factory=list)  # 9.1 entry hexes fixed at the start of the Soviet turn
    next_slot: int = 1
    guards_due: str | None = None  # 9.4 the Guards unit drawn from the cup
    eliminated: list[str] = field(default_factory=list)
    battle: ProcedureState | None = None
    last_battle: dict[str, Any] | None = None
    outcome: Outcome | None = None
    guderian_out: set[str] = field(default_factory=set)  # 5.3 GT1 German units that set up, moved or fought off the south sheet
    guderian_used: set[str] = field(default_factory=set)  # 5.3 GT1 units that spent more than their TRT MF (bound to the south sheet)
    memo: dict[Any, Any] | None = field(default_factory=dict, repr=False, compare=False)  # derived facts; cleared by every apply

    # -- units --------------------------------------------------------------------------------
    def side_of(self, u: str) -> str:
        return SOVIET if u in self.slot_kind else self.data.units[u].side

    def kind(self, u: str) -> str:
        if u in self.slot_kind:
            return self.slot_kind[u]
        return self.data.units[u].kind

    def mobility(self, u: str) -> str:
        if u in self.slot_kind:
            return KIND_MOBILITY[self.slot_kind[u]]
        return self.data.units[u].mobility

    def is_mech(self, u: str) -> bool:
        return self.mobility(u) == "mech"

    def is_cavalry(self, u: str) -> bool:
        return self.kind(u) in CAVALRY_KINDS

    def is_panzer(self, u: str) -> bool:
        """10.14/11.17 (D-18): panzer divisions and panzer KG."""
        k = self.kind(u)
        return k == "panzer" or (k == "kg" and self.kg_type.get(u) == "pz")

    def is_hidden(self, u: str) -> bool:
        """An untried slot whose counter nobody has seen in battle (2.13)."""
        return u in self.slot_kind and u not in self.revealed

    def face(self, u: str) -> Face | None:
        """The unit's current factors; None when they are hidden (an untried unit)."""
        if u in self.slot_kind:
            if u not in self.revealed:
                return None
            c = self.draw.get(u)
            return self.data.counter_face.get(c) if c not in (None, UNKNOWN) else None
        spec = self.data.units[u]
        if spec.kind == "kg":
            t = self.kg_type.get(u, "pz")
            return Face(2, 1) if t == "pz" else Face(1, 2)  # 2.12 L179-181
        if self.steps.get(u, spec.steps) < 2 and spec.reduced is not None:
            return spec.reduced
        return spec.full

    def true_face(self, u: str) -> Face | None:
        """The factors the rules use in a battle (the drawn counter of an untried unit)."""
        if u in self.slot_kind:
            c = self.draw.get(u)
            return self.data.counter_face.get(c) if c not in (None, UNKNOWN) else None
        return self.face(u)

    def public_face(self, u: str) -> Face:
        """Factors as anybody may estimate them: an untried unit at its type's mean."""
        f = self.face(u)
        return f if f is not None else self.data.pool_mean[self.slot_kind[u]]

    def label(self, u: str) -> str:
        if u in self.slot_kind:
            return f"{KIND_LABEL[self.slot_kind[u]]} {u}"
        if u in self.kg_type:
            return f"{'Panzer' if self.kg_type[u] == 'pz' else 'Pz Gren'} KG {u[2:]}"
        return self.data.units[u].name

    def max_steps(self, u: str) -> int:
        return 1 if u in self.slot_kind else self.data.units[u].steps

    def hex_of(self, u: str) -> str | None:
        return self.stacks.hex_of.get(u)

    def at(self, h: str) -> tuple[str, ...]:
        return self.stacks.at(h)

    def side_at(self, h: str) -> str | None:
        occ = self.stacks.at(h)
        return self.side_of(occ[0]) if occ else None

    def on_map(self, side: str | None = None) -> list[str]:
        return [u for u in self.stacks.units() if side is None or self.side_of(u) == side]

    def hexes_of(self, side: str) -> set[str]:
        return {h for u, h in self.stacks.hex_of.items() if self.side_of(u) == side}

    # -- copies -------------------------------------------------------------------------------
    def copy(self) -> DomState:
        battle = None
        if self.battle is not None:
            battle = self.battle.copy()
        return DomState(
            self.data, self.turn, self.phase, self.stacks.copy(), dict(self.steps), dict(self.slot_kind), dict(self.draw),
            set(self.revealed), {k: list(v) for k, v in self.pools.items()}, list(self.cup), dict(self.soviet_seen),
            dict(self.kg_type), self.kg_used, dict(self.control), set(self.ever_german), self.order, set(self.moved),
            set(self.attacked), set(self.defended), set(self.retreated_in), set(self.assaulted), set(self.frozen),
            dict(self.mp_left), dict(self.phase_start), self.declared, self.stalin, set(self.soviet_attackers),
            dict(self.air_left), dict(self.air_battles), list(self.withdraw_due), list(self.withdrawn),
            dict(self.replacements), list(self.to_enter), list(self.entry_hexes), self.next_slot, self.guards_due, list(self.eliminated), battle,
            _copy.deepcopy(self.last_battle), self.outcome, set(self.guderian_out), set(self.guderian_used),
        )


__all__ = ["DomState", "GERMAN", "SOVIET", "UNKNOWN"]
