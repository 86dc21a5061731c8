"""Static evaluation of a Battle for Moscow position: the German's expected score (win 1, draw
1/2, loss 0), a logistic function of a few features (Moscow, cities, strength, distance to
Moscow, time left), fitted on self-play of the heuristic's population (every style, noise 0 to 2;
``python -m typhoon.games.bfm.ai.evaluate --fit``).
The weights live in ``eval_weights.json`` beside this file, one set per edition; its ``note``
says which population they were fitted on (docs/ai.md, session 11: a refit on today's styles
predicts better but played worse).
"""

from __future__ import annotations

import json
import math
import random
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from ....core.errors import ParseError
from ..state import BfmState
from .heuristic import geo

# beside this module's source: found through the package, since a compiled build of this module
# (scripts/build_compiled.py) would have its ``__file__`` in typhoon/_compiled
WEIGHTS = Path(str(files(__package__) / "eval_weights.json"))
FEATURES = (
    "bias", "moscow_german", "german_cities", "german_sp", "soviet_sp", "dist_moscow", "moscow_guard",
    "t_moscow_german", "t_german_cities", "t_dist_moscow", "t_sp_diff", "time_left",
)


def features(state: BfmState) -> list[float]:
    data = state.data
    g = geo(data.edition)
    to_m = g["to_moscow"]
    gsp = ssp = 0
    dmin = 9
    guard = 0.0
    for u, h in state.hex_of.items():
        s = state.strength(u)
        if data.units[u].side == "german":
            gsp += s
            dmin = min(dmin, to_m[h])
        else:
            ssp += s
            if to_m[h] <= 1:
                guard += s * (2 if h == data.moscow else 1)
    # time left in turns, counting the phases of the current turn (4.0)
    phase_frac = data.phase_index[state.phase] / len(data.sequence)
    t = max(0.0, (data.last_turn - state.turn + 1 - phase_frac)) / data.last_turn
    mg = 1.0 if state.control.get(data.moscow) == "german" else 0.0
    gc = sum(1 for c in state.control.values() if c == "german") / 11
    near = 1.0 - t  # features that matter more as the end nears
    return [1.0, mg, gc, gsp / 100, ssp / 100, dmin / 10, guard / 20,
            mg * near, gc * near, dmin / 10 * near, (gsp - ssp) / 100 * near, t]


@cache
def weights(edition: str) -> tuple[float, ...]:
    """The fitted weights of ``edition``; a clear error, never other weights, if the file lacks
    them (a silent fallback once hid that a compiled build could not find the file)."""
    refit = "python -m typhoon.games.bfm.ai.evaluate --fit --games 300"
    try:
        doc = json.loads(WEIGHTS.read_text())
    except (OSError, ValueError) as e:
        raise RuntimeError(f"cannot read the evaluation weights {WEIGHTS}: {e} (write them with {refit})") from None
    if list(doc.get("features", ())) != list(FEATURES) or edition not in doc:
        raise RuntimeError(f"{WEIGHTS} has no weights of edition {edition!r} for the features {list(FEATURES)} "
                           f"(write them with {refit})")
    return tuple(doc[edition])


def german_value(state: BfmState) -> float:
    """The German's expected score in ``state`` (0..1); exact when the game is over."""
    if state.finished:
        w = state.outcome.winner
        return 1.0 if w == "german" else (0.5 if w is None else 0.0)
    z = sum(a * b for a, b in zip(weights(state.data.edition), features(state)))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(state: BfmState, side: str) -> float:
    """``side``'s expected score in ``state`` (0..1; win 1, draw 1/2): the package's
    ``evaluate`` (typhoon.core.contract), the search players' leaf value."""
    v = german_value(state)
    if side == "german":
        return v
    if side == "soviet":
        return 1.0 - v
    raise ParseError(f"unknown side {side!r}; sides: ['german', 'soviet']")


# -- fitting ------------------------------------------------------------------------------------
def _samples(edition: str, games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    from ....core.game import Game
    from .. import RULES
    from .heuristic import STYLES, HeuristicPlayer

    xs, ys = [], []
    rng = random.Random(seed)
    for i in range(games):
        game = Game(RULES, {"edition": edition}, seed + i, keep_history=False)
        # a population of players (every style, several noise levels), not one fixed pairing
        styles = sorted(STYLES)
        players = {side: HeuristicPlayer(seed=2 * i + k + 1, noise=rng.choice([0.0, 0.5, 1.0, 2.0]), style=rng.choice(styles))
                   for k, side in enumerate(("german", "soviet"))}
        rows = []
        last = None
        while not game.is_over():
            key = (game.state.turn, game.state.phase)
            if key != last:
                rows.append(features(game.state))
                last = key
            if game.is_chance():
                game.roll()
            else:
                game.push(players[game.current_player].choose(game), validate=False)
        w = game.outcome().winner
        y = 1.0 if w == "german" else (0.5 if w is None else 0.0)
        xs += rows
        ys += [y] * len(rows)
    return xs, ys


def fit(edition: str, games: int = 400, seed: int = 10_000, l2: float = 1e-3) -> list[float]:
    """Logistic regression (cross-entropy, Newton steps) of the final score on the features."""
    import numpy as np

    xs, ys = _samples(edition, games, seed)
    X, y = np.array(xs), np.array(ys)
    w = np.zeros(X.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-X @ w))
        grad = X.T @ (p - y) / len(y) + l2 * w
        H = (X * (p * (1 - p))[:, None]).T @ X / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(H, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return [round(float(v), 4) for v in w]


if __name__ == "__main__":  # pragma: no cover - a maintenance script
    import sys

    if "--fit" in sys.argv:
        n = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 400
        doc = {"features": list(FEATURES), "note": f"fitted by python -m typhoon.games.bfm.ai.evaluate --fit --games {n}"}
        for ed in ("2009", "1986"):
            doc[ed] = fit(ed, n)
            print(ed, dict(zip(FEATURES, doc[ed])))
        WEIGHTS.write_text(json.dumps(doc, indent=1) + "\n")
