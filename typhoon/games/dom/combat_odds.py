"""Combat odds (11.7-11.10, 11.21) on an unbounded ratio scale, shifts applied before clamping.

An odds ratio is an *index* on one unbounded scale: n:1 is n-1 (1:1 = 0, 5:1 = 4, 20:1 = 19)
and 1:n is -(n-1) (1:2 = -1, 1:3 = -2). Column shifts add to the index (11.10: all modifiers
first), then 11.9 reads the table: above 5:1 an automatic DE, below 1:3 an automatic AL1, the
CRT column otherwise. 11.21 L1236-1242: 20:1 with 2L is 18:1, still an automatic DE.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.odds import Shift

COLUMNS = ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1")  # 11.9 L1096
LOWEST, HIGHEST = -2, 4  # the indices of 1:3 and 5:1


def odds_index(attack: int, defence: int) -> int:
    """11.7 L1071-1075: A >= D gives floor(A/D):1; 11.8 L1086-1088: A < D gives 1:ceil(D/A).
    An attack of 0 (an out-of-supply German, 8.5) is below every column."""
    if defence <= 0:
        raise ValueError(f"a defence of {defence} has no odds")
    if attack <= 0:
        return -(10**6)
    if attack >= defence:
        return attack // defence - 1
    return -(-(-defence // attack) - 1)


def label(index: int) -> str:
    """The odds written as the text writes them ("3:1", "1:3", "18:1")."""
    return f"{index + 1}:1" if index >= 0 else f"1:{1 - index}"


@dataclass(frozen=True)
class Odds:
    """Final odds: the raw and final index, every shift named, and where the CRT is read."""

    raw: int
    shifts: tuple[Shift, ...]

    @property
    def final(self) -> int:
        return self.raw + sum(s.columns for s in self.shifts)

    @property
    def automatic(self) -> str | None:
        """11.9 L1096-1099: DE above 5:1, AL1 below 1:3, without a die roll."""
        if self.final > HIGHEST:
            return "DE"
        if self.final < LOWEST:
            return "AL1"
        return None

    @property
    def column(self) -> int | None:
        """The CRT column index (0 = 1:3), None for an automatic result."""
        return None if self.automatic else self.final - LOWEST

    def text(self) -> str:
        named = "; ".join(str(s) for s in self.shifts)
        return f"{label(self.raw)}" + (f" shifted to {label(self.final)} ({named})" if self.shifts else "")


def final_odds(attack: int, defence: int, shifts: Sequence[Shift] = ()) -> Odds:
    return Odds(odds_index(attack, defence), tuple(shifts))
