"""The map as a text hex grid for the terminal (rich ``Text``), for any game.

The board comes from the game package as data: ``map_meta()`` (hex centres, terrain, hexside
features, places) and ``view(state, seat)`` (units, control, battles) (see
:data:`typhoon.core.contract.MAP_META_DOC` and ``VIEW_DOC``). Hex positions come from the
core's geometry (:class:`typhoon.render.meta.BoardGeometry` recovers axial coordinates from
the centres), so nothing here knows a game's numbering or its sides.

Flat-topped maps: each hex is a cell two text lines high; a column half a hex lower than its
western neighbour is drawn one text line lower, so a hex touches, on its upper line, its
north-east neighbour and, on its lower line, its south-east neighbour: the character between
two cells on a line is exactly the hexside they share. A hexside feature (a river) there is
drawn as ``║`` in the feature's colour; a feature on a hex's south side underlines the hex's
lower line. Pointy-topped maps are drawn row by row, each row half a cell to the side.

Cell (normal, 6 wide): line 1 the top unit's label (or an empty place's name), line 2 the
unit's first value (its strength) then marks: the initial of the terrain (unmarked: the
commonest terrain), of each feature the hex has, and of the place (coloured by the side
controlling it); ``+n`` when ``n`` more units share the hex. With ids on, line 1 shows the hex
id instead and line 2 the unit. Compact mode uses 4-wide cells.
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
        for line in meta.get("lines", ()):
            self.line_hexes.setdefault(line["feature"], set()).update(line["hexes"])
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
        self.pos = {h: (c - c0, line - l0) for h, (c, line) in raw.items()}
        self.columns = 1 + max(c for c, _ in self.pos.values())
        self.lines = 2 + max(line for _, line in self.pos.values())
        self.cell_at: dict[tuple[int, int], tuple[str, int]] = {}
        for h, (c, line) in self.pos.items():
            self.cell_at[(c, line)] = (h, 0)
            self.cell_at[(c, line + 1)] = (h, 1)

    def below(self, h: str) -> str | None:
        """The hex directly south of ``h`` (flat maps: the same column)."""
        q, r = self.geo.axial(h)
        return self.geo.at(q, r + 1) if self.geo.orientation == "flat" else None

    def x_of(self, col: int, width: int) -> int:
        """Text position of the border left of text column ``col``."""
        step = width + 1 if self.geo.orientation == "flat" else (width + 2) // 2
        return LEFT + col * step

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


def _marks(model: BoardModel, view_doc: Mapping[str, Any], h: str, room: int, extra: int = 0) -> Text:
    """Terrain, feature and place marks of ``h`` (the place initial matters most)."""
    t = Text()
    if room <= 0:
        return t
    if extra:
        t.append(f"+{extra}", Style(bold=True))
    mark = model.terrain_mark(h)
    if mark:
        t.append(*mark)
    for mark, _ in model.feature_marks(h):
        t.append(mark, Style(color="yellow3"))
    place = model.places.get(h)
    if place and place.get("name"):
        controller = view_doc.get("control", {}).get(h)
        major = model.place_rank(place) >= model.max_place_rank > 0 and len(model.places) > 1
        t.append(place["name"][0], Style(color=model.side_colour(controller), bold=True, underline=major))
    if len(t) > room:
        t = t[len(t) - room:]
    return t


def _cell(model: BoardModel, view_doc: Mapping[str, Any], stacks: Mapping[str, list], h: str, sub: int,
          view: BoardView, battles: set[str]) -> Text:
    """One line (``sub`` 0 or 1) of the cell of hex ``h``, exactly ``view.width`` wide."""
    w = view.width
    stack = stacks.get(h, [])
    top = stack[0] if stack else None
    ustyle = model.unit_style(top.get("side"), bool(top.get("reduced"))) if top else None
    place = model.places.get(h)
    t = Text()
    if sub == 0:
        if view.ids:
            t.append(h[:w], Style(color="grey62"))
            t.append_text(_marks(model, view_doc, h, w - len(h)))
        elif top:
            t.append(short_id(unit_name(top, w), w).center(w), ustyle)
        elif place and place.get("name"):
            controller = view_doc.get("control", {}).get(h)
            t.append(place["name"][:w].center(w), Style(color=model.side_colour(controller), italic=True))
    else:
        if view.ids:
            if top:
                label = unit_name(top, w)
                value = first_value(top.get("values"))
                text = label if len(label) + len(value) + 1 > w or not value else f"{label} {value}"
                t.append(short_id(text, w).center(w), ustyle)
        else:
            value = first_value(top.get("values")) if top else ""
            t.append(f"{value[-2:]:>2}", ustyle if top else None)
            sep = " " if w >= 6 else ""
            t.append(sep)
            t.append_text(_marks(model, view_doc, h, w - 2 - len(sep), extra=len(stack) - 1 if stack else 0))
    t.truncate(w, pad=True)
    if len(t) < w:
        t.pad_right(w - len(t))
    south = model.hexside_feature(h, model.below(h))
    if sub == 1 and south:
        colour = model.feature_style(south).color
        t.stylize(Style(underline=True, color=colour) if not top else Style(underline=True))
    if h in battles:
        t.stylize(BATTLE)
    if h in view.highlight:
        t.stylize(HIGHLIGHT)
    if h == view.selected:
        t.stylize(SELECTED)
    return t


def _column_label(h: str) -> str:
    """The part of a hex id naming its column ("0507" -> "05", "A3531" -> "A35")."""
    return h[:-2] if len(h) > 2 and h[-2:].isdigit() else h


def _row_label(h: str) -> str:
    return h[-2:]


def render_map(model: BoardModel, view_doc: Mapping[str, Any], view: BoardView | None = None) -> Text:
    """The whole map as rich Text: column labels on top, row labels at the left (the rows of
    the leftmost column)."""
    view = view or BoardView()
    w = view.width
    stacks = units_by_hex(view_doc.get("units", ()))
    battles = {b.get("target") for b in view_doc.get("battles", ())}
    out = Text()
    out.append(" " * LEFT)
    if model.geo.orientation == "flat":
        tops = {}
        for h, (c, line) in model.pos.items():
            if c not in tops or line < model.pos[tops[c]][1]:
                tops[c] = h
        for c in range(model.columns):
            label = _column_label(tops[c]) if c in tops else ""
            out.append(" " + label[:w].center(w), Style(color="cyan" if c % 2 == 0 else "dark_cyan", bold=True))
    out.append("\n")
    for line in range(model.lines):
        row = model.cell_at.get((0, line))
        label = f"{_row_label(row[0]):>2} " if row and row[1] == 0 else " " * LEFT
        out.append(label[:LEFT].ljust(LEFT), LABEL)
        _draw_line(out, model, view_doc, stacks, line, view, battles)
        out.append("\n")
    out.rstrip()
    return out


def _draw_line(out: Text, model: BoardModel, view_doc, stacks, line: int, view: BoardView, battles: set[str]) -> None:
    w = view.width
    if model.geo.orientation == "flat":
        prev: str | None = None
        for c in range(model.columns):
            here = model.cell_at.get((c, line))
            h = here[0] if here else None
            feature = model.hexside_feature(prev, h)
            if feature:
                out.append(HEXSIDE_CHAR, model.feature_style(feature))
            elif prev or h:
                out.append("│", GRID)
            else:
                out.append(" ")
            if h:
                out.append_text(_cell(model, view_doc, stacks, h, here[1], view, battles))
            else:
                out.append(" " * w)
            prev = h
        out.append("│" if prev else " ", GRID)
        return
    # pointy: cells of one row sit two half-columns apart
    x = LEFT
    prev = None
    for c in range(model.columns):
        here = model.cell_at.get((c, line))
        if not here:
            continue
        h = here[0]
        target = model.x_of(c, w)
        if target > x:
            out.append(" " * (target - x))
            x = target
        feature = model.hexside_feature(prev, h)
        out.append(HEXSIDE_CHAR if feature else "│", model.feature_style(feature) if feature else GRID)
        out.append_text(_cell(model, view_doc, stacks, h, here[1], view, battles))
        x += w + 1
        prev = h
    if prev:
        out.append("│", GRID)


def model_for(game: Any) -> BoardModel:
    """The board model of a game, from its package (``registry.get(game.rules.name)``)."""
    from ..games import registry

    pkg = registry.get(game.rules.name)
    return BoardModel(pkg.map_meta(game.options), pkg.sides, pkg.side_names)


def render_game(game: Any, view: BoardView | None = None, seat: str | None = None) -> Text:
    """The map of a game as ``seat`` (None: a spectator) sees it."""
    from ..games import registry

    pkg = registry.get(game.rules.name)
    return render_map(model_for(game), pkg.view(game.state, seat), view)
