"""Plain-text views of a position for the research interfaces, for any game: OpenSpiel state and
observation strings, PettingZoo/Gymnasium "ansi" rendering, the MCP seat's ``describe`` and
``odds``.

Everything is made from what the game package shows a seat (``pkg.view(state, seat)``, shaped
as ``typhoon.core.contract.VIEW_DOC``) and from its previews, never from the engine state, so a
seat's text holds nothing its view does not.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from ..core.contract import GamePackage
from ..core.game import Game
from .common import observed_state


def seat_view(pkg: GamePackage, state: Any, seat: str | None) -> dict[str, Any]:
    """``seat``'s view, made from the state as that seat may know it (belt and braces: the
    package's view already hides what the seat may not see)."""
    return pkg.view(observed_state(pkg.rules, state, seat), seat)


# -- one line ----------------------------------------------------------------------------------
def _compact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def unit_token(u: Mapping[str, Any]) -> str:
    """One unit in a line: ``id@hex`` (or ``id@where``), its values, r(educed), flags, ? (hidden)."""
    place = u.get("hex") or u.get("where") or "?"
    token = f"{u.get('id')}@{place}"
    if u.get("values"):
        token += f":{u['values']}"
    if u.get("steps") is not None:
        token += f"/{u['steps']}"
    if u.get("reduced"):
        token += "r"
    flags = [f for f in u.get("flags") or () if f != "can_move"]
    if flags:
        token += "[" + ",".join(map(str, flags)) + "]"
    if u.get("hidden"):
        token += "?"
    return token


def view_line(view: Mapping[str, Any]) -> str:
    """A deterministic one-line text of a view: turn, phase, who acts, every unit the view shows,
    control, markers, battles, what is pending, score and notes. Two views give the same line
    exactly when these parts are equal (OpenSpiel's observation strings are this line)."""
    phase = view.get("phase") or {}
    parts = [
        f"turn {view.get('turn')}",
        str(phase.get("id", "")),
        f"to_act={view.get('current_player') or ('over' if view.get('outcome') else 'chance')}",
        "units: " + " ".join(unit_token(u) for u in view.get("units") or ()),
    ]
    control = view.get("control") or {}
    if control:
        parts.append("control: " + " ".join(f"{h}={s}" for h, s in sorted(control.items())))
    if view.get("markers"):
        parts.append("markers: " + _compact(view["markers"]))
    battles = view.get("battles") or ()
    if battles:
        parts.append(
            "battles: "
            + " ".join(
                f"{b.get('target')}<-{'+'.join(map(str, b.get('attackers') or ()))}:{b.get('step')}"
                + (f"={b['result']}" if b.get("result") else "")
                for b in battles
            )
        )
    pending = view.get("pending")
    if pending:
        parts.append(f"pending: {pending.get('kind')}")
    if view.get("score"):
        parts.append("score: " + _compact(view["score"]))
    if view.get("notes"):
        parts.append("notes: " + " | ".join(map(str, view["notes"])))
    return " ".join(parts)


def log_line(entries: Iterable[Mapping[str, Any]]) -> str:
    """A seat's log (``Game.log_view(seat)``) as one line: each action as the seat reads it, with
    the events it may read."""
    return " | ".join(
        f"{e['ply']}.{e.get('player') or 'chance'}:{e['action']}" + (f" ({'; '.join(e['events'])})" if e.get("events") else "")
        for e in entries
    )


# -- paragraphs --------------------------------------------------------------------------------
def side_name(pkg: GamePackage, side: str | None) -> str:
    return pkg.side_names.get(side or "", side or "")


def turn_text(view: Mapping[str, Any]) -> str:
    """"Turn 3 of 7 (...)": the game's own turn label when it has one."""
    line = view.get("turn_label") or f"Turn {view.get('turn')} of {view.get('last_turn')}"
    weather = view.get("weather")
    if weather and str(weather) not in line:
        line += f", weather {weather}"
    return line + "."


