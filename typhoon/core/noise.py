"""Noise on a computer player's scores, so that a search gets varied plans from one policy.

A game's own computer player ranks alternatives by a score; with ``noise`` > 0 each score it
ranks gets Gaussian noise of standard deviation ``noise * scale``, ``scale`` being a typical
difference between the scores of that decision (the player names it at each decision point).
The noise has its own generator, derived from the player's seed: at noise 0 nothing is drawn,
so the player plays, and draws from its own generator, exactly as without noise.
"""

from __future__ import annotations

import random


class ScoreNoise:
    """``noise(score, scale)``: ``score`` plus the noise (``score`` itself at noise 0)."""

    __slots__ = ("noise", "_rng")

    def __init__(self, noise: float, seed: int | None) -> None:
        self.noise = float(noise)
        self._rng = random.Random(None if seed is None else seed * 7919 + 17)

    def __call__(self, score: float, scale: float) -> float:
        if self.noise <= 0.0:
            return score
        return score + self.noise * scale * self._rng.gauss(0.0, 1.0)
