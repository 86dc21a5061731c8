"""Overrun (002 L89-95): during a Movement Phase a single stack of at least eleven times the
defending strength (ten times for the German player on turns 1-4) attacks an adjacent hex at
once on the '11-1' column; the overrunning units move no further and must advance after it.

Decisions (docs/games/mc/decisions.md): D-OVERRUN-TIMING (resolved at once, L90 over L12/L16),
D-OVERRUN-GEOMETRY (from an adjacent hex, L90), D-OVERRUN-STRENGTH (modified strengths, L93),
D-OVERRUN-MECH (also in the German Mechanized Movement Phase: 'any Movement Phase', L89),
D-OVERRUN-AGAIN (an overrun is not combat: survivors may be attacked in the Combat Phase).
"""

from __future__ import annotations

from fractions import Fraction

from . import combat
from .state import MCState

OVERRUN_RATIO = 11  # L90
AXIS_EARLY_RATIO = 10  # L90: ten times for the Axis player on turns 1 through four
AXIS_EARLY_TURNS = 4


def ratio_needed(state: MCState, side: str) -> int:
    return AXIS_EARLY_RATIO if side == "german" and state.turn <= AXIS_EARLY_TURNS else OVERRUN_RATIO


def why_not(state: MCState, side: str, target: str, units: tuple[str, ...], mech_phase: bool) -> str | None:
    """Why these units may not overrun ``target`` now (None if they may)."""
    data = state.data
    occ = state.at(target)
    if not occ or state.side_of(occ[0]) == side:
        return f"{target} holds no enemy unit"
    if not units:
        return "an overrun names its units"
    hexes = {state.hex_of(u) for u in units}
    if None in hexes or len(hexes) != 1:
        return "the overrunning units must form a single stack (Overrun L90)"
    h = hexes.pop()
    if not data.grid.adjacent(h, target):
        return f"the stack in {h} is not adjacent to {target} (Overrun L90)"
    if combat.lake_between(state, h, target):
        return "no combat through a lake hexside (Movement (L) L31)"
    for u in units:
        spec = data.units[u]
        if spec.side != side:
            return f"{u} is not a {side} unit"
        if u in state.overran:
            return f"{u} has already overrun this phase (Overrun L90: it may move no further)"
        if u in state.disrupted:
            return f"{u} is disrupted (CRT DeAd L79)"
        if mech_phase and not spec.mechanized:
            return f"{u} is not mechanized (Movement (B) L22)"
        if spec.eb or u in state.entrained:
            return f"{u} may not attack (Combat (S) L76; D-ENTRAINED-ATTACK)"
        if spec.soviet_armour and not any(not data.units[x].bracketed for x in state.at(h)):
            return f"{u} must be stacked with a non-bracketed unit to attack (Combat (T) L77)"
    dfn = sum((combat.defence_strength(state, u) for u in occ), Fraction(0))
    if dfn == 0:
        # Overrun (D) L95: a zero-defence Russian target is removed when a German unit moves on it
        if side != "german":
            return "only the German player removes zero-defence units this way (Overrun (D) L95)"
        if len(units) != 1:
            return "one unit moves onto a zero-defence unit (Overrun (D) L95)"
        return None
    att = sum((combat.attack_strength(state, u) for u in units), Fraction(0))
    need = ratio_needed(state, side)
    if att < need * dfn:
        return f"{att} against {dfn} is below {need} to 1 (Overrun L90)"
    return None


def candidates(state: MCState, side: str, mech_phase: bool) -> list[tuple[str, tuple[str, ...]]]:
    """(target, whole eligible stack) pairs that may overrun now; for the German player also a
    single unit onto a zero-defence stack (Overrun (D) L95). The same answers as ``why_not``
    for each stack and neighbour, with each stack's strength added up once."""
    data = state.data
    enemy = state.occupied_by("soviet" if side == "german" else "german")
    need = ratio_needed(state, side)
    out = []
    for h in sorted(state.occupied_by(side)):
        near = [t for t in data.neighbours[h] if t in enemy and not combat.lake_between(state, h, t)]
        if not near:
            continue
        units = tuple(u for u in state.at(h) if why_not_unit(state, u, mech_phase) is None)
        if not units:
            continue
        att = None
        for t in near:
            # the defence is its supplied value or less, down to half of it (Supply L51): the
            # supply trace is needed only when the attack falls between the two
            top = sum((combat.defence_strength(state, u, supplied=True) for u in state.at(t)), Fraction(0))
            if top == 0:
                if side == "german":  # Overrun (D) L95: one unit moves onto it
                    out.append((t, units if len(units) == 1 else units[:1]))
                continue
            if att is None:
                att = sum((combat.attack_strength(state, u) for u in units), Fraction(0))
            if att < need * top / 2:
                continue
            if att >= need * top or att >= need * sum((combat.defence_strength(state, u) for u in state.at(t)), Fraction(0)):  # Overrun L90
                out.append((t, units))
    return out


def why_not_unit(state: MCState, u: str, mech_phase: bool) -> str | None:
    spec = state.data.units[u]
    if u in state.overran or u in state.disrupted or spec.eb or u in state.entrained:
        return "not eligible"
    if mech_phase and not spec.mechanized:
        return "not mechanized"
    if spec.soviet_armour and not any(not state.data.units[x].bracketed for x in state.at(state.hex_of(u))):
        return "alone"
    return None


def start(state: MCState, side: str, target: str, units: tuple[str, ...], events: list) -> None:
    """The overrun: the units stop (L90) and attack on the 11-1 column (L91)."""
    for u in units:
        state.overran.add(u)
        state.done.add(u)
        state.mp_left[u] = Fraction(0)
    if state.active in units:
        state.active = None
    combat.start(state, "overrun", side, (target,), units, events)
