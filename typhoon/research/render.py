"""``rgb_array`` rendering of the research environments through ``typhoon.render.board``."""

from __future__ import annotations

from functools import cache

import numpy as np

from ..core.game import Game


@cache
def _map() -> dict:
    from ..render.board import load_map

    return load_map()


def rgb_array(game: Game) -> np.ndarray:
    """The board picture as a uint8 array (height, width, 3)."""
    from ..games.bfm import position
    from ..render.board import draw_board

    s = game.state
    title = f"Turn {s.turn}, {s.phase.replace('_', ' ')}"
    fig = draw_board(_map(), position.unit_views(s), dict(s.control), title=title)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[..., :3].copy()
