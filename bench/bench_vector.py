"""Throughput of the vectorised environments: decisions per second per core and in total.

Rows (a masked uniformly random learner against the "random" opponent inside, both sides'
decisions counted: the learner's cost an observation and a mask, the opponent's only the engine):

* ``gym-sync``: ``gymnasium.vector.SyncVectorEnv`` of ``TyphoonEnv`` (``gym_env.vector_env``),
  masks through ``envs.call("action_masks")``: the per-env path;
* ``vector``: ``typhoon.research.vector.TyphoonVectorEnv``, all games in one loop, one process;
* ``vector xP``: ``typhoon.research.vector.ProcessVectorEnv``: ``P`` worker processes each
  stepping a ``TyphoonVectorEnv`` of ``envs / P`` games, driven from this process (the
  across-processes form; per core = decisions / the workers' CPU seconds);
* ``gym-async`` (``--async``): ``gymnasium.vector.AsyncVectorEnv``, one worker process per game;
* ``engine only``: the ceiling, the same games played with no environment (no observation, no
  mask, no legal indices): the learner draws from the engine's legal list, one process.

"per core" is decisions per second of CPU time of the processes stepping games (robust on a
shared machine); "total" is decisions per wall-clock second of the whole row (what a trainer
gets; it suffers when other jobs share the cores); "cores" is the CPU seconds of the processes
stepping games per wall second (total / per core: for ``vector xP``, how many of the cores its
workers kept busy; the driving process's own CPU is not counted). Each row is run ``--repeats`` times and the
medians are printed.

    python bench/bench_vector.py --game bfm --envs 8 --steps 300 --repeats 3
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np


def _masked_random(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A uniformly random legal index per row of ``masks`` (0 where a row has none), drawn for
    all rows with a few numpy calls (the learner's own cost should not hide the environment's)."""
    masks = np.asarray(masks)
    n, width = masks.shape
    flat = np.flatnonzero(masks)  # (np.nonzero of the 2-D array is an order of magnitude slower)
    if not len(flat):
        return np.zeros(n, dtype=np.intp)
    starts = np.searchsorted(flat, np.arange(n + 1) * width)  # each row's first legal index in flat
    counts = np.diff(starts)
    pick = starts[:-1] + (rng.random(n) * counts).astype(np.intp)
    return np.where(counts > 0, flat[np.minimum(pick, len(flat) - 1)] - np.arange(n) * width, 0)


def run_gym(game: str, envs: int, steps: int, mode: str, seed: int = 0) -> dict:
    """The Gymnasium per-env vector (sync or async)."""
    from typhoon.research.gym_env import vector_env

    v = vector_env(game, num_envs=envs, mode=mode, opponent="random")
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    d0 = sum(v.call("decisions"))
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(steps):
        v.step(_masked_random(rng, v.call("action_masks")))
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    decisions = sum(v.call("decisions")) - d0
    v.close()
    procs = 1 if mode == "sync" else min(envs, os.cpu_count() or 1)
    # async: the workers' CPU is not this process's; per core = wall rate / processes
    per_core = decisions / cpu if mode == "sync" else decisions / wall / procs
    cores = cpu / wall if mode == "sync" else float("nan")  # async: the workers' CPU is not measured
    return {"decisions": decisions, "wall": wall, "total": decisions / wall, "per_core": per_core, "cores": cores}


def run_vector(game: str, envs: int, steps: int, seed: int = 0) -> dict:
    """One ``TyphoonVectorEnv`` in this process."""
    from typhoon.research.vector import TyphoonVectorEnv

    v = TyphoonVectorEnv(game, envs, opponent="random")
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    d0 = v.decisions
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(steps):
        v.step(_masked_random(rng, v.action_masks()))
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    decisions = v.decisions - d0
    return {"decisions": decisions, "wall": wall, "total": decisions / wall, "per_core": decisions / cpu, "cores": cpu / wall}


