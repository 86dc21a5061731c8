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

Candidates come from a *population* of policies: the policy's own plan, then one plan per
playing style the policy offers (optional ``policy.population()``: a list of keyword sets,
e.g. Battle for Moscow's ``{"style": "aggressive"}``), then the level's extra candidates (the
policy with options of its own, ``Budget.extra_candidates``: plans the population never proposes,
never a playout policy), then noisy plans of random styles.

Each candidate is played out on copies of the game, with dice drawn by the searcher's own
generator (never the game's: no peeking at future rolls), for ``horizon`` phase changes
(``rules.phase_key``), then scored by the evaluation. The opponent in a playout is drawn from
the population too (a style and a noise level per playout seed: never one fixed opponent, so
the search does not overfit to its own policy); its own side plays the policy with a little
noise. Every candidate sees the same dice, opponents and policy seeds (common random numbers).
Rollouts are spent by successive halving (a bandit over the candidates: each round every
surviving challenger and the policy's own candidate get the same playouts, the worse half of
the challengers is dropped) until ``rollouts`` playouts per candidate on average are used. The
best challenger is played only if it beats the policy's own candidate on the same playouts by
``anchor_z`` standard errors (else the policy's): the best of several noisy means is mostly
luck, and a search that trusts it plays worse than its policy. The plan is then played one
action at a time.

Hidden information: the player is given ``game.observed(side)`` and never sees the truth. In
a game without perfect information each playout (and the candidate plans) runs on a
*determinisation*: a full state drawn by ``rules.sample_hidden(observed, side, rng)`` with the
searcher's own generator, the same one for every candidate of a playout seed.

Strength is set by machine-independent budgets: candidates, rollouts per decision, horizon,
and ``decisive`` times the rollouts on the decisions the policy calls decisive (optional
``policy.decisive(game)``: where the game is won or lost); with ``to_the_end``, playouts to the
end of the game on the decisions the policy says should see it (optional
``policy.to_the_end(game)``). The same seed gives the same
choices. A game whose playouts cost far more than Battle for Moscow's changes some fields of a
level's budget (the package's ``search_budgets``), so that each level keeps its decision time
there too (docs/ai.md, "Search in the other games"). A package may also give a level's own
policies options of their own (``own_options``: keyword options of the policy for the searcher's
own plans, own single decisions and own side in the playouts, never for the opponents it
plays out), so that what it has measured better for its own play does not change its model of
the other side; and options its own policies have inside a search only (``searched_options``:
its candidate plans and its own side in the playouts), so that what it measured better where it
does not search need not change the plans it searches.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable

from ..core.contract import Player
from ..core.game import Game
from ..games import registry
from .base import DEFAULT_GAME, RandomPlayer, register
from .modelled import OpponentFit


@dataclass(frozen=True)
class Budget:
    candidates: int  # plans compared per decision (the policy's own included)
    rollouts: int  # playouts per candidate (on average: successive halving spends them)
    horizon: int  # phase changes played out before the static evaluation; 0: to the end of the game
    noise: float = 1.0  # score noise of the plan variations
    rollout_noise: float = 0.0  # score noise of the playout policy (0: the policy itself)
    max_choices: int = 6  # single decisions with more legal actions than this fall back to plans
    phase_rollouts: int = 40  # playouts one phase may use; past it, small decisions are the policy's
    # playouts one phase may use in all, plan searches included; past it, every decision is the
    # policy's (0: no cap; a game whose playouts cost far more sets it, ``search_budgets``)
    phase_cap: int = 0
    max_plan: int = 60  # default plans are cut after this many actions
    max_steps: int = 5000  # a playout stops after this many actions
    opponent_noise: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0)  # noise levels of playout opponents
    own_noise: float = 0.3  # noise of the searcher's own side in playouts
    population: bool = True  # candidates and playout opponents from the policy's population
    # a challenger replaces the policy's own candidate only if it is better on the same playouts
    # by this many standard errors of the paired differences (0: the best mean, ties to the policy)
    anchor_z: float = 0.0
    # ... and by at least this much in mean value (0: any gain): a gain smaller than the
    # evaluation's own error is no reason to leave the policy's plan, however many standard
    # errors it is (common random numbers make the paired differences of two near-equal plans
    # tiny and steady, so z alone lets them through)
    anchor_margin: float = 0.0
    # ... and, on the playouts against each style of opponent of the population taken alone, be
    # no worse on average: a plan that gains against one style and loses against another is a
    # bet on the opponent's style, not a better plan (False: the mean over all opponents)
    robust: bool = False
    # noise of the searcher's own policy (its own candidate and its single decisions): an easy
    # level plays the policy with mistakes by design (0: the policy itself)
    play_noise: float = 0.0
    # a decision the policy searches only against an opponent its population models (optional
    # ``policy.searched_if_modelled(game)``) is searched while the opponent's observed decisions
    # with a choice agree with some member's at least this often (typhoon.ai.modelled), else it
    # is the policy's; None: always the policy's
    model_gate: float | None = None
    # such a search keeps the policy's own plan unless a challenger beats it by this many
    # standard errors and is no worse against each playout style alone (``robust``)
    gated_anchor_z: float = 1.5
    # ``rollouts`` and ``phase_rollouts`` multiplied by this on the decisions the policy calls
    # decisive (optional ``policy.decisive(game)``; Battle for Moscow: the Soviet's on its last
    # three turns, when Moscow is held or lost, 5.0): the budget spent where the game is decided
    decisive: int = 1
    # on the decisions the policy says the end of the game is near enough to see (optional
    # ``policy.to_the_end(game)``), playouts run to the end of the game, not ``horizon`` phases:
    # a won or lost game instead of the evaluation's guess where the last turns decide it
    to_the_end: bool = False
    # keyword options of the searcher's own policies: its own candidate and single decisions,
    # its candidates' plans and its own side in the playouts; never the playout opponents (the
    # search's model of the other side) nor the opponent fit (``model_gate``). A package may set
    # them per level (``search_budgets``: Battle for Moscow's search-hard German, the heuristic's
    # ``g_axis_all`` with ``g_axis_ring``, docs/ai.md, session 62; ``g_axis_all`` alone, not kept, 59)
    own_options: tuple[tuple[str, Any], ...] = ()
    # candidate plans of the searcher's own besides the population's: each a keyword set of the
    # policy (with ``own_options``), made after the styles' plans; never a playout policy, so the
    # search plays one only where its playouts find it better than the policy's own plan (a
    # package sets them per level, ``search_budgets``: Battle for Moscow's search-hard, session 59)
    extra_candidates: tuple[tuple[tuple[str, Any], ...], ...] = ()
    # keyword options of the searcher's own policies inside a search only, over ``own_options``:
    # its candidates' plans (its own plan, the styles' and the extra ones) and its own side in the
    # playouts; its decisions it does not search (a decision searched only against a modelled
    # opponent, against one no member models) keep ``own_options`` alone. So a plan measured
    # better where the search is not there to choose need not replace the plan the search was
    # anchored on where it is (Battle for Moscow's search-hard German, docs/ai.md, session 63)
    searched_options: tuple[tuple[str, Any], ...] = ()


LEVELS = {
    # search-easy: the policy with mistakes by design (noise 4 on every score: with 2, search-normal
    # scored only 0.592 against it, session 20), no search; the others play out a few phases and
    # score the position with the game's evaluation (a playout to the end of the game ends in a
    # won or lost game: far noisier). docs/ai.md, sessions 10 and 20
    "search-easy": Budget(candidates=1, rollouts=1, horizon=4, phase_rollouts=0, population=False, play_noise=4.0),
    # (a game's package may change any field per level, ``search_budgets``: Battle for Moscow's
    # search-normal searches less, its ``plans.LEVEL_BUDGETS``, docs/ai.md session 67)
    "search-normal": Budget(candidates=6, rollouts=4, horizon=4, phase_rollouts=48),
    # search-hard and search-expert also search the decisions a policy searches only against an
    # opponent its population models (Battle for Moscow's German), while it does (docs/ai.md,
    # session 32: the heuristic's Soviet 1.0, search-normal's about 0.87, search-easy's 0.55,
    # the independent baselines 0.3, random play 0.1)
    # (on the decisive decisions: three times the playouts, session 35; five, tried in session 42,
    # won more against the heuristic's German and fewer against the independent baselines, 43)
    "search-hard": Budget(candidates=12, rollouts=12, horizon=6, phase_rollouts=160, model_gate=0.75, decisive=3),
    "search-expert": Budget(candidates=16, rollouts=16, horizon=8, phase_rollouts=320, model_gate=0.75, decisive=3),
}


def level_budget(level: str, game: str = DEFAULT_GAME, options: dict[str, Any] | None = None) -> Budget:
    """The budget of a search level in ``game`` with ``options``: the level's, with the fields
    the game's package sets otherwise (``search_budgets``; a scenario may cost more)."""
    own = getattr(registry.get(game), "search_budgets", None)
    return replace(LEVELS[level], **(own(options).get(level, {}) if own is not None else {}))


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
                 level: str | None = None, **_: Any) -> None:
        self.name = name
        self.level = level  # a level's budget follows the game's options (level_budget)
        self.game_name = game
        self.budget = budget or LEVELS["search-normal"]
        self._options: Any = None
        self.package = registry.get(game)
        self.policy = policy_factory(game)
        self.rng = random.Random(seed)
        self._seed = seed
        self.base = self._own_policy(seed, self.budget.play_noise)
        pop = getattr(self.base, "population", None)
        self.styles: list[dict[str, Any]] = list(pop()) if pop is not None and self.budget.population else []
        self._plan: list[Any] = []
        self._expect: Any = None
        self.stats = {"decisions": 0, "searches": 0, "rollouts": 0}
        self._phase: Any = None
        self._spent = 0  # playouts used in the current phase
        self._opponents: dict[int, Any] = {}  # the current search's playout seeds: the opponents' styles
        self._fit: OpponentFit | None = None  # how well the population models the opponent (model_gate)
        self._to_end = False  # this decision's playouts run to the end of the game (Budget.to_the_end)

    # -- the decision ---------------------------------------------------------------------
    def choose(self, game: Game) -> Any:
        self.stats["decisions"] += 1
        if self.level is not None and game.options != self._options:
            self._options = dict(game.options)
            own = self.budget.own_options
            self.budget = level_budget(self.level, self.game_name, game.options)
            if self.budget.own_options != own:
                self.base = self._own_policy(self._seed, self.budget.play_noise)
        if self._plan and self._expect == self._position(game):
            return self._next(game)
        self._plan = []
        phase = (game.seed, game.rules.phase_key(game.state))
        if phase != self._phase:
            self._phase, self._spent = phase, 0
        me = game.current_player
        kind = self._kind(game)
        gated = kind != "policy" and self._needs_model(game)
        if gated and not self._modelled(game, me):
            kind = "policy"
        if kind == "policy" or 0 < self.budget.phase_cap <= self._spent:
            return self.base.choose(game)
        scale = self._scale(game)
        self._to_end = self._sees_the_end(game)
        if kind == "choices":
            acts = list(game.legal_actions)
            if len(acts) == 1:
                return acts[0]
            h = self.base.choose(game)
            cost = len(acts) * self.budget.rollouts * scale
            if len(acts) <= self.budget.max_choices and self._spent + cost <= self.budget.phase_rollouts * scale:
                # the policy's choice first: it wins ties
                cands = [[h]] + [[a] for a in acts if a != h]
                return self._search(game, me, cands, gated, scale)
            return h
        cands = self._candidates(game, me)
        if len(cands) == 1:
            self._start(game, cands[0])
            return self._next(game)
        return self._search(game, me, cands, gated, scale)

    def _kind(self, game: Game) -> str:
        ask = getattr(self.base, "search_kind", None)
        if ask is not None:
            return ask(game)
        return "choices" if len(game.legal_actions) <= self.budget.max_choices else "plan"

    def _scale(self, game: Game) -> int:
        """How many times the level's playouts this decision gets: ``Budget.decisive`` if the
        policy calls it decisive (optional ``policy.decisive(game)``), else 1."""
        if self.budget.decisive <= 1:
            return 1
        return self.budget.decisive if self._policy_says("decisive", game) else 1

    def _sees_the_end(self, game: Game) -> bool:
        """Whether this decision's playouts run to the end of the game (``Budget.to_the_end``
        and the policy's optional ``policy.to_the_end(game)``)."""
        return self.budget.to_the_end and self._policy_says("to_the_end", game)

    def _needs_model(self, game: Game) -> bool:
        return self._policy_says("searched_if_modelled", game)

    def _policy_says(self, question: str, game: Game) -> bool:
        """The policy's answer to one of its optional yes-or-no questions about this decision
        (``decisive``, ``to_the_end``, ``searched_if_modelled``); no when it has no such question."""
        ask = getattr(self.base, question, None)
        return ask is not None and bool(ask(game))

    def _modelled(self, game: Game, me: str) -> bool:
        """Whether the opponent's decisions so far agree with the population's members at
        least ``model_gate`` of the time (typhoon.ai.modelled); never without a gate."""
        gate = self.budget.model_gate
        if gate is None:
            return False
        if self._fit is None:
            self._fit = OpponentFit(self.policy, [{}] + self.styles)
        fit = self._fit.update(game, me)
        self.stats["opponent_fit"] = fit
        return fit is not None and fit >= gate

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

    def _search(self, game: Game, me: str, cands: list[list[Any]], gated: bool = False, scale: int = 1) -> Any:
        """Successive halving over the challengers with common random numbers (module
        docstring), the policy's own candidate (the first) kept to the end; then
        :func:`_prefer`: the best challenger only if it beats the policy's own candidate on
        the same playouts by ``anchor_z`` standard errors. ``scale``: times the level's
        playouts (``_scale``)."""
        self.stats["searches"] += 1
        b = self.budget
        budget = b.rollouts * scale * len(cands)
        values: list[list[float]] = [[] for _ in cands]  # per candidate: its playouts' values, seed by seed
        played: list[int] = []  # the playout seeds, in the order of values[0] (and of the last challenger's)
        self._opponents = {}
        alive = list(range(1, len(cands)))  # the challengers; candidate 0 (the policy's) plays every round
        rounds = max(1, (len(cands) - 1).bit_length())  # halvings down to one challenger
        if not alive:  # one candidate: nothing to compare
            self._start(game, cands[0])
            return self._next(game)

        def mean(i: int) -> float:
            return sum(values[i]) / len(values[i])

        for _ in range(rounds):
            per = max(1, budget // ((len(alive) + 1) * rounds))
            seeds = [self.rng.randrange(2**31) for _ in range(per)]
            played += seeds
            for i in [0] + alive:
                values[i].extend(self._rollout(game, me, cands[i], sd) for sd in seeds)
            self._spent += per * (len(alive) + 1)
            if len(alive) == 1:
                break
            alive.sort(key=lambda i: (-mean(i), i))
            alive = sorted(alive[: max(1, (len(alive) + 1) // 2)])
        best = min(alive, key=lambda i: (-mean(i), i))
        anchor_z = max(b.anchor_z, b.gated_anchor_z) if gated else b.anchor_z
        better = _prefer(values[best], values[0], anchor_z, b.anchor_margin)
        if better and (b.robust or gated):
            better = _no_worse_against_any(values[best], values[0], [self._opponents.get(sd) for sd in played])
        chosen = best if better else 0
        self._start(game, cands[chosen])
        return self._next(game)

    # -- candidates -----------------------------------------------------------------------
    def _candidates(self, game: Game, me: str) -> list[list[Any]]:
        b = self.budget
        out: list[list[Any]] = []
        seen = set()
        # hidden values: the plans are made on one determinisation (the searcher's own draw)
        world = game if game.perfect_information else determinise(game, me, random.Random(self.rng.randrange(2**31)))

        def add(pol: Any) -> None:
            plan = self._own_plan(world, pol)
            key = tuple(str(a) for a in plan)
            if plan and key not in seen:
                seen.add(key)
                out.append(plan)

        # the policy's own plan, one plan per style of its population, the level's extra
        # candidates (``Budget.extra_candidates``: made with the player's own seed, so an extra
        # plan that is one of the others changes nothing), then noisy plans
        kinds: list[tuple[float, dict[str, Any]]] = [(b.play_noise, {})] + [(b.play_noise, st) for st in self.styles]
        tries = b.candidates * 2
        for noise, style in kinds[:tries]:
            if len(out) < b.candidates:
                add(self._own_policy(self.rng.randrange(2**31), noise, style, searched=True))
        for extra in b.extra_candidates if len(kinds) < tries else ():
            if len(out) < b.candidates:
                add(self._own_policy(self._seed, b.play_noise, dict(extra), searched=True))
        for k in range(len(kinds), tries):
            if len(out) >= b.candidates:
                break
            noise = b.noise * (0.5 + (k % 3) * 0.5)
            style = self.rng.choice(self.styles) if self.styles else {}
            add(self._own_policy(self.rng.randrange(2**31), noise, style, searched=True))
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
        pols = {side: self._playout_policy(side == me, rng) for side in self.package.sides}
        # the opponents' styles, for _no_worse_against_any (robust and gated searches)
        self._opponents[seed] = tuple(getattr(p, "style", None) for side, p in pols.items() if side != me)
        changes = 0
        last = rules.phase_key(g.state)
        steps = 0
        horizon = 10**6 if self._to_end or not b.horizon else b.horizon
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


    def _own_policy(self, seed: int, noise: float, style: dict[str, Any] | None = None, searched: bool = False) -> Any:
        """The policy as the searcher's own side plays it: with ``style`` and the level's
        ``own_options``, and ``searched_options`` over them inside a search (``Budget``)."""
        b = self.budget
        return self.policy(seed=seed, noise=noise,
                           **{**dict(b.own_options), **(dict(b.searched_options) if searched else {}), **(style or {})})

    def _playout_policy(self, own: bool, rng: random.Random) -> Any:
        """A playout policy: the searcher's own side plays the policy with a little noise; the
        opponent is drawn from the population (a style and a noise level), never one fixed
        player; a policy with no styles varies by noise alone. With ``population`` off: the
        policy with ``rollout_noise``."""
        b = self.budget
        seed = rng.randrange(2**31)
        if not b.population:
            return self._own_policy(seed, b.rollout_noise, searched=True) if own else self.policy(seed=seed, noise=b.rollout_noise)
        if own:
            return self._own_policy(seed, b.own_noise, searched=True)
        if not self.styles:
            return self.policy(seed=seed, noise=rng.choice(b.opponent_noise))
        style = rng.choice([{}] + self.styles)
        return self.policy(seed=seed, noise=rng.choice(b.opponent_noise), **style)


def _prefer(challenger: list[float], policy: list[float], z: float, margin: float = 0.0) -> bool:
    """Whether the challenger's playouts beat the policy's own candidate's, seed for seed
    (common random numbers: the same dice and opponents), by more than ``margin`` in mean and
    by more than ``z`` standard errors of the mean difference. Picking the best of several
    noisy means overrates it (the winner's curse): with a few playouts of a game won or lost,
    the best mean is mostly luck, and a search that trusts it plays worse than its own policy."""
    diffs = [c - p for c, p in zip(challenger, policy)]
    n = len(diffs)
    m = sum(diffs) / n
    if m <= max(0.0, margin):
        return False
    if n < 2 or z <= 0:
        return True
    var = sum((d - m) ** 2 for d in diffs) / (n - 1)
    return m > z * (var / n) ** 0.5


def _no_worse_against_any(challenger: list[float], policy: list[float], opponents: list[Any]) -> bool:
    """Whether the challenger's playouts are, seed for seed, no worse on average than the
    policy's own candidate's against each kind of opponent (``opponents``: the playout
    opponents' styles, seed by seed) taken alone."""
    by: dict[Any, list[float]] = {}
    for c, p, o in zip(challenger, policy, opponents):
        by.setdefault(o, []).append(c - p)
    return all(sum(d) >= 0 for d in by.values())


def _factory(level: str):
    def make(seed: int = 0, game: str = DEFAULT_GAME, **kw: Any) -> SearchPlayer:
        return SearchPlayer(seed=seed, budget=level_budget(level, game), name=level, game=game, level=level, **kw)

    return make


# levels made by name (games saved with them, scripts) but not offered to a person choosing an
# opponent: search-expert's larger budget never measured stronger than search-hard (docs/ai.md:
# sessions 10 and 15, 0.528 over 36 games; session 39, 0.433 over 60, paired 95% [0.331, 0.536])
# and takes about twice its time, so the ladder a person sees ends at search-hard
NOT_OFFERED = frozenset({"search-expert"})

for _level in LEVELS:
    register(_level, _factory(_level), offered=_level not in NOT_OFFERED)
