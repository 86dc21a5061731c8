"""Combat strengths and steps: 8.0 Limited Intelligence, 9.81-9.82 steps, 10.1 cadres, 23.0
play-by-mail strengths, and the modifications of 12.44, 12.54, 13.55, 14.21, 9.32, 9.64."""

from __future__ import annotations

from fractions import Fraction

from .data import Unit
from .state import UNKNOWN, OtState

#: 23.0 option 1 (L2083-2117): (side, morale, class) -> (full, reduced); reduced None: "directly to cadre".
PBM_STRENGTHS: dict[tuple[str, int, str], tuple[int, int | None]] = {
    ("russian", 1, "A"): (4, 2), ("russian", 1, "B"): (2, None), ("russian", 1, "C"): (2, None),
    ("russian", 2, "A"): (9, 5), ("russian", 2, "B"): (5, 3), ("russian", 2, "C"): (4, 2),
    ("russian", 3, "A"): (16, 8), ("russian", 3, "B"): (8, 4), ("russian", 3, "C"): (6, 3),
    ("german", 2, "A"): (4, 2), ("german", 2, "B"): (3, 1),
    ("german", 3, "A"): (6, 3), ("german", 3, "B"): (4, 2),
}


def pool_of(unit: Unit) -> str:
    """8.34: the Morale Pool a unit draws from."""
    return f"{unit.side}_morale_{unit.morale}"


def chit_values(state: OtState, unit: Unit, chit: str) -> tuple[int, int]:
    """8.33: the strengths (front, back) a chit gives a unit of this Combat Class."""
    faces = state.data.chits[chit]
    key = f"strength_{unit.klass.lower()}"
    return int(faces["front"].get(key, 0)), int(faces["back"].get(key, 0))


def full_and_reduced(state: OtState, uid: str) -> tuple[int, int | None] | None:
    """The unit's (full, reduced) strengths, or None when a face-down chit hides them (8.43)."""
    unit = state.data.units[uid]
    if unit.printed is not None:
        return unit.printed, None
    if state.options.get("strengths", "fixed") == "fixed":
        return PBM_STRENGTHS[(unit.side, unit.morale, unit.klass)]  # 23.0 option 1
    chit = state.chits.get(uid)
    if chit is None or chit == UNKNOWN:
        return None
    front, back = chit_values(state, unit, chit)
    return front, (back if front >= 3 else None)


def steps_for(full: int) -> int:
    """9.82 A/B: three steps if the full strength is three or more, else two (the cadre is the last)."""
    return 3 if full >= 3 else 2


def needs_chit(state: OtState, uid: str) -> bool:
    """8.31 / 8.37: a unit about to perform combat for the first time draws a chit."""
    unit = state.data.units[uid]
    return (state.options.get("strengths", "fixed") != "fixed" and unit.uses_chit and uid not in state.cadre
            and state.chits.get(uid) is None)


def current_strength(state: OtState, uid: str) -> int | None:
    """The unit's strength now (8.33, 9.82, 10.11): None while hidden from this state's reader."""
    unit = state.data.units[uid]
    if uid in state.cadre:
        return 1  # 10.11
    if unit.printed is not None:
        return unit.printed  # 8.6
    fr = full_and_reduced(state, uid)
    if fr is None:
        return None
    full, reduced = fr
    if state.steps.get(uid, 0) >= state.full_steps.get(uid, 3):
        return full
    return reduced if reduced is not None else 1


def expected_strength(state: OtState, uid: str) -> Fraction:
    """A hidden unit's strength as its owner's enemy may estimate it (8.43: "rough estimates
    from the unit's Morale Rating and Combat Class"): the mean of its pool's chits."""
    s = current_strength(state, uid)
    if s is not None:
        return Fraction(s)
    unit = state.data.units[uid]
    pool = state.data.pools[pool_of(unit)]
    vals = [chit_values(state, unit, c)[0] for c in pool]
    return Fraction(sum(vals), len(vals))


