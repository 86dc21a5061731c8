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
* vector env: ``typhoon.research.vector.TyphoonVectorEnv`` with one game per seed, stepped
  in one loop (the same learner and opponent as the Gymnasium row; games that ended early
  start again until every game has ended once, so it plays a few more decisions)
* MCP seat: in-process tool calls (``legal_actions`` text + ``act`` text), both sides

    python bench/bench_envs.py --games 5
    python bench/bench_envs.py --game mini --games 20

Rates are per second of CPU time of this process (``time.process_time``), so other jobs on a
shared machine do not skew them. Every row reaches the game through the registry (``registry.get(game)``, its ``encoding()``).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np


def bench_engine(game: str, seeds, with_tensors: bool = False) -> tuple[int, float]:
    from typhoon.games import registry
    from typhoon.research.common import observation

    pkg = registry.get(game)
    enc = pkg.encoding()
    n, t0 = 0, time.process_time()
    for seed in seeds:
        g = pkg.new_game({}, seed=seed, keep_history=False)
        rng = random.Random(seed)
        while not g.is_over():
            if g.is_chance():
                g.roll()
                continue
            legal = list(g.legal_actions)
            if with_tensors:
                enc.legal_mask(g.state)
                observation(pkg, enc, g.state, g.current_player)
            g.push(legal[rng.randrange(len(legal))], validate=False)
            n += 1
    return n, time.process_time() - t0


def bench_openspiel(game_name: str, seeds, with_tensors: bool = False) -> tuple[int, float]:
    import pyspiel

    from typhoon.research import openspiel_game

    game = pyspiel.load_game(openspiel_game.short_name(game_name))
    n, t0 = 0, time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(actions, weights=probs)[0])
                continue
            legal = s.legal_actions()
            if with_tensors:
                s.observation_tensor(s.current_player())
            s.apply_action(legal[rng.randrange(len(legal))])
            n += 1
    return n, time.process_time() - t0


def bench_pettingzoo(game: str, seeds) -> tuple[int, float]:
    from typhoon.research.pettingzoo_env import env as make_env

    env = make_env(game=game)
    n, t0 = 0, time.process_time()
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
    return n, time.process_time() - t0


def bench_gym(game: str, seeds) -> tuple[int, float]:
    import gymnasium as gym

    from typhoon.research import gym_env

    env = gym.make(gym_env.ENV_IDS[game], opponent="random")
    n, t0 = 0, time.process_time()
    for seed in seeds:
        _obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        done = False
        while not done:
            _obs, _r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            done = term or trunc
        n += sum(1 for e in env.unwrapped.game.log if not e.chance)
    return n, time.process_time() - t0


def bench_vector(game: str, seeds) -> tuple[int, float]:
    """``TyphoonVectorEnv``: one game per seed in one loop, until every game has ended once."""
    from typhoon.research.vector import TyphoonVectorEnv

    seeds = list(seeds)
    v = TyphoonVectorEnv(game, len(seeds), opponent="random", autoreset_mode="next_step")
    v.reset(seed=seeds)
    rng = np.random.default_rng(0)
    ended = np.zeros(len(seeds), bool)
    n0, t0 = v.decisions, time.process_time()
    while not ended.all():
        masks = v.action_masks()
        _o, _r, term, trunc, _i = v.step([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
        ended |= term | trunc
    return v.decisions - n0, time.process_time() - t0


def bench_mcp_seat(game: str, seeds) -> tuple[int, float]:
    from typhoon.research.mcp_server import Seat

    n, t0 = 0, time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        seat = Seat(game)
        seat.new_game({}, seat.pkg.sides[0], "random", seed)
        while not seat.game.is_over():
            seat.side = seat.game.current_player  # the seat plays both sides through the text tools
            acts = seat.legal_actions().splitlines()
            seat.act(acts[rng.randrange(len(acts))])
        n += sum(1 for e in seat.game.log if not e.chance)
    return n, time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bfm")
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    seeds = range(args.games)
    game = args.game
    rows = [
        ("engine (bare)", lambda: bench_engine(game, seeds)),
        ("engine + mask + observation", lambda: bench_engine(game, seeds, True)),
        ("OpenSpiel", lambda: bench_openspiel(game, seeds)),
        ("OpenSpiel + observation_tensor", lambda: bench_openspiel(game, seeds, True)),
        ("PettingZoo AEC (obs + mask)", lambda: bench_pettingzoo(game, seeds)),
        ("Gymnasium (learner obs + mask)", lambda: bench_gym(game, seeds)),
        ("vector env (all games in one loop)", lambda: bench_vector(game, seeds)),
        ("MCP seat (text tools, in-process)", lambda: bench_mcp_seat(game, seeds)),
    ]
    bench_engine(game, range(1))  # warm the data caches
    print(f"game {game}, {args.games} games per row")
    print(f"{'interface':<36} {'decisions':>9} {'seconds':>8} {'decisions/s':>12} {'vs engine':>9}")
    base = None
    for name, fn in rows:
        n, dt = fn()
        rate = n / dt
        base = base or rate
        print(f"{name:<36} {n:>9} {dt:>8.2f} {rate:>12.0f} {rate / base:>9.2f}")


if __name__ == "__main__":
    main()
