"""The vectorised environment through Stable-Baselines3's VecEnv (typhoon.research.sb3): the
conventions SB3 and MaskablePPO rely on (extra ``.[rl]``)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from typhoon.research.sb3 import sb3_vec_env  # noqa: E402

pytestmark = [pytest.mark.research, pytest.mark.filterwarnings("ignore::UserWarning")]


def test_sb3_conventions_terminal_observation_and_time_limit():
    env = sb3_vec_env("mini", num_envs=2, max_steps=5)
    env.seed(4)
    obs = env.reset()
    assert obs.shape == (2, *env.observation_space.shape)
    rng = np.random.default_rng(0)
    for t in range(5):
        masks = np.stack(env.env_method("action_masks"))
        env.step_async(np.array([int(rng.choice(np.flatnonzero(m))) for m in masks]))
        obs, rewards, dones, infos = env.step_wait()
    # the fifth learner step reaches the step limit: both games are cut, not ended by the rules
    assert list(dones) == [True, True]
    assert all(i["TimeLimit.truncated"] for i in infos)
    assert all(i["terminal_observation"].shape == env.observation_space.shape for i in infos)
    env.close()


def test_maskable_ppo_trains_on_the_vector_env():
    from sb3_contrib import MaskablePPO

    env = sb3_vec_env("mini", num_envs=2, side="blue", rewards="score")
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=32, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net_arch": [16]})
    model.learn(total_timesteps=64)
    assert model.num_timesteps == 64
    env.close()
