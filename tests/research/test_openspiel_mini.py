"""Typhoon Mini (hidden strengths, a secret plan) as an OpenSpiel game of imperfect information."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from typhoon.games import registry  # noqa: E402
from typhoon.research import openspiel_game  # noqa: E402, F401 (registers the games)
from typhoon.research.openspiel_bots import TruncatedRolloutEvaluator  # noqa: E402

pytestmark = pytest.mark.research
PKG = registry.get("mini")
ENC = PKG.encoding()
CHITS = (2, 3, 3, 4, 4, 5, 5, 6)  # 3.3 the chit pool


def play_random(state, n, rng):
    while not state.is_terminal() and len(state.history()) < n:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, weights=probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_game_type_and_info():
    game = pyspiel.load_game("python_typhoon_mini")
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2
    assert game.num_distinct_actions() == ENC.num_actions
    assert game.max_chance_outcomes() == ENC.num_chance_outcomes == 11 + 5  # 2d6 totals, chit values 2-6
    assert game.observation_tensor_shape() == list(ENC.observation_shape)
    # the game's options, plus the adapter's decision bound (0: none)
    assert t.parameter_specification == {"turns": 6, "fixed_strengths": False, "max_decisions": 0}


@pytest.mark.parametrize("params", [{}, {"turns": 4, "fixed_strengths": True}])
def test_openspiel_random_sim_test(params):
    game = pyspiel.load_game("python_typhoon_mini", params)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_hidden_draws_are_chance_nodes_with_the_pools_odds():
    """3.3: one chit per red unit, drawn from 2,3,3,4,4,5,5,6 without replacement."""
    game = pyspiel.load_game("python_typhoon_mini")
    state = game.new_initial_state()
    assert state.is_chance_node()
    probs = dict(state.chance_outcomes())
    by_value = {ENC.chance_outcome(state.state, a).value: p for a, p in probs.items()}
    assert by_value == {2: pytest.approx(1 / 8), 3: pytest.approx(2 / 8), 4: pytest.approx(2 / 8),
                        5: pytest.approx(2 / 8), 6: pytest.approx(1 / 8)}
    six = next(a for a, p in probs.items() if ENC.chance_outcome(state.state, a).value == 6)
    state.apply_action(six)  # R1 draws the only 6: no 6 is left for R2
    assert 6 not in {ENC.chance_outcome(state.state, a).value for a, _ in state.chance_outcomes()}
    with pytest.raises(Exception, match="not a possible outcome"):
        state.clone().apply_action(six)
    drawn = 1
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
        drawn += 1
    assert drawn == 6 and state.current_player() == 0  # then Blue chooses its plan (4.1)


def test_serialisation_pickle_and_clone():
    game = pyspiel.load_game("python_typhoon_mini")
    state = play_random(game.new_initial_state(), 60, random.Random(2))
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(game2) == str(game) and str(state2) == str(state) and state2.history() == state.history()
    for p in (0, 1):
        assert state2.information_state_string(p) == state.information_state_string(p)
        assert state2.observation_tensor(p) == state.observation_tensor(p)
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state)
    clone = state.clone()
    play_random(clone, 10**6, random.Random(3))
    assert len(state.history()) == 60 and str(state2) == str(state)


def test_whole_game_returns_and_illegal_action():
    game = pyspiel.load_game("python_typhoon_mini")
    state = play_random(game.new_initial_state(), 6, random.Random(0))  # the six draws
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="is not legal now"):
        state.apply_action(illegal)
    play_random(state, 10**6, random.Random(4))
    out = state.typhoon_game().outcome()
    assert out is not None
    expected = [0.0, 0.0] if out.winner is None else ([1.0, -1.0] if out.winner == "blue" else [-1.0, 1.0])
    assert state.returns() == expected


def test_bots_play_a_game():
    game = pyspiel.load_game("python_typhoon_mini", {"turns": 4})
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=TruncatedRolloutEvaluator(horizon=1, seed=0),
                       random_state=rs, solve=False)
    state = play_random(game.new_initial_state(), 6, random.Random(0))
    assert bot.step(state) in state.legal_actions()
    bots = [uniform_random.UniformRandomBot(0, rs), uniform_random.UniformRandomBot(1, rs)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_public_and_omniscient_observers():
    """private_info NONE: what a spectator knows (no plan even for Blue); ALL_PLAYERS: the truth."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_typhoon_mini")
    state = play_random(game.new_initial_state(), 7, random.Random(1))  # draws and Blue's plan
    plan = state.typhoon_game().state.plan
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    everything = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    town = {"aston": "Aston", "brill": "Brill"}[plan]
    assert f"take {town}" in state.observation_string(0)  # 9.1 Blue knows its plan
    assert "take" not in state.observation_string(1)
    assert "take" not in public.string_from(state, 0)
    everything.set_from(state, 0)
    assert everything.tensor.reshape(ENC.observation_shape)[list(ENC.planes).index(f"my plan: {plan}")].min() == 1.0
