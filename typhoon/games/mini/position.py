"""Typhoon Mini's JSON position format: any situation, hidden values included (a position is
the whole truth; what a seat may see is ``view``/``observe``)."""

from __future__ import annotations

from typing import Any

from ...core.errors import ParseError, PositionError
from ...core.game import Outcome
from ...core.procedure import ProcedureState
from ...core.stacks import Stacks, Steps
from .actions import PLANS
from .data import mini_data
from .state import FULL_STEPS, STACK_LIMIT, UNKNOWN, MiniState

FORMAT = "typhoon-position"
VERSION = 1


def to_json(state: MiniState) -> dict[str, Any]:
    data = state.data
    order = data.unit_index.__getitem__
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": "mini",
        "options": {"turns": state.turns, "fixed_strengths": state.fixed_strengths},
        "turn": state.turn,
        "phase": state.phase,
        "units": {
            u: {"hex": state.hex_of(u), "steps": state.steps.steps.get(u, 0)}
            for u in data.unit_order
            if u in state.stacks or state.steps.steps.get(u, 0) > 0
        },
        "stacks": {h: list(state.at(h)) for h in sorted(state.stacks.hexes())},
        "chits": dict(state.chits),
        "cup": sorted(state.cup, key=str),
        "revealed": sorted(state.revealed, key=order),
        "plan": state.plan,
        "plan_revealed": state.plan_revealed,
        "control": dict(sorted(state.control.items())),
        "moved": sorted(state.moved, key=order),
        "attacked": sorted(state.attacked, key=order),
        "targets": sorted(state.targets),
        "battle": None
        if state.battle is None
        else {"procedure": state.battle.procedure, "index": state.battle.index, "data": state.battle.data},
        "last_battle": state.last_battle,
        "outcome": None
        if state.outcome is None
        else {"winner": state.outcome.winner, "reason": state.outcome.reason, "scores": dict(state.outcome.scores)},
    }
    return doc


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise PositionError(message)


def from_json(doc: dict[str, Any]) -> MiniState:
    """A state from a position document; ``PositionError`` names what is wrong."""
    _need(isinstance(doc, dict), "a position must be a JSON object")
    _need(doc.get("format", FORMAT) == FORMAT, f"not a position (format {doc.get('format')!r}, expected {FORMAT!r})")
    _need(doc.get("game", "mini") == "mini", f"position is for game {doc.get('game')!r}, not 'mini'")
    data = mini_data()
    opts = doc.get("options") or {}
    turns = opts.get("turns", 6)
    _need(isinstance(turns, int) and 4 <= turns <= 8, f"options.turns must be 4..8, not {turns!r}")
    turn = doc.get("turn")
    phase = doc.get("phase")
    _need(phase in data.phases or phase == "over", f"unknown phase {phase!r}; phases: {sorted(data.phases)}")
    _need(isinstance(turn, int) and 0 <= turn <= turns, f"turn must be 0..{turns}, not {turn!r}")
    units = doc.get("units")
    _need(isinstance(units, dict), "'units' must be an object of unit: {hex, steps}")
    steps: dict[str, int] = {u: 0 for u in data.unit_order}
    hex_of: dict[str, str] = {}
    for u, spec in units.items():
        _need(u in data.units, f"unknown unit {u!r}")
        n = spec.get("steps", FULL_STEPS)
        _need(isinstance(n, int) and 0 <= n <= FULL_STEPS, f"{u}: steps must be 0..{FULL_STEPS}, not {n!r}")
        steps[u] = n
        if spec.get("hex") is not None:
            try:
                hex_of[u] = data.grid.check(spec["hex"])
            except ParseError as e:
                raise PositionError(f"{u}: {e}") from None
            _need(n > 0, f"{u} is on the map with no steps left")
    stacks = Stacks()
    order = doc.get("stacks") or {}
    placed = [u for h in order for u in order[h]]
    for u in placed + [u for u in data.unit_order if u not in placed]:
        if u in hex_of:
            stacks.place(u, hex_of[u])
    _need(not STACK_LIMIT.overstacked(stacks), f"hexes over the stacking limit of 3 (5.1): {STACK_LIMIT.overstacked(stacks)}")
    for h in stacks.hexes():
        sides = {data.units[u].side for u in stacks.at(h)}
        _need(len(sides) == 1, f"{h} holds units of both sides")
    fixed = bool(opts.get("fixed_strengths", False))
    chits = dict(doc.get("chits") or {})
    for u, v in chits.items():
        _need(u in data.hidden_units, f"chits: {u!r} is not a red unit with a hidden strength")
        _need(v is None or v == UNKNOWN or v in data.chit_pool, f"chits: {u} has {v!r}, not a chit of the pool")
    cup = list(doc.get("cup") or [])
    ints = [v for v in [*chits.values(), *cup] if isinstance(v, int)]
    pool = list(data.chit_pool)
    for v in ints:
        _need(v in pool, f"chits and cup hold more {v}s than the pool ({data.chit_pool})")
        pool.remove(v)
    plan = doc.get("plan")
    _need(plan is None or plan == UNKNOWN or plan in PLANS, f"plan must be one of {list(PLANS)}, not {plan!r}")
    control = dict(doc.get("control") or {h: "red" for h in data.towns})
    for h, side in control.items():
        _need(h in data.towns and side in data.side_names, f"control: {h!r} -> {side!r} is not a town and a side")
    battle = None
    if doc.get("battle"):
        b = doc["battle"]
        try:
            battle = ProcedureState(b["procedure"], int(b["index"]), dict(b["data"]))
            procedure_steps = data.runner.procedure(battle).steps
        except (KeyError, TypeError, ValueError) as e:  # ParseError is a ValueError
            raise PositionError(f"battle: {e}") from None
        last = len(procedure_steps) - 1
        _need(0 <= battle.index <= last, f"battle step {battle.index} is out of range 0..{last}")
    out = doc.get("outcome")
    outcome = None if not out else Outcome(out.get("winner"), out.get("reason", ""), dict(out.get("scores") or {}))
    return MiniState(
        turns=turns,
        fixed_strengths=fixed,
        turn=turn,
        phase=phase,
        stacks=stacks,
        steps=Steps(steps),
        chits=chits,
        cup=cup,
        revealed=set(doc.get("revealed") or ()),
        plan=plan,
        plan_revealed=bool(doc.get("plan_revealed", False)),
        control=control,
        moved=set(doc.get("moved") or ()),
        attacked=set(doc.get("attacked") or ()),
        targets=set(doc.get("targets") or ()),
        battle=battle,
        last_battle=doc.get("last_battle"),
        outcome=outcome,
    )
