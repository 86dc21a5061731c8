"""Screen knobs of Battle for Moscow's heuristic: variants of one side's heuristic against named
opponents, paired game by game with the unchanged style on the same seeds and editions.

The heuristic's knobs (``typhoon/games/bfm/ai/heuristic.py``: ``STYLES``) are what every search
level plays for the German (search-hard and search-expert: against a Soviet their population
does not model) and what its candidates and playouts are drawn from, so a knob that
changes the heuristic's German changes every level's German. This is how sessions 14-18 and 31
screened them (docs/ai.md): a variant is kept only if it gains against the independent
baselines (``baseline-greedy``, ``baseline-bold``, ``baseline-capital``, ``baseline-hunter``: they share no code
with the heuristic) as well as against the heuristic itself, and then again on seeds it was not screened on.

Prints, per variant and opponent, the screened side's score (win 1, draw 1/2), its wins in each
edition, a 95 % Wilson interval, and the games it won that the unchanged style lost (+) and lost
that the unchanged style won (-), on the same seeds. A development screen, not a measurement:
the measurement blocks are ``typhoon tournament``'s.

    .venv/bin/python bench/bench_bfm_knobs.py --variants "trade=1.0;bar=0.0,drive=8" \\
        --opponents heuristic,baseline-greedy,baseline-bold,baseline-capital,baseline-hunter --seeds 7000-7059 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.base import is_player_name, player_names, register  # noqa: E402
from typhoon.ai.match import play_game  # noqa: E402
from typhoon.ai.tournament import wilson  # noqa: E402
from typhoon.games.bfm.ai.heuristic import STYLES, HeuristicPlayer  # noqa: E402

SIDES = ("german", "soviet")
Variant = tuple[tuple[str, float], ...]


def parse_variants(text: str, style: str = "standard") -> list[Variant]:
    """``KNOB=V[,KNOB=V...]`` variants separated by ``;`` (an empty one is the unchanged style,
    always screened first); an unknown knob or a value that is not a number is refused."""
    if style not in STYLES:
        raise SystemExit(f"--style {style!r}: unknown style; styles: {sorted(STYLES)}")
    out: list[Variant] = [()]
    for part in text.split(";"):
        knobs = knob_values(filter(None, (x.strip() for x in part.split(","))), "--variants")
        for name, _ in knobs:
            if name not in STYLES[style]:
                raise SystemExit(f"--variants: unknown knob {name!r}; knobs: {sorted(STYLES[style])}")
        if knobs and knobs not in out:
            out.append(knobs)
    return out


def knob_values(items: Any, flag: str) -> Variant:
    """``KNOB=NUMBER`` items as (knob, value) pairs; anything else is refused, naming ``flag``
    (also ``bench_bfm_german_search.py --extra-style``'s parser)."""
    knobs = []
    for kv in items:
        k, _, v = kv.partition("=")
        try:
            knobs.append((k, float(v)))
        except ValueError:
            raise SystemExit(f"{flag}: {kv!r} is not KNOB=NUMBER") from None
    return tuple(knobs)


def play(job: tuple[str, str, Variant, str, str, int]) -> tuple[Variant, str, str, int, float]:
    """One game: the heuristic of ``style`` with ``knobs`` on ``side`` against ``opponent``;
    the screened side's score."""
    side, style, knobs, opponent, edition, seed = job
    register("bench-knobs", lambda seed=0, **_: HeuristicPlayer(seed=seed, style=style, **{f"knob_{k}": v for k, v in knobs}))
    first, second = ("bench-knobs", opponent) if side == "german" else (opponent, "bench-knobs")
    _, result = play_game(first, second, {"edition": edition}, seed, game_name="bfm")
    score = 0.5 if result.winner is None else float(result.winner == side)
    return knobs, opponent, edition, seed, score


def editions_of(text: str) -> list[str]:
    """``2009,1986`` as the editions to play; an unknown one is refused (also the edition
    parser of ``bench_bfm_hold.py`` and ``bench_opponent_fit.py``)."""
    editions = text.split(",")
    bad = [e for e in editions if e not in ("2009", "1986")]
    if bad:
        raise SystemExit(f"--editions: unknown edition(s) {bad}; editions: 2009, 1986")
    return editions


def seed_range(text: str) -> list[int]:
    """``FIRST-LAST`` (or one seed) as the seeds from FIRST to LAST; anything else is refused
    (also the seed parser of ``bench_bfm_german_search.py``, ``bench_opponent_fit.py`` and ``bench_bfm_hold.py``)."""
    lo, _, hi = text.partition("-")
    try:
        first, last = int(lo), int(hi or lo)
    except ValueError:
        raise SystemExit(f"--seeds {text!r}: expected FIRST-LAST, e.g. 7000-7059") from None
    if last < first:
        raise SystemExit(f"--seeds {text!r}: the last seed is below the first")
    return list(range(first, last + 1))


def report(results: list[tuple[Variant, str, str, int, float]], variants: list[Variant], opponents: list[str],
           editions: list[str]) -> list[str]:
    """One line per variant: per opponent the score, wins per edition, Wilson 95 % and the
    games won (+) and lost (-) against the unchanged style's on the same seeds."""
    scores = {(v, o, e, s): x for v, o, e, s, x in results}
    keys = sorted({(o, e, s) for _, o, e, s, _ in results})
    lines = []
    for v in variants:
        cells = []
        for o in opponents:
            mine = [scores[(v, *k)] for k in keys if k[0] == o]
            base = [scores[((), *k)] for k in keys if k[0] == o]
            lo, hi = wilson(sum(mine), len(mine))
            plus = sum(a > b for a, b in zip(mine, base))
            minus = sum(a < b for a, b in zip(mine, base))
            wins = ", ".join(f"{e} {sum(scores[(v, o, e, s)] for oo, e2, s in keys if oo == o and e2 == e):g}" for e in editions)
            cells.append(f"{o} {sum(mine) / len(mine):.3f} [{lo:.3f}, {hi:.3f}] ({wins}; +{plus}/-{minus})")
        name = ",".join(f"{k}={x:g}" for k, x in v) or "unchanged"
        lines.append(f"{name}: " + " | ".join(cells))
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variants", required=True, help="KNOB=V[,KNOB=V...] variants separated by ';'")
    ap.add_argument("--side", default="german", choices=SIDES, help="the side whose heuristic is screened")
    ap.add_argument("--style", default="standard", help="the style the variants change (default standard)")
    ap.add_argument("--opponents", default="heuristic,baseline-greedy,baseline-bold,baseline-capital,baseline-hunter")
    ap.add_argument("--seeds", default="7000-7059", help="FIRST-LAST")
    ap.add_argument("--editions", default="2009,1986")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="a JSON-lines file of every game")
    args = ap.parse_args(argv)
    variants = parse_variants(args.variants, args.style)
    opponents, seeds = args.opponents.split(","), seed_range(args.seeds)
    unknown = [o for o in opponents if not is_player_name(o, "bfm")]
    if unknown:
        raise SystemExit(f"--opponents: unknown player(s) {unknown}; players: {', '.join(player_names('bfm'))}")
    editions = editions_of(args.editions)
    jobs = [(args.side, args.style, v, o, e, s) for v in variants for o in opponents for e in editions for s in seeds]
    wall = time.time()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(play, jobs, chunksize=4))
    if args.out:
        Path(args.out).write_text("".join(json.dumps({"knobs": dict(v), "opponent": o, "edition": e, "seed": s, "score": x}) + "\n"
                                          for v, o, e, s, x in results))
    print(f"{args.side} heuristic ({args.style}) against {', '.join(opponents)}; seeds {args.seeds}, editions "
          f"{', '.join(editions)}: {len(seeds) * len(editions)} games per opponent, {time.time() - wall:.0f} s")
    for line in report(results, variants, opponents, editions):
        print("  " + line)


if __name__ == "__main__":
    main()
