"""Movement (8.0), Soviet rail movement (8.1), zones of control (7.1, 8.3), mud (12.1): where
units may go, the legal moves of a movement phase and what a move does."""

from __future__ import annotations

from ...core.bitboard import nth_bit
from ...core.paths import reachable_within, route_via
from .actions import END, Action, Move, moves_of
from .data import Phase
from .kinds import Movers, PhaseKind
from .replacements import enter_hex
from .state import BfmState, enemy_of

_MOVEMENT = PhaseKind.MOVEMENT
_PANZER = Movers.PANZER
_RAIL = Movers.RAIL
_UNCOUNTED = 1_000_000  # more hexes than any map has (``_all_moves_keep_clear``: no unit counted)


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
    cached = state._reach.get((unit, start, "mask"))
    if cached is None:
        cached = reach_masks(state, (unit,))[0][1]
    return cached  # type: ignore[return-value]


def reach_masks(state: BfmState, units) -> list[tuple[str, int]]:
    """``reach_mask`` of each of ``units`` (unit, mask), worked out together (the movers of a
    phase at its first decision: one search for all of them, ``BitGrid.reach_many``)."""
    phase = state._reach
    data = state.data
    hex_of, specs, bits = state.hex_of, data.units, data.bits
    rail = state.phase_spec.movers == _RAIL
    mud = data.mud(state.turn)
    keys = [(u, hex_of[u], "mask") for u in units]
    todo: dict[str, list[str]] = {}  # side -> units whose mask is not known yet
    for key in keys:
        if key not in phase:
            u = key[0]
            todo.setdefault(specs[u].side, []).append(u)
    for side, group in todo.items():
        # 8.2.1: never into a hex holding an enemy unit; 7.1 / 8.3: entering an enemy ZOC ends the move
        blocked, ezoc = state.side_mask(enemy_of(side)), state.enemy_zoc_mask(side)
        starts = [hex_of[u] for u in group]
        if rail:
            # 8.1: along connected rail hexes, 1 MP per hex whatever the terrain, not slowed by mud (12.1)
            got = bits.reach_along_many(starts, [specs[u].movement for u in group], data.rail_link_masks, blocked, ezoc)
        elif mud:
            near = data.neighbour_mask  # the six hexes around each hex
            got = [near[h] & ~blocked for h in starts]  # 12.1: one hex per phase
        else:  # TEC: forest costs 2 movement points, everything else 1
            allowances = [specs[u].movement for u in group]
            if len(group) == 1:
                got = [bits.reach(starts[0], allowances[0], data.cost_masks, blocked, ezoc)]
            else:
                got = bits.reach_many(starts, allowances, data.cost_masks, blocked, ezoc)
        for k in range(len(group)):  # (an indexed loop: faster than ``zip`` when compiled)
            phase[(group[k], starts[k], "mask")] = got[k]  # type: ignore[assignment]
    return [(key[0], phase[key]) for key in keys]  # type: ignore[misc]


def movement_masks(state: BfmState) -> list[tuple[str, int]]:
    """Every unit that may move now with the bit mask of its legal end hexes.

    8.2.2: a unit may enter a hex holding a friendly unit, but only one unit may be in a hex
    at the end of the phase. Any unit may move anywhere it can reach, as long as the units
    still free to move can then leave every shared hex by the end of the phase (exchanges of
    hexes, two- or three-way, included); a move after which that is impossible is refused, so
    a phase can always be finished. See docs/decisions.md (decision 25).
    """
    return _moves(state)[0]


def forget_phase_moves(state: BfmState) -> None:
    """A new phase begins: its moves are not the phase before's (``moved``, the movers and the
    allowances change), but it moves no unit, so the rest of the board's derived cache stays."""
    derived = state._derived
    if derived:
        derived.pop("moves", None)
        derived.pop("after_move", None)


