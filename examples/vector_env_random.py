"""Many Typhoon games stepped in one loop (``typhoon.research.vector``): a masked random learner
over a batch of games, with the batched observations and masks a trainer would use.

    python examples/vector_env_random.py --game bfm --envs 8 --steps 300
    python examples/vector_env_random.py --game mini --envs 8 --processes 2
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bfm")
    ap.add_argument("--envs", type=int, default=8)
    ap.add_argument("--steps", type=int, default=300)
    ap.add_argument("--processes", type=int, default=1, help="worker processes (1: all games in this one)")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()

    from typhoon.research.vector import ProcessVectorEnv, TyphoonVectorEnv

    if a.processes > 1:
        envs = ProcessVectorEnv(a.game, a.envs, processes=a.processes, autoreset_mode="same_step")
    else:
        envs = TyphoonVectorEnv(a.game, a.envs, autoreset_mode="same_step")
    obs, _ = envs.reset(seed=a.seed)
    print(f"{a.envs} games of {a.game}: observations {obs.shape} {obs.dtype}, masks {envs.action_masks().shape}")
    rng = np.random.default_rng(a.seed)
    winners: Counter = Counter()
    t0 = time.perf_counter()
    d0 = envs.decisions
    for _ in range(a.steps):
        masks = envs.action_masks()
        actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        for i in np.flatnonzero(terminated | truncated):  # same-step autoreset: the ended game's info
            winners[(infos["final_info"][i] or {}).get("winner", "none (truncated)")] += 1
    dt = time.perf_counter() - t0
    print(f"{a.steps} steps, {envs.decisions - d0} decisions (both sides) in {dt:.1f} s; "
          f"games ended, by winner: {dict(winners)}")
    envs.close()


if __name__ == "__main__":
    main()
