"""Speed (and optionally strength) of the computer players.

    .venv/bin/python bench/bench_ai.py                 # playouts/s, decision times per phase
    .venv/bin/python bench/bench_ai.py --strength 200  # + search-hard vs heuristic, 200 games per side
    .venv/bin/python bench/bench_ai.py --game mini --games 5 --levels search-easy
    # search-hard's phases against search-normal: seconds and playouts a phase, each side
    .venv/bin/python bench/bench_ai.py --games 0 --levels search-hard --reference search-normal --phase-games 2
    # the side-swapped study of docs/ai.md: every pair on both sides, same seeds, fixed seed
    # blocks (typhoon.ai.tournament.BLOCKS), both editions
    .venv/bin/python bench/bench_ai.py --games 0 --levels "" --study search-hard,heuristic,baseline-greedy \
        --study-games 10 --study-blocks 3 --study-editions 2009,1986

Any game (--game, default bfm; --option NAME=VALUE for its options). The reference player is
the game's own first computer player (BfM: heuristic; --reference to choose another). Players
get ``game.observed(side)``, as in every match.

Prints: full games per second (random vs random, reference vs reference), and for each search
level the time it spends deciding one phase (all its decisions in that phase) as median and
maximum, in wall-clock and CPU seconds (CPU time is what a shared machine does not distort),
and the playouts it plays a phase (its level's budget at work: the same on any machine, where
seconds differ several times between machines; docs/ai.md, session 49).
With --strength N: the search level's score against the reference on each side compared with
the reference's own score on that side (reference vs reference on the same seeds), 95% Wilson
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

from typhoon.ai.base import game_players, make_player  # noqa: E402
from typhoon.ai.match import PhaseClock  # noqa: E402
from typhoon.core.game import Game  # noqa: E402
from typhoon.games import registry  # noqa: E402


def new_game(game: str, options: dict, seed: int) -> Game:
    pkg = registry.get(game)
    return Game(pkg.rules, pkg.normalise_options(options), seed, keep_history=False)


def play_out(g: Game, players: dict, on_decision=None) -> None:
    """Play ``g`` to the end; every player gets its side's observation (Game.observed)."""
    check = not g.perfect_information
    while not g.is_over():
        if g.is_chance():
            g.roll()
            continue
        side = g.current_player
        if on_decision is not None:
            on_decision(g, side)
        g.push(players[side].choose(g.observed(side, keep_history=False)), validate=check)


def games_per_second(game: str, options: dict, names: tuple[str, str], n: int) -> tuple[float, float]:
    sides = registry.get(game).sides
    w0, c0 = time.perf_counter(), time.process_time()
    for s in range(n):
        g = new_game(game, options, s)
        players = {side: make_player(name, game, seed=2 * s + 1 + i) for i, (side, name) in enumerate(zip(sides, names))}
        play_out(g, players)
    return n / (time.perf_counter() - w0), n / (time.process_time() - c0)


def phase_times(game: str, options: dict, level: str, reference: str, games: int,
                decisions: int | None = None) -> dict[str, dict[str, float]]:
    """Per side: wall and CPU seconds the search player spends on each phase where it decides
    (its decisions of one phase together, ``typhoon.ai.match.PhaseClock``, as every tournament
    counts them), its slowest single decision (CPU), and the playouts it plays each phase (a
    search player's ``stats["rollouts"]``: what its level's budget spends there, the same on
    any machine; 0 for a player that plays none); ``decisions``: stop each game after that many
    decisions of either player (a long game's first part)."""
    pkg = registry.get(game)
    out = {}
    for side in pkg.sides:
        wall, cpu, one, played = [], [], [0.0], []
        for s in range(games):
            g = new_game(game, options, 100 + s)
            players = {x: make_player(level if x == side else reference, game, seed=s) for x in pkg.sides}
            check = not g.perfect_information
            walls, cpus, playouts = PhaseClock(), PhaseClock(), PhaseClock()
            stats = getattr(players[side], "stats", {})
            made = 0
            while not g.is_over() and (decisions is None or made < decisions):
                if g.is_chance():
                    g.roll()
                    continue
                k = pkg.rules.phase_key(g.state)
                p = g.current_player
                obs = g.observed(p, keep_history=False)
                w0, c0, r0 = time.perf_counter(), time.process_time(), stats.get("rollouts", 0)
                a = players[p].choose(obs)
                if p == side:
                    dc = time.process_time() - c0
                    walls.add(p, k, time.perf_counter() - w0)
                    cpus.add(p, k, dc)
                    playouts.add(p, k, stats.get("rollouts", 0) - r0)
                    one.append(dc)
                g.push(a, validate=check)
                made += 1
            wall += walls.by_side.get(side, [])
            cpu += cpus.by_side.get(side, [])
            played += playouts.by_side.get(side, [])
        if not wall:
            wall, cpu, played = [0.0], [0.0], [0]
        out[side] = {"phases": len(wall), "wall_median": statistics.median(wall), "wall_max": max(wall),
                     "cpu_median": statistics.median(cpu), "cpu_max": max(cpu), "decision_cpu_max": max(one),
                     "playouts_median": statistics.median(played), "playouts_max": max(played)}
    return out