def _moves(state: BfmState) -> tuple[list[tuple[str, int]], list[int], int, bool]:
    """``movement_masks`` with the number of moves of each unit, the number of legal actions
    and whether the phase may end now (no two units share a hex, 8.2.2), derived once per
    position (kept in the board's derived cache, which every change empties; after a move,
    from the moves before it when they allow, ``apply_move``)."""
    derived = state._derived
    if derived is None:
        derived = state._derived = {}
    moves = derived.get("moves")
    if moves is None:
        after = derived.get("after_move")
        if after is None:
            moves = _compute_moves(state)
        else:
            before, unit, to_bit, into_empty, from_bit = after
            moves = None
            if into_empty and type(before) is _Common:
                moves = _after_move(before, unit, to_bit, state.occupied_mask())
            if moves is None:
                live, fixed, counts, homes = _live_after(state, before, unit, to_bit)
                clear = _still_clear(before, into_empty, bool(state.occupied_mask() & from_bit))
                if clear is not None:  # a shared hex is left (8.2.2): the phase may not end yet
                    moves = _free(live, False, fixed, _Free, counts, homes, clear)
                else:
                    moves = _moves_from(state, live, fixed, counts, homes)
        derived["moves"] = moves
    return moves


class _Free(tuple):
    """The moves of a position where every unit free to move may go to any hex it reaches
    that no fixed unit holds (``fixed``): the moves after one of them follow from these
    (``_live_after``). ``homes``: the hex (bit) of each unit of the masks, in their order,
    once known (None: not worked out; the units free to move do not move until they move).
    ``clear``: when ``_all_moves_keep_clear`` showed these moves, what it found (else None)."""

    fixed: int
    homes: list[int] | None
    clear: tuple[int, int] | None


class _Common(_Free):
    """``_Free`` moves of the common case: no shared hex, and every unit free to move has an
    empty hex in reach (a move into an empty hex: ``_after_move``)."""


def _free(masks: list[tuple[str, int]], may_end: bool, fixed: int, kind: type[_Free], counts: list[int] | None = None,
          homes: list[int] | None = None, clear: tuple[int, int] | None = None) -> _Free:
    """The moves when every unit may go to any hex of its mask (``kind``: which case);
    ``counts``, the hexes of each mask, ``homes`` and ``clear`` when the caller knows them."""
    if counts is None:
        counts = [m.bit_count() for _, m in masks]
    got = kind((masks, counts, sum(counts) + may_end, may_end))
    got.fixed = fixed
    got.homes = homes
    got.clear = clear
    return got


def _without_mover(masks: list[tuple[str, int]], counts: list[int], homes: list[int] | None, unit: str, to_bit: int,
                   empty: int | None) -> tuple[list[tuple[str, int]], list[int], list[int] | None, int] | None:
    """The other movers' reach after ``unit`` moved into ``to_bit`` (the hex is fixed now: each
    unit moves once): their masks without that hex, how many hexes each holds, their homes
    (None if not given) and the total count plus one. With ``empty`` given: None as soon as a
    unit that could reach the hex has no hex of ``empty`` in reach any more."""
    new_masks: list[tuple[str, int]] = []
    new_counts: list[int] = []
    new_homes: list[int] | None = None if homes is None else []
    total = 1
    for k in range(len(masks)):  # (an indexed loop: faster than ``zip`` when compiled)
        vm = masks[k]
        v, m = vm
        if v == unit:
            continue
        n = counts[k]
        if m & to_bit:
            m ^= to_bit
            if empty is not None and not m & empty:
                return None
            n -= 1
            vm = (v, m)
        new_masks.append(vm)
        new_counts.append(n)
        if new_homes is not None:
            new_homes.append(homes[k])  # type: ignore[index]
        total += n
    return new_masks, new_counts, new_homes, total


def _live_after(state: BfmState, before: _Free, unit: str, to_bit: int) -> tuple[list[tuple[str, int]], int, list[int], list[int]]:
    """The units still free to move after ``unit`` moved into ``to_bit``, with the hexes they
    reach that no fixed unit holds, and the fixed hexes (the mover's new hex among them);
    then how many hexes each mask holds and the hex (bit) of each unit (``_moves_from``'s
    arguments), in one pass over the units."""
    masks, homes = before[0], before.homes
    if homes is None:  # the units free to move still stand where they stood before the move
        hex_of, bit = state.hex_of, state.data.hex_bit
        homes = [bit[hex_of[v]] for v, _ in masks]
    live, live_counts, live_homes, _ = _without_mover(masks, before[1], homes, unit, to_bit, None)  # type: ignore[misc]
    return live, before.fixed | to_bit, live_counts, live_homes  # type: ignore[return-value]


