"""The map as a text hex grid for the terminal (rich ``Text``), for any game.

The board comes from the game package as data: ``map_meta()`` (hex centres, terrain, hexside
features, lines, places) and ``view(state, seat)`` (units, control, battles) (see
:data:`typhoon.core.contract.MAP_META_DOC` and ``VIEW_DOC``). Hex positions come from the
core's geometry (:class:`typhoon.render.meta.BoardGeometry` recovers axial coordinates from
the centres), so nothing here knows a game's numbering or its sides.

Flat-topped maps: each hex is a cell ``height`` text lines high; a column half a hex lower
than its western neighbour is drawn half a cell lower, so a hex touches, on its upper half,
its north-east neighbour and, on its lower half, its south-east neighbour: the character
between two cells on a line is exactly the hexside they share. A hexside feature (a river)
there is drawn as ``║`` in the feature's colour, a line (a rail) crossing it as ``═``; a
feature on a hex's south side underlines the hex's last line. Pointy-topped maps are drawn
row by row, each row half a cell to the side.

Cell (normal: 4 lines, at least 7 wide): the hex id with marks (``═`` on a rail or other line,
the terrain initial, hex features), the top unit's name, its values with ``+n`` for the other
units of the stack and ``›`` when it has moved, and the place's label (unique on the map,
coloured by its controller). Compact cells are 2 lines: the unit (or place) and its strength.
Hexes in the enemy's zone of control get a tinted background when the ZOC overlay is on.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text

from ..render.meta import BoardGeometry, dominant_terrain, hexside_features, places_by_hex, units_by_hex

# side styles by the side's position in the game's ``sides`` (no side is named here)
SIDE_STYLES = (
    (Style(color="white", bgcolor="grey35", bold=True), Style(color="grey78", bgcolor="grey23", dim=True), "grey85"),
    (Style(color="white", bgcolor="red3", bold=True), Style(color="pink1", bgcolor="dark_red", dim=True), "red1"),
    (Style(color="white", bgcolor="blue3", bold=True), Style(color="light_sky_blue1", bgcolor="navy_blue", dim=True), "bright_blue"),
    (Style(color="black", bgcolor="yellow3", bold=True), Style(color="grey11", bgcolor="dark_goldenrod", dim=True), "yellow"),
)
NEUTRAL = "white"
HIGHLIGHT = Style(bgcolor="dark_green")
SELECTED = Style(reverse=True)
BATTLE = Style(bgcolor="dark_orange3")
GRID = Style(color="grey42")
LABEL = Style(color="cyan", bold=True)
HEXSIDE_CHAR = "║"
LEFT = 3  # room for the row labels


ZOC = Style(bgcolor="grey23")
CURSOR = Style(bgcolor="yellow4", bold=True)
MOVED_MARK = "›"
LINE_MARKS = {"rail": "═", "railroad": "═", "railway": "═", "road": "─"}  # MAP_META_DOC line features


@dataclass
class BoardView:
    """What the map shows besides the position: ids (on by default), compact cells, the enemy
    ZOC overlay, highlighted hexes, the selected hex and the cursor."""

    ids: bool = True
    compact: bool = False
    zoc: bool = True
    highlight: Collection[str] = field(default_factory=set)
    selected: str | None = None
    cursor: str | None = None
    id_width: int = 4

    @property
    def width(self) -> int:
        return 5 if self.compact else max(7, self.id_width + 3)

    @property
    def height(self) -> int:
        return 2 if self.compact else 4


def place_labels(names: Sequence[str], width: int) -> dict[str, str]:
    """A label of at most ``width`` characters for each place name, unique on the map: the
    name when it fits, else its start and end joined by '.', the start growing until no two
    places share a label (Rzhev, Roslavl and Ryazan stay apart; 'Maloyaroslavets' -> 'Maloya.',
    then 'Mal.ets' for another name starting the same)."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name in sorted(set(names), key=lambda n: (len(n), n)):
        if len(name) <= width and name not in taken:
            out[name] = name
            taken.add(name)
    for name in sorted(set(names) - set(out)):
        label = name[:width - 1] + "." if name[:width - 1] + "." not in taken else None
        for head in range(max(1, width // 2), width):
            if label is not None:
                break
            tail = width - 1 - head
            candidate = name[:head] + "." + (name[-tail:] if tail > 0 else "")
            if candidate not in taken:
                label = candidate
                break
        n = 2
        while label is None or label in taken:
            label = f"{name[:width - len(str(n))]}{n}"
            n += 1
        out[name] = label
        taken.add(label)
    return out


_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def short_id(unit: str, width: int) -> str:
    """A unit label cut to ``width``; a Roman number too long for it becomes Arabic
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


def unit_name(unit: Mapping[str, Any], width: int) -> str:
    """What a cell calls a unit: its label when that is short (a corps number), else its id."""
    label = str(unit.get("label") or unit["id"])
    return label if len(label) <= max(width, 6) else str(unit["id"])


def first_value(values: Any) -> str:
    """The first number of a unit's values text ("8-4" -> "8"): its strength on the map."""
    text = "" if values is None else str(values)
    return text.split("-", 1)[0].split("/", 1)[0].strip()


class BoardModel:
    """A game's board prepared for text: cell positions, marks and styles (built once per game)."""

    def __init__(self, meta: Mapping[str, Any], sides: Sequence[str], side_names: Mapping[str, str] | None = None) -> None:
        self.meta = meta
        self.sides = tuple(sides)
        self.side_names = dict(side_names or {})
        self.geo = BoardGeometry(meta)
        self.hexes: Mapping[str, Mapping[str, Any]] = meta.get("hexes", {})
        self.places = places_by_hex(meta)
        self.hexsides = hexside_features(meta)
        self.plain_terrain = dominant_terrain(meta)
        self.terrain_styles: Mapping[str, Mapping[str, Any]] = meta.get("terrain_styles", {})
        self.feature_styles: Mapping[str, Mapping[str, Any]] = meta.get("feature_styles", {})
        self.line_hexes: dict[str, set[str]] = {}
        self.line_links: dict[frozenset, str] = {}  # consecutive hexes of a line -> its feature
        for line in meta.get("lines", ()):
            self.line_hexes.setdefault(line["feature"], set()).update(line["hexes"])
            for a, b in zip(line["hexes"], line["hexes"][1:]):
                self.line_links[frozenset((a, b))] = line["feature"]
        self._labels: dict[int, dict[str, str]] = {}
        self.hex_feature_styles: Mapping[str, Mapping[str, Any]] = meta.get("hex_feature_styles", {})
        self.place_styles: Mapping[str, Mapping[str, Any]] = meta.get("place_styles", {})
        self.max_place_rank = max((self.place_rank(p) for p in self.places.values()), default=0)
        self._positions()

    # -- layout ---------------------------------------------------------------------------
    def _positions(self) -> None:
        """(text column, first text line) of every hex from its axial coordinates."""
        geo = self.geo
        ax = {h: geo.axial(h) for h in geo.all_hexes}
        if geo.orientation == "flat":
            raw = {h: (q, 2 * r + q) for h, (q, r) in ax.items()}
        else:  # pointy: rows of hexes, each half a cell to the side of the one above
            raw = {h: (2 * q + r, 2 * r) for h, (q, r) in ax.items()}
        c0 = min(c for c, _ in raw.values())
        l0 = min(line for _, line in raw.values())
        self.half = {h: (c - c0, line - l0) for h, (c, line) in raw.items()}  # in half-cells
        self.columns = 1 + max(c for c, _ in self.half.values())
        self._layouts: dict[int, tuple[dict, dict, int]] = {}
        self.layout(2)

    def layout(self, height: int) -> tuple[dict[str, tuple[int, int]], dict[tuple[int, int], tuple[str, int]], int]:
        """(positions, cell_at, lines) for cells ``height`` lines high (even)."""
        if height not in self._layouts:
            k = height // 2
            pos = {h: (c, line * k) for h, (c, line) in self.half.items()}
            cell_at: dict[tuple[int, int], tuple[str, int]] = {}
            for h, (c, line) in pos.items():
                for sub in range(height):
                    cell_at[(c, line + sub)] = (h, sub)
            lines = height + max(line for _, line in pos.values())
            self._layouts[height] = (pos, cell_at, lines)
        return self._layouts[height]

    @property
    def pos(self) -> dict[str, tuple[int, int]]:
        return self.layout(2)[0]

    @property
    def cell_at(self) -> dict[tuple[int, int], tuple[str, int]]:
        return self.layout(2)[1]

    @property
    def lines(self) -> int:
        return self.layout(2)[2]

    def id_width(self) -> int:
        return max(len(h) for h in self.hexes or self.geo.all_hexes)

    def hex_at(self, x: int, y: int, view: BoardView) -> str | None:
        """The hex drawn at text column ``x``, line ``y`` of :func:`render_map` (for mouse
        clicks): line 0 is the column labels."""
        _, cell_at, _ = self.layout(view.height)
        w = view.width
        if self.geo.orientation == "flat":
            c, within = divmod(x - LEFT, w + 1)
            if x < LEFT or within == 0:
                return None
            here = cell_at.get((c, y - 1))
            return here[0] if here else None
        for (c, line), (h, _) in cell_at.items():
            if line == y - 1 and self.x_of(c, w) < x <= self.x_of(c, w) + w:
                return h
        return None

    def below(self, h: str) -> str | None:
        """The hex directly south of ``h`` (flat maps: the same column)."""
        q, r = self.geo.axial(h)
        return self.geo.at(q, r + 1) if self.geo.orientation == "flat" else None

    def x_of(self, col: int, width: int) -> int:  # noqa: D102
        """Text position of the border left of text column ``col``."""
        step = width + 1 if self.geo.orientation == "flat" else (width + 2) // 2
        return LEFT + col * step

    def labels(self, width: int) -> dict[str, str]:
        """The unique place labels for cells ``width`` wide (name -> label)."""
        if width not in self._labels:
            self._labels[width] = place_labels([p.get("name") or "" for p in self.places.values()], width)
        return self._labels[width]

    def place_label(self, h: str, width: int) -> str:
        place = self.places.get(h)
        if not place or not place.get("name"):
            return ""
        return self.labels(width)[place["name"]]

    def line_marks(self, h: str) -> list[tuple[str, Style]]:
        """A mark for each line (rail, road) through ``h``, in the feature's colour."""
        out = []
        for feature, hexes in sorted(self.line_hexes.items()):
            if h in hexes:
                out.append((LINE_MARKS.get(feature, feature[:1]), self.feature_style(feature)))
        return out

    def line_link(self, a: str | None, b: str | None) -> str | None:
        if a is None or b is None:
            return None
        return self.line_links.get(frozenset((a, b)))

    # -- styles ---------------------------------------------------------------------------
    def side_index(self, side: str | None) -> int | None:
        return self.sides.index(side) if side in self.sides else None

    def unit_style(self, side: str | None, reduced: bool) -> Style:
        i = self.side_index(side)
        if i is None:
            return Style(color="black", bgcolor="white")
        full, red, _ = SIDE_STYLES[i % len(SIDE_STYLES)]
        return red if reduced else full

    def side_colour(self, side: str | None) -> str:
        i = self.side_index(side)
        return NEUTRAL if i is None else SIDE_STYLES[i % len(SIDE_STYLES)][2]

    def side_name(self, side: str | None) -> str:
        if side is None:
            return "nobody"
        return self.side_names.get(side, side)

    def feature_style(self, feature: str) -> Style:
        stroke = self.feature_styles.get(feature, {}).get("stroke")
        try:
            return Style(color=stroke or "bright_blue", bold=True)
        except Exception:  # a colour rich cannot read
            return Style(color="bright_blue", bold=True)

    def terrain_mark(self, h: str) -> tuple[str, Style] | None:
        t = self.hexes.get(h, {}).get("terrain")
        if t is None or t == self.plain_terrain:
            return None
        style = self.terrain_styles.get(t, {})
        label = str(style.get("label") or t)
        try:
            colour = Style(color=style.get("fill") or "green3")
        except Exception:
            colour = Style(color="green3")
        return label[:1].lower(), colour

    def feature_marks(self, h: str) -> list[tuple[str, str]]:
        """(mark, label) of the hex features set on ``h`` (``hex_feature_styles`` naming a true
        hex attribute, e.g. a fortification)."""
        attrs = self.hexes.get(h, {})
        return [(self.feature_mark(name), str(style.get("label") or name))
                for name, style in self.hex_feature_styles.items() if attrs.get(name) is True]

    def feature_mark(self, name: str) -> str:
        style = self.hex_feature_styles.get(name, {})
        mark = style.get("mark")
        if not mark:
            mark = "#" if style.get("pattern") == "fort" else str(style.get("label") or name)[:1].upper()
        return str(mark)[:1]

    def place_rank(self, place: Mapping[str, Any]) -> float:
        """How important a place is: its style's size, else its value (major cities are underlined)."""
        style = self.place_styles.get(place.get("kind"), {})
        return float(style.get("size") or place.get("value") or 0)

    def place_kind(self, place: Mapping[str, Any]) -> str:
        kind = place.get("kind") or "place"
        return str(self.place_styles.get(kind, {}).get("label") or kind.replace("_", " ")).lower()

    def hexside_feature(self, a: str | None, b: str | None) -> str | None:
        if a is None or b is None:
            return None
        found = self.hexsides.get(frozenset((a, b)))
        return found[0] if found else None

    # -- legend ---------------------------------------------------------------------------
    def legend(self) -> Text:
        """What the colours and marks mean, for this game's board."""
        t = Text()
        for i, side in enumerate(self.sides):
            name = self.side_name(side)
            t.append(name[:4], self.unit_style(side, False))
            t.append("/")
            t.append(name[:2], self.unit_style(side, True))
            t.append(f" {name} (dim: reduced)  ")
        for name, style in self.terrain_styles.items():
            if name == self.plain_terrain:
                continue
            mark = self.terrain_mark_for(name)
            if mark:
                t.append(mark[0], mark[1])
                t.append(f" {style.get('label') or name}  ")
        for mark, label in sorted({m for h in self.hexes for m in self.feature_marks(h)}):
            t.append(mark, Style(color="yellow3"))
            t.append(f" {label.lower()}  ")
        if self.places:
            t.append("P", Style(bold=True))
            t.append(" place initial (colour: controller)  ")
        for feature in sorted({f for fs in self.hexsides.values() for f in fs}):
            t.append(HEXSIDE_CHAR, self.feature_style(feature))
            t.append(f"/under {self.feature_styles.get(feature, {}).get('label') or feature}  ")
        t.append("  ", BATTLE)
        t.append(" battle  ")
        t.append("  ", HIGHLIGHT)
        t.append(" highlighted")
        return t

    def terrain_mark_for(self, terrain: str) -> tuple[str, Style] | None:
        style = self.terrain_styles.get(terrain, {})
        label = str(style.get("label") or terrain)
        try:
            colour = Style(color=style.get("fill") or "green3")
        except Exception:
            colour = Style(color="green3")
        return (label[:1].lower(), colour) if label else None


def unit_values(u: Mapping[str, Any]) -> str:
    """What a cell shows of a unit's strength: its values ("8-4"), '?' when hidden."""
    if u.get("hidden"):
        return "?"
    return str(u.get("values") or "")


def has_moved(u: Mapping[str, Any]) -> bool:
    return bool(u.get("moved")) or "moved" in (u.get("flags") or ())


def enemy_zoc(model: BoardModel, view_doc: Mapping[str, Any], side: str | None) -> set[str]:
    """The hexes in the zone of control of ``side``'s enemies: the view's ``zoc`` when the game
    gives it ({side: [hex]}), else the six hexes around each enemy unit on the map
    (``core.paths.zone_of_control``, the common case)."""
    from ..core.paths import zone_of_control

    if side is None:
        return set()
    given = view_doc.get("zoc")
    if isinstance(given, Mapping):
        return {h for s, hexes in given.items() if s != side for h in hexes}
    enemy = [u["hex"] for u in view_doc.get("units", ()) if u.get("side") not in (side, None)
             and u.get("hex") and u.get("where", "map") == "map"]
    return set(zone_of_control(enemy, model.geo.neighbours))


def _id_line(model: BoardModel, h: str, w: int) -> Text:
    t = Text().append(h, Style(color="grey62"))
    for mark, style in model.line_marks(h):
        t.append(mark, style)
    mark = model.terrain_mark(h)
    if mark:
        t.append(*mark)
    for mark, _ in model.feature_marks(h):
        t.append(mark, Style(color="yellow3"))
    t.truncate(w)
    return t


def _unit_line(model: BoardModel, stack: list, w: int, values: bool) -> Text:
    top = stack[0] if stack else None
    if top is None:
        return Text()
    style = model.unit_style(top.get("side"), bool(top.get("reduced")))
    if not values:
        return Text().append(short_id(unit_name(top, w), w).center(w), style)  # a span: it wins over tints
    extra = f"+{len(stack) - 1}" if len(stack) > 1 else ""
    moved = MOVED_MARK if has_moved(top) else ""
    value = unit_values(top)
    room = w - len(extra) - len(moved)
    t = Text().append(value[:room].center(room), style)
    t.append(extra, Style(bold=True, color="yellow"))
    t.append(moved, Style(bold=True, color="bright_green"))
    return t


def _cell(model: BoardModel, view_doc: Mapping[str, Any], stacks: Mapping[str, list], h: str, sub: int,
          view: BoardView, battles: set[str], zoc: set[str]) -> Text:
    """One line (``sub``) of the cell of hex ``h``, exactly ``view.width`` wide."""
    w = view.width
    stack = stacks.get(h, [])
    controller = view_doc.get("control", {}).get(h)
    place_style = Style(color=model.side_colour(controller), italic=True, bold=True)
    if view.compact:
        if sub == 0:
            if stack:
                t = _unit_line(model, stack, w, values=False)
            elif view.ids:
                t = _id_line(model, h, w)
            else:
                t = Text().append(model.place_label(h, w).center(w), place_style)
        else:
            top = stack[0] if stack else None
            t = Text()
            if top:
                value = first_value(unit_values(top))
                t.append(f"{value[-2:]:>2}", model.unit_style(top.get("side"), bool(top.get("reduced"))))
                if len(stack) > 1:
                    t.append(f"+{len(stack) - 1}", Style(bold=True, color="yellow"))
                elif has_moved(top):
                    t.append(MOVED_MARK, Style(bold=True, color="bright_green"))
            label = model.place_label(h, w)
            if label and len(t) < w:
                t.append(label[: w - len(t)], place_style)
    elif sub == 0:
        t = _id_line(model, h, w) if view.ids else Text()
    elif sub == 1:
        t = _unit_line(model, stack, w, values=False)
    elif sub == 2:
        t = _unit_line(model, stack, w, values=True)
    else:
        t = Text().append(model.place_label(h, w).center(w), place_style)
    t.truncate(w, pad=True)
    if len(t) < w:
        t.pad_right(w - len(t))
    south = model.hexside_feature(h, model.below(h))
    if sub == view.height - 1 and south:
        t.stylize(Style(underline=True, color=model.feature_style(south).color))
    if view.zoc and h in zoc:
        t.stylize_before(ZOC)
    if h in battles:
        t.stylize(BATTLE)
    if h in view.highlight:
        t.stylize(HIGHLIGHT)
    if h == view.selected:
        t.stylize(SELECTED)
    if h == view.cursor:
        t.stylize(CURSOR)
    return t


def _column_label(h: str) -> str:
    """The part of a hex id naming its column ("0507" -> "05", "A3531" -> "A35")."""
    return h[:-2] if len(h) > 2 and h[-2:].isdigit() else h


def _row_label(h: str) -> str:
    return h[-2:]


def render_map(model: BoardModel, view_doc: Mapping[str, Any], view: BoardView | None = None,
               seat: str | None = None) -> Text:
    """The whole map as rich Text: column labels on top, row labels at the left (the rows of
    the leftmost column). ``seat``: whose enemies' ZOC is tinted (the view's seat by default)."""
    view = view or BoardView(id_width=model.id_width())
    w = view.width
    pos, cell_at, lines = model.layout(view.height)
    stacks = units_by_hex(view_doc.get("units", ()))
    battles = {b.get("target") for b in view_doc.get("battles", ())}
    side = seat if seat is not None else view_doc.get("seat") or view_doc.get("current_player")
    zoc = enemy_zoc(model, view_doc, side) if view.zoc else set()
    out = Text()
    out.append(" " * LEFT)
    if model.geo.orientation == "flat":
        tops = {}
        for h, (c, line) in pos.items():
            if c not in tops or line < pos[tops[c]][1]:
                tops[c] = h
        for c in range(model.columns):
            label = _column_label(tops[c]) if c in tops else ""
            out.append(" " + label[:w].center(w), Style(color="cyan" if c % 2 == 0 else "dark_cyan", bold=True))
    out.append("\n")
    for line in range(lines):
        row = cell_at.get((0, line))
        label = f"{_row_label(row[0]):>2} " if row and row[1] == 0 else " " * LEFT
        out.append(label[:LEFT].ljust(LEFT), LABEL)
        _draw_line(out, model, view_doc, stacks, line, view, battles, cell_at, zoc)
        out.append("\n")
    out.rstrip()
    return out


def _border(model: BoardModel, prev: str | None, h: str | None, sub: int, view: BoardView) -> tuple[str, Style | None]:
    """The character between two cells on one line: a hexside feature (river), a line (rail)
    crossing the hexside on the middle line of the shared side, or the grid."""
    feature = model.hexside_feature(prev, h)
    link = model.line_link(prev, h)
    if link and sub % max(1, view.height // 2) == (view.height // 2) - 1:
        return LINE_MARKS.get(link, "=") if link in LINE_MARKS else "=", model.feature_style(link)
    if feature:
        return HEXSIDE_CHAR, model.feature_style(feature)
    if prev or h:
        return "│", GRID
    return " ", None


def _draw_line(out: Text, model: BoardModel, view_doc, stacks, line: int, view: BoardView, battles: set[str],
               cell_at, zoc: set[str]) -> None:
    w = view.width
    if model.geo.orientation == "flat":
        prev: str | None = None
        for c in range(model.columns):
            here = cell_at.get((c, line))
            h = here[0] if here else None
            sub = here[1] if here else (cell_at.get((c - 1, line)) or (None, 0))[1]
            char, style = _border(model, prev, h, sub, view)
            out.append(char, style)
            if h:
                out.append_text(_cell(model, view_doc, stacks, h, here[1], view, battles, zoc))
            else:
                out.append(" " * w)
            prev = h
        out.append("│" if prev else " ", GRID)
        return
    # pointy: cells of one row sit two half-columns apart
    x = LEFT
    prev = None
    for c in range(model.columns):
        here = cell_at.get((c, line))
        if not here:
            continue
        h = here[0]
        target = model.x_of(c, w)
        if target > x:
            out.append(" " * (target - x))
            x = target
        char, style = _border(model, prev, h, here[1], view)
        out.append(char, style)
        out.append_text(_cell(model, view_doc, stacks, h, here[1], view, battles, zoc))
        x += w + 1
        prev = h
    if prev:
        out.append("│", GRID)


def strips(board: Text, width: int) -> list[Text]:
    """The map cut into vertical strips no wider than ``width`` (each keeping the row labels),
    for a line-mode terminal narrower than the map: never wrapped into garbage."""
    lines = board.split("\n", allow_blank=True)
    full = max((len(line) for line in lines), default=0)
    if full <= width or width <= LEFT + 8:
        return [board]
    room = width - LEFT
    out = []
    for start in range(LEFT, full, room):
        t = Text()
        for line in lines:
            t.append_text(line[:LEFT])
            t.append_text(line[start:start + room])
            t.append("\n")
        t.rstrip()
        out.append(t)
    return out


def model_for(game: Any) -> BoardModel:
    """The board model of a game, from its package (``registry.get(game.rules.name)``)."""
    from ..games import registry

    pkg = registry.get(game.rules.name)
    return BoardModel(pkg.map_meta(game.options), pkg.sides, pkg.side_names)


def render_game(game: Any, view: BoardView | None = None, seat: str | None = None) -> Text:
    """The map of a game as ``seat`` (None: a spectator) sees it."""
    from ..games import registry

    pkg = registry.get(game.rules.name)
    model = model_for(game)
    return render_map(model, pkg.view(game.state, seat), view or BoardView(id_width=model.id_width()), seat)