def unit_text(u: Mapping[str, Any]) -> str:
    """"XLVI (panzer, 8-6 reduced, moved) in 0507"; a unit whose label is not its id shows both
    ("R2 Forest Brigade (...)"), since actions name units by id."""
    inside = [str(x) for x in (u.get("kind"), u.get("values")) if x]
    extra = []
    if u.get("reduced"):
        extra.append("reduced")
    extra += [str(f) for f in u.get("flags") or () if f != "can_move"]
    if u.get("hidden"):
        extra.append("hidden")
    body = ", ".join(inside)
    if extra:
        body = (body + " " if body else "") + ", ".join(extra)
    where = f" in {u['hex']}" if u.get("hex") else f" ({u.get('where')})"
    uid, label = str(u.get("id")), u.get("label")
    name = uid if not label or label == uid else f"{uid} {label}"
    return name + (f" ({body})" if body else "") + where


def situation(pkg: GamePackage, game: Game, view: Mapping[str, Any]) -> list[str]:
    """Turn, phase, who is to act, what the game waits for, battles, notes (or the result)."""
    lines = [turn_text(view)]
    out = game.outcome()
    if out is not None:
        lines.append(f"The game is over: {out.reason}")
        return lines
    phase = view.get("phase") or {}
    who = view.get("current_player")
    rule = f" ({phase['rule']})" if phase.get("rule") else ""
    lines.append(f"Phase: {phase.get('name') or phase.get('id')}{rule}. To act: {side_name(pkg, who) if who else 'the dice'}.")
    if view.get("status"):
        lines.append(f"{view['status']}.")
    for b in view.get("battles") or ():
        defenders = b.get("defenders") or ([b["defender"]] if b.get("defender") else [])
        step = b.get("step_text") or b.get("step")
        result = f", result {b['result']}" if b.get("result") else ""
        lines.append(
            f"Battle at {b.get('target')}: {'+'.join(map(str, b.get('attackers') or ()))} against "
            f"{'+'.join(map(str, defenders)) or 'the defender'} ({step}{result})."
        )
    lines += [str(n) for n in view.get("notes") or ()]
    return lines


def control_text(pkg: GamePackage, view: Mapping[str, Any], places: Mapping[str, str] | None = None) -> str | None:
    """"Held: German Smolensk 0204, ...; Soviet ...": who controls which place (``places``: hex ->
    name, from ``map_meta()["places"]``)."""
    control = view.get("control") or {}
    if not control:
        return None
    names = places or {}
    held = {s: sorted(h for h, c in control.items() if c == s) for s in pkg.sides}
    return "Held: " + "; ".join(
        f"{side_name(pkg, s)} {', '.join(f'{names[h]} {h}' if h in names else h for h in hs) or 'none'}"
        for s, hs in held.items()
    ) + "."


def map_facts(meta: Mapping[str, Any] | None) -> tuple[dict[str, Any], dict[str, str]]:
    """(hex centres, place names by hex) of a ``map_meta()`` document."""
    if not meta:
        return {}, {}
    centres = dict((meta.get("geometry") or {}).get("centres") or {})
    places = {p["hex"]: str(p.get("name") or p["hex"]) for p in meta.get("places") or () if p.get("hex")}
    return centres, places


def board_text(pkg: GamePackage, game: Game, seat: str | None = None) -> str:
    """A multi-line text of the position as ``seat`` (``None``: a spectator) sees it ("ansi")."""
    view = seat_view(pkg, game.state, seat)
    lines = situation(pkg, game, view)
    held = control_text(pkg, view)
    if held:
        lines.append(held)
    units = view.get("units") or ()
    for side in pkg.sides:
        mine = [u for u in units if u.get("side") == side]
        on_map = [u for u in mine if u.get("hex")]
        lines.append(f"{side_name(pkg, side)} units on the map ({len(on_map)}):")
        lines += [f"  {unit_text(u)}" for u in on_map]
        off = [u for u in mine if not u.get("hex")]
        if off:
            lines.append("  off the map: " + ", ".join(f"{u.get('label') or u.get('id')} ({u.get('where')})" for u in off))
    return "\n".join(lines)


# -- the LLM seat --------------------------------------------------------------------------------
@lru_cache(maxsize=32)
def _spacing(centres_json: str) -> float:
    """The distance between the centres of adjacent hexes (the smallest between any two)."""
    pts = list(json.loads(centres_json).values())
    best = math.inf
    for i, (x, y) in enumerate(pts):
        for x2, y2 in pts[i + 1 :]:
            d = math.hypot(x - x2, y - y2)
            if 0 < d < best:
                best = d
    return best


