"""Operation Typhoon's research encoding (typhoon/games/ot/encoding.py) and the ecosystems
(OpenSpiel with imperfect information, PettingZoo, Gymnasium) on it: every listed action of
random positions round-trips, the legal mask is exactly the listed actions, chance outcomes map
to dice and chits, observations have the documented shape and range, and nothing a player may
not see (enemy strength chits, 8.44; the German Plan, 18.49) reaches its observation."""

from __future__ import annotations

import os

import random
import warnings

import numpy as np
import pytest

from typhoon.core.contract import Encoding
from typhoon.games import registry
from typhoon.games.ot.actions import PLANS, Attack, Plan
from typhoon.games.ot.data import GERMAN_ARMIES, ot_data, scenario
from typhoon.games.ot.state import UNKNOWN

PKG = registry.get("ot")
RULES = PKG.rules
ENC = PKG.encoding()  # scenario 18.1


def positions(options: dict, seed: int, decisions: int):
    """(game, legal actions or None at a chance node) at every step of a random game."""
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
    scen = scenario("18.1")
    u, h = len(scen.units), len(scen.hexes)
    # 18.1: Map C and its counters: 52 set-up (18.12), 8 scenario reinforcements (18.16b) and the
    # 21 Master Schedule units of Entry Areas 1-2 (German) and 2-5 (Russian) to Game-Turn 16 (18.16a/b, D55)
    assert (u, h) == (60 + 21, 2086)
    hq_masks = 2 ** max(sum(1 for x in scen.units if ot_data().units[x].is_hq and ot_data().units[x].side == "german"
                            and ot_data().army_of_hq(x) == a) for a in GERMAN_ARMIES)
    allocations = 10626  # 4-army vectors of at most 20 Support Points: C(24, 4) (11.22, 19.3)
    # six unit choices: hedgehog, commit, accelerate, loss, eliminate, withdraw (18.38(d))
    assert ENC.num_actions == (u * h + 4 * u + 6 * u + h * 64 + 256 + 3 + 6 + 1 + h + 1 + h + 3 + allocations
                               + 4 * hq_masks + 1)
    assert ENC.num_chance_outcomes == 6 + 11 + len(ot_data().chits)  # 1d6, 2d6, the chits (8.32)
    assert len(ENC.planes) == ENC.observation_shape[0] and len(set(ENC.planes)) == len(ENC.planes)
    campaign = PKG.encoding({"scenario": "18.4"})
    assert campaign is not ENC and len(campaign.hexes) == 6152 and len(campaign.units) == len(scenario("18.4").units)
    assert PKG.encoding({"scenario": "18.1", "strengths": "chits"}) is ENC  # strengths change no shape
    a, b = ENC.factor_sizes
    f = ENC.action_factors
    assert f.shape == (ENC.num_actions, 2) and f[:, 0].max() < a and f[:, 1].max() < b and f.min() >= 0
    assert len(np.unique(f[:, 0].astype(np.int64) * b + f[:, 1])) == len(f)  # (actor, what) names one action


@pytest.mark.parametrize("options,seed", [({"strengths": "chits"}, 1), ({"scenario": "18.2"}, 2),
                                          ({"scenario": "18.3", "strengths": "open_chits", "hedgehogs": True}, 3)])
def test_every_listed_action_round_trips_and_is_in_the_mask(options, seed):
    enc = PKG.encoding(options)
    decisions = chances = 0
    kinds = set()
    for g, legal in positions(options, seed, 150 if options.get("scenario") == "18.2" else 220):
        s = g.state
        if legal is None:
            outcomes = g.chance_outcomes()
            idx = [enc.chance_index(s, o) for o, _ in outcomes]
            assert all(0 <= i < enc.num_chance_outcomes for i in idx) and len(set(idx)) == len(idx)
            assert [enc.chance_outcome(s, i) for i in idx] == [o for o, _ in outcomes]
            chances += 1
            continue
        idx = [enc.encode(s, a) for a in legal]
        assert len(set(idx)) == len(idx), "two listed actions share an index"
        assert [enc.decode(s, i) for i in idx] == legal
        mask = enc.legal_mask(s)
        assert mask.dtype == bool and mask.shape == (enc.num_actions,)
        assert sorted(np.flatnonzero(mask)) == sorted(idx)
        kinds.update(type(a).__name__ for a in legal)
        decisions += 1
    assert decisions > 140 and chances > 5
    assert {"Move", "Attack", "End"} <= kinds


def test_campaign_plan_and_allocation_round_trip():
    """18.41 the Plan, then 11.22 the Support allocation of the campaign."""
    enc = PKG.encoding({"scenario": "18.4"})
    seen = set()
    for g, legal in positions({"scenario": "18.4"}, 0, 6):
        if legal is None:
            continue
        s = g.state
        idx = [enc.encode(s, a) for a in legal]
        assert [enc.decode(s, i) for i in idx] == legal and len(set(idx)) == len(idx)
        seen.update(type(a).__name__ for a in legal)
    assert "Plan" in seen


