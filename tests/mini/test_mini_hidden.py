"""Golden tests: hidden information. Red strength chits are drawn seen by nobody (3.3) and
revealed at a unit's first battle (3.4, 7.3); Blue's plan is seen by Blue only until the end
(9.1). Nothing hidden may reach a seat's view, log, observed game or research observation."""

from __future__ import annotations

import json
import random
from fractions import Fraction as F

import numpy as np
import pytest
from mini_helpers import PKG, build, play_random

from typhoon.core.errors import UndoError
from typhoon.games.mini.actions import PLANS
from typhoon.games.mini.state import UNKNOWN

SEATS = ("blue", "red", None)
RED = ("R1", "R2", "R3", "R4", "R5", "R6")


def drawn(values, plan=None, seed=0):
    """A new game with the chits ``values`` drawn for R1..R6 (and Blue's plan, if given)."""
    game = PKG.new_game({}, seed=seed)
    for unit, v in zip(RED, values):
        game.push(f"chit {unit} {v}")
    if plan:
        game.push(f"plan {plan}")
    return game


def everything_seat_sees(game, seat):
    enc = PKG.encoding()
    return (
        json.dumps(PKG.view(game.state, seat), sort_keys=True),
        json.dumps(game.log_view(seat), sort_keys=True),
        json.dumps(PKG.position_to_json(game.observed(seat).state), sort_keys=True),
        enc.observation(game.state, seat or "red").tobytes() if seat else b"",
    )


def test_chit_draw_chances_follow_the_pool():
    # 3.3: eight chits 2 3 3 4 4 5 5 6; after a 6 is drawn for R1, seven remain
    game = PKG.new_game({}, seed=1)
    assert game.is_chance() and game.current_player is None
    assert [(str(a), p) for a, p in game.chance_outcomes()] == [
        ("chit R1 2", F(1, 8)), ("chit R1 3", F(2, 8)), ("chit R1 4", F(2, 8)), ("chit R1 5", F(2, 8)), ("chit R1 6", F(1, 8)),
    ]
    game.push("chit R1 6")
    assert [(str(a), p) for a, p in game.chance_outcomes()] == [
        ("chit R2 2", F(1, 7)), ("chit R2 3", F(2, 7)), ("chit R2 4", F(2, 7)), ("chit R2 5", F(2, 7)),
    ]


def test_draws_are_seen_by_nobody():
    game = drawn([6, 5, 5, 4, 4, 3])
    for seat in SEATS:
        log = game.log_view(seat)
        assert [e["action"] for e in log] == [f"chit drawn for {u}" for u in RED]
        assert all(e["events"] == [f"{u} draws a strength chit (face down, 3.3)"] for e, u in zip(log, RED))
        view = PKG.view(game.state, seat)
        for unit in view["units"]:
            if unit["side"] == "red":
                assert unit["hidden"] and unit["strength"] is None and unit["values"].startswith("?-")
        obs = game.observed(seat).state
        assert all(v == UNKNOWN for v in obs.chits.values()) and all(c == UNKNOWN for c in obs.cup)
    assert game.log_view("red", omniscient=True)[0]["action"] == "chit R1 6"


def test_different_draws_look_the_same_to_every_seat():
    a = drawn([6, 5, 5, 4, 4, 3], plan="aston")
    b = drawn([2, 3, 3, 4, 4, 5], plan="aston")
    for seat in SEATS:
        assert everything_seat_sees(a, seat) == everything_seat_sees(b, seat)


def test_undo_refused_after_a_draw():
    game = PKG.new_game({}, seed=2)
    game.roll()
    assert game.undo_refusal(None).startswith("cannot undo past the die roll (chit drawn for R1)")
    with pytest.raises(UndoError):
        game.undo()


def test_secret_plan_is_seen_by_blue_only():
    a = drawn([6, 5, 5, 4, 4, 3], plan="aston")
    b = drawn([6, 5, 5, 4, 4, 3], plan="brill")
    assert PKG.view(b.state, "blue")["plan"] == "brill"
    assert b.log_view("blue")[-1]["action"] == "plan brill"
    for seat in ("red", None):
        assert PKG.view(b.state, seat)["plan"] == UNKNOWN
        assert b.log_view(seat)[-1]["action"] == "Blue chooses a secret plan"
        assert b.observed(seat).state.plan == UNKNOWN
        assert everything_seat_sees(a, seat) == everything_seat_sees(b, seat)
    enc = PKG.encoding()
    assert not np.array_equal(enc.observation(a.state, "blue"), enc.observation(b.state, "blue"))


