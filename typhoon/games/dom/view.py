"""What the front ends may show of Drive on Moscow: ``map_meta``, ``view`` (per seat: an
untried unit's value never appears before its reveal), ``describe`` and ``rules_doc``
(shapes: ``typhoon.core.contract.MAP_META_DOC`` / ``VIEW_DOC``)."""

from __future__ import annotations

from typing import Any

from ...core.geometry import Layout, bounds, fit, hex_centres
from . import movement
from . import november_offensive as no
from .actions import (Add, Advance, Air, Assault, Attack, Cancel, Choose, Convert, Cup, Declare, Draw, End, Enter, Fight,
                      Loss, Move, Order, Pass, Replace, Retreat, Roll, Stalin, Withdraw)
from .gamedata import GERMAN, KIND_LABEL, SIDE_NAMES, SOVIET, dom_data
from .state import DomState

PROVENANCE_NOTE = ("A RECONSTRUCTION, not the published game: the map (real geography, R-1..R-3), the CRT, the turn "
                   "record track and the counter values (R-4, R-5) are inferred from the rules text; the set-ups are "
                   "computer set-ups (R-6).")
TERRAIN_STYLES = {"clear": {"label": "Clear", "fill": "#e9e4c9", "pattern": None},
                  "forest": {"label": "Forest", "fill": "#9cbf7a", "pattern": "trees"},
                  "marsh": {"label": "Marsh", "fill": "#a9c8c0", "pattern": "marsh"}}
FEATURE_STYLES = {"river": {"label": "River", "stroke": "#3a74c4", "width": 3, "kind": "hexside"},
                  "reservoir": {"label": "Reservoir", "stroke": "#1d3f8c", "width": 6, "kind": "hexside"},
                  "front_line": {"label": "Initial front line", "stroke": "#c0392b", "width": 2, "kind": "line"},
                  "reserve_boundary": {"label": "Forward Zone / Reserve Front boundary", "stroke": "#8e44ad", "width": 2, "kind": "line"}}
SIDE_STYLES = {GERMAN: {"fill": "#8a8f96", "text": "#000000", "control": "#5d6d7e"},
               SOVIET: {"fill": "#c8553d", "text": "#ffffff", "control": "#c0392b"}}


_META: dict[int, dict[str, Any]] = {}


def _is_reconstruction(d: Any) -> bool:
    return (d.kit.manifest.get("provenance") or {}).get("kind") == "reconstruction"


def map_meta(d: Any = None) -> dict[str, Any]:
    """The map of ``d`` (default: the reconstruction), built once per data set."""
    d = d or dom_data()
    if id(d) not in _META:
        _META[id(d)] = _map_meta(d)
    return _META[id(d)]


def _map_meta(d: Any) -> dict[str, Any]:
    kit, m = d.kit, d.map
    recon = _is_reconstruction(d)
    layout = fit(m.grid, Layout("flat", 1.0))
    centres = hex_centres(m.grid, layout)
    names = {**{h: n for h, n in m.towns.items()}, **{h: n for h, n in m.cities.items()}}
    return {
        "game": "dom",
        "title": "Drive on Moscow",
        "provenance": "reconstruction" if recon else "owner kit",
        "provenance_note": PROVENANCE_NOTE if recon else f"An owner's kit: {kit.title or 'Drive on Moscow'} ({kit.root}).",
        "geometry": {"orientation": layout.orientation, "hex_size": layout.size, "origin": list(layout.origin),
                     "centres": {h: [round(x, 6), round(y, 6)] for h, (x, y) in centres.items()},
                     "bounds": [round(v, 6) for v in bounds(centres, layout)]},
        "hexes": {h: {"terrain": m.terrain[h], "section": None, "label": names.get(h), "sheet": m.sheet[h],
                      "zone": m.zone[h], "fortification": h in m.forts} for h in m.terrain},
        "terrain_styles": TERRAIN_STYLES,
        "hex_feature_styles": {"fortification": {"label": "Soviet fortification", "stroke": "#6e2c00"}},
        "sections": [],
        "hexsides": [{"a": a, "b": b, "feature": f} for f in ("river", "reservoir") for a, b in sorted(kit.hexside_pairs(f))],
        "lines": [],
        "feature_styles": FEATURE_STYLES,
        "places": [{"hex": h, "name": n, "kind": "city" if h in m.cities else "town", "value": None} for h, n in sorted(names.items())],
        "edges": [{"name": e["label"], "side": e.get("side"), "hexes": list(e["hexes"]), "style": {}} for e in kit.map.get("edges", [])],
        "printed_lines": [{"name": pl.get("label", pl["id"]), "feature": pl["id"],
                           "hexsides": [[s["a"], s["b"]] for s in pl.get("hexsides", []) if isinstance(s, dict) and "b" in s],
                           "hexes": sorted({s["a"] for s in pl.get("hexsides", []) if isinstance(s, dict)})}
                          for pl in kit.map.get("printed_lines", [])],
        "side_styles": SIDE_STYLES,
        "unit_kinds": unit_kinds(d),
    }


