"""Battle for Moscow (Frank Chadwick; 1986 GDW and 2009 VPG/C3i editions)."""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from .options import BfmOptions
from .package import PACKAGE
from .rules import BattleForMoscow
from .state import BfmState

RULES = PACKAGE.rules  # one rules object for the package, the registry and every caller


def new_game(options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> Game:
    """A new game of Battle for Moscow with the given options (edition, variants) and seed."""
    opts = BfmOptions.from_dict(options).to_dict()
    return Game(RULES, opts, seed, **kw)


__all__ = ["PACKAGE", "RULES", "BattleForMoscow", "BfmOptions", "BfmState", "new_game"]
