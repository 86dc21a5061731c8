"""The fast paths of the vectorised environment (typhoon.research.vector) against the reference
path, ``gymnasium.vector.SyncVectorEnv`` of the single-game ``TyphoonEnv`` (its validated pushes,
its per-step legal lists and masks, ``common.opponent_move``):

* the "random" opponent drawn by the environment itself (``_random_choice``: no lazy view of the
  legal actions) is the very action ``RandomPlayer.choose`` takes from the same stream;
* the legal actions kept as parallel lists (the chosen index found by ``list.index``), the mask
  rows of all games written by one assignment per step, and the observation written in place give,
  over many random steps and many episodes of both autoreset modes, exactly the reference's
  observations, masks, rewards, terminations, truncations and final observations;
* the worker processes of ``ProcessVectorEnv`` give exactly one process's arrays for BfM.
"""

from __future__ import annotations

import copy

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.vector import AutoresetMode  # noqa: E402

from typhoon.ai.base import RandomPlayer  # noqa: E402
from typhoon.research.common import package  # noqa: E402
from typhoon.research.gym_env import TyphoonEnv  # noqa: E402
from typhoon.research.vector import ProcessVectorEnv, TyphoonVectorEnv  # noqa: E402

pytestmark = [pytest.mark.research, pytest.mark.filterwarnings("ignore::UserWarning")]


def _choose(rng: np.random.Generator, masks: np.ndarray, t: int) -> np.ndarray:
    """A masked random index per game; every 11th step game 0 tries an index its mask refuses."""
    acts = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
    if t % 11 == 5 and masks[0].any():
        acts[0] = int(np.flatnonzero(~masks[0])[t % 5])
    return acts


def test_random_opponent_drawn_here_is_the_random_players_draw():
    """At every decision of three random games, ``_random_choice`` with a copy of the player's
    stream returns the action ``RandomPlayer.choose`` returns, and leaves the stream where it does."""
    game = "bfm"
    pkg = package(game)
    vec = TyphoonVectorEnv(game, 1)
    assert vec._random_opponent  # the fast path is the one in use for "random"
    checked = 0
    for seed in range(3):
        g = pkg.new_game({}, seed=seed, keep_history=False)
        player = RandomPlayer(seed=seed + 7)
        while not g.is_over():
            if g.is_chance():
                g.roll()
                continue
            stream = copy.deepcopy(player.rng)
            mine = vec._random_choice(stream, g.state)
            theirs = player.choose(g)
            assert mine == theirs, f"{game} seed {seed} ply {g.ply}: {mine} != {theirs}"
            assert stream.getstate() == player.rng.getstate()
            g.push(theirs)
            checked += 1
    assert checked > 100


def test_hidden_information_keeps_the_opponent_on_its_observed_game():
    """Typhoon Mini hides information: its opponent still chooses on ``game.observed(side)``
    (``common.opponent_move``), never drawn by the environment from the true state."""
    assert not TyphoonVectorEnv("mini", 1)._random_opponent


