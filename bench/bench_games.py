"""The Moscow Campaign, Operation Typhoon and Drive on Moscow: random-playout speed and the
strength of each game's greedy player against random play.

Prints, per game and scenario:

- random games per CPU second: the median over ``--runs`` runs of ``--games`` random-vs-random
  games each (CPU time of this process, robust to other work on a shared machine; the kit is
  loaded before timing), with actions per CPU second;
- greedy against random, per side: wins of the greedy player in ``--matches`` games with the
  greedy player on that side, seeds ``--seed`` .. ``--seed + matches - 1`` (a fixed seed block,
  the same for every side and scenario), with the Wilson 95% interval of the win rate.

Usage (modest numbers; the machine is shared)::

    python bench/bench_games.py [--games 2] [--runs 3] [--matches 20] [--seed 1000]
                                [--only mc:september,ot:18.1,dom:-] [--no-speed] [--no-strength]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from typhoon.ai.match import play_game
from typhoon.games import registry

#: (game, option dict) per scenario benchmarked; "-" names a game without scenarios
SCENARIOS: dict[str, tuple[str, ...]] = {
    "mc": ("september", "november", "december"),
    "ot": ("18.1", "18.2", "18.3", "18.4", "18.5"),
    "dom": ("-",),
}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def options_of(scenario: str) -> dict:
    return {} if scenario == "-" else {"scenario": scenario}


def speed(game: str, scenario: str, games: int, runs: int, seed: int) -> tuple[float, float]:
    """(median random games per CPU second, median actions per CPU second) over ``runs`` runs."""
    pkg = registry.get(game)
    pkg.new_game(options_of(scenario), seed=0)  # load the kit before timing
    rates, arates = [], []
    for r in range(runs):
        c0 = time.process_time()
        actions = 0
        for s in range(games):
            g, _ = play_game("random", "random", options_of(scenario), seed + r * games + s, game_name=game)
            actions += g.ply
        cpu = time.process_time() - c0
        rates.append(games / cpu)
        arates.append(actions / cpu)
    return statistics.median(rates), statistics.median(arates)


def strength(game: str, scenario: str, matches: int, seed: int, player: str = "greedy") -> dict[str, tuple[int, int, float]]:
    """Per side: (wins of ``player`` on that side against random, games, CPU seconds)."""
    pkg = registry.get(game)
    out = {}
    for i, side in enumerate(pkg.sides):
        wins = 0
        c0 = time.process_time()
        for s in range(seed, seed + matches):
            names = [player, "random"] if i == 0 else ["random", player]
            _, res = play_game(names[0], names[1], options_of(scenario), s, game_name=game)
            wins += res.winner == side
        out[side] = (wins, matches, time.process_time() - c0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2, help="random games per speed run")
    ap.add_argument("--runs", type=int, default=3, help="speed runs (the median is printed)")
    ap.add_argument("--matches", type=int, default=20, help="greedy-vs-random games per side and scenario")
    ap.add_argument("--seed", type=int, default=1000, help="first seed of the block")
    ap.add_argument("--only", default="", help="comma list of game:scenario (e.g. mc:december,dom:-)")
    ap.add_argument("--no-speed", action="store_true")
    ap.add_argument("--no-strength", action="store_true")
    args = ap.parse_args()
    wanted = [tuple(x.split(":", 1)) for x in args.only.split(",") if x] or [(g, s) for g, ss in SCENARIOS.items() for s in ss]
    for game, scenario in wanted:
        label = f"{game} {scenario}"
        if not args.no_speed:
            gps, aps = speed(game, scenario, args.games, args.runs, args.seed)
            print(f"{label:<16} random: {gps:6.3f} games/CPU-s ({aps:7.0f} actions/CPU-s; median of {args.runs} runs x {args.games} games)", flush=True)
        if not args.no_strength:
            for side, (wins, n, cpu) in strength(game, scenario, args.matches, args.seed).items():
                lo, hi = wilson(wins, n)
                print(f"{label:<16} greedy {side:<8} vs random: {wins:3d}/{n} = {wins / n:5.1%}  "
                      f"Wilson 95% [{lo:5.1%}, {hi:5.1%}]  seeds {args.seed}..{args.seed + n - 1}  ({cpu:.0f} CPU-s)", flush=True)


if __name__ == "__main__":
    main()
