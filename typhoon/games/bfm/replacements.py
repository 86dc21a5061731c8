"""Replacements (10.0-10.4), city control (10.0), reinforcements (11.0): where new and
restored units may appear, the legal actions of a replacement phase and what they do."""

from __future__ import annotations

from functools import lru_cache

from .actions import END, Action, Place, Reinforce, Restore, table_of
from .state import BfmState, enemy_of

SOVIET_REPLACEMENT = "soviet_replacement"  # the phase in which reinforcements arrive (11.0)


def in_communication(state: BfmState, hex_id: str, side: str) -> bool:
    """10.0 'In Communication': a path of any length from ``hex_id`` to the side's own map edge
    (Soviet: red NE/E/SE border; German: black west border, 10.3) that, excluding the origin
    hex, never enters a hex holding an enemy unit or in an enemy ZOC. Friendly units do not
    negate enemy ZOC."""
    data = state.data
    return bool(data.hex_bit[hex_id] & data.edge_masks[side]) or bool(data.neighbour_mask[hex_id] & _linked_to_edge(state, side))


def _linked_to_edge(state: BfmState, side: str) -> int:
    """The hexes a communication path may use that connect to the side's edge, as a mask:
    one flood fill from the edge per board, instead of one trace per hex asked about."""
    cache = state.derived("communication")
    if side not in cache:
        data = state.data
        open_ = data.bits.all & ~state.enemy_zoc_mask(side) & ~state.side_mask(enemy_of(side))
        cache[side] = data.bits.spread(data.edge_masks[side], open_)
    return cache[side]


def controls(state: BfmState, hex_id: str, side: str) -> bool:
    return state.control.get(hex_id) == side


def enter_hex(state: BfmState, unit: str, hex_id: str) -> list[str]:
    """10.0: a city is controlled by the side whose unit entered it last. Typhoon counts the
    hexes where a unit ends a move, retreat, advance or placement (docs/decisions.md)."""
    data = state.data
    if hex_id not in data.cities:
        return []
    side = state.side_of(unit)
    if state.control.get(hex_id) == side:
        return []
    state.control[hex_id] = side
    return [f"{side.capitalize()} now control {data.cities[hex_id]} ({hex_id})"]


def edge_hexes_open(state: BfmState, side: str) -> list[str]:
    """10.2 / 11.0: empty hexes along the side's own map edge that are not in an enemy ZOC."""
    open_ = _open_edge_mask(state, side)
    bit = state.data.hex_bit
    return [h for h in _in_order(state.data.edges[side]) if bit[h] & open_]


def _open_edge_mask(state: BfmState, side: str) -> int:
    """``edge_hexes_open`` as a bit mask."""
    return state.data.edge_masks[side] & ~(state.enemy_zoc_mask(side) | state.occupied_mask())


@lru_cache(maxsize=64)
def _in_order(hexes: frozenset[str]) -> tuple[str, ...]:
    """A set of hexes sorted by id (each edition's map edges, sorted once)."""
    return tuple(sorted(hexes))


def placement_hexes(state: BfmState, side: str) -> list[str]:
    """Where a new half-strength unit may be placed (10.2 Soviet, 10.3 German)."""
    cache = state.derived("placement")
    if side in cache:
        return cache[side]
    data = state.data
    occupied = state.occupied_mask()
    bit, control = data.hex_bit, state.control
    hexes = _open_edge_mask(state, side)
    for city in data.cities:
        b = bit[city]
        if b & occupied or control.get(city) != side:
            continue  # an empty, friendly controlled city (at most one unit each: no stacking)
        if side == "soviet" and city == data.moscow:
            hexes |= b  # 10.2 Moscow: Soviet replacements appear there even out of communication
        elif in_communication(state, city, side):
            hexes |= b
    cache[side] = data.hexes_of_mask(hexes)  # in map order
    return cache[side]