def test_attack_indices_name_the_rules_participant_sets():
    """9.2 / 7.24: attack t k is the k-th of the rules' options on t (largest first)."""
    for g, legal in positions({}, 4, 400):
        attacks = [a for a in legal or () if isinstance(a, Attack)]
        if len(attacks) < 2:
            continue
        s = g.state
        first = attacks[0]
        on_target = [a for a in attacks if a.target == first.target]
        base = ENC.blocks.offset["attack"] + ENC.h[first.target] * 64
        assert [ENC.encode(s, a) for a in on_target] == list(range(base, base + len(on_target)))
        with pytest.raises(ValueError, match="no attack option"):
            ENC.decode(s, base + 63)
        return
    pytest.fail("no Combat Phase with two attacks in 400 random decisions")


def test_observations_have_the_documented_shape_and_range():
    seen = 0
    for k, (g, legal) in enumerate(positions({"strengths": "chits"}, 6, 200)):
        if legal is None or k % 20:
            continue
        for side in PKG.sides:
            o = ENC.observation(g.state, side)
            assert o.dtype == np.float32 and o.shape == ENC.observation_shape
            assert 0.0 <= o.min() and o.max() <= 1.0
        seen += 1
    assert seen >= 5


# -- hidden information ------------------------------------------------------------------------
def test_sampled_hidden_chits_never_change_a_players_observation():
    """8.44: the enemy's chits are unknown; two states dealt from one player's knowledge give that
    player the same observation (and the truth gives it too)."""
    rng = random.Random(0)
    checked = differ = 0
    for k, (g, legal) in enumerate(positions({"strengths": "chits"}, 2, 400)):
        if legal is None or k % 8:
            continue
        truth = g.state
        for side in PKG.sides:
            known = RULES.observe(truth, side)
            t1, t2 = RULES.sample_hidden(known, side, rng), RULES.sample_hidden(known, side, rng)
            o = ENC.observation(truth, side)
            assert np.array_equal(ENC.observation(t1, side), o) and np.array_equal(ENC.observation(t2, side), o)
            differ += t1.chits != t2.chits
            checked += 1
    assert checked > 40
    assert differ > 5  # the samples did deal other chits to the enemy's units


def test_the_plan_reaches_only_the_german_observation():
    """18.49: the German Plan is secret from the Russian until it is revealed."""
    enc = PKG.encoding({"scenario": "18.4"})
    g = PKG.new_game({"scenario": "18.4"}, seed=0, keep_history=False)
    states = {}
    for plan in PLANS:
        s = RULES.copy_state(g.state)
        RULES.apply(s, Plan(plan))
        states[plan] = s
    rus = [enc.observation(s, "russian") for s in states.values()]
    ger = [enc.observation(s, "german") for s in states.values()]
    assert all(np.array_equal(rus[0], o) for o in rus[1:])
    assert not np.array_equal(ger[0], ger[1]) and not np.array_equal(ger[1], ger[2])
    known = RULES.observe(states["historical"], "russian")
    assert known.plan == UNKNOWN
    rng = random.Random(1)
    samples = [RULES.sample_hidden(known, "russian", rng) for _ in range(8)]
    assert len({x.plan for x in samples}) > 1
    assert all(np.array_equal(enc.observation(x, "russian"), rus[0]) for x in samples)


# -- the ecosystems' own suites, on short games ---------------------------------------------------
def test_openspiel_imperfect_information_short_game():
    pyspiel = pytest.importorskip("pyspiel")
    from typhoon.research import openspiel_game  # noqa: F401 (registers the games)

    # (the default options: a parameter such as scenario=18.2 is read back by OpenSpiel as a
    # number, an adapter matter reported to research)
    game = pyspiel.load_game("python_typhoon_ot")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == ENC.num_actions
    assert game.max_chance_outcomes() == ENC.num_chance_outcomes
    assert game.observation_tensor_shape() == list(ENC.observation_shape)
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(60):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(rng.choices(actions, weights=probs)[0])
            continue
        legal = state.legal_actions()
        assert legal == sorted(np.flatnonzero(ENC.legal_mask(state.state)))
        state.apply_action(rng.choice(legal))
        for p in (0, 1):
            assert len(state.observation_tensor(p)) == int(np.prod(ENC.observation_shape))
            state.information_state_string(p)
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()


def test_openspiel_serialisation_round_trip():
    pyspiel = pytest.importorskip("pyspiel")
    from typhoon.research import openspiel_game  # noqa: F401

    game = pyspiel.load_game("python_typhoon_ot")
    state = game.new_initial_state()
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert str(again) == str(state)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TYPHOON_LONG_TESTS"), reason="several minutes per game: set TYPHOON_LONG_TESTS=1 to run")
def test_openspiel_random_sim_test():
    pyspiel = pytest.importorskip("pyspiel")
    from typhoon.research import openspiel_game  # noqa: F401

    pyspiel.random_sim_test(pyspiel.load_game("python_typhoon_ot"), num_sims=1,
                            serialize=False, verbose=False)


def test_pettingzoo_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from typhoon.research.pettingzoo_env import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game="ot", options={"strengths": "chits"}), num_cycles=10, verbose_progress=False)


@pytest.mark.parametrize("side", ["german", "russian"])
def test_gymnasium_check_env(side):
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from typhoon.research.gym_env import TyphoonEnv

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(TyphoonEnv(game="ot", side=side), skip_render_check=True)
