"""PettingZoo AEC loop: a masked-random agent against a Typhoon computer player, both sides.

    python examples/pettingzoo_random_vs_heuristic.py --games 4
    python examples/pettingzoo_random_vs_heuristic.py --game mini --opponent greedy
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from typhoon.ai.base import make_player
from typhoon.research.pettingzoo_env import env as make_env


def play(game: str, opponent: str, random_side: str, seed: int) -> tuple[dict, int]:
    env = make_env(game=game)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    player = make_player(opponent, game=game, seed=seed)
    final: dict = {}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        if agent == random_side:
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        else:  # the computer player reads the game as its side may know it; its action is encoded
            g = env.game if env.game.perfect_information else env.game.observed(agent)
            action = env.encoding.encode(env.game.state, player.choose(g))
        env.step(action)
        steps += 1
    return final, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bfm")
    ap.add_argument("--opponent", default="heuristic", help="a Typhoon player of the game (mini: greedy)")
    ap.add_argument("--games", type=int, default=4)
    args = ap.parse_args()
    sides = make_env(game=args.game).possible_agents
    t0 = time.perf_counter()
    score = {"random": 0.0, args.opponent: 0.0}
    total_steps = 0
    for i in range(args.games):
        random_side = sides[i % 2]
        other = sides[1 - i % 2]
        rewards, steps = play(args.game, args.opponent, random_side, seed=i)
        total_steps += steps
        print(f"game {i}: random plays {random_side:<6} rewards random {rewards[random_side]:+.0f}, "
              f"{args.opponent} {rewards[other]:+.0f} ({steps} agent steps)")
        score["random"] += (rewards[random_side] + 1) / 2
        score[args.opponent] += (rewards[other] + 1) / 2
    dt = time.perf_counter() - t0
    print(f"score: {args.opponent} {score[args.opponent]:g}, random {score['random']:g} of {args.games}; "
          f"{total_steps / dt:.0f} agent steps/s")


if __name__ == "__main__":
    main()
