"""What the front ends may show of Typhoon Mini: ``map_meta``, ``view`` (per seat, hidden
values never shown to a seat that may not see them), ``describe`` and ``rules_doc``
(shapes: ``typhoon.core.contract.MAP_META_DOC`` / ``VIEW_DOC``)."""

from __future__ import annotations

from typing import Any

from ...core.geometry import Layout, bounds, fit, hex_centres
from .actions import Advance, Attack, Draw, End, Loss, Move, Plan, Retreat, Roll
from .data import mini_data
from .state import UNKNOWN, MiniState
from .supply import supplied_units

LAYOUT = fit(mini_data().grid, Layout("flat", 1.0))  # the map's box starts at (0, 0)


def map_meta() -> dict[str, Any]:
    data = mini_data()
    m = data.map_doc
    centres = hex_centres(data.grid, LAYOUT)
    towns = {t["hex"]: t for t in m["towns"]}
    return {
        "game": "mini",
        "title": "Typhoon Mini",
        "provenance": "text",
        "source": m["source"],
        "geometry": {
            "orientation": LAYOUT.orientation,
            "hex_size": LAYOUT.size,
            "origin": list(LAYOUT.origin),
            "centres": {h: [round(x, 6), round(y, 6)] for h, (x, y) in centres.items()},
            "bounds": [round(v, 6) for v in bounds(centres, LAYOUT)],
        },
        "hexes": {
            h: {
                "terrain": data.terrain[h],
                "section": None,
                "label": towns[h]["name"] if h in towns else None,
                "road": h in data.road,
                "supply_source": [s for s, hs in data.supply_sources.items() if h in hs],
            }
            for h in data.hexes
        },
        "terrain_styles": dict(m["terrain_styles"]),
        "sections": [],
        "hexsides": [{"a": a, "b": b, "feature": "river"} for a, b in m["river"]],
        "lines": [{"feature": "road", "hexes": list(data.road)}],
        "feature_styles": dict(m["feature_styles"]),
        "places": [{"hex": t["hex"], "name": t["name"], "kind": "town", "value": t["value"]} for t in m["towns"]],
        "edges": [
            {"name": spec["name"], "side": side, "hexes": list(spec["hexes"]), "style": dict(spec.get("style", {}))}
            for side, spec in m["supply_sources"].items()
        ],
        "printed_lines": [],
        "cut_out": {"hexes": list(m["cut_out"]["hexes"]), "label": m["cut_out"]["label"]},
    }


def unit_view(state: MiniState, unit: str, supplied: set[str]) -> dict[str, Any]:
    """One unit as anybody may see it: a face-down chit reads '?' (3.3)."""
    spec = state.data.units[unit]
    steps = state.steps.steps.get(unit, 0)
    on_map = unit in state.stacks
    hidden = state.is_hidden(unit)
    strength = None if hidden else state.strength(unit) if steps else state.full_strength(unit)
    flags = []
    if on_map and unit in state.moved:
        flags.append("moved")
    if on_map and unit in state.attacked:
        flags.append("attacked")
    if on_map and unit not in supplied:
        flags.append("out of supply")
    if unit in state.revealed:
        flags.append("revealed")
    return {
        "id": unit,
        "side": spec.side,
        "hex": state.hex_of(unit),
        "where": "map" if on_map else "eliminated",
        "label": spec.name,
        "kind": spec.kind,
        "values": f"{'?' if strength is None else strength}-{spec.movement}",
        "strength": strength,
        "movement": spec.movement,
        "reduced": steps == 1,
        "steps": steps,
        "flags": flags,
        "hidden": hidden,
    }


def status(state: MiniState, rules: Any) -> str:
    data = state.data
    if state.outcome is not None:
        return f"Game over: {data.side_names[state.outcome.winner]} wins ({state.outcome.reason})" if state.outcome.winner else "Game over: draw"
    if state.phase == "setup":
        unit = rules.next_draw(state)
        return f"Set-up: drawing a face-down chit for {unit} (3.3)" if unit else "Set-up: Blue chooses a secret plan (9.1)"
    if state.battle is not None:
        b = state.battle.data
        step = rules.battle_step(state)
        who = rules.current_player(state)
        return f"Battle at {b['target']}: {step}" + (f" ({data.side_names[who]} to choose)" if who else " (dice)")
    phase = data.phases[state.phase]
    return f"Turn {state.turn} of {state.turns}: {phase.name}"