def may_restore(state: BfmState, unit: str) -> bool:
    """10.0 item 2 and 10.2: a half-strength unit on the map, in communication (or, for the
    Soviets, in Moscow), not already given a step this player turn (10.1)."""
    if unit not in state.hex_of or unit not in state.reduced or unit in state.replaced:
        return False
    side = state.side_of(unit)
    here = state.hex_of[unit]
    if side == "soviet" and here == state.data.moscow:
        return True
    return in_communication(state, here, side)


def pool_units(state: BfmState, side: str) -> list[str]:
    """The units of ``side`` in the pool, in counter order."""
    pool = state.pool
    return [u for u in state.data.side_units[side] if u in pool]


def reinforcements_due(state: BfmState) -> list[str]:
    """11.0: Soviet reinforcements due by this turn and not yet placed (placed in the Soviet
    Replacement Phase; if no red-border hex is open they wait for the next one)."""
    if state.phase != SOVIET_REPLACEMENT:
        return []
    return [u for t, us in sorted(state.reinforcements.items()) if t <= state.turn for u in us]


# -- the legal actions of a replacement phase, and what they do ------------------------------
def legal(state: BfmState) -> list[Action]:
    """Reinforcements first (11.0), then new units (10.2, 10.3) and restorations (10.0 item 2)
    while steps are left, then ``end`` unless an arriving reinforcement can still be placed."""
    side = state.phase_spec.side
    acts: list[Action] = []
    due = reinforcements_due(state)
    if due:
        open_hexes = edge_hexes_open(state, side)  # type: ignore[arg-type]
        acts.extend(Reinforce(u, h) for u in due for h in open_hexes)
    if state.replacements_left > 0:
        hexes = placement_hexes(state, side)  # type: ignore[arg-type]
        for u in pool_units(state, side):  # type: ignore[arg-type]
            places = table_of(Place, u)
            acts.extend([places[h] for h in hexes])
        reduced, hex_of = state.reduced, state.hex_of
        for u in state.data.side_units[side]:  # type: ignore[index]
            if u in reduced and u in hex_of and may_restore(state, u):
                acts.append(Restore(u))
    if not (due and edge_hexes_open(state, side)):  # type: ignore[arg-type]
        acts.append(END)  # 11.0: an arriving reinforcement must be placed if it can be
    return acts


def has_choice(state: BfmState) -> bool:
    """Whether ``legal`` offers anything but ``end``: a reinforcement to place (11.0), or a step
    to spend (10.0) on a pool unit with a hex to enter or on a unit to restore."""
    side = state.phase_spec.side
    if reinforcements_due(state) and edge_hexes_open(state, side):  # type: ignore[arg-type]
        return True
    if state.replacements_left <= 0:
        return False
    if pool_units(state, side) and placement_hexes(state, side):  # type: ignore[arg-type]
        return True
    reduced, hex_of = state.reduced, state.hex_of
    return any(u in reduced and u in hex_of and may_restore(state, u) for u in state.data.side_units[side])  # type: ignore[index]


def apply_place(state: BfmState, a: Place, events: list) -> None:
    state.pool.discard(a.unit)
    state.reduced.add(a.unit)  # 10.0 item 1: a new half-strength unit
    state.put(a.unit, a.hex)
    state.replaced.add(a.unit)  # 10.1: it cannot be flipped with a second step this turn
    state.replacements_left -= 1
    events.append(f"{a.unit} enters at half strength in {a.hex} (replacement)")
    events += enter_hex(state, a.unit, a.hex)


def apply_restore(state: BfmState, a: Restore, events: list) -> None:
    state.reduced.discard(a.unit)
    state.replaced.add(a.unit)
    state.replacements_left -= 1
    events.append(f"{a.unit} is restored to full strength (replacement)")


def apply_reinforce(state: BfmState, a: Reinforce, events: list) -> None:
    for us in state.reinforcements.values():
        if a.unit in us:
            us.remove(a.unit)
    state.reduced.discard(a.unit)  # 11.0: placed on its full-strength side
    state.put(a.unit, a.hex)
    events.append(f"{a.unit} arrives in {a.hex} (reinforcement, 11.0)")
    events += enter_hex(state, a.unit, a.hex)
