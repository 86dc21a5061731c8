"""Board pictures of any game (matplotlib, Agg only): SVG, PNG and PDF, from the game package's
``map_meta()`` and ``view(state, seat)``.

``svg(game)`` is the picture Jupyter shows for a ``Game`` (``Game._repr_svg_``, installed by
``typhoon``'s initialiser); ``svg(state, pkg, seat)`` draws a position; ``figure(pkg, state,
seat)`` gives the matplotlib Figure (``save_board`` writes it, ``rgb_array`` rasterises it).
"""

from .board import draw, figure, figure_svg, rgb_array, save_board, svg
from .meta import BoardGeometry

__all__ = ["BoardGeometry", "draw", "figure", "figure_svg", "rgb_array", "save_board", "svg"]
