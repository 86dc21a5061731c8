"""Movement (6.0) and stacking (5.0): costs depend on the hex left and the hex entered (ZOC)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ...core.paths import Reach, reach
from .data import mini_data
from .state import STACK_LIMIT, MiniState

# 6.6: the ZOC cost of a step, by (leaving an enemy ZOC hex, entering one); not cumulative
ZOC_COST = {(False, False): 0, (False, True): 2, (True, False): 1, (True, True): 3}


def may_enter(state: MiniState, unit: str, hex_id: str) -> bool:
    """5.2: never into a hex holding enemy units; 5.1: never over three units in a hex."""
    occ = state.at(hex_id)
    if occ and state.side_of(occ[0]) != state.side_of(unit):
        return False  # 5.2
    return STACK_LIMIT.fits(state.stacks, hex_id, (unit,))  # 5.1


def terrain_cost(state: MiniState, a: str, b: str) -> int:
    """6.2-6.4: terrain of the hex entered, or 1 along the road (bridging the river)."""
    return _terrain_cost(a, b)


@cache
def _terrain_cost(a: str, b: str) -> int:
    data = mini_data()  # the map never changes: each hexside is priced once
    if data.is_road(a, b):
        return 1  # 6.3
    return data.terrain_costs[data.terrain[b]] + (1 if data.is_river(a, b) else 0)  # 6.2, 6.4


def step_cost(state: MiniState, unit: str) -> Callable[[str, str], int | None]:
    """The cost of stepping from ``a`` into ``b`` for ``unit`` (None: prohibited)."""
    ezoc = state.enemy_zoc(state.side_of(unit))
    closed = {h for h in state.stacks.hexes() if not may_enter(state, unit, h)}  # 5.1, 5.2

    def cost(a: str, b: str) -> int | None:
        if b in closed:
            return None
        return _terrain_cost(a, b) + ZOC_COST[(a in ezoc, b in ezoc)]  # 6.6

    return cost


def unit_reach(state: MiniState, unit: str) -> Reach:
    """Every hex ``unit`` can move to this phase with its cheapest cost (6.1, 6.7)."""
    start = state.hex_of(unit)
    spec = state.data.units[unit]
    nb = state.data.neighbours
    return reach(start, spec.movement, nb.__getitem__, step_cost(state, unit), one_hex_minimum=True)


def destinations(state: MiniState, unit: str) -> list[str]:
    """Hexes ``unit`` may move to now (none if it moved already this phase, 6.1)."""
    if unit in state.moved or unit not in state.stacks:
        return []
    start = state.hex_of(unit)
    r = unit_reach(state, unit)
    return sorted(h for h in r.cost if h != start)


def overstacked(state: MiniState) -> list[str]:
    """Hexes over the limit of 5.1 (never, if the rules are kept)."""
    return STACK_LIMIT.overstacked(state.stacks)


