"""What the front ends may show of The Moscow Campaign: ``map_meta``, ``view``, ``describe`` and
``rules_doc`` (shapes: ``typhoon.core.contract.MAP_META_DOC`` / ``VIEW_DOC``). Perfect
information: every seat sees everything."""

from __future__ import annotations

from typing import Any

from ...core.geometry import Layout, bounds, fit, hex_centres
from . import supply
from .actions import Act
from .data import MCData
from .sequence import BY_ID, PHASES
from .state import MCState

RECONSTRUCTION_NOTE = "Map, counters, charts and scenarios are a RECONSTRUCTION (the rules text has none): docs/games/mc/decisions.md"

TERRAIN_STYLES = {
    "clear": {"label": "Clear", "fill": "#e8e4c9", "pattern": None},
    "forest": {"label": "Forest", "fill": "#9dbf8a", "pattern": None},
    "swamp": {"label": "Swamp", "fill": "#a9c6c0", "pattern": "swamp"},
    "town": {"label": "Town", "fill": "#d9c9a8", "pattern": None},
    "city": {"label": "City", "fill": "#c9a98a", "pattern": None},
    "major_city": {"label": "Moscow", "fill": "#b9836a", "pattern": None},
}
FEATURE_STYLES = {
    "river": {"label": "River", "stroke": "#3a7bd5", "width": 2, "kind": "hexside"},
    "lake": {"label": "Lake", "stroke": "#1f4e9c", "width": 4, "kind": "hexside"},
    "fortified": {"label": "Fortified hexside (faces west)", "stroke": "#8b1a1a", "width": 3, "kind": "hexside"},
    "fortified_destroyed": {"label": "Destroyed fortified hexside", "stroke": "#caa", "width": 1, "kind": "hexside"},
    "rail": {"label": "Railroad", "stroke": "#333333", "width": 1.5, "kind": "line"},
    "german_supply_rail": {"label": "Heavier German supply line", "stroke": "#000000", "width": 3, "kind": "line"},
}


def layout(data: MCData) -> Layout:
    return fit(data.grid, Layout("flat", 1.0))


def map_meta(data: MCData) -> dict[str, Any]:
    lay = layout(data)
    centres = hex_centres(data.grid, lay)
    hexsides = [{"a": sorted(k)[0], "b": sorted(k)[1], "feature": "river"} for k in sorted(data.river, key=sorted)]
    hexsides += [{"a": sorted(k)[0], "b": sorted(k)[1], "feature": "lake"} for k in sorted(data.lake, key=sorted)]
    hexsides += [{"a": f, "b": next(iter(k - {f})), "feature": "fortified", "faces": f, "line": line} for k, (f, line) in sorted(data.fortified.items(), key=lambda x: sorted(x[0]))]
    lines = [{"feature": "rail", "hexes": sorted(k)} for k in sorted(data.rail_links, key=sorted)]
    lines += [{"feature": "german_supply_rail", "hexes": sorted(k)} for k in sorted(data.heavy_links, key=sorted)]
    return {
        "game": "mc",
        "title": data.title,
        "provenance": data.provenance,
        "note": RECONSTRUCTION_NOTE if data.provenance == "reconstruction" else "",
        "geometry": {
            "orientation": "flat", "hex_size": lay.size, "origin": list(lay.origin),
            "centres": {h: [round(x, 5), round(y, 5)] for h, (x, y) in centres.items()},
            "bounds": [round(v, 5) for v in bounds(centres, lay)],
        },
        "hexes": {h: {"terrain": data.terrain[h], "section": None, "label": data.place_at[h]["name"] if h in data.place_at else None, "rail": h in data.rail_hexes} for h in data.hexes},
        "terrain_styles": TERRAIN_STYLES,
        "sections": [],
        "hexsides": hexsides,
        "lines": lines,
        "feature_styles": FEATURE_STYLES,
        "places": [{"hex": p["hex"], "name": p["name"], "kind": p["kind"], "value": p["value"]} for p in data.places],
        "edges": [],
        "printed_lines": [{"name": s.id, "hexes": sorted(s.german_side)[:0]} for s in data.scenarios.values()],
    }


