"""Helpers for OpenSpiel's bots on Typhoon games: a cheaper leaf evaluator for ``MCTSBot``.

OpenSpiel's stock ``RandomRolloutEvaluator`` plays uniformly random moves to the end of the game
(about 500 actions in Battle for Moscow, ~0.08 s). ``TruncatedRolloutEvaluator`` plays
``horizon`` phase changes at random and then applies the game's static evaluation
(``pkg.evaluate(state, side)``, the same leaf valuation as Typhoon's ``search-*`` players).

The playout runs on the true state behind the OpenSpiel state, as ``MCTSBot`` itself does: in a
game with hidden information MCTS plays with its cards face up (a baseline, not a fair player).
"""

from __future__ import annotations

import random

import numpy as np
from open_spiel.python.algorithms import mcts


class TruncatedRolloutEvaluator(mcts.Evaluator):
    """Leaf value: a uniformly random playout of ``horizon`` phase changes, then the game's
    static evaluation (the returns themselves at the end of the game), as returns in -1..1
    (two players: ``[v, -v]``)."""

    def __init__(self, horizon: int = 8, seed: int = 0) -> None:
        self.horizon = horizon
        self.rng = random.Random(seed)

    def _playout(self, rules, state):
        """A copy of ``state`` after ``horizon`` phase changes of random play (or the end)."""
        s = rules.copy_state(state)
        rng = self.rng
        changes, last = 0, rules.phase_key(s)
        while changes < self.horizon and rules.outcome(s) is None:
            if rules.is_chance(s):
                outcomes = rules.chance_outcomes(s)
                pick = rng.choices(range(len(outcomes)), weights=[float(p) for _, p in outcomes])[0]
                rules.apply(s, outcomes[pick][0])
            else:
                acts = rules.legal_actions(s)
                rules.apply(s, acts[rng.randrange(len(acts))])
            now = rules.phase_key(s)
            if now != last:
                changes, last = changes + 1, now
        return s

    def evaluate(self, state) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        game = state.get_game()
        pkg, sides = game.pkg, game.players
        rules = pkg.rules
        s = self._playout(rules, state.state)
        out = rules.outcome(s)
        if out is not None:
            lose = -1.0 / max(1, len(sides) - 1)
            return np.array([0.0 if out.winner is None else (1.0 if side == out.winner else lose) for side in sides])
        if len(sides) == 2:
            v = 2.0 * float(pkg.evaluate(s, sides[0])) - 1.0
            return np.array([v, -v])
        return np.array([2.0 * float(pkg.evaluate(s, side)) - 1.0 for side in sides])

    def prior(self, state) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]
