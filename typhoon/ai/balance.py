"""Balance studies for any two-sided game: win / draw / win rates per variant (95% Wilson
intervals), from computer-vs-computer games on fixed seeds (game i uses seed + i).

A *variant* is ``standard`` (the options as given) or ``NAME=VALUE`` of one of the game's
options (its ``option_specs()``), several joined with ``+`` (``a=1+b=x``). ``vary`` crosses the
variants with values of other options (``{"edition": ["2009", "1986"]}``): one cell per
combination, in the order asked.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from ..core.contract import OptionSpec
from ..core.errors import ParseError
from ..games import registry
from .base import DEFAULT_GAME
from .parallel import Job, run_jobs
from .tournament import score_keys, two_sides, wilson

STANDARD = "standard"


def variant_names(game: str = DEFAULT_GAME) -> list[str]:
    """The variants a game offers by name: ``standard`` and every non-default value of its
    choice and true/false options (whole-number options take any ``NAME=VALUE`` in range)."""
    names = [STANDARD]
    for spec in registry.get(game).option_specs():
        if spec.kind == "choice":
            names += [f"{spec.name}={c}" for c in spec.choices if c != spec.default]
        elif spec.kind == "bool":
            names.append(f"{spec.name}={'false' if spec.default else 'true'}")
    return names


def _spec_help(specs: list[OptionSpec]) -> str:
    parts = []
    for s in specs:
        if s.kind == "choice":
            parts.append(f"{s.name}={'|'.join(map(str, s.choices))}")
        elif s.kind == "int":
            parts.append(f"{s.name}={s.minimum}..{s.maximum}")
        else:
            parts.append(f"{s.name}=<{s.kind}>")
    return ", ".join(parts)


def variant_options(game: str, variant: str) -> dict[str, Any]:
    """The options a variant sets, typed as the game's options are; ParseError names a variant
    that is not ``standard`` or ``NAME=VALUE[+NAME=VALUE...]`` of the game's options."""
    if variant == STANDARD:
        return {}
    pkg = registry.get(game)
    specs = pkg.option_specs()
    by_name = {s.name: s for s in specs}
    out: dict[str, Any] = {}
    for part in variant.split("+"):
        name, eq, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not eq or name not in by_name:
            raise ParseError(f"unknown variant {variant!r}; variants are '{STANDARD}' or NAME=VALUE of the options "
                             f"of {game}: {_spec_help(specs)}")
        out[name] = value
    try:
        full = pkg.normalise_options(out)
    except ParseError as e:
        raise ParseError(f"variant {variant!r}: {e}") from None
    return {k: full[k] for k in out}


def option_value(game: str, name: str, value: Any) -> Any:
    """``value`` of the game's option ``name`` typed as the game types it (``"3"`` -> ``3``);
    ParseError names an unknown option or a bad value."""
    pkg = registry.get(game)
    if name not in {s.name for s in pkg.option_specs()}:
        raise ParseError(f"unknown option {name!r} of {game}: {_spec_help(pkg.option_specs())}")
    return pkg.normalise_options({name: value})[name]


def rates(results: list[dict], sides: tuple[str, str]) -> dict[str, Any]:
    """Counts and rates (95% Wilson intervals) of each side's wins and of draws, then the
    average of each of the game's scores and of the number of actions."""
    n = len(results)
    out: dict[str, Any] = {"games": n}
    first, second = sides
    for key, who in ((f"{first}_wins", first), ("draws", None), (f"{second}_wins", second)):
        k = sum(1 for r in results if r["winner"] == who)
        out[key] = k
        out[key.replace("wins", "win_rate").replace("draws", "draw_rate")] = round(k / n, 4) if n else 0.0
        out[key.replace("wins", "win_ci95").replace("draws", "draw_ci95")] = [round(x, 4) for x in wilson(k, n)]
    for side in sides:
        for k in score_keys(results, side):
            out[f"avg_{k}"] = round(sum(r.get(k, 0) for r in results) / n, 3) if n else 0.0
    out["avg_actions"] = round(sum(r["actions"] for r in results) / n, 1) if n else 0.0
    return out