# the counter symbol of each kind (contract: map_meta "unit_kinds"): NATO infantry and armour
# boxes, other kinds by their letters; the untried Soviet types (2.13) by their printed codes
UNIT_KIND_SYMBOLS = {
    "infantry": ("Infantry", "infantry"), "panzer": ("Panzer", "armour"), "panzer_grenadier": ("Panzergrenadier", "PG"),
    "kg": ("Kampfgruppe", "KG"), "cavalry": ("Cavalry", "cav"), "grd": ("Guards rifle division", "infantry"),
    "gtb": ("Guards tank brigade", "armour"), "gcd": ("Guards cavalry division", "cav"),
    "rd": ("Rifle division", "infantry"), "rb": ("Rifle brigade", "infantry"), "cd": ("Cavalry division", "cav"),
    "mrb": ("Motor rifle brigade", "MR"), "mrd": ("Motor rifle division", "MR"), "tb": ("Tank brigade", "armour"),
}


def unit_kinds(d: Any) -> dict[str, dict[str, str]]:
    """Every unit kind of the game (and the untried types' codes) with its label and symbol."""
    kinds = sorted({s.kind for s in d.units.values()} | set(KIND_LABEL))
    return {k: {"label": UNIT_KIND_SYMBOLS.get(k, (k, k))[0], "symbol": UNIT_KIND_SYMBOLS.get(k, (k, k))[1]} for k in kinds}


def unit_view(state: DomState, u: str, where: str, supplied: frozenset[str]) -> dict[str, Any]:
    """One unit as anybody may see it: an untried unit shows its type only (2.13)."""
    f = state.face(u)
    hidden = state.is_hidden(u)
    h = state.hex_of(u)
    flags = []
    for name, s in (("moved", state.moved), ("attacked", state.attacked), ("assaulted", state.assaulted), ("stalled", state.frozen)):
        if u in s:
            flags.append(name)
    if hidden:
        flags.append("untried")
    if h is not None and state.side_of(u) == GERMAN and h not in supplied:
        flags.append("out of supply")
    steps = state.steps.get(u, 0)
    return {"id": u, "side": state.side_of(u), "hex": h, "where": where, "label": state.label(u), "kind": state.kind(u),
            "values": "?-?" if f is None else f"{f.attack}-{f.defence}", "reduced": state.max_steps(u) == 2 and steps == 1,
            "steps": steps if where == "map" else None, "flags": flags, "hidden": hidden}


def status(state: DomState, rules: Any) -> str:
    if state.outcome is not None:
        return f"Game over: {SIDE_NAMES[state.outcome.winner]} victory ({state.outcome.reason})"
    if state.phase == "setup":
        return "Set-up: untried Soviet units are drawn face down (2.13)"
    p = state.data.phase(state.phase)
    if state.battle is not None:
        b = state.battle.data
        who = rules.current_player(state)
        return f"Battle at {b['target']}: {rules.battle_step(state)}" + (f" ({SIDE_NAMES[who]} to choose)" if who else " (dice)")
    kind = rules.phase_kind(state)
    extra = {"order": ": declare the phase order (5.2)", "movement": ": movement", "combat": ": prepared assaults"}.get(kind, "")
    return f"Game turn {state.turn} ({state.data.turns[state.turn]['label']}): {p['name']}{extra}"


def _memo(state: DomState, key: str, make: Any) -> Any:
    """A part of the view that every seat shares, kept until the state changes (``state.memo``
    is cleared by every action); a fresh copy of the list or dict each time."""
    if state.memo is None:
        return make()
    got = state.memo.get(key)
    if got is None:
        got = state.memo[key] = make()
    return list(got) if isinstance(got, list) else got


def _units(state: DomState) -> list[dict[str, Any]]:
    supplied = movement.german_supply(state) if state.phase not in ("setup",) else frozenset()
    units = [unit_view(state, u, "map", supplied) for u in sorted(state.stacks.units())]
    units += [unit_view(state, u, "reinforcements", supplied) for u in state.to_enter]
    units += [unit_view(state, u, "eliminated", supplied) for u in state.eliminated]
    units += [unit_view(state, u, "withdrawn", supplied) for u in state.withdrawn]
    return units


def _control(state: DomState) -> dict[str, str]:
    """Control that differs from the start, and every town and city (3.7)."""
    d = state.data
    return {h: s for h, s in sorted(state.control.items()) if s != (GERMAN if d.map.zone[h] == "german" else SOVIET)
            or h in d.map.cities or h in d.map.towns}


