"""Engine speed: random-playout games per second on one core per edition, apply/undo times
and state-copy time.

Prints medians of several runs (never asserted in tests). CPU time (``time.process_time``) is
what "on one core" means and is robust to other work on the machine; on a shared machine
compare runs taken close together (or instruction counts) rather than single figures.
It prints the interpreter (the same code runs faster on an optimised build of CPython) and
whether the compiled builds of the hot modules (scripts/build_compiled.py) are in
use; ``TYPHOON_PURE_PYTHON=1`` measures the pure-Python modules.

Games per second depend on the machine (the same code measured 81 and 197 games per CPU second
on two machines of this workplace), so a target such as issue 13's "200, now 53" is a ratio to
the code of that day. ``--against REV`` measures that ratio on this machine: the source of REV
(``git archive``) and this tree play the same seeds in fresh processes on this interpreter,
alternately, and the ratio of their medians is printed with each round's paired ratio. The
archived source has no compiled modules built, so it runs pure Python: against a commit that
had them (scripts/build_compiled.py), ``TYPHOON_PURE_PYTHON=1`` runs both trees
pure and compares like with like.
``--instructions`` adds valgrind's instruction count per game (callgrind; the same count on any
load, unlike CPU time).

``--processes N`` plays each run in a fresh process of its own, as separate runs of a program
are: each gets its own string-hash seed and memory layout, and on one machine the games per CPU
second of such processes spread wider (mostly 185 to 218, docs/performance.md, session 43) than
the runs within one process do. Its median over several processes is the figure to compare with
a target; the runs of one process may all sit at either end. Usage:
    python bench/bench_engine.py [--games 200] [--runs 5] [--processes N] [--json]
    python bench/bench_engine.py --against 6f0fa86 [--rounds 3] [--games 100] [--instructions]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


ROOT = Path(__file__).resolve().parent.parent
# Played in a fresh process with one tree first on sys.path: the games of bench's playouts, in
# any version of the source (play_game's first three arguments have not changed since the first).
# argv: edition ("both": alternating), games, first seed, warm-up games per edition; prints the
# CPU seconds of the timed games.
DRIVER = """
import sys, time
import typhoon
from typhoon.ai.match import play_game
edition, games, seed0, warm = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
editions = ("2009", "1986") if edition == "both" else (edition,)
for e in ("2009", "1986"):
    for w in range(warm):
        play_game("random", "random", {"edition": e}, w)
c0 = time.process_time()
for s in range(games):
    play_game("random", "random", {"edition": editions[s % len(editions)]}, seed0 + s)
print(typhoon.__file__)
print(time.process_time() - c0)
"""


def source_of(rev: str, into: Path) -> Path:
    """The tracked source of commit ``rev`` of this repository, unpacked into ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev],
                             capture_output=True, check=False)
    if archive.returncode != 0:
        sys.exit(f"bench_engine: --against {rev}: git archive failed: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def run_driver(tree: Path, args: list[str], wrapper: list[str] | None = None,
               env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``DRIVER`` with ``args`` for the source in ``tree``, in a fresh process of this interpreter
    (under ``wrapper``, e.g. valgrind, if given): the tree first on its path, its compiled
    modules if it has any built. The process prints which tree it imported, and that is checked:
    a measurement of the wrong source would flatter or belittle silently."""
    # run in the tree: ``-c`` puts the working directory first on the path
    out = subprocess.run([*(wrapper or []), sys.executable, "-c", DRIVER, *args],
                         env={**os.environ, "PYTHONPATH": str(tree), **(env or {})}, cwd=tree,
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"bench_engine: the games of {tree} failed:\n{out.stderr[-2000:]}")
    imported = out.stdout.split()[-2]
    if not Path(imported).resolve().is_relative_to(tree.resolve()):
        sys.exit(f"bench_engine: the games meant for {tree} imported {imported}")
    return out


def fresh_processes(processes: int, games: int) -> dict[str, list[float]]:
    """Random games per CPU second of this tree, each run in a fresh process (``--processes``):
    the editions alternate, run ``p`` plays seeds from ``1000 * p``."""
    runs: dict[str, list[float]] = {"2009": [], "1986": []}
    for p in range(processes):
        for edition in runs:
            runs[edition].append(tree_games_per_second(ROOT, edition, games, 1000 * p))
    return runs


def tree_games_per_second(tree: Path, edition: str, games: int, seed0: int) -> float:
    """Random games per CPU second of the source in ``tree`` (``run_driver``)."""
    out = run_driver(tree, [edition, str(games), str(seed0), "1"])
    return games / float(out.stdout.split()[-1])


def instructions_per_game(tree: Path, games: int) -> float | None:
    """valgrind's instruction count per random game of the source in ``tree`` (editions
    alternating, seeds 5001..; PYTHONHASHSEED=0, since string hashing moves the count), as
    (I(4 warm-up + games) - I(4 warm-up)) / games; None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    counts = []
    for n in (0, games):
        with tempfile.TemporaryDirectory() as tmp:
            run = run_driver(tree, ["both", str(n), "5001", "2"],
                             wrapper=["valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(tmp) / 'callgrind.out'}"],
                             env={"PYTHONHASHSEED": "0"})
            totals = [line for line in run.stderr.splitlines() if "I   refs" in line]
            if not totals:
                sys.exit(f"bench_engine: valgrind printed no instruction count for {tree}:\n{run.stderr[-2000:]}")
            counts.append(int(totals[-1].split(":")[-1].replace(",", "").strip()))
    return (counts[1] - counts[0]) / games


