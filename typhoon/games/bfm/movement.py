"""Movement (8.0), Soviet rail movement (8.1), zones of control (7.1, 8.3), mud (12.1): where
units may go, the legal moves of a movement phase and what a move does."""

from __future__ import annotations

from ...core.paths import reachable_within
from .actions import END, Action, Move, moves_of
from .data import Phase
from .kinds import Movers, PhaseKind
from .replacements import enter_hex
from .state import BfmState, enemy_of

_MOVEMENT = PhaseKind.MOVEMENT
_PANZER = Movers.PANZER
_RAIL = Movers.RAIL


def phase_spec(state: BfmState) -> Phase:
    """The current phase (``BfmState.phase_spec``; kept for callers of this module)."""
    return state.phase_spec


def may_move(state: BfmState, unit: str, spec=None) -> bool:
    """Whether ``unit`` may still move in the current movement phase (each unit moves once)."""
    return unit not in state.moved and eligible_to_move(state, unit, spec)


def eligible_to_move(state: BfmState, unit: str, spec=None) -> bool:
    """Whether ``unit`` is one of the units the current movement phase lets move."""
    spec = spec or state.phase_spec
    if spec.kind != _MOVEMENT or unit not in state.hex_of:
        return False
    u = state.data.units[unit]
    if u.side != spec.side:
        return False
    if spec.movers == _PANZER:  # 4.0 phase 2: only German armour (panzer) units move
        return u.kind == "panzer"
    if spec.movers == _RAIL:  # 8.1: only units that start the phase on a rail line
        return unit in state.rail_movers
    return True


def reach(state: BfmState, unit: str) -> dict[str, int]:
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
    spec = state.phase_spec
    ezoc = state.enemy_zoc(side)
    blocked = state.hexes_of_side(enemy_of(side))  # 8.2.1: never into a hex holding an enemy unit
    ma = data.units[unit].movement
    if spec.movers == _RAIL:
        # 8.1: only along connected rail hexes, 1 MP per hex whatever the terrain; not slowed by mud (12.1)
        result = reachable_within(start, ma, data.rail_neighbours, data.unit_cost, blocked, ezoc)
    elif data.mud(state.turn):
        # 12.1: all movement except rail movement is one hex per phase
        result = {start: 0}
        for h in data.neighbours[start]:
            if h not in blocked:
                result[h] = 1
    else:
        # TEC: forest costs 2 movement points, everything else 1; rivers nothing (8.0 example);
        # 7.1 / 8.3: entering an enemy ZOC ends the move
        result = reachable_within(start, ma, data.neighbours, data.terrain_cost, blocked, ezoc)
    state._reach[key] = result
    return result


def reach_mask(state: BfmState, unit: str) -> int:
    """The hexes of ``reach`` except the start hex, as a bit mask (cached per phase).

    The same rules as ``reach``, computed on bitboards: enemy units block (8.2.1), entering
    an enemy ZOC ends the move (7.1, 8.3), forest costs 2 (TEC), mud allows one hex (12.1);
    rail movement (8.1) follows the rail links.
    """
    start = state.hex_of[unit]
    key = (unit, start, "mask")
    cached = state._reach.get(key)
    if cached is None:
        data = state.data
        spec = state.phase_spec
        side = data.units[unit].side
        if spec.movers == _RAIL:
            bit = data.hex_bit
            cached = 0
            for h in reach(state, unit):
                if h != start:
                    cached |= bit[h]
        else:
            blocked = state.side_mask(enemy_of(side))
            if data.mud(state.turn):
                cached = data.bits.dilate(data.hex_bit[start]) & ~blocked
            else:
                cached = data.bits.reach(
                    start, data.units[unit].movement, data.cost_masks, blocked, state.enemy_zoc_mask(side)
                )
        state._reach[key] = cached  # type: ignore[assignment]
    return cached  # type: ignore[return-value]


def movement_masks(state: BfmState) -> list[tuple[str, int]]:
    """Every unit that may move now with the bit mask of its legal end hexes.

    8.2.2: a unit may enter a hex holding a friendly unit, but only one unit may be in a hex
    at the end of the phase. Typhoon lets a move end on a friendly unit only if that unit may
    still move this phase and has an empty hex to go to; until it has moved away, it is the
    only unit that may move (so a phase can always be finished). See docs/decisions.md.
    """
    cache = state.derived("movement")
    if "masks" not in cache:
        cache["masks"] = _movement_masks(state)
    return cache["masks"]