def view(state: DomState, seat: str | None, rules: Any, odds: Any) -> dict[str, Any]:
    d = state.data
    units = _memo(state, "view_units", lambda: _units(state))
    p = d.phase(state.phase)
    battles = []
    if state.battle is not None:
        b = state.battle.data
        battles.append({"target": b["target"], "kind": b["kind"], "attackers": list(b["attackers"]), "defenders": list(b["defenders"]),
                        "step": rules.battle_step(state), "result": b.get("final_result") or b.get("result"), "roll": b.get("roll"),
                        "odds": b.get("odds") or (odds(state, b) if b["attackers"] else None)})
    notes = []
    ph = no.phase(state.turn, state.declared) if state.turn else "none"
    if state.declared is not None:
        notes.append(f"November Offensive declared on game turn {state.declared} (12.0); this turn: {ph}")
    elif ph == "forfeited":
        notes.append("No November Offensive: German attacks 1L, Soviet attacks 1R (12.3)")
    if state.stalin is not None:
        notes.append(f"Stalin's minimum: {state.stalin} attacking units; {len(state.soviet_attackers)} so far (12.1)")
    if seat == SOVIET and state.soviet_seen:
        notes += [f"{u} (converted) was {c} (9.4)" for u, c in sorted(state.soviet_seen.items())]
    pending = None
    if state.battle is not None:
        pending = {"kind": rules.battle_step(state), "text": status(state, rules)}
    elif rules.phase_kind(state) == "order":
        pending = {"kind": "order", "text": "Declare the phase order: move/fight or fight/move (5.2)"}
    elif state.guards_due:
        pending = {"kind": "conversion", "text": f"Convert a unit into {d.units[state.guards_due].name} (9.4)"}
    return {
        "game": "dom", "seat": seat, "turn": state.turn, "last_turn": d.last_turn,
        "turn_label": d.turns[state.turn]["label"] if state.turn in d.turns else "Set-up",
        "phase": {"id": state.phase, "name": p["name"] if p else ("Set-up" if state.phase == "setup" else "Game over"),
                  "side": p["side"] if p else None, "index": d.phase_ids.index(state.phase) if p else -1},
        "phases": [{"id": q["id"], "name": q["name"], "side": q["side"]} for q in d.phases],
        "current_player": rules.current_player(state), "status": status(state, rules),
        "units": units,
        "control": dict(_memo(state, "view_control", lambda: _control(state))),
        "markers": [{"hex": state.hex_of(u) or "", "kind": "air", "label": f"{SIDE_NAMES[s]} aircraft x{n}"} for s, n in state.air_left.items() if n for u in ()],
        "battles": battles, "last_battle": state.last_battle, "pending": pending,
        "score": rules.scores(state), "weather": None, "notes": notes,
        "order": state.order, "november_offensive": state.declared, "air": dict(state.air_left),
        "pools": {k: len(v) for k, v in state.pools.items()}, "cup": sorted(state.cup), "kg_left": 10 - state.kg_used,
    }


RULE_OF = {Move: "10.0", Assault: "10.14-10.22", Attack: "11.2", Add: "11.2", Air: "11.19", Pass: "11.19", Fight: "11.6-11.21",
           Cancel: "11.6", Choose: "11.28", Loss: "11.24", Retreat: "11.25", Advance: "11.31", Enter: "9.1", Convert: "9.4",
           Declare: "12.0", Withdraw: "9.3", Replace: "12.2", Order: "5.2", End: "5.1", Roll: "11.21", Stalin: "12.1",
           Cup: "9.4", Draw: "2.13"}


_MOVE_DESCRIPTIONS: dict[tuple, dict[str, Any]] = {}


def describe(state: DomState, action: Any) -> dict[str, Any]:
    if isinstance(action, Move):  # the most frequent by far: described once per unit, hex and label
        key = (action, state.hex_of(action.unit), state.label(action.unit))
        got = _MOVE_DESCRIPTIONS.get(key)
        if got is None:
            if len(_MOVE_DESCRIPTIONS) > 50000:
                _MOVE_DESCRIPTIONS.clear()
            got = _MOVE_DESCRIPTIONS[key] = _describe(state, action)
        return {**got, "units": list(got["units"])}
    return _describe(state, action)