def compare(rev: str, rounds: int, games: int, instructions: bool, as_json: bool) -> None:
    """This tree against the source of ``rev`` on this machine and interpreter: random games
    per CPU second, each round one run of each tree per edition in alternation; medians, the
    ratio of the medians and each round's paired ratio."""
    with tempfile.TemporaryDirectory(prefix="typhoon-bench-") as tmp:
        old = source_of(rev, Path(tmp))
        figures: dict[str, dict[str, list[float]]] = {e: {"before": [], "now": []} for e in ("2009", "1986")}
        for r in range(rounds):
            for edition in ("2009", "1986"):
                for which, tree in (("before", old), ("now", ROOT)) if r % 2 == 0 else (("now", ROOT), ("before", old)):
                    figures[edition][which].append(tree_games_per_second(tree, edition, games, 1000 * r))
        out: dict[str, object] = {"against": rev, "interpreter": interpreter_name(), "games_per_run": games,
                                  "compiled_modules_now": compiled.in_use()}
        for edition, f in figures.items():
            before, now = statistics.median(f["before"]), statistics.median(f["now"])
            out[edition] = {"before": before, "now": now, "ratio": now / before,
                            "before_runs": [round(x, 1) for x in f["before"]],
                            "now_runs": [round(x, 1) for x in f["now"]],
                            "paired_ratios": [round(n / b, 2) for n, b in zip(f["now"], f["before"])]}
        if instructions:
            before_i, now_i = instructions_per_game(old, 10), instructions_per_game(ROOT, 10)
            out["instructions_per_game"] = {"before": before_i, "now": now_i,
                                            "ratio": before_i / now_i if before_i and now_i else None}
    if as_json:
        print(json.dumps(out))
        return
    print(f"interpreter: {out['interpreter']}")
    print(f"this tree against {rev}, random games per CPU second, {rounds} alternating rounds of {games} games:")
    for edition in ("2009", "1986"):
        e = out[edition]
        assert isinstance(e, dict)
        print(f"  {edition}: before {e['before']:.1f} (runs {e['before_runs']}), now {e['now']:.1f} "
              f"(runs {e['now_runs']}): x{e['ratio']:.2f} (paired {e['paired_ratios']})")
    if instructions:
        i = out["instructions_per_game"]
        assert isinstance(i, dict)
        if i["ratio"] is None:
            print("  instructions per game: valgrind not found")
        else:
            print(f"  instructions per game (callgrind, 10 games): before {i['before'] / 1e6:.1f} M, "
                  f"now {i['now'] / 1e6:.1f} M: x{i['ratio']:.2f} fewer")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="games per run")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--processes", type=int, default=0, metavar="N",
                    help="each run in a fresh process, N of them per edition (instead of --runs in this one)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--against", metavar="REV", help="compare this tree with the source of commit REV on this machine")
    ap.add_argument("--rounds", type=int, default=3, help="with --against: alternating rounds")
    ap.add_argument("--instructions", action="store_true",
                    help="with --against: also valgrind's instructions per game (slow: a few minutes)")
    args = ap.parse_args()
    if args.against:
        compare(args.against, args.rounds, args.games, args.instructions, args.json)
        return
    if args.processes < 0 or args.runs < 1 or args.games < 1:
        sys.exit("bench_engine: --games and --runs must be at least 1, --processes at least 0")
    play_game("random", "random", {"edition": "2009"}, 0)  # warm the data caches
    play_game("random", "random", {"edition": "1986"}, 0)
    out: dict[str, object] = {}
    if args.processes:
        out["processes"] = args.processes
        for edition, runs in fresh_processes(args.processes, args.games).items():
            out[f"games_per_second_{edition}"] = statistics.median(runs)
            out[f"games_per_second_{edition}_runs"] = [round(r, 1) for r in runs]
    else:
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
    runs_of = f"{args.processes} fresh processes" if args.processes else f"{args.runs} runs"
    print(f"random playouts, one core (CPU time), median of {runs_of} x {args.games} games:")
    for edition in ("2009", "1986"):
        runs = out[f"games_per_second_{edition}_runs"]
        detail = (f"processes {runs}" if args.processes else
                  f"{out[f'actions_per_second_{edition}']:.0f} actions/s; runs {runs}; "
                  f"wall clock {out[f'games_per_wall_second_{edition}']:.1f} games/s")
        print(f"  {edition}: {out[f'games_per_second_{edition}']:.1f} games/s ({detail})")
    print(f"apply (push) median {push_us:.1f} us, undo (pop) median {pop_us:.1f} us (with history kept)")
    print(f"state copy median {copy_us:.1f} us")


if __name__ == "__main__":
    main()