def unit_view(state: MCState, u: str, supplied: frozenset[str]) -> dict[str, Any]:
    spec = state.data.units[u]
    on = u in state.stacks
    where = "map" if on else ("reinforcements" if u in state.waiting else ("eliminated" if u in state.eliminated else "pool"))
    flags = []
    if on and u not in supplied:
        flags.append("out of supply")
    for name, coll in (("entrained", state.entrained), ("moved", state.done), ("attacked", state.attacked), ("disrupted", state.disrupted), ("overran", state.overran)):
        if u in coll:
            flags.append(name)
    s = f"({spec.strength})" if spec.eb else f"[{spec.strength}]" if spec.bracketed else str(spec.strength)
    return {"id": u, "side": spec.side, "hex": state.hex_of(u), "where": where, "label": spec.name, "kind": spec.kind,
            "values": f"{s}-{spec.movement}", "reduced": False, "steps": None, "flags": flags, "hidden": False,
            "arrives": state.waiting.get(u)}


def status(state: MCState, rules: Any) -> str:
    if state.outcome is not None:
        return f"Game over: {state.outcome.winner} wins ({state.outcome.reason})"
    if state.battle is not None:
        b = state.battle
        who = rules.current_player(state)
        return f"{b['kind'].capitalize()} at {'+'.join(b['targets'])}: {b['step']}" + (f" ({who} to choose)" if who else " (die roll)")
    ph = BY_ID[state.phase]
    return f"Game-Turn {state.turn} of {state.last_turn} ({state.data.weather.get(state.turn, 'clear')}): {ph.name}"


def view(state: MCState, seat: str | None, rules: Any) -> dict[str, Any]:
    data = state.data
    supplied = supply.supplied_units(state, "german") | supply.supplied_units(state, "soviet")
    ph = BY_ID.get(state.phase)
    markers = [{"hex": h, "kind": "rail_" + c, "label": f"rail {c}"} for h, (c, _) in sorted(state.rail.items()) if c != "normal"]
    for k in sorted(state.fort_destroyed, key=sorted):
        a, b = sorted(k)
        markers.append({"hex": a, "kind": "fortified_destroyed", "label": f"destroyed hexside {a}/{b}", "toward": b})
    battles = []
    if state.battle is not None:
        b = state.battle
        battles.append({"target": "+".join(b["targets"]), "attackers": b["attackers"], "defenders": b["defenders"], "step": b["step"], "result": b["result"], "odds": b["summary"]})
    from . import victory

    return {
        "game": "mc", "seat": seat, "turn": state.turn, "last_turn": state.last_turn,
        "turn_label": f"Game-Turn {state.turn}",
        "phase": {"id": state.phase, "name": ph.name if ph else "Game over", "side": ph.side if ph else None, "index": [p.id for p in PHASES].index(state.phase) if ph else -1},
        "phases": [{"id": p.id, "name": p.name, "side": p.side} for p in PHASES],
        "current_player": rules.current_player(state), "status": status(state, rules),
        "units": [unit_view(state, u, supplied) for u in data.unit_order if u in state.stacks or u in state.waiting or u in state.eliminated],
        "control": {h: s for h, s in state.control.items()},
        "markers": markers, "battles": battles, "last_battle": state.last_battle,
        "pending": {"kind": state.battle["step"], "text": status(state, rules)} if state.battle else None,
        "score": {"german": float(victory.german_points(state)), "soviet": float(victory.soviet_points(state)), "margin": float(victory.margin(state))},
        "weather": data.weather.get(state.turn, "clear"),
        "notes": [RECONSTRUCTION_NOTE] if data.provenance == "reconstruction" else [],
        "active": state.active, "lines_destroyed": sorted(state.lines_destroyed),
    }


