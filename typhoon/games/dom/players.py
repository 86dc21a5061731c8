"""Computer players of Drive on Moscow and the heuristic value of a position.

Players get ``game.observed(side)``: untried units read UNKNOWN and count at their type's
public mean (``state.public_face``)."""

from __future__ import annotations

import math
import random
from typing import Any

from . import combat
from .actions import (Add, Advance, Air, Assault, Attack, Choose, Convert, End, Enter, Fight, Loss, Move, Order,
                      Pass, Retreat, Withdraw)
from .gamedata import GERMAN, SOVIET
from .state import DomState

_GOOD = {"DE": 1.0, "DR": 0.5}
_BAD = {"AL1": 0.6}


def material(state: DomState, side: str) -> float:
    return float(sum(state.public_face(u).attack + state.public_face(u).defence for u in state.on_map(side)))


def objective_distance(state: DomState) -> float:
    """How far, on average, the German units stand from the cities they do not hold."""
    m = state.data.map
    grid = m.grid
    aims = [h for h in m.cities if state.control.get(h) != GERMAN]
    units = state.on_map(GERMAN)
    if not aims or not units:
        return 0.0
    return sum(min(grid.distance(state.hex_of(u), h) for h in aims) for u in units) / len(units)


def evaluate(state: DomState, side: str, rules: Any) -> float:
    """A value in [0, 1] for ``side``: 1 won, 0 lost; else cities, material and distance."""
    if state.outcome is not None:
        return float(state.outcome.winner == side)
    m = state.data.map
    cities = sum(1 for h in m.cities if state.control.get(h) == GERMAN)
    g, s = material(state, GERMAN), material(state, SOVIET)
    x = 0.5 * (cities - 2) + 2.0 * (g - s) / max(1.0, g + s) - 0.08 * objective_distance(state)
    v = 1 / (1 + math.exp(-x))
    return v if side == GERMAN else 1 - v


class RandomPlayer:
    """Any legal action, at random."""

    def __init__(self, seed: int | None = None, **_: Any) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        legal = game.legal_actions  # by index: the same draw as random.choice, without building the list where the rules count
        return legal[self.rng.randrange(len(legal))]


