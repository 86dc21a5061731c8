"""Gymnasium loop: a masked random policy as the learner in Typhoon<Game>-v0 against a chosen opponent.

    python examples/gym_masked_random.py --episodes 10 --side soviet --opponent heuristic
    python examples/gym_masked_random.py --game mini --side red --opponent greedy
"""

from __future__ import annotations

import argparse
import time

import gymnasium as gym
import numpy as np

from typhoon.research import gym_env  # registers Typhoon<Game>-v0 for every game


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bfm", choices=sorted(gym_env.ENV_IDS))
    ap.add_argument("--episodes", type=int, default=10)
    ap.add_argument("--side", default=None, help="the learner's side (default: the game's first side)")
    ap.add_argument("--opponent", default="random")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    env = gym.make(gym_env.ENV_IDS[args.game], side=args.side, opponent=args.opponent)
    side = env.unwrapped.side
    rng = np.random.default_rng(args.seed)
    returns, steps = [], 0
    t0 = time.perf_counter()
    for ep in range(args.episodes):
        obs, info = env.reset(seed=args.seed + ep)
        done, total = False, 0.0
        while not done:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))  # masked random policy
            obs, reward, terminated, truncated, info = env.step(action)
            total += reward
            steps += 1
            done = terminated or truncated
        returns.append(total)
        print(f"episode {ep}: return {total:+.0f} ({info['reason']})")
    dt = time.perf_counter() - t0
    print(f"mean return {np.mean(returns):+.2f} over {args.episodes} episodes as {side} vs {args.opponent}; "
          f"{steps / dt:.0f} learner steps/s")


if __name__ == "__main__":
    main()
