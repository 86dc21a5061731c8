"""What Operation Typhoon's rules need from a data kit, checked before a game is built on it.

An owner's kit (``typhoon kit new ot DIR``) starts as a skeleton with ``{"$todo": ...}``
placeholders; the rules cannot play it until the map, counters, tables and set-ups are
entered. :func:`rules_issues` lists every missing piece as a kit :class:`Issue` (file, JSON
path, what is missing and which rule needs it) so :func:`check_kit` can raise one
:class:`KitError` naming them all, never a traceback from deep inside the rules.
"""

from __future__ import annotations

from typing import Any

from ...core.kit import Issue, KitError
from ...core.kit.issues import json_path
from ...core.kit.loader import find_todos
from .data import SCENARIOS

#: tables.json ids the rules read, with the case that reads them.
TABLES = {"crt": "9.89", "tec": "5.73", "weather": "13.14", "ground": "13.24", "support": "11.5", "commitment": "16.27"}
#: map.json edges the supply rules trace to (12.12 / 12.22).
EDGES = {"german_supply": "12.12", "russian_supply": "12.22"}
#: the scenario parameters the rules read for the special rules of 18.1-18.5 (scripts/ot_build_kit.py SPECIAL_RULES)
SPECIAL_PARAMETERS = {
    "support_armies": "18.15(a), 18.25(a), 18.35(a), 18.45", "uncommitted_armies": "18.17, 18.27, 18.37, 18.47",
    "german_out_of_supply": "18.18(a), 18.28(a), 18.38(a), 18.48", "russian_always_in_supply": "18.28(c)",
    "russian_move_limits": "18.18(b), (d); 18.48", "closed_hexrows": "18.28(b), 18.38(b)",
    "subordination": "18.18(c), 18.38(c)", "withdrawal": "18.38(d)", "russian_rail_units": "5.61, 18.18(f), 18.28(d), 18.38(e)",
    "german_air_points": "17.11, 18.13", "russian_air_points": "17.12, 18.13", "support_points": "11.1, 18.15(b)",
}
#: the places the victory conditions name (18.19, 18.29, 18.39; 18.49 the Kremlin hex).
PLACES = ("Tula", "Kashira", "Venev", "Mikhaylov", "Zaokskoye", "Mordveso")


def rules_issues(kit: Any) -> list[Issue]:
    """Every piece of data the rules need that ``kit`` lacks (empty: playable)."""
    issues = _todos(kit)
    if kit.game != "ot":
        issues.append(Issue("kit.json", "$.game", f"the kit is for game {kit.game!r}, not Operation Typhoon ('ot')"))
    issues += _tables(kit) + _map(kit) + _scenarios(kit)
    return issues


def _todos(kit: Any) -> list[Issue]:
    """An owner placeholder anywhere: the rules need a real value there."""
    out = []
    for rel, doc in kit.docs.items():
        for parts, todo in find_todos(doc):
            out.append(Issue(rel, json_path(parts), f"still to be entered (TODO: {todo.get('$todo')}); "
                                                    "the rules need this value to play", todo=True))
    return out


def _tables(kit: Any) -> list[Issue]:
    f = kit.file_of("tables")
    out = []
    for tid, case in TABLES.items():
        if tid not in kit.tables:
            out.append(Issue(f, "$.tables", f"no table {tid!r}: the rules need it ({case})"))
    tec = kit.tables.get("tec", {})
    if tec:
        moves, lines = tec.get("movement") or {}, tec.get("combat_lines") or {}
        for t in kit.map.get("terrain_types", {}):
            if t not in moves:
                out.append(Issue(f, "$.tables[tec].movement", f"terrain {t!r} has no movement cost (5.73)"))
            elif moves[t] != "P" and t not in lines:
                out.append(Issue(f, "$.tables[tec].combat_lines", f"terrain {t!r} has no CRT line (9.31)"))
        if "road" not in (tec.get("line_movement") or {}):
            out.append(Issue(f, "$.tables[tec].line_movement", "no road movement costs (5.44, 5.53)"))
    crt = kit.tables.get("crt", {})
    if crt and not crt.get("column_sets"):
        out.append(Issue(f, "$.tables[crt].column_sets", "the CRT has no terrain lines (9.31)"))
    return out


def _map(kit: Any) -> list[Issue]:
    f = kit.file_of("map")
    m = kit.map
    out = []
    edges = {e.get("id") for e in m.get("edges", []) if isinstance(e, dict)}
    for eid, case in EDGES.items():
        if eid not in edges:
            out.append(Issue(f, "$.edges", f"no edge {eid!r}: supply is traced to it ({case})"))
    for a in m.get("entry_areas", []):
        aid = a.get("id") if isinstance(a, dict) else None
        if not (isinstance(aid, str) and "_" in aid and aid.split("_")[1].isdigit()):
            out.append(Issue(f, "$.entry_areas", f"entry area id {aid!r} is not 'entry_<number>' (15.11: numbered areas)"))
    if not any(isinstance(p, dict) and p.get("id") == "front_line" for p in m.get("printed_lines", [])):
        out.append(Issue(f, "$.printed_lines", "no printed line 'front_line': the set-ups and 18.18(d) use it"))
    names = {p.get("name") for p in m.get("places", []) if isinstance(p, dict)}
    for name in PLACES:
        if name not in names:
            out.append(Issue(f, "$.places", f"no place {name!r}: the victory conditions of 18.19 name it"))
    return out


def _scenarios(kit: Any) -> list[Issue]:
    out = []
    for key, sid in SCENARIOS.items():
        doc = kit.scenarios.get(sid)
        if doc is None:
            out.append(Issue("kit.json", "$.files.scenarios", f"no scenario {sid!r} ({key}): the rules play 18.1-18.5"))
            continue
        rel = kit.scenario_file(sid)
        for field in ("sections", "setup"):
            if not doc.get(field):
                out.append(Issue(rel, f"$.{field}", f"scenario {key} has no {field}"))
        params = doc.get("parameters") or {}
        for name, case in SPECIAL_PARAMETERS.items():
            if name not in params:
                out.append(Issue(rel, "$.parameters", f"scenario {key} has no parameter {name!r} ({case})"))
        if key == "18.3" and "east_of_moskva" not in params:
            out.append(Issue(rel, "$.parameters", "scenario 18.3 has no parameter 'east_of_moskva' (18.39 (b): the hexes "
                                                   "east of the Moskva River, south of hexrow 3200)"))
        by_side = (doc.get("stacking") or {}).get("by_side") or {}
        for side in ("german", "russian"):
            if not isinstance(by_side.get(side), int):
                out.append(Issue(rel, "$.stacking.by_side", f"no stacking limit for the {side} side (7.0)"))
    return out


def check_kit(kit: Any) -> None:
    """Raise :class:`KitError` listing what the rules need and ``kit`` lacks."""
    issues = rules_issues(kit)
    if issues:
        raise KitError(issues, where=f"{kit.root}: the Operation Typhoon rules cannot play this kit yet")


def build_data(kit: Any) -> Any:
    """The rules' :class:`~.data.OtData` of a checked kit, every scenario built; anything the
    checks above missed is reported as a :class:`KitError`, not a traceback."""
    from .data import OtData

    check_kit(kit)
    try:
        data = OtData(kit)
        for key in SCENARIOS:
            data.scenario(key)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, StopIteration) as e:
        raise KitError([Issue("kit.json", "$", f"the Operation Typhoon rules cannot read this kit: {type(e).__name__}: {e}")],
                       where=str(kit.root)) from None
    return data
