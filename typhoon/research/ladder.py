"""A ladder: rate any seat against the fixed computer players of a game, in the manner of
published LLM game benchmarks (a fixed ladder of opponents, both sides, many seeds, a score with
its confidence interval and an Elo-style difference).

The contender is one of:

* a computer player name (``"random"``, ``"heuristic"``, ``"search-easy"``, ...) or a
  :class:`typhoon.core.contract.Player` (anything with ``choose(game)``; it gets
  ``game.observed(side)``, as every computer player does);
* ``"policy:PATH"``: a saved MaskablePPO model (:class:`PolicyPlayer`, the extra ``.[rl]``);
* a seat agent: a function ``agent(seat)`` that plays one whole game through the MCP seat's tools
  (``typhoon.research.mcp_server.Seat``: ``describe``, ``legal_summary``, ``act``, ...), which is
  how an LLM client, a script or a human-in-the-loop driver is rated: exactly the tools the
  model has over MCP, in process.

    python -m typhoon.research.ladder --game bfm --contender heuristic --games 10
    python -m typhoon.research.ladder --contender policy:typhoon/research/models/bfm_german_ppo.zip --sides german
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.contract import Player
from ..core.game import Game
from .common import DEFAULT_GAME, make_opponent, opponent_move, package


@dataclass
class Rung:
    """The contender's results against one opponent."""

    opponent: str
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def score(self) -> float:
        """Wins plus half the draws, per game."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + 0.5 * self.draws, self.games)

    @property
    def elo(self) -> float:
        """The Elo difference the score implies (clamped at +-800 for 0% and 100%)."""
        p = min(max(self.score, 1e-3), 1 - 1e-3)
        return max(-800.0, min(800.0, -400.0 * math.log10(1 / p - 1)))

    def line(self) -> str:
        lo, hi = self.interval
        return (
            f"{self.opponent:<16} {self.games:>5} {self.wins:>4} {self.draws:>4} {self.losses:>4} "
            f"{self.score:6.3f}  [{lo:.2f}, {hi:.2f}]  {self.elo:+7.0f}"
        )


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``score`` successes in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / d
    return max(0.0, c - h), min(1.0, c + h)


class PolicyPlayer:
    """A saved MaskablePPO model (sb3-contrib, the extra ``.[rl]``) as a computer player of
    the Gymnasium environment's flat action space: it reads the observation of its side (made
    from what the side may know) and the legal mask, and chooses deterministically."""

    def __init__(self, path: str, game: str = DEFAULT_GAME, deterministic: bool = True) -> None:
        from sb3_contrib import MaskablePPO

        self.name = f"policy:{path}"
        self.pkg = package(game)
        self.model = MaskablePPO.load(path, device="cpu")
        self.deterministic = deterministic

    def choose(self, game: Game) -> Any:
        from .common import encoding_of, observation

        enc = encoding_of(self.pkg, game.options)
        side = game.current_player
        obs = observation(self.pkg, enc, game.state, side)
        mask = enc.legal_mask(game.state)
        index, _ = self.model.predict(obs, action_masks=mask, deterministic=self.deterministic)
        return enc.decode(game.state, int(index))


SeatAgent = Callable[[Any], None]


def contender_of(spec: str | Player | SeatAgent, game: str, seed: int) -> Player | SeatAgent:
    """A contender from its command-line form (a player name or ``policy:PATH``) or as given."""
    if isinstance(spec, str):
        if spec.startswith("policy:"):
            return PolicyPlayer(spec.split(":", 1)[1], game)
        return make_opponent(package(game), spec, seed=seed)
    return spec


def play_one(game: str, contender: Player | SeatAgent, side: str, opponent: str, seed: int, options: dict | None = None) -> str | None:
    """One game; returns the winner (None: a draw)."""
    pkg = package(game)
    if not hasattr(contender, "choose"):  # a seat agent plays through the MCP seat's tools
        from .mcp_server import Seat

        seat = Seat(game)
        seat.new_game(options or {}, side, opponent, seed)
        contender(seat)
        g = seat.game
        if not g.is_over():
            raise RuntimeError(f"the seat agent returned before the end of the game (ply {g.ply})")
        return g.outcome().winner
    g = pkg.new_game(options or {}, seed=seed, keep_history=False)
    other = make_opponent(pkg, opponent, seed=seed + 1)
    while not g.is_over():
        if g.is_chance():
            g.roll()
        elif g.current_player == side:
            opponent_move(pkg, g, contender, side)
        else:
            opponent_move(pkg, g, other, g.current_player)
    return g.outcome().winner


def ladder(
    contender: str | Player | SeatAgent,
    game: str = DEFAULT_GAME,
    opponents: Sequence[str] | None = None,
    games: int = 10,
    sides: Sequence[str] | None = None,
    seed: int = 0,
    options: dict | None = None,
) -> list[Rung]:
    """Play ``games`` games against each opponent, the contender's side alternating over
    ``sides`` (default: every side), seeds ``seed, seed + 1, ...``; one :class:`Rung` each."""
    pkg = package(game)
    sides = list(sides or pkg.sides)
    if opponents is None:
        opponents = ["random", *(["heuristic"] if "heuristic" in pkg.players() else []), "search-easy"]
    who = contender_of(contender, game, seed)
    out = []
    for opp in opponents:
        w = d = lo = 0
        for i in range(games):
            side = sides[i % len(sides)]
            winner = play_one(game, who, side, opp, seed + i, options)
            if winner is None:
                d += 1
            elif winner == side:
                w += 1
            else:
                lo += 1
        out.append(Rung(opp, games, w, d, lo))
    return out


def report(rungs: Sequence[Rung]) -> str:
    head = f"{'opponent':<16} {'games':>5} {'won':>4} {'drew':>4} {'lost':>4} {'score':>6}  95% interval  Elo diff"
    return "\n".join([head, *(r.line() for r in rungs)])


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Rate a seat against the fixed computer players of a game")
    ap.add_argument("--game", default=DEFAULT_GAME)
    ap.add_argument("--contender", required=True, help="a computer player name or policy:PATH")
    ap.add_argument("--opponents", default=None, help="comma-separated names (default random, heuristic, search-easy)")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--sides", default=None, help="comma-separated sides the contender plays (default all)")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    rungs = ladder(
        a.contender, a.game, a.opponents.split(",") if a.opponents else None, a.games,
        a.sides.split(",") if a.sides else None, a.seed,
    )
    print(report(rungs))


if __name__ == "__main__":
    main()
