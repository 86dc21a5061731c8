"""Whole games of Typhoon Mini through the package: to the end, replay, records, positions,
text round trips, options, map data, the research encoding and the computer players."""

from __future__ import annotations

import random

import numpy as np
import pytest
from mini_helpers import PKG, play_random

from typhoon.core import record
from typhoon.core.contract import GamePackage, check_options
from typhoon.core.errors import ParseError, PositionError
from typhoon.core.game import Game
from typhoon.games import registry


@pytest.fixture(scope="module")
def finished():
    game = PKG.new_game({}, seed=11)
    return play_random(game, random.Random(11))


def test_package_is_registered_and_follows_the_contract():
    assert registry.get("mini") is PKG
    assert isinstance(PKG, GamePackage)
    assert PKG.sides == ("blue", "red") and PKG.rules.perfect_information is False


def test_a_random_game_reaches_its_end(finished):
    out = finished.outcome()
    assert out.winner in ("blue", "red")
    # 4.3: six turns unless a side was wiped out (9.4)
    assert finished.state.turn == 6 or "no units left" in out.reason
    assert set(out.scores) == {"blue", "red"}


def test_replay_reproduces_the_game(finished):
    again = Game.replay(PKG.rules, finished.options, finished.seed, finished.action_texts())
    assert PKG.position_to_json(again.state) == PKG.position_to_json(finished.state)
    assert again.outcome() == finished.outcome()


def test_save_record_round_trip(finished):
    rec = record.to_record(finished)
    game, ok = record.verify(rec)
    assert ok and game.outcome() == finished.outcome()


def test_tampered_chit_draw_is_refused(finished):
    texts = finished.action_texts()
    first = texts[0].split()  # "chit R1 v": another value is not what the seed gives
    other = "2" if first[2] != "2" else "3"
    with pytest.raises(Exception, match="the seed gives"):
        Game.replay(PKG.rules, finished.options, finished.seed, [f"chit R1 {other}", *texts[1:]])


def test_positions_and_action_texts_round_trip():
    game = PKG.new_game({"turns": 4}, seed=3)
    rng = random.Random(3)
    while not game.is_over():
        doc = PKG.position_to_json(game.state)
        again = PKG.position_from_json(doc)
        assert PKG.position_to_json(again) == doc
        assert PKG.rules.legal_actions(again) == PKG.rules.legal_actions(game.state)
        if game.is_chance():
            game.roll()
            continue
        for a in game.legal_actions:
            assert game.parse(str(a)) == a
        game.push(rng.choice(list(game.legal_actions)))


def test_bad_positions_are_refused():
    with pytest.raises(PositionError, match="stacking limit"):
        PKG.position_from_json({"phase": "blue_movement", "turn": 1, "units": {u: {"hex": "0101"} for u in ("B1", "B2", "B3", "B4")}})
    with pytest.raises(PositionError, match="unknown unit"):
        PKG.position_from_json({"phase": "blue_movement", "turn": 1, "units": {"X9": {"hex": "0101"}}})


def test_options():
    specs = PKG.option_specs()
    assert {s.name for s in specs} == {"turns", "fixed_strengths"}
    assert check_options(specs, {}) == {"turns": 6, "fixed_strengths": False}
    with pytest.raises(ParseError, match="turns"):
        PKG.normalise_options({"turns": 3})
    with pytest.raises(ParseError, match="unknown option"):
        PKG.normalise_options({"edition": "1986"})
    game = PKG.new_game({"turns": 4, "fixed_strengths": True}, seed=1)
    play_random(game, random.Random(1))
    assert game.state.turn <= 4


def test_map_meta():
    meta = PKG.map_meta()
    centres = meta["geometry"]["centres"]
    assert len(centres) == 8 * 6 - 2 and "0801" not in centres and "0802" not in centres  # 2.1
    assert meta["geometry"]["orientation"] == "flat"
    assert [p["name"] for p in meta["places"]] == ["Aston", "Brill", "Corvo"]  # 2.5
    assert len(meta["hexsides"]) == 7 and meta["lines"][0]["feature"] == "road"  # 2.3, 2.4
    assert {e["side"] for e in meta["edges"]} == {"blue", "red"}  # 2.6
    for key in ("terrain_styles", "sections", "feature_styles", "printed_lines", "hexes"):
        assert key in meta
    # neighbouring centres are sqrt(3) apart (flat-topped hexes of size 1)
    (x1, y1), (x2, y2) = centres["0101"], centres["0102"]
    assert abs(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 - 3**0.5) < 1e-6


def test_view_describe_rules_doc(finished):
    game = PKG.new_game({}, seed=4)
    game.play_until_decision()
    game.push("plan aston")
    view = PKG.view(game.state, "blue")
    for key in ("game", "seat", "turn", "last_turn", "phase", "phases", "current_player", "status", "units", "control", "battles", "pending", "score"):
        assert key in view
    assert [p["side"] for p in view["phases"]] == ["blue", "blue", "red", "red"]
    d = PKG.describe(game.state, game.parse("move B5 0303"))
    assert (d["verb"], d["units"], d["hex"], d["from"], d["rule"]) == ("move", ["B5"], "0303", "0103", "6.1")
    doc = PKG.rules_doc()
    assert doc["charts"][0]["columns"] == ["1:2", "1:1", "2:1", "3:1", "4:1"]
    assert set(doc["results"]) == {"A2", "A1", "EX", "-", "DR", "D1", "D1R"}


def test_encoding_round_trip_and_masks():
    enc = PKG.encoding()
    game = PKG.new_game({"turns": 4}, seed=8)
    rng = random.Random(8)
    while not game.is_over():
        st = game.state
        if game.is_chance():
            for a, _ in game.chance_outcomes():
                assert enc.chance_outcome(st, enc.chance_index(st, a)) == a
            game.roll()
            continue
        legal = list(game.legal_actions)
        mask = enc.legal_mask(st)
        assert mask.sum() == len(legal)
        for a in legal:
            i = enc.encode(st, a)
            assert mask[i] and enc.decode(st, i) == a
        for side in PKG.sides:
            obs = enc.observation(st, side)
            assert obs.shape == enc.observation_shape and obs.dtype == np.float32
        game.push(rng.choice(legal))


def play(blue, red, seed):
    game = PKG.new_game({}, seed=seed)
    players = {"blue": PKG.players()[blue](seed=seed), "red": PKG.players()[red](seed=seed + 1)}
    while not game.is_over():
        if game.is_chance():
            game.roll()
        else:
            side = game.current_player
            game.push(players[side].choose(game.observed(side, keep_history=False)))
    return game.outcome().winner


@pytest.mark.parametrize("side", ["blue", "red"])
def test_greedy_beats_random(side):
    other = "red" if side == "blue" else "blue"
    wins = sum(play(*(("greedy", "random") if side == "blue" else ("random", "greedy")), seed) == side for seed in range(4))
    assert wins >= 3, f"greedy as {side} won {wins} of 4 against random (the other side: {other})"


def test_evaluate_is_a_value_for_each_side(finished):
    assert PKG.evaluate(finished.state, finished.outcome().winner) == 1.0
    game = PKG.new_game({}, seed=2)
    game.play_until_decision()
    game.push("plan aston")
    v = PKG.evaluate(game.state, "blue")
    assert 0 < v < 1 and abs(v + PKG.evaluate(game.state, "red") - 1) < 1e-9