@pytest.mark.parametrize(
    "side,mode,max_steps",
    [
        ("german", "next_step", 45),
        ("soviet", "same_step", 35),
        ("german", "same_step", None),  # whole games: episodes end by the rules, not the step limit
    ],
)
def test_fast_path_equals_the_reference_over_many_steps_and_episodes(side, mode, max_steps):
    n, steps = 4, 320
    kw = {"side": side, "rewards": {"terminal": 1.0, "share": 1.0, "losses": 1.0}, "max_steps": max_steps}
    ref = gym.vector.SyncVectorEnv(
        [lambda: TyphoonEnv(game="bfm", **kw) for _ in range(n)],
        autoreset_mode=AutoresetMode.NEXT_STEP if mode == "next_step" else AutoresetMode.SAME_STEP,
    )
    vec = TyphoonVectorEnv("bfm", n, autoreset_mode=mode, **kw)
    np.testing.assert_array_equal(vec.reset(seed=21)[0], ref.reset(seed=21)[0])
    rng = np.random.default_rng(5)
    terminated = truncated = refused = 0
    for t in range(steps):
        masks = np.stack(ref.call("action_masks"))
        np.testing.assert_array_equal(vec.action_masks(), masks, err_msg=f"masks, step {t}")
        for i in range(n):  # the kept indices are the mask's, in the order of the legal list
            assert sorted(vec.legal_indices(i)) == list(np.flatnonzero(masks[i])), f"game {i}, step {t}"
        acts = _choose(rng, masks, t)
        o_ref, r_ref, te_ref, tr_ref, i_ref = ref.step(acts)
        o_vec, r_vec, te_vec, tr_vec, i_vec = vec.step(acts)
        np.testing.assert_array_equal(o_vec, o_ref, err_msg=f"observations, step {t}")
        np.testing.assert_array_equal(r_vec, r_ref, err_msg=f"rewards, step {t}")
        np.testing.assert_array_equal(te_vec, te_ref, err_msg=f"terminations, step {t}")
        np.testing.assert_array_equal(tr_vec, tr_ref, err_msg=f"truncations, step {t}")
        if mode == "same_step" and (te_ref | tr_ref).any():
            for i in np.flatnonzero(te_ref | tr_ref):
                np.testing.assert_array_equal(i_vec["final_obs"][i], i_ref["final_obs"][i], err_msg=f"final obs {i}, step {t}")
        terminated += int(te_ref.sum())
        truncated += int(tr_ref.sum())
        refused += int(r_vec[0] == -0.01 and not masks[0][acts[0]])
    assert refused >= 20  # the illegal-index path was compared
    if max_steps is None:
        assert terminated >= 2 and truncated == 0  # games played to their end (random play: ~250 steps)
    else:
        assert truncated >= 2 * n  # several episodes per game: the autoreset path was compared


def test_bfm_split_over_processes_gives_one_process_arrays():
    one = TyphoonVectorEnv("bfm", 4, max_steps=25)
    split = ProcessVectorEnv("bfm", 4, processes=2, max_steps=25)
    try:
        np.testing.assert_array_equal(split.reset(seed=4)[0], one.reset(seed=4)[0])
        rng = np.random.default_rng(2)
        for t in range(60):
            masks = one.action_masks()
            np.testing.assert_array_equal(split.action_masks(), masks, err_msg=f"masks, step {t}")
            acts = _choose(rng, masks, t)
            for a, b in zip(split.step(acts)[:4], one.step(acts)[:4]):
                np.testing.assert_array_equal(a, b, err_msg=f"step {t}")
        assert split.decisions == one.decisions > 0
    finally:
        split.close()


def test_a_refused_index_under_illegal_raise_leaves_the_games_that_moved_consistent():
    """With ``illegal="raise"`` the step stops at game 1's refused index; game 0, which moved
    before it, still shows the mask and the observation of its new state (the deferred work of
    the step is done on the way out)."""
    from typhoon.core.errors import IllegalActionError

    enc = package("bfm").encoding()
    vec = TyphoonVectorEnv("bfm", 2, illegal="raise")
    vec.reset(seed=3)
    masks = vec.action_masks()
    acts = [int(np.flatnonzero(masks[0])[0]), int(np.flatnonzero(~masks[1])[0])]
    with pytest.raises(IllegalActionError, match="game 1"):
        vec.step(acts)
    g = vec.games()[0]
    assert g.ply > 0
    np.testing.assert_array_equal(vec.action_masks()[0], enc.legal_mask(g.state))
    np.testing.assert_array_equal(vec._obs[0], enc.observation(g.state, "german"))
    np.testing.assert_array_equal(vec.action_masks()[1], masks[1])  # game 1 did not move


# -- the observation kept between decisions (encoding.Observer) ------------------------------------
def _bfm_decisions(options: dict, seed: int):
    """The state at every decision of a random game of Battle for Moscow (chance states skipped)."""
    import random

    from typhoon.games.bfm import RULES, new_game

    g = new_game(options, seed=seed, keep_history=False)
    rng = random.Random(seed)
    while not g.is_over():
        if not RULES.is_chance(g.state):
            yield g.state
        legal = RULES.legal_actions(g.state) if not RULES.is_chance(g.state) else [a for a, _ in RULES.chance_outcomes(g.state)]
        g.push(legal[rng.randrange(len(legal))], validate=False)