def lose_step(state: OtState, uid: str) -> str:
    """9.82 / 10.12: one step lost; returns "reduced", "cadre" or "eliminated".
    A chit leaves play to its cup when the unit becomes a cadre or is eliminated (8.52)."""
    left = state.steps.get(uid, 1) - 1
    state.steps[uid] = left
    unit = state.data.units[uid]
    if left <= 0:
        _return_chit(state, uid)
        return "eliminated"
    if left == 1 and unit.has_cadre and uid not in state.cadre:
        _return_chit(state, uid)
        state.cadre.add(uid)
        return "cadre"
    return "reduced"


def _return_chit(state: OtState, uid: str) -> None:
    chit = state.chits.get(uid)
    if chit is not None:
        state.chits[uid] = None
        unit = state.data.units[uid]
        state.cups.setdefault(pool_of(unit), []).append(chit)  # 8.52


def set_steps_from_strength(state: OtState, uid: str) -> None:
    """9.82: a unit's steps once its strength is known (chit drawn, or fixed strengths)."""
    unit = state.data.units[uid]
    if unit.is_hq or (unit.printed is not None) or uid in state.cadre:
        state.full_steps[uid] = state.steps[uid] = 1  # 9.82 C
        return
    fr = full_and_reduced(state, uid)
    if fr is None:
        return
    n = steps_for(fr[0])
    state.full_steps[uid] = state.steps[uid] = n


def halved(value: int) -> int:
    """Halving rounds fractions down; never below one (12.44a)."""
    return max(1, value // 2)


def attack_strength(state: OtState, uid: str, base: int) -> int:
    """12.44a, 12.54a, 13.55, D37: supply and snow halve once; isolation makes it one; 9.64
    Accelerated Assault doubles."""
    unit = state.data.units[uid]
    status = state.supply.get(uid, "in")
    if status == "isolated":
        value = 1  # 12.54a (an exception to "never halved more than once")
    elif status == "out" or snow_halves(state, unit):
        value = halved(base)
    else:
        value = base
    if accelerated(state, uid):
        value *= 2  # 9.64
    return value


def defence_strength(state: OtState, uid: str, base: int, across_river: bool) -> int:
    """12.44b, 12.54b, 13.55, 14.21, 9.32 (halving first, doubling second)."""
    unit = state.data.units[uid]
    status = state.supply.get(uid, "in")
    value = halved(base) if (status == "isolated" or snow_halves(state, unit)) else base
    h = state.hex_of(uid)
    if unit.side == "russian" and h in state.data.entrenchment:
        value *= 2  # 14.21
    if across_river:
        value *= 2  # 9.32
    return value


def snow_halves(state: OtState, unit: Unit) -> bool:
    """13.44 / 13.55: Poor winterization halves strength and MA in snow (HQs are not
    combat units with a level; 19.22 ski units move unhindered but fight as Good)."""
    return state.snow and unit.winterization == "poor" and not unit.is_hq


def accelerated(state: OtState, uid: str) -> bool:
    """9.64 / 9.65: subordinate to an HQ making an Accelerated Assault this Player-Turn (D4);
    Russian units only within six hexes of it."""
    unit = state.data.units[uid]
    hq = state.data.hq_of.get((unit.side, parent_of(state, uid)))
    if hq is None or hq not in state.accel_active:
        return False
    if unit.side == "russian":
        h, hh = state.hex_of(uid), state.hex_of(hq)
        return h is not None and hh is not None and state.data.grid.distance(h, hh) <= 6
    return True


def parent_of(state: OtState, uid: str) -> str:
    """The corps (German) or army (Russian) a unit is subordinate to (2.34); a scenario's
    ``subordination`` parameter moves German corps (18.18(c): 13th to 43rd; 18.38(c): 9th to
    7th; D25: not in the campaign)."""
    unit = state.data.units[uid]
    if unit.side == "german":
        return state.scen.params.get("subordination", {}).get(unit.parent, unit.parent)
    return unit.parent
