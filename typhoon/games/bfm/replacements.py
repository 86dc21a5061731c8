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
    return bool(state.data.hex_bit[hex_id] & communication_mask(state, side))


def communication_mask(state: BfmState, side: str) -> int:
    """``in_communication`` for every hex at once, as a mask: the side's edge hexes and the
    hexes next to a hex linked to the edge (``_linked_to_edge``; the neighbour relation is
    symmetric, so those are the hexes whose neighbours include a linked hex)."""
    cache = state.derived("in_communication")
    mask = cache.get(side)
    if mask is None:
        data = state.data
        mask = cache[side] = data.edge_masks[side] | data.bits.dilate(_linked_to_edge(state, side))
    return mask


def _linked_to_edge(state: BfmState, side: str) -> int:
    """The hexes a communication path may use that connect to the side's edge, as a mask:
    one flood fill from the edge per board, instead of one trace per hex asked about."""
    cache = state.derived("communication")
    if side not in cache:
        data = state.data
        open_ = data.bits.all & ~state.enemy_zoc_mask(side) & ~state.side_mask(enemy_of(side))
        cache[side] = data.bits.spread(data.edge_masks[side], open_)
    return cache[side]


def _communication_of(state: BfmState, side: str) -> tuple[int, int] | None:
    """The side's ``_linked_to_edge`` and ``communication_mask`` if worked out for this board."""
    derived = state._derived
    if derived is None:
        return None
    linked, reach = derived.get("communication"), derived.get("in_communication")
    if linked is None or reach is None or side not in linked or side not in reach:
        return None
    return linked[side], reach[side]


def _carry_communication(state: BfmState, side: str, kept: tuple[int, int] | None) -> None:
    """Put back ``_communication_of`` taken before a unit of ``side`` was placed: 10.0, a
    path In Communication may not enter enemy units or their zones of control, and friendly
    units neither block it nor negate enemy ZOC, so a friendly placement leaves the side's
    communication as it was (the derived cache is emptied by every change of the board)."""
    if kept is not None:
        state.derived("communication")[side] = kept[0]
        state.derived("in_communication")[side] = kept[1]


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
    linked = None  # ``communication_mask``, worked out if a city needs it
    for city in data.cities:
        b = bit[city]
        if b & occupied or control.get(city) != side:
            continue  # an empty, friendly controlled city (at most one unit each: no stacking)
        if side == "soviet" and city == data.moscow:
            hexes |= b  # 10.2 Moscow: Soviet replacements appear there even out of communication
        else:  # 10.0 In Communication (``in_communication``)
            if linked is None:
                linked = communication_mask(state, side)
            if b & linked:
                hexes |= b
    cache[side] = data.hexes_of_mask(hexes)  # in map order
    return cache[side]


def may_restore(state: BfmState, unit: str) -> bool:
    """10.0 item 2 and 10.2: a half-strength unit on the map, in communication (or, for the
    Soviets, in Moscow), not already given a step this player turn (10.1)."""
    return unit in state.hex_of and _restorable(state, state.side_of(unit), (unit,)) != []


def restorable(state: BfmState, side: str) -> list[str]:
    """The units of ``side`` that ``may_restore`` allows now, in counter order."""
    return _restorable(state, side, state.data.side_units[side])  # type: ignore[index]


def _restorable(state: BfmState, side: str, units) -> list[str]:
    """Those of ``units`` (all of ``side``) that may be restored (``may_restore``)."""
    reduced, replaced, hex_of = state.reduced, state.replaced, state.hex_of
    data = state.data
    bit = data.hex_bit
    moscow = data.moscow if side == "soviet" else None  # 10.2: Soviet units in Moscow, even cut off
    linked = None
    out = []
    for u in units:
        if u in reduced and u not in replaced:
            here = hex_of.get(u)
            if here is None:
                continue
            if here != moscow:
                if linked is None:
                    linked = communication_mask(state, side)
                if not bit[here] & linked:
                    continue
            out.append(u)
    return out


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
def _choices(state: BfmState) -> tuple[list[str], list[str], list[str], list[str], list[str], bool]:
    """What a replacement phase offers, in the order of ``legal``: the reinforcements due and
    the open edge hexes they may enter (11.0), the pool units and the hexes new units may
    enter (10.2, 10.3), the units that may be restored (10.0 item 2), and whether ``end`` is
    allowed (11.0: not while an arriving reinforcement can be placed). Kept in the board's
    derived cache (emptied by every change of the board) for the steps left and the units
    replaced, reduced and in the pool: ``legal_count`` and ``legal_nth`` ask it in turn."""
    key = (state.turn, state.phase, state.replacements_left, len(state.replaced), len(state.reduced), len(state.pool))
    cache = state.derived("replacement_choices")
    got = cache.get(key)
    if got is None:
        got = cache[key] = _work_out_choices(state)
    return got


