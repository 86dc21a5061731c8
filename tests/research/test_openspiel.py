"""Battle for Moscow as an OpenSpiel game: OpenSpiel's own API checks, serialisation, bots."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from typhoon.games import registry  # noqa: E402
from typhoon.research import openspiel_game  # noqa: E402, F401 (registers the game)

pytestmark = pytest.mark.research
ENC = registry.get("bfm").encoding()


def play_random(state, n, rng):
    while not state.is_terminal() and len(state.history()) < n:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_game_type_and_info():
    game = pyspiel.load_game("python_typhoon_bfm")
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == ENC.num_actions == 6147  # one unit-by-hex block (docs/research.md)
    assert game.max_chance_outcomes() == 6
    assert game.observation_tensor_shape() == list(ENC.observation_shape)
    assert game.information_state_tensor_size() == int(np.prod(ENC.observation_shape))
    assert game.num_players() == 2 and game.min_utility() == -1 and game.max_utility() == 1


@pytest.mark.parametrize("params", [{}, {"edition": 1986, "setup": "free", "soviet_replacements": 4}])
def test_openspiel_random_sim_test(params):
    """OpenSpiel's own consistency checks (legal actions, chance, clone, observations, serialisation)."""
    game = pyspiel.load_game("python_typhoon_bfm", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_decision_bound_ends_the_game_as_a_draw_after_that_many_decisions():
    """``max_decisions=N``: terminal after the N-th non-chance action, returns 0 each; the
    count survives cloning and serialisation; a bad value is named."""
    game = pyspiel.load_game("python_typhoon_bfm", {"max_decisions": 25})
    s = game.new_initial_state()
    rng = random.Random(4)
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            continue
        s.apply_action(rng.choice(s.legal_actions()))
        decisions += 1
        if decisions == 12:
            clone = s.clone()
            restored = game.deserialize_state(s.serialize())
    assert decisions == 25 and s.returns() == [0.0, 0.0] and s.legal_actions() == []
    assert s.current_player() == pyspiel.PlayerId.TERMINAL
    for other in (clone, restored):  # 12 decisions made: 13 more end it
        n = 0
        while not other.is_terminal():
            if other.is_chance_node():
                other.apply_action(other.chance_outcomes()[0][0])
            else:
                other.apply_action(other.legal_actions()[0])
                n += 1
        assert n == 13
    with pytest.raises(Exception, match="max_decisions: -1 is not a whole number"):
        pyspiel.load_game("python_typhoon_bfm", {"max_decisions": -1})


def test_parameters_reach_the_engine():
    game = pyspiel.load_game("python_typhoon_bfm", {"edition": 1986, "soviet_replacements": 3})
    s = game.new_initial_state()
    assert s.state.options.edition == "1986" and s.state.options.soviet_replacements == 3
    with pytest.raises(Exception, match="option soviet_replacements: 9 is outside 0..6"):
        pyspiel.load_game("python_typhoon_bfm", {"soviet_replacements": 9})


def test_chance_nodes_and_serialisation_round_trip():
    game = pyspiel.load_game("python_typhoon_bfm")
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_chance_node():  # play until a die roll is due
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert state.chance_outcomes() == [(a, pytest.approx(1 / 6)) for a in range(6)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "roll 4"
    play_random(state, 200, rng)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    assert str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()
    assert np.array_equal(np.array(state2.observation_tensor(0)), np.array(state.observation_tensor(0)))
    again = pickle.loads(pickle.dumps(state))
    assert str(again) == str(state) and again.history() == state.history()


def test_clone_is_independent():
    game = pyspiel.load_game("python_typhoon_bfm")
    state = play_random(game.new_initial_state(), 50, random.Random(1))
    clone = state.clone()
    before = str(state)
    play_random(clone, 150, random.Random(2))
    assert str(state) == before and len(state.history()) == 50


def test_whole_game_returns_and_illegal_action():
    game = pyspiel.load_game("python_typhoon_bfm")
    state = game.new_initial_state()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="is not legal now"):
        state.apply_action(illegal)
    play_random(state, 10**6, random.Random(3))
    assert state.is_terminal()
    r = state.returns()
    assert r in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    out = state.state.outcome
    assert r[0] == (0.0 if out.winner is None else (1.0 if out.winner == "german" else -1.0))


def test_observation_and_information_state_tensors():
    game = pyspiel.load_game("python_typhoon_bfm")
    state = game.new_initial_state()
    for p in (0, 1):
        obs = np.array(state.observation_tensor(p)).reshape(ENC.observation_shape)
        assert np.array_equal(obs, ENC.observation(state.state, ("german", "soviet")[p]))
        assert state.information_state_tensor(p) == state.observation_tensor(p)
    assert "observer=german" in state.observation_string(0)


def test_mcts_and_random_bots_play_a_game():
    game = pyspiel.load_game("python_typhoon_bfm")
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=rs, solve=False)
    state = game.new_initial_state()
    action = bot.step(state)
    assert action in state.legal_actions()
    bots = [uniform_random.UniformRandomBot(0, rs), uniform_random.UniformRandomBot(1, rs)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_truncated_rollout_evaluator():
    from typhoon.research.openspiel_bots import TruncatedRolloutEvaluator

    game = pyspiel.load_game("python_typhoon_bfm")
    ev = TruncatedRolloutEvaluator(horizon=2, seed=0)
    state = game.new_initial_state()
    v = ev.evaluate(state)
    assert v.shape == (2,) and v[0] == -v[1] and -1.0 <= v[0] <= 1.0
    assert len(state.history()) == 0  # the playout ran on a copy
    prior = ev.prior(state)
    assert [a for a, _ in prior] == state.legal_actions()
    assert sum(p for _, p in prior) == pytest.approx(1.0)
    end = play_random(game.new_initial_state(), 10**6, random.Random(4))
    assert list(ev.evaluate(end)) == end.returns()


@pytest.mark.parametrize("game_name", ["bfm", "mini"])
def test_numpy_observer_has_named_planes(game_name):
    from open_spiel.python.observation import make_observation

    from typhoon.games import registry
    from typhoon.research import openspiel_game

    game = openspiel_game.load(game_name)
    enc = registry.get(game_name).encoding()
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    obs.set_from(state, 0)
    assert isinstance(obs.tensor, np.ndarray) and obs.tensor.dtype == np.float32
    planes = obs.dict["observation"]
    assert planes.shape == tuple(enc.observation_shape) and np.shares_memory(planes, obs.tensor)
    assert list(obs.planes) == list(enc.planes)  # each plane by name, a view of the tensor
    first = obs.planes[enc.planes[0]]
    assert first.shape == tuple(enc.observation_shape[1:]) and np.shares_memory(first, obs.tensor)


def test_numeric_looking_choices_reach_the_engine_as_their_text():
    """OpenSpiel reads ``scenario=18.2`` as a double: the game turns it back into the choice
    "18.2" (OT's scenarios are 18.1-18.5), from a game string and from ``load`` alike."""
    game = pyspiel.load_game("python_typhoon_ot(scenario=18.2)")
    assert game.options["scenario"] == "18.2"
    assert openspiel_game.load("ot", scenario="18.3").options["scenario"] == "18.3"
    with pytest.raises(Exception, match="scenario"):
        pyspiel.load_game("python_typhoon_ot(scenario=19.9)")
