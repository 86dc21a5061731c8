"""Would searching Battle for Moscow's German help? A searched German against named Soviets,
paired game by game with the heuristic's German (the German every search level plays against a
Soviet its population does not model, ``typhoon/games/bfm/ai/plans.py``: ``SEARCHED_SIDES``,
``MODELLED_SIDES``) on the same seeds and editions.

An experiment harness, not a player: it makes the search level search German decisions too
(``SEARCHED_SIDES`` widened in this process only, against any Soviet: not only against one its
population models, as search-hard's ``model_gate`` does), with the level's budget and the anchor
``--anchor`` (``Budget.anchor_z``: a challenger plan must beat the heuristic's own plan by that
many standard errors on the same playouts), and the tests tried in session 30: ``--margin``
(``Budget.anchor_margin``), ``--robust`` (``Budget.robust``), ``--from-turn`` (the heuristic's
German before that turn) and ``--opponent-noise`` (the playout Soviets' noise levels), and the
one of session 31: ``--extra-style NAME:KNOB=V,...`` (one more heuristic style in the search's
population, e.g. ``passive:soviet_min_col=9``, a Soviet that never counterattacks). The
Soviet is any named player; use the independent
baselines (``baseline-greedy``, ``baseline-bold``) beside the heuristic, since the search's
playouts model the heuristic's Soviet and a gain against it alone says little (docs/ai.md,
sessions 13 and 30). Prints, per Soviet, the German wins of each and the games won only by the
searched German / only by the heuristic's.

    .venv/bin/python bench/bench_bfm_german_search.py --level search-hard --anchor 1.5 \\
        --soviets heuristic,baseline-greedy --seeds 800000-800007 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.base import register  # noqa: E402
from typhoon.ai.match import play_game  # noqa: E402
from typhoon.ai.search import SearchPlayer, level_budget  # noqa: E402

from bench_bfm_knobs import knob_values, seed_range  # noqa: E402  (this folder is first on the path)


def searched_german(level: str, anchor: float, seed: int, opponent_noise: tuple[float, ...] | None = None,
                    margin: float = 0.0, robust: bool = False, from_turn: int = 1) -> SearchPlayer:
    """The search level ``level`` searching the German's decisions too, with anchor ``anchor``
    and margin ``margin`` (``Budget.anchor_margin``), and the playout Soviets' noise levels
    ``opponent_noise``, if given; ``robust``: ``Budget.robust``; the German's decisions of
    turns before ``from_turn`` are the heuristic's."""
    from typhoon.games.bfm.ai import plans

    plans.SEARCHED_SIDES = frozenset({"german", "soviet"})  # this process only
    plans.MODELLED_SIDES = frozenset()  # searched whatever the Soviet (the levels' gate: session 32)
    if not hasattr(plans, "searched_from"):  # wrapped once per process
        every_turn = plans.search_kind

        def search_kind(game):  # the policy asks plans.search_kind at each decision
            if game.current_player == "german" and game.state.turn < plans.searched_from:
                return "policy"
            return every_turn(game)

        plans.search_kind = search_kind
    plans.searched_from = from_turn
    budget = replace(level_budget(level, "bfm"), anchor_z=anchor, anchor_margin=margin, robust=robust)
    if opponent_noise:
        budget = replace(budget, opponent_noise=opponent_noise)
    return SearchPlayer(seed=seed, budget=budget, name=f"{level}-german@{anchor}", game="bfm")


def add_styles(styles: tuple[tuple[str, tuple[tuple[str, float], ...]], ...]) -> None:
    """Add playing styles to the heuristic's ``STYLES`` in this process only (the standard
    style's knobs with some changed): the search's candidates and playout opponents are drawn
    from every style but the standard one (``HeuristicPlayer.population``)."""
    from typhoon.games.bfm.ai import heuristic

    for name, knobs in styles:
        unknown = [k for k, _ in knobs if k not in heuristic.STYLES["standard"]]
        if unknown:
            raise SystemExit(f"--extra-style {name}: unknown knob(s) {unknown}; knobs: {sorted(heuristic.STYLES['standard'])}")
        heuristic.STYLES[name] = {**heuristic.STYLES["standard"], **dict(knobs)}


