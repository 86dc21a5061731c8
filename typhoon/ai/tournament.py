"""Ladders between computer players of any two-sided game: every ordered pair on both sides,
win rates with 95% Wilson intervals, Bradley-Terry ratings on the Elo scale, the game's final
scores averaged (e.g. Battle for Moscow's cities held).

Game ``i`` of every pair uses seed ``seed + i`` (the same seed set for every pair and every
version of Typhoon), so results compare across players and across releases.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

from ..core.errors import ParseError
from ..games import registry
from .base import DEFAULT_GAME
from .parallel import TIMING_FIELDS, Job, run_jobs

# the fields of a game result (match.GameResult.to_json) that are not the game's own scores
RESULT_FIELDS = ("seed", "game", "winner", "reason", "turns", "actions", *TIMING_FIELDS, "options")


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


def two_sides(game: str) -> tuple[str, str]:
    """The two sides of ``game`` (ladders and balance studies are for two-sided games)."""
    sides = tuple(registry.get(game).sides)
    if len(sides) != 2:
        raise ParseError(f"game {game!r} has {len(sides)} sides {list(sides)}; tournaments need two")
    return sides  # type: ignore[return-value]


def score_keys(results: list[dict], side: str) -> list[str]:
    """The game's own per-side scores in ``results`` (keys ``<side>_<name>``, numbers), in order."""
    keys: list[str] = []
    for r in results:
        for k, v in r.items():
            if (k.startswith(f"{side}_") and k not in RESULT_FIELDS and k not in keys
                    and isinstance(v, (int, float)) and not isinstance(v, bool)):
                keys.append(k)
    return keys


def side_record(results: list[dict], side: str) -> dict[str, Any]:
    """Wins/draws/losses of ``side`` over ``results`` with 95% intervals, and the averages of
    the side's own scores (``avg_<name>`` for each score ``<side>_<name>``, e.g. ``avg_cities``)."""
    n = len(results)
    w = sum(1 for r in results if r["winner"] == side)
    d = sum(1 for r in results if r["winner"] is None)
    lo_w, hi_w = wilson(w, n)
    s = w + d / 2
    lo_s, hi_s = wilson(s, n)
    out: dict[str, Any] = {
        "games": n, "wins": w, "draws": d, "losses": n - w - d,
        "win_rate": round(w / n, 4) if n else 0.0, "win_ci95": [round(lo_w, 4), round(hi_w, 4)],
        "score": round(s / n, 4) if n else 0.0, "score_ci95": [round(lo_s, 4), round(hi_s, 4)],
    }
    for k in score_keys(results, side):
        out["avg_" + k[len(side) + 1:]] = round(sum(r.get(k, 0) for r in results) / n, 3) if n else 0.0
    return out


def _spread(times: list[float]) -> dict[str, Any]:
    """Phases, median, 90th percentile (nearest rank) and slowest of ``times``, sorted."""
    n = len(times)
    return {"phases": n, "median": round(statistics.median(times), 4),
            "p90": times[max(0, math.ceil(0.9 * n) - 1)], "max": times[-1]}


def thinking(players: list[str], results: list[dict], sides: tuple[str, str] | list[str]) -> dict[str, dict[str, Any]]:
    """Each player's CPU seconds a phase over ``results`` (``think``: match.PhaseClock): phases
    timed, median, 90th percentile (nearest rank) and slowest, on both sides together, and the
    same for each side it was timed on (``by_side``: a player may search one side and not the
    other). A player with no phase timed (the random player's direct path, or games from a
    games file written before the results kept it) is left out."""
    out: dict[str, dict[str, Any]] = {}
    for p in players:
        by_side = {side: sorted(t for r in results if r.get(side) == p for t in (r.get("think") or {}).get(side, ()))
                   for side in sides}
        every = sorted(t for times in by_side.values() for t in times)
        if not every:
            continue
        out[p] = {**_spread(every), "by_side": {side: _spread(times) for side, times in by_side.items() if times}}
    return out


