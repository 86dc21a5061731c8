"""Procedures as data: order of steps, jumps, copies, and data errors."""

import pytest

from typhoon.core.errors import ParseError
from typhoon.core.procedure import Procedure, ProcedureState, Runner, Step

BATTLE = {
    "name": "battle",
    "steps": [
        {"name": "declare", "kind": "choice", "actor": "attacker", "rule": "7.2"},
        {"name": "roll", "kind": "chance"},
        {"name": "retreat", "kind": "choice", "actor": "defender"},
        {"name": "advance", "kind": "choice", "actor": "attacker"},
    ],
}


def runner():
    return Runner({"battle": Procedure.from_json(BATTLE)})


def test_steps_run_in_order_and_end():
    r = runner()
    ps = r.start("battle", target="0505", attackers=["a"])
    assert ps == ProcedureState("battle", 0, {"target": "0505", "attackers": ["a"]})
    assert r.step(ps) == Step("declare", "choice", "attacker", "7.2")
    assert r.advance(ps).name == "roll" and r.step(ps).kind == "chance"
    assert r.advance(ps).actor == "defender"
    assert r.advance(ps).name == "advance" and not r.done(ps)
    assert r.advance(ps) is None and r.done(ps)
    assert r.advance(ps) is None and ps.index == 4
    with pytest.raises(ParseError, match="done"):
        r.step(ps)


def test_goto_and_finish():
    r = runner()
    ps = r.start("battle")
    assert r.goto(ps, "advance").name == "advance" and ps.index == 3
    assert r.goto(ps, "roll").name == "roll" and ps.index == 1
    with pytest.raises(ParseError, match="'battle' has no step 'rout'"):
        r.goto(ps, "rout")
    r.finish(ps)
    assert r.done(ps)


def test_copy_is_independent():
    r = runner()
    ps = r.start("battle", attackers=["a"])
    c = ps.copy()
    r.advance(c)
    c.data["attackers"].append("b")
    assert ps.index == 0 and ps.data["attackers"] == ["a"] and c.data["attackers"] == ["a", "b"]


def test_bad_data_is_named():
    with pytest.raises(ParseError, match="kind 'dice'"):
        Procedure.from_json({"name": "p", "steps": [{"name": "x", "kind": "dice"}]})
    with pytest.raises(ParseError, match="needs an actor"):
        Procedure.from_json({"name": "p", "steps": [{"name": "x", "kind": "choice"}]})
    with pytest.raises(ParseError, match="repeats steps \\['x'\\]"):
        Procedure.from_json({"name": "p", "steps": [{"name": "x", "kind": "auto"}] * 2})
    with pytest.raises(ParseError, match="'steps'"):
        Procedure.from_json({"name": "p"})
    with pytest.raises(ParseError, match="unknown keys \\['who'\\]"):
        Procedure.from_json({"name": "p", "steps": [{"name": "x", "kind": "auto", "who": 1}]})
    with pytest.raises(ParseError, match="no procedure 'siege'"):
        runner().start("siege")
