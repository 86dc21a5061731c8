"""Zones of Control (002 L32-41): movement costs (A)-(D), what they reach (E), who has none (I)."""

from __future__ import annotations

from .state import MCState

ENTER, LEAVE, ZOC_TO_ZOC = 3, 2, 5  # ZOC (A) L33, (B) L34, (C) L35


def zoc_cost(zone: frozenset[str], a: str, b: str) -> int:
    """Extra MP for a step from ``a`` to ``b`` through the enemy zone ``zone``: +3 to enter
    from an uncontrolled hex (A) L33, +2 to leave (B) L34, +5 from one controlled hex to another
    (C) L35; several zones on one hex cost no more than one (D) L36 (``zone`` is a set)."""
    za, zb = a in zone, b in zone
    if za and zb:
        return ZOC_TO_ZOC
    if zb:
        return ENTER
    if za:
        return LEAVE
    return 0


def movement_zone(state: MCState, side: str) -> frozenset[str]:
    """ZOC (E) L37: for movement enemy zones extend into hexes occupied by friendly units;
    (I) L41: EB and [1]-10 armour exert none."""
    return state.enemy_zoc(side)


def supply_zone(state: MCState, side: str) -> frozenset[str]:
    """ZOC (E) L37, (H) L40, Supply (2) L53: for supply enemy zones do not extend into hexes
    occupied by friendly units, and only German zones block (Soviet supply)."""
    if side == "german":
        return frozenset()  # (H) L40: Russian controlled hexes have no effect on German supply
    return state.enemy_zoc(side) - state.occupied_by(side)


def retreat_zone(state: MCState, side: str) -> frozenset[str]:
    """ZOC (E) L37: for retreats enemy zones do not extend into friendly-occupied hexes."""
    return state.enemy_zoc(side) - state.occupied_by(side)
