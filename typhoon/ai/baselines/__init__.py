"""Independent baselines: computer players written only against the game contract, sharing no
code with the search players or any game's own players, so that measuring against them
cannot flatter (docs/ai.md, "Evaluation"). Registered as generic players:

- ``baseline-greedy``: exact expected-loss battles (every chance outcome of the battle tried on
  a copy), advance on the objective places, hold a line in front of the capital;
- ``baseline-bold``: the same, declaring every battle of positive expected gain;
- ``baseline-capital`` (``capital.py``, no code shared with ``greedy.py`` either): everything
  about the capital; the attacker concentrates every unit on it, the defender builds a fortress
  around it and gives up the rest;
- ``baseline-hunter`` (``hunter.py``, no code shared with the other two): the enemy's units;
  every battle at two to one or better, the trapped first, and movement that hunts in packs;
  places only as garrisons and on the last turn;
- ``baseline-front`` (``front.py``, no code shared with the other three): the front line and
  the terrain; the defender holds a line without gaps behind rivers, forests and fortifications
  and counterattacks only at three to one, the attacker concentrates on the weakest point of the
  enemy's line and exploits a breakthrough.
"""

from __future__ import annotations

from .capital import CapitalBaseline, capital
from .front import FrontBaseline, front
from .greedy import GreedyBaseline, bold, greedy
from .hunter import HunterBaseline, hunter

__all__ = ["CapitalBaseline", "FrontBaseline", "GreedyBaseline", "HunterBaseline", "bold", "capital", "front", "greedy",
           "hunter"]