def parse_style(text: str) -> tuple[str, tuple[tuple[str, float], ...]]:
    """``NAME:KNOB=V,KNOB=V`` (e.g. ``passive:soviet_min_col=9``)."""
    name, _, rest = text.partition(":")
    if not name or not rest:
        raise SystemExit(f"--extra-style {text!r}: expected NAME:KNOB=VALUE[,KNOB=VALUE...]")
    return name, knob_values(rest.split(","), f"--extra-style {text!r}")


def play(job: tuple) -> dict:
    """One game: German ``level`` (or ``heuristic``) against Soviet ``soviet``."""
    level, anchor, margin, robust, from_turn, opponent_noise, styles, soviet, edition, seed = job
    add_styles(styles)
    german = "heuristic"
    if level != "heuristic":
        german = "bench-searched-german"  # a name for play_game, in this process only
        register(german, lambda seed=0, **_: searched_german(level, anchor, seed, opponent_noise, margin, robust, from_turn))
    cpu = time.process_time()
    _, result = play_game(german, soviet, {"edition": edition}, seed, game_name="bfm")
    return {"german": level, "soviet": soviet, "edition": edition, "seed": seed,
            "german_won": result.winner == "german", "cpu": time.process_time() - cpu}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="search-hard")
    ap.add_argument("--anchor", type=float, default=1.5)
    ap.add_argument("--soviets", default="heuristic,baseline-greedy")
    ap.add_argument("--seeds", default="800000-800007", help="FIRST-LAST")
    ap.add_argument("--editions", default="2009,1986")
    ap.add_argument("--margin", type=float, default=0.0,
                    help="a challenger must also beat the heuristic's plan by this much in mean value")
    ap.add_argument("--robust", action="store_true",
                    help="a challenger must also be no worse against each playout Soviet style alone")
    ap.add_argument("--from-turn", type=int, default=1, help="search the German from this turn on")
    ap.add_argument("--opponent-noise", help="the playout Soviets' noise levels, e.g. 1,2,4 (default: the level's)")
    ap.add_argument("--extra-style", action="append", default=[],
                    help="NAME:KNOB=V[,KNOB=V...]: one more heuristic style in the search's population "
                         "(candidates and playout opponents), e.g. passive:soviet_min_col=9 (a Soviet that never "
                         "counterattacks); repeatable")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="a JSON-lines file of every game")
    args = ap.parse_args()
    games = [(s, e, sd) for s in args.soviets.split(",") for e in args.editions.split(",") for sd in seed_range(args.seeds)]
    noise = tuple(float(x) for x in args.opponent_noise.split(",")) if args.opponent_noise else None
    styles = tuple(parse_style(t) for t in args.extra_style)
    add_styles(styles)  # an unknown knob is refused here, before any game
    jobs = [(g, args.anchor, args.margin, args.robust, args.from_turn, noise, styles, *x) for g in ("heuristic", args.level) for x in games]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, jobs))
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in results))
    won = {(r["german"], r["soviet"], r["edition"], r["seed"]): r["german_won"] for r in results}
    cpu = sorted(r["cpu"] for r in results if r["german"] == args.level)
    print(f"German {args.level} (German searched, anchor {args.anchor}, margin {args.margin}, robust {args.robust}, from turn {args.from_turn}, extra styles {[n for n, _ in styles] or 'none'}, playout Soviets' noise "
          f"{noise or level_budget(args.level, 'bfm').opponent_noise}) against the heuristic's German, "
          f"seeds {args.seeds}, editions {args.editions}; median CPU s a game {cpu[len(cpu) // 2]:.1f}")
    for soviet in args.soviets.split(","):
        keys = [(s, e, sd) for s, e, sd in games if s == soviet]
        h = [won[("heuristic", *k)] for k in keys]
        s = [won[(args.level, *k)] for k in keys]
        only_s = sum(b and not a for a, b in zip(h, s))
        only_h = sum(a and not b for a, b in zip(h, s))
        print(f"  Soviet {soviet}: searched {sum(s)}/{len(keys)}, heuristic {sum(h)}/{len(keys)} "
              f"(won only by the searched {only_s}, only by the heuristic {only_h})")


if __name__ == "__main__":
    main()
