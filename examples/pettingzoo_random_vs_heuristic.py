"""PettingZoo AEC loop: a masked-random agent against Typhoon's heuristic player, both sides.

    python examples/pettingzoo_random_vs_heuristic.py --games 4
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from typhoon.ai.base import make_player
from typhoon.games.bfm import encoding as enc
from typhoon.research.pettingzoo_env import env as make_env


def play(random_side: str, seed: int) -> tuple[dict, int]:
    env = make_env()
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    heuristic = make_player("heuristic", seed=seed)
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
        else:  # the heuristic reads the engine's game; its action is encoded into the env's space
            action = enc.encode(env.game.state, heuristic.choose(env.game))
        env.step(action)
        steps += 1
    return final, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    args = ap.parse_args()
    t0 = time.perf_counter()
    score = {"random": 0.0, "heuristic": 0.0}
    total_steps = 0
    for i in range(args.games):
        random_side = ("german", "soviet")[i % 2]
        rewards, steps = play(random_side, seed=i)
        total_steps += steps
        other = "soviet" if random_side == "german" else "german"
        print(f"game {i}: random plays {random_side:<6} rewards random {rewards[random_side]:+d}, heuristic {rewards[other]:+d} ({steps} agent steps)")
        score["random"] += (rewards[random_side] + 1) / 2
        score["heuristic"] += (rewards[other] + 1) / 2
    dt = time.perf_counter() - t0
    print(f"score: heuristic {score['heuristic']:g}, random {score['random']:g} of {args.games}; "
          f"{total_steps / dt:.0f} agent steps/s")


if __name__ == "__main__":
    main()
