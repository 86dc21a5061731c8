"""Texts the session prints: help, odds of a proposed battle, hex and unit info, the decision at
hand. Everything comes from the game package (``view``, ``map_meta``, ``describe``,
``battle_preview``, ``rules_doc``); nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..core.errors import ParseError
from .board import BoardModel

HELP = """\
Commands (an action is typed as the engine writes it, e.g. as 'legal' lists them):
  ACTION                play an action (case does not matter for unit ids); 'end' ends the phase
  legal                 list the legal actions, numbered; then type a number to pick one
  3                     pick choice number 3 of the numbered list on screen (a list goes stale
                        as soon as anything is played: list it again)
  moves UNIT            where a unit may move now, highlighted on the map (numbered)
  odds A,B HEX          odds of a proposed battle: every modifier named, the chance of every result
  undo                  take back your last action (not past a die roll, a reveal or the end of a phase)
  show HEX | show UNIT  what is in a hex / about a unit
  units                 every unit you can see: where it is, its values, whether it moved
  map | map ids | map compact | map zoc   redraw the map; toggle hex ids, compact cells, enemy ZOC
  log [N]               the last N actions (default 20) and what they caused, as you may see them
  rules                 the game's charts, result codes and victory conditions
  save FILE             save the game (JSON; load with: typhoon play --load FILE)
  help                  this list
  quit                  leave (the game is autosaved; you are told where)"""


def repeated_unit(units: Sequence[str]) -> str | None:
    """The first unit named twice in a list of attackers (case does not matter), or None."""
    seen: set[str] = set()
    for u in units:
        key = str(u).upper()
        if key in seen:
            return str(u)
        seen.add(key)
    return None


def pct(p: float | Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def _num(x: Any) -> str:
    """A strength as printed: 8, 8.5, 17/2 -> '8.5'."""
    if isinstance(x, Fraction):
        x = float(x)
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def modifier_text(m: Mapping[str, Any]) -> str:
    """One named column shift or die-roll modifier: '-1 defender in forest (9.2)'."""
    value = m.get("columns", m.get("value", 0))
    sign = "+" if isinstance(value, (int, float)) and value > 0 else ""
    rule = f" ({m['rule']})" if m.get("rule") else ""
    return f"{sign}{_num(value)} {m.get('reason', '')}{rule}"


def preview_lines(preview: Mapping[str, Any], result_names: Mapping[str, str] | None = None) -> list[str]:
    """The odds of a battle as lines of text: strengths, ratio, every shift and modifier named,
    the column and the chance of every result (``pkg.preview`` / ``pkg.battle_preview``)."""
    result_names = dict(result_names or {})
    if isinstance(preview.get("result_names"), Mapping):
        result_names.update({str(k): str(v) for k, v in preview["result_names"].items()})
    for o in preview.get("outcomes") or ():
        if isinstance(o, Mapping) and o.get("result") is not None and o.get("name"):
            result_names[str(o["result"])] = str(o["name"])
    lines = []
    atts = preview.get("attackers") or []
    defs = preview.get("defenders") or ([preview["defender"]] if preview.get("defender") else [])
    target = preview.get("target")
    if atts or defs or target:
        lines.append(f"{'+'.join(map(str, atts)) or 'attack'} against {'+'.join(map(str, defs)) or 'the defender'}"
                     + (f" in {target}" if target else "") + ":")
    if "attack" in preview:
        note = preview.get("mud") or preview.get("attack_note")
        lines.append(f"  attack {_num(preview['attack'])}" + (f"  ({note})" if note else ""))
    if "defence" in preview:
        hidden = preview.get("hidden") or []
        defence = "?" if preview["defence"] is None else _num(preview["defence"])
        lines.append(f"  defence {defence}" + (f"  (hidden strength: {', '.join(map(str, hidden))})" if hidden else ""))
    if preview.get("ratio"):
        capped = preview.get("capped")
        extra = f", capped at {capped}" if capped and capped != preview["ratio"] else ""
        lines.append(f"  ratio {_num(preview.get('attack', '?'))}:{_num(preview.get('defence', '?'))} -> {preview['ratio']}{extra}")
    shifts = preview.get("shifts") or []
    for s in shifts:
        lines.append(f"  shift {modifier_text(s)}")
    modifiers = preview.get("modifiers") or preview.get("drm") or []
    for m in modifiers if isinstance(modifiers, list) else []:
        lines.append(f"  modifier {modifier_text(m)}")
    if not shifts and not modifiers:
        lines.append("  no column shifts" if "shifts" in preview else "  no modifiers")
    final = preview.get("final", preview.get("column"))
    if final is not None:
        lines.append(f"  final column: {final}")
    columns = preview.get("columns")
    if final is None and isinstance(columns, Mapping) and columns:
        # the column is not known yet (hidden strengths): the chance of each
        spread = ", ".join(f"{c} {pct(p)}" for c, p in sorted(columns.items(), key=lambda kv: -float(kv[1])))
        lines.append(f"  column (not known yet): {spread}")
    results = preview.get("results") or {}
    for r, p in sorted(results.items(), key=lambda kv: -float(kv[1])):
        lines.append(f"    {r:<3} {pct(p):>4}  {result_names.get(r, '')}".rstrip())
    for note in preview.get("notes", ()) or ():
        lines.append(f"  {note}")
    return lines


def result_names(rules_doc: Mapping[str, Any]) -> dict[str, str]:
    """Result code -> meaning, from ``rules_doc()["results"]`` (a dict, or a list of entries)."""
    results = rules_doc.get("results") or {}
    if isinstance(results, Mapping):
        return {str(k): (v if isinstance(v, str) else str(v.get("name") or v.get("text") or v)) for k, v in results.items()}
    out = {}
    for r in results:
        if isinstance(r, Mapping) and r.get("code"):
            out[str(r["code"])] = str(r.get("name") or r.get("text") or "")
    return out


# -- units and hexes -------------------------------------------------------------------------
def find_unit(view_doc: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    """The unit of the view called ``name`` (its id or label, case does not matter)."""
    wanted = name.upper()
    for key in ("id", "label"):
        for u in view_doc.get("units", ()):
            if str(u.get(key, "")).upper() == wanted:
                return u
    return None


def units_lines(model: BoardModel, view_doc: Mapping[str, Any], seat: str | None) -> list[tuple[Mapping[str, Any], str]]:
    """Every unit of the view, the seat's own first, as (unit, one line): id, hex or where,
    values ('?' hidden), 'moved' (the unit list of the terminal)."""
    from .board import has_moved, unit_values

    units = list(view_doc.get("units", ()))
    units.sort(key=lambda u: (u.get("side") != seat, model.side_index(u.get("side")) or 0))
    out = []
    for u in units:
        where = u.get("hex") if u.get("where", "map") == "map" else (u.get("where") or "off map")
        mark = " moved" if has_moved(u) else ""
        reduced = " (reduced)" if u.get("reduced") else ""
        out.append((u, f"{str(u['id']):<8} {str(where or ''):<6} {unit_values(u):<5}{reduced}{mark}"))
    return out


def unit_text(model: BoardModel, u: Mapping[str, Any]) -> str:
    """One line about a unit, as the seat sees it."""
    parts = [model.side_name(u.get("side"))]
    if u.get("kind"):
        parts.append(str(u["kind"]))
    text = f"{u['id']}: " + (f"{u['label']}, " if u.get("label") and u["label"] != u["id"] else "") + " ".join(parts)
    if u.get("hidden"):
        text += ", strength hidden"
    elif u.get("values"):
        text += f", {u['values']}"
    if u.get("reduced"):
        text += " (reduced)"
    if u.get("steps") is not None:
        text += f", {u['steps']} step(s)"
    flags = [str(f) for f in u.get("flags", ()) or ()]
    if flags:
        text += f" [{', '.join(flags)}]"
    return text


def hex_lines(model: BoardModel, view_doc: Mapping[str, Any], h: str) -> list[str]:
    """What the map says about hex ``h``: terrain, features, place, hexsides and lines."""
    attrs = model.hexes.get(h, {})
    terrain = attrs.get("terrain")
    label = model.terrain_styles.get(terrain, {}).get("label") or terrain or "terrain unknown"
    parts = [str(label)]
    parts += [label.lower() for _, label in model.feature_marks(h)]
    place = model.places.get(h)
    if place:
        controller = view_doc.get("control", {}).get(h)
        kind = model.place_kind(place)
        value = f" ({_num(place['value'])})" if place.get("value") not in (None, "") else ""
        owner = f", controlled by {model.side_name(controller)}" if controller else ""
        parts.append(f"{kind} {place.get('name', '')}{value}{owner}")
    lines = [f"  hex {h}: {', '.join(parts)}"]
    sides: dict[str, list[str]] = {}
    for n in model.geo.neighbours(h):
        for f in model.hexsides.get(frozenset((h, n)), ()):
            sides.setdefault(f, []).append(n)
    for f, ns in sorted(sides.items()):
        name = model.feature_styles.get(f, {}).get("label") or f
        lines.append(f"  {name} on the hexsides towards {' '.join(sorted(ns))}")
    for f, hexes in sorted(model.line_hexes.items()):
        if h in hexes:
            name = model.feature_styles.get(f, {}).get("label") or f
            lines.append(f"  on the {name} line")
    for m in view_doc.get("markers", ()) or ():
        if m.get("hex") == h:
            lines.append(f"  marker: {m.get('label') or m.get('kind')}")
    return lines


def show_text(model: BoardModel, view_doc: Mapping[str, Any], what: str) -> str:
    """What is in a hex, or about a unit (id or hex)."""
    u = find_unit(view_doc, what)
    if u is not None:
        lines = [unit_text(model, u)]
        if u.get("hex") and u.get("where", "map") == "map":
            lines += hex_lines(model, view_doc, u["hex"])
        else:
            lines.append(f"  not on the map ({u.get('where') or 'off the map'})")
        return "\n".join(lines)
    h = canonical_hex(model, what)
    here = [x for x in view_doc.get("units", ()) if x.get("hex") == h and x.get("where", "map") == "map"]
    return "\n".join([unit_text(model, x) for x in here] + hex_lines(model, view_doc, h))


def canonical_hex(model: BoardModel, text: str) -> str:
    """A hex id of the map (ParseError naming the text otherwise)."""
    for h in (text, text.upper()):
        if h in model.geo:
            return h
    raise ParseError(f"{text!r} is neither a unit nor a hex of the map")


# -- legal actions ---------------------------------------------------------------------------
MOVE_VERBS = ("move", "movement")


def movement_of(desc: Mapping[str, Any]) -> tuple[str, str] | None:
    """(unit, destination) when a described action is a move (verb or group ``move``) of one
    unit from a hex to another."""
    if desc.get("verb") not in MOVE_VERBS and desc.get("group") not in MOVE_VERBS:
        return None
    units = desc.get("units") or []
    if len(units) == 1 and desc.get("from") and desc.get("hex") and desc["from"] != desc["hex"]:
        return units[0], desc["hex"]
    return None


def moves_of(described: Sequence[tuple[Any, Mapping[str, Any]]], unit: str) -> list[tuple[Any, str]]:
    """The legal (action, destination) pairs moving ``unit`` (case does not matter), in the
    order of the legal actions, one per destination."""
    out, seen = [], set()
    for action, d in described:
        mv = movement_of(d)
        if mv and str(mv[0]).upper() == unit.upper() and mv[1] not in seen:
            seen.add(mv[1])
            out.append((action, mv[1]))
    return out


def moves_text(model: BoardModel, view_doc: Mapping[str, Any], described, unit: str) -> tuple[Mapping[str, Any], list[tuple[Any, str]]]:
    """The unit and its legal moves; ParseError saying why there are none."""
    u = find_unit(view_doc, unit)
    if u is None:
        raise ParseError(f"no unit called {unit!r}")
    if not u.get("hex") or u.get("where", "map") != "map":
        raise ParseError(f"{u['id']} is not on the map")
    if not any(movement_of(d) for _, d in described):
        phase = (view_doc.get("phase") or {}).get("name") or "this phase"
        raise ParseError(f"no unit moves now: it is the {phase}")
    moves = moves_of(described, str(u["id"]))
    if not moves:
        raise ParseError(f"{u['id']} has no legal move now")
    return u, moves


def decision_text(view_doc: Mapping[str, Any], described: Sequence[tuple[Any, Mapping[str, Any]]],
                  limit: int = 20) -> tuple[str, list[tuple[Any, str]]]:
    """The choice the rules give the player now, as a headline and numbered actions, or
    ("", []) when the player is free to type any action: a pending decision (``view["pending"]``)
    lists its legal actions by their labels."""
    pending = view_doc.get("pending")
    if not pending:
        return "", []
    head = str(pending.get("text") or pending.get("kind") or "")
    choices = [(a, str(d.get("label") or d.get("text"))) for a, d in described]
    return head, choices if len(choices) <= limit else []