def view(state: MiniState, seat: str | None, rules: Any, preview: Any) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) may see (VIEW_DOC)."""
    data = state.data
    supplied = supplied_units(state, "blue") | supplied_units(state, "red")
    phase = data.phases.get(state.phase)
    plan = state.plan if (seat == "blue" or state.plan_revealed) else (UNKNOWN if state.plan is not None else None)
    battles = []
    if state.battle is not None:
        b = state.battle.data
        battles.append(
            {
                "target": b["target"],
                "attackers": list(b["attackers"]),
                "defenders": list(b["defenders"]),
                "step": rules.battle_step(state),
                "result": b["result"],
                "roll": b["roll"],
                "column": b["column"],
                "odds": preview(state, b["target"], [u for u in b["attackers"] if u in state.stacks]) if b["result"] is None and all(u in state.stacks for u in b["defenders"]) and b["defenders"] else None,
            }
        )
    pending = None
    if state.battle is not None:
        pending = {"kind": rules.battle_step(state), "text": status(state, rules)}
    elif state.phase == "setup":
        pending = {"kind": "plan" if rules.next_draw(state) is None else "draw", "text": status(state, rules)}
    markers = [{"hex": h, "kind": "control", "label": data.side_names[s]} for h, s in sorted(state.control.items())]
    notes = []
    if plan not in (None, UNKNOWN):
        notes.append(f"Blue's plan: take {plan.capitalize()} (9.1)")
    elif plan == UNKNOWN:
        notes.append("Blue's plan is secret (9.1)")
    return {
        "game": "mini",
        "seat": seat,
        "turn": state.turn,
        "last_turn": state.turns,
        "turn_label": f"Turn {state.turn} of {state.turns}" if state.turn else "Set-up",
        "phase": {
            "id": state.phase,
            "name": phase.name if phase else "Game over",
            "side": phase.side if phase else None,
            "index": next((i for i, p in enumerate(data.sequence) if p.id == state.phase), -1),
        },
        "phases": [{"id": p.id, "name": p.name, "side": p.side} for p in data.sequence],
        "current_player": rules.current_player(state),
        "status": status(state, rules),
        "units": [unit_view(state, u, supplied) for u in data.unit_order],
        "control": dict(state.control),
        "zoc": {side: sorted(state.enemy_zoc(other)) for side, other in (("blue", "red"), ("red", "blue"))},  # 6.5
        "markers": markers,
        "battles": battles,
        "last_battle": state.last_battle,
        "pending": pending,
        "score": {"blue": rules.blue_vp(state, plan if plan != UNKNOWN else "") , "red": sum(1 for s in state.control.values() if s == "red")},
        "plan": plan,
        "chit_pool": list(data.chit_pool),
        "cup_size": len(state.cup),
        "weather": None,
        "notes": notes,
    }


def describe(state: MiniState, action: Any) -> dict[str, Any]:
    """One action as structured data (verb, units, hexes, label, rule)."""
    text = str(action)
    d: dict[str, Any] = {"text": text, "verb": text.split(" ", 1)[0], "label": text, "units": [], "hex": None, "from": None, "rule": None}
    if isinstance(action, Move):
        d.update(units=[action.unit], hex=action.to, **{"from": state.hex_of(action.unit)}, rule="6.1", label=f"Move {action.unit} to {action.to}")
    elif isinstance(action, Attack):
        d.update(units=list(action.units), hex=action.target, rule="7.2", label=f"Attack {action.target} with {', '.join(action.units)}")
    elif isinstance(action, Loss):
        d.update(units=[action.unit], hex=state.hex_of(action.unit), rule="7.7", label=f"{action.unit} loses a step")
    elif isinstance(action, Retreat):
        d.update(hex=action.to, rule="7.8", label=f"Retreat to {action.to}")
        if state.battle is not None:
            d.update(units=[u for u in state.battle.data["defenders"] if u in state.stacks], **{"from": state.battle.data["target"]})
    elif isinstance(action, Advance):
        target = state.battle.data["target"] if state.battle is not None else None
        d.update(units=[action.unit] if action.unit else [], hex=target if action.unit else None, rule="7.9",
                 label=f"Advance {action.unit} into {target}" if action.unit else "Do not advance")
        if action.unit:
            d["from"] = state.hex_of(action.unit)
    elif isinstance(action, Plan):
        d.update(rule="9.1", label=f"Plan: take {action.objective.capitalize()}")
    elif isinstance(action, Draw):
        # 3.3: nobody sees a chit drawn, so its description never names the value
        d.update(text=f"chit {action.unit} ?", units=[action.unit], rule="3.3", label=f"Draw a chit for {action.unit}")
    elif isinstance(action, Roll):
        d.update(rule="7.6", label=f"Roll {action.total}")
    elif isinstance(action, End):
        phase = state.data.phases.get(state.phase)
        d.update(rule="4.2", label=f"End {phase.name if phase else 'phase'}")
    return d


def rules_doc() -> dict[str, Any]:
    data = mini_data()
    crt = data.crt_doc
    return {
        "charts": [
            {
                "id": "crt",
                "title": "Combat Results Table (2d6)",
                "rule": crt["rule"],
                "columns": list(crt["columns"]),
                "rows": [{"roll": k, "results": list(v)} for k, v in crt["rows"].items()],
                "notes": ["Odds rounded in the defender's favour; worse than 1:2 uses 1:2, better than 4:1 uses 4:1 (7.4).", "Modified rolls are clamped to 2..12 (7.5)."],
            },
            {
                "id": "drm",
                "title": "Die-roll modifiers",
                "rule": "7.5",
                "rows": [{"value": v["value"], "reason": v["reason"], "rule": v["rule"]} for v in crt["modifiers"].values()],
            },
            {
                "id": "terrain",
                "title": "Terrain effects",
                "rule": "6.2-6.6",
                "rows": [
                    {"terrain": "clear", "move": 1, "combat": "-"},
                    {"terrain": "town", "move": 1, "combat": "-2"},
                    {"terrain": "forest", "move": 2, "combat": "-1"},
                    {"terrain": "road", "move": "1 along the road (bridges the river)", "combat": "-"},
                    {"terrain": "river hexside", "move": "+1", "combat": "-1 if every attacker is across it"},
                    {"terrain": "enemy ZOC", "move": "+2 to enter, +1 to leave, +3 ZOC to ZOC (not cumulative); one-hex minimum", "combat": "-"},
                ],
            },
            {"id": "chits", "title": "Red strength chits", "rule": "3.3", "rows": [{"pool": list(data.chit_pool)}]},
        ],
        "results": dict(data.results),
        "victory": [
            "Blue secretly chooses a plan at set-up: 'aston' or 'brill' (9.1); it is revealed at the end.",
            "At the end Blue scores each town it controls: Aston 1, Brill 1, Corvo 2; the plan's town counts double (9.3).",
            "Blue wins with 3 VP or more, otherwise Red wins (9.3). A side with no units left loses at once (9.4).",
        ],
        "references": [{"title": "Typhoon Mini rules", "path": "typhoon/games/mini/RULES.md", "source": data.map_doc["source"]}],
    }
