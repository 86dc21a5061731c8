"""11.22-11.30 Combat results: city and fortification conversions, DE on two-step units, KG.

Units are described by plain values so the rules can be tested alone: a defender or attacker
is ``(unit id, steps left, kind)``.
"""

from __future__ import annotations

from collections.abc import Sequence


def convert(result: str, attacker: str, target_is_city: bool) -> tuple[str, ...]:
    """The results the CRT result may become (the owner of the choice picks one).

    11.17 L1149-1150 with 11.28 L1317-1318 (D-7): a Soviet attack into a city turns AS and DR
    into AL1. 11.28 L1304-1305 (D-7: MA or PA): a German attack into a city turns DR into AS or
    Bloodbath (the German's choice). 11.28 L1320-1327 (Defender Lose 1) is offered by
    :func:`defender_lose_one_allowed` when a German stack outside a city gets DR."""
    if target_is_city and attacker == "soviet" and result in ("AS", "DR"):
        return ("AL1",)
    if target_is_city and attacker == "german" and result == "DR":
        return ("AS", "BLOODBATH")
    return (result,)


def de_losses(defenders: Sequence[tuple[str, int, str]]) -> dict[str, int]:
    """11.29 L1330-1333: one-step units are eliminated, two-step units reduced to one step.
    D-8: a unit with one step left (a reduced two-step unit) is eliminated. Returns the steps
    each unit loses."""
    return {u: 1 for u, steps, _ in defenders}


def bloodbath_allowed(defenders: Sequence[tuple[str, int, str]], attackers: Sequence[tuple[str, int, str]]) -> bool:
    """11.28 L1307-1315: the Soviet takes DE, the German then loses as many steps as the
    Soviet lost; not allowed when that would leave no German step (D-9: a KG that replaces an
    eliminated division neither pays a step nor counts as a survivor)."""
    lost = sum(de_losses(defenders).values())
    return sum(s for _, s, _ in attackers) > lost


def defender_lose_one_allowed(defenders: Sequence[tuple[str, int, str]], target_is_city: bool) -> bool:
    """11.28 L1320-1327: a German force outside a city that gets DR from a Soviet attack may
    lose one step and hold, unless that would eliminate the whole force."""
    return not target_is_city and sum(s for _, s, _ in defenders) > 1


KG_KINDS = {"panzer": "kg_pz", "panzer_grenadier": "kg_pzg"}


def kg_replacement(kind: str, size: str, steps_before: int, kg_left: int) -> str | None:
    """11.30 L1338-1348: a reduced panzer or panzer grenadier *division* that is eliminated is
    replaced in its hex by a KG of its type (2-1 panzer, 1-2 panzer grenadier) while any of the
    ten KG counters remain."""
    if size != "XX" or kind not in KG_KINDS or steps_before != 1 or kg_left <= 0:
        return None
    return KG_KINDS[kind]
