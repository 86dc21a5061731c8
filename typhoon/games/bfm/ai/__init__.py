"""Battle for Moscow's computer players and evaluation (the game's side of ``typhoon.ai``).

``PLAYERS`` (name -> factory(seed=0, **kw)) and ``evaluate(state, side)`` are what the package's
``players()`` and ``evaluate()`` offer (typhoon.core.contract). The game-neutral search players
of ``typhoon.ai.search`` use the first player here, the heuristic, as their policy and candidate
plan generator (``plans.py``, which also gives the levels' ``search_budgets``: their extra
candidate plans and their own policies' knobs), and ``evaluate`` as their leaf value. Imports
only the core and this game.
"""

from __future__ import annotations

from .evaluate import evaluate, german_value
from .heuristic import HeuristicPlayer
from .plans import search_budgets

PLAYERS = {"heuristic": HeuristicPlayer}

__all__ = ["PLAYERS", "HeuristicPlayer", "evaluate", "german_value", "search_budgets"]
