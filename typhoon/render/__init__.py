"""Board rendering (matplotlib, Agg only): SVG, PNG and PDF pictures of a position."""

from .board import (
    board_svg,
    draw_board,
    hex_center,
    hex_corners,
    load_map,
    save_board,
)

__all__ = [
    "board_svg",
    "draw_board",
    "hex_center",
    "hex_corners",
    "load_map",
    "save_board",
]
