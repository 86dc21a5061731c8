"""The game-agnostic engine core.

Nothing in this package knows about any particular game (import-linter checks it): hex grids
with lettered sections and hexside features (``hexgrid``, ``hexmap``), pixel geometry
(``geometry``), stacks and steps (``stacks``), multi-step procedures as data (``procedure``),
dice as explicit chance events (``dice``), odds columns, shifts, die-roll modifiers and combat
tables (``odds``), movement and supply paths with costs (``paths``), the ``Game`` record
(seed + options + action log) with push/pop and hidden information, save records
(``record``), the data-kit format (``kit``) and the game contract every front end uses
(``contract``). Games plug in a ``GamePackage`` (docs/architecture.md).
"""

from .contract import BasePackage, Event, GamePackage, OptionSpec, Player
from .errors import (
    IllegalActionError,
    ParseError,
    PositionError,
    SaveFormatError,
    TyphoonError,
    UndoError,
)
from .game import Game, Outcome, Rules
from .hexgrid import HexGrid, SectionedGrid

__all__ = [
    "BasePackage",
    "Event",
    "Game",
    "GamePackage",
    "HexGrid",
    "IllegalActionError",
    "OptionSpec",
    "Outcome",
    "ParseError",
    "Player",
    "PositionError",
    "Rules",
    "SaveFormatError",
    "SectionedGrid",
    "TyphoonError",
    "UndoError",
]
