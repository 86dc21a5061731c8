"""Static evaluation of a Battle for Moscow position: the German's expected score (win 1, draw
1/2, loss 0), a logistic function of features of the position (Moscow, cities, strength, the
strength of each side at each distance from Moscow, time and mud left), fitted on self-play of
the heuristic's population (every style, noise 0 to 2;
``python -m typhoon.games.bfm.ai.evaluate --fit --games 4000``).
The weights live in ``eval_weights.json`` beside this file, one set per edition; its ``note``
says which population they were fitted on (docs/ai.md, session 11: a refit of the first twelve
features on today's styles predicted better but played worse; session 40: the thirteen features
after them, fitted on 4000 games an edition, predict better and the Soviet's search won more;
sessions 55 and 56: refits on later styles predicted better and did not play better, one of
them lost nine 1986 Soviet games of 50). So a refit is played before it ships: fit into a file of
its own (``--fit --out FILE``), then play it paired with the shipped weights
(``bench/bench_level_variant.py --weights FILE``).
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
    # session 40: where each side's strength stands around Moscow, the units left, the mud to come
    "german_sp_1_2", "german_sp_3", "soviet_sp_moscow", "soviet_sp_1", "soviet_sp_2_3", "soviet_units",
    "german_units", "mud_left", "log_ratio", "t_log_ratio", "t_soviet_sp_moscow", "t_german_sp_1_2",
    "mud_log_ratio",
)


def features(state: BfmState) -> list[float]:
    data = state.data
    g = geo(data.edition)
    to_m = g["to_moscow"]
    gsp = ssp = 0
    dmin = 9
    guard = 0.0
    german_at = [0, 0, 0, 0]  # German strength at distance 1..3 from Moscow (in Moscow: ``mg``)
    soviet_at = [0, 0, 0, 0]  # Soviet strength at distance 0..3
    german_units = soviet_units = 0
    for u, h in state.hex_of.items():
        s = state.strength(u)
        d = to_m[h]
        if data.units[u].side == "german":
            gsp += s
            dmin = min(dmin, d)
            german_units += 1
            if 0 < d <= 3:
                german_at[d] += s
        else:
            ssp += s
            soviet_units += 1
            if d <= 1:
                guard += s * (2 if h == data.moscow else 1)
            if d <= 3:
                soviet_at[d] += s
    # time left in turns, counting the phases of the current turn (4.0)
    phase_frac = data.phase_index[state.phase] / len(data.sequence)
    t = max(0.0, (data.last_turn - state.turn + 1 - phase_frac)) / data.last_turn
    mg = 1.0 if state.control.get(data.moscow) == "german" else 0.0
    gc = sum(1 for c in state.control.values() if c == "german") / 11
    near = 1.0 - t  # features that matter more as the end nears
    mud = sum(1 for turn in range(state.turn, data.last_turn + 1) if data.mud(turn)) / 3  # 12.0: mud turns to come
    g12 = (german_at[1] + german_at[2]) / 30
    s0 = soviet_at[0] / 10
    # the German strength that can reach Moscow's hexsides against the Soviet strength there (9.1)
    ratio = math.log((german_at[1] + german_at[2] + 1) / (soviet_at[0] + soviet_at[1] + 1))
    return [1.0, mg, gc, gsp / 100, ssp / 100, dmin / 10, guard / 20,
            mg * near, gc * near, dmin / 10 * near, (gsp - ssp) / 100 * near, t,
            g12, german_at[3] / 30, s0, soviet_at[1] / 20, (soviet_at[2] + soviet_at[3]) / 30, soviet_units / 20,
            german_units / 20, mud, ratio, ratio * near, s0 * near, g12 * near, ratio * mud]


@cache
def weights(edition: str) -> tuple[float, ...]:
    """The fitted weights of ``edition``; a clear error, never other weights, if the file lacks
    them (a silent fallback once hid that a compiled build could not find the file)."""
    refit = "python -m typhoon.games.bfm.ai.evaluate --fit --games 4000"
    try:
        doc = json.loads(WEIGHTS.read_text())
    except (OSError, ValueError) as e:
        raise RuntimeError(f"cannot read the evaluation weights {WEIGHTS}: {e} (write them with {refit})") from None
    if not isinstance(doc, dict) or list(doc.get("features", ())) != list(FEATURES):
        named = doc.get("features") if isinstance(doc, dict) else None
        raise RuntimeError(f"{WEIGHTS} names the features {named}, not the evaluation's {list(FEATURES)} "
                           f"(write them with {refit})")
    if edition not in doc:
        raise RuntimeError(f"{WEIGHTS} has no weights of edition {edition!r} (write them with {refit})")
    w = doc[edition]
    if (not isinstance(w, list) or len(w) != len(FEATURES)
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in w)):
        raise RuntimeError(f"{WEIGHTS}: the weights of edition {edition!r} are not {len(FEATURES)} finite numbers, "
                           f"one for each of the features {list(FEATURES)} (write them with {refit})")
    return tuple(w)


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
    """The features of the position at each phase of ``games`` self-play games of the
    heuristic's population (game ``i``: seed ``seed + i``, a style and a noise drawn for each side
    with its own generator), each labelled with the game's final German score."""
    from ....core.game import Game
    from .. import RULES
    from .heuristic import STYLES, HeuristicPlayer

    xs, ys = [], []
    styles = sorted(STYLES)
    for i in range(games):
        rng = random.Random(seed * 7 + i)
        game = Game(RULES, {"edition": edition}, seed + i, keep_history=False)
        # a population of players (every style, several noise levels), not one fixed pairing
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


