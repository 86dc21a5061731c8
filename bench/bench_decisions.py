"""How long a computer player takes to decide, in any game: one decision and one phase (all of
its decisions in that phase), over the first decisions of one game.

    python bench/bench_decisions.py --game dom --player search-normal [--opponent greedy]
                                    [--decisions 400] [--seed 11] [-O NAME=VALUE ...]

``--player`` plays the game's first side, ``--opponent`` (default: the game's own first player)
the other; each gets ``game.observed(side)``, as in every match. Prints, per side, the decisions
made with their median, slowest and total CPU seconds, then the same for the first side's
phases (CPU time: what a shared machine does not distort). A process's first decision pays for
its caches too, as a person's first game against the computer does.
"""

from __future__ import annotations

import argparse
import statistics
import time

from typhoon.ai.base import make_player, own_player
from typhoon.games import registry


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="bfm")
    ap.add_argument("--player", default="search-normal", help="the first side's player")
    ap.add_argument("--opponent", default=None, help="the second side's player (default: the game's own first player)")
    ap.add_argument("--decisions", type=int, default=400, help="decisions of either side to play (the game may end first)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--option", "-O", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    args = ap.parse_args(argv)
    pkg = registry.get(args.game)
    options = dict(o.split("=", 1) for o in args.option)
    game = pkg.new_game(pkg.normalise_options(options), seed=args.seed)
    sides = list(pkg.sides)
    names = [args.player, args.opponent or own_player(args.game)]
    players = {s: make_player(n, args.game, seed=args.seed * 2 + 1 + i) for i, (s, n) in enumerate(zip(sides, names))}
    times: dict[str, list[float]] = {s: [] for s in sides}
    phases: dict[tuple, float] = {}
    made = 0
    while not game.is_over() and made < args.decisions:
        if game.is_chance():
            game.roll()
            continue
        side = game.current_player
        key = (side, game.rules.phase_key(game.state))
        t0 = time.process_time()
        action = players[side].choose(game.observed(side))
        spent = time.process_time() - t0
        times[side].append(spent)
        phases[key] = phases.get(key, 0.0) + spent
        game.push(action)
        made += 1
    print(f"{args.game}, seed {args.seed}, {made} decisions; CPU seconds")
    for side, name in zip(sides, names):
        ts = times[side]
        if ts:
            print(f"  {side} ({name}): {len(ts)} decisions, median {statistics.median(ts):.3f}, "
                  f"slowest {max(ts):.2f}, total {sum(ts):.1f}")
    first = [v for (s, _), v in phases.items() if s == sides[0]]
    if first:
        print(f"  {sides[0]}'s phases: {len(first)}, median {statistics.median(first):.2f}, slowest {max(first):.2f}")


if __name__ == "__main__":
    main()
