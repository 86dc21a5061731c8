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


def phase_movers(state: BfmState) -> list[str]:
    """The units the current movement phase lets move (``eligible_to_move``), in counter order:
    fixed for the phase, so kept in the phase's cache."""
    movers = state._reach.get("eligible")
    if movers is None:
        spec = state.phase_spec
        if spec.kind != _MOVEMENT:
            return []
        hex_of = state.hex_of
        units = state.data.units
        movers = [u for u in state.data.side_units[spec.side] if u in hex_of]  # type: ignore[index]
        if spec.movers == _PANZER:  # 4.0 phase 2: only German armour (panzer) units move
            movers = [u for u in movers if units[u].kind == "panzer"]
        elif spec.movers == _RAIL:  # 8.1: only units that start the phase on a rail line
            movers = [u for u in movers if u in state.rail_movers]
        state._reach["eligible"] = movers  # type: ignore[assignment]
    return movers  # type: ignore[return-value]


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
        blocked = state.side_mask(enemy_of(side))
        if spec.movers == _RAIL:
            # 8.1: along connected rail hexes, 1 MP per hex whatever the terrain, not slowed by mud (12.1)
            cached = data.bits.reach_along(
                start, data.units[unit].movement, data.rail_link_masks, blocked, state.enemy_zoc_mask(side)
            )
        else:
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
    return _moves(state)[0]


def _moves(state: BfmState) -> tuple[list[tuple[str, int]], list[int], int, bool]:
    """``movement_masks`` with the number of moves of each unit, the number of legal actions
    and whether the phase may end now (no two units share a hex, 8.2.2), derived once per
    position (kept in the board's derived cache, which every change empties)."""
    derived = state._derived
    if derived is None:
        derived = state._derived = {}
    moves = derived.get("moves")
    if moves is None:
        moves = derived["moves"] = _compute_moves(state)
    return moves


def _compute_moves(state: BfmState) -> tuple[list[tuple[str, int]], list[int], int, bool]:
    spec = state.phase_spec
    if spec.kind != _MOVEMENT:
        return [], [], 0, False
    index = state.index()
    occupied = state.occupied_mask()
    hex_of = state.hex_of
    if len(index) != len(hex_of):
        # resolve the overstack first: only the unit that was there first (and has not moved) moves
        stacked = state.overstacked()
        masks = [(u, reach_mask(state, u) & ~occupied) for h in stacked for u in index[h] if may_move(state, u, spec)]
        counts = [m.bit_count() for _, m in masks]
        return masks, counts, sum(counts), False
    # unmoved units still stand where the phase found them: their masks hold for the phase
    phase = state._reach
    movers = phase.get("movers")
    moved = state.moved
    if movers is None:
        movers = phase["movers"] = [(u, reach_mask(state, u)) for u in phase_movers(state) if u not in moved]  # type: ignore[assignment]
    bit = state.data.hex_bit
    empty = ~occupied
    may_share = 0  # hexes whose (unmoved) occupant can still step aside to an empty hex
    live = []
    for um in movers:  # type: ignore[union-attr]
        u, m = um
        if u not in moved:
            live.append(um)
            if m & empty:
                may_share |= bit[hex_of[u]]
    free = empty | may_share
    masks, counts, total = [], [], 1  # 1: ``end``
    for u, m in live:
        m &= free
        n = m.bit_count()
        masks.append((u, m))
        counts.append(n)
        total += n
    return masks, counts, total, True


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
    masks, _, _, may_end = _moves(state)
    for u, mask in masks:
        moves = moves_of(u)
        acts.extend([moves[h] for h in hexes_of(mask)])
    if may_end:
        acts.append(END)
    return acts


def legal_count(state: BfmState) -> int:
    """``len(legal(state))`` without building the list."""
    return _moves(state)[2]


def legal_nth(state: BfmState, i: int) -> Action:
    """``legal(state)[i]`` without building the list."""
    masks, counts, _, may_end = _moves(state)
    for (u, mask), n in zip(masks, counts):
        if i < n:
            return moves_of(u)[state.data.bits.nth(mask, i)]
        i -= n
    if i == 0 and may_end:
        return END
    raise IndexError("legal action index out of range")


def is_legal_move(state: BfmState, action: Move) -> bool:
    """Whether a move is legal now (the common case of ``Rules.is_legal``, kept cheap)."""
    return state.phase_spec.kind == _MOVEMENT and action.unit in state.hex_of and action.to in destinations(state, action.unit)


def apply_move(state: BfmState, a: Move, events: list) -> None:
    unit, to = a.unit, a.to
    start = state.hex_of[unit]
    state.put(unit, to)
    state.moved.add(unit)
    events.append(f"{unit} moves {start} -> {to}")
    if to in state.data.cities:
        events += enter_hex(state, unit, to)


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
