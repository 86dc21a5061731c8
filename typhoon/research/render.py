"""``rgb_array`` rendering of the research environments through ``typhoon.render.board``, for
any game (its ``map_meta()`` and the seat's ``view``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.contract import GamePackage
from ..core.game import Game
from .common import observed_state


def rgb_array(pkg: GamePackage, game: Game, seat: str | None = None) -> np.ndarray:
    """The board picture as ``seat`` (``None``: a spectator) sees it, as a uint8 array
    (height, width, 3)."""
    from ..render.board import figure
    from ..render.board import rgb_array as figure_rgb

    state: Any = observed_state(pkg.rules, game.state, seat)
    return figure_rgb(figure(pkg, state, seat, options=game.options))
