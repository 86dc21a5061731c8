"""Helpers for the Typhoon Mini golden tests.

Positions are plain dicts loaded through the package's position codec, so each test states
the situation of a case of ``typhoon/games/mini/RULES.md``; expected values are worked out by
hand from that text (the neighbours of a hex follow 2.1: odd columns sit half a hex higher).
"""

from __future__ import annotations

from typing import Any

from typhoon.core.game import Game
from typhoon.games import registry

PKG = registry.get("mini")


def build(
    units: dict[str, Any],
    *,
    phase: str = "blue_combat",
    turn: int = 1,
    fixed: bool = True,
    chits: dict[str, Any] | None = None,
    cup: list[int] | None = None,
    revealed: tuple[str, ...] = (),
    plan: str | None = "aston",
    seed: int = 0,
    **extra: Any,
) -> Game:
    """A game at ``phase`` of ``turn`` with exactly ``units`` (``{id: hex}`` or ``{id: (hex,
    steps)}``) on the map; units not named are eliminated."""
    package = registry.get("mini")
    doc = {
        "game": "mini",
        "options": {"turns": 6, "fixed_strengths": fixed},
        "turn": turn,
        "phase": phase,
        "units": {
            u: {"hex": v[0], "steps": v[1]} if isinstance(v, tuple) else {"hex": v, "steps": 2} for u, v in units.items()
        },
        "chits": chits or {},
        "cup": cup or [],
        "revealed": list(revealed),
        "plan": plan,
        **extra,
    }
    state = package.position_from_json(doc)
    return package.new_game({"turns": 6, "fixed_strengths": fixed}, seed=seed, state=state)


def play_random(game: Game, rng, limit: int = 5000) -> Game:
    """Play ``game`` to its end with random legal choices and the game's own dice."""
    for _ in range(limit):
        if game.is_over():
            return game
        if game.is_chance():
            game.roll()
        else:
            game.push(rng.choice(list(game.legal_actions)))
    raise AssertionError(f"the game did not end in {limit} actions")