@pytest.mark.parametrize("options", [{}, {"edition": "1986"}, {"setup": "free"}])
def test_observer_kept_between_decisions_equals_the_full_observation(options):
    """An ``Observer`` keeps its buffer between calls and rewrites only what changed (static
    planes, zones of control, global planes): at every decision of random games, for both seats,
    and for a third observer that sees only every third decision (a learner's view), its buffer
    equals ``encoding.observation`` bit for bit. The buffers start full of 7.0, so a cell the
    first call does not write shows."""
    from typhoon.games.bfm import encoding as enc

    def fresh() -> np.ndarray:
        return np.full(enc.OBS_SHAPE, 7.0, dtype=np.float32)

    seats = {p: enc.observer(fresh()) for p in ("german", "soviet")}
    sparse = enc.observer(fresh())  # the German, every third decision only
    checked = 0
    for seed in range(3):
        for k, state in enumerate(_bfm_decisions(options, 100 + seed)):
            for player, obs in seats.items():
                obs(state, player)
                full = enc.observation(state, player)
                assert obs.out.tobytes() == full.tobytes(), f"{options} seed {seed} decision {k} {player}: " + str(
                    [enc.PLANES[p] for p in sorted(set(np.argwhere(obs.out != full)[:, 0]))])
            if k % 3 == 0:
                sparse(state, "german")
                assert sparse.out.tobytes() == enc.observation(state, "german").tobytes(), f"{options} seed {seed} decision {k}"
            checked += 1
    assert checked > 600  # random games take about 250-500 decisions


def test_one_observer_for_both_seats_and_both_editions_rewrites_what_they_change():
    """One buffer written for the German, then the Soviet, then a state of the other edition:
    the observer notices the other seat and the other data, and writes everything again."""
    from typhoon.games.bfm import encoding as enc

    obs = enc.observer(np.full(enc.OBS_SHAPE, 7.0, dtype=np.float32))
    states = [s for _, s in zip(range(40), _bfm_decisions({}, 5))]
    other = [s for _, s in zip(range(40), _bfm_decisions({"edition": "1986"}, 6))]
    for k, (a, b) in enumerate(zip(states, other)):
        for state, player in ((a, "german"), (a, "soviet"), (b, "soviet"), (b, "german")):
            obs(state, player)
            assert obs.out.tobytes() == enc.observation(state, player).tobytes(), f"decision {k}, {player}"


_VECTOR_RUN = r"""
import hashlib, json
import numpy as np
from typhoon import compiled
from typhoon.research.vector import TyphoonVectorEnv
vec = TyphoonVectorEnv("bfm", 4, max_steps=60, rewards={"terminal": 1.0, "losses": 1.0})
h = hashlib.sha256(vec.reset(seed=8)[0].tobytes())
rng = np.random.default_rng(1)
for t in range(150):
    masks = vec.action_masks()
    h.update(masks.tobytes())
    acts = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
    obs, r, te, tr, _ = vec.step(acts)
    for a in (obs, r, te, tr):
        h.update(np.ascontiguousarray(a).tobytes())
print(json.dumps({"compiled": compiled.in_use(), "hash": h.hexdigest(), "decisions": vec.decisions}))
"""


def test_compiled_encoding_and_vector_give_the_pure_python_arrays():
    """scripts/build_compiled.py compiles ``typhoon.games.bfm.encoding`` and
    ``typhoon.research.vector`` too: the same vector steps with the builds and with
    ``TYPHOON_PURE_PYTHON=1`` give the same observations, masks, rewards and flags, byte for byte."""
    import json
    import os
    import subprocess
    import sys

    from typhoon import compiled

    mine = {"typhoon.games.bfm.encoding", "typhoon.research.vector"} & set(compiled.available())
    if not mine:
        pytest.skip("encoding and vector are not compiled (scripts/build_compiled.py)")
    runs = {}
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
        if pure:
            env[compiled.PURE_ENV] = "1"
        done = subprocess.run([sys.executable, "-c", _VECTOR_RUN], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        runs[pure] = json.loads(done.stdout)
    assert runs[True]["compiled"] == [] and mine <= set(runs[False]["compiled"])
    assert runs[False]["decisions"] == runs[True]["decisions"] > 300
    assert runs[False]["hash"] == runs[True]["hash"]
