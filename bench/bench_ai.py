"""Speed (and optionally strength) of the computer players.

    .venv/bin/python bench/bench_ai.py                 # playouts/s, decision times per phase
    .venv/bin/python bench/bench_ai.py --strength 200  # + search-hard vs heuristic, 200 games per side

Prints: full games per second (random vs random, heuristic vs heuristic), and for each search
level the time it spends deciding one phase (all its decisions in that phase) as median and
maximum, in wall-clock and CPU seconds (CPU time is what a shared machine does not distort).
With --strength N: the search level's score against the heuristic on each side compared with
the heuristic's own score on that side (heuristic vs heuristic on the same seeds), 95% Wilson
intervals, using all cores (--jobs) or Ray (--ray).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.base import make_player  # noqa: E402
from typhoon.core.game import Game  # noqa: E402
from typhoon.games.bfm import RULES  # noqa: E402


def games_per_second(german: str, soviet: str, n: int, edition: str) -> tuple[float, float]:
    w0, c0 = time.perf_counter(), time.process_time()
    for s in range(n):
        g = Game(RULES, {"edition": edition}, s, keep_history=False)
        players = {"german": make_player(german, seed=2 * s + 1), "soviet": make_player(soviet, seed=2 * s + 2)}
        while not g.is_over():
            if g.is_chance():
                g.roll()
            else:
                g.push(players[g.current_player].choose(g), validate=False)
    return n / (time.perf_counter() - w0), n / (time.process_time() - c0)


def phase_times(level: str, games: int, edition: str) -> dict[str, dict[str, float]]:
    """Per side: wall and CPU seconds the search player spends on each phase where it decides."""
    out = {}
    for side in ("german", "soviet"):
        wall, cpu = [], []
        for s in range(games):
            g = Game(RULES, {"edition": edition}, 100 + s, keep_history=False)
            players = {side: make_player(level, seed=s), ("soviet" if side == "german" else "german"): make_player("heuristic", seed=s)}
            key, acc_w, acc_c = None, 0.0, 0.0
            while not g.is_over():
                if g.is_chance():
                    g.roll()
                    continue
                k = (g.state.turn, g.state.phase)
                if k != key:
                    if acc_w:
                        wall.append(acc_w)
                        cpu.append(acc_c)
                    key, acc_w, acc_c = k, 0.0, 0.0
                p = g.current_player
                w0, c0 = time.perf_counter(), time.process_time()
                a = players[p].choose(g)
                if p == side:
                    acc_w += time.perf_counter() - w0
                    acc_c += time.process_time() - c0
                g.push(a, validate=False)
            if acc_w:
                wall.append(acc_w)
                cpu.append(acc_c)
        out[side] = {"phases": len(wall), "wall_median": statistics.median(wall), "wall_max": max(wall),
                     "cpu_median": statistics.median(cpu), "cpu_max": max(cpu)}
    return out


def strength(level: str, n: int, edition: str, seed: int, jobs: int | None, ray: str | None) -> dict:
    from typhoon.ai.parallel import Job, run_jobs
    from typhoon.ai.tournament import score, wilson

    opts = {"edition": edition}
    jobs_list = []
    for g, s in ((level, "heuristic"), ("heuristic", level), ("heuristic", "heuristic")):
        jobs_list += [Job(g, s, opts, seed + i) for i in range(n)]
    res = run_jobs(jobs_list, jobs, ray, progress=sys.stderr.isatty(), desc="strength")
    as_g, as_s, base = res[:n], res[n:2 * n], res[2 * n:]
    out = {}
    for side, mine in (("german", as_g), ("soviet", as_s)):
        sc = sum(score(r["winner"], side) for r in mine)
        ref = sum(score(r["winner"], side) for r in base)
        out[side] = {"games": n, "search_score": round(sc / n, 4), "search_ci95": [round(x, 4) for x in wilson(sc, n)],
                     "heuristic_score": round(ref / n, 4), "heuristic_ci95": [round(x, 4) for x in wilson(ref, n)],
                     "gain": round((sc - ref) / n, 4)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20, help="games for the playout speed figures")
    ap.add_argument("--phase-games", type=int, default=1, help="games per side for the decision times")
    ap.add_argument("--levels", default="search-easy,search-normal,search-hard")
    ap.add_argument("--edition", default="2009")
    ap.add_argument("--strength", type=int, default=0, metavar="N", help="also measure strength over N games per side")
    ap.add_argument("--strength-level", default="search-hard")
    ap.add_argument("--seed", type=int, default=50_000, help="first seed of the strength games")
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--ray", default=None)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    report: dict = {"edition": a.edition}
    for g, s in (("random", "random"), ("heuristic", "heuristic")):
        wall, cpu = games_per_second(g, s, a.games, a.edition)
        report[f"{g}_vs_{s}_games_per_s"] = {"wall": round(wall, 2), "cpu": round(cpu, 2)}
        if not a.json:
            print(f"{g} vs {s}: {wall:.1f} games/s wall, {cpu:.1f} games/s CPU ({a.games} games)")
    report["phase_seconds"] = {}
    for level in [x for x in a.levels.split(",") if x]:
        t = phase_times(level, a.phase_games, a.edition)
        report["phase_seconds"][level] = t
        if not a.json:
            for side, v in t.items():
                print(f"{level} as {side}: {v['phases']} phases, per phase median {v['wall_median']:.3f} s "
                      f"max {v['wall_max']:.3f} s wall; CPU median {v['cpu_median']:.3f} s max {v['cpu_max']:.3f} s")
    if a.strength:
        st = strength(a.strength_level, a.strength, a.edition, a.seed, a.jobs, a.ray)
        report["strength"] = {a.strength_level: st}
        if not a.json:
            for side, v in st.items():
                print(f"{a.strength_level} as {side} vs heuristic: score {v['search_score']:.3f} {v['search_ci95']} | "
                      f"heuristic as {side}: {v['heuristic_score']:.3f} {v['heuristic_ci95']} | gain {v['gain']:+.3f} ({v['games']} games)")
    if a.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
