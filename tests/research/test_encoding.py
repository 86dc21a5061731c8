"""The fixed action space and observation tensors (typhoon.games.bfm.encoding)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from typhoon.games.bfm import new_game
from typhoon.games.bfm import encoding as enc
from typhoon.games.bfm.actions import Advance, Attack, EndPhase, Move, Retreat, Roll, StandFast

pytestmark = pytest.mark.research


def random_states(seeds, options):
    """(game, legal) at every decision of random games."""
    for seed in seeds:
        g = new_game(options, seed=seed, keep_history=False)
        rng = random.Random(seed)
        while not g.is_over():
            legal = list(g.legal_actions)
            yield g, legal
            g.push(legal[rng.randrange(len(legal))], validate=False)


def test_layout_sizes():
    # one unit-by-hex block serves move, set-up, place and reinforce (the phase says which)
    assert enc.num_actions() == 6 + 40 * 140 + 40 * 6 + 140 + 2 + 36 + 40 + 41 + 40 + 1 + 1 == 6147
    assert enc.OFFSET["roll"] == 0 and enc.OFFSET["unit_hex"] == 6
    assert enc.OFFSET["move"] == enc.OFFSET["setup"] == enc.OFFSET["place"] == enc.OFFSET["reinforce"] == 6
    assert enc.OFFSET["end"] == enc.num_actions() - 1
    # 14 static + 40 dynamic + 40 unit + 14 table + 36 global planes
    assert enc.OBS_SHAPE == (14 + 40 + 40 + 14 + 36, 10, 14) == (144, 10, 14)


@pytest.mark.parametrize("options", [{"edition": "2009"}, {"edition": "1986", "setup": "free", "soviet_replacements": 3}])
def test_every_legal_action_round_trips(options):
    blocks, kinds = set(), set()
    states = 0
    for g, legal in random_states(range(4), options):
        idx = [enc.encode(g.state, a) for a in legal]
        assert len(set(idx)) == len(idx), "two legal actions share an index"
        for a, i in zip(legal, idx):
            assert enc.decode(g.state, i) == a
            assert enc.from_text(g.state, str(a)) == i and enc.to_text(g.state, i) == str(a)
            blocks.add(enc.block_of(i))
            kinds.add(type(a).__name__.lower())
        mask = enc.legal_mask(g.state)
        assert mask.dtype == bool and mask.shape == (enc.num_actions(),)
        assert int(mask.sum()) == len(legal)
        assert sorted(np.flatnonzero(mask)) == sorted(idx)
        states += 1
    assert states > 1000
    assert {"unit_hex", "attack", "commit", "end", "roll", "retreat", "advance"} <= blocks
    assert {"move", "place"} <= kinds


def test_known_indices():
    g = new_game({"edition": "2009"}, seed=1)
    s = g.state
    d = s.data
    assert enc.encode(s, Move(d.unit_order[0], d.hex_order[0])) == enc.OFFSET["move"]
    assert enc.encode(s, Move("TU", "1410")) == enc.OFFSET["move"] + 39 * 140 + 139
    assert enc.encode(s, Roll(6)) == 5
    assert enc.encode(s, EndPhase()) == enc.num_actions() - 1
    assert enc.encode(s, StandFast(True)) == enc.OFFSET["standfast"] + 1
    assert enc.decode(s, enc.OFFSET["standfast"]) == StandFast(False)
    assert enc.encode(s, Advance(None)) == enc.OFFSET["advance"] + 40
    # attack: direction from the attacker's hex; V stands in 0204, 0304 is to its NE (odd columns sit higher)
    a = Attack("V", "0304")
    assert s.hex_of["V"] == "0204"
    assert enc.encode(s, a) == enc.OFFSET["attack"] + d.unit_index["V"] * 6 + 1
    assert enc.decode(s, enc.encode(s, a)) == a


def test_retreat_is_relative_to_the_battle_hex():
    g = new_game({"edition": "2009"}, seed=1)
    s = g.state
    s.current = "0505"
    r = Retreat("0504", "0503")  # via: N of 0505; to: N of 0504
    i = enc.encode(s, r)
    assert i == enc.OFFSET["retreat"] + 0 * 6 + 0
    assert enc.decode(s, i) == r
    s.current = None
    with pytest.raises(ValueError, match="no battle"):
        enc.encode(s, r)


def test_bad_indices_and_actions_are_clear_errors():
    s = new_game({}, seed=1).state
    with pytest.raises(ValueError, match="outside"):
        enc.decode(s, enc.num_actions())
    with pytest.raises(ValueError, match="cannot encode attack V 0909"):
        enc.encode(s, Attack("V", "0909"))  # not adjacent
    with pytest.raises(ValueError, match="not on the map"):
        enc.decode(s, enc.OFFSET["attack"] + s.data.unit_index["1S"] * 6)


def test_observation_planes():
    g = new_game({"edition": "2009"}, seed=1)
    s = g.state
    P = {n: i for i, n in enumerate(enc.PLANES)}
    og, os_ = enc.observation(s, "german"), enc.observation(s, "soviet")
    assert og.shape == enc.OBS_SHAPE and og.dtype == np.float32
    # hex CCRR is cell [RR-1, CC-1]
    assert og[P["moscow"], 2, 10] == 1.0 and og[P["moscow"]].sum() == 1.0
    assert og[P["city"]].sum() == 11
    r, c = 3, 1  # V in 0204, full strength 6
    assert og[P["own_strength"], r, c] == pytest.approx(6 / 12)
    assert os_[P["enemy_strength"], r, c] == pytest.approx(6 / 12)
    assert og[P["unit_" + str(s.data.unit_index["V"])], r, c] == 1.0
    assert og[P["own_strength"]].astype(bool).sum() == 22  # German units on the map
    # Soviet units start reduced (6.0)
    assert og[P["enemy_reduced"]].sum() == os_[P["own_reduced"]].sum() == 13
    # ZOC planes swap with the observer
    assert np.array_equal(og[P["own_zoc"]], os_[P["enemy_zoc"]])
    # globals are broadcast: turn 1, German combat phase, German to act, observer flag
    assert og[P["global_turn_1"]].min() == 1.0
    assert og[P["global_phase_german_combat"]].min() == 1.0
    assert og[P["global_to_act_german"]].min() == 1.0
    assert og[P["global_observer_german"]].min() == 1.0 and os_[P["global_observer_german"]].max() == 0.0
    assert 0.0 <= og.min() and og.max() <= 1.0


def test_observation_rejects_unknown_player():
    with pytest.raises(ValueError, match="player must be"):
        enc.observation(new_game({}).state, "finnish")


def test_observation_battle_and_movement_planes():
    g = new_game({"edition": "2009"}, seed=1)
    P = {n: i for i, n in enumerate(enc.PLANES)}
    g.push("attack V 0304")
    g.push("attack IX 0304")
    o = enc.observation(g.state, "german")
    assert o[P["declared_defender"], 3, 2] == 1.0 and o[P["declared_defender"]].sum() == 1.0
    assert o[P["declared_attacker"], 3, 1] == 1.0 and o[P["declared_attacker"], 2, 1] == 1.0  # V 0204, IX 0203
    assert o[P["declared_attacker"]].sum() == 2.0
    assert o[P["current_battle"]].sum() == 0.0 and o[P["may_move"]].sum() == 0.0  # combat phase
    g.push("commit")  # the only battle is resolved at once: a die roll is due
    assert g.is_chance()
    o = enc.observation(g.state, "soviet")
    assert o[P["current_battle"], 3, 2] == 1.0
    assert o[P["global_step_roll"]].min() == 1.0 and o[P["global_to_act_chance"]].min() == 1.0
    while g.state.phase != "german_movement":
        if g.is_chance():
            g.roll()
        else:
            g.push(g.legal_actions[-1])
    o = enc.observation(g.state, "german")
    movers = sum(1 for u in g.state.hex_of if g.state.data.units[u].side == "german")
    assert o[P["may_move"]].sum() == movers and o[P["moved"]].sum() == 0.0
