"""A small tournament: OpenSpiel's MCTSBot against Typhoon's strongest computer player.

A raw comparison at a fixed number of simulations *per single action* (one unit's move):
``search-hard`` compares 9 candidate plans of a whole phase with 8 playouts each on average
(successive halving), to the end of the game. MCTSBot gets ``--simulations`` per decision;
with ``--evaluator truncated`` (default) each simulation's leaf is valued by one uniformly
random playout of ``--horizon`` phase changes and the game's static evaluation; with
``--evaluator random`` OpenSpiel's stock ``RandomRolloutEvaluator`` plays to the end. At 80
simulations per unit action MCTS is close to random play: for a comparison at a budget
comparable *per phase*, with the side-swapped score and intervals, use the registered player
``openspiel-mcts`` (typhoon/ai/baselines/openspiel_mcts.py) in ``typhoon tournament`` or
``bench/bench_ai.py --study`` (docs/ai.md). In a game with hidden information MCTS here
searches the true state (it sees everything) while the Typhoon player gets
``game.observed(its side)``.

    python examples/openspiel_mcts_vs_typhoon.py --games-per-side 2 --jobs 2
    python examples/openspiel_mcts_vs_typhoon.py --game mini --options turns=4 --simulations 40
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import Pool

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from typhoon.ai.base import make_player, player_names
from typhoon.research import openspiel_game  # registers python_typhoon_<game> for every game
from typhoon.research.openspiel_bots import TruncatedRolloutEvaluator


def play(job: tuple) -> dict:
    """One game: ``mcts_side`` is played by MCTSBot, the other side by the Typhoon player."""
    game_name, mcts_side, seed, sims, horizon, evaluator_name, typhoon_name, options = job
    game = pyspiel.load_game(openspiel_game.short_name(game_name), options)
    rs = np.random.RandomState(seed)
    if evaluator_name == "random":
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    else:
        evaluator = TruncatedRolloutEvaluator(horizon, seed)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=sims, evaluator=evaluator, random_state=rs, solve=False)
    ours = make_player(typhoon_name, game=game_name, seed=seed)
    state = game.new_initial_state()
    dice = random.Random(seed)
    times = {"mcts": 0.0, "typhoon": 0.0}
    decisions = {"mcts": 0, "typhoon": 0}
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            action = dice.choices(actions, weights=probs)[0]
        else:
            side = game.players[state.current_player()]
            who = "mcts" if side == mcts_side else "typhoon"
            t0 = time.perf_counter()
            if who == "mcts":
                action = bot.step(state)
            else:  # the Typhoon player reads the game as its side may know it
                g = state.typhoon_game()
                seen = g if g.perfect_information else g.observed(side, keep_history=False)
                action = game.encoding.encode(g.state, ours.choose(seen))
            times[who] += time.perf_counter() - t0
            decisions[who] += 1
        state.apply_action(action)
    out = state.typhoon_game().outcome()
    return {
        "mcts_side": mcts_side, "seed": seed, "winner": out.winner,
        "mcts_result": "draw" if out.winner is None else ("win" if out.winner == mcts_side else "loss"),
        "scores": dict(out.scores),
        "mcts_seconds_per_decision": times["mcts"] / max(1, decisions["mcts"]),
        "typhoon_seconds_per_decision": times["typhoon"] / max(1, decisions["typhoon"]),
        "decisions": decisions,
    }


def parse_options(pairs: list[str]) -> dict:
    """``name=value`` pairs; numbers become ints (OpenSpiel parameters)."""
    out = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        out[name] = int(value) if value.lstrip("-").isdigit() else {"true": True, "false": False}.get(value, value)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bfm", choices=sorted(openspiel_game.REGISTERED.values()))
    ap.add_argument("--games-per-side", type=int, default=1)
    ap.add_argument("--simulations", type=int, default=80, help="MCTS simulations per decision (search-hard: 10 x 8)")
    ap.add_argument("--horizon", type=int, default=8, help="phase changes per truncated playout (search-hard: 8)")
    ap.add_argument("--evaluator", choices=["truncated", "random"], default="truncated")
    ap.add_argument("--typhoon", default=None, help="Typhoon player (default: search-hard if registered, else random)")
    ap.add_argument("--options", nargs="*", default=[], help="game options as name=value (e.g. edition=2009)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    name = args.typhoon or ("search-hard" if "search-hard" in player_names(args.game) else "random")
    options = parse_options(args.options)
    sides = pyspiel.load_game(openspiel_game.short_name(args.game), options).players
    jobs = [(args.game, side, args.seed + i, args.simulations, args.horizon, args.evaluator, name, options)
            for i in range(args.games_per_side) for side in sides]
    t0 = time.perf_counter()
    results = []
    with Pool(args.jobs) as pool:
        for r in pool.imap_unordered(play, jobs):  # report each game as it ends
            results.append(r)
            print(f"game done: MCTS as {r['mcts_side']}, seed {r['seed']}: MCTS {r['mcts_result']} "
                  f"({time.perf_counter() - t0:.0f} s)", flush=True)
    results.sort(key=lambda r: (r["mcts_side"], r["seed"]))
    print(f"MCTSBot ({args.simulations} simulations/decision, {args.evaluator} evaluator, horizon {args.horizon}) "
          f"vs {name}; {args.game} {options or ''}; {time.perf_counter() - t0:.0f} s")
    print(f"{'MCTS side':<10} {'seed':>4} {'winner':<7} {'MCTS':<5} {'MCTS s/dec':>10} {'ours s/dec':>10} "
          f"{'decisions (MCTS/ours)':>22}  scores")
    for r in results:
        scores = ", ".join(f"{k} {v:g}" for k, v in r["scores"].items())
        print(f"{r['mcts_side']:<10} {r['seed']:>4} {str(r['winner']):<7} {r['mcts_result']:<5} "
              f"{r['mcts_seconds_per_decision']:>10.3f} {r['typhoon_seconds_per_decision']:>10.3f} "
              f"{r['decisions']['mcts']:>11}/{r['decisions']['typhoon']:<10}  {scores}")
    for side in sides:
        rs = [r for r in results if r["mcts_side"] == side]
        w = sum(r["mcts_result"] == "win" for r in rs)
        d = sum(r["mcts_result"] == "draw" for r in rs)
        print(f"MCTS as {side}: {w} win(s), {d} draw(s), {len(rs) - w - d} loss(es) of {len(rs)}")


if __name__ == "__main__":
    main()
