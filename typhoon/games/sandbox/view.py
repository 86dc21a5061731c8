"""What the front ends may show of a sandbox game: the kit's board as ``map_meta``
(``typhoon.core.contract.MAP_META_DOC``), a seat's ``view`` (``VIEW_DOC``) and ``describe``.

Colours come from the kit's ``style`` objects where it gives them (``terrain_types.clear.style
= {"fill": "#f4f1de"}``), else from the defaults below, chosen by name or feature kind.
"""

from __future__ import annotations

import hashlib
from typing import Any

from ...core.geometry import Layout, bounds, fit, hex_centres
from ...core.kit import Kit, link_pair
from .rules import End, Flip, Move, Remove, SandboxData, SandboxRules
from .state import BACK, FRONT, SandboxState

# default looks of terrain types by name (any other name gets a colour from its name's hash)
TERRAIN_FILLS = {
    "clear": ("#f4f1de", None), "open": ("#f4f1de", None), "forest": ("#6fae5c", "trees"),
    "woods": ("#6fae5c", "trees"), "wood": ("#6fae5c", "trees"), "rough": ("#c9b58f", "dots"),
    "hills": ("#c9b58f", "dots"), "hill": ("#c9b58f", "dots"), "mountain": ("#a08060", "dots"),
    "marsh": ("#9cc3b5", "marsh"), "swamp": ("#9cc3b5", "marsh"), "water": ("#8fbbe0", None),
    "lake": ("#8fbbe0", None), "sea": ("#7aa9d6", None), "city": ("#d9d2c5", None),
    "urban": ("#d9d2c5", None), "town": ("#e6dfd2", None),
}  # fmt: skip
HEXSIDE_STROKES = {
    "river": ("#3f7fbf", 3), "stream": ("#7fb2e0", 1.5), "lake": ("#5a8fc8", 4), "reservoir": ("#5a8fc8", 4),
    "fortified": ("#8b2e1f", 3), "escarpment": ("#6b4b2b", 2.5), "border": ("#444444", 2), "other": ("#7a4fa0", 2),
}  # fmt: skip
LINE_STROKES = {"rail": ("#1e1e1e", 1.5), "railroad": ("#1e1e1e", 1.5), "road": ("#9a5b2a", 2), "track": ("#b08a5a", 1.2)}
EDGE_STROKES = ["#d81e30", "#1c1c1c", "#2f4f75", "#4d7a38"]


def hashed_colour(name: str) -> str:
    """A light colour of its own for a name without a default (stable between runs)."""
    h = hashlib.sha256(name.encode()).digest()
    r, g, b = (150 + h[i] % 90 for i in range(3))
    return f"#{r:02x}{g:02x}{b:02x}"


def terrain_styles(kit: Kit) -> dict[str, dict[str, Any]]:
    out = {}
    for name, decl in (kit.map.get("terrain_types") or {}).items():
        style = (decl or {}).get("style") or {}
        fill, pattern = TERRAIN_FILLS.get(name, (hashed_colour(name), None))
        out[name] = {"label": (decl or {}).get("label") or name, "fill": style.get("fill", fill), "pattern": style.get("pattern", pattern)}
    return out


def feature_styles(kit: Kit) -> dict[str, dict[str, Any]]:
    out = {}
    for name, decl in (kit.map.get("hexside_features") or {}).items():
        stroke, width = HEXSIDE_STROKES.get(decl.get("kind", "other"), HEXSIDE_STROKES["other"])
        style = decl.get("style") or {}
        out[name] = {"label": decl.get("label") or name, "stroke": style.get("stroke", stroke), "width": style.get("width", width), "kind": "hexside"}
    for name, decl in (kit.map.get("line_features") or {}).items():
        stroke, width = LINE_STROKES.get(name, ("#5b4a3a", 1.5))
        style = (decl or {}).get("style") or {}
        out[name] = {"label": (decl or {}).get("label") or name, "stroke": style.get("stroke", stroke), "width": style.get("width", width), "kind": "line"}
    return out