def _work_out_choices(state: BfmState) -> tuple[list[str], list[str], list[str], list[str], list[str], bool]:
    """``_choices`` from the position."""
    side = state.phase_spec.side
    due = reinforcements_due(state)
    open_hexes = edge_hexes_open(state, side) if due else []  # type: ignore[arg-type]
    pool: list[str] = []
    hexes: list[str] = []
    restores: list[str] = []
    if state.replacements_left > 0:  # steps are left (10.0)
        hexes = placement_hexes(state, side)  # type: ignore[arg-type]
        pool = pool_units(state, side)  # type: ignore[arg-type]
        restores = restorable(state, side)  # type: ignore[arg-type]
    return due, open_hexes, pool, hexes, restores, not (due and open_hexes)


def legal(state: BfmState) -> list[Action]:
    """Reinforcements first (11.0), then new units (10.2, 10.3) and restorations (10.0 item 2)
    while steps are left, then ``end`` unless an arriving reinforcement can still be placed."""
    due, open_hexes, pool, hexes, restores, may_end = _choices(state)
    acts: list[Action] = [Reinforce(u, h) for u in due for h in open_hexes]
    for u in pool:
        places = table_of(Place, u)
        acts.extend([places[h] for h in hexes])
    acts.extend([Restore(u) for u in restores])
    if may_end:
        acts.append(END)
    return acts


def legal_count(state: BfmState) -> int:
    """``len(legal(state))`` without building the list."""
    due, open_hexes, pool, hexes, restores, may_end = _choices(state)
    return len(due) * len(open_hexes) + len(pool) * len(hexes) + len(restores) + may_end


def legal_nth(state: BfmState, i: int) -> Action:
    """``legal(state)[i]`` without building the list (``i`` >= 0)."""
    due, open_hexes, pool, hexes, restores, may_end = _choices(state)
    n = len(due) * len(open_hexes)
    if i < n:
        return Reinforce(due[i // len(open_hexes)], open_hexes[i % len(open_hexes)])
    i -= n
    n = len(pool) * len(hexes)
    if i < n:
        return table_of(Place, pool[i // len(hexes)])[hexes[i % len(hexes)]]
    i -= n
    if i < len(restores):
        return Restore(restores[i])
    if i == len(restores) and may_end:
        return END
    raise IndexError("legal action index out of range")


def has_choice(state: BfmState) -> bool:
    """Whether ``legal`` offers anything but ``end``: a reinforcement to place (11.0), or a step
    to spend (10.0) on a pool unit with a hex to enter or on a unit to restore. Asked as a
    phase begins (``sequence.phase_is_empty``): what it works out (``_choices``) is kept for
    the phase's first decision."""
    due, open_hexes, pool, hexes, restores, _ = _choices(state)
    return bool(due and open_hexes) or bool(pool and hexes) or bool(restores)


def apply_place(state: BfmState, a: Place, events: list) -> None:
    side = state.side_of(a.unit)
    kept = _communication_of(state, side)
    state.pool.discard(a.unit)
    state.reduced.add(a.unit)  # 10.0 item 1: a new half-strength unit
    state.put(a.unit, a.hex)
    _carry_communication(state, side, kept)
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
    side = state.side_of(a.unit)
    kept = _communication_of(state, side)
    state.put(a.unit, a.hex)
    _carry_communication(state, side, kept)
    events.append(f"{a.unit} arrives in {a.hex} (reinforcement, 11.0)")
    events += enter_hex(state, a.unit, a.hex)
