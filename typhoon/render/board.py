"""Draw any game's board: map, counters, control, battles, highlights and arrows (matplotlib).

The board comes from the game package as data: ``map_meta()`` (geometry with hex centres,
terrain and its styles, hexside features, lines, places, edges, side and unit-kind styles) and
``view(state, seat)`` (units, control, battles), see :data:`typhoon.core.contract.MAP_META_DOC`
and ``VIEW_DOC``. Hex corners and hexside segments come from the core's geometry
(:class:`typhoon.render.meta.BoardGeometry`); nothing here knows a game.

Only matplotlib is used, through its Agg canvas (no pyplot, no GUI, no global backend switch),
so the same figure is written as SVG, PNG or PDF. ``y`` grows downward (the axes are inverted),
so the drawing reads like a printed map.
"""

from __future__ import annotations

import io
import math
import zlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
from matplotlib import patheffects
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Ellipse, FancyArrowPatch, FancyBboxPatch, Polygon, Rectangle
from matplotlib.path import Path as MplPath
from matplotlib.transforms import IdentityTransform

from ..core.errors import TyphoonError
from .meta import BoardGeometry, units_by_hex


class RenderError(TyphoonError, OSError):
    """A picture that cannot be written (the file and the reason named)."""

__all__ = ["draw", "figure", "svg", "save_board", "figure_svg", "rgb_array"]

SQRT3 = math.sqrt(3.0)
FIGSIZE = (11.0, 9.0)
PNG_DPI = 150

BACKGROUND = "#bfbfbf"
DEFAULT_FILL = "#fffeed"
TREE_BLOB = "#45ab45"
HEX_EDGE = "#484848"
HEX_LABEL = "#7a7a7a"
FORT = "#86592d"
PLACE = "#000000"
ARROW_COLOUR = "#ff7a00"
BATTLE_COLOUR = "#ff7a00"
FOREST_PATTERNS = ("trees", "forest", "woods")
DASHED_LINES = ("rail", "railroad", "railway")
EDGE_DIRECTIONS = ("N", "E", "S", "W")
HATCHES = {"marsh": "---", "swamp": "---", "rough": "..", "hills": "^^", "mountain": "^^^", "city": "xx", "urban": "xx"}
# faces of the sides a map gives no style for, by the side's position in the game's sides
SIDE_PALETTE = (
    {"fill": "#8ca296", "reduced_fill": "#cedbd2", "text": "#ffffff", "reduced_text": "#111111", "control": "#1c1c1c"},
    {"fill": "#e93a4c", "reduced_fill": "#f9a29b", "text": "#ffffff", "reduced_text": "#111111", "control": "#d81e30"},
    {"fill": "#3a6ee9", "reduced_fill": "#a2bbf9", "text": "#ffffff", "reduced_text": "#111111", "control": "#1f3fa8"},
    {"fill": "#e9c93a", "reduced_fill": "#f9eaa2", "text": "#111111", "reduced_text": "#111111", "control": "#8a7412"},
)


# ------------------------------------------------------------------ styles
class Styles:
    """The colours of one board: sides (``side_styles``), unit kinds, terrain and features."""

    def __init__(self, meta: Mapping[str, Any], sides: Sequence[str] | None) -> None:
        given = meta.get("side_styles") or {}
        self.sides = tuple(sides) if sides else tuple(given)
        self.side: dict[str, dict[str, str]] = {}
        for i, s in enumerate(self.sides):
            self.side[s] = {**SIDE_PALETTE[i % len(SIDE_PALETTE)], **given.get(s, {})}
        self.unit_kinds: Mapping[str, Mapping[str, Any]] = meta.get("unit_kinds") or {}
        self.terrain: Mapping[str, Mapping[str, Any]] = meta.get("terrain_styles") or {}
        self.features: Mapping[str, Mapping[str, Any]] = meta.get("feature_styles") or {}
        self.hex_features: Mapping[str, Mapping[str, Any]] = meta.get("hex_feature_styles") or {}
        self.places: Mapping[str, Mapping[str, Any]] = meta.get("place_styles") or {}

    def check_side(self, side: Any, what: str) -> dict[str, str]:
        if side not in self.side:
            raise ValueError(f"{what}: side must be one of {list(self.sides)}, got {side!r}")
        return self.side[side]

    def symbol(self, kind: Any) -> str:
        """The counter symbol of a unit kind: the map's ``unit_kinds`` symbol, else the kind."""
        return str(self.unit_kinds.get(kind, {}).get("symbol") or kind or "")


