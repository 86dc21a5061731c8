"""Movement (002 L19-31): unit-by-unit movement with terrain and ZOC costs, the guaranteed
one-hex move, lake hexsides, EB units on rail only, and the effects of entering a hex (rail
destruction and repair L123-126, fortified hexsides L106, place control)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ...core.paths import Reach, reach, route_via
from . import fortifications, rail, supply, weather
from .data import side_key
from .state import STACK_LIMIT, MCState
from .zoc import movement_zone, zoc_cost



def allowance(state: MCState, unit: str) -> Fraction:
    """The Movement Allowance this phase: printed (L6), halved when unsupplied at the start of the
    phase (Supply L47, L51; fractions kept, D-HALVING) and by the weather (L98-101)."""
    key = ("ma", unit, unit in state.supplied_move, state.turn)
    got = state._shared.get(key)
    if got is None:
        spec = state.data.units[unit]
        ma = Fraction(spec.movement)
        if unit not in state.supplied_move:
            ma /= 2
        got = state._shared[key] = ma * weather.movement_factor(state.data, state.turn, spec.side, spec.mechanized)
    return got


def hexside_blocked(state: MCState, unit: str, a: str, b: str) -> bool:
    """Movement (L) L31: no movement through lake hexsides, except EB units (and rail movement);
    FREEZE L102: frozen lakes do not affect movement."""
    data = state.data
    if side_key(a, b) not in data.lake or weather.frozen(data, state.turn):
        return False
    return not data.units[unit].eb


def step_cost(state: MCState, unit: str, zone: frozenset[str]):
    """The price of a step a -> b for ``unit`` (None: prohibited)."""
    data = state.data
    spec = data.units[unit]
    side = spec.side
    enemy = state.occupied_by("soviet" if side == "german" else "german")
    frozen = weather.frozen(data, state.turn)
    rail_only = spec.eb
    fortified = data.fortified

    def cost(a: str, b: str):
        if b in enemy:  # Movement (G) L26
            return None
        k = side_key(a, b)
        if rail_only and k not in data.rail_links:  # EB (D) L127
            return None
        if k in data.lake and not frozen and not spec.eb:  # Movement (L) L31
            return None
        c = data.move_cost.get(data.terrain[b], 1)  # Movement (A) L21: Terrain Effects Chart
        if k in data.river and not frozen:
            c += data.river_cost
        if k in fortified:
            c += fortifications.crossing_cost(state, side, a, b)  # Fortified (C) L106
        return c + zoc_cost(zone, a, b)  # ZOC (A)-(D) L33-36

    return cost


def _reach_key(state: MCState, unit: str) -> tuple:
    """Everything a unit's reach depends on (the key of the shared reach cache)."""
    h = state.hex_of(unit)
    left = state.mp_left.get(unit)
    fresh = left is None
    if fresh:
        left = allowance(state, unit)
    side = state.data.units[unit].side
    enemy = state.occupied_by("soviet" if side == "german" else "german")
    zone = state.enemy_zoc(side)
    return (unit, h, left, fresh, enemy, zone, state.forts_key(), state.turn)


def unit_reach(state: MCState, unit: str) -> Reach:
    """Where ``unit`` may end a ground move now, with its remaining MP; cached per position."""
    key = _reach_key(state, unit)
    r = state._reach.get(key)
    if r is not None:
        return r
    unit, h, left, fresh = key[:4]
    data = state.data
    side = data.units[unit].side
    zone = movement_zone(state, side)
    cost = step_cost(state, unit, zone)
    if weather.german_mud(data, state.turn, side):
        r = Reach({h: 0}, {h: None})  # MUD L99: one hex per Movement Phase (below)
    else:
        # every step costs whole MP: total <= left exactly when total <= floor(left) (int compares)
        r = reach(h, math.floor(left), data.neighbours.__getitem__, cost)
    if fresh:
        # Movement (J) L29: a unit may always move one hex, unless directly from one enemy ZOC
        # to another; MUD L99 (German): exactly that one hex, whatever the cost
        for n in data.neighbours[h]:
            if n in r.cost:
                continue
            c = cost(h, n)
            if c is None or (h in zone and n in zone):
                continue
            r.cost[n], r.parent[n] = c, h
    state._reach[key] = r
    return r


