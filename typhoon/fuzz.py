"""A fuzzer for every game (in the manner of Rally the Troops' rules fuzzer).

``typhoon fuzz --game G --games N`` plays random legal games through the game contract, as the
server does (``Game.push`` of a described legal action, ``Game.roll`` for every chance event,
``pkg.view`` for every seat after every action) and reports:

- crashes (any exception out of the rules or the package), with the seed and the action log;
- dead ends: no legal action, no chance event and no outcome;
- games over the step limit;
- undo that would cross a die roll, a reveal or another player's action, and undo that does
  not restore the position exactly;
- replays (seed + action texts) that differ from the game played;
- leaks: a seat's view computed from the true state differs from the view computed from what
  that seat may know (``Game.observe_state``), i.e. the view depends on something hidden;
- the time per game.
"""

from __future__ import annotations

import json
import random
import time
import traceback
from dataclasses import asdict, dataclass, field
from typing import Any

from .core.game import Game
from .games import registry


@dataclass
class Problem:
    kind: str  # crash | dead_end | step_limit | bad_undo | replay | leak
    seed: int
    ply: int
    detail: str
    actions: list[str] = field(default_factory=list)


@dataclass
class FuzzReport:
    game: str
    games: int = 0
    finished: int = 0
    actions: int = 0
    seconds: float = 0.0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["ok"] = self.ok
        d["seconds_per_game"] = self.seconds / self.games if self.games else 0.0
        for p in d["problems"]:
            p["actions"] = p["actions"][-30:]  # the tail is what matters; the seed replays the rest
        return d


def _position(pkg: Any, game: Game) -> str:
    return json.dumps(pkg.position_to_json(game.state), sort_keys=True)


def _check_undo(pkg: Any, game: Game, rng: random.Random) -> str | None:
    """Every undo the game allows must be of the undoing player's own last decision, and must
    restore the position exactly."""
    for seat in pkg.sides:
        if not game.can_undo(seat):
            continue
        last = game.log[-1]
        if last.chance:
            return f"undo allowed to {seat} across the die roll {last.action}"
        if last.reveal:
            return f"undo allowed to {seat} across a reveal ({last.action})"
        if last.player != seat:
            return f"undo allowed to {seat} of {last.player}'s action {last.action}"
        if rng.random() < 0.3:
            before = game.rules.copy_state(game.state)
            entry = game.undo(seat)
            after_undo = _position(pkg, game)
            game.push(entry.action)
            if _position(pkg, game) != json.dumps(pkg.position_to_json(before), sort_keys=True):
                return f"undo then redo of {entry.action} does not give the same position"
            del after_undo
    return None


def _check_views(pkg: Any, game: Game) -> str | None:
    """A seat's view must be a function of what the seat may know."""
    if game.perfect_information:
        return None
    for seat in (*pkg.sides, None):
        true_view = pkg.view(game.state, seat)
        known_view = pkg.view(game.observe_state(seat), seat)
        if json.dumps(true_view, sort_keys=True, default=str) != json.dumps(known_view, sort_keys=True, default=str):
            return f"the view of {seat or 'a spectator'} depends on hidden information"
    return None


def fuzz_one(game_name: str, seed: int, options: dict | None = None, max_steps: int = 20000, check_views_every: int = 1) -> tuple[Game | None, list[Problem], int]:
    """Play one random game; returns the game, the problems found and the number of actions."""
    pkg = registry.get(game_name)
    rng = random.Random(seed ^ 0xF022)
    problems: list[Problem] = []
    game = pkg.new_game(options or {}, seed=seed)
    steps = 0
    try:
        while not game.is_over():
            if steps >= max_steps:
                problems.append(Problem("step_limit", seed, game.ply, f"no outcome after {max_steps} actions", game.action_texts()))
                break
            if game.is_chance():
                game.roll()
            else:
                legal = game.legal_actions
                n = len(legal)
                if n == 0:
                    problems.append(Problem("dead_end", seed, game.ply, f"{game.current_player} has no legal action and the game is not over", game.action_texts()))
                    break
                action = legal[rng.randrange(n)]
                pkg.describe(game.state, action)
                game.push(action)
            steps += 1
            why = _check_undo(pkg, game, rng)
            if why:
                problems.append(Problem("bad_undo", seed, game.ply, why, game.action_texts()))
                break
            if check_views_every and steps % check_views_every == 0:
                why = _check_views(pkg, game)
                if why:
                    problems.append(Problem("leak", seed, game.ply, why, game.action_texts()))
                    break
    except Exception:
        problems.append(Problem("crash", seed, game.ply, traceback.format_exc(limit=8), game.action_texts()))
        return game, problems, steps
    if not problems:
        try:
            again = Game.replay(game.rules, game.options, game.seed, game.action_texts(), state=game.rules.copy_state(game.start_state))
            if _position(pkg, again) != _position(pkg, game):
                problems.append(Problem("replay", seed, game.ply, "replaying the seed and the log gives another position", game.action_texts()))
        except Exception as e:
            problems.append(Problem("replay", seed, game.ply, f"the log does not replay: {e}", game.action_texts()))
    return game, problems, steps


def fuzz(game_name: str, games: int, seed: int = 1, options: dict | None = None, max_steps: int = 20000, progress: Any = None) -> FuzzReport:
    """Fuzz ``games`` random games of ``game_name`` from seeds ``seed``, ``seed + 1``, ..."""
    report = FuzzReport(game_name)
    t0 = time.process_time()
    for i in range(games):
        game, problems, steps = fuzz_one(game_name, seed + i, options, max_steps)
        report.games += 1
        report.actions += steps
        report.finished += bool(game is not None and game.is_over())
        report.problems.extend(problems)
        if progress is not None:
            progress(i + 1)
    report.seconds = time.process_time() - t0
    return report