def front_units(view: Mapping[str, Any], centres: Mapping[str, Any], side: str, near: int = 2) -> list[Mapping[str, Any]]:
    """Units of ``side`` on the map within ``near`` (1 or 2) hexes of an enemy unit the view
    shows. Distances are between hex centres (``map_meta()["geometry"]["centres"]``): within two
    hexes means a centre at most twice the adjacent spacing away, which no hex three away is."""
    units = [u for u in view.get("units") or () if u.get("hex") in centres]
    step = _spacing(json.dumps(centres, sort_keys=True))
    reach = near * step * 1.01
    enemy = [centres[u["hex"]] for u in units if u.get("side") != side]
    own = [u for u in units if u.get("side") == side]
    return [u for u in own if any(math.dist(centres[u["hex"]], e) <= reach for e in enemy)]


def describe(pkg: GamePackage, game: Game, side: str, meta: Mapping[str, Any] | None = None) -> str:
    """The plain-language situation for the player of ``side`` (the LLM seat): only what its view
    shows. With the map (``meta``: ``map_meta()``), places are named and the unit lists narrowed to
    the front."""
    view = seat_view(pkg, game.state, side)
    centres, places = map_facts(meta)
    lines = [f"You play the {side_name(pkg, side)} side."] + situation(pkg, game, view)
    held = control_text(pkg, view, places)
    if held:
        lines.append(held)
    if game.outcome() is None:
        to_act = game.current_player
        lines.append("It is your move." if to_act == side else f"Waiting for the {side_name(pkg, to_act) if to_act else 'dice'}.")
    units = view.get("units") or ()
    for who in (side, *(s for s in pkg.sides if s != side)):
        label = "Your" if who == side else f"{side_name(pkg, who)}"
        on_map = [u for u in units if u.get("side") == who and u.get("hex")]
        if centres:
            shown = front_units(view, centres, who)
            lines.append(f"{label} units near the front ({len(shown)} of {len(on_map)} on the map):")
        else:
            shown = on_map
            lines.append(f"{label} units on the map ({len(on_map)}):")
        lines += [f"  {unit_text(u)}" for u in shown]
    return "\n".join(lines)


def phase_text(view: Mapping[str, Any]) -> str:
    """"turn 2, German Movement Phase"."""
    phase = view.get("phase") or {}
    return f"turn {view.get('turn')}, {phase.get('name') or phase.get('id')}"


def _num(x: Any) -> str:
    return f"{x:g}" if isinstance(x, (int, float)) else str(x)


def odds_text(preview: Mapping[str, Any]) -> str:
    """A battle preview (``pkg.battle_preview``) in one line: who attacks whom, the odds, every
    modifier with its rule, the final column (or the chance of each column when a defender's
    strength is hidden) and each result's chance."""
    attackers = list(preview.get("attackers") or ())
    attack = preview.get("attack")
    head = "+".join(map(str, attackers)) + (f" ({_num(attack)})" if attack is not None else "")
    defender = preview.get("defender") or "+".join(map(str, preview.get("defenders") or ()))
    if defender:
        defence = preview.get("defence")
        hidden = list(preview.get("hidden") or ())
        if defence is not None:
            head += f" against {defender} ({_num(defence)})"
        elif hidden:
            head += f" against {defender} (strength hidden: {', '.join(map(str, hidden))})"
        else:
            head += f" against {defender}"
    if preview.get("target"):
        head += f" in {preview['target']}"
    ratio = preview.get("ratio")
    kind = "shifts" if "shifts" in preview else "modifiers"
    mods = list(preview.get("shifts") or ()) + list(preview.get("modifiers") or ())
    mod_text = ", ".join(
        f"{m.get('columns', m.get('value', 0)):+d} {m.get('reason', '')}" + (f" ({m['rule']})" if m.get("rule") else "")
        for m in mods
    ) or "none"
    mud = f"; {preview['mud']}" if preview.get("mud") else ""
    final = preview.get("final") or preview.get("column")
    if final:
        column = f"final {final}"
    elif preview.get("columns"):
        column = "column " + ", ".join(f"{c} {float(p):.0%}" for c, p in preview["columns"].items())
    else:
        column = "no column"
    results = preview.get("results")
    if not results and preview.get("outcomes"):
        results = {o["result"]: o["probability"] for o in preview["outcomes"]}
    res_text = ", ".join(f"{r} {float(p):.0%}" for r, p in (results or {}).items())
    body = f"{ratio}, " if ratio else ""
    return f"{head}: {body}{kind}: {mod_text}{mud}; {column}. Results: {res_text}."
