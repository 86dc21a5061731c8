"""Engine speed: random-playout games per second on one core per edition, apply/undo times
and state-copy time.

Prints medians of several runs (never asserted in tests). CPU time (``time.process_time``) is
what "on one core" means and is robust to other work on the machine; on a shared machine
compare runs taken close together (or instruction counts) rather than single figures.
It prints the interpreter (the same code runs faster on an optimised build of CPython) and
whether the compiled builds of the hot modules (scripts/build_compiled.py) are in
use; ``TYPHOON_PURE_PYTHON=1`` measures the pure-Python modules. Usage:
    python bench/bench_engine.py [--games 200] [--runs 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time

from typhoon import compiled
from typhoon.ai.match import play_game
from typhoon.games.bfm import new_game


def playouts(games: int, edition: str, seed0: int) -> tuple[float, float, float]:
    """(games per CPU second, actions per CPU second, games per wall-clock second).

    CPU time is what "on one core" means and is robust to other work on the machine; on an
    idle machine the two agree."""
    t0, c0 = time.perf_counter(), time.process_time()
    actions = 0
    for s in range(games):
        game, _ = play_game("random", "random", {"edition": edition}, seed0 + s)
        actions += game.ply
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    return games / cpu, actions / cpu, games / wall


def apply_undo(samples: int, seed: int = 1) -> tuple[float, float]:
    """Median microseconds of push and of pop over actions drawn from random games."""
    rng = random.Random(seed)
    push_t: list[float] = []
    pop_t: list[float] = []
    g = new_game({}, seed=seed)
    while len(push_t) < samples:
        if g.is_over():
            g = new_game({}, seed=rng.randrange(10**6))
            continue
        if g.is_chance():
            g.roll()
            continue
        acts = list(g.legal_actions)
        a = acts[rng.randrange(len(acts))]
        t0 = time.perf_counter()
        g.push(a, validate=False)
        t1 = time.perf_counter()
        g.pop()
        t2 = time.perf_counter()
        g.push(a, validate=False)
        push_t.append((t1 - t0) * 1e6)
        pop_t.append((t2 - t1) * 1e6)
    return statistics.median(push_t), statistics.median(pop_t)


def state_copy(samples: int, seed: int = 2) -> float:
    """Median microseconds of one state copy (``Rules.copy_state``: undo and search pay it at
    every action), over positions drawn from random games."""
    rng = random.Random(seed)
    states = []
    g = new_game({}, seed=seed, keep_history=False)
    while len(states) < samples:
        if g.is_over():
            g = new_game({}, seed=rng.randrange(10**6), keep_history=False)
        elif g.is_chance():
            g.roll()
        else:
            states.append(g.rules.copy_state(g.state))
            acts = g.legal_actions
            g.push(acts[rng.randrange(len(acts))], validate=False)
    copy = g.rules.copy_state
    times = []
    for s in states:
        t0 = time.perf_counter()
        copy(s)
        times.append((time.perf_counter() - t0) * 1e6)
    return statistics.median(times)


def interpreter_name() -> str:
    """The Python running the benchmark: the interpreter behind the venv, and its version (the
    same code runs at different speeds on different builds of CPython: docs/performance.md)."""
    base = os.path.realpath(getattr(sys, "_base_executable", sys.executable))
    return f"{base} (Python {platform.python_version()}, {platform.python_compiler()})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200, help="games per run")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    play_game("random", "random", {"edition": "2009"}, 0)  # warm the data caches
    play_game("random", "random", {"edition": "1986"}, 0)
    out: dict[str, object] = {}
    for edition in ("2009", "1986"):
        runs = [playouts(args.games, edition, 1000 * r) for r in range(args.runs)]
        out[f"games_per_second_{edition}"] = statistics.median(r[0] for r in runs)
        out[f"actions_per_second_{edition}"] = statistics.median(r[1] for r in runs)
        out[f"games_per_second_{edition}_runs"] = [round(r[0], 1) for r in runs]
        out[f"games_per_wall_second_{edition}"] = statistics.median(r[2] for r in runs)
    push_us, pop_us = apply_undo(3000)
    out["push_median_us"] = push_us
    out["pop_median_us"] = pop_us
    out["copy_median_us"] = copy_us = state_copy(3000)
    out["compiled_modules"] = used = compiled.in_use()
    out["interpreter"] = interpreter = interpreter_name()
    if args.json:
        print(json.dumps(out))
        return
    print(f"interpreter: {interpreter}")
    if used:
        print(f"compiled modules in use ({len(used)}): {', '.join(m.rsplit('.', 1)[1] for m in used)}")
    else:
        print("pure Python (no compiled module in use: none built, stale, or TYPHOON_PURE_PYTHON=1)")
    print(f"random playouts, one core (CPU time), median of {args.runs} runs x {args.games} games:")
    for edition in ("2009", "1986"):
        print(f"  {edition}: {out[f'games_per_second_{edition}']:.1f} games/s "
              f"({out[f'actions_per_second_{edition}']:.0f} actions/s; runs {out[f'games_per_second_{edition}_runs']}; "
              f"wall clock {out[f'games_per_wall_second_{edition}']:.1f} games/s)")
    print(f"apply (push) median {push_us:.1f} us, undo (pop) median {pop_us:.1f} us (with history kept)")
    print(f"state copy median {copy_us:.1f} us")


if __name__ == "__main__":
    main()
