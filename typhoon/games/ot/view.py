"""What the front ends may show of Operation Typhoon: ``map_meta``, ``view`` (per seat: an
enemy's face-down chit and the secret Plan never appear), ``describe`` and ``rules_doc``
(shapes: ``typhoon.core.contract.MAP_META_DOC`` / ``VIEW_DOC``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core.geometry import Layout, bounds, fit, hex_centres
from .actions import (Accelerate, Advance, Air, Attack, Defend, Draw, Eliminate, End, Evade, Exit, Loss, Move, Plan,
                      Retreat, Withdraw)
from .data import ot_data
from .state import UNKNOWN, OtState
from .strength import current_strength
from .movement import movement_allowance

TERRAIN_STYLES = {
    "clear": {"label": "Clear", "fill": "#e8e4c8", "pattern": None},
    "woods": {"label": "Woods", "fill": "#9fbf7f", "pattern": "trees"},
    "rough": {"label": "Rough", "fill": "#c2a878", "pattern": None},
    "town": {"label": "Town", "fill": "#d8c0a0", "pattern": None},
    "city": {"label": "City", "fill": "#c08070", "pattern": None},
    "lake": {"label": "Lake", "fill": "#8fb8e0", "pattern": None},
}
FEATURE_STYLES = {
    "river": {"label": "River", "stroke": "#2060c0", "width": 3, "kind": "hexside"},
    "stream": {"label": "Stream", "stroke": "#60a0e0", "width": 1.5, "kind": "hexside"},
    "road": {"label": "Road", "stroke": "#a05020", "width": 2, "kind": "line"},
    "rail": {"label": "Railroad", "stroke": "#303030", "width": 2, "kind": "line"},
}


@cache
def _layout(scen: Any) -> Layout:
    return fit(_SubGrid(scen), Layout("pointy", 1.0))


class _SubGrid:
    """The scenario's hexes as a grid for the geometry helpers."""

    def __init__(self, scen: Any) -> None:
        self.scen = scen
        self.grid = scen.data.grid
        self.all_hexes = tuple(sorted(scen.hexes))

    def axial(self, h: str) -> tuple[int, int]:
        return self.grid.axial(h)

    def adjacent(self, a: str, b: str) -> bool:
        return self.grid.adjacent(a, b)


@cache
def map_meta(key: str = "18.1", data: Any = None) -> dict[str, Any]:
    """The board of scenario ``key`` (on ``data``, an owner's kit, or the shipped kit)."""
    d = data if data is not None else ot_data()
    scen = d.scenario(key)
    sub = _SubGrid(scen)
    layout = _layout(scen)
    centres = hex_centres(sub, layout)
    hexes = set(scen.hexes)
    return {
        "game": "ot",
        "title": f"Operation Typhoon: {scen.title} ({key})",
        **_provenance(data),
        "geometry": {
            "orientation": layout.orientation, "hex_size": layout.size, "origin": list(layout.origin),
            "centres": {h: [round(x, 4), round(y, 4)] for h, (x, y) in centres.items()},
            "bounds": [round(v, 4) for v in bounds(centres, layout)],
        },
        "hexes": {h: {"terrain": d.terrain[h], "section": d.grid.section_of(h), "label": d.label.get(h),
                      "entrenchment": h in d.entrenchment, "aliases": list(d.grid.aliases(h))} for h in sorted(hexes)},
        "terrain_styles": TERRAIN_STYLES,
        "sections": [{"id": s, "label": f"Map {s}", "hexes": sorted(h for h in hexes if d.grid.section_of(h) == s)}
                     for s in scen.doc["sections"]],
        "hexsides": [{"a": a, "b": b, "feature": f} for f, sides in (("river", d.river), ("stream", d.stream))
                     for a, b in (sorted(s) for s in sides) if a in hexes and b in hexes],
        "lines": [{"feature": f, "hexes": [a, b]} for f, sides in (("road", d.road), ("rail", d.rail))
                  for a, b in (sorted(s) for s in sides) if a in hexes and b in hexes],
        "feature_styles": FEATURE_STYLES,
        "places": [{"hex": p["hexes"][0], "name": p["name"], "kind": p["kind"], "value": p.get("value")}
                   for p in d.places if p["hexes"][0] in hexes],
        "edges": [{"name": "German supply (westernmost hexes, 12.12)", "hexes": sorted(scen.west_edge), "style": {"stroke": "#404040"}},
                  {"name": "Russian supply (easternmost hexes, 12.22)", "hexes": sorted(scen.east_edge), "style": {"stroke": "#c03030"}}]
        + [{"name": f"Entry Area {n} (15.1)", "hexes": list(hs), "style": {}} for n, hs in sorted(scen.entry_areas.items())],
        "printed_lines": [{"name": "Front line, 15 November 1941", "hexes": [h for h in d.front_line if h in hexes]}],
        "side_styles": {"german": {"fill": "#8a9aa8", "text": "#000000"}, "russian": {"fill": "#c8584a", "text": "#ffffff"}},
    }


