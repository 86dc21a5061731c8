"""The Moscow Campaign's research encoding (typhoon/games/mc/encoding.py) and the ecosystems
(OpenSpiel, PettingZoo, Gymnasium) on it: every listed action of random positions round-trips,
the legal mask is exactly the listed actions, chance outcomes map to the die, observations have
the documented shape and range, and the OpenSpiel/PettingZoo/Gymnasium suites pass on short
games (the game is slow: seconds per game)."""

from __future__ import annotations

import os

import random
import warnings

import numpy as np
import pytest

from typhoon.core.contract import Encoding
from typhoon.games import registry
from typhoon.games.mc.actions import Act
from typhoon.games.mc.sequence import BY_ID

PKG = registry.get("mc")
RULES = PKG.rules
ENC = PKG.encoding()


def positions(options: dict, seed: int, decisions: int):
    """(game, legal actions or None at a chance node) at every step of a random game, for at
    most ``decisions`` decisions."""
    g = PKG.new_game(options, seed=seed, keep_history=False)
    rng = random.Random(seed)
    n = 0
    while not g.is_over() and n < decisions:
        if g.is_chance():
            yield g, None
            g.roll()
            continue
        legal = list(g.legal_actions)
        yield g, legal
        g.push(legal[rng.randrange(len(legal))], validate=False)
        n += 1


def test_the_encoding_is_the_protocol_with_the_documented_layout():
    assert isinstance(ENC, Encoding)
    data = ENC.data
    u, h = len(data.unit_order), len(data.hexes)
    assert (u, h) == (224, 54 * 48)  # the kit's counters and its 54 x 48 map
    # unit_hex, entrain, detrain, lose, disrupt, overrun (6 directions), attack (2 x 63 masks),
    # two-hex attacks (18 offsets), advance none, end
    assert ENC.num_actions == u * h + 4 * u + 6 * u + h * 2 * 63 + h * 18 + 2
    assert ENC.num_chance_outcomes == 6  # the die (D-DIE)
    assert len(ENC.planes) == ENC.observation_shape[0] and len(set(ENC.planes)) == len(ENC.planes)
    assert ENC.observation_shape[1:] in ((48, 54), (49, 54))  # rows x columns of the map
    assert PKG.encoding({"scenario": "december"}) is ENC  # one space for every scenario
    a, b = ENC.factor_sizes
    assert ENC.action_factors.shape == (ENC.num_actions, 2)
    f = ENC.action_factors
    assert f.min() >= 0 and f[:, 0].max() < a and f[:, 1].max() < b
    assert len(np.unique(f[:, 0].astype(np.int64) * b + f[:, 1])) == len(f)  # (actor, what) names one action


@pytest.mark.parametrize("scenario,seed", [("september", 1), ("november", 2), ("december", 3)])
def test_every_listed_action_round_trips_and_is_in_the_mask(scenario, seed):
    decisions = chances = 0
    verbs = set()
    for g, legal in positions({"scenario": scenario}, seed, 160):
        s = g.state
        if legal is None:
            outcomes = g.chance_outcomes()
            idx = [ENC.chance_index(s, o) for o, _ in outcomes]
            assert all(0 <= i < 6 for i in idx) and len(set(idx)) == len(idx)
            assert [ENC.chance_outcome(s, i) for i in idx] == [o for o, _ in outcomes]
            assert not ENC.legal_mask(s).any()
            chances += 1
            continue
        idx = [ENC.encode(s, a) for a in legal]
        assert len(set(idx)) == len(idx), "two listed actions share an index"
        assert all(0 <= i < ENC.num_actions for i in idx)
        assert [ENC.decode(s, i) for i in idx] == legal
        mask = ENC.legal_mask(s)
        assert mask.dtype == bool and mask.shape == (ENC.num_actions,)
        assert sorted(np.flatnonzero(mask)) == sorted(idx)
        verbs.update(a.verb for a in legal)
        decisions += 1
    assert decisions > 100
    assert {"move", "end"} <= verbs


