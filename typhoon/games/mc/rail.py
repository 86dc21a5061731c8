"""Rail movement (002 L111-121) and rail lines and EB units (L122-127).

Rail hexes are normal, repaired or destroyed (L122), and belong to the side whose supply they
carry (decision D-RAIL-OWNER): normal hexes east of the Start Line are Soviet; the heavier
German lines west of it are German and repaired; other hexes west of it are destroyed.
"""

from __future__ import annotations

import math
from collections import deque
from fractions import Fraction
from typing import Any

from .data import MCData, Scenario
from .state import DESTROYED, NORMAL, REPAIRED, MCState

NINE = 9  # Rail L111
HEXES_PER_MP = 30  # Rail L112


def initial_rail(data: MCData, scenario: Scenario) -> dict[str, tuple[str, str | None]]:
    """L122: west of the Start Line destroyed, except the heavier German lines (repaired);
    east of it normal."""
    out: dict[str, tuple[str, str | None]] = {}
    for h in data.rail_hexes:
        if h in scenario.german_side:
            out[h] = (REPAIRED, "german") if h in data.heavy_hexes else (DESTROYED, None)
        else:
            out[h] = (NORMAL, "soviet")
    return out


def entered(state: MCState, unit: str, h: str, events: list[Any]) -> None:
    """L123, EB (C) L126: an enemy unit entering a normal or repaired rail hex destroys it; a
    friendly EB entering a destroyed one repairs it (a Soviet EB not after rail movement that
    game turn, EB (B) L125). A German EB entering a Soviet rail hex destroys and repairs it at
    once (decision D-EB-CLEAR: 'it immediately clears the rail hexes it enters', L48)."""
    cond = state.rail.get(h)
    if cond is None:
        return
    spec = state.data.units[unit]
    side = spec.side
    if cond[0] != DESTROYED and cond[1] != side:
        state.rail[h] = (DESTROYED, None)
        events.append(f"rail {h} destroyed by {unit} (L123)")
        state.touch()
    if spec.eb and state.rail[h][0] == DESTROYED and unit not in state.rail_moved_eb:
        state.rail[h] = (REPAIRED, side)
        events.append(f"rail {h} repaired by {unit} (L123, EB (C) L126)")
        state.touch()


def usable_for_rail_move(state: MCState, h: str) -> bool:
    """Rail (F) L120: only normal hexes (Soviet) carry rail movement."""
    return state.rail.get(h) == (NORMAL, "soviet")


def near_enemy(state: MCState, h: str, side: str = "soviet") -> bool:
    """Rail (E) L119: hexes occupied by or adjacent to enemy units."""
    return h in enemy_near(state, side)


def enemy_near(state: MCState, side: str = "soviet") -> frozenset[str]:
    """The hexes occupied by or adjacent to ``side``'s enemies (Rail (E) L119), once per change."""
    key = ("near", side)
    got = state._cache.get(key)
    if got is None:
        nb = state.data.neighbours
        enemy = state.occupied_by("german" if side == "soviet" else "soviet")
        out = set(enemy)
        for h in enemy:
            out.update(nb[h])
        got = state._cache[key] = frozenset(out)
    return got


def rail_targets(state: MCState, unit: str) -> dict[str, int]:
    """Rail hexes an entrained unit may reach along connected normal rail (Rail (D) L118, (F)
    L120) without passing in or next to enemy units ((E) L119): hex -> hexes travelled.
    Cached by what it depends on (start, rail conditions, enemy hexes); do not modify."""
    start = state.hex_of(unit)
    enemy = state.occupied_by("german")
    return state.shared(("rail_targets", start, state.rail_key(), enemy), lambda: _rail_targets(state, start))


def rail_targets_sorted(state: MCState, unit: str) -> tuple[tuple[str, int], ...]:
    """``sorted(rail_targets(state, unit).items())``, cached the same way."""
    start = state.hex_of(unit)
    enemy = state.occupied_by("german")
    key = ("rail_targets", start, state.rail_key(), enemy)
    return state.shared(("sorted", key), lambda: tuple(sorted(rail_targets(state, unit).items())))


def rail_acts(state: MCState, unit: str, reach_hexes: float, make) -> tuple:
    """The ``rail`` actions of an entrained unit (``make(unit, hex)`` builds one): the rail
    targets within ``reach_hexes`` hexes (Rail L112-113) not holding the stacking limit (L43),
    sorted by hex. The unfiltered list is cached by what it depends on."""
    start = state.hex_of(unit)
    key = ("rail_acts", unit, start, state.rail_key(), state.occupied_by("german"), reach_hexes)

    def build() -> tuple:
        made = state.shared(("rail_act_objects", unit), dict)  # the same action values, reused
        acts = []
        for h, n in rail_targets_sorted(state, unit):
            if n <= reach_hexes:
                a = made.get(h)
                if a is None:
                    a = made[h] = make(unit, h)
                acts.append((h, a))
        return tuple(acts), frozenset(h for h, _ in acts)

    acts, hexes = state.shared(key, build)
    full = state.full_hexes()
    if full.isdisjoint(hexes):
        return tuple(a for _, a in acts)
    return tuple(a for h, a in acts if h not in full)


def _rail_targets(state: MCState, start: str) -> dict[str, int]:
    data = state.data
    rail = state.rail
    near = enemy_near(state, "soviet")
    normal = (NORMAL, "soviet")
    dist = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        for n in data.rail_adj.get(h, ()):
            if n in dist or rail.get(n) != normal or n in near:  # (F) L120, (E) L119
                continue
            dist[n] = dist[h] + 1
            q.append(n)
    del dist[start]
    return dist


def rail_cost(state: MCState, unit: str, hexes: int) -> int:
    """Rail L112-113: one MP per thirty hexes, fractions rounded up; Soviet EB units move by
    rail without limit at no cost (EB (B) L125)."""
    if state.data.units[unit].eb:
        return 0
    return math.ceil(Fraction(hexes, HEXES_PER_MP))


def entrain_cost(state: MCState, unit: str, allowance: Fraction) -> int:
    """Rail L112: one half of the Movement Allowance (this phase's, decision D-RAIL-COST),
    rounded up (L113); zero for Soviet EB units (EB (B) L125)."""
    if state.data.units[unit].eb:
        return 0
    return math.ceil(allowance / 2)


def detrain_cost(state: MCState, unit: str, allowance: Fraction) -> int:
    """Rail L112: one fourth of the Movement Points, rounded up (L113; 10 MA -> 3, L114)."""
    if state.data.units[unit].eb:
        return 0
    return math.ceil(allowance / 4)


def counts_against_nine(state: MCState, unit: str) -> bool:
    """Rail L111, (A) L115: units entrained this phase count against nine; Soviet EB units do
    not (their rail movement is unlimited, EB (B) L125; decision D-NINE)."""
    return not state.data.units[unit].eb and unit not in state.rail_counted


def nine_reached(state: MCState) -> bool:
    return len(state.rail_counted) >= NINE


def entry_hexes(state: MCState) -> list[str]:
    """Rail (A) L115: Soviet reinforcements enter entrained on a normal Soviet rail hex on the
    north, south or east edge (decision D-REINF-ENTRY), not in or next to enemy units (E)."""
    data = state.data
    out = []
    for h in sorted(data.rail_hexes & data.supply_edges["soviet"]):
        if usable_for_rail_move(state, h) and not near_enemy(state, h) and h not in data.edge["W"]:
            out.append(h)
    return out