def _describe(state: DomState, action: Any) -> dict[str, Any]:
    text = str(action)
    d: dict[str, Any] = {"text": text, "verb": text.split(" ", 1)[0], "label": text, "units": [], "hex": None, "from": None,
                         "rule": RULE_OF.get(type(action))}
    if isinstance(action, Move):
        d.update(units=[action.unit], hex=action.to, label=f"Move {state.label(action.unit)} to {action.to}", **{"from": state.hex_of(action.unit)})
    elif isinstance(action, Enter):
        d.update(units=[action.unit], hex=action.to, label=f"Enter {state.label(action.unit)} at {action.to}")
    elif isinstance(action, Assault):
        d.update(units=list(action.units), hex=action.target, label=f"Mobile assault on {action.target} from {action.launch}",
                 **{"from": action.launch})
    elif isinstance(action, Attack):
        d.update(hex=action.target, label=f"Prepare an assault on {action.target}")
    elif isinstance(action, (Add, Loss, Withdraw, Replace)):
        verb = {Add: "Add", Loss: "Step loss:", Withdraw: "Withdraw", Replace: "Replacement step for"}[type(action)]
        d.update(units=[action.unit], hex=state.hex_of(action.unit), label=f"{verb} {state.label(action.unit)}")
    elif isinstance(action, Retreat):
        d.update(hex=action.to, label=f"Retreat to {action.to}", path=[action.to])  # 11.25 L1267-1268: one adjacent hex, an arrow on the map
        if state.battle is not None:
            d.update(units=[u for u in state.battle.data["defenders"] if u in state.stacks], **{"from": state.battle.data["target"]})
    elif isinstance(action, Advance):
        target = state.battle.data["target"] if state.battle is not None else None
        d.update(units=[action.unit] if action.unit else [], hex=target if action.unit else None,
                 label=f"Advance {state.label(action.unit)} into {target}" if action.unit else "Do not advance")
    elif isinstance(action, Convert):
        d.update(units=[action.unit] if action.unit else [], label=f"Convert {action.unit}" if action.unit else "Convert nothing")
    elif isinstance(action, Draw):
        d.update(text=f"draw {action.slot} ?", units=[action.slot], label=f"Draw an untried counter for {action.slot}")
    elif isinstance(action, Order):
        d.update(label=f"Phase order {action.order.replace('-', '/')}")
    elif isinstance(action, End):
        p = state.data.phase(state.phase)
        d.update(label=f"End {p['name'] if p else 'phase'}")
    return d


def rules_doc(d: Any = None) -> dict[str, Any]:
    d = d or dom_data()
    recon = _is_reconstruction(d)
    crt = d.crt_doc
    tec = d.kit.table("tec")
    return {
        "charts": [
            {"id": "crt", "title": crt.get("label", "Combat Results Table"), "rule": "11.9; 11.21", "columns": list(crt["columns"]),
             "rows": [{"roll": k, "results": list(v)} for k, v in crt["rows"].items()],
             "notes": list(crt.get("notes", [])) + (["A RECONSTRUCTION (R-5)."] if recon else [])},
            {"id": "shifts", "title": "Column shifts", "rule": "11.10-11.21",
             "rows": [{"shift": s["columns"], "reason": s["reason"], "rule": s["cite"]} for s in tec["shifts"].values()]
             + [{"shift": 1, "reason": "concentric prepared assault (not into a city, not MA)", "rule": "11.20"},
                {"shift": 1, "reason": "German PA: fight/move, Game Turn 1 or November Offensive (not cumulative)", "rule": "5.2; 5.3; 12.2"},
                {"shift": 1, "reason": "each aircraft for its owner", "rule": "11.19"},
                {"shift": "-1 / +1", "reason": "no November Offensive: German attacks / Soviet attacks", "rule": "12.3"}]},
            {"id": "trt", "title": "Turn Record Track" + (" (reconstruction)" if recon else ""), "rule": "2.10; 11.19",
             "rows": [{"turn": t, "label": a["label"], "mf": f"{a['mf_mech']}/{a['mf_non_mech']}", "air": f"{a.get('air_german', 0)}/{a.get('air_soviet', 0)}",
                       "reinforcements": d.reinforcements.get(t, {})} for t, a in sorted(d.turns.items())]},
        ],
        "results": {k: v["label"] for k, v in crt["results"].items()} | {"BLOODBATH": "Bloodbath (11.28)", "HOLD": "Defender Lose 1 (11.28)"},
        "victory": [
            "German sudden death: either Moscow hex German controlled (4.1), or neither Moscow hex can trace to a Soviet edge source (4.2).",
            "German: control Kalinin, Kursk, Orel, Smolensk and Tula at the end of game turn 9 (4.3).",
            "Soviet sudden death: a town or city west of the initial front line Soviet controlled, or a German withdrawal not made (4.4).",
            "Soviet: otherwise at the end of game turn 9 (4.5).",
        ],
        "references": [{"title": "Drive on Moscow rules (text 004)", "path": "../shared/seeds/004_383a0e97b2927c0a.txt"},
                       {"title": "Decisions on the text", "path": "docs/games/dom/decisions.md"},
                       {"title": "Rule coverage", "path": "docs/games/dom/rule_coverage.md"}],
    }
