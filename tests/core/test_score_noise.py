"""typhoon.core.noise.ScoreNoise: the noise the three larger games' computer players add to the
scores they rank (their plan searches' variety)."""

from __future__ import annotations

import random

from typhoon.core.noise import ScoreNoise


def test_no_noise_returns_the_score_and_draws_nothing():
    n = ScoreNoise(0.0, seed=5)
    before = n._rng.getstate()
    assert [n(3.5, 10.0), n(-1.0, 0.5)] == [3.5, -1.0]
    assert n._rng.getstate() == before


def test_noise_is_noise_times_scale_times_a_standard_normal_from_the_seed():
    n = ScoreNoise(2.0, seed=5)
    twin = random.Random(5 * 7919 + 17)  # the generator derived from the seed
    for score, scale in ((1.0, 3.0), (0.0, 0.25), (-4.0, 1.0)):
        assert n(score, scale) == score + 2.0 * scale * twin.gauss(0.0, 1.0)
