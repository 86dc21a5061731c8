"""Operation Typhoon: play the Campaign Game 18.4 (or 18.5) computer against computer to its end.

Prints, per game, the outcome (level and why), the Game-Turn reached, the plies, the CPU
seconds and the plies per CPU second. The players see only ``game.observed(side)`` (hidden
chits, the secret Plan); the seeds make every game reproducible (``typhoon replay``).

    .venv/bin/python scripts/ot_campaign_bench.py [--scenario 18.4] [--games 1] [--seed 1]
                                                  [--german greedy] [--russian greedy]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.match import play_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scenario", default="18.4", choices=("18.1", "18.2", "18.3", "18.4", "18.5"))
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--german", default="greedy", help="player name for the German side (greedy, random, ...)")
    ap.add_argument("--russian", default="greedy", help="player name for the Russian side")
    args = ap.parse_args()
    for s in range(args.seed, args.seed + args.games):
        c0 = time.process_time()
        g, res = play_game(args.german, args.russian, {"scenario": args.scenario}, s, game_name="ot")
        cpu = time.process_time() - c0
        print(f"ot {args.scenario} seed {s} {args.german} vs {args.russian}: winner {res.winner}; {res.reason}; "
              f"Game-Turn {g.state.turn}, {g.ply} plies, {cpu:.1f} CPU-s ({g.ply / max(cpu, 1e-9):.0f} plies/CPU-s)", flush=True)


if __name__ == "__main__":
    main()
