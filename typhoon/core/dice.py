"""Dice as explicit chance events drawn from a seeded PRNG kept inside the game.

The generator is Python's Mersenne Twister seeded with an integer: the same seed gives the
same sequence on every platform and Python 3 version, so a game is reproducible from its seed
and action log. Clients never see the generator's state: a server hands out records without the seed of a running game (``core.record.to_record(public=True)``), and ``Game.copy`` gives search its own dice.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")


class Dice:
    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._rng = random.Random(self.seed)

    def choose(self, outcomes: Sequence[tuple[T, Fraction | float]]) -> T:
        """Draw one outcome from ``(outcome, probability)`` pairs (probabilities sum to 1)."""
        x = self._rng.random()
        acc = 0.0
        for outcome, p in outcomes:
            acc += float(p)
            if x < acc:
                return outcome
        return outcomes[-1][0]

    def getstate(self) -> object:
        return self._rng.getstate()

    def setstate(self, state: object) -> None:
        self._rng.setstate(state)


def uniform(faces: Sequence[T]) -> list[tuple[T, Fraction]]:
    """Equal chances for each face, e.g. ``uniform(range(1, 7))`` for one six-sided die."""
    p = Fraction(1, len(faces))
    return [(f, p) for f in faces]


def two_dice_sum() -> list[tuple[int, Fraction]]:
    """The 2d6 totals 2..12 with their chances (used by 2d6 combat tables)."""
    counts: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            counts[a + b] = counts.get(a + b, 0) + 1
    return [(t, Fraction(c, 36)) for t, c in sorted(counts.items())]


def new_seed() -> int:
    """A fresh game seed: 128 bits from the operating system, never guessable."""
    import secrets

    return secrets.randbits(128)
