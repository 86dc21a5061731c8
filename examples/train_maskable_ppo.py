"""A masked policy-gradient baseline: sb3-contrib's MaskablePPO (CPU torch, the optional extra
``.[rl]``) on a Typhoon game through the Gymnasium environment, with its learning curve.

    python examples/train_maskable_ppo.py --game bfm --side german --steps 20000 \
        --out typhoon/research/models/bfm_german_ppo.zip --curve artifacts/ppo_curve.csv

Every ``--eval-every`` learner steps the policy (deterministic, masked) plays ``--eval-games``
games against "random" and against the game's "heuristic" player (or the first computer player
the game offers), and the win rates with 95% Wilson intervals are printed and written to the
curve file. The small MLP (two layers of 64) keeps training to a few minutes of one core.
"""

from __future__ import annotations

import argparse
import csv
import json
import time

import numpy as np


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (draws count half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def evaluate(model, game: str, side: str, opponent: str, games: int, seed: int = 10_000) -> tuple[float, int]:
    """Score (wins + draws/2) of the masked deterministic policy over ``games`` games."""
    from typhoon.research.gym_env import TyphoonEnv

    env = TyphoonEnv(game=game, side=side, opponent=opponent)
    score = 0.0
    for i in range(games):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, r, term, trunc, info = env.step(int(action))
            done = term or trunc
        winner = info.get("winner")
        score += 1.0 if winner == side else (0.5 if winner is None and term else 0.0)
    return score, games


def strong_opponent(game: str) -> str:
    from typhoon.games import registry

    names = list(registry.get(game).players())
    return "heuristic" if "heuristic" in names else (names[0] if names else "random")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="bfm")
    ap.add_argument("--side", default=None)
    ap.add_argument("--opponent", default="random", help="the training opponent")
    ap.add_argument("--steps", type=int, default=20_000)
    ap.add_argument("--eval-every", type=int, default=5_000)
    ap.add_argument("--eval-games", type=int, default=20)
    ap.add_argument("--rewards", default='{"terminal": 1, "share": 1, "losses": 1}',
                    help="a term (terminal, share, score, losses: terminal + that term) or a JSON object of weights")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--net", default="16,16", help="hidden layer sizes of the MLP (policy and value each)")
    ap.add_argument("--out", default=None, help="where to save the model (.zip)")
    ap.add_argument("--curve", default=None, help="CSV of the learning curve")
    a = ap.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    from typhoon.games import registry
    from typhoon.research.gym_env import TyphoonEnv

    torch.set_num_threads(1)
    side = a.side or registry.get(a.game).sides[0]
    rewards = json.loads(a.rewards) if a.rewards.strip().startswith("{") else a.rewards
    env = TyphoonEnv(game=a.game, side=side, opponent=a.opponent, rewards=rewards)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=1024, batch_size=256, n_epochs=4, learning_rate=3e-4, gamma=0.995,
        policy_kwargs={"net_arch": [int(x) for x in a.net.split(",")]}, seed=a.seed, verbose=0, device="cpu",
    )
    strong = strong_opponent(a.game)
    rows = []

    def record(steps: int, seconds: float) -> None:
        row = {"steps": steps, "seconds": round(seconds, 1)}
        for opp in ("random", strong):
            score, n = evaluate(model, a.game, side, opp, a.eval_games)
            lo, hi = wilson(score, n)
            row[f"vs_{opp}"] = round(score / n, 3)
            row[f"vs_{opp}_ci"] = f"{lo:.2f}-{hi:.2f}"
        rows.append(row)
        print(row, flush=True)

    t0 = time.process_time()
    record(0, 0.0)
    done = 0
    while done < a.steps:
        chunk = min(a.eval_every, a.steps - done)
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        done += chunk
        record(done, time.process_time() - t0)
    if a.out:
        # the optimizer's state is not needed to play and would triple the file: saved fresh
        model.policy.optimizer = type(model.policy.optimizer)(model.policy.parameters(), lr=3e-4)
        model.save(a.out)
        print(f"saved {a.out}")
    if a.curve:
        with open(a.curve, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)


if __name__ == "__main__":
    main()