def _after_move(before: _Common, unit: str, to_bit: int, occupied: int) -> _Common | None:
    """The moves after ``unit`` moved into the empty hex ``to_bit`` from a position of the
    common case, in one pass: the same as ``_compute_moves`` gives. The mover now holds a
    fixed hex (each unit moves once), the hex it left is empty; None when some unit has no
    empty hex in reach any more (the matching of 8.2.2 is needed). Only a unit that could
    reach the hex entered can have lost its last empty hex: the others keep theirs (every
    unit had one before, and the hex the mover left is empty now)."""
    after = _without_mover(before[0], before[1], before.homes, unit, to_bit, ~occupied)
    if after is None:
        return None
    new_masks, new_counts, new_homes, total = after
    got = _Common((new_masks, new_counts, total, True))
    got.fixed = before.fixed | to_bit
    got.homes = new_homes
    got.clear = None
    return got


def _compute_moves(state: BfmState) -> tuple[list[tuple[str, int]], list[int], int, bool]:
    """``_moves`` from the position alone: the phase's movers with their reach (computed at
    the phase's first decision), the fixed hexes, then ``_moves_from``."""
    spec = state.phase_spec
    if spec.kind != _MOVEMENT:
        return [], [], 0, False
    hex_of = state.hex_of
    bit = state.data.hex_bit
    # unmoved units still stand where the phase found them: their masks hold for the phase
    phase = state._reach
    movers = phase.get("movers")
    moved = state.moved
    if movers is None:
        movers = phase["movers"] = reach_masks(state, [u for u in phase_movers(state) if u not in moved])  # type: ignore[assignment]
    live = [um for um in movers if um[0] not in moved]  # type: ignore[union-attr]
    # hexes of this side's units that may not move any more this phase: those the phase
    # does not let move (where they stood when it began) and those that have moved
    still = phase.get("still")
    if still is None:
        eligible = set(phase_movers(state))
        still = phase["still"] = (*_unmoving(state, eligible), eligible)  # type: ignore[assignment]
    fixed, clash, eligible = still  # type: ignore[misc]
    for u in moved:
        h = hex_of.get(u)
        if h is not None and u in eligible:
            if fixed & bit[h]:
                clash = True
            fixed |= bit[h]
    if clash:
        return [], [], 0, False  # two units that cannot move share a hex: nothing is legal
    return _moves_from(state, [(u, m & ~fixed) for u, m in live], fixed)


def _moves_from(state: BfmState, live: list[tuple[str, int]], fixed: int, counts: list[int] | None = None,
                homes: list[int] | None = None) -> tuple[list[tuple[str, int]], list[int], int, bool]:
    """The moves of the units free to move (``live``: unit, the hexes it reaches that no
    ``fixed`` unit holds), the hexes of the units that may not move any more being ``fixed``
    (``counts``: the hexes of each mask, ``homes``: the hex (bit) of each unit, if known)."""
    hex_of = state.hex_of
    may_end = len(state.index()) == len(hex_of)  # 8.2.2: one unit per hex at the end of the phase
    empty = ~state.occupied_mask()
    if may_end and all(m & empty for _, m in live):
        # the common case, cheaply: no shared hex, and a unit with an empty hex in reach can
        # always step aside for a newcomer
        return _free(live, True, fixed, _Common, counts, homes)
    if homes is None:
        bit = state.data.hex_bit
        homes = [bit[hex_of[u]] for u, _ in live]
    clear = _all_moves_keep_clear(live, homes, fixed, empty)
    if clear is not None:
        return _free(live, may_end, fixed, _Free, counts, homes, clear)
    stacks = Unstacking(live, homes, fixed)
    if not stacks.feasible:
        masks, counts = [(u, 0) for u, _ in live], [0] * len(live)
        return masks, counts, int(may_end), may_end
    stuck = stacks.stuck()
    if not stuck:  # every unit can make way for a newcomer: any reachable hex not fixed will do
        return _free(live, may_end, fixed, _Free, counts, homes)
    masks, counts, total = [], [], 0
    restricted = stacks.destinations_of(live)
    for k in range(len(live)):
        m = restricted[k]
        n = m.bit_count()
        masks.append((live[k][0], m))
        counts.append(n)
        total += n
    return masks, counts, total + may_end, may_end