def fit(edition: str, games: int = 4000, seed: int = 300_000, l2: float = 1e-3) -> list[float]:
    """Logistic regression (cross-entropy, Newton steps, an L2 penalty on the standardised
    features) of the final score on the features; the weights of the features as they are."""
    import numpy as np

    xs, ys = _samples(edition, games, seed)
    X, y = np.array(xs), np.array(ys)
    mu, sd = X.mean(0), X.std(0)
    sd[sd == 0] = 1.0
    mu[0], sd[0] = 0.0, 1.0  # the bias stays as it is
    Z = (X - mu) / sd
    w = np.zeros(Z.shape[1])
    for _ in range(60):
        p = 1 / (1 + np.exp(-Z @ w))
        grad = Z.T @ (p - y) / len(y) + l2 * w
        H = (Z * (p * (1 - p))[:, None]).T @ Z / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(H, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    raw = w / sd
    raw[0] = w[0] - float((w[1:] * mu[1:] / sd[1:]).sum())
    return [float(v) for v in raw]


def main(argv: list[str] | None = None) -> None:
    """The maintenance command: ``--fit`` the weights on self-play of the heuristic's population."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m typhoon.games.bfm.ai.evaluate",
                                 description="Fit Battle for Moscow's leaf evaluation on self-play of the heuristic's population.")
    ap.add_argument("--fit", action="store_true", required=True, help="fit the weights of both editions")
    ap.add_argument("--games", type=int, default=4000, help="self-play games an edition (default 4000)")
    ap.add_argument("--out", type=Path, default=WEIGHTS,
                    help="where to write them (default: the shipped file; play a refit before it ships: "
                         "bench/bench_level_variant.py --weights FILE)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error(f"--games {args.games}: at least one game")
    if not args.out.parent.is_dir():  # before the minutes of self-play, not after
        ap.error(f"--out {args.out}: no folder {args.out.parent}")
    doc: dict[str, Any] = {"features": list(FEATURES),
                           "note": f"fitted by python -m typhoon.games.bfm.ai.evaluate --fit --games {args.games}"}
    for ed in ("2009", "1986"):
        doc[ed] = fit(ed, args.games)
        print(ed, dict(zip(FEATURES, doc[ed])))
    try:
        args.out.write_text(json.dumps(doc, indent=1) + "\n")
    except OSError as e:
        ap.error(f"--out {args.out}: {e}")
    print(f"wrote {args.out}")


if __name__ == "__main__":  # pragma: no cover - a maintenance script
    main()
