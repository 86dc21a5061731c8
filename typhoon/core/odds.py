"""Odds ratios, column shifts and combat result tables.

Odds-ratio tables (1:1 ... 6:1) and differential tables (+3, -2 ...) both reduce to a column
index; terrain and other effects shift that index; a die roll (one die or the sum of two)
picks the row. Each shift is kept with its reason so the player can see every one named.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import ParseError


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
    if type(defence) is int:  # exact integer arithmetic, without building fractions
        if type(attack) is int:
            return attack // defence
        if type(attack) is Fraction:
            return attack.numerator // (attack.denominator * defence)
    return math.floor(Fraction(attack) / Fraction(defence))


@dataclass(frozen=True)
class Modifier:
    """A die-roll modifier (DRM) with the reason the rules give for it, like :class:`Shift`.

    Serves every "+1 to the die roll" rule: MC/OT/DoM terrain, armour, supply and
    weather DRMs on 2d6 and 1d6 tables. ``value`` is added to the roll (negative: subtracted).
    """

    value: int
    reason: str
    rule: str | None = None

    def __str__(self) -> str:
        sign = "+" if self.value > 0 else ""
        cite = f" ({self.rule})" if self.rule else ""
        return f"{sign}{self.value} {self.reason}{cite}"


def total_modifier(modifiers: Sequence[Modifier]) -> int:
    """The net die-roll modifier of several named modifiers (each game caps it itself)."""
    return sum(m.value for m in modifiers)


def parse_ratio(label: str) -> Fraction:
    """``"3:1"`` -> 3, ``"1:2"`` -> 1/2; a trailing ``+`` (``"7:1+"``) is ignored.

    The odds value of an odds-ratio column label (OT/DoM/MC CRT columns such as 1:3 and 1:2)."""
    text = str(label).strip().rstrip("+").lstrip("≥>=").strip()
    a, sep, b = text.partition(":")
    try:
        if not sep:
            raise ValueError
        value = Fraction(int(a), int(b))
    except (ValueError, ZeroDivisionError):
        raise ParseError(f"{label!r} is not an odds-ratio column label such as '1:2' or '3:1'") from None
    return value


def ratio_column(
    attack: int | float | Fraction, defence: int | float | Fraction, labels: Sequence[str]
) -> int | None:
    """The index of the rightmost column of ``labels`` whose odds ``attack:defence`` reaches.

    Odds are rounded in the defender's favour: 5:2 on a 1:2 ... 6:1 table is 2:1 (index 3),
    5:3 is 1:1, 2:5 (0.4) is 1:3. Odds above the last column use the last column. Returns -1
    when the odds are below the first column and None when the defence is 0 (no defender
    strength: the game decides, e.g. an automatic result). Serves odds-ratio CRTs with columns
    below 1:1 (OT, DoM, MC); BfM's own 1:1 ... 6:1 ratio keeps using :func:`odds_ratio`.
    """
    values = [parse_ratio(x) for x in labels]
    if any(b <= a for a, b in zip(values, values[1:])):
        raise ParseError(f"odds columns {list(labels)} are not in increasing order")
    if defence == 0:
        return None
    if defence < 0 or attack < 0:
        raise ValueError(f"strengths must not be negative (attack {attack}, defence {defence})")
    odds = Fraction(attack) / Fraction(defence)
    return bisect_right(values, odds) - 1


def clamp(index: int, n: int) -> int:
    """``index`` held within ``0 .. n-1``: column shifts past either end of a table use the
    end column (OT/MC "shifts beyond the table use the last column"), and modified rolls use
    the extreme rows."""
    if n <= 0:
        raise ValueError(f"cannot clamp into an empty range (n = {n})")
    return 0 if index < 0 else n - 1 if index >= n else index


def dice_faces(spec: str) -> tuple[tuple[int, Fraction], ...]:
    """The totals of ``spec`` (``"1d6"``, ``"2d6"``, ``"d10"``) with their chances: the rows a
    combat or event table is rolled on (1d6 BfM/DoM tables, 2d6 OT/MC tables)."""
    text = str(spec).strip().lower()
    count, sep, sides = text.partition("d")
    try:
        n = int(count) if count else 1
        m = int(sides)
        if not sep or n < 1 or m < 2:
            raise ValueError
    except ValueError:
        raise ParseError(f"dice {spec!r} is not a dice spec such as '1d6' or '2d6'") from None
    counts = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for total, c in counts.items():
            for face in range(1, m + 1):
                nxt[total + face] = nxt.get(total + face, 0) + c
        counts = nxt
    whole = m**n
    return tuple((t, Fraction(c, whole)) for t, c in sorted(counts.items()))


def _row_keys(key: str) -> list[int]:
    """A row key ``"3"`` or a range ``"2-4"`` (rows sharing results) -> the rolls it covers."""
    text = str(key).strip()
    if "-" in text[1:]:
        cut = text.index("-", 1)
        lo, hi = int(text[:cut]), int(text[cut + 1 :])
        if hi < lo:
            raise ParseError(f"CRT row range {key!r} runs backwards")
        return list(range(lo, hi + 1))
    return [int(text)]


@dataclass(frozen=True)
class CombatTable:
    """A combat results table: columns left to right, and one row of results per die value.

    ``columns`` are labels such as ``"1:1"``; ``rows`` maps each (modified) roll to a result per
    column. ``faces`` lists the unmodified rolls with their probabilities (from the dice spec).
    A modified roll is clamped to ``row_min .. row_max`` (by default the lowest and highest row).
    ``automatic`` lists ``(first column index, result)``: at or right of that column the
    result is automatic and no die is rolled (OT/MC automatic elimination / overrun columns).
    """

    columns: tuple[str, ...]
    rows: Mapping[int, tuple[str, ...]]
    faces: tuple[tuple[int, Fraction], ...] = field(default=())
    row_min: int | None = None
    row_max: int | None = None
    automatic: tuple[tuple[int, str], ...] = ()
    _dists: dict = field(default_factory=dict, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        lo = min(self.rows) if self.row_min is None else self.row_min
        hi = max(self.rows) if self.row_max is None else self.row_max
        missing = [r for r in range(lo, hi + 1) if r not in self.rows]
        if missing:
            raise ParseError(f"CRT has no row for rolls {missing} (rows {lo}..{hi} are needed)")
        object.__setattr__(self, "_lo", lo)
        object.__setattr__(self, "_hi", hi)
        object.__setattr__(self, "_dists", {})  # never shared: dataclasses.replace() gets its own

    def automatic_result(self, column: int) -> str | None:
        """The automatic result of a column (no roll), or None if the column is rolled on."""
        for first, result in self.automatic:
            if column >= first:
                return result
        return None

    def row_of(self, roll: int, drm: int = 0) -> int:
        """The row a roll modified by ``drm`` reads, clamped to ``row_min .. row_max``."""
        modified = roll + drm
        lo, hi = self._lo, self._hi  # type: ignore[attr-defined]
        return lo if modified < lo else hi if modified > hi else modified

    def result(self, column: int, roll: int, drm: int = 0) -> str:
        """The result at ``column`` for an unmodified ``roll`` plus ``drm`` (BfM: drm 0)."""
        if self.automatic:
            auto = self.automatic_result(column)
            if auto is not None:
                return auto
        if drm == 0 and roll in self.rows:
            return self.rows[roll][column]
        return self.rows[self.row_of(roll, drm)][column]

    def distribution(self, column: int, drm: int = 0) -> dict[str, Fraction]:
        """The chance of each result in a column, rolls modified by ``drm`` (previews)."""
        key = (column, drm)
        cached = self._dists.get(key)
        if cached is None:
            cached = {}
            for roll, p in self.faces:
                r = self.result(column, roll, drm)
                cached[r] = cached.get(r, Fraction(0)) + p
            self._dists[key] = cached
        return dict(cached)

    @classmethod
    def from_json(cls, data: Mapping) -> CombatTable:
        """``{"dice": "1d6"|"2d6", "columns": [...], "rows": {roll or "lo-hi": [...]},
        "row_min"?, "row_max"?, "automatic"?: [{"at_or_above": label, "result": code}]}``.

        The dice spec (default ``"1d6"``) decides the faces; the row keys only say which row a
        (modified, clamped) roll reads."""
        columns = tuple(data["columns"])
        rows: dict[int, tuple[str, ...]] = {}
        for key, row in data["rows"].items():
            for roll in _row_keys(key):
                if roll in rows:
                    raise ParseError(f"CRT row {roll} is given twice")
                rows[roll] = tuple(row)
        for die, row in rows.items():
            if len(row) != len(columns):
                raise ValueError(f"CRT row {die} has {len(row)} results for {len(columns)} columns")
        faces = dice_faces(data.get("dice", "1d6"))
        automatic = []
        for entry in data.get("automatic", ()):
            label = entry["at_or_above"]
            if label not in columns:
                raise ParseError(f"automatic result at {label!r}: no such column in {list(columns)}")
            automatic.append((columns.index(label), str(entry["result"])))
        automatic.sort(reverse=True)  # the highest threshold a column reaches wins
        row_min, row_max = data.get("row_min"), data.get("row_max")
        table = cls(
            columns,
            rows,
            faces,
            None if row_min is None else int(row_min),
            None if row_max is None else int(row_max),
            tuple(automatic),
        )
        if row_min is None and row_max is None:
            # without explicit clamping every unmodified roll needs its own row: a 2d6 table
            # missing its "dice" spec is caught here instead of being read as 1d6
            unreadable = [roll for roll, _ in faces if roll not in rows]
            if unreadable:
                raise ParseError(
                    f"CRT has no row for rolls {unreadable} of {data.get('dice', '1d6')} "
                    "(give the table's 'dice' spec, or 'row_min'/'row_max')"
                )
        return table


def shifted_column(base: int, shifts: Sequence[Shift]) -> int:
    """Apply every shift to a column index (the caller checks the table's bounds)."""
    return base + sum(s.columns for s in shifts)