def run_processes(game: str, envs: int, steps: int, procs: int, seed: int = 0) -> dict:
    """A ``ProcessVectorEnv``: ``procs`` worker processes, each a ``TyphoonVectorEnv``."""
    from typhoon.research.vector import ProcessVectorEnv

    v = ProcessVectorEnv(game, envs, processes=procs, opponent="random")
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    d0, c0 = v.decisions, v.worker_cpu
    t0 = time.perf_counter()
    for _ in range(steps):
        v.step(_masked_random(rng, v.action_masks()))
    wall = time.perf_counter() - t0
    decisions, cpu = v.decisions - d0, v.worker_cpu - c0
    v.close()
    # cores: the workers' CPU seconds per wall second (2.0 = both cores stepping games all along)
    return {"decisions": decisions, "wall": wall, "total": decisions / wall, "per_core": decisions / cpu, "cores": cpu / wall}


def run_engine(game: str, envs: int, steps: int, seed: int = 0) -> dict:
    """The ceiling of the rows above: the same games without any environment, observation or
    mask: the learner's legal list drawn from uniformly, the "random" opponent and the dice
    (the engine's share of a vector step)."""
    from typhoon.research.common import make_opponent, package

    pkg = package(game)
    rules, side = pkg.rules, pkg.sides[0]
    rng = np.random.default_rng(seed)
    games = []
    for i in range(envs):
        games.append([pkg.new_game({}, seed=seed + i, keep_history=False), make_opponent(pkg, "random", seed=seed + i + 1)])
    decisions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for t in range(steps):
        for slot in games:
            g, opponent = slot
            if g.is_over():
                g = slot[0] = pkg.new_game({}, seed=seed + 1000 + t, keep_history=False)
            while not g.is_over():
                if g.is_chance():
                    g.roll()
                elif g.current_player == side:
                    break
                else:
                    g.push(opponent.choose(g), validate=False)
                    decisions += 1
            if not g.is_over():
                legal = rules.legal_actions(g.state)
                g.push(legal[int(rng.integers(len(legal)))], validate=False)
                decisions += 1
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"decisions": decisions, "wall": wall, "total": decisions / wall, "per_core": decisions / cpu, "cores": cpu / wall}


def median_row(fn, repeats: int) -> dict:
    runs = [fn() for _ in range(repeats)]
    return {k: statistics.median(r[k] for r in runs) for k in ("decisions", "wall", "total", "per_core", "cores")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bfm")
    ap.add_argument("--envs", type=int, default=8, help="games per row (split over the processes)")
    ap.add_argument("--steps", type=int, default=300, help="vector steps per run")
    ap.add_argument("--repeats", type=int, default=3, help="runs per row (medians are printed)")
    ap.add_argument("--procs", type=int, default=os.cpu_count() or 1, help="processes of the 'vector xP' row")
    ap.add_argument("--async", dest="with_async", action="store_true", help="also gym's AsyncVectorEnv")
    a = ap.parse_args()
    print(f"game {a.game}, {a.envs} games, {a.steps} vector steps per run, median of {a.repeats}, "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print(f"{'row':<12} {'decisions':>9} {'wall s':>7} {'total/s':>8} {'per core/s':>10} {'cores':>5}")
    rows = [
        ("gym-sync", lambda: run_gym(a.game, a.envs, a.steps, "sync")),
        ("vector", lambda: run_vector(a.game, a.envs, a.steps)),
        (f"vector x{a.procs}", lambda: run_processes(a.game, a.envs, a.steps, a.procs)),
    ]
    if a.with_async:
        rows.append(("gym-async", lambda: run_gym(a.game, a.envs, a.steps, "async")))
    rows.append(("engine only", lambda: run_engine(a.game, a.envs, a.steps)))
    for name, fn in rows:
        r = median_row(fn, a.repeats)
        print(f"{name:<12} {r['decisions']:>9.0f} {r['wall']:>7.1f} {r['total']:>8.0f} {r['per_core']:>10.0f} {r['cores']:>5.2f}", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
