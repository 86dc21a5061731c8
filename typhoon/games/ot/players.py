"""Computer players of Operation Typhoon and the heuristic value of a position.

Players get ``game.observed(side)``: enemy chits read UNKNOWN (estimated at their pool's mean,
8.43) and the Plan is hidden from the Russian."""

from __future__ import annotations

import math
import random
from typing import Any

from . import combat
from .actions import Advance, Air, Attack, End, Exit, Loss, Move, Retreat
from .state import OtState
from .strength import expected_strength
from .victory import TOWNS_18_1

_GOOD = {1: 1.0, 2: 1.6, 3: 2.2, 4: 2.8}


def objectives(state: OtState) -> list[str]:
    """The places the German aims at (18.19 / 18.29 / 18.39; the cities elsewhere)."""
    d = state.data
    if state.scenario_key == "18.1":
        names = ("Tula",) + TOWNS_18_1
        return [d.place_hex[n] for n in names if n in d.place_hex]
    return [h for h in d.cities if h in state.scen.hexes] or [h for h in state.control]


def material(state: OtState, side: str) -> float:
    return sum(float(expected_strength(state, u)) for u in state.on_map(side))


def evaluate(state: OtState, side: str) -> float:
    """A value in [0, 1] for ``side``: the level reached, places held and strength."""
    if state.outcome is not None:
        return 0.5 if state.outcome.winner is None else float(state.outcome.winner == side)
    aims = objectives(state)
    held = sum(1 for h in aims if state.control.get(h) == "german") / max(1, len(aims))
    g, r = material(state, "german"), material(state, "russian")
    x = 3.0 * (held - 0.4) + 1.5 * (g - r) / max(1.0, g + r) + 0.02 * state.vp
    v = 1 / (1 + math.exp(-x))
    return v if side == "german" else 1 - v


class RandomPlayer:
    """Any legal action, at random."""

    def __init__(self, seed: int | None = None, **_: Any) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        legal = game.legal_actions  # by index: the same draw as random.choice, without building the list where the rules count
        return legal[self.rng.randrange(len(legal))]


class GreedyPlayer:
    """A simple player: Germans close on the objectives, Russians on the nearest German
    threat to them; attacks at the best expected result; ground support on good odds."""

    def __init__(self, seed: int | None = None, **_: Any) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        state: OtState = game.state
        side = game.current_player
        legal = list(game.legal_actions)
        if len(legal) == 1:
            return legal[0]
        exits = [a for a in legal if isinstance(a, Exit) and a.edge == "N"]
        if exits:
            return exits[0]
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return self._move(state, side, moves, legal)
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks:
            return self._attack(state, attacks, legal)
        if isinstance(legal[0], Air):
            return max(legal, key=lambda a: a.points)
        if isinstance(legal[0], (Loss, Retreat)):
            ret = [a for a in legal if isinstance(a, Retreat)]
            if ret:
                return ret[0]
            return min(legal, key=lambda a: (state.steps.get(a.unit, 1), float(expected_strength(state, a.unit))))
        if isinstance(legal[0], Advance):
            adv = [a for a in legal if a.unit is not None]
            aims = set(objectives(state))
            good = [a for a in adv if a.to in aims] or adv[:1]
            return good[0] if good and side == "german" else Advance(None)
        if any(isinstance(a, End) for a in legal):
            return next(a for a in legal if isinstance(a, End))
        return self.rng.choice(legal)

    def _move(self, state: OtState, side: str, moves: list[Move], legal: list[Any]) -> Any:
        g = state.data.grid
        aims = objectives(state)
        if side == "russian":
            germans = [state.hex_of(u) for u in state.on_map("german")]
            aims = [h for h in aims if state.control.get(h) != "german"] or aims
            if germans:
                aims = sorted(aims, key=lambda h: min(g.distance(h, x) for x in germans))[:3]
        else:
            aims = [h for h in aims if state.control.get(h) != "german"] or aims

        def dist(h: str | None) -> int:
            if h is None:
                return 99
            return min(g.distance(h, a) for a in aims) if aims else 0

        best, gain = None, 0
        for a in moves:
            if state.data.units[a.unit].is_hq:
                continue
            d = dist(state.hex_of(a.unit)) - dist(a.to)
            if d > gain or (d == gain and best is not None and self.rng.random() < 0.1):
                best, gain = a, d
        if best is not None and gain > 0:
            return best
        hq = [a for a in moves if state.data.units[a.unit].is_hq]
        if hq and side == "german":
            # HQs follow their units: the move nearest the centre of their corps
            pass
        return next(a for a in legal if isinstance(a, End))

    def _attack(self, state: OtState, attacks: list[Attack], legal: list[Any]) -> Any:
        best, score = None, -9.0
        seen: set[str] = set()
        for a in sorted(attacks, key=lambda a: -len(a.units)):
            if a.targets in seen:
                continue
            seen.add(a.targets)
            o = combat.odds(state, a.target, list(a.units), also=a.also)
            s = 0.0
            for r, p in o["results"].items():
                side, n, m, _ = combat.parse_result(r)
                s += p * (n + m) * (1 if side == "D" else -0.8)
            if s > score:
                best, score = a, s
        end = next((a for a in legal if isinstance(a, End)), None)
        if end is not None and score < 0.2:
            return end
        return best
