"""Drive on Moscow's research encoding (typhoon/games/dom/encoding.py) and the ecosystems
(OpenSpiel with imperfect information, PettingZoo, Gymnasium) on it: every listed action of
random positions round-trips, the legal mask is exactly the listed actions, chance outcomes map
to dice, untried counters and the Guards cup, observations have the documented shape and range,
and nothing a player may not see (the counters of untried units, 2.13) reaches its observation."""

from __future__ import annotations

import os

import random
import warnings

import numpy as np
import pytest

from typhoon.core.contract import Encoding
from typhoon.games import registry
from typhoon.games.dom.actions import Assault, Draw, Move
from typhoon.games.dom.state import UNKNOWN

PKG = registry.get("dom")
RULES = PKG.rules
ENC = PKG.encoding()


def positions(seed: int, decisions: int):
    """(game, legal actions or None at a chance node) at every step of a random game."""
    g = PKG.new_game({}, seed=seed, keep_history=False)
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
    d = ENC.data
    slots = 134 + 104  # 3.2/3.3 set-up slots and 9.1 reinforcements of the kit
    u, h = len(d.units) + slots, 48 * 55
    mech = 34  # German mechanized counters and KG (10.14)
    assert (len(ENC.units), len(ENC.hexes)) == (u, h)
    # declare, two orders (5.2), air, pass, fight, cancel, four conversions (11.28), advance none,
    # convert none, end
    singles = 1 + 2 + 4 + 4 + 3
    assert ENC.num_actions == u * h + 6 * u + mech * h * 6 * 2 + h + h + singles
    assert ENC.num_chance_outcomes == 6 + 238 + 8  # a die, the untried counters, the Guards cup (9.4)
    assert ENC.observation_shape[1:] == (55, 48)
    assert len(ENC.planes) == ENC.observation_shape[0] and len(set(ENC.planes)) == len(ENC.planes)
    a, b = ENC.factor_sizes
    f = ENC.action_factors
    assert f.shape == (ENC.num_actions, 2) and f.min() >= 0 and f[:, 0].max() < a and f[:, 1].max() < b
    assert len(np.unique(f[:, 0].astype(np.int64) * b + f[:, 1])) == len(f)  # (actor, what) names one action


@pytest.mark.parametrize("seed", [1, 2])
def test_every_listed_action_round_trips_and_is_in_the_mask(seed):
    decisions = chances = 0
    kinds = set()
    for g, legal in positions(seed, 120):
        s = g.state
        if legal is None:
            outcomes = g.chance_outcomes()
            idx = [ENC.chance_index(s, o) for o, _ in outcomes]
            assert all(0 <= i < ENC.num_chance_outcomes for i in idx) and len(set(idx)) == len(idx)
            assert [ENC.chance_outcome(s, i) for i in idx] == [o for o, _ in outcomes]
            chances += 1
            continue
        idx = [ENC.encode(s, a) for a in legal]
        assert len(set(idx)) == len(idx), "two listed actions share an index"
        assert [ENC.decode(s, i) for i in idx] == legal
        mask = ENC.legal_mask(s)
        assert mask.dtype == bool and mask.shape == (ENC.num_actions,)
        assert sorted(np.flatnonzero(mask)) == sorted(idx)
        kinds.update(type(a).__name__ for a in legal)
        decisions += 1
    assert decisions > 100 and chances > 100  # the untried draws (2.13) are chance events
    assert {"Move", "Order", "End"} <= kinds


def test_mobile_assaults_round_trip_alone_and_by_group():
    """10.14: each hex's whole eligible group and each panzer unit alone are listed."""
    found = set()
    for g, legal in positions(3, 200):
        for a in legal or ():
            if isinstance(a, Assault):
                i = ENC.encode(g.state, a)
                assert ENC.decode(g.state, i) == a
                found.add(len(a.units) > 1)
        if found == {True, False}:
            return
    assert found, "no mobile assault listed in 200 random decisions"


def test_observations_have_the_documented_shape_and_range():
    seen = 0
    for k, (g, legal) in enumerate(positions(4, 150)):
        if legal is None or k % 25:
            continue
        for side in PKG.sides:
            o = ENC.observation(g.state, side)
            assert o.dtype == np.float32 and o.shape == ENC.observation_shape
            assert 0.0 <= o.min() and o.max() <= 1.0
        seen += 1
    assert seen >= 4