# ------------------------------------------------------------------ drawing pieces
def _fort_ring(cx: float, cy: float, r_in: float, r_out: float, teeth: int = 16) -> np.ndarray:
    """A crenellated ring (a printed map's 'cog' fortification symbol) as a closed polyline."""
    pts = []
    step = 2 * math.pi / teeth
    for k in range(teeth):
        a0 = k * step
        a1 = a0 + step / 2
        a2 = a0 + step
        for a, r in ((a0, r_in), (a0, r_out), (a1, r_out), (a1, r_in), (a2, r_in)):
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.array(pts)


_BLOB_ANGLES = (0.0, 45.0, 90.0, 135.0)
_BLOB_WIDTHS = (0.15, 0.20, 0.26)  # in hex sizes


def _blob_path(angle_deg: float) -> MplPath:
    """A 2:1 ellipse (as a 12-gon, width 1) rotated by angle_deg, for the tree texture."""
    t = np.linspace(0, 2 * np.pi, 12, endpoint=False)
    x, y = 0.5 * np.cos(t), 0.25 * np.sin(t)
    a = math.radians(angle_deg)
    pts = np.column_stack([x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)])
    return MplPath(np.vstack([pts, pts[:1]]), closed=True)


def _tree_texture(ax, hexes: Sequence[str], geo: BoardGeometry, colour: str, pt_per_unit: float) -> None:
    """'Tree' blobs over the hexes, like a printed forest texture. Deterministic (seeded by
    hex id); a few shapes only, one collection per shape, so SVG output defines each once."""
    if not hexes:
        return
    s = geo.size
    groups: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for h in hexes:
        rng = np.random.default_rng(zlib.crc32(h.encode()))
        cx, cy = geo.centres[h]
        for gx in np.linspace(-0.8, 0.8, 11):
            for gy in np.linspace(-0.72, 0.72, 9):
                if rng.random() < 0.12:
                    continue
                dx = gx + rng.uniform(-0.06, 0.06)
                dy = gy + rng.uniform(-0.06, 0.06)
                key = (int(rng.integers(len(_BLOB_ANGLES))), int(rng.integers(len(_BLOB_WIDTHS))))
                room = SQRT3 / 2 - 0.4 * _BLOB_WIDTHS[key[1]] - 0.01  # inside the hex with room for the blob
                if abs(dy) > room or abs(dx) * SQRT3 / 2 + abs(dy) / 2 > room:
                    continue
                groups.setdefault(key, []).append((cx + dx * s, cy + dy * s))
    for (ai, wi), offsets in sorted(groups.items()):
        coll = PathCollection([_blob_path(-_BLOB_ANGLES[ai])], sizes=[(_BLOB_WIDTHS[wi] * s * pt_per_unit) ** 2],
                              offsets=offsets, offset_transform=ax.transData, transform=IdentityTransform(),
                              facecolors=colour, edgecolors="none", zorder=1.5)
        coll.set_gid(f"trees-{ai}-{wi}")
        ax.add_collection(coll)


def _halo(width: float = 2.5, colour: str = "white") -> list:
    return [patheffects.withStroke(linewidth=width, foreground=colour)]