def test_plan_revealed_at_the_end():
    # 9.1: the plan is revealed to both sides when the game ends
    game = drawn([6, 5, 5, 4, 4, 3], plan="brill", seed=5)
    play_random(game, random.Random(5))
    texts = [t for e in game.log_view("red") for t in e["events"]]
    assert "Blue's secret plan was: take Brill (9.1)" in texts
    assert PKG.view(game.state, "red")["plan"] == "brill"
    assert game.log[-1].reveal


def hidden_battle(r2_chit):
    # R2 (chit face down) in 0404, B1 in 0403; other chits in the cup
    cup = [2, 3, 3, 4, 4, 5, 5, 6]
    cup.remove(r2_chit)
    return build({"B1": "0403", "R2": "0404", "R6": "0806"}, fixed=False, chits={"R2": r2_chit}, cup=cup)


def test_preview_never_uses_a_face_down_chit():
    # 6 against an unknown chit of the pool: 2 -> 3:1 (1/8), 3 -> 2:1 (2/8), 4, 5, 6 -> 1:1 (5/8)
    views = [PKG.battle_preview(hidden_battle(v).state, "0404", ["B1"]) for v in (2, 6)]
    assert views[0] == views[1]
    p = views[0]
    assert p["defence"] is None and p["column"] is None and p["hidden"] == ["R2"]
    assert p["columns"] == {"3:1": 1 / 8, "2:1": 2 / 8, "1:1": 5 / 8}


def test_reveal_at_first_battle_then_no_undo():
    game = hidden_battle(6)
    assert PKG.view(game.state, "red")["units"][7]["strength"] is None  # R2
    events = game.push("attack 0404 B1")
    assert game.log[-1].reveal
    for seat in SEATS:
        assert "R2 revealed: strength 6 (3.4)" in game.log_view(seat)[-1]["events"]
        r2 = next(u for u in PKG.view(game.state, seat)["units"] if u["id"] == "R2")
        assert (r2["strength"], r2["hidden"], r2["values"]) == (6, False, "6-4")
    assert any(getattr(e, "reveal", False) for e in events)
    assert game.undo_refusal("blue").startswith("cannot undo past a reveal")
    with pytest.raises(UndoError):
        game.undo("blue")
    # the revealed 6 has left the unknown pool: R6's chit is one of 2 3 3 4 4 5 5
    from typhoon.games.mini.combat import unknown_chits

    assert sorted(unknown_chits(game.state)) == [2, 3, 3, 4, 4, 5, 5]


def test_sample_hidden_deals_consistently_from_the_pool():
    game = drawn([6, 5, 5, 4, 4, 3], plan="brill")
    rules = PKG.rules
    seen = set()
    for seed in range(12):
        s = rules.sample_hidden(game.state, "red", random.Random(seed))
        values = [s.chits[u] for u in RED] + list(s.cup)
        assert sorted(values) == [2, 3, 3, 4, 4, 5, 5, 6]
        assert s.plan in PLANS
        seen.add(tuple(values))
    assert len(seen) > 1
    # Blue knows its plan: it is kept; revealed chits are kept as they are
    assert all(rules.sample_hidden(game.state, "blue", random.Random(i)).plan == "brill" for i in range(5))
    battle = hidden_battle(6)
    battle.push("attack 0404 B1")
    assert rules.sample_hidden(battle.state, "red", random.Random(0)).chits["R2"] == 6


def test_fixed_strengths_draw_nothing():
    # 3.5: no chits; Blue chooses its plan at once; red strengths are printed
    game = PKG.new_game({"fixed_strengths": True}, seed=0)
    assert not game.is_chance() and game.current_player == "blue"
    assert sorted(map(str, game.legal_actions)) == ["plan aston", "plan brill"]
    r = {u["id"]: u for u in PKG.view(game.state, "blue")["units"]}
    assert (r["R1"]["strength"], r["R3"]["strength"], r["R4"]["hidden"]) == (4, 3, False)
