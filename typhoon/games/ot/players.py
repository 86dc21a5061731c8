"""Computer players of Operation Typhoon and the heuristic value of a position.

Players get ``game.observed(side)``: enemy chits read UNKNOWN (estimated at their pool's mean,
8.43) and the Plan is hidden from the Russian."""

from __future__ import annotations

import functools
import math
import random
from typing import Any

from ...core.paths import flood
from . import combat
from .actions import Advance, Air, Attack, End, Exit, Loss, Move, Plan, Retreat
from .state import OtState
from .strength import expected_strength, parent_of
from .supply import imaginary_german_unit_supplied
from .victory import PLACES_18_2, PLACES_18_3, TOWNS_18_1, exit_hexes, exited

#: scenarios where German units keep within a supply line of their HQ (GreedyPlayer._tether)
TETHERED = frozenset({"18.3"})
#: exits the German's victory conditions count, and how many (18.19, 18.29, 18.39)
EXIT_NEEDS = {"18.1": {"N": 4, "E": 5}, "18.2": {"S": 6, "E": 3}, "18.3": {"E": 3}}

#: the places each scenario's victory conditions name (18.19, 18.29, 18.39); the campaign aims at the Cities (16.14)
OBJECTIVE_PLACES = {"18.1": ("Tula",) + TOWNS_18_1, "18.2": PLACES_18_2, "18.3": PLACES_18_3}

_GOOD = {1: 1.0, 2: 1.6, 3: 2.2, 4: 2.8}


def objectives(state: OtState) -> list[str]:
    """The places the German aims at (18.19 / 18.29 / 18.39; the cities elsewhere)."""
    d = state.data
    names = OBJECTIVE_PLACES.get(state.scenario_key)
    if names:
        aims = [d.place_hex[n] for n in names if n in d.place_hex]
        if state.scenario_key == "18.3":
            aims.append(d.grid.canonical("B3531"))  # 18.39: the Kremlin
        return aims
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


@functools.lru_cache(maxsize=256)
def _distance_field(scen: Any, aims: frozenset[str]) -> dict[str, int]:
    """Hexes to the nearest of ``aims`` across the scenario's map (one search per set of aims)."""
    return flood(sorted(aims), scen.neighbours.__getitem__, lambda h: True)


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
        if state.pending is not None and state.pending["kind"] == "free_setup":
            return End()  # 18.12(2): the historical positions are a sound Free set-up
        legal = list(game.legal_actions)
        if len(legal) == 1:
            return legal[0]
        exits = [a for a in legal if isinstance(a, Exit) and self._exit_counts(state, side, a)]
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
        if isinstance(legal[0], Plan):
            return Plan("historical")  # 18.49: the Victory Points alone decide it
        if any(isinstance(a, End) for a in legal):
            return next(a for a in legal if isinstance(a, End))
        return self.rng.choice(legal)

    @staticmethod
    def _exit_counts(state: OtState, side: str, action: Exit) -> bool:
        """An exit worth making: one the scenario counts (18.19 north 4 / east 5, 18.29 hexrow
        0100 6 / east 3, 18.39 east 3, 18.5 Soviet west 12), not beyond the number that counts,
        and (18.19, 18.29) from a hex an imaginary unit traces supply from."""
        if side == "russian":
            need = {"W": 12} if state.scenario_key == "18.5" else {}
        else:
            need = EXIT_NEEDS.get(state.scenario_key, {})
        n = need.get(action.edge, 0)
        if len(exited(state, action.edge, side=side)) >= n:
            return False
        if action.edge in ("N", "S"):
            unit = state.hex_of(action.unit)
            return unit is not None and imaginary_german_unit_supplied(state, unit)
        return True

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
            if state.scenario_key == "18.2":
                aims = aims + list(exit_hexes(state).get("S", ()))  # 18.29: the exits into hexrow 0100

        field = _distance_field(state.scen, frozenset(aims))

        def dist(h: str | None) -> int:
            if h is None:
                return 99
            return field.get(h, 99) if aims else 0

        tether = self._tether(state, side)
        best, gain = None, 0
        for a in moves:
            if state.data.units[a.unit].is_hq or not tether(a):
                continue
            d = dist(state.hex_of(a.unit)) - dist(a.to)
            if d > gain or (d == gain and best is not None and self.rng.random() < 0.1):
                best, gain = a, d
        if best is not None and gain > 0:
            return best
        hq = self._hq_move(state, side, [a for a in moves if state.data.units[a.unit].is_hq])
        if hq is not None:
            return hq
        return next(a for a in legal if isinstance(a, End))

    @staticmethod
    def _tether(state: OtState, side: str) -> Any:
        """A German unit keeps within a supply line (12.11: six hexes, four in snow) of its own HQ,
        or closes on it: an advance beyond it would go Out of Supply or Isolated (12.4, 12.5).
        Only in the scenarios of ``TETHERED`` (measured: it helps 18.3's infantry army; in 18.1 and
        18.2 the panzer armies must run for the towns and exits)."""
        if side != "german" or state.scenario_key not in TETHERED:
            return lambda a: True
        g, d = state.data.grid, state.data
        reach = 4 if state.snow else 6
        hq_hex = {d.units[u].parent: state.hex_of(u) for u in state.on_map("german") if d.units[u].is_hq}

        def ok(a: Move) -> bool:
            h = hq_hex.get(parent_of(state, a.unit))
            here = state.hex_of(a.unit)
            if h is None or here is None:
                return True
            return g.distance(a.to, h) <= reach or g.distance(a.to, h) < g.distance(here, h)

        return ok

    @staticmethod
    def _hq_move(state: OtState, side: str, moves: list[Move]) -> Move | None:
        """HQs follow their units (12.11 / 12.21: supply is traced to them): the HQ move that most
        reduces the distances to its subordinate units, never next to an enemy unit."""
        if not moves:
            return None
        g = state.data.grid
        enemy = {state.hex_of(u) for u in state.on_map("russian" if side == "german" else "german")}
        near_enemy = enemy | {n for e in enemy for n in state.scen.neighbours[e]}
        by_parent: dict[str, list[str]] = {}
        for u in state.on_map(side):
            if not state.data.units[u].is_hq:
                by_parent.setdefault(parent_of(state, u), []).append(state.hex_of(u))
        best, gain = None, 0.0
        for a in moves:
            mine = by_parent.get(parent_of(state, a.unit))
            here = state.hex_of(a.unit)
            if not mine or here is None or a.to in near_enemy:
                continue
            d = sum(g.distance(here, h) for h in mine) - sum(g.distance(a.to, h) for h in mine)
            if d / len(mine) > gain + 0.5:
                best, gain = a, d / len(mine)
        return best

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