RULE_OF = {"move": "Movement L19-31", "entrain": "Rail L112", "rail": "Rail L112-120", "detrain": "Rail L112", "enter": "Rail (A) L115",
           "overrun": "Overrun L89-95", "attack": "Combat L56-77", "roll": "Combat L57", "retreat": "CRT L80-88", "lose": "CRT Ex L82-83",
           "disrupt": "CRT DeAd L79", "advance": "Combat (H) L65", "end": "Sequence L11-18"}


def describe(state: MCState, action: Act) -> dict[str, Any]:
    text = str(action)
    d: dict[str, Any] = {"text": text, "verb": action.verb, "label": text, "units": [], "hex": None, "from": None, "rule": RULE_OF.get(action.verb)}
    v, a = action.verb, action.args
    if v in ("move", "rail", "enter", "retreat"):
        d.update(units=[a[0]], hex=a[1], **{"from": state.hex_of(a[0])})
        if v == "retreat":
            d["path"] = [a[1]]  # a retreat is one hex (L80-81): an arrow on the map
    elif v in ("entrain", "detrain", "lose", "disrupt"):
        d.update(units=[a[0]], hex=state.hex_of(a[0]))
    elif v == "advance" and a[0] != "none":
        d.update(units=[a[0]], hex=a[1], **{"from": state.hex_of(a[0])})
    elif v in ("attack", "overrun"):
        tg, units, _, _ = action.attack_parts()
        d.update(units=list(units), hex=tg[0], targets=list(tg))
    elif v == "end":
        ph = BY_ID.get(state.phase)
        d.update(label=f"End {ph.name if ph else 'phase'}")
    return d


def rules_doc(data: MCData) -> dict[str, Any]:
    crt = data.crt
    return {
        "charts": [
            {"id": "crt", "title": "Combat Results Table (1d6; RECONSTRUCTION)", "rule": "L56-88", "columns": list(data.crt_columns),
             "rows": [{"roll": k, "results": list(crt.rows[k])} for k in sorted(crt.rows)],
             "notes": ["Odds rounded in the defender's favour (Combat (F) L63); die-roll modifiers capped at -2 (Combat (O) L72).", "Overruns use the 11-1 column (L91)."]},
            {"id": "tec", "title": "Terrain Effects Chart (RECONSTRUCTION)", "rule": "Movement (A) L21; Combat (O) L72",
             "rows": [{"terrain": t, "move": c, "drm": data.terrain_drm.get(t, 0)} for t, c in data.move_cost.items()]
             + [{"terrain": "river hexside", "move": f"+{data.river_cost}", "drm": data.river_drm}, {"terrain": "lake hexside", "move": "prohibited (L31)", "drm": "no combat"},
                {"terrain": "fortified hexside (German, through the front)", "move": "+2 first crossing (L106)", "drm": -2},
                {"terrain": "enemy ZOC", "move": "+3 enter, +2 leave, +5 ZOC to ZOC (L33-36)", "drm": "-"}]},
            {"id": "weather", "title": "Weather (L98-102)", "rule": "L96-102",
             "rows": [{"turns": "5", "weather": "rains", "effect": "German MA and attack halved"}, {"turns": "6-15", "weather": "mud", "effect": "German one hex per phase, strength halved; Soviet MA halved"},
                      {"turns": "16-31", "weather": "freeze", "effect": "lakes and rivers frozen"}, {"turns": "23-31", "weather": "winter", "effect": "German mechanized MA and attack halved"}]},
        ],
        "results": dict(data.crt_results),
        "victory": [t for s in data.scenarios.values() for t in s.victory_text[:0]] + [
            "German points: value of places German units control + half the Soviet strength eliminated; Soviet points: German strength eliminated (RECONSTRUCTION, decisions.md D-VICTORY).",
            "The German player wins at once by holding Moscow at the end of a game turn, or at the end if the margin (less the places held at the start) reaches the scenario's figure.",
        ],
        "references": [{"title": "The Moscow Campaign rules text (002)", "path": "../shared/seeds/002_0d98b71a1a696c3b.txt"},
                       {"title": "Decisions", "path": "docs/games/mc/decisions.md"}, {"title": "Rule coverage", "path": "docs/games/mc/rule_coverage.md"}],
    }
