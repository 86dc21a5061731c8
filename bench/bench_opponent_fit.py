"""How well the search's population models each Soviet: the fit that search-hard's German waits
for before it searches (``Budget.model_gate``, ``typhoon/ai/modelled.py``; docs/ai.md, session 32).

Plays the heuristic's German against each named Soviet on the given seeds (both editions by
default) and, over each finished game, counts the Soviet's decisions with two or more legal
actions and those that the heuristic or one of its styles (without noise) would have made.
Prints, per Soviet, the decisions, the fit over all of them and the lowest and highest fit of a
single game.

    .venv/bin/python bench/bench_opponent_fit.py --soviets heuristic,baseline-greedy,random --seeds 7000-7003
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.base import is_player_name, player_names  # noqa: E402
from typhoon.ai.match import play_game  # noqa: E402
from typhoon.ai.modelled import OpponentFit  # noqa: E402
from typhoon.games.bfm.ai.heuristic import HeuristicPlayer  # noqa: E402

from bench_bfm_knobs import editions_of, seed_range  # noqa: E402  (this folder is first on the path)


def fit_of(job: tuple[str, str, int]) -> tuple[str, int, int]:
    """(Soviet, its decisions with a choice, those a member would have made) in one game."""
    soviet, edition, seed = job
    game, _ = play_game("heuristic", soviet, {"edition": edition}, seed, game_name="bfm")
    fit = OpponentFit(HeuristicPlayer, [{}] + HeuristicPlayer.population())
    fit.update(game, "german")
    return soviet, fit.decisions, fit.matched


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--soviets", default="heuristic,baseline-greedy,baseline-bold,random")
    ap.add_argument("--seeds", default="7000-7003", help="FIRST-LAST")
    ap.add_argument("--editions", default="2009,1986")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    soviets = args.soviets.split(",")
    unknown = [s for s in soviets if not is_player_name(s, "bfm")]
    if unknown:
        raise SystemExit(f"--soviets: unknown player(s) {unknown}; players: {player_names('bfm')}")
    editions = editions_of(args.editions)
    jobs = [(s, e, sd) for s in soviets for sd in seed_range(args.seeds) for e in editions]
    per: dict[str, list[tuple[int, int]]] = {s: [] for s in soviets}
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for soviet, decisions, matched in pool.map(fit_of, jobs):
            per[soviet].append((decisions, matched))
    print(f"the heuristic's German against each Soviet, seeds {args.seeds}, editions {args.editions}")
    for soviet, games in per.items():
        d = sum(x for x, _ in games)
        m = sum(y for _, y in games)
        rates = [y / x for x, y in games if x]
        print(f"  {soviet}: {len(games)} games, {d} decisions with a choice, fit {m / d if d else 0:.3f} "
              f"(a game: {min(rates, default=0):.2f}-{max(rates, default=0):.2f})")


if __name__ == "__main__":
    main()