def balance(games: int, variants: list[str] | tuple[str, ...] = (STANDARD,), players: list[str] | None = None,
            options: dict[str, Any] | None = None, seed: int = 0, workers: int | None = None,
            ray_address: str | None = None, progress: bool = False, game: str = DEFAULT_GAME,
            vary: dict[str, list[Any]] | None = None, journal: str | None = None) -> dict[str, Any]:
    """Win rates of ``players`` (one name per side, in the game's side order; default: the
    game's first own player, else ``random``, on both sides) for every ``vary`` combination and
    variant.

    JSON keys (``A``, ``B``: the game's two sides): game, sides, A, B (player names), games (per
    cell), seed, options, vary, cells (list of {<each vary option>, variant, options, games,
    A_wins, draws, B_wins, A_win_rate, draw_rate, B_win_rate, A_win_ci95, draw_ci95,
    B_win_ci95, avg_<each score>, avg_actions}), total_games, seconds. ``journal``: a games file
    that keeps every game as it ends and resumes a stopped run (``parallel.Journal``)."""
    from .base import make_player, own_player

    sides = two_sides(game)
    if games < 1:
        raise ParseError("--games must be at least 1")
    if players is None:
        players = [own_player(game)] * 2
    players = list(players)
    if len(players) != 2:
        raise ParseError(f"a balance study needs one player per side ({', '.join(sides)}), got {players}")
    for p in players:
        make_player(p, game)
    options = dict(options or {})
    vary = {k: [option_value(game, k, x) for x in v] for k, v in (vary or {}).items()}
    chosen = {v: variant_options(game, v) for v in variants}  # unknown variants fail here
    pkg = registry.get(game)
    cells, jobs = [], []
    for values in product(*vary.values()):
        fixed = dict(zip(vary, values))
        for v in variants:
            opts = {**options, **chosen[v], **fixed}
            pkg.normalise_options(opts)  # bad options fail before any game is played
            cells.append((fixed, v, opts))
            jobs.extend(Job(players[0], players[1], opts, seed + i, game) for i in range(games))
    results = run_jobs(jobs, workers, ray_address, progress, desc="balance", journal=journal)
    out_cells = []
    for k, (fixed, v, opts) in enumerate(cells):
        rs = results[k * games:(k + 1) * games]
        out_cells.append({**fixed, "variant": v, "options": opts, **rates(rs, sides)})
    return {"game": game, "sides": list(sides), sides[0]: players[0], sides[1]: players[1], "games": games,
            "seed": seed, "options": options, "vary": vary, "cells": out_cells, "total_games": len(results),
            "seconds": round(sum(r["seconds"] for r in results), 3)}


def format_balance(doc: dict[str, Any]) -> str:
    """A plain-text table of a balance document."""
    game = doc.get("game", DEFAULT_GAME)
    first, second = doc.get("sides") or two_sides(game)
    names = registry.get(game).side_names
    a_name, b_name = names.get(first, first), names.get(second, second)
    vary = list(doc.get("vary") or {})
    lines = [f"{doc[first]} ({a_name}) vs {doc[second]} ({b_name}), {doc['games']} games per cell, "
             f"seeds {doc['seed']}..{doc['seed'] + doc['games'] - 1}", ""]
    head = "".join(f"{k:>9} " for k in vary)
    width = max([12, *(len(c["variant"]) for c in doc["cells"])])
    lines.append(f"{head}{'variant':>{width}} {a_name + ' win':>22} {'draw':>22} {b_name + ' win':>22}")
    for c in doc["cells"]:
        def f(rate, ci):
            return f"{c[rate]:.2f} [{c[ci][0]:.2f}, {c[ci][1]:.2f}]"
        keys = "".join(f"{str(c[k]):>9} " for k in vary)
        lines.append(f"{keys}{c['variant']:>{width}} {f(f'{first}_win_rate', f'{first}_win_ci95'):>22} "
                     f"{f('draw_rate', 'draw_ci95'):>22} {f(f'{second}_win_rate', f'{second}_win_ci95'):>22}")
    return "\n".join(lines)
