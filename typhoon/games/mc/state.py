"""The mutable state of a Moscow Campaign game, with cheap copies (undo, search)."""

from __future__ import annotations

import copy as _copy
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...core.game import Outcome
from ...core.stacks import Stacks
from .data import MCData, lookup, other

NORMAL, REPAIRED, DESTROYED = "normal", "repaired", "destroyed"  # Rail lines L122
STACK_LIMIT = 3  # Stacking L43


@dataclass
class MCState:
    data_key: int | None  # None: the shipped kit
    scenario: str
    turn: int
    last_turn: int
    phase: str
    stacks: Stacks
    rail: dict[str, tuple[str, str]]  # rail hex -> (condition, owner side) (L122-126)
    fort_destroyed: set[frozenset] = field(default_factory=set)  # Fortified (C), (E) L106, L108
    lines_destroyed: set[str] = field(default_factory=set)  # Fortified (F) L109
    control: dict[str, str] = field(default_factory=dict)  # place hex -> side
    waiting: dict[str, int] = field(default_factory=dict)  # Soviet reinforcements off map -> turn due
    eliminated: list[str] = field(default_factory=list)
    kg_used: set[str] = field(default_factory=set)
    entrained: set[str] = field(default_factory=set)  # Rail L112, (C) L117
    # movement phase (Movement (C), (H) L23, L27)
    mp_left: dict[str, Fraction] = field(default_factory=dict)
    done: set[str] = field(default_factory=set)
    active: str | None = None
    supplied_move: frozenset = frozenset()  # Supply L47: judged at the start of the phase
    entrained_count: int = 0  # Rail L111, (A) L115
    rail_moved_eb: set[str] = field(default_factory=set)  # EB (B) L125
    rail_counted: set[str] = field(default_factory=set)  # units counted against the nine (L111, L115)
    overran: set[str] = field(default_factory=set)
    # combat phase (Combat (C) L60, (Q) L74)
    attacked: set[str] = field(default_factory=set)
    defended: set[str] = field(default_factory=set)
    disrupted: dict[str, tuple[int, str]] = field(default_factory=dict)  # CRT DeAd L79
    battle: dict[str, Any] | None = None
    last_battle: dict[str, Any] | None = None
    losses: dict[str, Fraction] = field(default_factory=lambda: {"german": Fraction(0), "soviet": Fraction(0)})
    outcome: Outcome | None = None
    _cache: dict = field(default_factory=dict, repr=False, compare=False)
    _reach: dict = field(default_factory=dict, repr=False, compare=False)  # movement.unit_reach
    # traces keyed by everything they depend on (supply, rail targets): shared between copies
    _shared: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._data = lookup(self.data_key)  # the immutable data, looked up once (not per access)

    @property
    def data(self) -> MCData:
        return self._data

    def touch(self) -> None:
        """Something that supply or movement depend on changed."""
        self._cache.clear()

    def side_of(self, unit: str) -> str:
        return self.data.units[unit].side

    def hex_of(self, unit: str) -> str | None:
        return self.stacks.hex_of.get(unit)

    def at(self, h: str) -> tuple[str, ...]:
        return self.stacks.at(h)

    def side_at(self, h: str) -> str | None:
        occ = self.stacks.at(h)
        return self.data.units[occ[0]].side if occ else None

    def on_map(self, side: str | None = None) -> list[str]:
        return [u for u in self.stacks.hex_of if side is None or self.data.units[u].side == side]

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """ZOC L32, (I) L41: the hexes around the enemy units that have a ZOC."""
        key = ("zoc", side)
        z = self._cache.get(key)
        if z is None:
            data = self.data
            zone: set[str] = set()
            for u, h in self.stacks.hex_of.items():
                spec = data.units[u]
                if spec.side != side and spec.zoc:
                    zone.update(data.neighbours[h])
            z = self._cache[key] = frozenset(zone)
        return z

    def rail_key(self) -> frozenset:
        """The rail hexes' conditions as a hashable value (keys of the shared trace caches)."""
        z = self._cache.get("rail_key")
        if z is None:
            z = self._cache["rail_key"] = frozenset(self.rail.items())
        return z

    def forts_key(self) -> tuple[frozenset, frozenset]:
        """The destroyed fortified hexsides and lines as a hashable value (keys of the shared
        reach cache: which ones, not how many, since copies of a state destroy different ones)."""
        z = self._cache.get("forts_key")
        if z is None:
            z = self._cache["forts_key"] = (frozenset(self.fort_destroyed), frozenset(self.lines_destroyed))
        return z

    def shared(self, key: tuple, make):
        """A trace cached by everything it depends on (``key``), shared with copies of the state."""
        got = self._shared.get(key)
        if got is None:
            if len(self._shared) > 4000:
                self._shared.clear()
            got = self._shared[key] = make()
        return got

    def full_hexes(self) -> frozenset[str]:
        """Hexes holding three units, the stacking limit (Stacking L43)."""
        z = self._cache.get("full")
        if z is None:
            z = self._cache["full"] = frozenset(h for h, us in self.stacks._at.items() if len(us) >= STACK_LIMIT)
        return z

    def occupied_by(self, side: str) -> frozenset[str]:
        key = ("occ", side)
        z = self._cache.get(key)
        if z is None:
            data = self.data
            z = self._cache[key] = frozenset(h for u, h in self.stacks.hex_of.items() if data.units[u].side == side)
        return z

    def copy(self) -> MCState:
        new = _copy.copy(self)
        new.stacks = self.stacks.copy()
        new.rail = dict(self.rail)
        new.fort_destroyed = set(self.fort_destroyed)
        new.lines_destroyed = set(self.lines_destroyed)
        new.control = dict(self.control)
        new.waiting = dict(self.waiting)
        new.eliminated = list(self.eliminated)
        new.kg_used = set(self.kg_used)
        new.entrained = set(self.entrained)
        new.mp_left = dict(self.mp_left)
        new.done = set(self.done)
        new.rail_moved_eb = set(self.rail_moved_eb)
        new.rail_counted = set(self.rail_counted)
        new.overran = set(self.overran)
        new.attacked = set(self.attacked)
        new.defended = set(self.defended)
        new.disrupted = dict(self.disrupted)
        new.battle = _copy.deepcopy(self.battle)
        new.last_battle = _copy.deepcopy(self.last_battle)
        new.losses = dict(self.losses)
        new._reach = self._reach  # keyed by everything a reach depends on: safe to share
        new._shared = self._shared  # likewise
        new._cache = dict(self._cache)  # values are immutable; a change clears the copy's own
        return new


__all__ = ["MCState", "NORMAL", "REPAIRED", "DESTROYED", "other"]