def _all_moves_keep_clear(live: list[tuple[str, int]], homes: list[int], fixed: int, empty: int) -> tuple[int, int] | None:
    """8.2.2, a sufficient condition for every move to keep the phase finishable (so that the
    matching of ``Unstacking`` is not needed): with ``d`` units that must still leave a shared
    hex, each of them, and each other unit free to move whose hex another one can reach, has
    ``d + 2`` empty hexes in reach. A move adds at most one unit that must leave (the one whose
    hex it enters) and takes at most one empty hex, so afterwards each of the at most ``d + 1``
    units to leave has ``d + 1`` empty hexes to choose from, and they can all be given one of
    their own (Hall's condition); the others stay where they are.

    When it holds: (``d``, the fewest empty hexes in reach of the units counted), which
    ``_still_clear`` carries to the next move; else None."""
    kept, displaced = fixed, 0
    anyone = 0  # the hexes some unit free to move can reach
    leaving = []  # whether each unit must leave its hex (the first unit of a hex stays)
    for k in range(len(live)):  # (indexed loops: faster than ``zip`` when compiled)
        b = homes[k]
        anyone |= live[k][1]
        if b & kept:
            displaced += 1
            leaving.append(True)
        else:
            kept |= b
            leaving.append(False)
    if not displaced:
        return None  # no shared hex: ``_moves_from`` has its own common case
    need = displaced + 2
    least = _UNCOUNTED  # no unit counted yet
    for k in range(len(live)):
        if leaving[k] or homes[k] & anyone:
            n = (live[k][1] & empty).bit_count()
            if n < need:
                return None
            if n < least:
                least = n
    return displaced, least


def _still_clear(before: _Free, into_empty: bool, left_shared: bool) -> tuple[int, int] | None:
    """``_all_moves_keep_clear`` after a move from a position where it held (``before.clear``:
    ``d`` units to leave shared hexes, each unit counted with at least ``least`` empty hexes in
    reach), shown without looking at the units, or None when these bounds do not show it
    (then it is worked out again). The move adds a unit that must leave if it entered an
    occupied hex and takes one away if its unit left a shared hex; it takes at most one empty
    hex (the one it entered, if empty) from each unit's reach; and the units to count
    afterwards were counted before (a unit that must now leave stands in the hex the mover
    entered, which the mover could reach; the units and the hexes they reach only get fewer)."""
    clear = before.clear
    if clear is None:
        return None
    d, least = clear
    d += (0 if into_empty else 1) - (1 if left_shared else 0)
    if into_empty:
        least -= 1
    if d > 0 and least >= d + 2:
        return d, least
    return None


def _unmoving(state: BfmState, movers: set[str]) -> tuple[int, bool]:
    """The hexes of the phasing side's units on the map that the phase does not let move, as
    a mask, and whether two of them share a hex (fixed for the phase)."""
    hex_of, bit = state.hex_of, state.data.hex_bit
    fixed, clash = 0, False
    for u in state.data.side_units[state.phase_spec.side]:  # type: ignore[index]
        h = hex_of.get(u)
        if h is not None and u not in movers:
            if fixed & bit[h]:
                clash = True
            fixed |= bit[h]
    return fixed, clash