def _provenance(data: Any) -> dict[str, str]:
    """The shipped reconstruction, or an owner's kit with its own provenance."""
    if data is None:
        return {"provenance": "reconstruction",
                "provenance_note": "RECONSTRUCTED map and counter values (docs/games/ot/map.md, counters.md): not the printed "
                                   "map; named places and set-up hexes are where the rules text puts them."}
    prov = data.kit.manifest.get("provenance")
    kind = prov.get("kind") if isinstance(prov, dict) else None
    return {"provenance": kind if kind in ("published", "reconstruction", "owner") else "owner",
            "provenance_note": f"the data kit {data.kit.title!r} ({data.kit.root})"}


def unit_view(state: OtState, uid: str, seat: str | None) -> dict[str, Any]:
    """One unit as ``seat`` may see it (8.44: an enemy chit reads '?')."""
    d = state.data
    unit = d.units[uid]
    hidden_chit = state.options.get("strengths") == "chits" and unit.uses_chit and uid not in state.cadre and (
        state.chits.get(uid) in (None, UNKNOWN) or seat != unit.side)
    strength = None if hidden_chit else current_strength(state, uid)
    on_map = uid in state.stacks
    where = "map" if on_map else ("eliminated" if state.off_map.get(uid) == "eliminated" else
                                  "reinforcements" if state.off_map.get(uid) == "reinforcement" else state.off_map.get(uid, "off"))
    flags = []
    if on_map:
        s = state.supply.get(uid)
        if s in ("out", "isolated"):
            flags.append("out of supply" if s == "out" else "isolated")
        if uid in state.moved:
            flags.append("moved")
        if uid in state.attacked:
            flags.append("attacked")
        if uid in state.uncommitted:
            flags.append("uncommitted")
        if uid in state.unsupported:
            flags.append("unsupported")
    label = f"{unit.klass or ''}{unit.morale or ''}" if not unit.printed else ""
    ma = movement_allowance(state, uid) if on_map else unit.movement
    return {
        "id": uid, "side": unit.side, "hex": state.hex_of(uid), "where": where, "label": uid, "kind": unit.kind,
        "values": f"{'?' if strength is None else strength}-{ma}", "class_morale": label, "strength": strength,
        "movement": ma, "reduced": uid in state.cadre or state.steps.get(uid, 1) < state.full_steps.get(uid, 1),
        "cadre": uid in state.cadre, "steps": state.steps.get(uid), "flags": flags, "hidden": strength is None,
        "size": unit.size,
    }


def status(state: OtState, rules: Any) -> str:
    if state.outcome is not None:
        return f"Game over: {state.outcome.reason}"
    if state.pending is not None:
        return f"Game-Turn {state.turn}: {state.pending['kind']}"
    if state.battle is not None:
        b = state.battle
        return f"Combat at {b['target']}: {b['step']}" + (f" ({b['actor']} to choose)" if b.get("actor") else " (dice)")
    from .rules import PHASE_INFO

    return f"Game-Turn {state.turn} of {state.scen.last_turn}: {PHASE_INFO[state.phase][2]}"


