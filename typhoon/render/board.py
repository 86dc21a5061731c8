"""Draw a Battle for Moscow position: map, counters, control flags, highlights and arrows.

Only matplotlib is used, through its Agg canvas (no pyplot, no GUI, no global backend switch),
so the same figure is written as SVG, PNG or PDF.

Geometry (see the map README): hex id ``CCRR``, column 01-14 west to east, row 01-10 north to
south, flat-topped hexes, odd columns half a hex higher than even columns. With ``size`` the
centre-to-corner distance::

    x = size + 1.5 * size * (c - 1)
    y = sqrt(3)/2 * size + sqrt(3) * size * (r - 1)   (+ sqrt(3)/2 * size for even c)

``y`` grows downward (the axes are inverted), so the drawing reads like the printed map and
adjacent hex centres are ``sqrt(3) * size`` apart.
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import matplotlib
import numpy as np
from matplotlib import patheffects
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.path import Path as MplPath
from matplotlib.transforms import IdentityTransform
from matplotlib.patches import (
    Circle,
    Ellipse,
    FancyArrowPatch,
    FancyBboxPatch,
    Polygon,
    Rectangle,
)

__all__ = [
    "load_map",
    "draw_board",
    "save_board",
    "board_svg",
    "hex_center",
    "hex_corners",
]

DEFAULT_MAP = Path(__file__).parent.parent / "games" / "bfm" / "data" / "map.json"

SQRT3 = math.sqrt(3.0)
FIGSIZE = (11.0, 9.0)
PNG_DPI = 150

# ------------------------------------------------------------------ colours (sampled from the
# reference images map_numbered.png and counters_sheet.png)
BACKGROUND = "#bfbfbf"
CLEAR = "#fffeed"
FOREST_BLOB = "#45ab45"
HEX_EDGE = "#484848"
HEX_LABEL = "#7a7a7a"
FORT = "#86592d"
RIVER = "#5792bc"
RAIL = "#1e1e1e"
CITY = "#000000"

COUNTER_COLOURS = {
    # side: (full-strength face, reduced face, text on full, text on reduced)
    "german": ("#8ca296", "#cedbd2", "#ffffff", "#111111"),
    "soviet": ("#e93a4c", "#f9a29b", "#ffffff", "#111111"),
}
CONTROL_COLOURS = {"german": "#1c1c1c", "soviet": "#d81e30"}
ARROW_COLOUR = "#ff7a00"

UNIT_KINDS = ("infantry", "panzer", "tank", "shock")
EDGE_DIRS = ("N", "E", "S", "W")


# ------------------------------------------------------------------ geometry

def _parse(hex_id: str) -> tuple[int, int]:
    if not isinstance(hex_id, str) or len(hex_id) != 4 or not hex_id.isdigit():
        raise ValueError(f"hex id must be four digits CCRR, got {hex_id!r}")
    return int(hex_id[:2]), int(hex_id[2:])


def hex_center(hex_id: str, size: float = 1.0) -> tuple[float, float]:
    """Centre of hex ``CCRR`` in drawing units; y grows downward (south)."""
    c, r = _parse(hex_id)
    x = size + 1.5 * size * (c - 1)
    y = SQRT3 / 2 * size + SQRT3 * size * (r - 1)
    if c % 2 == 0:
        y += SQRT3 / 2 * size
    return (x, y)


def hex_corners(hex_id: str, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a flat-topped hex, starting at the east corner and going clockwise
    on screen (east, lower right, lower left, west, upper left, upper right)."""
    x, y = hex_center(hex_id, size)
    return [
        (x + size * math.cos(math.radians(a)), y + size * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    ]


def _shared_side(a: str, b: str, size: float = 1.0) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The two corners hexes ``a`` and ``b`` share (their common hexside), or None."""
    cb = hex_corners(b, size)
    tol = 1e-6 * max(size, 1.0)
    shared = [
        p for p in hex_corners(a, size)
        if any(abs(p[0] - q[0]) < tol and abs(p[1] - q[1]) < tol for q in cb)
    ]
    if len(shared) != 2:
        return None
    return shared[0], shared[1]


# ------------------------------------------------------------------ data

def load_map(path: str | Path | None = None) -> dict:
    """Read a map.json (default: the Battle for Moscow map shipped with the package)."""
    p = Path(path) if path is not None else DEFAULT_MAP
    with open(p, encoding="utf-8") as fh:
        return json.load(fh)


def _map_bounds(map_data: Mapping, size: float = 1.0) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for h in map_data["hexes"]:
        for x, y in hex_corners(h, size):
            xs.append(x)
            ys.append(y)
    return min(xs), max(xs), min(ys), max(ys)


def _check_units(map_data: Mapping, units: Iterable[Mapping]) -> list[dict]:
    out = []
    hexes = map_data["hexes"]
    for u in units:
        u = dict(u)
        for key in ("id", "side", "hex"):
            if key not in u:
                raise ValueError(f"unit {u!r} has no {key!r}")
        if u["side"] not in COUNTER_COLOURS:
            raise ValueError(f"unit {u['id']}: side must be 'german' or 'soviet', got {u['side']!r}")
        if u["hex"] not in hexes:
            raise ValueError(f"unit {u['id']}: hex {u['hex']!r} is not on the map")
        kind = u.get("kind", "infantry")
        if kind not in UNIT_KINDS:
            raise ValueError(f"unit {u['id']}: kind must be one of {UNIT_KINDS}, got {kind!r}")
        u["kind"] = kind
        u.setdefault("reduced", False)
        out.append(u)
    return out


# ------------------------------------------------------------------ drawing pieces

def _fort_ring(cx: float, cy: float, r_in: float, r_out: float, teeth: int = 16) -> np.ndarray:
    """A crenellated ring (the printed map's 'cog' fortification symbol) as a closed polyline."""
    pts = []
    step = 2 * math.pi / teeth
    for k in range(teeth):
        a0 = k * step
        a1 = a0 + step / 2
        a2 = a0 + step
        # tooth out on [a0, a1], gap in on [a1, a2]
        for a, r in ((a0, r_in), (a0, r_out), (a1, r_out), (a1, r_in), (a2, r_in)):
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return np.array(pts)


_BLOB_ANGLES = (0.0, 45.0, 90.0, 135.0)
_BLOB_WIDTHS = (0.15, 0.20, 0.26)      # drawing units (hex size 1)


def _blob_path(angle_deg: float) -> MplPath:
    """A 2:1 ellipse (as a 12-gon, width 1) rotated by angle_deg, for the forest texture."""
    t = np.linspace(0, 2 * np.pi, 12, endpoint=False)
    x, y = 0.5 * np.cos(t), 0.25 * np.sin(t)
    a = math.radians(angle_deg)
    pts = np.column_stack([x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)])
    return MplPath(np.vstack([pts, pts[:1]]), closed=True)


def _forest_texture(ax, forest: Sequence[str], centres: Mapping[str, tuple[float, float]],
                    pt_per_unit: float) -> None:
    """Green 'tree' blobs over the forest hexes, like the printed texture.

    Deterministic (seeded by hex id). Blobs come in a few shapes and sizes only, one collection
    per variant, so SVG output defines each shape once and places it with <use> (small files);
    blobs are kept whole inside their hex (no clip path: matplotlib's SVG writer would wrap
    every single blob in its own clipped group)."""
    if not forest:
        return
    groups: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for h in forest:
        c, r = _parse(h)
        rng = np.random.default_rng(1000 * c + r)
        cx, cy = centres[h]
        # a jittered grid gives an even cover
        for gx in np.linspace(-0.8, 0.8, 11):
            for gy in np.linspace(-0.72, 0.72, 9):
                if rng.random() < 0.12:
                    continue
                dx = gx + rng.uniform(-0.06, 0.06)
                dy = gy + rng.uniform(-0.06, 0.06)
                key = (int(rng.integers(len(_BLOB_ANGLES))), int(rng.integers(len(_BLOB_WIDTHS))))
                # inside the hex (inradius sqrt3/2) with room for the blob
                room = SQRT3 / 2 - 0.4 * _BLOB_WIDTHS[key[1]] - 0.01
                if abs(dy) > room or abs(dx) * SQRT3 / 2 + abs(dy) / 2 > room:
                    continue
                groups.setdefault(key, []).append((cx + dx, cy + dy))
    for (ai, wi), offsets in sorted(groups.items()):
        # _angle: y axis is inverted, so flip the rotation to keep the look of the printed map
        coll = PathCollection([_blob_path(-_BLOB_ANGLES[ai])],
                              sizes=[(_BLOB_WIDTHS[wi] * pt_per_unit) ** 2],
                              offsets=offsets, offset_transform=ax.transData,
                              transform=IdentityTransform(),   # sizes are in points
                              facecolors=FOREST_BLOB, edgecolors="none", zorder=1.5)
        coll.set_gid(f"forest-{ai}-{wi}")
        ax.add_collection(coll)


def _halo(width: float = 2.5, colour: str = "white") -> list:
    return [patheffects.withStroke(linewidth=width, foreground=colour)]


def _text(ax, x: float, y: float, s: str, halo: str | None = None, halo_width: float = 2.0,
          **kw):
    """ax.text, optionally with a halo. The halo is a separate copy drawn with a stroke-only
    path effect (rendered as a path), so the text itself stays a real <text> element in SVG
    output (path effects would otherwise turn it into outlines)."""
    if halo is not None:
        under = dict(kw)
        under["zorder"] = kw.get("zorder", 3) - 0.001
        under.pop("gid", None)
        ax.text(x, y, s, path_effects=[patheffects.Stroke(linewidth=halo_width, foreground=halo)],
                **under)
    return ax.text(x, y, s, **kw)


def _unit_symbol(ax, cx: float, cy: float, w: float, h: float, kind: str, colour: str, z: float) -> None:
    """NATO-style unit symbol: a box with an X (infantry, shock) or an oval (panzer, tank)."""
    x0, y0 = cx - w / 2, cy - h / 2
    ax.add_patch(Rectangle((x0, y0), w, h, fill=False, edgecolor=colour, linewidth=1.0, zorder=z))
    if kind in ("panzer", "tank"):
        ax.add_patch(Ellipse((cx, cy), w * 0.62, h * 0.56, fill=False, edgecolor=colour,
                             linewidth=1.0, zorder=z))
    else:
        ax.plot([x0, x0 + w], [y0, y0 + h], color=colour, linewidth=0.9, zorder=z,
                solid_capstyle="butt")
        ax.plot([x0, x0 + w], [y0 + h, y0], color=colour, linewidth=0.9, zorder=z,
                solid_capstyle="butt")
        if kind == "shock":        # mark shock armies with a second, inner frame
            ax.add_patch(Rectangle((x0 + 0.035, y0 + 0.035), w - 0.07, h - 0.07, fill=False,
                                   edgecolor=colour, linewidth=0.6, zorder=z))


def _draw_counter(ax, unit: Mapping, cx: float, cy: float, side_len: float, z: float) -> None:
    face_full, face_red, ink_full, ink_red = COUNTER_COLOURS[unit["side"]]
    reduced = bool(unit.get("reduced", False))
    face = face_red if reduced else face_full
    ink = ink_red if reduced else ink_full
    half = side_len / 2
    pad = 0.04 * side_len
    gid = f"unit-{unit['id']}"
    # drop shadow, then the counter itself
    ax.add_patch(FancyBboxPatch((cx - half + pad + 0.05, cy - half + pad + 0.05),
                                side_len - 2 * pad, side_len - 2 * pad,
                                boxstyle=f"round,pad={pad},rounding_size={pad * 1.5}",
                                facecolor="black", alpha=0.35, edgecolor="none", zorder=z))
    body = FancyBboxPatch((cx - half + pad, cy - half + pad), side_len - 2 * pad, side_len - 2 * pad,
                          boxstyle=f"round,pad={pad},rounding_size={pad * 1.5}",
                          facecolor=face, edgecolor="#111111", linewidth=0.9, zorder=z + 0.01)
    body.set_gid(gid)
    ax.add_patch(body)
    s = side_len / 1.2          # layout below is designed for a 1.2-unit counter
    _unit_symbol(ax, cx, cy - 0.27 * s, 0.54 * s, 0.30 * s, unit["kind"], ink, z + 0.02)
    ax.text(cx, cy + 0.03 * s, str(unit["id"]), ha="center", va="center", color=ink,
            fontsize=6.3 * s, fontweight="bold", zorder=z + 0.03, clip_on=True)
    strength = unit.get("strength", "?")
    movement = unit.get("movement", "?")
    ax.text(cx, cy + 0.32 * s, f"{strength}-{movement}", ha="center", va="center", color=ink,
            fontsize=10.5 * s, fontweight="bold", zorder=z + 0.03, clip_on=True)


def _draw_flag(ax, cx: float, cy: float, side: str, z: float) -> None:
    """A small pennant in the upper-left part of the hex showing who controls the city."""
    colour = CONTROL_COLOURS.get(side)
    if colour is None:
        raise ValueError(f"control side must be 'german' or 'soviet', got {side!r}")
    px = cx - 0.56
    top, bottom = cy - 0.68, cy - 0.36
    ax.plot([px, px], [bottom, top], color="black", linewidth=1.1, zorder=z,
            solid_capstyle="round", path_effects=_halo(2.6))
    flag = Polygon([(px, top), (px + 0.30, top + 0.09), (px, top + 0.18)], closed=True,
                   facecolor=colour, edgecolor="white", linewidth=0.8, zorder=z + 0.01)
    flag.set_gid(f"control-{side}")
    ax.add_patch(flag)


# ------------------------------------------------------------------ the board

def draw_board(
    map_data: dict | None,
    units: Sequence[Mapping] = (),
    control: Mapping[str, str] | None = None,
    title: str | None = None,
    highlights: Mapping[str, str] | None = None,
    show_ids: bool = True,
    arrows: Sequence[tuple] = (),
) -> Figure:
    """Draw the map and a position on a new matplotlib Figure (Agg canvas, ~11 x 9 inches).

    units: dicts with id, side ("german"|"soviet"), kind ("infantry"|"panzer"|"tank"|"shock"),
        strength, movement, reduced, hex. Several units in one hex are drawn as a stack (the last
        one on top).
    control: hex id -> side; a pennant (and a ring round the city dot) in that side's colour.
    highlights: hex id -> matplotlib colour, drawn as a translucent hex fill.
    arrows: (from_hex, to_hex) pairs; a third element, if given, is the arrow colour.
    title: text above the map.
    """
    if map_data is None:
        map_data = load_map()
    hexes = map_data["hexes"]
    units = _check_units(map_data, units)
    control = dict(control or {})
    highlights = dict(highlights or {})

    fig = Figure(figsize=FIGSIZE, facecolor="white")
    FigureCanvasAgg(fig)
    top = 0.935 if title else 0.985
    ax = fig.add_axes((0.01, 0.01, 0.98, top - 0.01))
    ax.set_facecolor(BACKGROUND)
    xmin, xmax, ymin, ymax = _map_bounds(map_data)
    margin = 0.12
    ax.set_xlim(xmin - margin, xmax + margin)
    ax.set_ylim(ymax + margin, ymin - margin)        # inverted: y grows downward
    ax.set_aspect("equal")
    # points per drawing unit (aspect "equal" shrinks the axes box to fit the tighter direction)
    ax_w_in = FIGSIZE[0] * 0.98
    ax_h_in = FIGSIZE[1] * (top - 0.01)
    pt_per_unit = 72.0 * min(ax_w_in / (xmax - xmin + 2 * margin),
                             ax_h_in / (ymax - ymin + 2 * margin))
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_edgecolor("#555555")

    ids = sorted(hexes)
    centres = {h: hex_center(h) for h in ids}

    # -- hex fills (z 1), forest texture (z 1.5), outlines (z 2)
    fills = PolyCollection([hex_corners(h) for h in ids], facecolors=CLEAR, edgecolors="none",
                           zorder=1)
    ax.add_collection(fills)
    _forest_texture(ax, [h for h in ids if hexes[h].get("terrain") == "forest"], centres,
                    pt_per_unit)

    # -- highlights (z 2.5) sit on the terrain, under the lines and counters
    for h, colour in highlights.items():
        if h not in hexes:
            raise ValueError(f"highlight hex {h!r} is not on the map")
        ax.add_patch(Polygon(hex_corners(h), closed=True, facecolor=colour, alpha=0.45,
                             edgecolor="none", zorder=2.5))

    outlines = PolyCollection([hex_corners(h) for h in ids], facecolors="none",
                              edgecolors=HEX_EDGE, linewidths=0.8, zorder=2)
    ax.add_collection(outlines)
    for h, colour in highlights.items():
        cx, cy = centres[h]
        inset = [(cx + 0.95 * (x - cx), cy + 0.95 * (y - cy)) for x, y in hex_corners(h)]
        ax.add_patch(Polygon(inset, closed=True, fill=False, edgecolor=colour,
                             linewidth=1.6, zorder=2.6))

    # -- fortifications (z 3)
    for h in ids:
        if hexes[h].get("fortification"):
            cx, cy = centres[h]
            ax.add_patch(Polygon(_fort_ring(cx, cy, 0.50, 0.60), closed=True, fill=False,
                                 edgecolor=FORT, linewidth=1.3, zorder=3, joinstyle="miter"))

    # -- hex numbers (z 3.5)
    if show_ids:
        for h in ids:
            cx, cy = centres[h]
            # on forest texture the number gets a small cream tag so it stays readable
            tag = (dict(boxstyle="round,pad=0.12", facecolor=CLEAR, edgecolor="none", alpha=0.85)
                   if hexes[h].get("terrain") == "forest" else None)
            ax.text(cx, cy - 0.76, h, ha="center", va="center", fontsize=5.8,
                    fontweight="bold", color=HEX_LABEL, zorder=3.5, bbox=tag)

    # -- rails (z 4): dashed black lines through the centres, exits to the map edge
    rail_segs = []
    for a, b in map_data.get("rails", []):
        rail_segs.append([centres[a], centres[b]])
    for h, sides in map_data.get("rail_exits", {}).items():
        cx, cy = centres[h]
        for s in sides:
            if s not in EDGE_DIRS:
                raise ValueError(f"rail exit {h}: direction must be N, E, S or W, got {s!r}")
            end = {"N": (cx, ymin), "S": (cx, ymax), "W": (xmin, cy), "E": (xmax, cy)}[s]
            rail_segs.append([(cx, cy), end])
    if rail_segs:
        ax.add_collection(LineCollection(rail_segs, colors=RAIL, linewidths=1.1,
                                         linestyles=(0, (3.0, 1.6)), zorder=4, gid="rails"))

    # -- rivers (z 5): along the shared hexside of each pair
    river_segs = []
    for a, b in map_data.get("rivers", []):
        side = _shared_side(a, b)
        if side is None:
            raise ValueError(f"river {a}-{b}: the hexes are not adjacent")
        river_segs.append(list(side))
    if river_segs:
        ax.add_collection(LineCollection(river_segs, colors=RIVER, linewidths=3.6,
                                         capstyle="round", joinstyle="round", zorder=5,
                                         gid="rivers"))

    # -- cities (z 6); names go on top of counters when the hex is occupied
    occupied = {u["hex"] for u in units}
    for h in ids:
        v = hexes[h]
        name = v.get("city")
        if not name:
            continue
        cx, cy = centres[h]
        major = bool(v.get("major_city"))
        dot_r = 0.21 if major else 0.16
        if major:
            ax.add_patch(Circle((cx, cy), 0.32, fill=False, edgecolor=CITY, linewidth=1.3,
                                zorder=6))
        ax.add_patch(Circle((cx, cy), dot_r, facecolor=CITY, edgecolor="none", zorder=6))
        if h in control:
            ring_r = 0.42 if major else 0.25
            ax.add_patch(Circle((cx, cy), ring_r, fill=False,
                                edgecolor=CONTROL_COLOURS.get(control[h], "magenta"),
                                linewidth=2.2, zorder=6.1))
        fs = 11 if major else 8
        weight = "bold" if major else "normal"
        if h in occupied:
            # under the counter, centred, with a halo so it reads on any terrain
            _text(ax, cx, cy + 0.755, name, ha="center", va="center",
                  fontsize=fs - 2 if major else 6.2, fontweight=weight, color="black", zorder=20,
                  halo="white", halo_width=2.0, gid=f"city-{h}")
        else:
            lx, ly = cx + (0.26 if not major else 0.36), cy - (0.36 if not major else 0.38)
            ha = "left"
            if lx + 0.16 * len(name) > xmax:       # keep names on the map (Ryazan, east edge):
                lx, ly, ha = cx - 0.24, cy - 0.12, "right"   # left of the dot, under the flag
            _text(ax, lx, ly, name, ha=ha, va="center",
                  fontsize=fs, fontweight=weight, color="black", zorder=6.2,
                  halo=CLEAR, halo_width=2.0, gid=f"city-{h}")

    # -- counters (z 10+), stacked with a small diagonal offset
    stacks: dict[str, list[dict]] = {}
    for u in units:
        stacks.setdefault(u["hex"], []).append(u)
    side_len = 1.2                       # 60 % of the hex width (2 * size)
    for h, stack in stacks.items():
        cx, cy = centres[h]
        n = len(stack)
        step = 0.13 if n > 1 else 0.0
        s_len = side_len if n == 1 else side_len * 0.9
        for k, u in enumerate(stack):
            off = (k - (n - 1) / 2) * step
            # a little below the centre, clear of the hex number at the top
            _draw_counter(ax, u, cx + off, cy + 0.04 - off, s_len, z=10 + k * 0.1)
        if n > 1:      # how many units the stack holds, on the top counter's corner
            off = (n - 1) / 2 * step
            bx, by = cx + off + s_len / 2 - 0.04, cy + 0.04 - off - s_len / 2 + 0.04
            ax.add_patch(Circle((bx, by), 0.15, facecolor="white", edgecolor="black",
                                linewidth=0.8, zorder=12))
            ax.text(bx, by, str(n), ha="center", va="center", fontsize=7, fontweight="bold",
                    color="black", zorder=12.1)

    # -- control pennants (z 15), over the counters
    for h, side in control.items():
        if h not in hexes:
            raise ValueError(f"control hex {h!r} is not on the map")
        cx, cy = centres[h]
        _draw_flag(ax, cx, cy, side, z=15)

    # -- arrows (z 30)
    for arrow in arrows:
        if len(arrow) not in (2, 3):
            raise ValueError(f"arrow must be (from_hex, to_hex[, colour]), got {arrow!r}")
        a, b = arrow[0], arrow[1]
        colour = arrow[2] if len(arrow) == 3 else ARROW_COLOUR
        for h in (a, b):
            if h not in hexes:
                raise ValueError(f"arrow hex {h!r} is not on the map")
        ax.add_patch(FancyArrowPatch(centres[a], centres[b], arrowstyle="-|>",
                                     mutation_scale=18, linewidth=2.6, color=colour,
                                     shrinkA=6, shrinkB=10, zorder=30,
                                     path_effects=_halo(4.5, "white")))

    if title:
        fig.text(0.5, 0.965, title, ha="center", va="center", fontsize=15, fontweight="bold")
    return fig


# ------------------------------------------------------------------ output

_RC = {"svg.fonttype": "none", "svg.hashsalt": "typhoon-board"}
_FORMATS = {".svg": "svg", ".png": "png", ".pdf": "pdf"}


def save_board(fig: Figure, path: str | Path) -> None:
    """Write the figure; the format follows the extension (.svg, .png at 150 dpi, .pdf)."""
    path = Path(path)
    fmt = _FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ValueError(f"unsupported extension {path.suffix!r}: use .svg, .png or .pdf")
    kwargs = {"format": fmt, "facecolor": fig.get_facecolor()}
    if fmt == "png":
        kwargs["dpi"] = PNG_DPI
    if fmt in ("svg", "pdf"):
        kwargs["metadata"] = {"Date": None} if fmt == "svg" else {"CreationDate": None}
    with matplotlib.rc_context(_RC):
        fig.savefig(path, **kwargs)


def board_svg(
    map_data: dict | None = None,
    units: Sequence[Mapping] = (),
    control: Mapping[str, str] | None = None,
    title: str | None = None,
    highlights: Mapping[str, str] | None = None,
    show_ids: bool = True,
    arrows: Sequence[tuple] = (),
) -> str:
    """The board as SVG text (text kept as <text> elements), e.g. for Jupyter's _repr_svg_."""
    fig = draw_board(map_data, units=units, control=control, title=title,
                     highlights=highlights, show_ids=show_ids, arrows=arrows)
    buf = io.StringIO()
    with matplotlib.rc_context(_RC):
        fig.savefig(buf, format="svg", facecolor=fig.get_facecolor(), metadata={"Date": None})
    return buf.getvalue()