def _movement_masks(state: BfmState) -> list[tuple[str, int]]:
    spec = state.phase_spec
    if spec.kind != _MOVEMENT:
        return []
    index = state.index()
    occupied = state.occupied_mask()
    stacked = state.overstacked()
    if stacked:
        # resolve the overstack first: only the unit that was there first (and has not moved) moves
        return [(u, reach_mask(state, u) & ~occupied) for h in stacked for u in index[h] if may_move(state, u, spec)]
    eligible = state._reach.get("eligible")
    if eligible is None:  # the units allowed to move this phase (fixed for the phase)
        eligible = [u for u in state.data.unit_order if eligible_to_move(state, u, spec)]
        state._reach["eligible"] = eligible  # type: ignore[assignment]
    # unmoved units still stand where the phase found them: their masks hold for the phase
    known = state._reach.get("unmoved")
    if known is None:
        known = state._reach["unmoved"] = {}  # type: ignore[assignment]
    moved = state.moved
    masks = []
    for u in eligible:
        if u not in moved:
            m = known.get(u)  # type: ignore[union-attr]
            if m is None:
                m = known[u] = reach_mask(state, u)  # type: ignore[index]
            masks.append((u, m))
    bit = state.data.hex_bit
    hex_of = state.hex_of
    empty = ~occupied
    may_share = 0  # hexes whose (unmoved) occupant can still step aside to an empty hex
    for u, mask in masks:
        if mask & empty:
            may_share |= bit[hex_of[u]]
    free = ~occupied | may_share
    return [(u, mask & free) for u, mask in masks]


def destinations(state: BfmState, unit: str) -> list[str]:
    """Legal end hexes of a move of ``unit`` now (see ``movement_masks``)."""
    for u, mask in movement_masks(state):
        if u == unit:
            return state.data.hexes_of_mask(mask)
    return []


def rail_units(state: BfmState, side: str) -> frozenset[str]:
    """8.1: the units of ``side`` standing on a rail hex as the rail movement phase begins."""
    rail = state.data.rail_hexes
    units = state.data.units
    return frozenset(u for u, h in state.hex_of.items() if units[u].side == side and h in rail)


# -- the legal moves of a movement phase, and moving ----------------------------------------
def legal(state: BfmState) -> list[Action]:
    """Every legal move, unit by unit in counter order, then ``end`` unless two units share a
    hex (8.2.2: one unit per hex at the end of the phase)."""
    acts: list[Action] = []
    hexes_of = state.data.hexes_of_mask
    for u, mask in movement_masks(state):
        moves = moves_of(u)
        acts.extend([moves[h] for h in hexes_of(mask)])
    if not state.overstacked():
        acts.append(END)
    return acts


def legal_count(state: BfmState) -> int:
    """``len(legal(state))`` without building the list."""
    return sum(m.bit_count() for _, m in movement_masks(state)) + (0 if state.overstacked() else 1)


def legal_nth(state: BfmState, i: int) -> Action:
    """``legal(state)[i]`` without building the list."""
    for u, mask in movement_masks(state):
        n = mask.bit_count()
        if i < n:
            return moves_of(u)[state.data.hexes_of_mask(mask)[i]]
        i -= n
    if i == 0 and not state.overstacked():
        return END
    raise IndexError("legal action index out of range")


def is_legal_move(state: BfmState, action: Move) -> bool:
    """Whether a move is legal now (the common case of ``Rules.is_legal``, kept cheap)."""
    return state.phase_spec.kind == _MOVEMENT and action.unit in state.hex_of and action.to in destinations(state, action.unit)


def apply_move(state: BfmState, a: Move, events: list) -> None:
    start = state.hex_of[a.unit]
    state.put(a.unit, a.to)
    state.moved.add(a.unit)
    events.append(f"{a.unit} moves {start} -> {a.to}")
    events += enter_hex(state, a.unit, a.to)


def why_not_move(state: BfmState, a: Move) -> str:
    """Why a move of a unit of the side to move is refused (8.0-8.2.2)."""
    if a.unit not in state.hex_of:
        return f"{a.unit} is not on the map"
    if a.unit in state.moved:
        return f"{a.unit} has already moved this phase"
    spec = state.phase_spec
    if not may_move(state, a.unit):
        return f"{a.unit} may not move in the {spec.label}"
    if state.overstacked():
        return f"the unit sharing {state.overstacked()[0]} must move off first (8.2.2)"
    if a.to not in reach(state, a.unit):
        return f"{a.unit} cannot reach {a.to} this phase"
    return f"{a.unit} may not end its move in {a.to} (one unit per hex, 8.2.2)"
