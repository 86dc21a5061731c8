"""The mutable state of a Battle for Moscow game, with cheap copies for undo and search."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...core.paths import zone_of_control
from .data import BfmData, Phase, bfm_data
from .kinds import Result, Step
from .options import BfmOptions

_EMPTY: list[str] = []
_new_state = object.__new__


def enemy_of(side: str) -> str:
    return "soviet" if side == "german" else "german"


@dataclass(slots=True)
class Battle:
    """One declared battle and, while it is being resolved, where it stands."""

    target: str  # the battle hex
    defender: str
    attackers: list[str]
    step: Step = Step.DECLARED
    result: Result | None = None
    loss_due: Fraction = Fraction(0)  # EX: strength points the attacker still has to lose
    loss_kind: Result | None = None  # Result.EX or Result.AL while the attacker takes losses
    fought: str | None = None  # the odds column it was resolved at ("3:1", "below 1:1"), once resolved
    column: int | None = field(default=None, compare=False)  # the CRT column fixed when it was resolved (9.0 step 3), for its die roll; None: not known

    def copy(self) -> Battle:
        return Battle(self.target, self.defender, list(self.attackers), self.step, self.result, self.loss_due, self.loss_kind,
                      self.fought, self.column)


@dataclass(slots=True)
class BfmState:
    options: BfmOptions
    turn: int
    phase: str
    hex_of: dict[str, str]  # unit -> hex, units on the map
    reduced: set[str]  # units showing their reduced side (on or off the map)
    pool: set[str]  # units off the map that replacements may bring in (10.0)
    control: dict[str, str]  # city hex -> side that entered it last (10.0)
    reinforcements: dict[int, list[str]]  # turn -> Soviet units due (11.0)
    moved: set[str] = field(default_factory=set)  # units that moved this phase
    rail_movers: frozenset[str] = frozenset()  # units on a rail line when the rail phase began (8.1)
    replacements_left: int = 0
    replaced: set[str] = field(default_factory=set)  # units given a step this player turn (10.1)
    battles: dict[str, Battle] = field(default_factory=dict)  # battle hex -> battle, declaration order
    committed: bool = False
    current: str | None = None  # battle hex being resolved
    to_set_up: list[str] = field(default_factory=list)
    finished: bool = False
    outcome: Any = None
    _index: dict[str, list[str]] | None = None
    _ezoc: dict[str, frozenset[str]] | None = None
    _derived: dict[str, dict] | None = None
    _reach: dict[tuple[str, str], dict[str, float]] = field(default_factory=dict)
    _occupied: int | None = None  # occupied hexes as a bit mask (``occupied_mask``), kept up to date by ``put``
    _sides: tuple[int, int] | None = None  # (German, Soviet) occupied hexes as bit masks (``side_mask``), kept up to date by ``put``
    _own_index: bool = False  # whether ``_index`` is this state's alone (not shared with a copy): ``put`` may change it in place
    # the edition's data (BfmData), shared by every copy; a kit's rules put their own (package.KitRules)
    data: BfmData = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.data = bfm_data(self.options.edition, self.options.red_border)

    @property
    def phase_spec(self) -> Phase:
        """The current phase of the sequence of play (4.0): the one phase lookup."""
        return self.data.phases[self.phase]

    # -- derived views ---------------------------------------------------------------------
    def side_of(self, unit: str) -> str:
        return self.data.units[unit].side

    def index(self) -> dict[str, list[str]]:
        """Hex -> units in it (derived from ``hex_of``, rebuilt after a change)."""
        if self._index is None:
            index: dict[str, list[str]] = {}
            for u, h in self.hex_of.items():
                index.setdefault(h, []).append(u)
            self._index = index
            self._own_index = True
        return self._index

    def derived(self, name: str) -> dict:
        """A scratch cache for values derived from the board, emptied by every change."""
        derived = self._derived
        if derived is None:
            derived = self._derived = {}
        cache = derived.get(name)
        if cache is None:
            cache = derived[name] = {}
        return cache

    def hexes_of_side(self, side: str) -> frozenset[str]:
        cache = self.derived("hexes_of_side")
        if side not in cache:  # both sides in one pass over the units on the map
            units = self.data.units
            german: list[str] = []
            soviet: list[str] = []
            for u, h in self.hex_of.items():
                (german if units[u].side == "german" else soviet).append(h)
            cache["german"], cache["soviet"] = frozenset(german), frozenset(soviet)
        return cache[side]

    def side_mask(self, side: str) -> int:
        """Hexes holding units of ``side``, as a bit mask."""
        sides = self._sides
        if sides is None:  # both sides in one pass over the units on the map
            data = self.data
            units, bit = data.units, data.hex_bit
            german = soviet = 0
            for u, h in self.hex_of.items():
                if units[u].side == "german":
                    german |= bit[h]
                else:
                    soviet |= bit[h]
            sides = self._sides = (german, soviet)
        return sides[0] if side == "german" else sides[1]

    def enemy_zoc_mask(self, side: str) -> int:
        """``enemy_zoc`` as a bit mask (7.0)."""
        cache = self.derived("ezoc_mask")
        if side not in cache:
            cache[side] = self.data.bits.dilate(self.side_mask("soviet" if side == "german" else "german"))
        return cache[side]

    def occupied_mask(self) -> int:
        """Occupied hexes as a bit mask over ``data.hex_order`` (kept up to date by ``put``)."""
        mask = self._occupied
        if mask is None:
            bit = self.data.hex_bit
            mask = 0
            for h in self.hex_of.values():
                mask |= bit[h]
            self._occupied = mask
        return mask

    def occupants(self, hex_id: str) -> list[str]:
        return self.index().get(hex_id, _EMPTY)

    def unit_at(self, hex_id: str) -> str | None:
        occ = self.occupants(hex_id)
        return occ[0] if occ else None

    def side_at(self, hex_id: str) -> str | None:
        occ = self.index().get(hex_id)
        return self.data.units[occ[0]].side if occ else None

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """Hexes in the zone of control of the enemies of ``side`` (7.0: the six hexes around each unit)."""
        if self._ezoc is None:
            self._ezoc = {}
        if side not in self._ezoc:
            units = self.data.units
            nb = self.data.neighbours
            self._ezoc[side] = zone_of_control(
                (h for u, h in self.hex_of.items() if units[u].side != side), nb.__getitem__
            )
        return self._ezoc[side]

    def strength(self, unit: str) -> int:
        spec = self.data.units[unit]
        return spec.reduced if unit in self.reduced else spec.full

    def overstacked(self) -> list[str]:
        """Hexes holding more than one unit (possible only in the middle of a movement phase)."""
        index = self.index()
        if len(index) == len(self.hex_of):
            return []
        return [h for h, occ in index.items() if len(occ) > 1]

    # -- changes ---------------------------------------------------------------------------
    def touched(self, side: str | None = None) -> None:
        """Forget derived views after a unit of ``side`` appeared, moved or left. Its own
        side's enemy zone of control is made by the other side's units and stays valid."""
        self._index = None
        self._derived = None
        self._occupied = None
        self._sides = None
        ezoc = self._ezoc
        if side is None or not ezoc or side not in ezoc:
            self._ezoc = None
        else:
            self._ezoc = {side: ezoc[side]}  # a new dict: a copy of the state may share the old one

    def put(self, unit: str, hex_id: str) -> None:
        """Place ``unit`` in ``hex_id`` (from the map or from off it), keeping the index and the
        occupancy mask up to date (the index is copied first if a copy of the state shares it;
        its lists are replaced, never changed)."""
        index = self._index
        occupied = self._occupied
        sides = self._sides
        hex_of = self.hex_of
        old = hex_of.get(unit)
        hex_of[unit] = hex_id
        data = self.data
        side = data.units[unit].side
        if index is None:
            self.touched(side)
            return
        # ``touched(side)``, the views kept up to date below excepted
        self._derived = None
        ezoc = self._ezoc
        self._ezoc = None if not ezoc or side not in ezoc else {side: ezoc[side]}  # a new dict: a copy may share the old one
        if not self._own_index:
            index = dict(index)  # update a copy of the index rather than rebuilding it
        bit = data.hex_bit
        vacated = 0  # the hex the unit left, if no unit is left in it
        if old is not None:
            there = index[old]
            if len(there) > 1:
                index[old] = [u for u in there if u != unit]
            else:
                del index[old]
                vacated = bit[old]
        there = index.get(hex_id)
        index[hex_id] = [unit] if there is None else there + [unit]
        self._index = index
        self._own_index = True
        b = bit[hex_id]
        self._occupied = None if occupied is None else (occupied & ~vacated) | b
        if sides is not None:  # the units sharing a hex are of one side (8.2.1)
            german, soviet = sides
            sides = ((german & ~vacated) | b, soviet) if side == "german" else (german, (soviet & ~vacated) | b)
        self._sides = sides

    def remove(self, unit: str) -> None:
        del self.hex_of[unit]
        self.touched(self.data.units[unit].side)

    def copy(self) -> BfmState:
        """An independent copy (undo, search). Every mutable field is copied; the derived views
        (index, zones of control, occupancy, the edition data) are shared until the next change
        replaces them, never changed in place."""
        new = _new_state(BfmState)
        self._own_index = False  # the index is shared from now on
        new.options, new.turn, new.phase, new.data = self.options, self.turn, self.phase, self.data
        new.hex_of = self.hex_of.copy()
        new.reduced = self.reduced.copy()
        new.pool = self.pool.copy()
        new.control = self.control.copy()
        new.reinforcements = {t: us.copy() for t, us in self.reinforcements.items()}
        new.moved = self.moved.copy()
        new.rail_movers = self.rail_movers
        new.replacements_left = self.replacements_left
        new.replaced = self.replaced.copy()
        new.battles = {k: b.copy() for k, b in self.battles.items()} if self.battles else {}
        new.committed, new.current = self.committed, self.current
        new.to_set_up = self.to_set_up.copy()
        new.finished, new.outcome = self.finished, self.outcome
        new._index, new._ezoc, new._derived = self._index, self._ezoc, None
        new._reach = self._reach.copy()
        new._occupied, new._sides, new._own_index = self._occupied, self._sides, False
        return new
