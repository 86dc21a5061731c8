"""9.99: "combat results take effect after all attacks from a single hex have been rolled for. If
two units in a single hex are attacking two different hexes, no combat results may be applied until
the second attack has been resolved (the attacker applying results to his units first). If, in one
attack, the defender is permitted to advance, and in the other the attacker may advance, then
neither Player may advance his units after combat." (003 L823-825)

Position (Map C), Russian Combat Phase: a Russian division and a tank brigade stacked in C0115 (a
south-edge hex; 7.22 lets both fight from one stack), German regiments in C0216 and C0114, two hexes
that touch C0115 but not each other."""

from __future__ import annotations

from ot_helpers import empty_state

from typhoon.games.ot import combat
from typhoon.games.ot.actions import Advance, Attack, End, Loss, Retreat, Roll

G1, G2 = "339/167/53", "110/112/53"
A, B = "299/50", "32/50"  # 18.12: 299/50(I) a division, 32/50(T) a tank brigade


def _position():
    rules, s = empty_state()
    s.phase, s.air = "russian_combat", {}
    s.stacks.place(A, "C0115")
    s.stacks.place(B, "C0115")
    s.stacks.place(G1, "C0216")
    s.stacks.place(G2, "C0114")
    return rules, s


def _roll(s, target, units, prefix):
    """A 2d6 total giving a ``prefix`` (A or D) result with a retreat (9.83-9.86), read off the CRT."""
    col = combat.odds(s, target, list(units))["column_index"]
    return next(r for r in range(2, 13) if combat.parse_result(s.data.crt_rows[r][col])[0] == prefix
                and combat.parse_result(s.data.crt_rows[r][col])[1] > 0)


def test_results_wait_until_the_second_attack_from_the_hex_is_rolled():
    rules, s = _position()
    rules.apply(s, Attack("C0216", (A,)))
    rules.apply(s, Roll(_roll(s, "C0216", (A,), "D")))
    # the first result waits: nothing moved, and only an attack from C0115 (or End) is offered
    assert s.battle is None and s.at("C0216") == (G1,) and len(s.deferred) == 1
    legal = rules.legal_actions(s)
    assert Attack("C0114", (B,)) in legal and End() in legal
    assert all(isinstance(a, End) or any(s.hex_of(u) == "C0115" for u in a.units) for a in legal)
    rules.apply(s, Attack("C0114", (B,)))
    rules.apply(s, Roll(_roll(s, "C0114", (B,), "D")))
    # the second roll releases both results: the first combat's defenders now retreat or lose steps
    assert s.battle is not None and s.battle["target"] == "C0216" and s.battle["step"] == "retreat"
    assert len(s.deferred) == 1 and s.deferred[0]["target"] == "C0114"


def test_end_applies_a_waiting_result_when_no_second_attack_is_made():
    rules, s = _position()
    rules.apply(s, Attack("C0216", (A,)))
    rules.apply(s, Roll(_roll(s, "C0216", (A,), "D")))
    assert s.battle is None and s.deferred
    rules.apply(s, End())  # no further attack from C0115: the result takes effect, the phase goes on
    assert s.phase == "russian_combat" and s.battle is not None and s.battle["step"] == "retreat"


def test_attacker_results_first_and_opposite_advances_cancel():
    rules, s = _position()
    rules.apply(s, Attack("C0216", (A,)))
    rules.apply(s, Roll(_roll(s, "C0216", (A,), "D")))  # here the attacker would advance
    rules.apply(s, Attack("C0114", (B,)))
    rules.apply(s, Roll(_roll(s, "C0114", (B,), "A")))  # here the defender would advance
    # the attacker applies results to his own units first: the A result of the C0114 attack
    assert s.battle["target"] == "C0114" and s.battle["winner"] == "german"
    steps = []
    while s.battle is not None:
        steps.append(s.battle["step"])
        acts = rules.legal_actions(s)
        assert not any(isinstance(a, Advance) and a.unit is not None for a in acts), "9.99: neither side advances"
        moves = [a for a in acts if isinstance(a, Retreat)]
        rules.apply(s, moves[0] if moves else next(a for a in acts if isinstance(a, (Loss, Advance))))
    assert "advance" not in steps and not s.deferred
    assert not s.at("C0216") or s.at("C0216") == (G1,)  # nobody advanced into the vacated hexes
    assert s.hex_of("41/50") in (None, "C0114") and s.hex_of("299/50") != "C0115"