def _text(ax, x: float, y: float, s: str, halo: str | None = None, halo_width: float = 2.0, **kw):
    """ax.text, optionally with a halo drawn as a separate stroked copy, so the text itself
    stays a real <text> element in SVG output."""
    if halo is not None:
        under = dict(kw)
        under["zorder"] = kw.get("zorder", 3) - 0.001
        under.pop("gid", None)
        ax.text(x, y, s, path_effects=[patheffects.Stroke(linewidth=halo_width, foreground=halo)], **under)
    return ax.text(x, y, s, **kw)


def _unit_symbol(ax, cx: float, cy: float, w: float, h: float, symbol: str, colour: str, z: float) -> None:
    """NATO-style unit symbol: a box with an X (infantry), an oval (armour), a diagonal
    (cavalry); shock units get an inner frame; any other kind a plain box."""
    x0, y0 = cx - w / 2, cy - h / 2
    ax.add_patch(Rectangle((x0, y0), w, h, fill=False, edgecolor=colour, linewidth=1.0, zorder=z))
    if symbol in ("armour", "armor", "panzer", "tank", "mechanized"):
        ax.add_patch(Ellipse((cx, cy), w * 0.62, h * 0.56, fill=False, edgecolor=colour, linewidth=1.0, zorder=z))
    if symbol in ("infantry", "shock", "mechanized"):
        ax.plot([x0, x0 + w], [y0, y0 + h], color=colour, linewidth=0.9, zorder=z, solid_capstyle="butt")
        ax.plot([x0, x0 + w], [y0 + h, y0], color=colour, linewidth=0.9, zorder=z, solid_capstyle="butt")
    if symbol == "cavalry":
        ax.plot([x0, x0 + w], [y0 + h, y0], color=colour, linewidth=0.9, zorder=z, solid_capstyle="butt")
    if symbol == "shock":
        ax.add_patch(Rectangle((x0 + 0.035, y0 + 0.035), w - 0.07, h - 0.07, fill=False, edgecolor=colour,
                               linewidth=0.6, zorder=z))


def _draw_counter(ax, unit: Mapping[str, Any], style: Mapping[str, str], symbol: str, cx: float, cy: float,
                  side_len: float, z: float) -> None:
    reduced = bool(unit.get("reduced", False))
    face = style["reduced_fill"] if reduced else style["fill"]
    ink = style["reduced_text"] if reduced else style["text"]
    half = side_len / 2
    pad = 0.04 * side_len
    ax.add_patch(FancyBboxPatch((cx - half + pad + 0.05, cy - half + pad + 0.05), side_len - 2 * pad, side_len - 2 * pad,
                                boxstyle=f"round,pad={pad},rounding_size={pad * 1.5}", facecolor="black", alpha=0.35,
                                edgecolor="none", zorder=z))
    body = FancyBboxPatch((cx - half + pad, cy - half + pad), side_len - 2 * pad, side_len - 2 * pad,
                          boxstyle=f"round,pad={pad},rounding_size={pad * 1.5}", facecolor=face, edgecolor="#111111",
                          linewidth=0.9, zorder=z + 0.01)
    body.set_gid(f"unit-{unit['id']}")
    ax.add_patch(body)
    s = side_len / 1.2  # the layout below is designed for a 1.2-unit counter
    _unit_symbol(ax, cx, cy - 0.27 * s, 0.54 * s, 0.30 * s, symbol, ink, z + 0.02)
    label = str(unit.get("label") or unit["id"])
    ax.text(cx, cy + 0.03 * s, label if len(label) <= 6 else str(unit["id"]), ha="center", va="center", color=ink,
            fontsize=6.3 * s, fontweight="bold", zorder=z + 0.03, clip_on=True)
    values = "?" if unit.get("hidden") and not unit.get("values") else str(unit.get("values") or "")
    if values:
        ax.text(cx, cy + 0.32 * s, values, ha="center", va="center", color=ink, fontsize=10.5 * s,
                fontweight="bold", zorder=z + 0.03, clip_on=True)


