"""Supply (002 L46-55): German rail heads within twelve hexes (L48), Soviet paths of six hexes
to rail connected to the north, south or east edge east of the Front Line (L50); blocking by
enemy units and German zones of control (L40, L52-53); effects: halved strength and Movement
Allowance, fractions kept (L51, Combat (J) L67)."""

from __future__ import annotations

from collections import deque

from . import weather
from .bits import bits_of
from .state import DESTROYED, MCState
from .zoc import supply_zone

GERMAN_RANGE = 12  # L48
SOVIET_RANGE = 6  # L50


def rail_heads(state: MCState, side: str) -> frozenset[str]:
    """Rail hexes that are supply heads for ``side``: the side's normal or repaired hexes
    (EB (A) L124) connected through such hexes to the side's supply edges (German: L48 with
    decision D-GSUPPLY, west or south; Soviet: north, south or east, L50), Soviet ones east of
    the scenario's Front Line (L50); a line is cut by destroyed hexes and enemy units (L126, (1) L52)."""
    key = ("heads", side)
    got = state._cache.get(key)
    if got is None:
        enemy = state.occupied_by("soviet" if side == "german" else "german")
        got = state._cache[key] = state.shared((key, enemy, state.rail_key(), state.scenario), lambda: _rail_heads(state, side, enemy))
    return got


def _rail_heads(state: MCState, side: str, enemy: frozenset[str]) -> frozenset[str]:
    data = state.data
    west = data.scenarios[state.scenario].german_side if state.scenario in data.scenarios else frozenset()

    def ok(h: str) -> bool:
        c = state.rail.get(h)
        if c is None or c[0] == DESTROYED or c[1] != side or h in enemy:
            return False
        return side == "german" or h not in west

    seeds = [h for h in data.rail_hexes & data.supply_edges[side] if ok(h)]
    seen = set(seeds)
    q = deque(seeds)
    while q:
        h = q.popleft()
        for n in data.rail_adj.get(h, ()):
            if n not in seen and ok(n):
                seen.add(n)
                q.append(n)
    return frozenset(seen)


def supplied_mask(state: MCState, side: str) -> int:
    """The hexes where a unit of ``side`` is in supply now, as a bit mask (``bits.HexBits``)."""
    key = ("supplied_mask", side)
    got = state._cache.get(key)
    if got is None:
        enemy = state.occupied_by("soviet" if side == "german" else "german")
        zone = supply_zone(state, side)  # ZOC (H) L40, (E) L37, Supply (2) L53
        heads = rail_heads(state, side)
        got = state._cache[key] = state.shared((key, enemy, zone, heads, state.turn), lambda: _supplied_mask(state, side, enemy, zone, heads))
    return got


def supplied_hexes(state: MCState, side: str) -> frozenset[str]:
    """Hexes where a unit of ``side`` is in supply now."""
    key = ("supplied", side)
    got = state._cache.get(key)
    if got is None:
        got = state._cache[key] = frozenset(bits_of(state.data).hexes(supplied_mask(state, side)))
    return got


def _supplied_mask(state: MCState, side: str, enemy: frozenset[str], zone: frozenset[str], heads: frozenset[str]) -> int:
    """Supply (1) L52: paths through no enemy unit and (Soviet) no German zone, of at most
    twelve (German, L48) or six (Soviet, L50) hexes from a rail head; decision D-SUPPLY-LAKE:
    not across an unfrozen lake hexside (Movement (L) L31). A bit-mask breadth-first trace."""
    bits = bits_of(state.data)
    limit = GERMAN_RANGE if side == "german" else SOVIET_RANGE
    passable = bits.grid.all & ~bits.mask(enemy) & ~bits.mask(zone)
    return bits.flood(bits.mask(heads), passable, limit, weather.frozen(state.data, state.turn))


def in_supply(state: MCState, unit: str) -> bool:
    """Whether ``unit`` can trace supply now (for combat: at the instant of combat, L47)."""
    h = state.hex_of(unit)
    if h is None:
        return False
    side = state.data.units[unit].side
    return bool(supplied_mask(state, side) & bits_of(state.data).grid.bit[h])


def supplied_units(state: MCState, side: str) -> frozenset[str]:
    mask = supplied_mask(state, side)
    bit = bits_of(state.data).grid.bit
    data = state.data
    return frozenset(u for u, h in state.stacks.hex_of.items() if data.units[u].side == side and mask & bit[h])
