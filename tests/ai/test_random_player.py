"""The random player's draw (``typhoon.ai.base.below``) is ``Random.randrange``'s: the same
generator gives the same number, so games of the random player recorded before the draw was
written out replay unchanged."""

from __future__ import annotations

import random

import pytest

from typhoon.ai.base import RandomPlayer, below


@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 99991])
def test_below_draws_as_randrange(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in [1, 2, 3, 5, 7, 8, 9, 31, 32, 33, 64, 100, 255, 256, 257, 1000, 4096, 10**6 + 3]:
        for _ in range(20):
            assert below(ours.getrandbits, n) == theirs.randrange(n)
    assert ours.getstate() == theirs.getstate()  # the same bits consumed


def test_random_player_draws_from_its_own_generator():
    p = RandomPlayer(seed=5)
    ref = random.Random(5)
    assert [below(p.rng.getrandbits, 40) for _ in range(50)] == [ref.randrange(40) for _ in range(50)]


@pytest.mark.parametrize("n", [0, -3])
def test_below_refuses_an_empty_range(n):
    with pytest.raises(ValueError, match="nothing to draw from"):
        below(random.Random(1).getrandbits, n)
