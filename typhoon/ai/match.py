"""Playing whole games between computer players (self-play, tournaments, balance studies)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..core.game import Game
from .base import make_player


@dataclass(frozen=True)
class GameResult:
    seed: int
    german: str
    soviet: str
    winner: str | None
    reason: str
    turns: int
    actions: int
    seconds: float
    german_cities: int
    soviet_cities: int

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def play_game(german: str, soviet: str, options: dict[str, Any] | None = None, seed: int = 0,
              game_name: str = "bfm", keep_history: bool = False) -> tuple[Game, GameResult]:
    """Play one complete game; the same names, options and seed give the same game."""
    from ..games import registry

    pkg = registry.get(game_name)
    game = Game(pkg.rules, pkg.normalise_options(options), seed, keep_history=keep_history)
    # each side gets its own generator derived from the game seed, so sides do not interact
    players = {"german": make_player(german, seed=seed * 2 + 1), "soviet": make_player(soviet, seed=seed * 2 + 2)}
    t0 = time.perf_counter()
    while not game.is_over():
        if game.is_chance():
            game.roll()
        else:
            game.push(players[game.current_player].choose(game), validate=False)
    out = game.outcome()
    assert out is not None
    return game, GameResult(
        seed, german, soviet, out.winner, out.reason, game.state.turn, game.ply, time.perf_counter() - t0,
        int(out.scores.get("german_cities", 0)), int(out.scores.get("soviet_cities", 0)),
    )
