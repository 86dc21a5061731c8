"""Balance studies: German win / draw / Soviet win rates per edition and variant (95% Wilson
intervals), from computer-vs-computer games on fixed seeds (game i uses seed + i)."""

from __future__ import annotations

from typing import Any

from ..core.errors import ParseError
from .parallel import Job, run_jobs
from .tournament import wilson

# named balance variants (options of typhoon.games.bfm.options.BfmOptions)
VARIANTS: dict[str, dict[str, Any]] = {
    "standard": {},
    "soviet4": {"soviet_replacements": 4},
    "soviet3": {"soviet_replacements": 3},
    "german_even": {"german_replacement_turns": "even"},
}


def rates(results: list[dict]) -> dict[str, Any]:
    n = len(results)
    out: dict[str, Any] = {"games": n}
    for key, who in (("german_wins", "german"), ("draws", None), ("soviet_wins", "soviet")):
        k = sum(1 for r in results if r["winner"] == who)
        out[key] = k
        out[key.replace("wins", "win_rate").replace("draws", "draw_rate")] = round(k / n, 4) if n else 0.0
        out[key.replace("wins", "win_ci95").replace("draws", "draw_ci95")] = [round(x, 4) for x in wilson(k, n)]
    out["avg_german_cities"] = round(sum(r["german_cities"] for r in results) / n, 3) if n else 0.0
    out["avg_soviet_cities"] = round(sum(r["soviet_cities"] for r in results) / n, 3) if n else 0.0
    out["avg_actions"] = round(sum(r["actions"] for r in results) / n, 1) if n else 0.0
    return out


def balance(games: int, editions: list[str], variants: list[str], german: str = "heuristic", soviet: str = "heuristic",
            options: dict[str, Any] | None = None, seed: int = 0, workers: int | None = None,
            ray_address: str | None = None, progress: bool = False) -> dict[str, Any]:
    """JSON keys: german, soviet, games (per cell), seed, options, cells (list of {edition,
    variant, options, games, german_wins, draws, soviet_wins, german_win_rate, draw_rate,
    soviet_win_rate, german_win_ci95, draw_ci95, soviet_win_ci95, avg_german_cities,
    avg_soviet_cities, avg_actions}), total_games, seconds."""
    from .base import make_player

    if games < 1:
        raise ParseError("--games must be at least 1")
    for v in variants:
        if v not in VARIANTS:
            raise ParseError(f"unknown variant {v!r}; choose from: {', '.join(VARIANTS)}")
    for e in editions:
        if e not in ("2009", "1986"):
            raise ParseError(f"unknown edition {e!r}; choose 2009, 1986 or both")
    make_player(german), make_player(soviet)
    options = dict(options or {})
    cells, jobs = [], []
    for e in editions:
        for v in variants:
            opts = {**options, **VARIANTS[v], "edition": e}
            cells.append((e, v, opts))
            jobs.extend(Job(german, soviet, opts, seed + i) for i in range(games))
    from ..games.bfm.options import BfmOptions

    for _, _, o in cells:
        BfmOptions.from_dict(o)  # bad options fail before any game is played
    results = run_jobs(jobs, workers, ray_address, progress, desc="balance")
    out_cells = []
    for k, (e, v, opts) in enumerate(cells):
        rs = results[k * games:(k + 1) * games]
        out_cells.append({"edition": e, "variant": v, "options": opts, **rates(rs)})
    return {"german": german, "soviet": soviet, "games": games, "seed": seed, "options": options,
            "cells": out_cells, "total_games": len(results), "seconds": round(sum(r["seconds"] for r in results), 3)}


def format_balance(doc: dict[str, Any]) -> str:
    lines = [f"{doc['german']} (German) vs {doc['soviet']} (Soviet), {doc['games']} games per cell, seeds {doc['seed']}..{doc['seed'] + doc['games'] - 1}", ""]
    lines.append(f"{'edition':>7} {'variant':>12} {'German win':>22} {'draw':>22} {'Soviet win':>22}")
    for c in doc["cells"]:
        def f(rate, ci):
            return f"{c[rate]:.2f} [{c[ci][0]:.2f}, {c[ci][1]:.2f}]"
        lines.append(f"{c['edition']:>7} {c['variant']:>12} {f('german_win_rate', 'german_win_ci95'):>22} "
                     f"{f('draw_rate', 'draw_ci95'):>22} {f('soviet_win_rate', 'soviet_win_ci95'):>22}")
    return "\n".join(lines)