def full_hexes(state: MCState) -> frozenset[str]:
    """Hexes holding the stacking limit of units (Stacking L43)."""
    return state.full_hexes()


def destinations(state: MCState, unit: str) -> list[str]:
    """The hexes ``unit`` may move to now (not its own, within the stacking limit L43, C L45:
    every move ends within the limit, decision D-STACK); sorted. Do not modify the list."""
    key = ("dest", _reach_key(state, unit), full_hexes(state))
    got = state._reach.get(key)
    if got is None:
        r = unit_reach(state, unit)
        h, full = key[1][1], key[2]
        got = state._reach[key] = sorted(d for d in r.cost if d != h and d not in full)
    return got


def path_for(state: MCState, unit: str, to: str, via: tuple[str, ...] = ()) -> tuple[list[str], Fraction] | None:
    """The path and cost of a move to ``to`` (through ``via`` if given; route_via)."""
    r = unit_reach(state, unit)
    if to not in r.cost:
        return None
    if not via:
        return r.path_to(to), Fraction(r.cost[to])
    data = state.data
    left = state.mp_left.get(unit, allowance(state, unit))
    zone = movement_zone(state, data.units[unit].side)
    found = route_via(state.hex_of(unit), [*via, to], left, data.neighbours.__getitem__, step_cost(state, unit, zone))
    if found is None:
        return None
    return found[0], Fraction(found[1])


def enter(state: MCState, unit: str, a: str, b: str, events: list[Any], *, by_rail_move: bool = False) -> None:
    """The effects of ``unit`` entering ``b`` from ``a`` (moves, advances, retreats, overruns):
    fortified hexsides (L106), rail destruction and repair (L123, L126), place control."""
    data = state.data
    spec = data.units[unit]
    if a is not None:
        fortifications.cross(state, spec.side, a, b, events)
    if not by_rail_move:
        rail.entered(state, unit, b, events)
    p = data.place_at.get(b)
    if p is not None and state.control.get(b) != spec.side:
        state.control[b] = spec.side
        events.append(f"{spec.side.capitalize()} takes {p['name']} ({b})")


def walk(state: MCState, unit: str, path: list[str], events: list[Any]) -> None:
    """Move ``unit`` along ``path`` (its first hex is where it is), hex by hex."""
    for a, b in zip(path, path[1:]):
        enter(state, unit, a, b, events)
    state.stacks.move(unit, path[-1])
    state.touch()


def may_move(state: MCState, unit: str, mech_phase: bool) -> str | None:
    """Why ``unit`` may not (start or continue to) move now, or None (Movement (B), (C), (H))."""
    spec = state.data.units[unit]
    if unit not in state.stacks:
        return f"{unit} is not on the map"
    if unit in state.done:
        return f"{unit} has finished moving this phase (Movement (H) L27)"
    if unit in state.disrupted:
        return f"{unit} is disrupted and may not move (CRT DeAd L79)"
    if mech_phase and not spec.mechanized:
        return f"only mechanized units move in the Mechanized Movement Phase (Movement (B) L22)"
    if unit in state.overran:
        return f"{unit} overran this phase and may move no further (Overrun L90)"
    return None


def move_acts(state: MCState, unit: str, make) -> tuple:
    """The ``move`` actions of ``unit`` (``make(unit, hex)`` builds one), cached with its
    destinations (legal-action generation would rebuild them after every action otherwise)."""
    key = ("acts", _reach_key(state, unit), full_hexes(state))
    got = state._reach.get(key)
    if got is None:
        got = state._reach[key] = tuple(make(unit, h) for h in destinations(state, unit))
    return got


__all__ = ["allowance", "destinations", "unit_reach", "path_for", "walk", "enter", "may_move", "STACK_LIMIT", "supply"]
