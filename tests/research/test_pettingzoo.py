"""Battle for Moscow as a PettingZoo AEC environment."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from typhoon.core.errors import IllegalActionError  # noqa: E402
from typhoon.games import registry  # noqa: E402
from typhoon.research.pettingzoo_env import env  # noqa: E402

pytestmark = [pytest.mark.research, pytest.mark.filterwarnings("ignore::UserWarning")]
ENC = registry.get("bfm").encoding()


def test_pettingzoo_api_test():
    api_test(env(render_mode="ansi"), num_cycles=400, verbose_progress=False)


def test_pettingzoo_seed_test():
    seed_test(lambda render_mode=None: env(render_mode=render_mode), num_cycles=100)


def play_masked_random(e, seed):
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = dict.fromkeys(e.possible_agents, 0)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert agent == e.game.current_player
        mask = obs["action_mask"]
        assert mask.dtype == np.int8 and mask.sum() == len(e.game.legal_actions)
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps[agent] += 1
    return steps


def test_whole_game_rewards_are_zero_sum():
    e = env()
    steps = play_masked_random(e, 7)
    assert steps["german"] > 50 and steps["soviet"] > 50
    out = e.game.outcome()
    assert out is not None
    e2 = env()
    e2.reset(seed=7)
    rewards = {}
    for agent in e2.agent_iter():
        obs, reward, term, trunc, info = e2.last()
        rewards[agent] = reward
        if term or trunc:
            assert info["winner"] == out.winner
            e2.step(None)
            continue
        e2.step(int(np.random.default_rng(0).choice(np.flatnonzero(obs["action_mask"]))))
    assert sum(rewards.values()) == 0 and set(rewards) == {"german", "soviet"}


def test_same_seed_same_game():
    a, b = env(), env()
    play_masked_random(a, 11)
    play_masked_random(b, 11)
    assert a.game.action_texts() == b.game.action_texts()


def test_illegal_action_is_a_clear_error_and_changes_nothing():
    e = env()
    e.reset(seed=0)
    before = e.game.action_texts()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[10])
    with pytest.raises(IllegalActionError, match="not legal now"):
        e.step(illegal)
    with pytest.raises(IllegalActionError, match="outside"):
        e.step(ENC.num_actions + 5)
    assert e.game.action_texts() == before


def test_game_options_and_render():
    e = env(options={"edition": "1986"}, render_mode="ansi")
    e.reset(seed=1)
    assert e.game.state.options.edition == "1986"
    text = e.render()
    assert text.startswith("Turn 1 of 7") and "German units on the map (22)" in text
    e.reset(seed=1, options={"game_options": {"soviet_replacements": 3}})
    assert e.game.state.options.soviet_replacements == 3
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="human")


# -- Typhoon Mini (hidden information) ----------------------------------------------------------
def test_mini_pettingzoo_api_test():
    api_test(env(game="mini", render_mode="ansi"), num_cycles=400, verbose_progress=False)


def test_mini_pettingzoo_seed_test():
    seed_test(lambda render_mode=None: env(game="mini", render_mode=render_mode), num_cycles=100)


def test_mini_whole_game_agents_and_rewards():
    e = env(game="mini")
    assert e.possible_agents == ["blue", "red"] and e.metadata["name"] == "typhoon_mini_v0"
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    steps, final = dict.fromkeys(e.possible_agents, 0), {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        assert agent == e.game.current_player and obs["action_mask"].sum() == len(e.game.legal_actions)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps[agent] += 1
    assert steps["blue"] > 10 and steps["red"] > 10
    out = e.game.outcome()
    assert out is not None
    assert final == ({"blue": 0.0, "red": 0.0} if out.winner is None else
                     {out.winner: 1.0, ("red" if out.winner == "blue" else "blue"): -1.0})


def test_unknown_game_and_bad_option():
    from typhoon.core.errors import ParseError

    with pytest.raises(ParseError, match="unknown game 'chess'"):
        env(game="chess")
    with pytest.raises(ParseError, match="option turns: 12 is outside 4..8"):
        env(game="mini", options={"turns": 12})