def strength(game: str, options: dict, level: str, reference: str, n: int, seed: int, jobs: int | None,
             ray: str | None) -> dict:
    from typhoon.ai.parallel import Job, run_jobs
    from typhoon.ai.tournament import score, two_sides, wilson

    first, second = two_sides(game)
    jobs_list = []
    for a, b in ((level, reference), (reference, level), (reference, reference)):
        jobs_list += [Job(a, b, options, seed + i, game) for i in range(n)]
    res = run_jobs(jobs_list, jobs, ray, progress=sys.stderr.isatty(), desc="strength")
    as_first, as_second, base = res[:n], res[n:2 * n], res[2 * n:]
    out = {}
    for side, mine in ((first, as_first), (second, as_second)):
        sc = sum(score(r["winner"], side) for r in mine)
        ref = sum(score(r["winner"], side) for r in base)
        out[side] = {"games": n, "search_score": round(sc / n, 4), "search_ci95": [round(x, 4) for x in wilson(sc, n)],
                     "reference_score": round(ref / n, 4), "reference_ci95": [round(x, 4) for x in wilson(ref, n)],
                     "gain": round((sc - ref) / n, 4)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="bfm")
    ap.add_argument("--option", "-O", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    ap.add_argument("--edition", default=None, help="shortcut for --option edition=EDITION (BfM: 2009 or 1986)")
    ap.add_argument("--reference", default=None, help="the reference player (default: the game's own first player)")
    ap.add_argument("--games", type=int, default=20, help="games for the playout speed figures")
    ap.add_argument("--phase-games", type=int, default=1, help="games per side for the decision times")
    ap.add_argument("--phase-decisions", type=int, default=None, metavar="N",
                    help="decision times over each game's first N decisions only (a long game)")
    ap.add_argument("--levels", default="search-easy,search-normal,search-hard,search-expert")
    ap.add_argument("--strength", type=int, default=0, metavar="N", help="also measure strength over N games per side")
    ap.add_argument("--strength-level", default="search-hard")
    ap.add_argument("--seed", type=int, default=50_000, help="first seed of the strength games")
    ap.add_argument("--jobs", type=int, default=None)
    ap.add_argument("--ray", default=None)
    ap.add_argument("--study", default="", help="comma-separated players: side-swapped study over seed blocks")
    ap.add_argument("--study-games", type=int, default=10, help="games per ordered pair and seed block")
    ap.add_argument("--study-blocks", type=int, default=3, help="fixed seed blocks (typhoon.ai.tournament.BLOCKS)")
    ap.add_argument("--study-editions", default="2009,1986", help="values of --study-option to play")
    ap.add_argument("--study-option", default="edition")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    options = dict(o.split("=", 1) for o in a.option)
    if a.edition is not None:
        options["edition"] = a.edition
    elif a.game == "bfm":
        options.setdefault("edition", "2009")
    own = list(game_players(a.game))
    reference = a.reference or (own[0] if own else "random")
    report: dict = {"game": a.game, "options": options, "reference": reference}
    if "edition" in options:
        report["edition"] = options["edition"]
    for pair in (("random", "random"), (reference, reference)) if a.games else ():
        wall, cpu = games_per_second(a.game, options, pair, a.games)
        report[f"{pair[0]}_vs_{pair[1]}_games_per_s"] = {"wall": round(wall, 2), "cpu": round(cpu, 2)}
        if not a.json:
            print(f"{pair[0]} vs {pair[1]}: {wall:.1f} games/s wall, {cpu:.1f} games/s CPU ({a.games} games)")
    report["phase_seconds"] = {}
    for level in [x for x in a.levels.split(",") if x]:
        t = phase_times(a.game, options, level, reference, a.phase_games, a.phase_decisions)
        report["phase_seconds"][level] = t
        if not a.json:
            for side, v in t.items():
                print(f"{level} as {side}: {v['phases']} phases, per phase median {v['wall_median']:.3f} s "
                      f"max {v['wall_max']:.3f} s wall; CPU median {v['cpu_median']:.3f} s max {v['cpu_max']:.3f} s; "
                      f"slowest decision {v['decision_cpu_max']:.3f} s CPU; playouts per phase median "
                      f"{v['playouts_median']:g} max {v['playouts_max']:g}")
    if a.strength:
        st = strength(a.game, options, a.strength_level, reference, a.strength, a.seed, a.jobs, a.ray)
        report["strength"] = {a.strength_level: st}
        if not a.json:
            for side, v in st.items():
                print(f"{a.strength_level} as {side} vs {reference}: score {v['search_score']:.3f} {v['search_ci95']} | "
                      f"{reference} as {side}: {v['reference_score']:.3f} {v['reference_ci95']} | gain {v['gain']:+.3f} "
                      f"({v['games']} games)")
    if a.study:
        from typhoon.ai.tournament import format_study, study

        values = [v for v in a.study_editions.split(",") if v] if a.game == "bfm" or a.study_option != "edition" else []
        base = {k: v for k, v in options.items() if k != a.study_option}
        doc = study([p for p in a.study.split(",") if p], a.study_games, a.study_blocks, values, a.study_option, base,
                    a.jobs, a.ray, sys.stderr.isatty(), a.game)
        report["study"] = doc
        if not a.json:
            print(format_study(doc))
    if a.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
