"""Computer players for every game, and the study tools (tournaments, balance studies).

Every player is chosen by name wherever a player is chosen: ``human`` (a person), the generic
``random`` and search levels (``search-easy``, ``search-normal``, ``search-hard``), and the
game's own (``registry.get(game).players()``, e.g. Battle for Moscow's ``heuristic``).
Players get ``game.observed(side)``: never what their side may not see.
"""

from __future__ import annotations

from .base import Player, make_player, player_names

__all__ = ["Player", "make_player", "player_names"]
