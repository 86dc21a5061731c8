"""Computer players of Typhoon Mini and the heuristic value of a position.

Players are handed ``game.observed(side)``: face-down chits and (for Red) Blue's plan read
UNKNOWN, and every estimate here takes them at their public expectation."""

from __future__ import annotations

import math
import random
from typing import Any

from .actions import Advance, Attack, End, Loss, Move, Plan, Retreat
from .combat import expected_strength, odds_summary
from .state import UNKNOWN, MiniState

# results good for the attacker and bad for it (7.7)
_GOOD = {"D1": 1.0, "D1R": 1.5, "DR": 0.6, "EX": 0.3}
_BAD = {"A1": 1.0, "A2": 2.0, "EX": 0.5}


def material(state: MiniState, side: str) -> float:
    """The strength a side has on the map (face-down chits at their public mean)."""
    total = 0.0
    for u in state.on_map(side):
        s = state.strength(u)
        total += float(expected_strength(state, u)) if s is None or state.is_hidden(u) else s
    return total


def town_pressure(state: MiniState) -> float:
    """How close Blue's units stand to the towns Blue does not hold (0: on them)."""
    grid = state.data.grid
    aims = [h for h in state.data.towns if state.control.get(h) != "blue"]
    if not aims:
        return 0.0
    units = state.on_map("blue")
    if not units:
        return 10.0
    return sum(min(grid.distance(state.hex_of(u), h) for h in aims) for u in units) / len(units)


def red_guard(state: MiniState) -> float:
    """How far Red's units stand from the towns Red holds (0: every unit in or next to one)."""
    grid = state.data.grid
    held = [h for h in state.data.towns if state.control.get(h) == "red"]
    units = state.on_map("red")
    if not held or not units:
        return 0.0
    return sum(max(0, min(grid.distance(state.hex_of(u), h) for h in held) - 1) for u in units) / len(units)


def evaluate(state: MiniState, side: str, rules: Any) -> float:
    """A value in [0, 1] of ``state`` for ``side``: 1 won, 0 lost; otherwise towns, material
    and position. Blue's plan, when unknown, is averaged over both plans."""
    if state.outcome is not None:
        return 0.5 if state.outcome.winner is None else float(state.outcome.winner == side)
    plans = [state.plan] if state.plan not in (None, UNKNOWN) else ["aston", "brill"]
    vp = sum(rules.blue_vp(state, p) for p in plans) / len(plans)
    blue, red = material(state, "blue"), material(state, "red")
    x = 0.9 * (vp - 2.5) + 1.5 * (blue - red) / max(1.0, blue + red) - 0.25 * town_pressure(state) + 0.15 * red_guard(state)
    value = 1 / (1 + math.exp(-x))
    return value if side == "blue" else 1 - value


class RandomPlayer:
    """Any legal action, at random."""

    def __init__(self, seed: int | None = None, **_: Any) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        return self.rng.choice(list(game.legal_actions))


class GreedyPlayer:
    """A simple heuristic player: moves that raise :func:`evaluate` one move ahead, attacks
    with good expected results (from the public odds preview), sensible losses and retreats."""

    def __init__(self, seed: int | None = None, threshold: float = 0.15, **_: Any) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.threshold = threshold

    def choose(self, game: Any) -> Any:
        state: MiniState = game.state
        rules = game.rules
        side = game.current_player
        legal = list(game.legal_actions)
        first = legal[0]
        if isinstance(first, Plan):
            return self.rng.choice(legal)
        if isinstance(first, Loss):
            return self._loss(state, legal)
        if isinstance(first, Retreat):
            return self._retreat(state, side, legal)
        if isinstance(first, Advance):
            return self._advance(state, side, legal)
        if any(isinstance(a, Attack) for a in legal):
            return self._attack(state, legal)
        if any(isinstance(a, Move) for a in legal):
            return self._move(state, side, rules, legal)
        return self.rng.choice(legal)

    def _move(self, state: MiniState, side: str, rules: Any, legal: list[Any]) -> Any:
        here = evaluate(state, side, rules)
        best, best_value = End(), here + 0.002
        moves = [a for a in legal if isinstance(a, Move)]
        self.rng.shuffle(moves)
        for a in moves:
            s = state.copy()
            rules.move_unit(s, a.unit, a.to, [])  # the move's effects, without pricing its path again
            v = evaluate(s, side, rules)
            if v > best_value:
                best, best_value = a, v
        return best

    def _attack(self, state: MiniState, legal: list[Any]) -> Any:
        # the biggest attack on each target, scored by its expected result (public odds only)
        biggest: dict[str, Attack] = {}
        for a in legal:
            if isinstance(a, Attack) and len(a.units) > len(biggest.get(a.target, Attack(a.target, ())).units):
                biggest[a.target] = a
        best, best_score = End(), self.threshold
        for a in biggest.values():
            odds = odds_summary(state, a.target, a.units)
            score = sum(p * _GOOD.get(r, 0.0) for r, p in odds["results"].items())
            score -= sum(p * _BAD.get(r, 0.0) for r, p in odds["results"].items())
            if state.data.terrain[a.target] == "town":
                score += 0.2
            if score > best_score:
                best, best_score = a, score
        return best

    @staticmethod
    def _loss(state: MiniState, legal: list[Loss]) -> Loss:
        # a full-strength unit rather than eliminating a reduced one; the weakest of them
        def key(a: Loss) -> tuple[int, float]:
            s = state.strength(a.unit)
            return (-state.steps.steps.get(a.unit, 0), float(expected_strength(state, a.unit)) if s is None else s)

        return min(legal, key=key)

    @staticmethod
    def _retreat(state: MiniState, side: str, legal: list[Retreat]) -> Retreat:
        # towards home: the hex nearest the side's supply sources
        grid = state.data.grid
        sources = state.data.supply_sources[side]
        return min(legal, key=lambda a: (min(grid.distance(a.to, s) for s in sources), a.to))

    @staticmethod
    def _advance(state: MiniState, side: str, legal: list[Advance]) -> Advance:
        target = state.battle.data["target"] if state.battle is not None else None
        units = [a for a in legal if a.unit is not None]
        into_town = target in state.data.towns and state.control.get(target) != side
        if units and (into_town or (side == "blue" and not state.at(target))):
            return units[0]
        return Advance(None)


__all__ = ["GreedyPlayer", "RandomPlayer", "evaluate"]
