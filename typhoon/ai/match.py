"""Playing whole games between computer players (self-play, tournaments, balance studies), any game.

Every player is handed ``game.observed(side)`` (typhoon.core.game): the game as its side may
know it, with dice of its own. In a game with hidden information its action is checked against
the true game before it is applied.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from ..core.game import Game
from ..games import registry
from .base import DEFAULT_GAME, RandomPlayer, make_player


@dataclass(frozen=True)
class GameResult:
    """How one game went. ``players`` maps each side to its player's name; ``scores`` are the
    game's own final scores (``Outcome.scores``, e.g. cities held per side)."""

    seed: int
    players: dict[str, str]
    winner: str | None
    reason: str
    turns: int | None
    actions: int
    seconds: float
    scores: dict[str, float] = field(default_factory=dict)
    game: str = DEFAULT_GAME

    def __getattr__(self, name: str) -> Any:
        # a side's player (res.german) or a score (res.german_cities) by name
        d = object.__getattribute__(self, "__dict__")
        if name in d.get("players", {}):
            return d["players"][name]
        if name in d.get("scores", {}):
            return d["scores"][name]
        raise AttributeError(name)

    def to_json(self) -> dict[str, Any]:
        """Flat JSON: seed, game, one key per side (its player), winner, reason, turns, actions,
        seconds, then the game's scores (key per score)."""
        out: dict[str, Any] = {"seed": self.seed, "game": self.game, **self.players, "winner": self.winner,
                               "reason": self.reason, "turns": self.turns, "actions": self.actions,
                               "seconds": self.seconds}
        for k, v in self.scores.items():
            out.setdefault(k, v)
        return out


def side_players(sides: tuple[str, ...], names: tuple[str, ...]) -> dict[str, str]:
    """Player names by side, in the order of the game's sides."""
    if len(names) != len(sides):
        raise ValueError(f"{len(sides)} players needed (one per side: {', '.join(sides)}), got {len(names)}")
    return dict(zip(sides, names))


def _turn(pkg: Any, state: Any) -> int | None:
    """The turn number, as the game's spectator view gives it (else the state's ``turn``, if any);
    read from the rules' optional ``turn(state)`` hook when they have one (the same number,
    without building the whole view)."""
    turn = getattr(pkg.rules, "turn", None)
    if turn is not None:
        return turn(state)
    try:
        return pkg.view(state, None).get("turn")
    except NotImplementedError:
        return getattr(state, "turn", None)


def play_game(first: str, second: str, options: dict[str, Any] | None = None, seed: int = 0,
              game_name: str = DEFAULT_GAME, keep_history: bool = False) -> tuple[Game, GameResult]:
    """Play one complete game, ``first`` on the game's first side and ``second`` on its second;
    the same names, options and seed give the same game."""
    pkg = registry.get(game_name)
    names = side_players(tuple(pkg.sides), (first, second))
    game = Game(pkg.rules, pkg.normalise_options(options), seed, keep_history=keep_history)
    # each side gets its own generator derived from the game seed, so sides do not interact
    players = {side: make_player(name, game_name, seed=seed * 2 + 1 + i) for i, (side, name) in enumerate(names.items())}
    check = not game.perfect_information  # a player only saw its observation: the truth judges its action
    # with perfect information a player's view is the game itself: the generic random player
    # then draws from the rules and the state directly (``RandomPlayer.chooser_for``: the same action)
    direct = {side: p.chooser_for(game.rules) for side, p in players.items() if not check and type(p) is RandomPlayer}
    t0 = time.perf_counter()
    rules = game.rules  # the loop asks the rules directly: the same questions as game.is_over() etc.
    while rules.outcome(state := game.state) is None:
        if rules.is_chance(state):
            game.roll()
        else:
            side = rules.current_player(state)
            pick = direct.get(side)
            if pick is not None:
                action = pick(state)
            else:
                action = players[side].choose(game.observed(side, keep_history=False))
            if check or type(action) is str:
                game.push(action, validate=check)
            else:  # what push(validate=False) does, minus the questions just asked
                game.push_decision(action, side)
    out = game.outcome()
    assert out is not None
    return game, GameResult(seed, names, out.winner, out.reason, _turn(pkg, game.state), game.ply,
                            time.perf_counter() - t0, dict(out.scores), game_name)