class Unstacking:
    """8.2.2 as a matching problem: every unit still free to move (``live``: unit, mask of the
    hexes it can reach) must end the phase alone in its hex, in its own hex or one it can
    reach, never in a ``fixed`` hex (held by a unit that may not move any more).

    A perfect matching of units to hexes is found once (Kuhn's augmenting paths, starting
    from every unit in its own hex). A move of ``u`` into hex ``h`` keeps the phase finishable
    unless ``h`` is the matched hex of another unit ``v`` that cannot be re-matched: ``v``
    needs a chain of units each moving into the next one's matched hex, ending in a free hex
    (``escapes``) or in the hex ``u`` leaves (Berge: an augmenting path for ``v``).

    Units are named by their index in ``live`` (lists and small integers: cheaper than dicts
    keyed by the units' names when compiled)."""

    __slots__ = ("options", "owner", "taken", "feasible", "match", "free", "_escapes", "_chains", "_stuck")

    def __init__(self, live: list[tuple[str, int]], homes: list[int], fixed: int) -> None:
        """``homes``: the hex (bit) of each unit of ``live``, in the same order."""
        count = len(live)
        options = [0] * count  # the hexes each unit may end the phase in
        owner: dict[int, int] = {}  # matched hex bit -> unit
        taken = 0
        not_fixed = ~fixed
        pending = []
        for k in range(count):
            b = homes[k]
            options[k] = (live[k][1] | b) & not_fixed
            if b & (fixed | taken):
                pending.append(k)
            else:
                owner[b] = k
                taken |= b
        self.options, self.owner, self.taken, self.feasible = options, owner, taken, True
        for k in pending:
            if not self._augment(k, [0]):
                self.feasible = False
        match = [0] * count  # the matched hex (bit) of each unit (0: none, only when not feasible)
        for b, k in owner.items():
            match[k] = b
        self.match = match
        self.free = ~(fixed | self.taken)
        self._escapes: set[int] | None = None
        self._chains: dict[int, set[int]] = {}
        self._stuck: list[tuple[int, int]] | None = None

    def _augment(self, k: int, seen: list[int]) -> bool:
        opts = self.options[k] & ~seen[0]
        free = opts & ~self.taken
        owner = self.owner
        if free:
            b = free & -free
            owner[b] = k
            self.taken |= b
            return True
        while opts:
            b = opts & -opts
            opts ^= b
            seen[0] |= b
            if self._augment(owner[b], seen):
                owner[b] = k
                return True
        return False

    def escapes(self) -> set[int]:
        """The units that can leave their matched hex by a chain ending in a free hex."""
        if self._escapes is None:
            reachable = self.free  # free hexes, then the matched hexes of units that can escape
            out: set[int] = set()
            options, match = self.options, self.match
            rest = list(range(len(options)))
            while rest:
                left = []
                for k in rest:
                    if options[k] & reachable:
                        out.add(k)
                        reachable |= match[k]
                    else:
                        left.append(k)
                if len(left) == len(rest):
                    break
                rest = left
            self._escapes = out
        return self._escapes

    def stuck(self) -> list[tuple[int, int]]:
        """The units (with their matched hex) that cannot make way by a chain to a free hex:
        a move into their hex needs a chain back to the hex the mover leaves."""
        if self._stuck is None:
            escapes, match = self.escapes(), self.match
            self._stuck = [(v, match[v]) for v in range(len(match)) if v not in escapes]
        return self._stuck

    def chains(self, v: int) -> set[int]:
        """The units whose matched hex ``v`` can reach by a chain of moves into matched hexes."""
        got = self._chains.get(v)
        if got is None:
            options, match = self.options, self.match
            got, todo = set(), [v]
            while todo:
                reach = options[todo.pop()]
                for w in range(len(match)):
                    if reach & match[w] and w != v and w not in got:
                        got.add(w)
                        todo.append(w)
            self._chains[v] = got
        return got

    def destinations_of(self, live: list[tuple[str, int]]) -> list[int]:
        """The hexes into which each unit of ``live`` (the units of the matching, in order,
        with candidate hexes) may move (see the class docstring)."""
        if not self.feasible:
            return [0] * len(live)
        stuck = self.stuck()
        out = []
        for u in range(len(live)):
            candidates = live[u][1]
            m = candidates
            for v, b in stuck:
                if v != u and b & candidates and u not in self.chains(v):
                    m &= ~b
            out.append(m)
        return out


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
    derived = state._derived  # the moves were usually just counted (``legal_count``)
    moves = None if derived is None else derived.get("moves")
    masks, counts, _, may_end = _moves(state) if moves is None else moves
    for k, n in enumerate(counts):
        if i < n:
            u, mask = masks[k]
            data = state.data
            by_index = data.move_lists.get(u)
            if by_index is None:
                by_index = data.move_lists[u] = [None] * len(data.hex_order)
            j = nth_bit(mask, i)  # the i-th hex of the mask
            move = by_index[j]
            if move is None:
                move = by_index[j] = moves_of(u)[data.hex_order[j]]
            return move
        i -= n
    if i == 0 and may_end:
        return END
    raise IndexError("legal action index out of range")


