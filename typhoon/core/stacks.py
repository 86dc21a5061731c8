"""Stacks of units in hexes, stacking limits and step losses.

BfM allows one unit per hex and keeps its own position arrays; the bigger Moscow games stack
several units (OT, DoM, MC stacking limits by units or by stacking points, some units exempt)
and units have several steps. These small containers are copied with the game state, so
they are plain dicts and lists with cheap ``copy()``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

from .errors import IllegalActionError

Unit = Hashable


class Stacks:
    """Which hex each unit is in, and each hex's units in the order they were placed.

    The order is the stack's order from bottom to top (a unit moved in goes on top): what the
    board draws and what "the top unit" rules read. Serves stacking in OT, DoM and MC."""

    __slots__ = ("hex_of", "_at")

    def __init__(self, hex_of: dict | None = None) -> None:
        self.hex_of: dict[Unit, str] = {}
        self._at: dict[str, list[Unit]] = {}
        for unit, h in (hex_of or {}).items():
            self.place(unit, h)

    def at(self, hex_id: str) -> tuple[Unit, ...]:
        """The units in a hex, bottom first (placing order); ``()`` for an empty hex."""
        return tuple(self._at.get(hex_id, ()))

    def place(self, unit: Unit, hex_id: str) -> None:
        """Put a unit that is not on the map on top of ``hex_id`` (set-up, reinforcements)."""
        if unit in self.hex_of:
            raise IllegalActionError(f"{unit} is already in {self.hex_of[unit]} (move it instead)")
        self.hex_of[unit] = hex_id
        self._at.setdefault(hex_id, []).append(unit)

    def remove(self, unit: Unit) -> str:
        """Take a unit off the map (elimination, withdrawal); returns the hex it was in."""
        try:
            h = self.hex_of.pop(unit)
        except KeyError:
            raise IllegalActionError(f"{unit} is not on the map") from None
        stack = self._at[h]
        stack.remove(unit)
        if not stack:
            del self._at[h]
        return h

    def move(self, unit: Unit, hex_id: str) -> str:
        """Move a unit on the map to the top of ``hex_id``; returns the hex it left."""
        left = self.remove(unit)
        self.place(unit, hex_id)
        return left

    def units(self) -> tuple[Unit, ...]:
        """Every unit on the map, in placing order."""
        return tuple(self.hex_of)

    def hexes(self) -> tuple[str, ...]:
        """Every occupied hex."""
        return tuple(self._at)

    def copy(self) -> Stacks:
        """An independent copy (game-state copies for search and undo)."""
        new = Stacks.__new__(Stacks)
        new.hex_of = dict(self.hex_of)
        new._at = {h: list(us) for h, us in self._at.items()}
        return new

    def __contains__(self, unit: object) -> bool:
        return unit in self.hex_of

    def __len__(self) -> int:
        return len(self.hex_of)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stacks) and self._at == other._at

    def __repr__(self) -> str:
        return f"Stacks({self._at!r})"


@dataclass(frozen=True)
class StackLimit:
    """A stacking limit: at most ``max_units`` counted units and at most ``max_points``
    stacking points per hex (None: no such limit). ``points(u)`` gives a unit's stacking
    points; ``exempt(u)`` units do not count at all (HQs, markers, leaders in some games).
    Serves OT/DoM/MC stacking rules; a game with several limits (by terrain, by side)
    checks the one that applies to the hex."""

    max_units: int | None = None
    max_points: int | None = None
    points: Callable[[Unit], int] = field(default=lambda u: 1)
    exempt: Callable[[Unit], bool] = field(default=lambda u: False)

    def load(self, units: Iterable[Unit]) -> tuple[int, int]:
        """``(units counted, stacking points)`` of a group of units."""
        n = pts = 0
        for u in units:
            if not self.exempt(u):
                n += 1
                pts += self.points(u)
        return n, pts

    def _exceeds(self, n: int, pts: int) -> bool:
        return (self.max_units is not None and n > self.max_units) or (
            self.max_points is not None and pts > self.max_points
        )

    def over(self, stacks: Stacks, hex_id: str) -> bool:
        """Whether the hex holds more than the limit (end-of-phase stacking checks)."""
        return self._exceeds(*self.load(stacks.at(hex_id)))

    def fits(self, stacks: Stacks, hex_id: str, adding: Iterable[Unit]) -> bool:
        """Whether ``adding`` units may join the hex without exceeding the limit (a move, a
        retreat or an advance after combat into a stack)."""
        present = stacks.at(hex_id)
        extra = [u for u in adding if u not in present]
        return not self._exceeds(*self.load((*present, *extra)))

    def overstacked(self, stacks: Stacks, hexes: Iterable[str] | None = None) -> list[str]:
        """The hexes (all occupied hexes by default) over the limit, in the order given."""
        return [h for h in (stacks.hexes() if hexes is None else hexes) if self.over(stacks, h)]


@dataclass
class Steps:
    """Remaining steps of multi-step units (full strength, reduced, cadre...): step losses in
    OT/DoM/MC combat results and replacements. Units not listed have no steps to lose."""

    steps: dict[Unit, int] = field(default_factory=dict)

    def __getitem__(self, unit: Unit) -> int:
        return self.steps[unit]

    def lose(self, unit: Unit, n: int = 1) -> int:
        """Take ``n`` steps from a unit; returns the steps left (0: eliminated; never below 0)."""
        if n < 0:
            raise ValueError(f"cannot lose {n} steps")
        if unit not in self.steps:
            raise IllegalActionError(f"{unit} has no steps to lose")
        left = max(0, self.steps[unit] - n)
        self.steps[unit] = left
        return left

    def gain(self, unit: Unit, n: int = 1, maximum: int | None = None) -> int:
        """Give back ``n`` steps (replacements), at most up to ``maximum``; returns the steps."""
        if n < 0:
            raise ValueError(f"cannot gain {n} steps")
        value = self.steps.get(unit, 0) + n
        if maximum is not None:
            value = min(value, maximum)
        self.steps[unit] = value
        return value

    def copy(self) -> Steps:
        """An independent copy (game-state copies for search and undo)."""
        return Steps(dict(self.steps))