class GreedyPlayer:
    """A simple heuristic player. German: mobile assaults and prepared assaults at good public
    odds, moves towards the nearest city it does not hold. Soviet: holds its ground, attacks
    only at good odds (or as Stalin orders), enters reinforcements nearest Moscow."""

    def __init__(self, seed: int | None = None, threshold: float = 0.35, **_: Any) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.threshold = threshold

    def choose(self, game: Any) -> Any:
        state: DomState = game.state
        side = game.current_player
        legal = list(game.legal_actions)
        kinds = {type(a) for a in legal}
        if Order in kinds:
            return next(a for a in legal if isinstance(a, Order) and a.order == "move-fight") if any(
                isinstance(a, Order) and a.order == "move-fight" for a in legal) else legal[0]
        if Withdraw in kinds:
            return legal[[i for i, a in enumerate(legal) if isinstance(a, Withdraw)][0]]
        if state.battle is not None:
            return self._battle(state, side, legal)
        if Convert in kinds:
            return next((a for a in legal if a.unit is not None), legal[0])
        if Enter in kinds:
            return self._enter(state, legal)
        if Attack in kinds:
            return self._attack(state, side, legal)
        if Assault in kinds or Move in kinds:
            return self._move(state, side, legal)
        return next((a for a in legal if isinstance(a, End)), legal[0])

    def _odds_score(self, odds: dict[str, Any]) -> float:
        r = odds["results"]
        return sum(p * _GOOD.get(k, 0) for k, p in r.items()) - sum(p * _BAD.get(k, 0) for k, p in r.items())

    def _battle(self, state: DomState, side: str, legal: list[Any]) -> Any:
        b = state.battle.data
        first = legal[0]
        if any(isinstance(a, Add) for a in legal):
            return next(a for a in legal if isinstance(a, Add))  # everyone eligible joins
        if any(isinstance(a, Air) for a in legal) and side == b["attacker"]:
            return next(a for a in legal if isinstance(a, Air))
        if any(isinstance(a, Fight) for a in legal):
            return next(a for a in legal if isinstance(a, Fight))
        if isinstance(first, (Air, Pass)):
            return next((a for a in legal if isinstance(a, Air)), first)
        if isinstance(first, Choose):
            pref = ("bloodbath", "hold", "as", "retreat")
            return min(legal, key=lambda a: pref.index(a.choice))
        if isinstance(first, Loss):
            return max(legal, key=lambda a: (state.steps.get(a.unit, 0), -state.public_face(a.unit).attack))
        if isinstance(first, Retreat):
            return first
        if isinstance(first, Advance):
            units = [a for a in legal if a.unit is not None]
            return units[0] if units else first
        return first

    def _attack(self, state: DomState, side: str, legal: list[Any]) -> Any:
        best, best_score = None, self.threshold
        must = side == SOVIET and state.stalin is not None and not any(isinstance(a, End) for a in legal)
        for a in legal:
            if not isinstance(a, Attack):
                continue
            attackers = combat.eligible_attackers(state, side, a.target)
            o = combat.odds_summary(state, "pa", side, a.target, attackers, {})
            score = self._odds_score(o) + (0.3 if a.target in state.data.map.cities else 0)
            if score > best_score or (must and best is None):
                best, best_score = a, score
        return best or next(a for a in legal if isinstance(a, End))

    @staticmethod
    def winning_move(state: DomState, side: str, moves: list[Move]) -> Move | None:
        """A move that wins at once: a Soviet unit entering a town or city west of the initial
        front line (4.4 L395-397), a German unit entering a Moscow hex (4.1 L357-364)."""
        m = state.data.map
        if side == SOVIET:
            aims = {h for h in GreedyPlayer.rear_places(state) if state.control.get(h) != SOVIET}
        else:
            aims = {h for h in m.moscow() if state.control.get(h) != GERMAN}
        return next((a for a in moves if a.to in aims), None)

    def _move(self, state: DomState, side: str, legal: list[Any]) -> Any:
        win = self.winning_move(state, side, [a for a in legal if isinstance(a, Move)])
        if win is not None:
            return win
        assaults = [a for a in legal if isinstance(a, Assault)]
        for a in assaults:
            o = combat.odds_summary(state, "ma", GERMAN, a.target, a.units, {}, a.launch)
            if self._odds_score(o) > 0.6:
                return a
        moves = [a for a in legal if isinstance(a, Move)]
        if not moves:
            return next(a for a in legal if isinstance(a, End))
        m = state.data.map
        grid = m.grid
        keep: set[str] = set()
        if side == GERMAN:
            keep, guard = self._garrisons(state, moves)
            if guard is not None:
                return guard
            moves = [a for a in moves if a.unit not in keep]
        if side == GERMAN:
            aims = [h for h in m.cities if state.control.get(h) != GERMAN] or list(m.cities)
        else:
            aims = list(m.moscow())
        by_unit: dict[str, list[Move]] = {}
        for a in moves:
            by_unit.setdefault(a.unit, []).append(a)
        for u in sorted(by_unit, key=lambda _: self.rng.random()):
            here = state.hex_of(u)
            d0 = min(grid.distance(here, h) for h in aims)
            if side == SOVIET and (d0 > 6 and any(state.side_at(n) == GERMAN for n in state.data.neighbours[here])):
                continue  # hold the line
            best = min(by_unit[u], key=lambda a: (min(grid.distance(a.to, h) for h in aims), a.to))
            if min(grid.distance(best.to, h) for h in aims) < d0:
                return best
        return next(a for a in legal if isinstance(a, End))

    @staticmethod
    def rear_places(state: DomState) -> list[str]:
        """4.4 L395-397: the towns and cities west of the initial front line; a Soviet unit
        entering any of them wins the game for the Soviet player at once."""
        m = state.data.map
        return sorted(h for h in (*m.towns, *m.cities) if m.west_of_front(h))

    def _garrisons(self, state: DomState, moves: list[Move]) -> tuple[set[str], Move | None]:
        """The German rear guard (4.4): one unit stays in each town and city west of the initial
        front line (the enemy may not enter an occupied hex, 10.3); an empty one is filled by the
        weakest unit that can reach it. Returns (the units that stay, a move filling a gap)."""
        keep: set[str] = set()
        gaps = []
        for h in self.rear_places(state):
            mine = [u for u in state.at(h) if state.side_of(u) == GERMAN]
            if mine:
                keep.add(min(mine, key=lambda u: (state.public_face(u).attack, u)))
            else:
                gaps.append(h)
        grid = state.data.map.grid
        movable = {a.unit for a in moves} - keep
        free = [u for u in state.on_map(GERMAN) if u not in keep]
        for h in gaps:
            fill = [a for a in moves if a.to == h and a.unit not in keep]
            if fill:
                return keep, min(fill, key=lambda a: (state.is_mech(a.unit), state.public_face(a.unit).attack, a.unit))
            # the German unit nearest the gap walks towards it (if it may still move)
            near = min(free, key=lambda u: (grid.distance(state.hex_of(u), h), state.public_face(u).attack, u), default=None)
            if near is None or near not in movable:
                continue
            keep.add(near)
            d0 = grid.distance(state.hex_of(near), h)
            step = min((a for a in moves if a.unit == near), key=lambda a: (grid.distance(a.to, h), a.to))
            if grid.distance(step.to, h) < d0:
                return keep, step
        return keep, None

    def _enter(self, state: DomState, legal: list[Any]) -> Any:
        grid = state.data.map.grid
        mos = state.data.map.moscow()
        enters = [a for a in legal if isinstance(a, Enter)]
        return min(enters, key=lambda a: (min(grid.distance(a.to, h) for h in mos), a.to))


__all__ = ["GreedyPlayer", "RandomPlayer", "evaluate"]