def is_legal_move(state: BfmState, action: Move) -> bool:
    """Whether a move is legal now (the common case of ``Rules.is_legal``, kept cheap)."""
    if not (state.phase_spec.kind == _MOVEMENT and action.unit in state.hex_of and action.to in destinations(state, action.unit)):
        return False
    return not action.via or move_path(state, action) is not None


def move_path(state: BfmState, action: Move) -> list[str] | None:
    """The cheapest path of a move that names the hexes it passes through (``via``, in order),
    under the same rules as ``reach``: never into an enemy unit (8.2.1), entering an enemy ZOC
    ends the move (7.1, 8.3), forest 2 (TEC), one hex in mud (12.1), rail links only (8.1);
    None if there is no such path within the unit's movement allowance."""
    unit = action.unit
    data = state.data
    side = data.units[unit].side
    spec = state.phase_spec
    blocked = state.hexes_of_side(enemy_of(side))
    ezoc = state.enemy_zoc(side)
    if spec.movers == _RAIL:
        neighbours, costs, allowance = data.rail_neighbours, data.unit_cost, data.units[unit].movement
    elif data.mud(state.turn):
        neighbours, costs, allowance = data.neighbours, data.unit_cost, 1
    else:
        neighbours, costs, allowance = data.neighbours, data.terrain_cost, data.units[unit].movement

    def step(a: str, b: str) -> int | None:
        return None if b in blocked else costs[b]

    got = route_via(state.hex_of[unit], (*action.via, action.to), allowance, neighbours.__getitem__, step, ezoc.__contains__)
    return None if got is None else got[0]


def apply_move(state: BfmState, a: Move, events: list) -> None:
    unit, to = a.unit, a.to
    start = state.hex_of[unit]
    data = state.data
    cities = data.cities
    derived = state._derived
    before = derived.get("moves") if derived else None
    if isinstance(before, _Free):  # the moves after this one follow from these (``_moves``)
        to_bit = data.hex_bit[to]
        before = (before, unit, to_bit, not state.occupied_mask() & to_bit, data.hex_bit[start])
    else:
        before = None
    state.put(unit, to)
    state.moved.add(unit)
    events.append(f"{unit} moves {start} -> {to}" + (" via " + " ".join(a.via) if a.via else ""))
    for h in a.via:  # 10.0: the last side to have entered a city controls it (decision 8)
        if h in cities and h != start:
            events += enter_hex(state, unit, h)
    if to in cities:
        events += enter_hex(state, unit, to)
    if before is not None:
        state._derived = {"after_move": before}


def why_not_move(state: BfmState, a: Move) -> str:
    """Why a move of a unit of the side to move is refused (8.0-8.2.2)."""
    if a.unit not in state.hex_of:
        return f"{a.unit} is not on the map"
    if a.unit in state.moved:
        return f"{a.unit} has already moved this phase"
    spec = state.phase_spec
    if not may_move(state, a.unit):
        return f"{a.unit} may not move in the {spec.label}"
    if a.to not in reach(state, a.unit):
        return f"{a.unit} cannot reach {a.to} this phase"
    if a.via and a.to in destinations(state, a.unit):
        return f"{a.unit} cannot reach {a.to} through {', '.join(a.via)} this phase (8.0-8.3)"
    return (f"{a.unit} may not end its move in {a.to}: the units there could not all leave it by the end "
            "of the phase (one unit per hex, 8.2.2)")
