"""Typhoon games as PettingZoo AEC and Parallel environments: PettingZoo's own test suites
(api_test, parallel_api_test, seed_test, max_cycles_test, render_test, performance_benchmark)
for every game of the registry, and what the suites do not check."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    performance_benchmark,
    render_test,
    seed_test,
)

from typhoon.core.errors import IllegalActionError  # noqa: E402
from typhoon.games import registry  # noqa: E402
from typhoon.research.common import games_with_encoding as _all_games_with_encoding  # noqa: E402

from typhoon.research import pettingzoo_env  # noqa: E402
from typhoon.research.pettingzoo_env import env, parallel_env  # noqa: E402


def games_with_encoding() -> list[str]:
    # The ecosystems' suites run here on the games whose random games take well under a second
    # (bfm, mini). The larger games (mc, ot, dom) take seconds to minutes per game: their
    # encodings and the suites on short games are tested in tests/<game>/test_<game>_encoding.py.
    return [g for g in _all_games_with_encoding() if g in ("bfm", "mini")]

pytestmark = [pytest.mark.research, pytest.mark.filterwarnings("ignore::UserWarning")]
ENC = registry.get("bfm").encoding()
GAMES = games_with_encoding()  # every game of the registry that offers a research encoding


# -- the ecosystem's own suites, for every game -------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_parallel_api_test(game):
    parallel_api_test(parallel_env(game=game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_seed_test(game):
    parallel_seed_test(lambda: parallel_env(game=game), num_cycles=50)


@pytest.mark.parametrize("game", GAMES)
def test_max_cycles_test(game):
    import types

    mod = types.SimpleNamespace(
        env=lambda **kw: env(game=game, **kw), parallel_env=lambda **kw: parallel_env(game=game, **kw)
    )
    max_cycles_test(mod)
    if game == "bfm":
        max_cycles_test(pettingzoo_env)  # the module itself, as PettingZoo's suite calls it


@pytest.mark.parametrize("game", GAMES)
def test_render_test(game, capsys):
    pytest.importorskip("matplotlib")
    render_test(lambda render_mode=None: env(game=game, render_mode=render_mode))
    assert "Turn" in capsys.readouterr().out or game != "bfm"  # "human" printed the position


@pytest.mark.parametrize("game", GAMES)
def test_performance_benchmark(game, capsys):
    performance_benchmark(env(game=game))
    out = capsys.readouterr().out
    turns = float(out.split(" turns per second")[0].split()[-1])
    assert turns > 0, out  # it ran and measured; how fast is bench/'s business (no timed assertions)


@pytest.mark.parametrize("game", GAMES)
def test_aec_api_test_in_cycles(game):
    api_test(env(game=game, agent_order="cycles"), num_cycles=300, verbose_progress=False)


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
        assert mask[-1] == 0  # WAIT is never open to the player to act
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
            assert info["winner"] == e2.game.outcome().winner  # the winner of this game, told to both agents
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
    e = env(illegal="raise")
    e.reset(seed=0)
    before = e.game.action_texts()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[10])
    with pytest.raises(IllegalActionError, match="not legal now"):
        e.step(illegal)
    with pytest.raises(IllegalActionError, match="outside"):
        e.step(ENC.num_actions + 5)
    assert e.game.action_texts() == before


def test_illegal_action_penalty_by_default_keeps_the_agent_to_act():
    e = env()
    e.reset(seed=0)
    agent, before = e.agent_selection, e.game.action_texts()
    mask = e.observe(agent)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[10]))
    assert e.game.action_texts() == before and e.agent_selection == agent
    assert e.rewards[agent] == -0.01 and "not legal now" in e.infos[agent]["illegal"]


def test_unmasked_agents_are_truncated():
    e = env(game="mini")
    e.reset(seed=0)
    assert e.max_steps == e.encoding.max_decisions
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        _, _, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(int(rng.integers(e.action_space(agent).n)))  # nearly always illegal
    assert e._steps == e.max_steps and not e.game.is_over()


def test_cycles_alternate_agents_and_wait():
    e = env(agent_order="cycles")
    e.reset(seed=3)
    wait = ENC.num_actions
    order = []
    for _ in range(6):
        agent = e.agent_selection
        order.append(agent)
        mask = e.observe(agent)["action_mask"]
        if agent == e.game.current_player:
            assert mask[wait] == 0
            e.step(int(np.flatnonzero(mask)[0]))
        else:
            assert np.flatnonzero(mask).tolist() == [wait]  # the agent not to act may only wait
            plies = e.game.ply
            e.step(wait)
            assert e.game.ply == plies
    assert order == ["german", "soviet"] * 3


def test_parallel_step_moves_only_the_player_to_act():
    p = parallel_env(illegal="raise")
    obs, infos = p.reset(seed=5)
    wait = ENC.num_actions
    actor = p.game.current_player
    other = next(a for a in p.agents if a != actor)
    assert obs[other]["action_mask"].sum() == 1 and obs[other]["action_mask"][wait] == 1
    legal = np.flatnonzero(obs[actor]["action_mask"])
    plies = p.game.ply
    obs, rew, term, trunc, info = p.step({actor: int(legal[0]), other: wait})
    assert p.game.ply > plies and not any(term.values())
    with pytest.raises(IllegalActionError, match="not to act"):
        p.step({p.game.current_player: int(np.flatnonzero(obs[p.game.current_player]["action_mask"])[0]),
                next(a for a in p.agents if a != p.game.current_player): 0})


def test_dense_rewards_are_offered():
    e = env(rewards={"terminal": 1.0, "losses": 1.0})
    steps = play_masked_random(e, 9)
    assert steps["german"] > 0
    from typhoon.core.errors import ParseError

    with pytest.raises(ParseError, match="unknown reward"):
        env(rewards={"gold": 1.0})


def test_game_options_and_render():
    e = env(options={"edition": "1986"}, render_mode="ansi")
    e.reset(seed=1)
    assert e.game.state.options.edition == "1986"
    text = e.render()
    assert text.startswith("Turn 1 of 7") and "German units on the map (22)" in text
    e.reset(seed=1, options={"game_options": {"soviet_replacements": 3}})
    assert e.game.state.options.soviet_replacements == 3
    with pytest.raises(ValueError, match="render_mode"):
        env(render_mode="svg")


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