def format_thinking(rows: dict[str, dict[str, Any]], names: dict[str, str] | None = None) -> list[str]:
    """Lines of the thinking table (``thinking``): each player on both sides, then on each side
    (``names``: the sides' names to print)."""
    if not rows:
        return []
    names = names or {}
    lines = ["thinking, CPU seconds a phase (a side's decisions of one phase together):",
             f"{'player':>16} {'side':>8} {'phases':>7} {'median':>8} {'90%':>8} {'max':>8}"]
    for p, t in rows.items():
        lines.append(f"{p:>16} {'both':>8} {t['phases']:>7} {t['median']:>8.3f} {t['p90']:>8.3f} {t['max']:>8.3f}")
        for side, u in t.get("by_side", {}).items():
            lines.append(f"{'':>16} {names.get(side, side)[:8]:>8} {u['phases']:>7} {u['median']:>8.3f} {u['p90']:>8.3f} "
                         f"{u['max']:>8.3f}")
    return lines


def ladder_jobs(players: list[str], games_per_pair: int, seed: int, options: dict[str, Any],
                game: str = DEFAULT_GAME) -> list[Job]:
    jobs = []
    for a in players:
        for b in players:
            if a == b:
                continue
            jobs.extend(Job(a, b, dict(options), seed + i, game) for i in range(games_per_pair))
    return jobs


def tournament(players: list[str], games_per_pair: int = 10, seed: int = 0, options: dict[str, Any] | None = None,
               workers: int | None = None, ray_address: str | None = None, progress: bool = False,
               game: str = DEFAULT_GAME, journal: str | None = None, timed: list[dict] | None = None) -> dict[str, Any]:
    """Every ordered pair of distinct players of ``game``, ``games_per_pair`` games each way round.

    JSON keys (``A``, ``B``: the game's two sides, e.g. german and soviet): game, sides, players,
    games_per_pair, seed, options, total_games, pairs (list of {A_player, B_player, A: record,
    B: record}), players_summary ({name: {as_A, as_B, score, score_ci95, rating}}), ratings
    ({name: Elo}), thinking ({name: {phases, median, p90, max, by_side}}: CPU seconds a phase,
    ``thinking``), results (every game, without its timing: the same for every run), seconds.
    ``journal``: a games file that keeps every game as it ends and resumes a stopped run
    (``parallel.Journal``). ``timed``: a list that gets every game's result with its timing
    (``study``: the thinking over every cell)."""
    from .base import make_player

    sides = two_sides(game)
    if len(players) < 2:
        raise ParseError("a tournament needs at least two players")
    if len(set(players)) != len(players):
        raise ParseError(f"players listed twice: {players}")
    for p in players:
        make_player(p, game)  # unknown names fail here, before any game
    if games_per_pair < 1:
        raise ParseError("games per pair must be at least 1")
    options = dict(options or {})
    registry.get(game).normalise_options(options)  # bad options fail before any game
    jobs = ladder_jobs(players, games_per_pair, seed, options, game)
    results = run_jobs(jobs, workers, ray_address, progress, desc="tournament", journal=journal)
    if timed is not None:
        timed.extend(results)
    first, second = sides
    pairs = []
    by_pair: dict[tuple[str, str], list[dict]] = {}
    for r in results:
        by_pair.setdefault((r[first], r[second]), []).append(r)
    for (a, b), rs in by_pair.items():
        pairs.append({f"{first}_player": a, f"{second}_player": b,
                      first: side_record(rs, first), second: side_record(rs, second)})
    summary = {}
    for p in players:
        mine = {side: [r for r in results if r[side] == p] for side in sides}
        total = sum(score(r["winner"], side) for side in sides for r in mine[side])
        n = sum(len(rs) for rs in mine.values())
        summary[p] = {**{f"as_{side}": side_record(mine[side], side) for side in sides},
                      "score": round(total / n, 4), "score_ci95": [round(x, 4) for x in wilson(total, n)]}
    ratings = bradley_terry(players, [(r[first], r[second], score(r["winner"], first)) for r in results])
    for p in players:
        summary[p]["rating"] = ratings[p]
    return {
        "game": game, "sides": list(sides),
        "players": players, "games_per_pair": games_per_pair, "seed": seed, "options": options,
        "total_games": len(results), "pairs": pairs, "swapped": swapped_scores(players, results, sides),
        "players_summary": summary, "ratings": ratings, "thinking": thinking(players, results, sides),
        "results": [{k: v for k, v in r.items() if k not in TIMING_FIELDS and k != "options"} for r in results],
        "seconds": round(sum(r["seconds"] for r in results), 3),
    }


