"""Attack planning for the computer players: the exact expected value of an attack on the CRT
(tables.json) and the cheapest way to pay an exchange.

Values are victory points of the reconstruction D-VICTORY (decisions.md) seen from the attacker:
the German player scores half the Soviet strength eliminated and the places he takes, the Soviet
player scores the German strength eliminated. Only the public state is read."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import Any, Callable

from . import combat
from .state import MCState

#: attacks tried per target: prefixes of the eligible units, strongest first (Combat (E) L62)
MAX_UNITS = 9


def loss_points(state: MCState, unit: str) -> float:
    """The victory points a unit's elimination gives away (D-VICTORY): a German mechanized unit
    of four or more becomes a KG (Combat (G) L64, D-KG) and costs the difference only."""
    spec = state.data.units[unit]
    if spec.kg_eligible and len(state.kg_used) < len(state.data.kg_ids):
        return float(spec.strength - state.data.units[state.data.kg_ids[0]].strength)
    return float(spec.strength)


def cheapest_losses(state: MCState, pool: list[str], need: Fraction | float) -> tuple[float, tuple[str, ...]]:
    """The attacking units to lose in an Ex (L82) or 1/2 Ex (L83): unmodified strengths (counted
    in full for German mechanized units, (K) L68) reaching ``need``, at the least cost in victory
    points (a KG substitution costs the difference only). All of them if they cannot reach it."""
    if need <= 0:
        return 0.0, ()
    full = {u: state.data.units[u].strength for u in pool}
    if sum(full.values()) <= need:
        return sum(loss_points(state, u) for u in pool), tuple(pool)
    best: tuple[float, tuple[str, ...]] | None = None
    for k in range(1, min(4, len(pool)) + 1):
        for combo in combinations(pool, k):
            if sum(full[u] for u in combo) >= need:
                cost = sum(loss_points(state, u) for u in combo)
                if best is None or cost < best[0]:
                    best = (cost, combo)
    if best is None:  # more than four units needed: strongest first
        chosen, total = [], 0
        for u in sorted(pool, key=lambda x: -full[x]):
            chosen.append(u)
            total += full[u]
            if total >= need:
                break
        best = (sum(loss_points(state, u) for u in chosen), tuple(chosen))
    return best


def trapped(state: MCState, units: list[str], away: set[str]) -> bool:
    """Whether none of ``units`` could retreat away from ``away`` (Stacking (A) L44: eliminated)."""
    return bool(units) and all(not combat.retreat_options(state, u, away) for u in units)


def attack_value(state: MCState, side: str, targets: tuple[str, ...], units: tuple[str, ...], summary: dict[str, Any]) -> float:
    """The expected change of the attacker's victory margin (D-VICTORY) over the CRT results
    of ``summary`` (odds_summary): De and DeAd eliminate the defenders (L78-79); Dr eliminates
    defenders that cannot retreat (L80, L44); Ex costs the cheapest units worth the defence, 1/2 Ex
    half of it (L82-83); Ae every attacker (L85); Ar and Br cost a little (the attackers give
    ground); a cleared place is worth its value to the German player."""
    data = state.data
    gain = 0.5 if side == "german" else 1.0  # points per enemy strength point eliminated
    cost = 1.0 if side == "german" else 0.5  # points per own strength point lost
    defenders = summary["defenders"]
    dpts = gain * sum(loss_points(state, u) for u in defenders)
    dfull = sum(data.units[u].strength for u in defenders)
    pool = list(units)
    place = sum(data.place_at[t]["value"] for t in targets if t in data.place_at and state.control.get(t) != side)
    place = place if side == "german" else 0.5 * place
    attacker_hexes = {state.hex_of(u) for u in units}
    stuck = trapped(state, defenders, attacker_hexes)
    value = {
        "De": dpts + place + 0.2,
        "DeAd": dpts + place - 0.1 * dfull,
        "Dr": (dpts + place) if stuck else 0.3 + 0.5 * place,
        "Br": (dpts if stuck else 0.0) - 0.4,
        "Ex": dpts + place - cost * cheapest_losses(state, pool, dfull)[0],
        "HEx": dpts + place - cost * cheapest_losses(state, pool, Fraction(dfull, 2))[0],
        "Ar": -0.4,
        "Ae": -cost * sum(loss_points(state, u) for u in pool),
    }
    return sum(p * value.get(r, 0.0) for r, p in summary["results"].items())


def candidate_attacks(state: MCState, side: str) -> list[tuple[tuple[str, ...], tuple[str, ...], bool]]:
    """(targets, units, ignore Dr) attacks worth pricing: for each attackable hex, the prefixes
    of its eligible attackers, strongest first, that reach a new odds column (Combat (F) L63),
    each with and without ignoring Dr (Combat (M) L70)."""
    out = []
    for t in combat.targets(state, side):
        elig = combat.eligible_attackers(state, side, (t,))
        if not elig:
            continue
        order = sorted(elig, key=lambda u: (-combat.attack_strength(state, u), loss_points(state, u), u))[:MAX_UNITS]
        dfn = sum((combat.defence_strength(state, u) for u in state.at(t)), Fraction(0))
        att, last_col = Fraction(0), None
        for i, u in enumerate(order):
            att += combat.attack_strength(state, u)
            col = combat.column_of(state, att, dfn)
            if col == last_col and i < len(order) - 1:
                continue
            last_col = col
            units = tuple(order[: i + 1])
            out.append(((t,), units, False))
            out.append(((t,), units, True))
    return out


def best_attack(state: MCState, side: str, threshold: float = 0.25,
                jitter: Callable[[float], float] | None = None) -> tuple[tuple[str, ...], tuple[str, ...], bool] | None:
    """The attack of greatest expected value (less a little for each unit it ties up), if any
    is worth more than ``threshold``; ``jitter``: a noisy player's change to each value."""
    best, best_v = None, threshold
    for tg, units, nodr in candidate_attacks(state, side):
        s = combat.odds_summary(state, side, tg, units, nodr=nodr)
        v = attack_value(state, side, tg, units, s) - 0.05 * len(units)
        if jitter is not None:
            v = jitter(v)
        if v > best_v:
            best, best_v = (tg, units, nodr), v
    return best