def _draw_flag(ax, cx: float, cy: float, side: str, colour: str, z: float) -> None:
    """A small pennant in the upper-left part of the hex showing who controls the place."""
    px = cx - 0.56
    top, bottom = cy - 0.68, cy - 0.36
    ax.plot([px, px], [bottom, top], color="black", linewidth=1.1, zorder=z, solid_capstyle="round",
            path_effects=_halo(2.6))
    flag = Polygon([(px, top), (px + 0.30, top + 0.09), (px, top + 0.18)], closed=True, facecolor=colour,
                   edgecolor="white", linewidth=0.8, zorder=z + 0.01)
    flag.set_gid(f"control-{side}")
    ax.add_patch(flag)


def _outer_sides(geo: BoardGeometry, h: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The sides of hex ``h`` on the map's edge (no hex of the map beyond them)."""
    cx, cy = geo.centres[h]
    corners = geo.corners(h)
    out = []
    for i in range(6):
        a, b = corners[i], corners[(i + 1) % 6]
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        q, r = geo.layout.to_axial(2 * mx - cx, 2 * my - cy)
        if geo.at(q, r) is None:
            out.append((a, b))
    return out


def _check_hex(geo: BoardGeometry, h: Any, what: str) -> str:
    if h not in geo:
        raise ValueError(f"{what}: hex {h!r} is not on the map")
    return h


# ------------------------------------------------------------------ the board
def draw(
    meta: Mapping[str, Any],
    view: Mapping[str, Any] | None = None,
    *,
    sides: Sequence[str] | None = None,
    title: str | None = None,
    highlights: Mapping[str, str] | None = None,
    show_ids: bool = True,
    arrows: Sequence[tuple] = (),
    battle_arrows: bool = True,
) -> Figure:
    """Draw a board (``map_meta``) and what a seat sees of a position (``view``) on a new
    Figure (Agg canvas, 11 x 9 inches).

    sides: the game's sides (colours by position; ``side_styles`` of the map override them);
        default: the sides the map styles.
    highlights: hex id -> matplotlib colour, drawn as a translucent hex fill.
    arrows: (from_hex, to_hex[, colour]); the view's declared battles add attacker arrows.
    Raises ValueError for a unit, highlight, arrow or control off the map or of an unknown side.
    """
    view = view or {}
    geo = BoardGeometry(meta)
    st = Styles(meta, sides)
    hexes: Mapping[str, Mapping[str, Any]] = meta.get("hexes") or {}
    stacks = units_by_hex(view.get("units", ()))
    for h, stack in stacks.items():
        for u in stack:
            _check_hex(geo, h, f"unit {u.get('id')}")
            st.check_side(u.get("side"), f"unit {u.get('id')}")
    control = dict(view.get("control") or {})
    for h, side in control.items():
        _check_hex(geo, h, "control")
        st.check_side(side, f"control of {h}")
    highlights = dict(highlights or {})
    for h in highlights:
        _check_hex(geo, h, "highlight")
    arrows = list(arrows)
    for arrow in arrows:
        if len(arrow) not in (2, 3):
            raise ValueError(f"arrow must be (from_hex, to_hex[, colour]), got {arrow!r}")
        _check_hex(geo, arrow[0], "arrow")
        _check_hex(geo, arrow[1], "arrow")
    if battle_arrows:
        arrows += _battle_arrows(view, geo)

    fig = Figure(figsize=FIGSIZE, facecolor="white")
    FigureCanvasAgg(fig)
    top = 0.935 if title else 0.985
    ax = fig.add_axes((0.01, 0.01, 0.98, top - 0.01))
    ax.set_facecolor(BACKGROUND)
    xmin, ymin, xmax, ymax = geo.bounds
    margin = 0.12 * geo.size
    ax.set_xlim(xmin - margin, xmax + margin)
    ax.set_ylim(ymax + margin, ymin - margin)  # inverted: y grows downward
    ax.set_aspect("equal")
    pt_per_unit = 72.0 * min(FIGSIZE[0] * 0.98 / (xmax - xmin + 2 * margin),
                             FIGSIZE[1] * (top - 0.01) / (ymax - ymin + 2 * margin))
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_edgecolor("#555555")

    ids = sorted(geo.all_hexes)
    _draw_terrain(ax, geo, st, hexes, ids, pt_per_unit)
    for h, colour in highlights.items():
        ax.add_patch(Polygon(geo.corners(h), closed=True, facecolor=colour, alpha=0.45, edgecolor="none", zorder=2.5))
    ax.add_collection(PolyCollection([geo.corners(h) for h in ids], facecolors="none", edgecolors=HEX_EDGE,
                                     linewidths=0.8, zorder=2))
    for h, colour in highlights.items():
        cx, cy = geo.centres[h]
        inset = [(cx + 0.95 * (x - cx), cy + 0.95 * (y - cy)) for x, y in geo.corners(h)]
        ax.add_patch(Polygon(inset, closed=True, fill=False, edgecolor=colour, linewidth=1.6, zorder=2.6))
    _draw_hex_features(ax, geo, st, hexes, ids)
    if show_ids:
        _draw_ids(ax, geo, st, hexes, ids)
    _draw_lines(ax, geo, st, meta)
    _draw_hexsides(ax, geo, st, meta)
    _draw_edges(ax, geo, meta)
    _draw_places(ax, geo, st, meta, control, set(stacks), xmax)
    _draw_counters(ax, geo, st, stacks)
    for h, side in control.items():
        cx, cy = geo.centres[h]
        _draw_flag(ax, cx, cy, side, st.side[side]["control"], z=15)
    for arrow in arrows:
        a, b = arrow[0], arrow[1]
        colour = arrow[2] if len(arrow) == 3 else ARROW_COLOUR
        ax.add_patch(FancyArrowPatch(geo.centres[a], geo.centres[b], arrowstyle="-|>", mutation_scale=18,
                                     linewidth=2.6, color=colour, shrinkA=6, shrinkB=10, zorder=30,
                                     path_effects=_halo(4.5, "white")))
    if title:
        fig.text(0.5, 0.965, title, ha="center", va="center", fontsize=15, fontweight="bold")
    return fig


def _battle_arrows(view: Mapping[str, Any], geo: BoardGeometry) -> list[tuple]:
    """An arrow from each attacker of a declared battle to its target (the view's battles)."""
    where = {u["id"]: u.get("hex") for u in view.get("units", ()) if u.get("where", "map") == "map"}
    out = []
    for b in view.get("battles", ()) or ():
        t = b.get("target")
        for a in b.get("attackers") or ():
            h = where.get(a)
            if h in geo and t in geo and h != t:
                out.append((h, t, BATTLE_COLOUR))
    return out


def _draw_terrain(ax, geo: BoardGeometry, st: Styles, hexes, ids: list[str], pt_per_unit: float) -> None:
    """Hex fills in their terrain's colour (z 1) and patterns (z 1.5)."""
    fills = [st.terrain.get(hexes.get(h, {}).get("terrain"), {}) for h in ids]
    textured = [h for h, s in zip(ids, fills) if s.get("pattern") in FOREST_PATTERNS]
    # a tree-textured terrain keeps a clear ground under its trees, as printed maps do
    ground = [DEFAULT_FILL if s.get("pattern") in FOREST_PATTERNS else (s.get("fill") or DEFAULT_FILL) for s in fills]
    ax.add_collection(PolyCollection([geo.corners(h) for h in ids], facecolors=ground, edgecolors="none", zorder=1))
    by_colour: dict[str, list[str]] = {}
    for h in textured:
        by_colour.setdefault(st.terrain[hexes[h]["terrain"]].get("fill") or TREE_BLOB, []).append(h)
    for colour, hs in sorted(by_colour.items()):
        _tree_texture(ax, hs, geo, colour, pt_per_unit)
    for h, s in zip(ids, fills):
        hatch = HATCHES.get(str(s.get("pattern")))
        if hatch:
            ax.add_patch(Polygon(geo.corners(h), closed=True, fill=False, hatch=hatch, edgecolor="#6b6b6b",
                                 linewidth=0, zorder=1.5))


def _draw_hex_features(ax, geo: BoardGeometry, st: Styles, hexes, ids: list[str]) -> None:
    """Features a hex has (``hex_feature_styles`` naming a true hex attribute), z 3."""
    for name, style in st.hex_features.items():
        for h in ids:
            if hexes.get(h, {}).get(name) is not True:
                continue
            cx, cy = geo.centres[h]
            s = geo.size
            colour = style.get("stroke") or FORT
            if style.get("pattern") == "fort":
                ax.add_patch(Polygon(_fort_ring(cx, cy, 0.50 * s, 0.60 * s), closed=True, fill=False, edgecolor=colour,
                                     linewidth=1.3, zorder=3, joinstyle="miter"))
            else:
                ax.add_patch(Circle((cx, cy), 0.55 * s, fill=False, edgecolor=colour, linewidth=1.3, zorder=3,
                                    linestyle=(0, (2, 1.5))))


def _draw_ids(ax, geo: BoardGeometry, st: Styles, hexes, ids: list[str]) -> None:
    for h in ids:
        cx, cy = geo.centres[h]
        textured = st.terrain.get(hexes.get(h, {}).get("terrain"), {}).get("pattern") in FOREST_PATTERNS
        tag = dict(boxstyle="round,pad=0.12", facecolor=DEFAULT_FILL, edgecolor="none", alpha=0.85) if textured else None
        ax.text(cx, cy - 0.76 * geo.size, h, ha="center", va="center", fontsize=5.8, fontweight="bold",
                color=HEX_LABEL, zorder=3.5, bbox=tag)


def _draw_lines(ax, geo: BoardGeometry, st: Styles, meta) -> None:
    """Lines through hex centres (rails, roads), z 4."""
    by_feature: dict[str, list] = {}
    xmin, ymin, xmax, ymax = geo.bounds
    for line in meta.get("lines", ()) or ():
        pts = [geo.centres[h] for h in line.get("hexes", ()) if h in geo]
        exit_to = line.get("exit")
        if exit_to and pts:  # the line leaves the map at that edge (a rail line off the map)
            if exit_to not in EDGE_DIRECTIONS:
                raise ValueError(f"line exit {line.get('hexes')}: direction must be N, E, S or W, got {exit_to!r}")
            x, y = pts[-1]
            pts.append({"N": (x, ymin), "S": (x, ymax), "W": (xmin, y), "E": (xmax, y)}[exit_to])
        if len(pts) >= 2:
            by_feature.setdefault(line["feature"], []).append(pts)
    for feature, segs in sorted(by_feature.items()):
        style = st.features.get(feature, {})
        dashed = style.get("dash") or feature in DASHED_LINES
        ax.add_collection(LineCollection(segs, colors=style.get("stroke") or "#1e1e1e",
                                         linewidths=float(style.get("width") or 1.2) * 0.75,
                                         linestyles=(0, (3.0, 1.6)) if dashed else "solid", zorder=4,
                                         gid=f"line-{feature}"))


def _draw_hexsides(ax, geo: BoardGeometry, st: Styles, meta) -> None:
    """Hexside features (rivers) along the shared edge, z 5."""
    by_feature: dict[str, list] = {}
    for side in meta.get("hexsides", ()) or ():
        a, b = side["a"], side["b"]
        _check_hex(geo, a, f"hexside {a}-{b}")
        _check_hex(geo, b, f"hexside {a}-{b}")
        if not geo.adjacent(a, b):
            raise ValueError(f"hexside {a}-{b}: the hexes are not adjacent")
        by_feature.setdefault(side["feature"], []).append(list(geo.segment(a, b)))
    for feature, segs in sorted(by_feature.items()):
        style = st.features.get(feature, {})
        ax.add_collection(LineCollection(segs, colors=style.get("stroke") or "#5792bc",
                                         linewidths=float(style.get("width") or 3) * 1.2, capstyle="round",
                                         joinstyle="round", zorder=5, gid=f"hexside-{feature}"))


def _draw_edges(ax, geo: BoardGeometry, meta) -> None:
    """Named map edges (entry edges, replacement borders) along the hexes' outer sides, z 5.5."""
    for edge in meta.get("edges", ()) or ():
        segs = [seg for h in edge.get("hexes", ()) if h in geo for seg in _outer_sides(geo, h)]
        if not segs:
            continue
        style = edge.get("style") or {}
        ax.add_collection(LineCollection(segs, colors=style.get("stroke") or "#333333",
                                         linewidths=float(style.get("width") or 3), capstyle="butt", zorder=5.5,
                                         alpha=0.8))


def _draw_places(ax, geo: BoardGeometry, st: Styles, meta, control: Mapping[str, str], occupied: set[str],
                 xmax: float) -> None:
    """Named places (cities), their names and control rings, z 6; names go on top of
    counters when the hex is occupied."""
    for p in meta.get("places", ()) or ():
        h = p["hex"]
        if h not in geo:
            raise ValueError(f"place {p.get('name')}: hex {h!r} is not on the map")
        style = st.places.get(p.get("kind"), {})
        major = float(style.get("size") or 1) > 1
        cx, cy = geo.centres[h]
        colour = style.get("fill") or PLACE
        if major:
            ax.add_patch(Circle((cx, cy), 0.32, fill=False, edgecolor=colour, linewidth=1.3, zorder=6))
        ax.add_patch(Circle((cx, cy), 0.21 if major else 0.16, facecolor=colour, edgecolor="none", zorder=6))
        if h in control:
            ax.add_patch(Circle((cx, cy), 0.42 if major else 0.25, fill=False,
                                edgecolor=st.side[control[h]]["control"], linewidth=2.2, zorder=6.1))
        name = str(p.get("name") or "")
        if not name:
            continue
        fs = 11 if major else 8
        weight = "bold" if major else "normal"
        if h in occupied:
            _text(ax, cx, cy + 0.755, name, ha="center", va="center", fontsize=fs - 2 if major else 6.2,
                  fontweight=weight, color="black", zorder=20, halo="white", halo_width=2.0, gid=f"place-{h}")
        else:
            lx, ly = cx + (0.36 if major else 0.26), cy - (0.38 if major else 0.36)
            ha = "left"
            if lx + 0.16 * len(name) > xmax:  # keep names on the map: left of the dot
                lx, ly, ha = cx - 0.24, cy - 0.12, "right"
            _text(ax, lx, ly, name, ha=ha, va="center", fontsize=fs, fontweight=weight, color="black", zorder=6.2,
                  halo=DEFAULT_FILL, halo_width=2.0, gid=f"place-{h}")


def _draw_counters(ax, geo: BoardGeometry, st: Styles, stacks: Mapping[str, list]) -> None:
    """Counters (z 10+), stacked with a small diagonal offset, the count on the top one."""
    side_len = 1.2 * geo.size  # 60 % of the hex width
    for h, stack in stacks.items():
        cx, cy = geo.centres[h]
        n = len(stack)
        step = 0.13 if n > 1 else 0.0
        s_len = side_len if n == 1 else side_len * 0.9
        for k, u in enumerate(stack):
            off = (k - (n - 1) / 2) * step
            _draw_counter(ax, u, st.side[u["side"]], st.symbol(u.get("kind")), cx + off, cy + 0.04 - off, s_len,
                          z=10 + k * 0.1)
        if n > 1:
            off = (n - 1) / 2 * step
            bx, by = cx + off + s_len / 2 - 0.04, cy + 0.04 - off - s_len / 2 + 0.04
            ax.add_patch(Circle((bx, by), 0.15, facecolor="white", edgecolor="black", linewidth=0.8, zorder=12))
            ax.text(bx, by, str(n), ha="center", va="center", fontsize=7, fontweight="bold", color="black", zorder=12.1)


# ------------------------------------------------------------------ from a game
def default_title(view: Mapping[str, Any]) -> str | None:
    """'Turn 3 of 7 (...): German Movement Phase', or the end of the game."""
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping) and outcome.get("reason"):
        return f"Game over: {outcome['reason']}"
    turn = view.get("turn_label") or (f"Turn {view['turn']}" if view.get("turn") is not None else "")
    phase = (view.get("phase") or {}).get("name")
    return f"{turn}: {phase}" if turn and phase else (turn or phase or None)


