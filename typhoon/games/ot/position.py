"""The position codec of Operation Typhoon: a state as JSON and back (``PositionError`` on bad input)."""

from __future__ import annotations

from typing import Any

from ...core.errors import PositionError
from ...core.game import Outcome
from ...core.stacks import Stacks
from .data import SCENARIOS, ot_data
from .state import OtState

_DICTS = ("steps", "full_steps", "chits", "off_map", "support_points", "support_result", "supply", "entered", "moved",
          "air", "control")
_SETS = ("cadre", "unsupported", "interdicted", "uncommitted", "hedgehogs", "accel_used", "accel_active", "attacked",
         "targets", "defended", "retreated", "no_zoc")
_SCALARS = ("turn", "phase", "weather", "ground", "snow", "vp", "commit_allowance", "plan", "plan_revealed")


def to_json(state: OtState) -> dict[str, Any]:
    doc: dict[str, Any] = {"game": "ot", "scenario": state.scenario_key, "options": dict(state.options),
                           "units": {u: state.stacks.hex_of[u] for u in state.stacks.units()}}
    for k in _SCALARS:
        doc[k] = getattr(state, k)
    for k in _DICTS:
        doc[k] = dict(getattr(state, k))
    for k in _SETS:
        doc[k] = sorted(getattr(state, k))
    doc["cups"] = {k: list(v) for k, v in state.cups.items()}
    doc["destroyed"] = list(state.destroyed)
    doc["battle"] = state.battle
    doc["last_battle"] = state.last_battle
    doc["pending"] = state.pending
    doc["deferred"] = list(state.deferred)  # 9.99
    doc["diverted"] = dict(state.diverted)  # 15.22
    doc["outcome"] = None if state.outcome is None else {"winner": state.outcome.winner, "reason": state.outcome.reason,
                                                          "scores": dict(state.outcome.scores)}
    return doc


def from_json(doc: dict[str, Any], data: Any = None) -> OtState:
    """The state ``doc`` describes, on ``data`` (an owner's kit) or the shipped kit."""
    if not isinstance(doc, dict) or doc.get("game") != "ot":
        raise PositionError("not an Operation Typhoon position (expected {'game': 'ot', ...})")
    key = doc.get("scenario")
    if key not in SCENARIOS:
        raise PositionError(f"unknown scenario {key!r}; scenarios: {sorted(SCENARIOS)}")
    d = data if data is not None else ot_data()
    try:
        stacks = Stacks()
        for u, h in doc["units"].items():
            if u not in d.units:
                raise PositionError(f"unknown unit {u!r}")
            stacks.place(u, d.grid.canonical(h))
        state = OtState(key, dict(doc["options"]), int(doc["turn"]), str(doc["phase"]), stacks, {}, {}, set(), {},
                        {k: list(v) for k, v in doc["cups"].items()}, {}, book=data)
        for k in _SCALARS:
            setattr(state, k, doc[k])
        for k in _DICTS:
            setattr(state, k, dict(doc[k]))
        for k in _SETS:
            setattr(state, k, set(doc[k]))
        state.destroyed = list(doc["destroyed"])
        state.battle, state.last_battle, state.pending = doc["battle"], doc["last_battle"], doc["pending"]
        state.deferred = list(doc.get("deferred", []))
        state.diverted = {str(k): int(v) for k, v in doc.get("diverted", {}).items()}
        o = doc.get("outcome")
        state.outcome = None if o is None else Outcome(o["winner"], o["reason"], o.get("scores", {}))
    except (KeyError, TypeError, ValueError) as e:
        raise PositionError(f"bad Operation Typhoon position: {e}") from None
    return state
