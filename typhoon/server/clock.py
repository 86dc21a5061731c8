"""Time controls of server games: chess clocks per move with a cap (docs/api.md, "Clocks").

Each side has a bank of time. When the turn passes to a side (a "move": the stretch of play
while that side is to act, however many actions it takes), its bank grows by ``per_move``
seconds, never above ``cap``; while the side is to act its bank runs down. When the bank of
the side to act is empty the game's ``on_timeout`` applies (chosen at creation):

- ``computer``: the computer takes over that seat (the game's default computer player);
- ``forfeit``: the side loses (in a two-sided game the other side wins);
- ``abandon``: the game ends with no winner (abandoned).

A clock is plain JSON stored with the game (``games.clock``) plus the instant the side to act
runs out (``games.deadline``, indexed: the timer task of every server process asks the
database which games are due, so a clock works across processes and restarts).
"""

from __future__ import annotations

import copy
import datetime as dt
from typing import Any

from ..core.errors import ParseError

#: control -> (seconds added per move, most seconds a bank may hold)
PRESETS: dict[str, tuple[int, int]] = {
    "fast": (3600, 4 * 3600),  # an hour a move, at most 4 hours banked
    "standard": (86400, 3 * 86400),  # a day a move, at most 3 days banked
    "slow": (3 * 86400, 7 * 86400),  # three days a move, at most a week banked
}
CONTROLS = (*PRESETS, "none", "custom")
OUTCOMES = ("computer", "forfeit", "abandon")
MAX_SECONDS = 60 * 86400


def make_clock(spec: dict[str, Any] | None, sides: list[str]) -> dict[str, Any] | None:
    """The clock of a new game from its creation request (``None``: no time control).

    ``spec``: ``{"control": "fast"|"standard"|"slow"|"none"|"custom", "per_move": s, "cap": s,
    "on_timeout": "computer"|"forfeit"|"abandon"}`` (``per_move`` and ``cap`` for ``custom``
    only, whole seconds from 1 to 60 days). Raises ``ParseError`` naming what is wrong."""
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise ParseError("clock must be an object such as {\"control\": \"standard\", \"on_timeout\": \"forfeit\"}")
    control = spec.get("control", "none")
    if control not in CONTROLS:
        raise ParseError(f"clock.control must be one of {list(CONTROLS)}, not {control!r}")
    if control == "none":
        return None
    on_timeout = spec.get("on_timeout", "forfeit")
    if on_timeout not in OUTCOMES:
        raise ParseError(f"clock.on_timeout must be one of {list(OUTCOMES)}, not {on_timeout!r}")
    if control == "custom":
        per_move, cap = spec.get("per_move"), spec.get("cap", spec.get("per_move"))
        for name, v in (("per_move", per_move), ("cap", cap)):
            if not isinstance(v, (int, float)) or isinstance(v, bool) or not 1 <= v <= MAX_SECONDS:
                raise ParseError(f"clock.{name} must be a number of seconds from 1 to {MAX_SECONDS}, not {v!r}")
        if cap < per_move:
            raise ParseError(f"clock.cap ({cap} s) must be at least clock.per_move ({per_move} s)")
    else:
        per_move, cap = PRESETS[control]
    return {"control": control, "per_move": float(per_move), "cap": float(cap), "on_timeout": on_timeout,
            "banks": {s: 0.0 for s in sides}, "side": None, "since": None}


def step(clock: dict[str, Any] | None, to_act: str | None, timed: bool, at: dt.datetime) -> tuple[dict[str, Any] | None, dt.datetime | None]:
    """The clock after a change of the game at ``at``: ``to_act`` is the side to act now (None:
    nobody, the game is over), ``timed`` whether that side's clock runs (a human plays it).
    Returns the new clock and the deadline of the side to act (None when no clock runs)."""
    if clock is None:
        return None, None
    c = copy.deepcopy(clock)
    running, since = c.get("side"), c.get("since")
    if running == to_act and running is not None and timed:
        start = dt.datetime.fromisoformat(since)
        return c, start + dt.timedelta(seconds=c["banks"][running])
    if running is not None and since is not None:  # the side that was to act used this much
        used = (at - dt.datetime.fromisoformat(since)).total_seconds()
        c["banks"][running] = max(0.0, c["banks"][running] - used)
    if to_act is None or not timed or to_act not in c["banks"]:
        c["side"], c["since"] = None, None
        return c, None
    c["banks"][to_act] = min(c["cap"], c["banks"][to_act] + c["per_move"])
    c["side"], c["since"] = to_act, at.isoformat()
    return c, at + dt.timedelta(seconds=c["banks"][to_act])


def remaining(clock: dict[str, Any] | None, at: dt.datetime) -> dict[str, float]:
    """Each side's bank at ``at`` (the running side's as it runs down)."""
    if clock is None:
        return {}
    out = dict(clock["banks"])
    side, since = clock.get("side"), clock.get("since")
    if side is not None and since is not None:
        out[side] = max(0.0, out[side] - (at - dt.datetime.fromisoformat(since)).total_seconds())
    return {s: round(v, 3) for s, v in out.items()}


def public(clock: dict[str, Any] | None, deadline: dt.datetime | None, at: dt.datetime) -> dict[str, Any] | None:
    """The clock as every seat sees it in a view."""
    if clock is None:
        return None
    return {"control": clock["control"], "per_move": clock["per_move"], "cap": clock["cap"], "on_timeout": clock["on_timeout"],
            "remaining": remaining(clock, at), "running": clock.get("side"),
            "deadline": deadline.isoformat() if deadline else None}
