"""Helpers for OpenSpiel's bots on Battle for Moscow: a cheaper leaf evaluator for ``MCTSBot``.

OpenSpiel's stock ``RandomRolloutEvaluator`` plays uniformly random moves to the end of the game
(about 500 actions, ~0.08 s). ``TruncatedRolloutEvaluator`` plays ``horizon`` phase changes at
random and then applies Typhoon's static evaluation (``typhoon.ai.evaluate.german_value``), the
same leaf valuation as the ``search-*`` players.
"""

from __future__ import annotations

import random

import numpy as np
from open_spiel.python.algorithms import mcts

from ..ai.evaluate import german_value
from ..games.bfm import RULES
from ..games.bfm.actions import Roll


class TruncatedRolloutEvaluator(mcts.Evaluator):
    """Leaf value: a uniformly random playout of ``horizon`` phase changes, then Typhoon's static
    evaluation (exact at the end of the game), as [german, soviet] returns in -1..1."""

    def __init__(self, horizon: int = 8, seed: int = 0) -> None:
        self.horizon = horizon
        self.rng = random.Random(seed)

    def evaluate(self, state) -> np.ndarray:
        s = state.state.copy()
        changes, last = 0, (s.turn, s.phase)
        while not s.finished and changes < self.horizon:
            if RULES.is_chance(s):
                RULES.apply(s, Roll(self.rng.randint(1, 6)))
            else:
                acts = RULES.legal_actions(s)
                RULES.apply(s, acts[self.rng.randrange(len(acts))])
            now = (s.turn, s.phase)
            if now != last:
                changes, last = changes + 1, now
        v = 2.0 * german_value(s) - 1.0
        return np.array([v, -v])

    def prior(self, state) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]
