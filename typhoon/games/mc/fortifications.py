"""Fortified Lines (002 L103-110): directional hexsides facing west that hinder German movement
(+2 MP on the first crossing, which destroys the hexside) and German attacks (-2), and lines
that collapse after five destroyed hexsides."""

from __future__ import annotations

from typing import Any

from .data import side_key
from .state import MCState

LINE_COLLAPSE = 5  # Fortified (F) L109


def intact(state: MCState, a: str, b: str) -> tuple[str, str] | None:
    """The (faces, line) of an intact fortified hexside between a and b, else None
    (Fortified (E) L108: a destroyed hexside, or one of a destroyed line, has no effect)."""
    k = side_key(a, b)
    f = state.data.fortified.get(k)
    if f is None or k in state.fort_destroyed or f[1] in state.lines_destroyed:
        return None
    return f


def through_front(state: MCState, a: str, b: str) -> bool:
    """Whether moving or attacking from ``a`` into ``b`` goes through the front of an intact
    fortified hexside: from the hex it faces (D) L107 (from the inside: no effect)."""
    f = intact(state, a, b)
    return f is not None and f[0] == a


def crossing_cost(state: MCState, side: str, a: str, b: str) -> int:
    """Fortified (A), (C) L104, L106: +2 MP for a German unit crossing an intact hexside from its
    front (the first crossing; the hexside is then destroyed). Soviet units pay nothing."""
    if side != "german" or not through_front(state, a, b):
        return 0
    return state.data.fortified_cost


def cross(state: MCState, side: str, a: str, b: str, events: list[Any]) -> None:
    """A German unit entered ``b`` from ``a``: the first crossing of an intact fortified hexside
    through its front destroys it (C) L106, (G) L110; five destroyed in one line destroy the line (F) L109.
    Decision D-FORT-ENTRY: advances and retreats through the front count as crossings too."""
    if side != "german" or not through_front(state, a, b):
        return
    k = side_key(a, b)
    line = state.data.fortified[k][1]
    state.fort_destroyed.add(k)
    events.append(f"fortified hexside {a}/{b} of {line} destroyed (Fortified (C) L106)")
    gone = sum(1 for s in state.data.lines.get(line, ()) if s in state.fort_destroyed)
    if gone >= LINE_COLLAPSE and line not in state.lines_destroyed:
        state.lines_destroyed.add(line)
        events.append(f"{line}: {gone} hexsides destroyed, the whole line is destroyed (Fortified (F) L109)")
    state.touch()
