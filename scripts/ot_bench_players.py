"""Operation Typhoon: a computer player against random play, per scenario and side, with the
Wilson 95% interval of its win rate (the same seed block for every side and scenario, as
bench/bench_games.py), and each game's outcome (``-v``) to see why it won or lost.

    .venv/bin/python scripts/ot_bench_players.py [--scenarios 18.1,18.2,18.3] [--sides german,russian]
                                                 [--matches 20] [--seed 1000] [--player greedy] [-v]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.match import play_game  # noqa: E402
from typhoon.ai.tournament import wilson  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenarios", default="18.1,18.2,18.3")
    ap.add_argument("--sides", default="german,russian")
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--player", default="greedy")
    ap.add_argument("-v", action="store_true", help="print every game's outcome")
    args = ap.parse_args()
    for scen in args.scenarios.split(","):
        for side in args.sides.split(","):
            wins, c0 = 0, time.process_time()
            for s in range(args.seed, args.seed + args.matches):
                names = (args.player, "random") if side == "german" else ("random", args.player)
                _, res = play_game(names[0], names[1], {"scenario": scen}, s, game_name="ot")
                wins += res.winner == side
                if args.v:
                    print(f"  ot {scen} seed {s} {side}: {'won' if res.winner == side else 'lost'}: {res.reason}", flush=True)
            lo, hi = wilson(wins, args.matches)
            print(f"ot {scen:<5} {args.player} {side:<8} vs random: {wins:3d}/{args.matches} = {wins / args.matches:5.1%}  "
                  f"Wilson 95% [{lo:5.1%}, {hi:5.1%}]  seeds {args.seed}..{args.seed + args.matches - 1}  "
                  f"({time.process_time() - c0:.0f} CPU-s)", flush=True)


if __name__ == "__main__":
    main()
