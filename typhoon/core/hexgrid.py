"""Hex grids addressed by offset ids such as ``CCRR`` (column, row).

Most hex-and-counter maps number hexes by column and row and shove every other column half a
hex up or down. ``HexGrid`` turns such ids into axial coordinates, which makes neighbours,
directions and distances plain arithmetic, and keeps the printed id as the public name.
Flat-topped hexes in columns (BfM and the other Moscow games) are the default; pointy-topped
hexes in rows, row-first ids and columns or rows numbered against the compass are options
(the data kit's ``geometry``). ``SectionedGrid`` joins lettered map sections.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .errors import ParseError

# Axial (q, r) steps of the six directions, clockwise: from north for flat-topped hexes, from
# north-east for pointy-topped ones (the same six steps, named after the hexsides they cross).
DIRECTIONS: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
POINTY_DIRECTIONS: tuple[str, ...] = ("NE", "E", "SE", "SW", "W", "NW")
_AXIAL_STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
_POINTY_STEPS: tuple[tuple[int, int], ...] = _AXIAL_STEPS[1:] + _AXIAL_STEPS[:1]  # NE (1, -1) first


def axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two axial coordinates ``(q, r)``."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True)
class HexGrid:
    """A rectangular grid of ``columns`` x ``rows`` flat-topped hexes.

    ``odd_columns_up``: whether odd-numbered columns sit half a hex higher than even ones
    (true for Battle for Moscow: 0201 touches 0101 and 0102). ``first`` is the number of the
    first column and row (1 on most maps). Ids are ``col_digits`` + ``row_digits`` digits.

    ``hexes``: for a map that is not a full rectangle (coastlines, lakes, irregular map
    edges: OT, MC), the ids of the rectangle's hexes that are on the map; None (BfM) is the
    whole rectangle.

    Numbering options (data kit ``geometry``): ``orientation`` "pointy" (rows of hexes;
    ``odd_rows_right``: odd rows sit half a hex east; directions NE, E, SE, SW, W, NW),
    ``id_order`` "row_column" (ids ``RRCC``), ``columns_run`` "east_to_west" and
    ``rows_run`` "south_to_north" (numbers growing against the compass). Column and row
    parities (``odd_columns_up``, ``odd_rows_right``) refer to the printed numbers.
    """

    columns: int
    rows: int
    odd_columns_up: bool = True
    first: int = 1
    col_digits: int = 2
    row_digits: int = 2
    hexes: frozenset[str] | None = None
    orientation: str = "flat"
    id_order: str = "column_row"
    columns_run: str = "west_to_east"
    rows_run: str = "north_to_south"
    odd_rows_right: bool = True

    def __post_init__(self) -> None:
        for name, allowed in _OPTIONS.items():
            if getattr(self, name) not in allowed:
                raise ParseError(f"grid {name} {getattr(self, name)!r} is not one of {list(allowed)}")
        standard = all(getattr(self, name) == allowed[0] for name, allowed in _OPTIONS.items())
        object.__setattr__(self, "_standard", standard)  # BfM's numbering: the original code path
        if self.hexes is not None:
            listed = frozenset(str(h).strip() for h in self.hexes)
            outside = sorted(h for h in listed if not self._in_rectangle(h))
            if outside:
                raise ParseError(f"hexes {outside[:5]} lie outside the {self.columns} x {self.rows} grid")
            object.__setattr__(self, "hexes", listed)

    # -- ids -------------------------------------------------------------------------------
    @property
    def directions(self) -> tuple[str, ...]:
        """The six direction names, clockwise (from N flat-topped, from NE pointy-topped)."""
        return DIRECTIONS if self.orientation == "flat" else POINTY_DIRECTIONS

    @property
    def _steps(self) -> tuple[tuple[int, int], ...]:
        return _AXIAL_STEPS if self.orientation == "flat" else _POINTY_STEPS

    def hex_id(self, col: int, row: int) -> str:
        """The printed id of column ``col``, row ``row`` (in the grid's id order)."""
        if self.id_order == "row_column":
            return f"{row:0{self.row_digits}d}{col:0{self.col_digits}d}"
        return f"{col:0{self.col_digits}d}{row:0{self.row_digits}d}"

    def parse(self, hex_id: str) -> tuple[int, int]:
        """``"0503"`` -> ``(5, 3)`` (column, row, whatever the id order); raises ``ParseError``
        naming the bad id."""
        text = str(hex_id).strip()
        width = self.col_digits + self.row_digits
        if len(text) != width or not text.isdigit():
            order = "column then row" if self.id_order == "column_row" else "row then column"
            raise ParseError(f"{hex_id!r} is not a hex id (expected {width} digits, {order})")
        if self.id_order == "row_column":
            return int(text[self.row_digits :]), int(text[: self.row_digits])
        col, row = int(text[: self.col_digits]), int(text[self.col_digits :])
        return col, row

    def on_map(self, hex_id: str) -> bool:
        if self.hexes is not None:
            return isinstance(hex_id, str) and hex_id.strip() in self.hexes
        return self._in_rectangle(hex_id)

    def _in_rectangle(self, hex_id: str) -> bool:
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
        """Every hex id, column by column."""
        every = (
            self.hex_id(c, r)
            for c in range(self.first, self.first + self.columns)
            for r in range(self.first, self.first + self.rows)
        )
        return tuple(every) if self.hexes is None else tuple(h for h in every if h in self.hexes)

    # -- coordinates -----------------------------------------------------------------------
    def _shove(self, col: int) -> int:
        # Rows of the axial system drift half a row per column; which columns lead depends
        # on whether odd or even columns are drawn higher.
        return (col + 1) // 2 if self.odd_columns_up else col // 2

    def axial(self, hex_id: str) -> tuple[int, int]:
        col, row = self.parse(hex_id)
        if not self._standard:  # type: ignore[attr-defined]
            return self._general_axial(col, row)
        return col, row - self._shove(col)

    def from_axial(self, q: int, r: int) -> str:
        if not self._standard:  # type: ignore[attr-defined]
            return self._general_from_axial(q, r)
        return self.hex_id(q, r + self._shove(q))

    # Other numberings: (gx, gy) count hexes east and south from the north-west corner; the
    # offset rows (or columns) are turned into axial coordinates the usual way.
    def _east_south(self, col: int, row: int) -> tuple[int, int]:
        gx = col - self.first if self.columns_run == "west_to_east" else self.first + self.columns - 1 - col
        gy = row - self.first if self.rows_run == "north_to_south" else self.first + self.rows - 1 - row
        return gx, gy

    def _printed(self, gx: int, gy: int) -> tuple[int, int]:
        col = gx + self.first if self.columns_run == "west_to_east" else self.first + self.columns - 1 - gx
        row = gy + self.first if self.rows_run == "north_to_south" else self.first + self.rows - 1 - gy
        return col, row

    def _lead(self) -> int:
        """1 if the first column (flat) or row (pointy) from the north-west is shoved down
        (flat) or east (pointy), else 0."""
        col, row = self._printed(0, 0)
        if self.orientation == "flat":
            up = (col % 2 == 1) == self.odd_columns_up
            return 0 if up else 1
        right = (row % 2 == 1) == self.odd_rows_right
        return 1 if right else 0

    def _general_axial(self, col: int, row: int) -> tuple[int, int]:
        gx, gy = self._east_south(col, row)
        if self.orientation == "flat":
            return gx, gy - (gx + self._lead()) // 2
        return gx - (gy + self._lead()) // 2, gy

    def _general_from_axial(self, q: int, r: int) -> str:
        if self.orientation == "flat":
            gx, gy = q, r + (q + self._lead()) // 2
        else:
            gx, gy = q + (r + self._lead()) // 2, r
        return self.hex_id(*self._printed(gx, gy))

    def distance(self, a: str, b: str) -> int:
        """Hexes between two hexes (any ids of the grid's numbering, on the map or not)."""
        known = self._axial_of
        return axial_distance(known[a] if a in known else self.axial(a), known[b] if b in known else self.axial(b))

    @cached_property
    def _axial_of(self) -> dict[str, tuple[int, int]]:
        """The axial coordinates of every hex of the grid, worked out once (a table of every
        pair of hexes would be millions of entries on a large map: 2 640 hexes, 7 million)."""
        return {h: self.axial(h) for h in self.all_hexes}

    # -- neighbours ------------------------------------------------------------------------
    def neighbour(self, hex_id: str, direction: str) -> str | None:
        """The on-map hex next to ``hex_id`` in ``direction`` (N, NE, SE, S, SW, NW; pointy:
        NE, E, SE, SW, W, NW), or None."""
        q, r = self.axial(hex_id)
        dq, dr = self._steps[_direction_index(self.directions, direction)]
        other = self.from_axial(q + dq, r + dr)
        return other if self.on_map(other) else None

    @cached_property
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        table = {}
        for h in self.all_hexes:
            table[h] = tuple(n for d in self.directions if (n := self.neighbour(h, d)) is not None)
        return table

    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """On-map neighbours, clockwise from north."""
        return self._neighbours[hex_id]

    def direction(self, a: str, b: str) -> str:
        """The direction from ``a`` to the adjacent hex ``b``."""
        aq, ar = self.axial(a)
        bq, br = self.axial(b)
        try:
            return self.directions[self._steps.index((bq - aq, br - ar))]
        except ValueError:
            raise ParseError(f"{a} and {b} are not adjacent") from None

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours.get(a, ())

    def is_edge(self, hex_id: str, edge: str) -> bool:
        """Whether the hex lies on the map edge N, S, E or W.

        On a full rectangle: the first/last column or row. With a ``hexes`` subset: the hex
        has no on-map neighbour that way (N: north; S: south; E: neither NE nor SE; W:
        neither NW nor SW), so irregular map edges count (supply and exits off the map edge).
        """
        if self.hexes is not None or not self._standard:  # type: ignore[attr-defined]
            return _open_towards(self, hex_id, edge)
        col, row = self.parse(hex_id)
        return {
            "W": col == self.first,
            "E": col == self.first + self.columns - 1,
            "N": row == self.first,
            "S": row == self.first + self.rows - 1,
        }[edge]


_OPTIONS: dict[str, tuple[str, ...]] = {
    "orientation": ("flat", "pointy"),
    "id_order": ("column_row", "row_column"),
    "columns_run": ("west_to_east", "east_to_west"),
    "rows_run": ("north_to_south", "south_to_north"),
}
_EDGE_DIRECTIONS = {
    "flat": {"N": ("N",), "S": ("S",), "E": ("NE", "SE"), "W": ("NW", "SW")},
    "pointy": {"N": ("NW", "NE"), "S": ("SW", "SE"), "E": ("E",), "W": ("W",)},
}


def _direction_index(names: tuple[str, ...], direction: str) -> int:
    try:
        return names.index(direction)
    except ValueError:
        raise ParseError(f"{direction!r} is not a direction of this grid ({', '.join(names)})") from None


def _open_towards(grid: Any, hex_id: str, edge: str) -> bool:
    """Whether no on-map hex lies next to ``hex_id`` on the ``edge`` side (N, S, E, W)."""
    try:
        dirs = _EDGE_DIRECTIONS[getattr(grid, "orientation", "flat")][edge]
    except KeyError:
        raise ParseError(f"{edge!r} is not a map edge (N, S, E or W)") from None
    return all(grid.neighbour(hex_id, d) is None for d in dirs)


def hexside(a: str, b: str) -> frozenset[str]:
    """The key of the hexside between two adjacent hexes (order does not matter)."""
    return frozenset((a, b))


# -- lettered multi-section maps ---------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """One lettered map section (a map sheet or a printed section of one sheet).

    Its hexes are numbered ``CCRR`` locally and named with the letter in front (``"A3531"``).
    ``origin`` is the global axial coordinate of its hex ``first``/``first`` (normally 0101)
    so sections can be laid side by side or overlap; ``hexes`` (local ``CCRR`` ids) limits a
    non-rectangular section. Serves OT/MC multi-map boards and DoM's lettered areas.
    """

    id: str
    columns: int
    rows: int
    origin: tuple[int, int] = (0, 0)
    odd_columns_up: bool = True
    hexes: frozenset[str] | None = None
    first: int = 1
    col_digits: int = 2
    row_digits: int = 2
    orientation: str = "flat"
    id_order: str = "column_row"
    columns_run: str = "west_to_east"
    rows_run: str = "north_to_south"
    odd_rows_right: bool = True

    def __post_init__(self) -> None:
        if not self.id or not self.id.isalpha():
            raise ParseError(f"section id {self.id!r} must be letters (e.g. 'A')")
        object.__setattr__(self, "origin", (int(self.origin[0]), int(self.origin[1])))
        if self.hexes is not None:
            # local ids; "A0101" given for section A is read as 0101
            local = frozenset(h[len(self.id) :] if h.startswith(self.id) else h for h in map(str, self.hexes))
            object.__setattr__(self, "hexes", local)

    @cached_property
    def local(self) -> HexGrid:
        """The section's own ``CCRR`` grid."""
        return HexGrid(
            self.columns, self.rows, self.odd_columns_up, self.first, self.col_digits, self.row_digits, self.hexes,
            self.orientation, self.id_order, self.columns_run, self.rows_run, self.odd_rows_right,
        )

    def global_axial(self, local_id: str) -> tuple[int, int]:
        """Axial coordinate on the whole board of a local ``CCRR`` id."""
        q, r = self.local.axial(local_id)
        q0, r0 = self.local.axial(self.local.hex_id(self.first, self.first))
        return self.origin[0] + q - q0, self.origin[1] + r - r0


class SectionedGrid:
    """A board made of lettered sections; same public methods as :class:`HexGrid`.

    Ids are section letter + local ``CCRR`` (``"A3531"``). Where sections overlap, ids with
    the same global axial coordinate name one hex; its canonical id is the one of the first
    section (in ``sections`` order) listing it. Every method accepts any alias; ids returned
    (``all_hexes``, ``neighbours``, ``check``, ``from_axial``) are canonical. Serves the
    multi-section maps of OT, DoM and MC.
    """

    def __init__(self, sections: Sequence[Section], orientation: str = "flat") -> None:
        if not sections:
            raise ParseError("a sectioned map needs at least one section")
        ids = [s.id for s in sections]
        if len(set(ids)) != len(ids):
            raise ParseError(f"section ids {ids} repeat")
        mixed = [s.id for s in sections if s.orientation != orientation]
        if mixed:
            raise ParseError(f"sections {mixed} are not {orientation!r}-topped like the map")
        self.sections: tuple[Section, ...] = tuple(sections)
        self.orientation = orientation
        self._section = {s.id: s for s in self.sections}
        self.directions = DIRECTIONS if orientation == "flat" else POINTY_DIRECTIONS
        self._steps = _AXIAL_STEPS if orientation == "flat" else _POINTY_STEPS
        self._axial: dict[str, tuple[int, int]] = {}  # every alias
        self._at: dict[tuple[int, int], str] = {}  # axial -> canonical id
        order: list[str] = []
        for sec in self.sections:
            for local_id in sec.local.all_hexes:
                hid = sec.id + local_id
                qr = sec.global_axial(local_id)
                self._axial[hid] = qr
                if qr not in self._at:
                    self._at[qr] = hid
                    order.append(hid)
        self.all_hexes: tuple[str, ...] = tuple(order)
        self._canonical = {h: self._at[qr] for h, qr in self._axial.items()}
        aliases: dict[str, list[str]] = {h: [] for h in order}
        for h, c in self._canonical.items():
            aliases[c].append(h)
        self._aliases = {c: tuple(v) for c, v in aliases.items()}
        self._neighbours: dict[str, tuple[str, ...]] = {}
        for h in order:
            q, r = self._axial[h]
            self._neighbours[h] = tuple(
                n for dq, dr in self._steps if (n := self._at.get((q + dq, r + dr))) is not None
            )
        for h, c in self._canonical.items():
            self._neighbours[h] = self._neighbours[c]

    # -- ids -------------------------------------------------------------------------------
    def parse(self, hex_id: str) -> tuple[str, int, int]:
        """``"A3531"`` -> ``("A", 35, 31)``; raises ``ParseError`` naming the bad id."""
        text = str(hex_id).strip()
        cut = len(text) - len(text.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
        letter, rest = text[:cut], text[cut:]
        sec = self._section.get(letter)
        if sec is None:
            raise ParseError(f"{hex_id!r} is not a hex id (expected a section {sorted(self._section)} then CCRR)")
        col, row = sec.local.parse(rest)
        return letter, col, row

    def on_map(self, hex_id: str) -> bool:
        """Whether the id (canonical or alias) names a hex of the board."""
        return isinstance(hex_id, str) and hex_id.strip() in self._axial

    def check(self, hex_id: str) -> str:
        """The canonical id of a hex of this map (any alias accepted), else ``ParseError``."""
        text = str(hex_id).strip()
        if text not in self._canonical:
            self.parse(text)  # names a malformed id precisely
            raise ParseError(f"{hex_id!r} is not a hex of this map")
        return self._canonical[text]

    def canonical(self, hex_id: str) -> str:
        """The id of the first section listing the hex (overlaps: OT/MC map-sheet overlap)."""
        return self.check(hex_id)

    def aliases(self, hex_id: str) -> tuple[str, ...]:
        """Every id naming the hex, canonical first (a hex printed on two overlapping sheets)."""
        return self._aliases[self.check(hex_id)]

    def section_of(self, hex_id: str) -> str:
        """The section letter of the hex's canonical id (``map_meta`` "section" of a hex)."""
        return self.parse(self.check(hex_id))[0]

    def sections_of(self, hex_id: str) -> tuple[str, ...]:
        """Every section showing the hex (rules that name a map section: "hexes on map B")."""
        return tuple(self.parse(a)[0] for a in self.aliases(hex_id))

    # -- coordinates -----------------------------------------------------------------------
    def axial(self, hex_id: str) -> tuple[int, int]:
        """Global axial coordinate of a hex (any alias): geometry and distances."""
        try:
            return self._axial[hex_id]
        except KeyError:
            return self._axial[self.check(hex_id)]

    def from_axial(self, q: int, r: int) -> str:
        """The canonical id at axial ``(q, r)``; ``ParseError`` if no hex of the map is there."""
        try:
            return self._at[(q, r)]
        except KeyError:
            raise ParseError(f"no hex of this map at axial ({q}, {r})") from None

    def distance(self, a: str, b: str) -> int:
        """Hexes between two hexes across the whole board (ranges, supply lengths)."""
        return axial_distance(self.axial(a), self.axial(b))

    # -- neighbours ------------------------------------------------------------------------
    def neighbours(self, hex_id: str) -> tuple[str, ...]:
        """On-map neighbours (canonical ids), clockwise, across section joins."""
        try:
            return self._neighbours[hex_id]
        except KeyError:
            return self._neighbours[self.check(hex_id)]

    def neighbour(self, hex_id: str, direction: str) -> str | None:
        """The on-map hex next to ``hex_id`` in ``direction`` (N, NE, SE, S, SW, NW), or None."""
        q, r = self.axial(hex_id)
        dq, dr = self._steps[_direction_index(self.directions, direction)]
        return self._at.get((q + dq, r + dr))

    def direction(self, a: str, b: str) -> str:
        """The direction from ``a`` to the adjacent hex ``b``."""
        aq, ar = self.axial(a)
        bq, br = self.axial(b)
        try:
            return self.directions[self._steps.index((bq - aq, br - ar))]
        except ValueError:
            raise ParseError(f"{a} and {b} are not adjacent") from None

    def adjacent(self, a: str, b: str) -> bool:
        """Whether two hexes (any aliases) share a hexside."""
        if b not in self._canonical:
            return False
        return self._canonical[b] in self._neighbours.get(a, ())

    def is_edge(self, hex_id: str, edge: str) -> bool:
        """Whether no hex of the whole board lies next to the hex on the ``edge`` side (flat
        hexes: N, S straight, E neither NE nor SE, W neither NW nor SW; pointy hexes likewise)."""
        return _open_towards(self, hex_id, edge)

    def __repr__(self) -> str:
        return f"SectionedGrid({[s.id for s in self.sections]}, {len(self.all_hexes)} hexes)"


_META_KEYS = {"source", "rule", "note", "notes", "label", "hex_size", "hex_size_km", "provenance", "overlaps"}
_NUMBERING_KEYS = ("orientation", "id_order", "columns_run", "rows_run", "col_digits", "row_digits")
_SHAPE_KEYS = {"columns", "rows", "first", "odd_columns_up", "odd_rows_right", "hexes", "exclude"}
_SECTION_KEYS = _SHAPE_KEYS | {"id", "origin"}


def _numbering(spec: Mapping[str, Any]) -> dict[str, Any]:
    """The map-wide numbering options of a geometry spec (defaults: BfM's)."""
    return {
        "orientation": str(spec.get("orientation", "flat")),
        "id_order": str(spec.get("id_order", "column_row")),
        "columns_run": str(spec.get("columns_run", "west_to_east")),
        "rows_run": str(spec.get("rows_run", "north_to_south")),
        "col_digits": int(spec.get("col_digits", 2)),
        "row_digits": int(spec.get("row_digits", 2)),
    }


def _shape(spec: Mapping[str, Any], where: str) -> dict[str, Any]:
    try:
        return {
            "columns": int(spec["columns"]),
            "rows": int(spec["rows"]),
            "first": int(spec.get("first", 1)),
            "odd_columns_up": bool(spec.get("odd_columns_up", True)),
            "odd_rows_right": bool(spec.get("odd_rows_right", True)),
        }
    except KeyError as e:
        raise ParseError(f"{where} has no {e.args[0]!r}") from None


def _listed(spec: Mapping[str, Any], grid: HexGrid, prefix: str = "") -> frozenset[str] | None:
    """The hex set of a rectangle spec: ``hexes`` (listed) or the rectangle minus ``exclude``."""
    if spec.get("hexes") is not None and "exclude" in spec:
        raise ParseError("give either 'hexes' or 'exclude' for a map, not both")
    strip = (lambda h: h[len(prefix) :] if prefix and h.startswith(prefix) else h)
    if spec.get("hexes") is not None:
        return frozenset(strip(str(h)) for h in spec["hexes"])
    if "exclude" in spec:
        gone = {grid.check(strip(str(h))) for h in spec["exclude"]}
        return frozenset(h for h in grid.all_hexes if h not in gone)
    return None


def _unknown(spec: Mapping[str, Any], allowed: set[str], where: str) -> None:
    extra = sorted(set(spec) - allowed - _META_KEYS)
    if extra:
        raise ParseError(f"{where}: unknown keys {extra}")


def grid_from_spec(spec: Mapping[str, Any]) -> HexGrid | SectionedGrid:
    """A grid from a data kit's ``"geometry"`` object (schema/map.schema.json).

    Map-wide numbering: ``orientation`` ("flat" | "pointy"), ``id_order`` ("column_row" |
    "row_column"), ``col_digits``, ``row_digits``, ``columns_run``, ``rows_run``. Then either
    one rectangle (``columns``, ``rows``, ``first``?, ``odd_columns_up``? / ``odd_rows_right``?,
    ``hexes``? (only these hexes: a non-rectangular map) or ``exclude``? (the rectangle minus
    these)) or ``sections``: ``[{"id": "A", "origin": [q, r], ...the same shape keys}]``
    (section ``hexes`` may be local ``0101`` or lettered ``A0101`` ids). ``hex_size``,
    ``hex_size_km``, ``overlaps`` (checked by the kit validator), ``provenance``, ``notes``,
    ``source``, ``rule``, ``label`` are allowed and ignored. Serves every game's map data
    (OT, DoM, MC and the mini game).
    """
    numbering = _numbering(spec)
    if "sections" in spec:
        _unknown(spec, {"sections", *_NUMBERING_KEYS}, "geometry")
        sections = []
        for i, s in enumerate(spec["sections"]):
            letter = str(s.get("id", ""))
            where = f"geometry section {letter or i!r}"
            _unknown(s, _SECTION_KEYS, where)
            shape = _shape(s, where)
            rect = HexGrid(**shape, **numbering)
            origin = s.get("origin", (0, 0))
            if len(origin) != 2:
                raise ParseError(f"{where}: origin {origin!r} is not [q, r]")
            sections.append(Section(letter, origin=tuple(origin), hexes=_listed(s, rect, letter), **shape, **numbering))
        return SectionedGrid(sections, numbering["orientation"])
    _unknown(spec, _SHAPE_KEYS | set(_NUMBERING_KEYS), "geometry")
    shape = _shape(spec, "geometry")
    return HexGrid(**shape, **numbering, hexes=_listed(spec, HexGrid(**shape, **numbering)))
