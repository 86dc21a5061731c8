"""The game-agnostic engine core.

Nothing in this package knows about any particular game: hex grids and hexside features,
pieces with steps, phase flow as data, dice as chance events, odds and column shifts,
movement through zones of control, supply/communication traces and the ``Game`` record
(seed + options + action log) with push/pop live here. Games plug in a ``Rules`` object.
"""

from .errors import (
    IllegalActionError,
    ParseError,
    PositionError,
    SaveFormatError,
    TyphoonError,
    UndoError,
)
from .game import Game, Outcome, Rules
from .hexgrid import HexGrid

__all__ = [
    "Game",
    "HexGrid",
    "IllegalActionError",
    "Outcome",
    "ParseError",
    "PositionError",
    "Rules",
    "SaveFormatError",
    "TyphoonError",
    "UndoError",
]
