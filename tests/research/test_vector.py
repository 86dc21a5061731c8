"""The vectorised environment (typhoon.research.vector.TyphoonVectorEnv) is the single-game
Gymnasium environment stepped many times in one loop: for the same seeds and the same actions it
gives exactly the arrays ``SyncVectorEnv([TyphoonEnv] * n)`` gives (observations, masks, rewards,
terminations, truncations), in both games with an encoding that play fast (bfm, mini)."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from typhoon.research.gym_env import TyphoonEnv  # noqa: E402
from typhoon.research.vector import TyphoonVectorEnv  # noqa: E402

pytestmark = [pytest.mark.research, pytest.mark.filterwarnings("ignore::UserWarning")]


def _reference(game: str, n: int, **kw) -> gym.vector.SyncVectorEnv:
    return gym.vector.SyncVectorEnv([lambda: TyphoonEnv(game=game, **kw) for _ in range(n)])


def _choose(rng: np.random.Generator, masks: np.ndarray, illegal_every: int, t: int) -> np.ndarray:
    """A masked random action per game; every ``illegal_every``-th step game 0 tries an index
    its mask refuses (the penalty path must agree too)."""
    acts = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
    if illegal_every and t % illegal_every == 0 and masks[0].any():
        acts[0] = int(np.flatnonzero(~masks[0])[t % 7])
    return acts


@pytest.mark.parametrize(
    "game,side,kw,steps",
    [
        ("bfm", "german", {"rewards": {"terminal": 1.0, "share": 1.0, "losses": 1.0}}, 350),
        ("bfm", "soviet", {"opponent": "heuristic", "max_steps": 60}, 200),
        ("mini", "blue", {"rewards": "score"}, 150),
        ("mini", "red", {"opponent": "greedy", "max_steps": 30}, 80),
    ],
)
def test_same_seeds_same_arrays_as_the_single_game_environment(game, side, kw, steps):
    n = 3
    ref = _reference(game, n, side=side, **kw)
    vec = TyphoonVectorEnv(game, n, side=side, **kw)
    o_ref, _ = ref.reset(seed=11)
    o_vec, _ = vec.reset(seed=11)
    assert o_vec.dtype == np.float32 and o_vec.shape == (n, *vec.single_observation_space.shape)
    np.testing.assert_array_equal(o_vec, o_ref)
    rng = np.random.default_rng(3)
    ended = 0
    for t in range(steps):
        masks = np.stack(ref.call("action_masks"))
        np.testing.assert_array_equal(vec.action_masks(), masks, err_msg=f"masks differ at step {t}")
        acts = _choose(rng, masks, illegal_every=9, t=t)
        o_ref, r_ref, te_ref, tr_ref, _ = ref.step(acts)
        o_vec, r_vec, te_vec, tr_vec, info = vec.step(acts)
        np.testing.assert_array_equal(o_vec, o_ref, err_msg=f"observations differ at step {t}")
        np.testing.assert_allclose(r_vec, r_ref, rtol=0, atol=1e-12, err_msg=f"rewards differ at step {t}")
        np.testing.assert_array_equal(te_vec, te_ref)
        np.testing.assert_array_equal(tr_vec, tr_ref)
        ended += int(te_ref.sum() + tr_ref.sum())
    assert ended >= 1, "no episode ended: the autoreset path was not compared"


def test_illegal_index_costs_the_penalty_and_changes_nothing():
    vec = TyphoonVectorEnv("bfm", 2)
    obs, _ = vec.reset(seed=0)
    masks = vec.action_masks()
    bad = [int(np.flatnonzero(~m)[0]) for m in masks]  # index 0 is a die roll: never a player's action
    obs2, r, te, tr, info = vec.step(bad)
    np.testing.assert_array_equal(obs2, obs)
    np.testing.assert_array_equal(vec.action_masks(), masks)
    assert list(r) == [-0.01, -0.01] and not te.any() and not tr.any()
    assert list(info["_illegal"]) == [True, True]
    assert "not legal now" in info["illegal"][0]


def test_step_limit_truncates_and_same_step_autoreset_returns_the_final_observation():
    vec = TyphoonVectorEnv("mini", 2, max_steps=4, autoreset_mode="same_step")
    vec.reset(seed=5)
    rng = np.random.default_rng(0)
    for t in range(4):
        masks = vec.action_masks()
        obs, r, te, tr, info = vec.step(_choose(rng, masks, 0, t))
    assert list(tr | te) == [True, True]
    assert list(info["_final_obs"]) == [True, True]
    assert info["final_obs"][0].shape == vec.single_observation_space.shape
    # the games started again at once: a fresh step count, so four more steps end them again
    for t in range(3):
        obs, r, te, tr, info = vec.step(_choose(rng, vec.action_masks(), 0, t))
        assert not (te | tr).any()


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="num_envs"):
        TyphoonVectorEnv("bfm", 0)
    with pytest.raises(ValueError, match="autoreset_mode"):
        TyphoonVectorEnv("bfm", 2, autoreset_mode="sometimes")
    vec = TyphoonVectorEnv("bfm", 2)
    vec.reset(seed=0)
    with pytest.raises(ValueError, match="2 games"):
        vec.step([0, 0, 0])


def test_games_split_over_processes_give_the_same_arrays_as_one_process():
    from typhoon.research.vector import ProcessVectorEnv

    one = TyphoonVectorEnv("mini", 5, rewards="score")
    split = ProcessVectorEnv("mini", 5, processes=2, rewards="score")
    try:
        np.testing.assert_array_equal(split.reset(seed=2)[0], one.reset(seed=2)[0])
        rng = np.random.default_rng(1)
        for t in range(80):
            masks = one.action_masks()
            np.testing.assert_array_equal(split.action_masks(), masks)
            acts = _choose(rng, masks, illegal_every=0, t=t)
            for a, b in zip(split.step(acts)[:4], one.step(acts)[:4]):
                np.testing.assert_array_equal(a, b, err_msg=f"step {t}")
        assert split.decisions == one.decisions > 0
    finally:
        split.close()
