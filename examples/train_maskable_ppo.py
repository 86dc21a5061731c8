"""A masked policy-gradient baseline: sb3-contrib's MaskablePPO (CPU torch, the optional extra
``.[rl]``) on a Typhoon game through the Gymnasium environment, with its learning curve.

    python examples/train_maskable_ppo.py --game bfm --side german --steps 20000 \
        --out typhoon/research/models/bfm_german_ppo.zip --curve artifacts/ppo_curve.csv

Every ``--eval-every`` learner steps the policy (masked; deterministic, or sampled with
``--eval-sample``) plays ``--eval-games`` games against "random" and against the game's
"heuristic" player (or the first computer player the game offers). The curve file gets, per
opponent, the score (wins + draws/2) with its 95% Wilson interval and the learner's share of the
victory points at the end (its view's ``score``; a continuous measure that moves before wins do)
with a 95% normal interval. The same evaluation of a uniformly random masked policy is the
reference row (``--steps 0 --random-policy``). The small MLP keeps training to minutes of one core.
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


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean of ``values`` and its 95% normal interval (mean +- z standard errors)."""
    v = np.asarray(values, dtype=float)
    if len(v) == 0:
        return 0.0, 0.0, 0.0
    m = float(v.mean())
    h = z * float(v.std(ddof=1)) / np.sqrt(len(v)) if len(v) > 1 else 0.0
    return m, m - h, m + h


def vp_share(env, side: str) -> float:
    """The learner's share of the victory points of its view at the end of a game."""
    score = env.pkg.view(env.game.state, side).get("score") or {}
    total = sum(float(x) for x in score.values())
    return float(score.get(side, 0.0)) / total if total else 0.0


def evaluate(model, game: str, side: str, opponent: str, games: int, seed: int = 10_000,
             deterministic: bool = True) -> tuple[float, int, list[float]]:
    """Score (wins + draws/2) of the masked policy over ``games`` games, and the learner's
    share of the victory points at the end of each game. ``model`` None: uniformly random
    masked play (the reference)."""
    from typhoon.research.gym_env import TyphoonEnv

    env = TyphoonEnv(game=game, side=side, opponent=opponent)
    rng = np.random.default_rng(seed)
    score, shares = 0.0, []
    for i in range(games):
        obs, info = env.reset(seed=seed + i)
        done = False
        while not done:
            mask = env.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action, _ = model.predict(obs, action_masks=mask, deterministic=deterministic)
            obs, r, term, trunc, info = env.step(int(action))
            done = term or trunc
        winner = info.get("winner")
        score += 1.0 if winner == side else (0.5 if winner is None and term else 0.0)
        shares.append(vp_share(env, side))
    return score, games, shares


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
    ap.add_argument("--eval-sample", action="store_true", help="evaluate the sampled policy, not the argmax")
    ap.add_argument("--random-policy", action="store_true", help="evaluate uniformly random masked play only")
    ap.add_argument("--n-steps", type=int, default=1024, help="PPO rollout length (per game with --envs)")
    ap.add_argument("--envs", type=int, default=1,
                    help="games stepped together (typhoon.research.sb3: the vectorised environment)")
    ap.add_argument("--processes", type=int, default=1, help="worker processes for --envs")
    a = ap.parse_args()

    import torch
    from sb3_contrib import MaskablePPO

    from typhoon.games import registry
    from typhoon.research.gym_env import TyphoonEnv

    torch.set_num_threads(1)
    side = a.side or registry.get(a.game).sides[0]
    rewards = json.loads(a.rewards) if a.rewards.strip().startswith("{") else a.rewards
    if a.envs > 1:
        from typhoon.research.sb3 import sb3_vec_env

        env = sb3_vec_env(a.game, a.envs, processes=a.processes, side=side, opponent=a.opponent, rewards=rewards)
    else:
        env = TyphoonEnv(game=a.game, side=side, opponent=a.opponent, rewards=rewards)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=a.n_steps, batch_size=256, n_epochs=4, learning_rate=3e-4, gamma=0.995,
        policy_kwargs={"net_arch": [int(x) for x in a.net.split(",")]}, seed=a.seed, verbose=0, device="cpu",
    )
    strong = strong_opponent(a.game)
    rows = []

    def record(steps: int, seconds: float) -> None:
        row = {"steps": steps, "seconds": round(seconds, 1)}
        for opp in ("random", strong):
            policy = None if a.random_policy else model
            score, n, shares = evaluate(policy, a.game, side, opp, a.eval_games, deterministic=not a.eval_sample)
            lo, hi = wilson(score, n)
            row[f"vs_{opp}"] = round(score / n, 3)
            row[f"vs_{opp}_ci"] = f"{lo:.2f}-{hi:.2f}"
            m, mlo, mhi = mean_interval(shares)
            row[f"vp_{opp}"] = round(m, 3)
            row[f"vp_{opp}_ci"] = f"{mlo:.2f}-{mhi:.2f}"
        rows.append(row)
        print(row, flush=True)

    record(0, 0.0)
    done, train_cpu = 0, 0.0  # CPU seconds of training only (evaluations not counted)
    while done < a.steps:
        chunk = min(a.eval_every, a.steps - done)
        t0 = time.process_time()
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        train_cpu += time.process_time() - t0
        done += chunk
        record(done, train_cpu)
        write_curve(a.curve, rows)  # kept as it grows: a long run stopped early still has its curve
        save(model, a.out)
    write_curve(a.curve, rows)


def save(model, path: str | None) -> None:
    """Save the policy (after every evaluation: a long run stopped early keeps its last model).
    The optimizer's state is not needed to play and would triple the file: a fresh one is saved,
    and the training one put back."""
    if not path:
        return
    trained = model.policy.optimizer
    model.policy.optimizer = type(trained)(model.policy.parameters(), lr=3e-4)
    model.save(path)
    model.policy.optimizer = trained
    print(f"saved {path}", flush=True)


def write_curve(path: str | None, rows: list[dict]) -> None:
    """The learning curve as CSV (one row per evaluation)."""
    if path and rows:
        with open(path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)


if __name__ == "__main__":
    main()
