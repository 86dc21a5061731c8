"""Hex grids addressed by offset ids such as ``CCRR`` (column, row), with flat-topped hexes.

Most hex-and-counter maps number hexes by column and row and shove every other column half a
hex up or down. ``HexGrid`` turns such ids into axial coordinates, which makes neighbours,
directions and distances plain arithmetic, and keeps the printed id as the public name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .errors import ParseError

# Axial (q, r) steps of the six flat-topped directions, clockwise from north.
DIRECTIONS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
_AXIAL_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


@dataclass(frozen=True)
class HexGrid:
    """A rectangular grid of ``columns`` x ``rows`` flat-topped hexes.

    ``odd_columns_up``: whether odd-numbered columns sit half a hex higher than even ones
    (true for Battle for Moscow: 0201 touches 0101 and 0102). ``first`` is the number of the
    first column and row (1 on most maps). Ids are ``col_digits`` + ``row_digits`` digits.
    """

    columns: int
    rows: int
    odd_columns_up: bool = True
    first: int = 1
    col_digits: int = 2
    row_digits: int = 2

    # -- ids -------------------------------------------------------------------------------
    def hex_id(self, col: int, row: int) -> str:
        return f"{col:0{self.col_digits}d}{row:0{self.row_digits}d}"

    def parse(self, hex_id: str) -> tuple[int, int]:
        """``"0503"`` -> ``(5, 3)``; raises ``ParseError`` naming the bad id."""
        text = str(hex_id).strip()
        width = self.col_digits + self.row_digits
        if len(text) != width or not text.isdigit():
            raise ParseError(f"{hex_id!r} is not a hex id (expected {width} digits, column then row)")
        col, row = int(text[: self.col_digits]), int(text[self.col_digits :])
        return col, row

    def on_map(self, hex_id: str) -> bool:
        try:
            col, row = self.parse(hex_id)
        except ParseError:
            return False
        return self.first <= col < self.first + self.columns and self.first <= row < self.first + self.rows

    def check(self, hex_id: str) -> str:
        """Return the id if it names a hex of this grid, else raise ``ParseError``."""
        if not self.on_map(hex_id):
            raise ParseError(f"{hex_id!r} is not a hex of this map ({self.columns} columns x {self.rows} rows)")
        return str(hex_id).strip()

    @cached_property
    def all_hexes(self) -> tuple[str, ...]:
        return tuple(
            self.hex_id(c, r)
            for c in range(self.first, self.first + self.columns)
            for r in range(self.first, self.first + self.rows)
        )

    # -- coordinates -----------------------------------------------------------------------
    def _shove(self, col: int) -> int:
        # Rows of the axial system drift half a row per column; which columns lead depends
        # on whether odd or even columns are drawn higher.
        return (col + 1) // 2 if self.odd_columns_up else col // 2

    def axial(self, hex_id: str) -> tuple[int, int]:
        col, row = self.parse(hex_id)
        return col, row - self._shove(col)

    def from_axial(self, q: int, r: int) -> str:
        return self.hex_id(q, r + self._shove(q))

    def distance(self, a: str, b: str) -> int:
        return self._distances[a][b] if a in self._distances and b in self._distances else self._axial_distance(a, b)

    def _axial_distance(self, a: str, b: str) -> int:
        aq, ar = self.axial(a)
        bq, br = self.axial(b)
        dq, dr = aq - bq, ar - br
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    @cached_property
    def _distances(self) -> dict[str, dict[str, int]]:
        return {a: {b: self._axial_distance(a, b) for b in self.all_hexes} for a in self.all_hexes}

    # -- neighbours ------------------------------------------------------------------------
    def neighbour(self, hex_id: str, direction: str) -> str | None:
        """The on-map hex next to ``hex_id`` in ``direction`` (N, NE, SE, S, SW, NW), or None."""
        q, r = self.axial(hex_id)
        dq, dr = _AXIAL_STEPS[DIRECTIONS.index(direction)]
        other = self.from_axial(q + dq, r + dr)
        return other if self.on_map(other) else None

    @cached_property
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        table = {}
        for h in self.all_hexes:
            table[h] = tuple(n for d in DIRECTIONS if (n := self.neighbour(h, d)) is not None)
        return table

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """On-map neighbours, clockwise from north."""
        return self._neighbours[hex_id]

    def direction(self, a: str, b: str) -> str:
        """The direction from ``a`` to the adjacent hex ``b``."""
        aq, ar = self.axial(a)
        bq, br = self.axial(b)
        try:
            return DIRECTIONS[_AXIAL_STEPS.index((bq - aq, br - ar))]
        except ValueError:
            raise ParseError(f"{a} and {b} are not adjacent") from None

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours.get(a, ())

    def is_edge(self, hex_id: str, edge: str) -> bool:
        """Whether the hex lies on the map edge N, S, E or W."""
        col, row = self.parse(hex_id)
        return {
            "W": col == self.first,
            "E": col == self.first + self.columns - 1,
            "N": row == self.first,
            "S": row == self.first + self.rows - 1,
        }[edge]


def hexside(a: str, b: str) -> frozenset[str]:
    """The key of the hexside between two adjacent hexes (order does not matter)."""
    return frozenset((a, b))
