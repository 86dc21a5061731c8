"""Does the German keep the Moscow he took? Battle for Moscow's last Soviet Combat Phase, counted.

Plays a German against a Soviet on the given seeds and editions and looks at each game when the
Soviet's last Combat Phase begins with Moscow German. The Soviet can attack Moscow only from the
six hexes next to it (9.0); its garrison is one unit (8.2.2), and a major city shifts the odds
one column for the defender (9.2), so Soviets there with twice the garrison's strength make
1:1, where a DR or an EX empties Moscow half the time (000 9.3). The table counts those games
by how many of the six hexes are German and whether the Soviets in the others have that
strength, with the German's wins in each row (session 46, docs/ai.md). In 2009, where Moscow
and any one other city are a Soviet win and every city but Moscow a German draw (5.0), it also
counts the German's losses by the cities the Soviet held besides Moscow at the end (session 48).
A diagnosis, not a measurement of strength: `typhoon tournament` measures that.

    .venv/bin/python bench/bench_bfm_hold.py --german heuristic --soviet baseline-capital \\
        --editions 1986 --seeds 7060-7179 --jobs 2
    .venv/bin/python bench/bench_bfm_hold.py --german-knobs g_shield=0 ...   # the heuristic with knobs
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.base import is_player_name, make_player, player_names  # noqa: E402
from typhoon.core.game import Game  # noqa: E402
from typhoon.games import registry  # noqa: E402
from typhoon.games.bfm.ai.heuristic import STYLES, HeuristicPlayer  # noqa: E402

from bench_bfm_knobs import editions_of, knob_values, seed_range  # noqa: E402  (this folder is first on the path)

ROWS = (
    "four or more of the six hexes next to Moscow German",
    "three or fewer German, the Soviets there with twice the garrison's strength or more",
    "three or fewer German, less than twice",
)


def row_of(german_hexes: int, soviet_strength: int, garrison: int) -> int:
    """The table's row for a position: 0 with four or more German hexes next to Moscow, 1 when
    the Soviets next to it have at least twice the garrison's strength (1:1 after the major
    city's shift, 9.0-9.2), else 2."""
    if german_hexes >= 4:
        return 0
    return 1 if soviet_strength >= 2 * garrison else 2


def at_last_soviet_combat(state: Any) -> tuple[int, int, int] | None:
    """(German hexes next to Moscow, Soviet strength next to it, garrison strength) when the
    Soviet's last Combat Phase begins with Moscow German; None otherwise."""
    data = state.data
    if state.turn != data.last_turn or state.phase != "soviet_combat" or state.side_at(data.moscow) != "german":
        return None
    ring = data.neighbours[data.moscow]
    german = sum(state.side_at(h) == "german" for h in ring)
    soviet = sum(state.strength(state.unit_at(h)) for h in ring if state.side_at(h) == "soviet")
    return german, soviet, state.strength(state.unit_at(data.moscow))


Result = tuple[str, int, str | None, tuple[int, int, int] | None, str]


def play(job: tuple[str, tuple[tuple[str, float], ...], str, str, int]) -> Result:
    """One game: (edition, seed, winner, the position at the Soviet's last combat or None, the
    cities other than Moscow the Soviet holds at the end)."""
    german, knobs, soviet, edition, seed = job
    pkg = registry.get("bfm")
    game = Game(pkg.rules, pkg.normalise_options({"edition": edition}), seed, keep_history=False)
    if knobs:
        g_player: Any = HeuristicPlayer(seed=seed * 2 + 1, **{f"knob_{k}": v for k, v in knobs})
    else:
        g_player = make_player(german, "bfm", seed=seed * 2 + 1)
    players = {"german": g_player, "soviet": make_player(soviet, "bfm", seed=seed * 2 + 2)}
    rules, seen, phase = game.rules, None, None
    while rules.outcome(state := game.state) is None:
        if rules.is_chance(state):
            game.roll()
            continue
        if state.phase != phase:
            phase = state.phase
            seen = at_last_soviet_combat(state) or seen
        side = rules.current_player(state)
        game.push(players[side].choose(game.observed(side, keep_history=False)))
    data = game.state.data
    others = sorted(data.cities[h] for h, side in game.state.control.items() if side == "soviet" and h != data.moscow)
    return edition, seed, rules.outcome(game.state).winner, seen, ", ".join(others)


def cities_of_losses(results: list[Result]) -> list[str]:
    """2009: the German's losses counted by the cities other than Moscow the Soviet held at the
    end, most frequent first (5.0: with none of them the loss would have been a draw)."""
    lost = Counter(r[4] for r in results if r[2] == "soviet")
    return [f"  German losses by the Soviet's cities besides Moscow: {sum(lost.values())}"] + [
        f"    {n:4d}  {cities or '(none)'}" for cities, n in lost.most_common()]


def table(results: list[Result]) -> list[str]:
    """The report's lines: games, Moscows held at the Soviet's last combat, and per row of
    ``ROWS`` the games and the German's wins."""
    held = [r for r in results if r[3] is not None]
    games, wins = Counter(), Counter()
    for _, _, winner, (g, s, garrison), _ in held:
        row = row_of(g, s, garrison)
        games[row] += 1
        wins[row] += winner == "german"
    lines = [f"{len(results)} games, German wins {sum(r[2] == 'german' for r in results)}; "
             f"Moscow German at the Soviet's last combat in {len(held)}, German wins {sum(wins.values())}"]
    lines += [f"  {ROWS[i]}: {games[i]} games, German wins {wins[i]}" for i in range(len(ROWS))]
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--german", default="heuristic", help="the German player (default heuristic)")
    ap.add_argument("--german-knobs", default="", help="KNOB=V,...: the heuristic's German with these knobs")
    ap.add_argument("--soviet", default="baseline-capital", help="the Soviet player (default baseline-capital)")
    ap.add_argument("--editions", default="2009,1986")
    ap.add_argument("--seeds", default="7060-7179", help="FIRST-LAST")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    knobs = knob_values(filter(None, (x.strip() for x in args.german_knobs.split(","))), "--german-knobs")
    unknown = [k for k, _ in knobs if k not in STYLES["standard"]]
    if unknown:
        raise SystemExit(f"--german-knobs: unknown knob(s) {unknown}; knobs: {sorted(STYLES['standard'])}")
    for flag, name in (("--german", args.german), ("--soviet", args.soviet)):
        if not is_player_name(name, "bfm"):
            raise SystemExit(f"{flag}: unknown player {name!r}; players: {', '.join(player_names('bfm'))}")
    editions = editions_of(args.editions)
    seeds = seed_range(args.seeds)
    jobs = [(args.german, knobs, args.soviet, e, s) for e in editions for s in seeds]
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(play, jobs, chunksize=4))
    who = "heuristic with " + args.german_knobs if knobs else args.german
    print(f"German {who} against {args.soviet}; seeds {args.seeds}, editions {args.editions}")
    for e in editions:
        print(f"{e}:")
        for line in table([r for r in results if r[0] == e]):
            print("  " + line)
        if e == "2009":
            for line in cities_of_losses([r for r in results if r[0] == e]):
                print("  " + line)


if __name__ == "__main__":
    main()
