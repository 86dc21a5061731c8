"""Exact expectation of a Battle for Moscow battle over the six die faces (9.1 CRT, 9.3 results),
and the combat plan built on it: which battles to declare with which units.

Nothing is sampled: every result of the battle's final column (``combat.battle_odds``, the one
place the odds rule lives) is weighted by its probability, and what each result does to the
defender follows 9.3 with the retreat the rules would allow (``combat.retreat_options``, the
one place the retreat rule lives): a DR whose retreat must end in an enemy zone of control, or
has no path at all, eliminates the defender; a path through one costs it a step. This is what
makes surrounding pay: the same 2:1 is worth far more against a unit that cannot retreat.

Written for this game's own players only (the independent baselines of ``typhoon.ai.baselines``
share nothing with it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .. import combat
from ..kinds import Consequence, Result
from ..state import Battle, BfmState


@dataclass(frozen=True)
class Expect:
    """Expected outcome of one battle for the attacker."""

    column: int  # CRT column (0 = 1:1)
    defender_loss: float  # strength points the defender loses (printed strengths, 9.3)
    attacker_loss: float  # strength points the attackers lose (EX, AL)
    cleared: float  # probability the battle hex is emptied (an advance is possible, 9.0 step 6)
    killed: float  # probability the defender is eliminated


def step_of(state: BfmState, unit: str) -> tuple[float, bool]:
    """What one step loss costs ``unit`` (9.3: printed strengths) and whether it is then gone."""
    spec = state.data.units[unit]
    if unit in state.reduced:
        return float(spec.reduced), True
    return float(spec.full - spec.reduced), False


def retreat_fate(state: BfmState, target: str, attackers: list[str]) -> Consequence:
    """What a retreat from ``target`` would cost its defender now (9.3 DR, 7.2)."""
    defender = state.unit_at(target)
    return combat.retreat_options(state, Battle(target, defender, list(attackers))).consequence


def _after_retreat(state: BfmState, unit: str, fate: Consequence, reduced: bool) -> tuple[float, float]:
    """(strength lost, probability gone) of a retreat with ``fate`` by a unit (reduced or not)."""
    spec = state.data.units[unit]
    left = float(spec.reduced if reduced else spec.full)
    if fate in (Consequence.ELIMINATED, Consequence.NO_PATH):
        return left, 1.0  # 9.3: forced to end in an EZOC, or no path: eliminated
    if fate == Consequence.STEP:
        if reduced:
            return left, 1.0
        return float(spec.full - spec.reduced), 0.0  # 9.3: a step for the EZOC crossed
    return 0.0, 0.0


def expect(state: BfmState, target: str, attackers: list[str], fate: Consequence | None = None) -> Expect | None:
    """The exact expectation of ``attackers`` attacking ``target``; None below 1:1 (9.1: no
    effect). ``fate``: the retreat consequence if already known (it does not depend on the
    attackers)."""
    odds = combat.battle_odds(state, target, attackers)
    if odds.column is None:
        return None
    d = state.unit_at(target)
    assert d is not None
    data = state.data
    if fate is None:
        fate = retreat_fate(state, target, attackers)
    step, step_kills = step_of(state, d)
    full_left = float(state.strength(d))
    is_reduced = d in state.reduced
    # 000 9.3 Stand Fast: a full-strength defender in a major city takes a step instead of the DR
    stand_fast = bool(data.edition_data["stand_fast"]) and target in data.major_cities
    cheapest = min(step_of(state, a)[0] for a in attackers)
    dl = al = cl = kl = 0.0
    for result, p in odds.distribution.items():
        q = float(p)
        if result == Result.DE:
            dl += q * full_left
            cl += q
            kl += q
        elif result == Result.DR:
            if stand_fast and not is_reduced and fate == Consequence.NONE:
                dl += q * step
            else:
                lost, gone = _after_retreat(state, d, fate, is_reduced)
                dl += q * lost
                kl += q * gone
                cl += q
        elif result in (Result.DRL, Result.EX):
            if step_kills:
                dl += q * step
                kl += q
            else:
                lost, gone = _after_retreat(state, d, fate, True)
                dl += q * (step + lost)
                kl += q * gone
            cl += q
            if result == Result.EX:
                # the attacker loses at least as many strength points (9.3 EX)
                due = step
                enough = [step_of(state, a)[0] for a in attackers if step_of(state, a)[0] >= due]
                al += q * (min(enough) if enough else due)
        elif result == Result.AL:
            al += q * cheapest
    return Expect(odds.column, dl, al, cl, kl)


Valuer = Callable[[str, Expect], float]


def best_group(state: BfmState, target: str, units: list[str], value: Valuer,
               fate: Consequence | None = None) -> tuple[list[str], float]:
    """The attackers of ``target`` among ``units`` worth most by ``value``: all of them, then
    the weakest dropped while the value does not fall (freeing units for other battles)."""
    group = sorted(units, key=lambda u: (-state.strength(u), u))
    if fate is None:
        fate = retreat_fate(state, target, group)
    e = expect(state, target, group, fate)
    if e is None:
        return [], -99.0
    best = value(target, e)
    while len(group) > 1:
        trial = group[:-1]
        e2 = expect(state, target, trial, fate)
        if e2 is None:
            break
        v = value(target, e2)
        if v < best - 0.05:
            break
        group, best = trial, v
    return group, best


def plan_battles(state: BfmState, side: str, value: Valuer, bar: float, allowed: Any = None,
                 must: Callable[[str], bool] | None = None,
                 exclude: Any = (), lookahead: int = 0) -> list[tuple[str, list[str], float]]:
    """Battles for ``side`` (target, attackers, value), greedily: the most valuable battle first,
    each unit used once, while a battle is worth more than ``bar`` (or ``must(target)``).
    ``allowed(target, Expect)`` may refuse a battle (e.g. a column too low for the style);
    the units in ``exclude`` do not attack. With ``lookahead`` k > 0, each choice is the one of
    the k most valuable battles whose greedy completion is worth most in all (the pilot
    method): two battles of 5 are chosen over one of 8 that takes both their units."""
    data = state.data
    declared = {a for b in state.battles.values() for a in b.attackers}
    adj: dict[str, list[str]] = {}
    for u, h in state.hex_of.items():
        if data.units[u].side != side or u in declared or u in exclude:
            continue
        for t in data.neighbours[h]:
            if t not in state.battles and state.side_at(t) not in (None, side):
                adj.setdefault(t, []).append(u)
    fates = {t: retreat_fate(state, t, us) for t, us in adj.items()}

    def choices(left: list[str], used: set[str], cache: dict) -> list[tuple[str, list[str], float]]:
        out = []
        for t in left:
            avail = [u for u in adj[t] if u not in used]
            if not avail:
                continue
            if t not in cache or any(u in used for u in cache[t][0]):
                cache[t] = best_group(state, t, avail, value, fates[t])
            group, v = cache[t]
            if not group:
                continue
            if allowed is not None and not allowed(t, group):
                continue
            if v <= bar and not (must is not None and must(t)):
                continue
            out.append((t, group, v))
        return out

    def pilot_total(o: tuple[str, list[str], float], left: list[str], used: set[str], cache: dict) -> float:
        rest = complete([t for t in left if t != o[0]], used | set(o[1]), dict(cache), 0)
        return sum(max(0.0, b[2]) for b in (o, *rest))

    def complete(left: list[str], used: set[str], cache: dict, k: int) -> list[tuple[str, list[str], float]]:
        plan: list[tuple[str, list[str], float]] = []
        while left:
            options = choices(left, used, cache)
            if not options:
                break
            if k and len(options) > 1:  # the pilot: each of the k best played out greedily
                top = sorted(options, key=lambda o: -o[2])[:k]
                best = max(top, key=lambda o: pilot_total(o, left, used, cache))
            else:
                best = max(options, key=lambda o: o[2])  # the first of equals, in hex order
            plan.append(best)
            used = used | set(best[1])
            left = [t for t in left if t != best[0]]
            cache.pop(best[0], None)
        return plan

    return complete(sorted(adj), set(), {}, lookahead)


__all__ = ["Expect", "best_group", "expect", "plan_battles", "retreat_fate", "step_of"]
