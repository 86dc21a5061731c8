"""Search players for any game: plan-level Monte Carlo search on top of the game's policy.

The *policy* is the game's first computer player (``registry.get(game).players()``, e.g. Battle
for Moscow's heuristic), or the generic random player for a game that offers none; it is made
as ``policy(seed=..., noise=σ)`` (a policy ignores ``noise`` if it has none). The leaf value is
the game's ``evaluate(state, side)`` (typhoon.core.contract), exact at the end of the game.

At each decision the player asks the policy what kind of decision it is (optional
``policy.search_kind(game)``; by default ``"choices"`` if there are at most ``max_choices``
legal actions, else ``"plan"``):

- ``"policy"``: the policy's own choice, no search;
- ``"choices"``: the legal actions themselves are the candidates (the policy's first: it wins
  ties), within the phase's playout budget;
- ``"plan"``: candidate plans for the rest of the player's own part of the phase: the policy's
  plan plus plans of noisy policies (optional ``policy.plan(game)``; by default the policy's
  actions until the phase moves on, the dice are due or another side must act).

Each candidate is played out on copies of the game by (noisy) policies on every side, with
dice drawn by the searcher's own generator (never the game's: no peeking at future rolls), for
``horizon`` phase changes (``rules.phase_key``), then scored by the evaluation. Every candidate
sees the same dice and policy seeds (common random numbers). The best mean wins; the plan is
then played one action at a time.

Hidden information: the player is given ``game.observed(side)`` and never sees the truth. In
a game without perfect information each playout (and the candidate plans) runs on a
*determinisation*: a full state drawn by ``rules.sample_hidden(observed, side, rng)`` with the
searcher's own generator, the same one for every candidate of a playout seed.

Strength is set by machine-independent budgets: candidates, rollouts per decision, horizon.
The same seed gives the same choices.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from ..core.contract import Player
from ..core.game import Game
from ..games import registry
from .base import DEFAULT_GAME, RandomPlayer, register


@dataclass(frozen=True)
class Budget:
    candidates: int  # plans compared per decision (the policy's own included)
    rollouts: int  # playouts per candidate
    horizon: int  # phase changes played out before the static evaluation; 0: to the end of the game
    noise: float = 1.0  # score noise of the plan variations
    rollout_noise: float = 0.0  # score noise of the playout policy (0: the policy itself)
    max_choices: int = 6  # single decisions with more legal actions than this fall back to plans
    phase_rollouts: int = 40  # playouts one phase may use; past it, small decisions are the policy's
    max_plan: int = 60  # default plans are cut after this many actions
    max_steps: int = 5000  # a playout stops after this many actions


LEVELS = {
    "search-easy": Budget(candidates=3, rollouts=2, horizon=4, phase_rollouts=18),
    "search-normal": Budget(candidates=4, rollouts=3, horizon=0, phase_rollouts=36),
    "search-hard": Budget(candidates=6, rollouts=4, horizon=0, phase_rollouts=80),
}


def policy_factory(game: str) -> Callable[..., Player]:
    """The game's policy for search: its first own player, or the generic random player."""
    own = registry.get(game).players()
    return next(iter(own.values())) if own else RandomPlayer


def sample_chance(game: Game, rng: random.Random) -> Any:
    """A chance outcome drawn with ``rng`` (never the game's dice). Equal chances use one
    ``randrange`` (so a six-sided roll costs what ``randint(1, 6)`` costs); others go by weight."""
    outcomes = game.chance_outcomes()
    probs = [p for _, p in outcomes]
    if all(p == probs[0] for p in probs):
        return outcomes[rng.randrange(len(outcomes))][0]
    x = rng.random() * float(sum(probs))
    for outcome, p in outcomes:
        x -= float(p)
        if x < 0:
            return outcome
    return outcomes[-1][0]


def determinise(game: Game, side: str, rng: random.Random) -> Game:
    """A private copy of ``game`` to play on: in a game with hidden information, with the hidden
    values drawn by the rules' ``sample_hidden`` from what ``side`` may know (its observation)."""
    g = game.copy()
    if not game.perfect_information:
        g.state = game.rules.sample_hidden(game.state, side, rng)
    return g


