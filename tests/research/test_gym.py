"""Battle for Moscow as a single-agent Gymnasium environment (TyphoonBfm-v0)."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from typhoon.core.errors import IllegalActionError, ParseError  # noqa: E402
from typhoon.games import registry  # noqa: E402
from typhoon.research import gym_env  # noqa: E402, F401 (registers TyphoonBfm-v0)

pytestmark = [pytest.mark.research, pytest.mark.filterwarnings("ignore::UserWarning")]
ENC = registry.get("bfm").encoding()


@pytest.mark.parametrize("side", ["german", "soviet"])
def test_gymnasium_check_env(side):
    check_env(gym.make("TyphoonBfm-v0", side=side).unwrapped, skip_render_check=False)


def run_episode(env, seed, shape=ENC.observation_shape):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps, done = 0.0, 0, False
    while not done:
        mask = env.unwrapped.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.sum() >= 1
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert obs.shape == shape
        total += r
        steps += 1
        done = term or trunc
    return total, steps, info


def test_masked_random_episode_ends_with_plus_or_minus_one():
    env = gym.make("TyphoonBfm-v0", side="soviet", opponent="random")
    total, steps, info = run_episode(env, 3)
    assert steps > 50
    assert total == {None: 0.0, "soviet": 1.0, "german": -1.0}[info["winner"]]


def test_heuristic_opponent_and_same_seed_same_episode():
    a = gym.make("TyphoonBfm-v0", side="german", opponent="heuristic")
    b = gym.make("TyphoonBfm-v0", side="german", opponent="heuristic")
    ra, rb = run_episode(a, 5), run_episode(b, 5)
    assert ra[:2] == rb[:2]
    assert a.unwrapped.game.action_texts() == b.unwrapped.game.action_texts()


def test_illegal_action_penalty_by_default_and_raise_on_request():
    env = gym.make("TyphoonBfm-v0").unwrapped
    env.reset(seed=0)
    before = env.game.action_texts()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    obs, r, term, trunc, info = env.step(illegal)
    assert (r, term, trunc) == (-0.01, False, False)
    assert "not legal now" in info["illegal"]
    assert env.game.action_texts() == before
    strict = gym.make("TyphoonBfm-v0", illegal="raise").unwrapped
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match=f"action {illegal}: .*not legal now"):
        strict.step(illegal)


def test_shaping_rewards_city_changes():
    env = gym.make("TyphoonBfm-v0", side="german", opponent="random", shaping=1.0).unwrapped
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    rewards = []
    while not env.game.is_over():
        _, r, *_ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        rewards.append(r)
    assert any(0 < abs(r) < 1 for r in rewards)


def test_bad_arguments():
    with pytest.raises(ValueError, match="side must be"):
        gym.make("TyphoonBfm-v0", side="finnish")
    with pytest.raises(ParseError, match="unknown player"):
        gym.make("TyphoonBfm-v0", opponent="nobody")
    with pytest.raises(ParseError, match="edition"):
        gym.make("TyphoonBfm-v0", options={"edition": "1999"})


def test_render_modes():
    env = gym.make("TyphoonBfm-v0", render_mode="ansi").unwrapped
    env.reset(seed=1)
    assert env.render().startswith("Turn 1 of 7")
    pytest.importorskip("matplotlib")
    env = gym.make("TyphoonBfm-v0", render_mode="rgb_array").unwrapped
    env.reset(seed=1)
    picture = env.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert picture.shape[0] > 200 and picture.std() > 0
    with pytest.raises(ValueError, match="render_mode must be one of"):
        gym_env.TyphoonEnv(render_mode="svg")


# -- Typhoon Mini (hidden information) ----------------------------------------------------------
@pytest.mark.parametrize("side", ["blue", "red"])
def test_mini_gymnasium_check_env(side):
    check_env(gym.make("TyphoonMini-v0", side=side).unwrapped, skip_render_check=False)


def test_mini_episode_and_ids():
    assert gym_env.ENV_IDS["mini"] == "TyphoonMini-v0" and gym_env.ENV_IDS["bfm"] == "TyphoonBfm-v0"
    env = gym.make("TyphoonMini-v0", side="red", opponent="random")
    assert env.unwrapped.side == "red"
    total, steps, info = run_episode(env, 2, gym.make("TyphoonMini-v0").unwrapped.encoding.observation_shape)
    assert steps > 10
    assert total == {None: 0.0, "red": 1.0, "blue": -1.0}[info["winner"]]
    with pytest.raises(ValueError, match="side must be 'blue' or 'red', not 'german'"):
        gym.make("TyphoonMini-v0", side="german")
