"""Supply (8.0): a trace of at most 4 hexes to a friendly source, blocked by enemy units and
by enemy ZOC not occupied by a friendly unit."""

from __future__ import annotations

from ...core.paths import flood
from .state import MiniState, other

SUPPLY_RANGE = 4  # 8.1


def supply_distances(state: MiniState, side: str) -> dict[str, int]:
    """Hex -> length of the shortest trace to a source of ``side`` (only hexes within 8.1)."""
    ezoc = state.enemy_zoc(side)
    enemy = other(side)

    def passable(h: str) -> bool:
        occupier = state.side_at(h)
        if occupier == enemy:
            return False  # 8.1: no enemy unit
        return h not in ezoc or occupier == side  # 8.1: enemy ZOC only with a friendly unit in it

    sources = [h for h in sorted(state.data.supply_sources[side]) if passable(h)]
    nb = state.data.neighbours
    return flood(sources, nb.__getitem__, passable, max_length=SUPPLY_RANGE)


def in_supply(state: MiniState, unit: str) -> bool:
    """8.1 for one unit on the map."""
    h = state.hex_of(unit)
    return h is not None and h in supply_distances(state, state.side_of(unit))


def supplied_units(state: MiniState, side: str) -> set[str]:
    dist = supply_distances(state, side)
    return {u for u in state.on_map(side) if state.hex_of(u) in dist}
