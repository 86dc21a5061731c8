"""Drive on Moscow's JSON position format: the whole truth, hidden values included (what a
seat may see is ``view``/``observe``). Every state field is written; sets are sorted lists."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...core.errors import PositionError
from ...core.game import Outcome
from ...core.procedure import ProcedureState
from ...core.stacks import Stacks
from .gamedata import DomData
from .state import DomState

FORMAT = "typhoon-position"
VERSION = 1
_SKIP = {"data", "stacks", "battle", "outcome", "memo"}


def to_json(state: DomState) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": FORMAT, "version": VERSION, "game": "dom"}
    for f in dataclasses.fields(state):
        if f.name in _SKIP:
            continue
        v = getattr(state, f.name)
        doc[f.name] = sorted(v) if isinstance(v, set) else v
    doc["stacks"] = {h: list(state.at(h)) for h in sorted(state.stacks.hexes())}
    doc["battle"] = None if state.battle is None else {"procedure": state.battle.procedure, "index": state.battle.index,
                                                       "data": state.battle.data}
    doc["outcome"] = None if state.outcome is None else {"winner": state.outcome.winner, "reason": state.outcome.reason,
                                                         "scores": dict(state.outcome.scores)}
    return doc


def from_json(doc: dict[str, Any], data: DomData) -> DomState:
    if not isinstance(doc, dict) or doc.get("format") != FORMAT or doc.get("game") != "dom":
        raise PositionError("not a Drive on Moscow position (format 'typhoon-position', game 'dom')")
    stacks = Stacks()
    try:
        for h, units in doc["stacks"].items():
            data.map.grid.check(h)
            for u in units:
                stacks.place(u, h)
        kwargs: dict[str, Any] = {}
        for f in dataclasses.fields(DomState):
            if f.name in _SKIP or f.name not in doc:
                continue
            v = doc[f.name]
            default = f.default_factory() if f.default_factory is not dataclasses.MISSING else None  # type: ignore[misc]
            kwargs[f.name] = set(v) if isinstance(default, set) else v
        b = doc.get("battle")
        battle = None if b is None else ProcedureState(b["procedure"], int(b["index"]), dict(b["data"]))
        o = doc.get("outcome")
        outcome = None if o is None else Outcome(o["winner"], o["reason"], dict(o.get("scores", {})))
        return DomState(data=data, stacks=stacks, battle=battle, outcome=outcome, **kwargs)
    except (KeyError, TypeError, ValueError) as e:
        raise PositionError(f"bad Drive on Moscow position: {e}") from None
