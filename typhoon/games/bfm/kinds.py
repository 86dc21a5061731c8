"""The named values of Battle for Moscow's procedures: phase kinds, movers, battle steps,
combat results and retreat consequences.

String enums (``enum.StrEnum``): each member *is* its text, so members compare equal to the
strings of the data files and position documents ("roll" == Step.ROLL), serialise to JSON as
those strings and cost a plain string comparison. Python 3.11 looks class attributes of an
enum up slowly, so the hot paths bind the members they test to module constants.
"""

from __future__ import annotations

from enum import StrEnum


class PhaseKind(StrEnum):
    """What a phase of the sequence of play is for (4.0; ``data/editions.json``)."""

    SETUP = "setup"  # 000 6.0 free German set-up (before turn 1)
    REPLACEMENT = "replacement"  # 10.0, 11.0
    MOVEMENT = "movement"  # 8.0, 8.1
    COMBAT = "combat"  # 9.0
    HOUSEKEEPING = "housekeeping"  # 000 4.0 phase 9


class Movers(StrEnum):
    """Which units a movement phase lets move (4.0)."""

    ALL = "all"
    PANZER = "panzer"  # 4.0 phase 2: German armour only
    RAIL = "rail"  # 8.1: Soviet units on a rail line when the phase begins


class Step(StrEnum):
    """Where a battle stands in the battle sequence (9.0 steps 1-6, 9.3)."""

    DECLARED = "declared"  # announced, not yet resolved
    ROLL = "roll"  # odds known (steps 1-3): the die is due (step 4)
    STAND_FAST = "stand_fast"  # 000 9.3: a DR in a major city, the defender's choice
    RETREAT = "retreat"  # 9.3 DR: the attacker chooses the path
    LOSS = "loss"  # 9.3 EX / AL: the attacker chooses the unit losing a step
    ADVANCE = "advance"  # 9.0 step 6: advance after combat
    DONE = "done"


class Result(StrEnum):
    """The results of the Combat Results Table (9.3)."""

    NE = "NE"  # no effect
    DR = "DR"  # defender retreats
    DRL = "DRL"  # defender loses a step and retreats
    DE = "DE"  # defender eliminated
    EX = "EX"  # exchange
    AL = "AL"  # attacker loses a step


class Consequence(StrEnum):
    """What the best legal retreat path costs the retreating unit (9.3 DR, 7.2)."""

    NONE = "none"
    STEP = "step"  # it must pass through an enemy ZOC: one step lost
    ELIMINATED = "eliminated"  # it must end in an enemy ZOC: eliminated (7.2)
    NO_PATH = "no_path"  # no legal path at all: eliminated (9.3 Or Else)
