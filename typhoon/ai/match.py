"""Playing whole games between computer players (self-play, tournaments, balance studies), any game.

Every player is handed ``game.observed(side)`` (typhoon.core.game): the game as its side may
know it, with dice of its own. In a game with hidden information its action is checked against
the true game before it is applied.

Each player's thinking is timed (``GameResult.think``: CPU seconds a phase, ``PhaseClock``), so
every tournament reports how long each player takes beside how well it plays.
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
    # per side, the CPU seconds its player spent on each phase it decided (``PhaseClock``);
    # a side whose player was not timed (the random player's direct path) has none
    think: dict[str, list[float]] = field(default_factory=dict)

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
        seconds, think (per side: CPU seconds a phase, to 0.1 ms), then the game's scores (key per
        score)."""
        out: dict[str, Any] = {"seed": self.seed, "game": self.game, **self.players, "winner": self.winner,
                               "reason": self.reason, "turns": self.turns, "actions": self.actions,
                               "seconds": self.seconds,
                               "think": {side: [round(t, 4) for t in ts] for side, ts in self.think.items()}}
        for k, v in self.scores.items():
            out.setdefault(k, v)
        return out


class PhaseClock:
    """Seconds each side spends deciding each phase of a game: a side's decisions while the
    rules' phase key (``rules.phase_key``) stays the same count as one phase, as a search
    player plans a phase at its first decision and then plays the plan (docs/ai.md: "decides a
    phase in at most 2 s"). ``by_side``: side -> the seconds of each phase it decided, in order."""

    def __init__(self) -> None:
        self.by_side: dict[str, list[float]] = {}
        self._phase: dict[str, Any] = {}  # side -> the phase key of its last decision

    def add(self, side: str, phase: Any, seconds: float) -> None:
        """One decision of ``side`` in the phase ``phase`` took ``seconds``."""
        times = self.by_side.get(side)
        if times is None:
            times = self.by_side[side] = []
        if times and self._phase.get(side) == phase:
            times[-1] += seconds
        else:
            times.append(seconds)
            self._phase[side] = phase


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
    clock = PhaseClock()  # each timed player's CPU seconds a phase
    cpu = time.process_time
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
                phase = rules.phase_key(state)
                c0 = cpu()
                action = players[side].choose(game.observed(side, keep_history=False))
                clock.add(side, phase, cpu() - c0)
            if check or type(action) is str:
                game.push(action, validate=check)
            else:  # what push(validate=False) does, minus the questions just asked
                game.push_decision(action, side)
    out = game.outcome()
    assert out is not None
    return game, GameResult(seed, names, out.winner, out.reason, _turn(pkg, game.state), game.ply,
                            time.perf_counter() - t0, dict(out.scores), game_name, clock.by_side)
