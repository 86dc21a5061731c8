"""Odds ratios, column shifts and combat result tables.

Odds-ratio tables (1:1 ... 6:1) and differential tables (+3, -2 ...) both reduce to a column
index; terrain and other effects shift that index; a die roll (one die or the sum of two)
picks the row. Each shift is kept with its reason so the player can see every one named.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Shift:
    """A column shift with the reason the rules give for it (negative: in the defender's favour)."""

    columns: int
    reason: str
    rule: str = ""

    def __str__(self) -> str:
        sign = "+" if self.columns > 0 else ""
        cite = f" ({self.rule})" if self.rule else ""
        return f"{sign}{self.columns} {self.reason}{cite}"


def odds_ratio(attack: float | Fraction, defence: float | Fraction) -> int:
    """Attack divided by defence, fractions dropped: 16 vs 4 is 4 (4:1); 15 vs 4 is 3."""
    if defence <= 0:
        raise ValueError("defence strength must be positive")
    return math.floor(Fraction(attack) / Fraction(defence))


@dataclass(frozen=True)
class CombatTable:
    """A combat results table: columns left to right, and one row of results per die value.

    ``columns`` are labels such as ``"1:1"``; ``rows`` maps each die value to a result per
    column. ``faces`` lists the die values with their probabilities.
    """

    columns: tuple[str, ...]
    rows: Mapping[int, tuple[str, ...]]
    faces: tuple[tuple[int, Fraction], ...] = field(default=())

    def result(self, column: int, die: int) -> str:
        return self.rows[die][column]

    def distribution(self, column: int) -> dict[str, Fraction]:
        """The chance of each result in a column."""
        dist: dict[str, Fraction] = {}
        for die, p in self.faces:
            r = self.result(column, die)
            dist[r] = dist.get(r, Fraction(0)) + p
        return dist

    @classmethod
    def from_json(cls, data: Mapping) -> CombatTable:
        from .dice import two_dice_sum, uniform

        columns = tuple(data["columns"])
        rows = {int(k): tuple(v) for k, v in data["rows"].items()}
        for die, row in rows.items():
            if len(row) != len(columns):
                raise ValueError(f"CRT row {die} has {len(row)} results for {len(columns)} columns")
        faces = tuple(two_dice_sum()) if data.get("dice") == "2d6" else tuple(uniform(sorted(rows)))
        return cls(columns, rows, faces)


def shifted_column(base: int, shifts: Sequence[Shift]) -> int:
    """Apply every shift to a column index (the caller checks the table's bounds)."""
    return base + sum(s.columns for s in shifts)