def figure(pkg: Any, state: Any, seat: str | None = None, *, options: Mapping[str, Any] | None = None,
           title: str | None = None, **kw: Any) -> Figure:
    """The board of a position as ``seat`` sees it (None: a spectator), through the game
    package (``map_meta`` and ``view``)."""
    view = pkg.view(state, seat)
    meta = pkg.map_meta(dict(options) if options is not None else None)
    return draw(meta, view, sides=pkg.sides, title=title if title is not None else default_title(view), **kw)


def _game_parts(game_or_state: Any, pkg: Any, seat: str | None, options: Mapping[str, Any] | None):
    """(package, state, seat, options) of a Game (an observed game is drawn as its observer
    sees it) or of a state with its package."""
    if hasattr(game_or_state, "rules") and hasattr(game_or_state, "state"):
        game = game_or_state
        if pkg is None:
            from ..games import registry

            pkg = registry.get(game.rules.name)
        if seat is None:
            seat = getattr(game, "observer", None)
        return pkg, game.state, seat, options if options is not None else game.options
    if pkg is None:
        raise ValueError("drawing a state needs its game package: svg(state, pkg)")
    return pkg, game_or_state, seat, options


def svg(game_or_state: Any, pkg: Any = None, seat: str | None = None, *, options: Mapping[str, Any] | None = None,
        **kw: Any) -> str:
    """The board as SVG text: ``svg(game)`` (Jupyter's ``Game._repr_svg_``) or
    ``svg(state, pkg, seat)``. An observed game (``game.observed(side)``) is drawn as its side
    sees it; any other game as ``seat`` sees it (None: a spectator)."""
    pkg, state, seat, options = _game_parts(game_or_state, pkg, seat, options)
    return figure_svg(figure(pkg, state, seat, options=options, **kw))


