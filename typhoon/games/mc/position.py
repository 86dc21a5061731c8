"""The Moscow Campaign's JSON position format (the whole state; perfect information)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.errors import PositionError
from ...core.game import Outcome
from ...core.stacks import Stacks
from .data import lookup
from .sequence import BY_ID
from .state import MCState

FORMAT = "typhoon-position"


def to_json(state: MCState) -> dict[str, Any]:
    return {
        "format": FORMAT, "version": 1, "game": "mc", "scenario": state.scenario,
        "turn": state.turn, "last_turn": state.last_turn, "phase": state.phase,
        "stacks": {h: list(state.at(h)) for h in sorted(state.stacks.hexes())},
        "rail": {h: list(v) for h, v in sorted(state.rail.items())},
        "fort_destroyed": sorted(sorted(k) for k in state.fort_destroyed),
        "lines_destroyed": sorted(state.lines_destroyed),
        "control": dict(sorted(state.control.items())),
        "waiting": dict(sorted(state.waiting.items())),
        "eliminated": list(state.eliminated), "kg_used": sorted(state.kg_used),
        "entrained": sorted(state.entrained),
        "mp_left": {u: str(v) for u, v in sorted(state.mp_left.items())},
        "done": sorted(state.done), "active": state.active,
        "supplied_move": sorted(state.supplied_move), "rail_moved_eb": sorted(state.rail_moved_eb),
        "rail_counted": sorted(state.rail_counted), "overran": sorted(state.overran),
        "attacked": sorted(state.attacked), "defended": sorted(state.defended),
        "disrupted": {u: list(v) for u, v in sorted(state.disrupted.items())},
        "battle": state.battle, "last_battle": state.last_battle,
        "losses": {s: str(v) for s, v in state.losses.items()},
        "outcome": None if state.outcome is None else {"winner": state.outcome.winner, "reason": state.outcome.reason, "scores": dict(state.outcome.scores)},
    }


def from_json(doc: dict[str, Any], data_key: int | None = None) -> MCState:
    if not isinstance(doc, dict) or doc.get("game", "mc") != "mc":
        raise PositionError("not a Moscow Campaign position")
    data = lookup(data_key)
    phase = doc.get("phase")
    if phase not in BY_ID and phase != "over":
        raise PositionError(f"unknown phase {phase!r}")
    stacks = Stacks()
    for h, units in (doc.get("stacks") or {}).items():
        for u in units:
            if u not in data.units:
                raise PositionError(f"unknown unit {u!r}")
            try:
                stacks.place(u, data.grid.check(h))
            except Exception as e:  # noqa: BLE001 - named in the error
                raise PositionError(f"{u} at {h}: {e}") from None
    out = doc.get("outcome")
    return MCState(
        data_key, doc.get("scenario", "test"), int(doc.get("turn", 1)), int(doc.get("last_turn", 31)), phase, stacks,
        {h: (v[0], v[1]) for h, v in (doc.get("rail") or {}).items()},
        {frozenset(k) for k in doc.get("fort_destroyed", [])}, set(doc.get("lines_destroyed", [])),
        dict(doc.get("control") or {}), {u: int(t) for u, t in (doc.get("waiting") or {}).items()},
        list(doc.get("eliminated", [])), set(doc.get("kg_used", [])), set(doc.get("entrained", [])),
        {u: Fraction(v) for u, v in (doc.get("mp_left") or {}).items()}, set(doc.get("done", [])), doc.get("active"),
        frozenset(doc.get("supplied_move", [])), 0, set(doc.get("rail_moved_eb", [])), set(doc.get("rail_counted", [])),
        set(doc.get("overran", [])), set(doc.get("attacked", [])), set(doc.get("defended", [])),
        {u: (int(v[0]), v[1]) for u, v in (doc.get("disrupted") or {}).items()}, doc.get("battle"), doc.get("last_battle"),
        {s: Fraction(v) for s, v in (doc.get("losses") or {"german": "0", "soviet": "0"}).items()},
        None if not out else Outcome(out.get("winner"), out.get("reason", ""), dict(out.get("scores") or {})),
    )
