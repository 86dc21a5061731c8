"""Throughput of the Gymnasium vector environments (``typhoon.research.gym_env.vector_env``):
decisions per second in total and per core, several games per process (``sync``) and across
processes (``async``), with a masked random learner against the "random" opponent.

A "decision" is one non-chance action of either side (learner steps and the opponent's moves:
both cost the engine a decision; the learner's also cost an observation and a mask). Rates are
per wall-clock second (the async workers' CPU is not this process's), so run it on a quiet
machine; "per core" divides by the number of processes stepping games (sync: 1; async: the
workers, at most the machine's cores).

    python bench/bench_vector.py --game bfm --envs 4 --steps 2000
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np


def run(game: str, envs: int, mode: str, steps: int, seed: int = 0) -> dict:
    from typhoon.research.gym_env import vector_env

    v = vector_env(game, num_envs=envs, mode=mode, opponent="random")
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    plies0 = sum(v.call("decisions"))
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(steps):
        masks = v.call("action_masks")
        actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
        v.step(actions)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    decisions = sum(v.call("decisions")) - plies0
    v.close()
    procs = 1 if mode == "sync" else min(envs, os.cpu_count() or 1)
    return {
        "mode": mode, "envs": envs, "learner_steps": steps * envs, "decisions": decisions,
        "wall_s": wall, "main_cpu_s": cpu, "total_per_s": decisions / wall, "per_core_per_s": decisions / wall / procs,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bfm")
    ap.add_argument("--envs", type=int, default=4)
    ap.add_argument("--steps", type=int, default=1000, help="vector steps per row")
    a = ap.parse_args()
    print(f"game {a.game}, {a.envs} games, {a.steps} vector steps per row, {os.cpu_count()} cores")
    print(f"{'mode':<6} {'games':>5} {'learner steps':>13} {'decisions':>9} {'wall s':>7} {'total/s':>8} {'per core/s':>10}")
    for mode in ("sync", "async"):
        r = run(a.game, a.envs, mode, a.steps)
        print(f"{r['mode']:<6} {r['envs']:>5} {r['learner_steps']:>13} {r['decisions']:>9} {r['wall_s']:>7.1f} "
              f"{r['total_per_s']:>8.0f} {r['per_core_per_s']:>10.0f}")


if __name__ == "__main__":
    main()
