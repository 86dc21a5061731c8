"""Combat (7.0): who may attack what, odds (7.4), die-roll modifiers (7.5), the 2d6 table
(7.6), retreats (7.8) and advances (7.9), and odds previews that never use a face-down chit."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

from ...core.odds import Modifier, clamp, ratio_column, total_modifier
from .state import STACK_LIMIT, MiniState, other
from .supply import supplied_units


def targets(state: MiniState, side: str) -> list[str]:
    """Hexes ``side`` may still attack this phase (7.2): enemy-held, not yet attacked."""
    enemy = other(side)
    hexes = {state.hex_of(u) for u in state.on_map(enemy)}
    return sorted(h for h in hexes if h not in state.targets)


def eligible_attackers(state: MiniState, side: str, target: str) -> list[str]:
    """Units of ``side`` adjacent to ``target`` that have not attacked this phase (7.2)."""
    around = set(state.data.neighbours[target])
    return [u for u in state.on_map(side) if state.hex_of(u) in around and u not in state.attacked]


def attack_subsets(units: Sequence[str]) -> Iterable[tuple[str, ...]]:
    """Every non-empty choice of attackers, in roster order (7.2)."""
    for k in range(1, len(units) + 1):
        yield from combinations(units, k)


def why_not_attack(state: MiniState, side: str, target: str, units: Sequence[str]) -> str | None:
    """The reason ``units`` of ``side`` may not attack ``target`` now (7.2), or None."""
    if target not in state.data.neighbours:
        return f"{target} is not a hex of the map"
    if state.side_at(target) != other(side):
        return f"{target} holds no {other(side)} unit (7.2)"
    if target in state.targets:
        return f"{target} was already attacked this phase (7.2)"
    if not units:
        return "name at least one attacking unit (7.2)"
    around = state.data.neighbours[target]
    for u in units:
        if u not in state.stacks or state.side_of(u) != side:
            return f"{u} is not a {side} unit on the map"
        if state.hex_of(u) not in around:
            return f"{u} is not adjacent to {target} (7.2)"
        if u in state.attacked:
            return f"{u} has already attacked this phase (7.2)"
    return None


# -- odds and modifiers --------------------------------------------------------------------------
def modifiers(state: MiniState, target: str, attackers: Sequence[str], defenders: Sequence[str]) -> list[Modifier]:
    """Every die-roll modifier of a battle, each named with its case (7.5)."""
    data = state.data
    mods = []
    terrain = data.terrain[target]
    if terrain in data.modifiers:  # 7.5a forest -1, town -2
        mods.append(data.modifiers[terrain])
    if attackers and all(data.is_river(state.hex_of(a), target) for a in attackers):
        mods.append(data.modifiers["river"])  # 7.5b
    if attackers:
        side = state.side_of(attackers[0])
        if not set(attackers) <= supplied_units(state, side):
            mods.append(data.modifiers["attacker_unsupplied"])  # 7.5c
    if defenders:
        side = state.side_of(defenders[0])
        if not set(defenders) <= supplied_units(state, side):
            mods.append(data.modifiers["defender_unsupplied"])  # 7.5c
    return mods


def column(state: MiniState, attack: int, defence: int) -> int:
    """7.4: the odds column, rounded in the defender's favour, worse than 1:2 on 1:2, better
    than 4:1 on 4:1."""
    labels = state.data.crt.columns
    index = ratio_column(attack, defence, labels)
    if index is None:  # no defence strength: cannot happen with units of strength >= 1
        index = len(labels) - 1
    return clamp(index, len(labels))


def unknown_chits(state: MiniState) -> list[int]:
    """The chits nobody has seen, as far as the public knows: the pool minus revealed chits."""
    rest = list(state.data.chit_pool)
    for u in state.revealed:
        v = state.chits.get(u)
        if isinstance(v, int) and v in rest:
            rest.remove(v)
    return rest


def undrawn_chits(state: MiniState) -> list[int]:
    """The chits that may come out of the cup next: the pool minus every chit whose value this
    state knows (the true cup in the real state; what is still possible in an observed one)."""
    rest = list(state.data.chit_pool)
    for v in state.chits.values():
        if isinstance(v, int) and v in rest:
            rest.remove(v)
    return rest


def strength_cases(state: MiniState, units: Sequence[str]) -> list[tuple[dict[str, int], Fraction]]:
    """Strengths of ``units`` with their chances: known strengths as they are, face-down chits
    drawn without replacement from :func:`unknown_chits` (never the chit under the counter)."""
    known = {u: state.strength(u) for u in units if not state.is_hidden(u)}
    hidden = [u for u in units if state.is_hidden(u)]
    cases: list[tuple[dict[str, int], Fraction]] = []

    def walk(i: int, pool: list[int], acc: dict[str, int], p: Fraction) -> None:
        if i == len(hidden):
            cases.append(({**known, **acc}, p))
            return
        u = hidden[i]
        for v in sorted(set(pool)):
            share = Fraction(pool.count(v), len(pool))
            rest = list(pool)
            rest.remove(v)
            value = v if not state.reduced(u) else max(1, v // 2)
            walk(i + 1, rest, {**acc, u: value}, p * share)

    walk(0, unknown_chits(state), {}, Fraction(1))
    return cases


def expected_strength(state: MiniState, unit: str) -> Fraction:
    """The strength of a unit as the public may expect it: a face-down chit is any of
    :func:`unknown_chits` with equal chance (its mean, halved rounded down if reduced, 3.3)."""
    if not state.is_hidden(unit):
        return Fraction(state.strength(unit) or 0)
    chits = unknown_chits(state)
    values = [v if not state.reduced(unit) else max(1, v // 2) for v in chits]
    return Fraction(sum(values), len(values))


def odds_summary(state: MiniState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
    """The preview of a battle (7.4-7.6): strengths (``None`` where a chit is face down),
    every modifier named, the column(s) and the chance of each result."""
    data = state.data
    defenders = list(state.at(target))
    mods = modifiers(state, target, attackers, defenders)
    drm = total_modifier(mods)
    labels = data.crt.columns
    results: dict[str, Fraction] = {}
    columns: dict[str, Fraction] = {}
    for strengths, p in strength_cases(state, [*attackers, *defenders]):
        att = sum(strengths[u] for u in attackers)
        dfn = sum(strengths[u] for u in defenders)
        col = column(state, att, dfn)
        columns[labels[col]] = columns.get(labels[col], Fraction(0)) + p
        for r, q in data.crt.distribution(col, drm).items():
            results[r] = results.get(r, Fraction(0)) + p * q
    hidden = [u for u in (*attackers, *defenders) if state.is_hidden(u)]

    def total(units: Sequence[str]) -> int | None:
        return None if any(state.is_hidden(u) for u in units) else sum(state.strength(u) or 0 for u in units)

    att, dfn = total(attackers), total(defenders)
    only_column = next(iter(columns)) if len(columns) == 1 else None
    order = list(data.results)
    results_sorted = {r: results[r] for r in order if r in results}
    text = (
        f"{'?' if att is None else att} vs {'?' if dfn is None else dfn}"
        + (f" ({only_column})" if only_column else " (odds depend on hidden chits)")
        + (", DRM " + ", ".join(str(m) for m in mods) if mods else "")
    )
    return {
        "target": target,
        "attackers": list(attackers),
        "defenders": defenders,
        "attack": att,
        "defence": dfn,
        "hidden": hidden,
        "column": only_column,
        "columns": {k: float(v) for k, v in columns.items()},
        "modifiers": [{"value": m.value, "reason": m.reason, "rule": m.rule, "text": str(m)} for m in mods],
        "drm": drm,
        "results": {r: float(p) for r, p in results_sorted.items()},
        "results_exact": {r: f"{p.numerator}/{p.denominator}" for r, p in results_sorted.items()},
        "result_names": {r: data.results[r] for r in results_sorted},
        "text": text,
        "rule": "7.4-7.6",
    }


def result_losses(result: str, attacker: str, defender: str) -> tuple[list[list[Any]], bool]:
    """7.7: the step losses due, in order, as ``[side, steps]``, and whether a retreat is due."""
    return {
        "A2": ([[attacker, 2]], False),
        "A1": ([[attacker, 1]], False),
        "EX": ([[defender, 1], [attacker, 1]], False),
        "-": ([], False),
        "DR": ([], True),
        "D1": ([[defender, 1]], False),
        "D1R": ([[defender, 1]], True),
    }[result]


# -- after the roll --------------------------------------------------------------------------
def retreat_hexes(state: MiniState, target: str, defender: str, movers: Sequence[str]) -> list[str]:
    """7.8: hexes next to the battle hex free of enemy units and enemy ZOC that can take all
    ``movers`` within the stacking limit (5.1)."""
    ezoc = state.enemy_zoc(defender)
    out = []
    for h in state.data.neighbours[target]:
        occ = state.at(h)
        if occ and state.side_of(occ[0]) != defender:
            continue
        if h in ezoc:
            continue
        if not STACK_LIMIT.fits(state.stacks, h, movers):
            continue
        out.append(h)
    return sorted(out)


def advancers(state: MiniState, battle: dict[str, Any]) -> list[str]:
    """7.9: surviving attackers that may still advance into the emptied battle hex (5.1)."""
    target = battle["target"]
    occ = state.at(target)
    if occ and state.side_of(occ[0]) != battle["attacker"]:
        return []  # defenders still hold it
    return [u for u in battle["attackers"] if u in state.stacks and state.hex_of(u) != target and STACK_LIMIT.fits(state.stacks, target, (u,))]