# -- hidden information ------------------------------------------------------------------------
def test_sampled_untried_counters_never_change_a_players_observation():
    """2.13 / D-26: nobody sees an untried counter before its first battle; states dealt from a
    player's knowledge give that player the truth's observation."""
    rng = random.Random(0)
    checked = differ = 0
    n = 0
    for g, legal in positions(5, 200):
        if legal is None:
            continue
        n += 1
        if n % 5:
            continue
        truth = g.state
        for side in PKG.sides:
            known = RULES.observe(truth, side)
            t1, t2 = RULES.sample_hidden(known, side, rng), RULES.sample_hidden(known, side, rng)
            o = ENC.observation(truth, side)
            assert np.array_equal(ENC.observation(t1, side), o) and np.array_equal(ENC.observation(t2, side), o)
            differ += t1.draw != t2.draw
            checked += 1
    assert checked > 20 and differ > 10


def test_a_revealed_counter_is_seen_and_an_untried_one_is_not():
    """2.13: the same slot with two counters reads the same until it is revealed."""
    g = PKG.new_game({}, seed=6, keep_history=False)
    while g.is_chance():
        g.roll()
    s = g.state
    slot = next(u for u in s.slot_kind if s.hex_of(u) is not None and s.draw[u] not in (None, UNKNOWN))
    other_counter = next(c for c in ENC.data.pools[s.slot_kind[slot]]
                         if ENC.data.counter_face[c] != ENC.data.counter_face[s.draw[slot]])
    s2 = RULES.copy_state(s)
    s2.draw[slot] = other_counter
    for side in PKG.sides:
        assert np.array_equal(ENC.observation(s, side), ENC.observation(s2, side))
    s.revealed.add(slot)
    s2.revealed.add(slot)
    assert not np.array_equal(ENC.observation(s, "german"), ENC.observation(s2, "german"))


def test_unit_to_hex_indices_read_their_verb_from_the_state():
    """10.0 moves and 9.1 entries share a block: the phase says which."""
    for g, legal in positions(7, 300):
        move = next((a for a in legal or () if isinstance(a, Move)), None)
        if move is not None:
            i = ENC.encode(g.state, move)
            assert ENC.decode(g.state, i) == move
            with pytest.raises(ValueError, match="outside"):
                ENC.decode(g.state, -1)
            with pytest.raises(ValueError, match="not a player's action"):
                ENC.encode(g.state, Draw("s001", ENC.counters[0]))
            return
    pytest.fail("no move in 300 random decisions")


# -- the ecosystems' own suites, on short games ---------------------------------------------------
def test_openspiel_imperfect_information_short_game():
    pyspiel = pytest.importorskip("pyspiel")
    from typhoon.research import openspiel_game  # noqa: F401 (registers the games)

    game = pyspiel.load_game("python_typhoon_dom")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == ENC.num_actions
    assert game.max_chance_outcomes() == ENC.num_chance_outcomes
    assert game.observation_tensor_shape() == list(ENC.observation_shape)
    state = game.new_initial_state()
    rng = random.Random(0)
    decisions = 0
    while decisions < 30:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choices(actions, weights=probs)[0])
            continue
        legal = state.legal_actions()
        assert legal == sorted(np.flatnonzero(ENC.legal_mask(state.state)))
        state.apply_action(rng.choice(legal))
        decisions += 1
        for p in (0, 1):
            assert len(state.observation_tensor(p)) == int(np.prod(ENC.observation_shape))
            state.information_state_string(p)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state) and again.history() == state.history()


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TYPHOON_LONG_TESTS"), reason="several minutes per game: set TYPHOON_LONG_TESTS=1 to run")
def test_openspiel_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel")
    from typhoon.research import openspiel_game  # noqa: F401

    pyspiel.random_sim_test(pyspiel.load_game("python_typhoon_dom"), num_sims=1, serialize=False, verbose=False)


def test_pettingzoo_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from typhoon.research.pettingzoo_env import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game="dom"), num_cycles=10, verbose_progress=False)


@pytest.mark.parametrize("side", ["german", "soviet"])
def test_gymnasium_check_env(side):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from typhoon.research.gym_env import TyphoonEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(TyphoonEnv(game="dom", side=side), skip_render_check=True)