def view(state: OtState, seat: str | None, rules: Any) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see (VIEW_DOC)."""
    from .rules import PHASE_INFO, PHASES

    obs = rules.observe(state, seat)
    info = PHASE_INFO.get(state.phase)
    plan = obs.plan
    battles = []
    if state.battle is not None:
        b = state.battle
        battles.append({"target": b["target"], "attackers": list(b["attackers"]), "defenders": list(b["defenders"]),
                        "step": b["step"], "result": b["result"], "roll": b["roll"],
                        "odds": b["odds"] if b.get("odds") else None})
    notes = [f"Weather {state.weather}, ground {state.ground}, {'snow' if state.snow else 'no snow'} (13.0)",
             f"Air Points: German {state.air.get('german', 0)}, Russian {state.air.get('russian', 0)} (17.1)"]
    if plan == UNKNOWN:
        notes.append("The German Plan is secret until the end (18.49)")
    elif plan:
        notes.append(f"German Plan: {plan} (18.49)")
    return {
        "game": "ot", "seat": seat, "scenario": state.scenario_key, "turn": state.turn, "last_turn": state.scen.last_turn,
        "turn_label": f"Game-Turn {state.turn} ({state.data.turn_labels.get(state.turn, '')})" if state.turn else "Set-up",
        "phase": {"id": state.phase, "name": info[2] if info else state.phase, "side": info[1] if info else None,
                  "index": next((i for i, p in enumerate(PHASES) if p[0] == state.phase), -1)},
        "phases": [{"id": p[0], "name": p[2], "side": p[1]} for p in PHASES],
        "current_player": rules.current_player(state),
        "status": status(state, rules),
        "units": [unit_view(obs, u, seat) for u in state.scen.units],
        "control": {h: s for h, s in state.control.items()},
        "markers": [{"hex": h, "kind": "interdiction", "label": "Air"} for h in sorted(state.interdicted)]
        + [{"hex": h, "kind": "hedgehog", "label": "Hedgehog"} for h in sorted(state.hedgehogs)],
        "battles": battles, "last_battle": state.last_battle,
        "pending": {"kind": state.pending["kind"], "text": status(state, rules)} if state.pending else None,
        "score": {"german": state.vp, "russian": 0}, "weather": state.weather, "ground": state.ground, "snow": state.snow,
        "plan": plan, "notes": notes,
    }


def describe(state: OtState, action: Any) -> dict[str, Any]:
    text = str(action)
    d: dict[str, Any] = {"text": text, "verb": text.split(" ", 1)[0], "label": text, "units": [], "hex": None, "from": None, "rule": None}
    if isinstance(action, Move):
        setup = action.mode == "setup"
        d.update(units=[action.unit], hex=action.to, rule={"tactical": "5.4", "strategic": "5.5", "rail": "5.6", "setup": "18.12(2)"}[action.mode],
                 label=f"Set up {action.unit} in {action.to}" if setup else f"{action.mode.capitalize()} move {action.unit} to {action.to}",
                 **{"from": state.hex_of(action.unit)})
    elif isinstance(action, Exit):
        d.update(units=[action.unit], hex=state.hex_of(action.unit), rule="18.19", label=f"Exit {action.unit} off the {action.edge} edge")
    elif isinstance(action, Attack):
        d.update(units=list(action.units), hex=action.target, hexes=list(action.targets), rule="9.26" if action.also else "9.2",
                 label=f"Attack {'+'.join(action.targets)} with {', '.join(action.units)}")
    elif isinstance(action, Loss):
        d.update(units=[action.unit], hex=state.hex_of(action.unit), rule="9.86", label=f"{action.unit} loses a step")
    elif isinstance(action, Retreat):
        # 9.92: the stack retreats one hex at a time: an arrow on the map from where it stands
        d.update(hex=action.to, rule="9.92", label=f"Retreat to {action.to}", path=[action.to])
        rt = state.battle.get("retreat") if state.battle is not None else None
        if rt:
            d.update(units=[u for u in rt["units"] if u in state.stacks], **{"from": rt["path"][-1]})
    elif isinstance(action, Advance):
        d.update(units=[action.unit] if action.unit else [], hex=action.to, rule="9.96",
                 label=f"Advance {action.unit} to {action.to}" if action.unit else "End the advance")
    elif isinstance(action, Draw):
        d.update(text=f"chit {action.unit} ?", units=[action.unit], rule="8.32", label=f"Draw a strength chit for {action.unit}")
    elif isinstance(action, Plan):
        d.update(rule="18.49", label=f"Plan: {action.plan}")
    elif isinstance(action, Air):
        d.update(rule="17.2", label=f"Ground Support: {action.points} Air Points")
    elif isinstance(action, Defend):
        # 7.24: a choice among sets of units, offered as buttons (a set is no single unit's click)
        d.update(units=list(action.units), rule="7.24", label=f"Defend with {', '.join(action.units)}", button=True,
                 hex=state.battle["target"] if state.battle is not None else None)
    elif isinstance(action, Evade):
        d.update(hex=action.to, rule="10.25", label=f"HQ retreats before combat to {action.to}")
    elif isinstance(action, Accelerate):
        d.update(units=[action.hq], rule="9.62", label=f"Accelerated Assault by {action.hq}")
    elif isinstance(action, Eliminate):
        d.update(units=[action.unit], rule="7.11", label=f"Eliminate over-stacked {action.unit}")
    elif isinstance(action, Withdraw):
        d.update(units=[action.unit], rule="18.38(d)", label=f"Withdraw {action.unit} (not eliminated)")
    elif isinstance(action, End):
        d.update(rule="4.2", label="End segment / phase")
    return d


def rules_doc(key: str = "18.1", data: Any = None) -> dict[str, Any]:
    d = data if data is not None else ot_data()
    scen = d.scenario(key)
    crt = d.tables["crt"]
    return {
        "charts": [
            {"id": "crt", "title": "Combat Results Table (2d6)", "rule": "9.89", "columns": list(crt["columns"]),
             "lines": {k: list(v) for k, v in crt["column_sets"].items()},
             "rows": [{"roll": k, "results": list(v)} for k, v in crt["rows"].items()],
             "notes": ["Odds rounded in the defender's favour on the defender's terrain line; shifts (Divisional Integrity 9.4, "
                       "Combined Arms 9.5, Ground Support 17.2) applied, then held to the table (9.72, D36).",
                       "Parenthesised: mandatory step losses; unparenthesised: hexes to retreat or steps to lose (9.86); "
                       "* Breakthrough (9.98)."]},
            {"id": "tec", "title": "Terrain Effects Chart", "rule": "5.73", "rows": [d.tec["movement"], d.tec["hexside_movement"], d.tec["line_movement"]]},
            {"id": "pbm", "title": "Play-by-mail strengths (23.0 option 1, the default)", "rule": "23.0"},
        ],
        "results": {"A": "attacker", "D": "defender", "(n)": "mandatory step losses", "*": "Breakthrough (9.98)"},
        "victory": [v.get("text", "") for v in scen.victory],
        "references": [{"title": "Operation Typhoon rules (SPI 1978)", "path": "../shared/seeds/003_dd0de92a4b66bef3.txt"},
                       {"title": "Decisions on the text", "path": "docs/games/ot/decisions.md"}],
    }
