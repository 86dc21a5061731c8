"""Environment speed: decisions per second of uniformly random play through each research
interface, against the bare engine, in one run.

A "decision" is one non-chance action (die rolls are played too but not counted). Every row
plays whole games with the same seeds; the rows differ in what each step costs:

* engine: ``Game.legal_actions`` + ``push(validate=False)`` (keep_history=False)
* engine + encoding: also the legal mask and the observation tensor of the player to act
* OpenSpiel: ``state.legal_actions()`` + ``apply_action`` (no tensors)
* OpenSpiel + observation: also ``observation_tensor(player)``
* PettingZoo AEC: ``last()`` (observation + mask) + ``step``
* Gymnasium: ``step`` with a masked random learner vs the "random" opponent (learner and
  opponent decisions both counted; the opponent's cost no tensors)
* MCP seat: in-process tool calls (``legal_actions`` text + ``act`` text), both sides

    python bench/bench_envs.py --games 5
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np


def bench_engine(seeds, with_tensors: bool = False) -> tuple[int, float]:
    from typhoon.games.bfm import encoding as enc
    from typhoon.games.bfm import new_game

    n, t0 = 0, time.perf_counter()
    for seed in seeds:
        g = new_game({}, seed=seed, keep_history=False)
        rng = random.Random(seed)
        while not g.is_over():
            if g.is_chance():
                g.roll()
                continue
            legal = list(g.legal_actions)
            if with_tensors:
                enc.legal_mask(g.state, legal)
                enc.observation(g.state, g.current_player)
            g.push(legal[rng.randrange(len(legal))], validate=False)
            n += 1
    return n, time.perf_counter() - t0


def bench_openspiel(seeds, with_tensors: bool = False) -> tuple[int, float]:
    import pyspiel

    from typhoon.research import openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_typhoon_bfm")
    n, t0 = 0, time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.randrange(6))
                continue
            legal = s.legal_actions()
            if with_tensors:
                s.observation_tensor(s.current_player())
            s.apply_action(legal[rng.randrange(len(legal))])
            n += 1
    return n, time.perf_counter() - t0


def bench_pettingzoo(seeds) -> tuple[int, float]:
    from typhoon.research.pettingzoo_env import env as make_env

    env = make_env()
    n, t0 = 0, time.perf_counter()
    for seed in seeds:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _agent in env.agent_iter():
            obs, _r, term, trunc, _i = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            n += 1
    return n, time.perf_counter() - t0


def bench_gym(seeds) -> tuple[int, float]:
    import gymnasium as gym

    from typhoon.research import gym_env  # noqa: F401

    env = gym.make("TyphoonBfm-v0", side="german", opponent="random")
    n, t0 = 0, time.perf_counter()
    for seed in seeds:
        _obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            _obs, _r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done = term or trunc
        n += sum(1 for e in env.unwrapped.game.log if not e.chance)
    return n, time.perf_counter() - t0


def bench_mcp_seat(seeds) -> tuple[int, float]:
    from typhoon.research.mcp_server import Seat

    n, t0 = 0, time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        seat = Seat()
        seat.new_game({}, "german", "random", seed)
        while not seat.game.is_over():
            seat.side = seat.game.current_player  # the seat plays both sides through the text tools
            acts = seat.legal_actions().splitlines()
            seat.act(acts[rng.randrange(len(acts))])
        n += sum(1 for e in seat.game.log if not e.chance)
    return n, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    seeds = range(args.games)
    rows = [
        ("engine (bare)", lambda: bench_engine(seeds)),
        ("engine + mask + observation", lambda: bench_engine(seeds, True)),
        ("OpenSpiel", lambda: bench_openspiel(seeds)),
        ("OpenSpiel + observation_tensor", lambda: bench_openspiel(seeds, True)),
        ("PettingZoo AEC (obs + mask)", lambda: bench_pettingzoo(seeds)),
        ("Gymnasium (learner obs + mask)", lambda: bench_gym(seeds)),
        ("MCP seat (text tools, in-process)", lambda: bench_mcp_seat(seeds)),
    ]
    bench_engine(range(1))  # warm the data caches
    print(f"{'interface':<36} {'decisions':>9} {'seconds':>8} {'decisions/s':>12} {'vs engine':>9}")
    base = None
    for name, fn in rows:
        n, dt = fn()
        rate = n / dt
        base = base or rate
        print(f"{name:<36} {n:>9} {dt:>8.2f} {rate:>12.0f} {rate / base:>9.2f}")


if __name__ == "__main__":
    main()