def test_unit_to_hex_indices_read_their_verb_from_the_state():
    """Movement L23 / Rail L112 / Rail (A) L115: the same block moves, rails and enters."""
    g = PKG.new_game({"scenario": "september"}, seed=0, keep_history=False)
    s = g.state
    assert BY_ID[s.phase].kind == "movement"
    move = next(a for a in g.legal_actions if a.verb == "move")
    i = ENC.encode(s, move)
    assert ENC.decode(s, i) == move
    unit = move.args[0]
    s2 = s.copy()
    s2.entrained.add(unit)
    assert ENC.decode(s2, i) == Act("rail", move.args)
    with pytest.raises(ValueError, match="outside"):
        ENC.decode(s, ENC.num_actions)
    with pytest.raises(ValueError, match="route"):
        ENC.encode(s, Act("move", (unit, move.args[1], "via", move.args[1])))


def test_observations_have_the_documented_shape_range_and_sides():
    seen = 0
    for k, (g, legal) in enumerate(positions({"scenario": "november"}, 5, 120)):
        if legal is None or k % 15:
            continue
        s = g.state
        ger, sov = ENC.observation(s, "german"), ENC.observation(s, "soviet")
        for o in (ger, sov):
            assert o.dtype == np.float32 and o.shape == ENC.observation_shape
            assert 0.0 <= o.min() and o.max() <= 1.0
        p = {n: i for i, n in enumerate(ENC.planes)}
        # own and enemy swap with the observer; the board (terrain) is the same for both
        assert np.array_equal(ger[p["own_units"]], sov[p["enemy_units"]])
        assert np.array_equal(ger[p["enemy_strength"]], sov[p["own_strength"]])
        assert np.array_equal(ger[p["terrain_forest"]], sov[p["terrain_forest"]])
        on_map = len(s.stacks.hex_of)
        units = ger[p["own_units"]].sum() + ger[p["enemy_units"]].sum()
        assert units == pytest.approx(on_map / 3.0, rel=1e-5)  # counts / the stacking limit of 3 (L43)
        seen += 1
    assert seen >= 5


def test_perfect_information_the_state_is_its_own_observation():
    """Nothing is hidden in The Moscow Campaign: the adapters observe the state itself."""
    assert RULES.perfect_information is True
    g = PKG.new_game({}, seed=4, keep_history=False)
    copy = g.state.copy()
    assert np.array_equal(ENC.observation(g.state, "german"), ENC.observation(copy, "german"))


# -- the ecosystems' own suites, on short games ---------------------------------------------------
def test_openspiel_short_game_and_serialisation():
    pyspiel = pytest.importorskip("pyspiel")
    from typhoon.research import openspiel_game  # noqa: F401 (registers the games)

    game = pyspiel.load_game("python_typhoon_mc")
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game.num_distinct_actions() == ENC.num_actions
    assert game.max_chance_outcomes() == 6
    assert game.observation_tensor_shape() == list(ENC.observation_shape)
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(40):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choices(actions, weights=probs)[0])
            continue
        legal = state.legal_actions()
        assert legal == sorted(np.flatnonzero(ENC.legal_mask(state.state)))
        state.apply_action(rng.choice(legal))
        assert len(state.observation_tensor(0)) == int(np.prod(ENC.observation_shape))
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state) and again.history() == state.history()


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TYPHOON_LONG_TESTS"), reason="several minutes per game: set TYPHOON_LONG_TESTS=1 to run")
def test_openspiel_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel")
    from typhoon.research import openspiel_game  # noqa: F401

    pyspiel.random_sim_test(pyspiel.load_game("python_typhoon_mc", {"scenario": "december"}), num_sims=1,
                            serialize=False, verbose=False)


def test_pettingzoo_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from typhoon.research.pettingzoo_env import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game="mc"), num_cycles=10, verbose_progress=False)


@pytest.mark.parametrize("side", ["german", "soviet"])
def test_gymnasium_check_env(side):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from typhoon.research.gym_env import TyphoonEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(TyphoonEnv(game="mc", side=side), skip_render_check=True)
