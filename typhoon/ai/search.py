"""Search players: plan-level Monte Carlo search on top of the heuristic player.

At each decision the player builds candidate plans for the rest of its own part of the phase
(all moves of a movement phase, all declarations of a combat phase, all replacements; or each
legal choice of a retreat, loss, advance, stand-fast or battle order): the heuristic's own plan
plus plans of the heuristic with noisy scores. Each candidate is played out on copies of the
game (``Game.copy``) by noisy heuristics on both sides, with dice drawn by the searcher's own
generator (never the game's: no peeking at future rolls), for ``horizon`` phase changes, then
scored by the static evaluation (``evaluate.german_value``, exact at the end of the game).
Every candidate sees the same dice and policy seeds (common random numbers). The best mean
wins; the plan is then played one action at a time.

Strength is set by machine-independent budgets: candidates, rollouts per decision, horizon.
The same seed gives the same choices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..core.game import Game
from ..games.bfm import movement
from ..games.bfm.actions import Commit, EndPhase, Roll
from .base import register
from .evaluate import german_value
from .heuristic import HeuristicPlayer


@dataclass(frozen=True)
class Budget:
    candidates: int  # plans compared per decision (the heuristic's own included)
    rollouts: int  # playouts per candidate
    horizon: int  # phase changes played out before the static evaluation; 0: to the end of the game
    noise: float = 1.0  # score noise of the plan variations
    rollout_noise: float = 0.0  # score noise of the playout policy (0: the heuristic itself)
    max_choices: int = 6  # single decisions with more legal actions than this fall back to plans
    phase_rollouts: int = 40  # playouts one phase may use; past it, small decisions are the heuristic's


LEVELS = {
    "search-easy": Budget(candidates=3, rollouts=2, horizon=4, phase_rollouts=18),
    "search-normal": Budget(candidates=4, rollouts=3, horizon=0, phase_rollouts=36),
    "search-hard": Budget(candidates=6, rollouts=4, horizon=0, phase_rollouts=80),
}


def _fingerprint(game: Game) -> Any:
    s = game.state
    return (s.turn, s.phase, frozenset(s.hex_of.items()), frozenset(s.reduced), s.replacements_left, s.committed,
            s.current, tuple((t, len(b.attackers), b.step) for t, b in s.battles.items()), len(game.log))


class SearchPlayer:
    """Monte Carlo plan search with the heuristic as candidate generator and rollout policy."""

    def __init__(self, seed: int = 0, budget: Budget | None = None, name: str = "search", **_: Any) -> None:
        self.name = name
        self.budget = budget or LEVELS["search-normal"]
        self.rng = random.Random(seed)
        self.base = HeuristicPlayer(seed=seed)
        self._plan: list[Any] = []
        self._expect: Any = None
        self.stats = {"decisions": 0, "searches": 0, "rollouts": 0}
        self._phase: Any = None
        self._spent = 0  # playouts used in the current phase

    # -- the decision ---------------------------------------------------------------------
    def choose(self, game: Game) -> Any:
        self.stats["decisions"] += 1
        if self._plan and self._expect == _fingerprint(game):
            return self._next(game)
        self._plan = []
        state = game.state
        phase = (game.seed, state.turn, state.phase)
        if phase != self._phase:
            self._phase, self._spent = phase, 0
        kind = movement.phase_spec(state).kind
        if kind == "setup":
            return self.base.choose(game)
        me = game.current_player
        if kind == "combat" and state.committed:
            acts = list(game.legal_actions)
            if len(acts) == 1:
                return acts[0]
            h = self.base.choose(game)
            cost = len(acts) * self.budget.rollouts
            if len(acts) <= self.budget.max_choices and self._spent + cost <= self.budget.phase_rollouts:
                # the heuristic's choice first: it wins ties
                cands = [[h]] + [[a] for a in acts if a != h]
                return self._search(game, me, cands)
            return h
        cands = self._candidates(game, me)
        if len(cands) == 1:
            self._start(game, cands[0])
            return self._next(game)
        return self._search(game, me, cands)

    def _start(self, game: Game, plan: list[Any]) -> None:
        self._plan = list(plan)
        self._expect = _fingerprint(game)

    def _next(self, game: Game) -> Any:
        a = self._plan.pop(0)
        # the fingerprint after this action is known only once it is applied: simulate on a copy
        if self._plan:
            g = game.copy()
            g.push(a, validate=False)
            self._expect = _fingerprint(g) if g.current_player == game.current_player and not g.is_chance() else None
        else:
            self._expect = None
        return a

    def _search(self, game: Game, me: str, cands: list[list[Any]]) -> Any:
        self.stats["searches"] += 1
        b = self.budget
        seeds = [self.rng.randrange(2**31) for _ in range(b.rollouts)]
        self._spent += len(seeds) * len(cands)
        best, best_v = cands[0], None
        for plan in cands:
            total = 0.0
            for s in seeds:
                v = self._rollout(game, plan, s)
                total += v if me == "german" else 1.0 - v
            mean = total / len(seeds)
            if best_v is None or mean > best_v + 1e-9:
                best, best_v = plan, mean
        self._start(game, best)
        return self._next(game)

    # -- candidates -----------------------------------------------------------------------
    def _candidates(self, game: Game, me: str) -> list[list[Any]]:
        b = self.budget
        out: list[list[Any]] = []
        seen = set()
        for k in range(b.candidates * 2):
            if len(out) >= b.candidates:
                break
            noise = 0.0 if k == 0 else b.noise * (0.5 + (k % 3) * 0.5)
            pol = HeuristicPlayer(seed=self.rng.randrange(2**31), noise=noise)
            plan = self._own_plan(game, me, pol)
            key = tuple(str(a) for a in plan)
            if key not in seen:
                seen.add(key)
                out.append(plan)
        return out

    @staticmethod
    def _own_plan(game: Game, me: str, pol: HeuristicPlayer) -> list[Any]:
        """The actions ``pol`` would take from here until the phase moves on, the dice are due
        or the other side must act."""
        g = game.copy()
        start = (g.state.turn, g.state.phase)
        plan = []
        while not g.is_over() and not g.is_chance() and g.current_player == me and (g.state.turn, g.state.phase) == start:
            a = pol.choose(g)
            plan.append(a)
            g.push(a, validate=False)
            if isinstance(a, (Commit, EndPhase)) or len(plan) > 60:
                break
        return plan

    # -- playouts -------------------------------------------------------------------------
    def _rollout(self, game: Game, plan: list[Any], seed: int) -> float:
        """German value after playing ``plan`` and then ``horizon`` phases of noisy heuristics."""
        self.stats["rollouts"] += 1
        b = self.budget
        rng = random.Random(seed)
        g = game.copy()
        for a in plan:
            if g.is_over():
                break
            g.push(a, validate=False)
        pols = {"german": HeuristicPlayer(seed=rng.randrange(2**31), noise=b.rollout_noise),
                "soviet": HeuristicPlayer(seed=rng.randrange(2**31), noise=b.rollout_noise)}
        changes = 0
        last = (g.state.turn, g.state.phase)
        steps = 0
        horizon = b.horizon or 10**6
        while not g.is_over() and changes < horizon and steps < 5000:
            steps += 1
            if g.is_chance():
                g.push(Roll(rng.randint(1, 6)), validate=False)  # our own dice, not the game's
            else:
                g.push(pols[g.current_player].choose(g), validate=False)
            now = (g.state.turn, g.state.phase)
            if now != last:
                changes += 1
                last = now
        return german_value(g.state)


def _factory(level: str):
    def make(seed: int = 0, **kw: Any) -> SearchPlayer:
        return SearchPlayer(seed=seed, budget=LEVELS[level], name=level, **kw)

    return make


for _level in LEVELS:
    register(_level, _factory(_level))
