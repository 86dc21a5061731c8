"""OpenSpiel: MCTSBot against a uniformly random bot on python_typhoon_<game>, one game per side,
with OpenSpiel's own ``evaluate_bots``. (In a game with hidden information MCTSBot searches the
true state: a baseline that sees everything, not a fair player.)

    python examples/openspiel_mcts_vs_random.py --simulations 8 --horizon 1
    python examples/openspiel_mcts_vs_random.py --game mini --simulations 20
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

from typhoon.research import openspiel_game  # registers python_typhoon_<game> for every game
from typhoon.research.openspiel_bots import TruncatedRolloutEvaluator


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bfm", choices=sorted(openspiel_game.REGISTERED.values()))
    ap.add_argument("--simulations", type=int, default=8)
    ap.add_argument("--horizon", type=int, default=1, help="phase changes per playout before the static evaluation")
    ap.add_argument("--stock", action="store_true", help="use OpenSpiel's RandomRolloutEvaluator (playouts to the end; slow)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    game = pyspiel.load_game(openspiel_game.short_name(args.game))
    sides = game.players
    rs = np.random.RandomState(args.seed)
    evaluator = (mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs) if args.stock
                 else TruncatedRolloutEvaluator(args.horizon, args.seed))
    for mcts_player in (0, 1):
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations, evaluator=evaluator,
                           random_state=rs, solve=False)
        rnd = uniform_random.UniformRandomBot(1 - mcts_player, rs)
        bots = [bot, rnd] if mcts_player == 0 else [rnd, bot]
        t0 = time.perf_counter()
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
        print(f"MCTS ({args.simulations} sims) as {sides[mcts_player]}: returns "
              + ", ".join(f"{s} {r:+.0f}" for s, r in zip(sides, returns))
              + f" ({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