def swapped_scores(players: list[str], results: list[dict], sides: tuple[str, str] | list[str]) -> list[dict[str, Any]]:
    """Side-swapped scores: for each pair of players (a, b), a's score over the games a played
    on the first side against b AND on the second side against b, seed for seed (so neither
    the side nor the dice favour anyone: 0.5 is equal strength). 95% Wilson interval over
    the games; ``paired_ci95`` is a normal interval over the seed pairs (each seed's two games
    averaged), which accounts for a seed that favours one side whoever plays it."""
    first, second = sides
    out = []
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            one = {r["seed"]: score(r["winner"], first) for r in results if r[first] == a and r[second] == b}
            two = {r["seed"]: score(r["winner"], second) for r in results if r[second] == a and r[first] == b}
            seeds = sorted(set(one) & set(two))
            if not seeds:
                continue
            per_seed = [(one[s] + two[s]) / 2 for s in seeds]
            n = len(seeds)
            total = sum(per_seed) * 2
            mean = total / (2 * n)
            var = sum((x - mean) ** 2 for x in per_seed) / (n - 1) if n > 1 else 0.25
            half = 1.96 * math.sqrt(var / n)
            out.append({"a": a, "b": b, "seeds": n, "games": 2 * n, "score": round(mean, 4),
                        f"as_{first}": round(sum(one[s] for s in seeds) / n, 4),
                        f"as_{second}": round(sum(two[s] for s in seeds) / n, 4),
                        "score_ci95": [round(x, 4) for x in wilson(total, 2 * n)],
                        "paired_ci95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)]})
    return out


def format_swapped(rows: list[dict[str, Any]], sides: tuple[str, str] | list[str], names: dict[str, str]) -> list[str]:
    """Lines of the side-swapped table (``swapped_scores``)."""
    first, second = sides
    fa, sb = names.get(first, first), names.get(second, second)
    lines = [f"{'A':>16} {'B':>16} {'games':>6} {'A as ' + fa[:6]:>11} {'A as ' + sb[:6]:>11} {'A score':>8}  95% CI (Wilson; paired)"]
    for r in rows:
        lines.append(f"{r['a']:>16} {r['b']:>16} {r['games']:>6} {r[f'as_{first}']:>11.3f} {r[f'as_{second}']:>11.3f} "
                     f"{r['score']:>8.3f}  [{r['score_ci95'][0]:.3f}, {r['score_ci95'][1]:.3f}]; "
                     f"[{r['paired_ci95'][0]:.3f}, {r['paired_ci95'][1]:.3f}]")
    return lines


#: Fixed seed blocks for studies (compare versions on the same games): block k starts at BLOCKS[k].
BLOCKS = (100_000, 200_000, 300_000, 400_000, 500_000)


def study(players: list[str], games_per_block: int = 10, blocks: int = 3, editions: list[Any] | None = None,
          option: str = "edition", options: dict[str, Any] | None = None, workers: int | None = None,
          ray_address: str | None = None, progress: bool = False, game: str = DEFAULT_GAME,
          seeds: list[int] | None = None, journal: str | None = None) -> dict[str, Any]:
    """Tournaments over several fixed seed blocks (``BLOCKS``) and values of one option (Battle
    for Moscow: both editions), with the side-swapped score of every pair per block and value
    and overall. ``seeds``: the first seed of each block instead of ``BLOCKS[:blocks]``.
    JSON: game, sides, players, games_per_block, blocks ([first seeds]), option, values, cells
    ([{value, block, seed, swapped}]), overall ([swapped rows over every cell]), thinking (each
    player's CPU seconds a phase over every cell, ``thinking``), seconds.
    ``journal``: one games file for every cell (``parallel.Journal``)."""
    if seeds is None:
        if blocks < 1 or blocks > len(BLOCKS):
            raise ParseError(f"blocks must be 1..{len(BLOCKS)}, got {blocks}")
        seeds = list(BLOCKS[:blocks])
    values = list(editions) if editions else [None]
    cells, every, seconds = [], [], 0.0
    timed: list[dict] = []  # every game with its timing
    sides = two_sides(game)
    for v in values:
        opts = dict(options or {})
        if v is not None:
            opts[option] = v
        for k, first in enumerate(seeds):
            doc = tournament(players, games_per_block, first, opts, workers, ray_address, progress, game, journal, timed)
            seconds += doc["seconds"]
            cells.append({"value": v, "block": k, "seed": first, "swapped": doc["swapped"]})
            # seeds are made unique per value so the overall pairing stays seed by seed
            tag = (values.index(v) + 1) * 10_000_000
            every += [{**r, "seed": r["seed"] + tag} for r in doc["results"]]
    return {"game": game, "sides": list(sides), "players": players, "games_per_block": games_per_block,
            "blocks": list(seeds), "option": option, "values": values, "cells": cells,
            "overall": swapped_scores(players, every, sides), "thinking": thinking(players, timed, sides),
            "seconds": round(seconds, 3)}


def format_study(doc: dict[str, Any]) -> str:
    """A plain-text report of a study: the side-swapped table of each cell, then overall."""
    names = registry.get(doc["game"]).side_names
    n = doc["games_per_block"]
    lines = [f"side-swapped scores (each pair on both sides with the same seeds; 0.5 = equal strength), "
             f"{n} seed(s) per block, blocks {', '.join(f'{b}..{b + n - 1}' for b in doc['blocks'])}"]
    for c in doc["cells"]:
        where = f"{doc['option']}={c['value']}, " if c["value"] is not None else ""
        lines += ["", f"{where}seeds {c['seed']}..{c['seed'] + n - 1}:"]
        lines += format_swapped(c["swapped"], doc["sides"], names)
    lines += ["", f"overall ({len(doc['cells'])} cells):"] + format_swapped(doc["overall"], doc["sides"], names)
    think = format_thinking(doc.get("thinking") or {}, names)
    if think:
        lines += [""] + think
    return "\n".join(lines)


def format_tournament(doc: dict[str, Any]) -> str:
    """A plain-text table of a tournament document."""
    game = doc.get("game", DEFAULT_GAME)
    first, second = doc.get("sides") or two_sides(game)
    names = registry.get(game).side_names
    a_name, b_name = names.get(first, first), names.get(second, second)
    lines = [f"{doc['total_games']} games, {doc['games_per_pair']} per ordered pair, seeds {doc['seed']}.."
             f"{doc['seed'] + doc['games_per_pair'] - 1}, options {doc['options'] or 'standard'}", ""]
    lines.append(f"{a_name:>14} {b_name:>14} {a_name[:1] + ' win':>6} {'draw':>5} {b_name[:1] + ' win':>6}  "
                 f"{a_name} score 95% CI")
    for p in doc["pairs"]:
        g = p[first]
        lines.append(f"{p[f'{first}_player']:>14} {p[f'{second}_player']:>14} {g['wins']:>6} {g['draws']:>5} {g['losses']:>6}  "
                     f"{g['score']:.2f} [{g['score_ci95'][0]:.2f}, {g['score_ci95'][1]:.2f}]")
    some = next(iter(doc["players_summary"].values()), {}) if doc["players_summary"] else {}
    avgs = [k for k in some.get(f"as_{first}", {}) if k.startswith("avg_")]
    extra = "".join(f" {k[4:] + ' ' + a_name[:1] + '/' + b_name[:1]:>11}" for k in avgs)
    lines += ["", f"{'player':>14} {'rating':>7} {'score':>6} {'as ' + a_name + ' W-D-L':>16} {'as ' + b_name + ' W-D-L':>16}{extra}"]
    for p, s in sorted(doc["players_summary"].items(), key=lambda kv: -kv[1]["rating"]):
        g, v = s[f"as_{first}"], s[f"as_{second}"]
        cols = "".join(f" {g.get(k, 0):>5.1f}/{v.get(k, 0):<5.1f}" for k in avgs)
        lines.append(f"{p:>14} {s['rating']:>7.0f} {s['score']:>6.2f} {g['wins']:>6}-{g['draws']}-{g['losses']:<6} "
                     f"{v['wins']:>6}-{v['draws']}-{v['losses']:<6}{cols}")
    if doc.get("swapped"):
        lines += ["", "side-swapped scores (each pair on both sides with the same seeds; 0.5 = equal strength):"]
        lines += format_swapped(doc["swapped"], (first, second), names)
    think = format_thinking(doc.get("thinking") or {}, names)
    if think:
        lines += [""] + think
    return "\n".join(lines)
