"""Dice as explicit chance events drawn from a seeded generator kept inside the game.

Two schemes (a record names its scheme in ``"dice"``; docs/security.md):

- ``mt19937`` (:class:`Dice`, the engine's default): Python's Mersenne Twister seeded with an
  integer. The same seed gives the same sequence on every platform and Python 3 version, so a
  game is reproducible from its seed and action log. Used for local play, analysis and games
  whose seed is public (chosen at creation, shown to every seat).
- ``hmac-sha256`` (:class:`KeyedDice`, the server's games with a secret seed): roll number
  ``n`` is drawn from ``HMAC-SHA256(key=seed, "typhoon/roll/v1" | n | ply | digest of the
  log so far)``. Each roll depends on everything played before it (which battle is being
  resolved, in what order), so a known good roll cannot be steered onto another battle, and
  nothing short of the 128-bit key tells any roll to come. The key is committed to at
  creation (``core.record.seed_commitment``) and revealed when the game ends.

Clients never see the generator's state: a server hands out records without the seed of a
running game (``core.record.to_record(public=True)``), and ``Game.copy`` gives search its own dice.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")

LEGACY = "mt19937"  # the engine's seeded Mersenne Twister (Dice)
KEYED = "hmac-sha256"  # counter- and context-bound keyed dice (KeyedDice)
SCHEMES = (LEGACY, KEYED)
ROLL_DOMAIN = b"typhoon/roll/v1"


class Dice:
    """The engine's dice: a Mersenne Twister seeded with the game's seed (scheme ``mt19937``)."""

    scheme = LEGACY

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._rng = random.Random(self.seed)

    def choose(self, outcomes: Sequence[tuple[T, Fraction | float]]) -> T:
        """Draw one outcome from ``(outcome, probability)`` pairs (probabilities sum to 1): the
        first whose running total of ``float(p)`` exceeds a uniform draw."""
        x = self._rng.random()
        for (outcome, _), acc in zip(outcomes, running_totals(outcomes)):
            if x < acc:
                return outcome
        return outcomes[-1][0]

    def getstate(self) -> object:
        return self._rng.getstate()

    def setstate(self, state: object) -> None:
        self._rng.setstate(state)


_TOTALS: dict[int, tuple[tuple, tuple[float, ...]]] = {}
_TOTALS_KEPT = 64  # a game's chance events use a few constant tuples (BfM: one, ``rules.ROLLS``)


def running_totals(outcomes: Sequence[tuple[Any, Fraction | float]]) -> tuple[float, ...]:
    """The running totals of ``float(p)`` over the outcomes, added in order (so a draw picks
    the same outcome as summing as it goes). A tuple's totals are kept, by identity while
    the tuple itself is held here, so the constant chance tuples of a game convert their
    fractions once rather than at every roll."""
    kept = _TOTALS.get(id(outcomes))
    if kept is not None and kept[0] is outcomes:
        return kept[1]
    acc = 0.0
    totals = []
    for _, p in outcomes:
        acc += float(p)
        totals.append(acc)
    result = tuple(totals)
    if type(outcomes) is tuple and len(_TOTALS) < _TOTALS_KEPT:
        _TOTALS[id(outcomes)] = (outcomes, result)
    return result


def seed_key(seed: int) -> bytes:
    """The seed as the key of the keyed dice and of the seed commitment: 32 bytes big-endian
    (a seed outside 0..2^256-1, possible in an old record, is keyed by its decimal text)."""
    seed = int(seed)
    if seed >= 0 and seed.bit_length() <= 256:  # 0 .. 2^256 - 1 (no power: this module is compiled)
        return seed.to_bytes(32, "big")
    return b"typhoon/seed-text/" + str(seed).encode()


def log_digest(actions: Sequence[Any]) -> bytes:
    """SHA-256 over the action texts played so far (length-prefixed, so no two logs collide)."""
    h = hashlib.sha256(b"typhoon/log/v1")
    for a in actions:
        t = str(a).encode("utf-8", "surrogatepass")
        h.update(len(t).to_bytes(4, "big"))
        h.update(t)
    return h.digest()


def roll_mac(seed: int, number: int, ply: int, context: bytes) -> bytes:
    """The 256 bits behind roll ``number`` (1, 2, ...) made at ``ply`` after a log with digest
    ``context``: ``HMAC-SHA256(seed_key(seed), ROLL_DOMAIN | number | ply | context)``."""
    msg = b"|".join((ROLL_DOMAIN, str(number).encode(), str(ply).encode(), context))
    return hmac.new(seed_key(seed), msg, hashlib.sha256).digest()


def pick(outcomes: Sequence[tuple[T, Fraction | float]], mac: bytes) -> T:
    """The outcome a uniform 256-bit number selects, with exact (rational) probabilities:
    outcome ``i`` is chosen when ``x / 2^256`` falls in its interval, so there is no float
    rounding bias."""
    span = int.from_bytes(b"\x01" + bytes(len(mac)), "big")  # 2^(8 * len(mac)), as a Python integer
    x = Fraction(int.from_bytes(mac, "big"), span)
    acc = Fraction(0)
    for outcome, p in outcomes:
        acc += Fraction(p)
        if x < acc:
            return outcome
    return outcomes[-1][0]


class KeyedDice:
    """Keyed dice bound to one game (scheme ``hmac-sha256``, module docstring).

    ``game`` is anything with a ``log`` of entries having ``action`` and ``chance`` (a
    :class:`typhoon.core.game.Game`). The dice keep no state of their own: a roll is a function
    of the key and the log, so ``getstate``/``setstate`` are trivial, ``pop`` needs nothing and
    a replay of the log reproduces every roll."""

    scheme = KEYED

    def __init__(self, seed: int, game: Any) -> None:
        self.seed = int(seed)
        self._game = game

    def next_roll(self) -> int:
        """The sequence number of the roll to come (1 for the game's first roll)."""
        return 1 + sum(1 for e in self._game.log if e.chance)

    def choose(self, outcomes: Sequence[tuple[T, Fraction | float]]) -> T:
        log = self._game.log
        mac = roll_mac(self.seed, self.next_roll(), len(log), log_digest([e.action for e in log]))
        return pick(outcomes, mac)

    def getstate(self) -> object:
        return None

    def setstate(self, state: object) -> None:
        return None


def derived_seed(seed: int, purpose: str, bits: int = 64) -> int:
    """A seed for something else (a computer player's own generator) that tells nothing about
    the dice: ``HMAC-SHA256(seed_key(seed), "typhoon/derive/v1" | purpose)``."""
    mac = hmac.new(seed_key(seed), b"typhoon/derive/v1|" + purpose.encode(), hashlib.sha256).digest()
    return int.from_bytes(mac, "big") >> (256 - bits)


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
