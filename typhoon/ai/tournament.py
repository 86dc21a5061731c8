"""Ladders between computer players: every ordered pair on both sides, win rates with 95%
Wilson intervals, Bradley-Terry ratings on the Elo scale, average cities held.

Game ``i`` of every pair uses seed ``seed + i`` (the same seed set for every pair and every
version of Typhoon), so results compare across players and across releases.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.errors import ParseError
from .parallel import Job, run_jobs

SIDES = ("german", "soviet")


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion k/n (k may be fractional, e.g. with draws as 1/2)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(players: list[str], games: list[tuple[str, str, float]], iterations: int = 2000,
                  prior: float = 0.5) -> dict[str, float]:
    """Bradley-Terry strengths by the MM algorithm (Hunter 2004), returned as Elo-scale ratings
    with mean 0. ``games`` holds (a, b, score of a) with draws as 1/2. Each player also gets
    ``prior`` virtual draws against a reference of strength 1, so a player that wins (or loses)
    everything still gets a finite rating."""
    idx = {p: i for i, p in enumerate(players)}
    n = len(players)
    wins = [prior] * n  # half of the 2*prior virtual games
    pairs: dict[tuple[int, int], float] = {}
    for a, b, s in games:
        i, j = idx[a], idx[b]
        wins[i] += s
        wins[j] += 1 - s
        key = (min(i, j), max(i, j))
        pairs[key] = pairs.get(key, 0) + 1
    p = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denom = 2 * prior / (p[i] + 1.0)
            for (a, b), cnt in pairs.items():
                if a == i:
                    denom += cnt / (p[i] + p[b])
                elif b == i:
                    denom += cnt / (p[i] + p[a])
            new.append(wins[i] / denom if denom else p[i])
        delta = max(abs(x - y) for x, y in zip(new, p))
        p = new
        if delta < 1e-10:
            break
    elo = [400 * math.log10(x) for x in p]
    mean = sum(elo) / n if n else 0.0
    return {pl: round(e - mean, 1) for pl, e in zip(players, elo)}


def score(winner: str | None, side: str) -> float:
    return 1.0 if winner == side else (0.5 if winner is None else 0.0)


def side_record(results: list[dict], side: str) -> dict[str, Any]:
    """Wins/draws/losses of ``side`` over ``results`` with 95% intervals and average cities."""
    n = len(results)
    w = sum(1 for r in results if r["winner"] == side)
    d = sum(1 for r in results if r["winner"] is None)
    lo_w, hi_w = wilson(w, n)
    s = w + d / 2
    lo_s, hi_s = wilson(s, n)
    cities = sum(r[f"{side}_cities"] for r in results) / n if n else 0.0
    return {
        "games": n, "wins": w, "draws": d, "losses": n - w - d,
        "win_rate": round(w / n, 4) if n else 0.0, "win_ci95": [round(lo_w, 4), round(hi_w, 4)],
        "score": round(s / n, 4) if n else 0.0, "score_ci95": [round(lo_s, 4), round(hi_s, 4)],
        "avg_cities": round(cities, 3),
    }


def ladder_jobs(players: list[str], games_per_pair: int, seed: int, options: dict[str, Any]) -> list[Job]:
    jobs = []
    for g in players:
        for s in players:
            if g == s:
                continue
            jobs.extend(Job(g, s, dict(options), seed + i) for i in range(games_per_pair))
    return jobs


def tournament(players: list[str], games_per_pair: int = 10, seed: int = 0, options: dict[str, Any] | None = None,
               workers: int | None = None, ray_address: str | None = None, progress: bool = False) -> dict[str, Any]:
    """Every ordered pair of distinct players, ``games_per_pair`` games each way round.

    JSON keys: players, games_per_pair, seed, options, total_games, pairs (list of
    {german, soviet, german: record, soviet: record}), players_summary ({name: {as_german,
    as_soviet, overall score, rating}}), ratings ({name: Elo}), results (every game).
    """
    from .base import make_player

    if len(players) < 2:
        raise ParseError("a tournament needs at least two players")
    if len(set(players)) != len(players):
        raise ParseError(f"players listed twice: {players}")
    for p in players:
        make_player(p)  # unknown names fail here, before any game
    if games_per_pair < 1:
        raise ParseError("games per pair must be at least 1")
    options = dict(options or {})
    jobs = ladder_jobs(players, games_per_pair, seed, options)
    results = run_jobs(jobs, workers, ray_address, progress, desc="tournament")
    pairs = []
    by_pair: dict[tuple[str, str], list[dict]] = {}
    for r in results:
        by_pair.setdefault((r["german"], r["soviet"]), []).append(r)
    for (g, s), rs in by_pair.items():
        pairs.append({"german_player": g, "soviet_player": s, "german": side_record(rs, "german"), "soviet": side_record(rs, "soviet")})
    summary = {}
    for p in players:
        as_g = [r for r in results if r["german"] == p]
        as_s = [r for r in results if r["soviet"] == p]
        total = sum(score(r["winner"], "german") for r in as_g) + sum(score(r["winner"], "soviet") for r in as_s)
        n = len(as_g) + len(as_s)
        summary[p] = {"as_german": side_record(as_g, "german"), "as_soviet": side_record(as_s, "soviet"),
                      "score": round(total / n, 4), "score_ci95": [round(x, 4) for x in wilson(total, n)]}
    ratings = bradley_terry(players, [(r["german"], r["soviet"], score(r["winner"], "german")) for r in results])
    for p in players:
        summary[p]["rating"] = ratings[p]
    return {
        "players": players, "games_per_pair": games_per_pair, "seed": seed, "options": options,
        "total_games": len(results), "pairs": pairs, "players_summary": summary, "ratings": ratings,
        "results": [{k: v for k, v in r.items() if k not in ("seconds", "options")} for r in results],
        "seconds": round(sum(r["seconds"] for r in results), 3),
    }


def format_tournament(doc: dict[str, Any]) -> str:
    """A plain-text table of a tournament document."""
    lines = [f"{doc['total_games']} games, {doc['games_per_pair']} per ordered pair, seeds {doc['seed']}.."
             f"{doc['seed'] + doc['games_per_pair'] - 1}, options {doc['options'] or 'standard'}", ""]
    lines.append(f"{'German':>14} {'Soviet':>14} {'G win':>6} {'draw':>5} {'S win':>6}  German score 95% CI")
    for p in doc["pairs"]:
        g = p["german"]
        lines.append(f"{p['german_player']:>14} {p['soviet_player']:>14} {g['wins']:>6} {g['draws']:>5} {g['losses']:>6}  "
                     f"{g['score']:.2f} [{g['score_ci95'][0]:.2f}, {g['score_ci95'][1]:.2f}]")
    lines += ["", f"{'player':>14} {'rating':>7} {'score':>6} {'as German W-D-L':>16} {'as Soviet W-D-L':>16} {'cities G/S':>11}"]
    for p, s in sorted(doc["players_summary"].items(), key=lambda kv: -kv[1]["rating"]):
        g, v = s["as_german"], s["as_soviet"]
        lines.append(f"{p:>14} {s['rating']:>7.0f} {s['score']:>6.2f} {g['wins']:>6}-{g['draws']}-{g['losses']:<6} "
                     f"{v['wins']:>6}-{v['draws']}-{v['losses']:<6} {g['avg_cities']:>5.1f}/{v['avg_cities']:.1f}")
    return "\n".join(lines)
