"""Movement (8.0), Russian rail movement (8.1), zones of control (7.1, 8.3), mud (12.1)."""

from __future__ import annotations

from ...core.paths import reachable
from .state import BfmState, enemy_of


def phase_spec(state: BfmState):
    data = state.data
    return data.sequence[data.phase_index[state.phase]]


def may_move(state: BfmState, unit: str) -> bool:
    """Whether ``unit`` may still move in the current movement phase."""
    spec = phase_spec(state)
    if spec.kind != "movement" or unit not in state.hex_of or unit in state.moved:
        return False
    u = state.data.units[unit]
    if u.side != spec.side:
        return False
    if spec.movers == "panzer":  # 4.0 phase 2: only German armour (panzer) units move
        return u.kind == "panzer"
    if spec.movers == "rail":  # 8.1: only units that start the phase on a rail line
        return unit in state.rail_movers
    return True


def reach(state: BfmState, unit: str) -> dict[str, float]:
    """Hexes ``unit`` can reach from where it stands this phase, with their movement cost.

    Enemy units and their zones of control do not change during a player's own movement
    phase and friendly units never block (8.2.1-8.2.2), so the answer is cached per phase.
    """
    start = state.hex_of[unit]
    key = (unit, start)
    cached = state._reach.get(key)
    if cached is not None:
        return cached
    data = state.data
    side = data.units[unit].side
    spec = phase_spec(state)
    enemy = enemy_of(side)
    ezoc = state.enemy_zoc(side)

    def enemy_in(h: str) -> bool:
        return state.side_at(h) == enemy

    if spec.movers == "rail":
        # 8.1: only along connected rail hexes, 1 MP per hex whatever the terrain; not slowed by mud (12.1)
        links = data.rail_links
        result = reachable(
            start,
            data.units[unit].movement,
            lambda h: links.get(h, ()),
            lambda a, b: None if enemy_in(b) else 1,
            ezoc.__contains__,  # 7.1 / 8.3: entering an EZOC ends movement
        )
    elif data.mud(state.turn):
        # 12.1: all movement except rail movement is one hex per phase
        result = {start: 0}
        for h in data.neighbours[start]:
            if not enemy_in(h):
                result[h] = 1
    else:
        cost = data.move_cost
        terrain = data.map.hexes
        result = reachable(
            start,
            data.units[unit].movement,
            data.neighbours.__getitem__,
            # 8.2.1: never into an enemy unit; TEC: forest costs 2, everything else 1; rivers nothing (8.0 example)
            lambda a, b: None if enemy_in(b) else cost[terrain[b]["terrain"]],
            ezoc.__contains__,
        )
    state._reach[key] = result
    return result


def empty_destinations(state: BfmState, unit: str) -> list[str]:
    start = state.hex_of[unit]
    return [h for h in reach(state, unit) if h != start and not state.occupants(h)]


def destinations(state: BfmState, unit: str) -> list[str]:
    """Legal end hexes of a move of ``unit`` now.

    8.2.2: a unit may enter a hex holding a friendly unit, but only one unit may be in a hex
    at the end of the phase. Typhoon lets a move end on a friendly unit only if that unit may
    still move this phase and has an empty hex to go to; until it has moved away, it is the
    only unit that may move (so a phase can always be finished). See docs/decisions.md.
    """
    if not may_move(state, unit):
        return []
    stacked = state.overstacked()
    here = state.hex_of[unit]
    if stacked:
        # resolve the overstack first: only the unit that was there first (and has not moved) moves
        if here not in stacked:
            return []
        return sorted(empty_destinations(state, unit), key=state.data.hex_index.__getitem__)
    out = []
    for h in reach(state, unit):
        if h == here:
            continue
        occ = state.occupants(h)
        if occ:
            other = occ[0]
            if not may_move(state, other) or not empty_destinations(state, other):
                continue
        out.append(h)
    return sorted(out, key=state.data.hex_index.__getitem__)


def rail_units(state: BfmState, side: str) -> frozenset[str]:
    """8.1: the units of ``side`` standing on a rail hex as the rail movement phase begins."""
    rail = state.data.rail_hexes
    units = state.data.units
    return frozenset(u for u, h in state.hex_of.items() if units[u].side == side and h in rail)