class SearchPlayer:
    """Monte Carlo plan search with the game's policy as candidate generator and rollout policy."""

    def __init__(self, seed: int = 0, budget: Budget | None = None, name: str = "search", game: str = DEFAULT_GAME,
                 **_: Any) -> None:
        self.name = name
        self.budget = budget or LEVELS["search-normal"]
        self.package = registry.get(game)
        self.policy = policy_factory(game)
        self.rng = random.Random(seed)
        self.base = self.policy(seed=seed)
        self._plan: list[Any] = []
        self._expect: Any = None
        self.stats = {"decisions": 0, "searches": 0, "rollouts": 0}
        self._phase: Any = None
        self._spent = 0  # playouts used in the current phase

    # -- the decision ---------------------------------------------------------------------
    def choose(self, game: Game) -> Any:
        self.stats["decisions"] += 1
        if self._plan and self._expect == self._position(game):
            return self._next(game)
        self._plan = []
        phase = (game.seed, game.rules.phase_key(game.state))
        if phase != self._phase:
            self._phase, self._spent = phase, 0
        me = game.current_player
        kind = self._kind(game)
        if kind == "policy":
            return self.base.choose(game)
        if kind == "choices":
            acts = list(game.legal_actions)
            if len(acts) == 1:
                return acts[0]
            h = self.base.choose(game)
            cost = len(acts) * self.budget.rollouts
            if len(acts) <= self.budget.max_choices and self._spent + cost <= self.budget.phase_rollouts:
                # the policy's choice first: it wins ties
                cands = [[h]] + [[a] for a in acts if a != h]
                return self._search(game, me, cands)
            return h
        cands = self._candidates(game, me)
        if len(cands) == 1:
            self._start(game, cands[0])
            return self._next(game)
        return self._search(game, me, cands)

    def _kind(self, game: Game) -> str:
        ask = getattr(self.base, "search_kind", None)
        if ask is not None:
            return ask(game)
        return "choices" if len(game.legal_actions) <= self.budget.max_choices else "plan"

    @staticmethod
    def _position(game: Game) -> Any:
        """Where the game stands: the plan goes on only if nothing but its own last action
        happened since (same game, next ply, that action last)."""
        return (game.seed, game.ply, str(game.log[-1].action) if game.log else None)

    def _start(self, game: Game, plan: list[Any]) -> None:
        self._plan = list(plan)
        self._expect = None

    def _next(self, game: Game) -> Any:
        a = self._plan.pop(0)
        self._expect = (game.seed, game.ply + 1, str(a)) if self._plan else None
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
                total += self._rollout(game, me, plan, s)
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
        # hidden values: the plans are made on one determinisation (the searcher's own draw)
        world = game if game.perfect_information else determinise(game, me, random.Random(self.rng.randrange(2**31)))
        for k in range(b.candidates * 2):
            if len(out) >= b.candidates:
                break
            noise = 0.0 if k == 0 else b.noise * (0.5 + (k % 3) * 0.5)
            pol = self.policy(seed=self.rng.randrange(2**31), noise=noise)
            plan = self._own_plan(world, pol)
            key = tuple(str(a) for a in plan)
            if plan and key not in seen:
                seen.add(key)
                out.append(plan)
        return out or [[self.base.choose(game)]]

    def _own_plan(self, game: Game, pol: Any) -> list[Any]:
        """The actions ``pol`` would take for the rest of this side's part of the phase: the
        policy's own ``plan`` if it has one, else until the phase moves on, the dice are due or
        another side must act."""
        make = getattr(pol, "plan", None)
        if make is not None:
            return make(game)
        g = game.copy()
        me = g.current_player
        start = g.rules.phase_key(g.state)
        plan: list[Any] = []
        while not g.is_over() and not g.is_chance() and g.current_player == me and g.rules.phase_key(g.state) == start:
            a = pol.choose(g)
            plan.append(a)
            g.push(a, validate=False)
            if len(plan) > self.budget.max_plan:
                break
        return plan

    # -- playouts -------------------------------------------------------------------------
    def _rollout(self, game: Game, me: str, plan: list[Any], seed: int) -> float:
        """``me``'s value after playing ``plan`` and then ``horizon`` phases of policies."""
        self.stats["rollouts"] += 1
        b = self.budget
        rng = random.Random(seed)
        g = determinise(game, me, rng)
        rules = g.rules
        checked = not g.perfect_information  # a plan made on another determinisation may not fit this one
        for a in plan:
            if g.is_over() or (checked and not rules.is_legal(g.state, a)):
                break
            g.push(a, validate=False)
        pols = {side: self.policy(seed=rng.randrange(2**31), noise=b.rollout_noise) for side in self.package.sides}
        changes = 0
        last = rules.phase_key(g.state)
        steps = 0
        horizon = b.horizon or 10**6
        while not g.is_over() and changes < horizon and steps < b.max_steps:
            steps += 1
            if g.is_chance():
                g.push(sample_chance(g, rng), validate=False)  # our own dice, not the game's
            else:
                g.push(pols[g.current_player].choose(g), validate=False)
            now = rules.phase_key(g.state)
            if now != last:
                changes += 1
                last = now
        return float(self.package.evaluate(g.state, me))


def _factory(level: str):
    def make(seed: int = 0, **kw: Any) -> SearchPlayer:
        return SearchPlayer(seed=seed, budget=LEVELS[level], name=level, **kw)

    return make


for _level in LEVELS:
    register(_level, _factory(_level))
