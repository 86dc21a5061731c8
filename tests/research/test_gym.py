"""Battle for Moscow as a single-agent Gymnasium environment (TyphoonBfm-v0)."""

from __future__ import annotations

import numpy as np
import pytest


def games_with_encoding() -> list[str]:
    # The ecosystems' suites run here on the games whose random games take well under a second
    # (bfm, mini). The larger games (mc, ot, dom) take seconds to minutes per game: their
    # encodings and the suites on short games are tested in tests/<game>/test_<game>_encoding.py.
    return [g for g in _all_games_with_encoding() if g in ("bfm", "mini")]

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from typhoon.core.errors import IllegalActionError, ParseError  # noqa: E402
from typhoon.games import registry  # noqa: E402
from typhoon.research.common import games_with_encoding as _all_games_with_encoding  # noqa: E402

from typhoon.research import gym_env  # noqa: E402, F401 (registers TyphoonBfm-v0)

pytestmark = [pytest.mark.research, pytest.mark.filterwarnings("ignore::UserWarning")]
ENC = registry.get("bfm").encoding()


@pytest.mark.parametrize("side", ["german", "soviet"])
def test_gymnasium_check_env(side):
    check_env(gym.make("TyphoonBfm-v0", side=side).unwrapped, skip_render_check=False)


CONFIGS = [
    {},
    {"rewards": "share"},
    {"rewards": "score"},
    {"rewards": {"terminal": 1.0, "losses": 0.5}},
    {"rewards": {"terminal": 1.0, "share": 0.2, "score": 0.2, "losses": 0.2}, "opponent": "baseline-greedy"},
    {"actions": "factored"},
    {"actions": "factored", "rewards": "losses", "max_steps": 50},
    {"illegal_penalty": -0.1, "max_steps": 30},  # ("raise" cannot pass: check_env steps unmasked actions)
]


@pytest.mark.parametrize("game", games_with_encoding())
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items()) or "default")
def test_check_env_in_every_configuration(game, config):
    pkg = registry.get(game)
    for side in pkg.sides:
        check_env(gym_env.TyphoonEnv(game=game, side=side, **config), skip_render_check=True)


@pytest.mark.parametrize("game", games_with_encoding())
def test_unmasked_agent_is_truncated(game):
    env = gym_env.TyphoonEnv(game=game, max_steps=40)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for i in range(40):
        obs, r, term, trunc, info = env.step(int(rng.integers(env.action_space.n)))
        if term:
            break
    assert trunc and not term and i == 39
    assert gym_env.TyphoonEnv(game=game).max_steps == registry.get(game).encoding().max_decisions


def test_losses_reward_follows_strength():
    env = gym_env.TyphoonEnv(side="german", opponent="random", rewards={"losses": 1.0})
    env.reset(seed=4)
    enc = env.encoding
    start = {s: enc.material(env.game.state, s) for s in ("german", "soviet")}
    rng = np.random.default_rng(4)
    total = 0.0
    for _ in range(300):
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        total += r
        if term:
            break
    now = {s: enc.material(env.game.state, s) for s in ("german", "soviet")}
    expected = (1 - now["soviet"] / start["soviet"]) - (1 - now["german"] / start["german"])
    assert total == pytest.approx(expected, abs=1e-6) and expected != 0.0


def test_factored_actions_reach_every_legal_action():
    env = gym_env.TyphoonEnv(actions="factored", illegal="raise")
    env.reset(seed=6)
    a_n, b_n = env.action_space.nvec
    rng = np.random.default_rng(6)
    for _ in range(200):
        flat = env.legal_mask()
        actor, what = env.factored_masks()
        pairs = {(int(a), int(b)) for a, b in zip(*np.nonzero(what))}
        assert len(pairs) == int(flat.sum())  # one pair per legal action, and back
        assert np.array_equal(actor, what.any(axis=1))
        mask = env.action_masks()
        assert mask.shape == (a_n + b_n,) and np.array_equal(mask[:a_n], actor)
        a = int(rng.choice(np.flatnonzero(actor)))
        b = int(rng.choice(np.flatnonzero(what[a])))
        obs, r, term, trunc, info = env.step(np.array([a, b]))
        if term:
            break


def test_vector_env_sync_and_async():
    for mode in ("sync", "async"):
        envs = gym_env.vector_env("bfm", num_envs=2, mode=mode, opponent="random")
        obs, infos = envs.reset(seed=3)
        assert obs.shape == (2, *ENC.observation_shape)
        for _ in range(5):
            masks = envs.call("action_masks")
            actions = np.array([int(np.flatnonzero(m)[0]) for m in masks])
            obs, r, term, trunc, infos = envs.step(actions)
            assert obs.shape[0] == 2 and r.shape == (2,)
        envs.close()


def test_vector_env_loop_and_processes_modes_match_sync():
    """The faster forms through the same entry point give the sync form's arrays."""
    ref = gym_env.vector_env("bfm", num_envs=2, mode="sync", opponent="random")
    obs = ref.reset(seed=3)[0]
    for mode, extra in (("loop", {}), ("processes", {"processes": 2})):
        envs = gym_env.vector_env("bfm", num_envs=2, mode=mode, opponent="random", **extra)
        np.testing.assert_array_equal(envs.reset(seed=3)[0], obs)
        np.testing.assert_array_equal(envs.action_masks(), np.stack(ref.call("action_masks")))
        envs.close()
    with pytest.raises(ValueError, match="'loop' or 'processes'"):
        gym_env.vector_env("bfm", mode="threads")


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