def _hex_record(kit: Kit, grid: Any, h: str, labels: dict[str, str]) -> dict[str, Any]:
    rec = kit.hexes.get(h) or next((kit.hexes[a] for a in getattr(grid, "aliases", lambda x: (x,))(h) if a in kit.hexes), {})
    out: dict[str, Any] = {
        "terrain": rec.get("terrain"),
        "section": grid.section_of(h) if hasattr(grid, "section_of") else None,
        "label": rec.get("label") or labels.get(h),
    }
    for f in rec.get("features", []):
        out[f] = True
    for k, v in (rec.get("attrs") or {}).items():
        out.setdefault(k, v)
    return out


def _canon(grid: Any, h: str) -> str:
    try:
        return grid.check(h)
    except Exception:  # noqa: BLE001 - a kit that validated names only hexes of the map
        return h


def map_meta(kit: Kit, name: str) -> dict[str, Any]:
    """The kit's board (MAP_META_DOC): centres from ``typhoon.core.geometry``, everything else
    from map.json."""
    grid = kit.grid
    layout = fit(grid, Layout(kit.geometry.get("orientation", "flat"), 1.0))
    centres = hex_centres(grid, layout)
    c = lambda h: _canon(grid, h)  # noqa: E731
    places = [
        {"hex": c(h), "name": p.get("name", ""), "kind": p.get("kind"), "value": p.get("value")}
        for p in kit.places for h in p.get("hexes", [])
    ]
    labels = {p["hex"]: p["name"] for p in places}
    lines = [{"feature": n.get("feature"), "hexes": [c(a), c(b)], "network": n.get("id")}
             for n in kit.networks for a, b in map(link_pair, n.get("links", []))]
    lines += [{"feature": n.get("feature"), "hexes": [c(x["hex"])], "exit": x.get("edge"), "network": n.get("id")}
              for n in kit.networks for x in n.get("exits", [])]
    sides = list(kit.sides)
    edges = []
    for area in (kit.map.get("edges") or []) + (kit.map.get("entry_areas") or []):
        colour = EDGE_STROKES[sides.index(area["side"]) % len(EDGE_STROKES)] if area.get("side") in sides else "#555555"
        edges.append({"name": area.get("label") or area.get("id"), "id": area.get("id"), "side": area.get("side"),
                      "hexes": [c(h) for h in area.get("hexes", [])], "style": {"stroke": colour, "width": 3}})
    printed = []
    for line in kit.map.get("printed_lines") or []:
        hexes = [c(h) for h in line.get("hexes", [])]
        for pair in line.get("hexsides", []):
            hexes += [c(h) for h in pair if c(h) not in hexes]
        printed.append({"name": line.get("label") or line.get("id"), "id": line.get("id"), "kind": line.get("kind"),
                        "hexes": hexes, "hexsides": [[c(a), c(b)] for a, b in line.get("hexsides", [])]})
    sections = []
    for s in kit.geometry.get("sections") or []:
        sections.append({"id": s["id"], "label": s.get("label") or f"Section {s['id']}",
                         "hexes": [h for h in centres if grid.section_of(h) == s["id"]]})
    return {
        "game": name,
        "title": kit.title,
        "provenance": (kit.resolve_provenance(kit.map.get("provenance")) or {}).get("kind", "owner"),
        "geometry": {
            "orientation": layout.orientation,
            "hex_size": layout.size,
            "origin": list(layout.origin),
            "centres": {h: [round(x, 6), round(y, 6)] for h, (x, y) in centres.items()},
            "bounds": [round(v, 6) for v in bounds(centres, layout)],
        },
        "hexes": {h: _hex_record(kit, grid, h, labels) for h in centres},
        "terrain_styles": terrain_styles(kit),
        "sections": sections,
        "hexsides": [{"a": c(s["a"]), "b": c(s["b"]), "feature": s.get("feature")} for s in kit.map.get("hexsides", []) if "b" in s],
        "lines": lines,
        "feature_styles": feature_styles(kit),
        "places": places,
        "place_styles": {k: {"label": (d or {}).get("label") or k, "fill": "#000000", "size": 2 if "major" in k else 1}
                         for k, d in (kit.map.get("place_kinds") or {}).items()},
        "edges": edges,
        "printed_lines": printed,
        "unit_kinds": {k: {"label": (d or {}).get("label") or k, "symbol": k} for k, d in (kit.counters_doc.get("kinds") or {}).items()},
    }


