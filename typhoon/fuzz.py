"""A fuzzer for every game (in the manner of Rally the Troops' rules fuzzer).

``typhoon fuzz --game G --games N`` plays random legal games through the same code paths as the
server: a network game in the server's :class:`typhoon.server.live.Games` on a temporary SQLite
store, every action sent by the seat to act (``Games.act``, which validates it, rolls the dice
with the server's keyed dice and commits it), every seat's view built after every action
(``LiveGame.view``), undo through the server. It reports:

- ``crash``: any exception out of the rules, the package or the server, with the seed and log;
- ``dead_end``: no legal action, no chance event and no outcome;
- ``step_limit``: no outcome after ``max_steps`` actions;
- ``bad_undo``: undo offered across a die roll, a reveal, a phase change or another player's
  action, and undo then redo that does not give the same position;
- ``replay``: the game reloaded from the store (replayed from seed and log, as after a server
  restart) differs from the game played, or its final record does not verify (commitment);
- ``leak``: a seat's view depends on something that seat may not know (the view computed from
  the true state differs from the one computed from ``Game.observe_state``);
- the CPU time per game.

Games are reproducible: game ``i`` uses dice seed ``derived_seed(seed + i)`` and its own random
choices from ``seed + i``.
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .core.dice import derived_seed
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
    undos: int = 0
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


def dice_seed(seed: int) -> int:
    """The (128-bit) dice seed of fuzz game ``seed``."""
    return derived_seed(seed, "fuzz-dice", bits=128)


class ServerFuzzer:
    """Random games through the server's ``Games``/``LiveGame`` on one store."""

    def __init__(self, database_url: str) -> None:
        from .server.live import Games
        from .server.store import Store

        self.store = Store(database_url)
        self.games = Games(self.store)

    def close(self) -> None:
        self.store.dispose()

    async def new_game(self, game_name: str, seed: int, options: dict | None) -> Any:
        meta, _ = self.games.new_meta("network", options or {}, None, f"fuzz {seed}", None, None, game=game_name)
        meta.seed = dice_seed(seed)  # reproducible, still the server's keyed dice
        pkg = registry.get(game_name)
        return await self.games.create(meta, pkg.new_game(meta.options, meta.seed))

    async def play(self, game_name: str, seed: int, options: dict | None = None, max_steps: int = 20000,
                   check_views_every: int = 1) -> tuple[Game | None, list[Problem], int, int]:
        """Play one random game; returns the game, the problems found, actions and undos."""
        from .server.live import ApiError

        rng = random.Random(seed ^ 0xF022)
        problems: list[Problem] = []
        steps = undos = 0
        live = None
        try:
            live = await self.new_game(game_name, seed, options)
            pkg, g = live.pkg, live.game
            while not g.is_over():
                if steps >= max_steps:
                    problems.append(Problem("step_limit", seed, g.ply, f"no outcome after {max_steps} actions", g.action_texts()))
                    break
                seat = g.current_player
                views = {s: live.view(s) for s in (*pkg.sides, None)}  # every seat's view, as the server builds it
                legal = views.get(seat, {}).get("legal") or []
                if not legal:
                    problems.append(Problem("dead_end", seed, g.ply, f"{seat} has no legal action and the game is not over", g.action_texts()))
                    break
                action = legal[rng.randrange(len(legal))]
                await self.games.act(live, seat, g.ply, action)
                steps += 1
                why, did = await self._check_undo(live, rng)
                undos += did
                if why:
                    problems.append(Problem("bad_undo", seed, g.ply, why, g.action_texts()))
                    break
                if check_views_every and steps % check_views_every == 0:
                    why = _check_views(pkg, g)
                    if why:
                        problems.append(Problem("leak", seed, g.ply, why, g.action_texts()))
                        break
        except ApiError as e:
            g = live.game if live else None
            problems.append(Problem("crash", seed, g.ply if g else 0, f"the server refused a legal action: {e.status} {e.detail}",
                                    g.action_texts() if g else []))
        except Exception:
            g = live.game if live else None
            problems.append(Problem("crash", seed, g.ply if g else 0, traceback.format_exc(limit=8), g.action_texts() if g else []))
        if live is None:
            return None, problems, steps, undos
        if not problems:
            why = await self._check_replay(live)
            if why:
                problems.append(Problem("replay", seed, live.game.ply, why, live.game.action_texts()))
        self.games.evict(live.meta.id)
        return live.game, problems, steps, undos

    async def _check_undo(self, live: Any, rng: random.Random) -> tuple[str | None, int]:
        """Every undo the server offers must take back the seat's own last decision, never a
        die roll, a reveal or a phase change, and undo then redo must give the same position."""
        g, pkg = live.game, live.pkg
        for seat in pkg.sides:
            if not live.may_undo(seat):
                continue
            last = g.log[-1]
            if last.chance:
                return f"undo offered to {seat} across the die roll {last.action}", 0
            if last.reveal:
                return f"undo offered to {seat} across a reveal ({last.action})", 0
            if last.phase_changed:
                return f"undo offered to {seat} across a change of phase ({last.action})", 0
            if last.player != seat:
                return f"undo offered to {seat} of {last.player}'s action {last.action}", 0
            if rng.random() < 0.3:
                before = _position(pkg, g)
                text = str(last.action)
                await self.games.act(live, seat, g.ply, None)
                await self.games.act(live, seat, g.ply, text)
                if _position(pkg, g) != before:
                    return f"undo then redo of {text} does not give the same position", 1
                return None, 1
        return None, 0

    async def _check_replay(self, live: Any) -> str | None:
        """Reload the game from the store (as after a restart) and compare; a finished game's
        record must verify, seed commitment included."""
        from .core import record

        gid, pkg = live.meta.id, live.pkg
        self.games.evict(gid)
        try:
            again = await self.games.get(gid)
        except Exception as e:
            return f"the stored game does not load: {e}"
        if again.game.action_texts() != live.game.action_texts():
            return "the reloaded game's log differs from the game played"
        if _position(pkg, again.game) != _position(pkg, live.game):
            return "replaying the seed and the log gives another position"
        if live.game.is_over():
            try:
                rec = again.record(None)
                game, same = record.verify(rec)
            except Exception as e:
                return f"the final record does not verify: {e}"
            if not same:
                return "the final record replays to another position"
        return None


def fuzz(game_name: str, games: int, seed: int = 1, options: dict | None = None, max_steps: int = 20000,
         progress: Any = None, database_url: str | None = None) -> FuzzReport:
    """Fuzz ``games`` random games of ``game_name`` (seeds ``seed``, ``seed + 1``, ...) through
    the server's code paths on a temporary SQLite store (or ``database_url``)."""
    report = FuzzReport(game_name)
    with tempfile.TemporaryDirectory(prefix="typhoon-fuzz-") as tmp:
        url = database_url or f"sqlite:///{Path(tmp) / 'fuzz.db'}"
        fuzzer = ServerFuzzer(url)
        try:
            t0 = time.process_time()
            for i in range(games):
                game, problems, steps, undos = asyncio.run(fuzzer.play(game_name, seed + i, options, max_steps))
                report.games += 1
                report.actions += steps
                report.undos += undos
                report.finished += bool(game is not None and game.is_over())
                report.problems.extend(problems)
                if progress is not None:
                    progress(i + 1)
            report.seconds = time.process_time() - t0
        finally:
            fuzzer.close()
    return report