# ------------------------------------------------------------------ output
_RC = {"svg.fonttype": "none", "svg.hashsalt": "typhoon-board"}
_FORMATS = {".svg": "svg", ".png": "png", ".pdf": "pdf"}


def save_board(fig: Figure, path: str | Path) -> None:
    """Write the figure; the format follows the extension (.svg, .png at 150 dpi, .pdf)."""
    path = Path(path)
    fmt = _FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ValueError(f"unsupported extension {path.suffix!r}: use .svg, .png or .pdf")
    kwargs: dict[str, Any] = {"format": fmt, "facecolor": fig.get_facecolor()}
    if fmt == "png":
        kwargs["dpi"] = PNG_DPI
    if fmt in ("svg", "pdf"):
        kwargs["metadata"] = {"Date": None} if fmt == "svg" else {"CreationDate": None}
    with matplotlib.rc_context(_RC):
        try:
            fig.savefig(path, **kwargs)
        except OSError as e:  # no such folder, not allowed, disk full: say which file and why
            raise RenderError(f"cannot write {path}: {e.strerror or e}") from None


def figure_svg(fig: Figure) -> str:
    """A figure as SVG text (text kept as <text> elements; deterministic)."""
    buf = io.StringIO()
    with matplotlib.rc_context(_RC):
        fig.savefig(buf, format="svg", facecolor=fig.get_facecolor(), metadata={"Date": None})
    return buf.getvalue()


def rgb_array(fig: Figure) -> np.ndarray:
    """A figure as a uint8 array (height, width, 3), for research environments' rendering."""
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()

