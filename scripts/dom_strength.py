"""Drive on Moscow: a computer player against random play, both sides, same seeds.

    .venv/bin/python scripts/dom_strength.py --games 20 --player greedy
    .venv/bin/python scripts/dom_strength.py --games 20 --side german --start 100
    .venv/bin/python scripts/dom_strength.py --games 10 --side german --opponent greedy

For each side the player takes that side against ``random`` (or ``--opponent``) on the other, game ``i`` using
seed ``start + i`` for the dice and the random player (the same seeds for both sides). Prints
one JSON line per game and a summary with wins, win rate and the 95% Wilson interval per side
(issue 11: at least 90% of games against random). Players see ``game.observed(side)`` only.
DoM has one scenario (the campaign, L1622-1623), so "each scenario" is this one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from typhoon.ai.tournament import wilson  # noqa: E402
from typhoon.core.game import Game  # noqa: E402
from typhoon.games import registry  # noqa: E402


def play(player: str, side: str, seed: int, max_plies: int = 20000, opponent: str = "random") -> dict:
    """One game: ``player`` as ``side``, ``opponent`` on the other side, seed ``seed``."""
    pkg = registry.get("dom")
    g = Game(pkg.rules, {}, seed, keep_history=False)
    factories = pkg.players()
    players = {s: factories[player if s == side else opponent](seed=seed) for s in pkg.sides}
    t0 = time.process_time()
    plies = 0
    while not g.is_over() and plies < max_plies:
        if g.is_chance():
            g.roll()
            continue
        s = g.current_player
        g.push(players[s].choose(g.observed(s, keep_history=False)), validate=True)
        plies += 1
    o = g.outcome() if callable(g.outcome) else g.outcome
    return {"seed": seed, "player": player, "side": side, "opponent": opponent, "winner": o.winner if o else None,
            "reason": o.reason if o else "ply limit", "turn": g.state.turn, "plies": plies,
            "cpu_s": round(time.process_time() - t0, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10, help="games per side")
    ap.add_argument("--start", type=int, default=0, help="first seed")
    ap.add_argument("--player", default="greedy")
    ap.add_argument("--side", choices=("german", "soviet", "both"), default="both")
    ap.add_argument("--opponent", default="random", help="the player on the other side")
    a = ap.parse_args(argv)
    sides = ("german", "soviet") if a.side == "both" else (a.side,)
    summary = {}
    for side in sides:
        wins = 0
        for i in range(a.games):
            r = play(a.player, side, a.start + i, opponent=a.opponent)
            wins += r["winner"] == side
            print(json.dumps(r), flush=True)
        lo, hi = wilson(wins, a.games)
        summary[side] = {"games": a.games, "wins": wins, "rate": round(wins / max(1, a.games), 3),
                         "ci95": [round(lo, 3), round(hi, 3)]}
    print(json.dumps({"summary": summary, "player": a.player, "opponent": a.opponent, "seeds": [a.start, a.start + a.games - 1]}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
