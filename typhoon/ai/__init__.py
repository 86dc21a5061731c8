"""Computer players. Every player is chosen by name wherever a player is chosen:
``human`` (a person), ``random``, ``heuristic`` and the search levels (``search-easy``,
``search-normal``, ``search-hard``)."""

from __future__ import annotations

from .base import Player, player_names, make_player

__all__ = ["Player", "make_player", "player_names"]
