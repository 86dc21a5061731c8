"""The map as a text hex grid for the terminal (rich ``Text``).

Battle for Moscow hexes are flat-topped and odd columns sit half a hex higher than even
columns (map.json). Each hex is a cell two text lines high; even columns are drawn one line
lower than odd ones, so a hex of column c touches, on its upper line, its north-east neighbour
in column c+1 and, on its lower line, its south-east neighbour: the character between two
cells on a line is exactly the hexside they share. A river there is drawn as a blue ``║``;
a river on a hex's south side underlines that hex's lower line.

Cell (normal, 6 wide):  line 1 the unit id (or an empty city's name), line 2 the unit's
strength then marks: ``f`` forest, ``#`` fortification, the city's initial (coloured by the
side controlling it). With ids on, line 1 shows the hex id instead and line 2 the unit.
Compact mode uses 4-wide cells.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

GERMAN = Style(color="white", bgcolor="grey35", bold=True)
GERMAN_REDUCED = Style(color="grey78", bgcolor="grey23", dim=True)
SOVIET = Style(color="white", bgcolor="red3", bold=True)
SOVIET_REDUCED = Style(color="pink1", bgcolor="dark_red", dim=True)
SIDE_COLOUR = {"german": "grey85", "soviet": "red1", None: "white"}
HIGHLIGHT = Style(bgcolor="dark_green")
SELECTED = Style(reverse=True)
BATTLE = Style(bgcolor="dark_orange3")
RIVER = Style(color="bright_blue", bold=True)
GRID = Style(color="grey42")


@dataclass
class BoardView:
    """What the map shows besides the position: ids, compact cells, highlighted hexes."""

    ids: bool = False
    compact: bool = False
    highlight: Collection[str] = field(default_factory=set)
    selected: str | None = None

    @property
    def width(self) -> int:
        return 4 if self.compact else 6


def unit_style(side: str, reduced: bool) -> Style:
    if side == "german":
        return GERMAN_REDUCED if reduced else GERMAN
    return SOVIET_REDUCED if reduced else SOVIET


def _cell_hex(col: int, line: int, rows: int) -> tuple[int, int] | None:
    """(row, sub-line) of the hex of column ``col`` drawn on text ``line`` (odd columns up)."""
    shift = 0 if col % 2 == 1 else 1
    if line < shift:
        return None
    row, sub = divmod(line - shift, 2)
    row += 1
    return (row, sub) if row <= rows else None


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def short_id(unit: str, width: int) -> str:
    """A unit id cut to ``width``; a Roman corps number too long for it becomes Arabic
    (XLVIII -> 48), so compact cells still tell XLVI, XLVII and XLVIII apart."""
    if len(unit) <= width:
        return unit
    if set(unit) <= set(_ROMAN):
        total = 0
        for a, b in zip(unit, unit[1:] + " "):
            v = _ROMAN[a]
            total += -v if b in _ROMAN and _ROMAN[b] > v else v
        return str(total)
    return unit[:width]


def _marks(state, h: str, room: int) -> Text:
    data = state.data
    t = Text()
    if h in data.forest:
        t.append("f", Style(color="green3"))
    if h in data.fortified:
        t.append("#", Style(color="yellow3"))
    if h in data.cities:
        t.append(data.cities[h][0], Style(color=SIDE_COLOUR[state.control.get(h)], bold=True, underline=h in data.major_cities))
    if len(t) > room:
        t = t[len(t) - room:]  # the city initial matters most
    return t


def _cell(state, h: str, sub: int, view: BoardView) -> Text:
    """One line (``sub`` 0 or 1) of the cell of hex ``h``, exactly ``view.width`` wide."""
    data = state.data
    w = view.width
    unit = state.unit_at(h)
    spec = data.units[unit] if unit else None
    ustyle = unit_style(spec.side, unit in state.reduced) if spec else None
    t = Text()
    if sub == 0:
        if view.ids:
            t.append(h, Style(color="grey62"))
            t.append_text(_marks(state, h, w - 4))
        elif unit:
            t.append(short_id(unit, w).center(w), ustyle)
        elif h in data.cities:
            t.append(data.cities[h][:w].center(w), Style(color=SIDE_COLOUR[state.control.get(h)], italic=True))
    else:
        if view.ids:
            if unit:
                label = unit if len(unit) + 3 > w else f"{unit} {state.strength(unit)}"
                t.append(label[:w].center(w), ustyle)
        else:
            strength = f"{state.strength(unit):>2}" if unit else "  "
            t.append(strength, ustyle)
            sep = " " if w >= 6 else ""
            t.append(sep)
            t.append_text(_marks(state, h, w - 2 - len(sep)))
    t.truncate(w, pad=True)
    if len(t) < w:
        t.pad_right(w - len(t))
    if sub == 1 and frozenset((h, data.grid.hex_id(int(h[:2]), int(h[2:]) + 1))) in data.rivers:
        t.stylize(Style(underline=True, color="bright_blue") if not unit else Style(underline=True))
    if h in state.battles:
        t.stylize(BATTLE)
    if h in view.highlight:
        t.stylize(HIGHLIGHT)
    if h == view.selected:
        t.stylize(SELECTED)
    return t


def render_map(state, view: BoardView | None = None) -> Text:
    """The whole map as rich Text: column numbers on top, row numbers at the left (rows are
    those of the odd columns; even columns are half a hex lower)."""
    view = view or BoardView()
    data = state.data
    grid = data.grid
    cols, rows, w = grid.columns, grid.rows, view.width
    out = Text()
    out.append("   ")
    for c in range(1, cols + 1):
        out.append(" " + f"{c:02d}".center(w), Style(color="cyan" if c % 2 else "dark_cyan", bold=True))
    out.append("\n")
    for line in range(2 * rows + 1):
        label = f"{line // 2 + 1:02d} " if line % 2 == 0 and line // 2 < rows else "   "
        out.append(label, Style(color="cyan", bold=True))
        prev: str | None = None
        for c in range(1, cols + 1):
            pos = _cell_hex(c, line, rows)
            h = grid.hex_id(c, pos[0]) if pos else None
            if prev and h and frozenset((prev, h)) in data.rivers:
                out.append("║", RIVER)
            elif prev or h:
                out.append("│", GRID)
            else:
                out.append(" ")
            if h:
                out.append_text(_cell(state, h, pos[1], view))  # type: ignore[index]
            else:
                out.append(" " * w)
            prev = h
        out.append("│" if prev else " ", GRID)
        out.append("\n")
    out.rstrip()
    return out


LEGEND = Text.assemble(
    ("XLVI", GERMAN), " German  ", ("16A", SOVIET), " Soviet  ", ("VI", GERMAN_REDUCED), "/", ("3A", SOVIET_REDUCED),
    " reduced  ", ("f", "green3"), " forest  ", ("#", "yellow3"), " fort  ", ("M", "bold"), " city (colour: controller)  ",
    ("║", RIVER), "/", ("under", Style(underline=True)), " river  ", ("  ", BATTLE), " battle  ", ("  ", HIGHLIGHT), " legal move",
)