# -- a seat's view ---------------------------------------------------------------------------------
def face_values(data: SandboxData, piece_id: str, face: str, seat: str | None) -> str:
    """The printed values of a face, joined by '-' in the declared attribute order; an
    attribute the counter hides reads '?' to anybody but its own side."""
    p = data.piece[piece_id]
    values = p.faces.get(face) or p.faces.get(FRONT) or {}
    order = list(data.kit.counters_doc.get("attributes") or {})
    out = []
    for attr in order:
        if attr not in values:
            continue
        v = values[attr]
        if isinstance(v, dict) or (attr in p.hidden and seat != p.side):
            out.append("?")
        else:
            out.append(str(v))
    return "-".join(out)


def unit_view(data: SandboxData, state: SandboxState, piece_id: str, seat: str | None) -> dict[str, Any]:
    p = data.piece[piece_id]
    face = state.face.get(piece_id, FRONT)
    flipped = face == BACK
    return {
        "id": p.id,
        "counter": p.counter,
        "side": p.side,
        "hex": state.hex_of.get(p.id),
        "where": state.where(p.id),
        "label": p.name,
        "name": p.name,
        "kind": p.kind,
        "values": face_values(data, p.id, face, seat),
        "face": face,
        "reduced": flipped,
        "steps": None,
        "flags": [p.back_meaning] if flipped and p.back_meaning else [],
        "hidden": False,
    }


def status(data: SandboxData, rules: SandboxRules, state: SandboxState) -> str:
    if state.over:
        return f"Game over: turn {data.last_turn} was the last"
    side = rules.current_player(state)
    return f"Turn {state.turn} of {data.last_turn}: {data.side_names[side]} moves (no rules enforced)"


def view(data: SandboxData, rules: SandboxRules, state: SandboxState, seat: str | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see (VIEW_DOC)."""
    side = rules.current_player(state)
    label = data.turn_labels.get(state.turn)
    return {
        "game": rules.name,
        "seat": seat,
        "turn": state.turn,
        "last_turn": data.last_turn,
        "turn_label": f"Turn {state.turn}" + (f" ({label})" if label else ""),
        "phase": {"id": f"{side}_turn" if side else "over", "name": f"{data.side_names[side]} turn" if side else "Game over",
                  "side": side, "index": state.side_index if side else -1},
        "phases": [{"id": f"{s}_turn", "name": f"{data.side_names[s]} turn", "side": s} for s in data.sides],
        "current_player": side,
        "status": status(data, rules, state),
        "units": [unit_view(data, state, p.id, seat) for p in data.pieces],
        "control": {},
        "markers": [],
        "battles": [],
        "pending": None,
        "score": {},
        "weather": data.turn_weather.get(state.turn),
        "notes": ["Sandbox: no rules are enforced; move, flip and remove counters as the rules say (as on a VASSAL table)."],
        "scenario": data.scenario_id,
    }


def describe(data: SandboxData, state: SandboxState, action: Any) -> dict[str, Any]:
    """One action as structured data (verb, units, hexes, label)."""
    text = str(action)
    d: dict[str, Any] = {"text": text, "verb": text.split(" ", 1)[0], "label": text, "units": [], "hex": None, "from": None, "rule": None}
    if isinstance(action, Move):
        name = data.piece[action.piece].name if action.piece in data.piece else action.piece
        d.update(units=[action.piece], hex=action.to, label=f"Move {name} to {action.to}", **{"from": state.hex_of.get(action.piece)})
    elif isinstance(action, Flip):
        d.update(units=[action.piece], hex=state.hex_of.get(action.piece), label=f"Flip {action.piece}")
    elif isinstance(action, Remove):
        d.update(units=[action.piece], hex=state.hex_of.get(action.piece), label=f"Remove {action.piece}")
    elif isinstance(action, End):
        side = state.side_index
        d.update(label=f"End {data.side_names[data.sides[side]]} turn")
    return d
