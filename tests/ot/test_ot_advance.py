"""9.95 / 9.96: the victors of an "A" result (the defenders) advance into the hex the
retreating attackers left, on a small position of Map C (C0115 and C0215 side by side)."""

from __future__ import annotations

from ot_helpers import empty_state

from typhoon.games.ot import combat
from typhoon.games.ot.actions import Advance, Attack, Loss, Retreat, Roll


def test_defenders_advance_into_the_hex_the_attackers_retreated_from_after_an_a_result():
    rules, s = empty_state()
    s.phase, s.air = "german_combat", {}
    s.stacks.place("299/50", "C0215")
    for u in ("339/167/53", "315/167/53"):
        s.stacks.place(u, "C0115")
    attackers = ("339/167/53", "315/167/53")
    rules.apply(s, Attack("C0215", attackers))
    col = combat.odds(s, "C0215", list(attackers))["column_index"]
    # an A result with a retreat of one hex or more (9.83: the attacker loses)
    roll = next(r for r in range(2, 13) if s.data.crt_rows[r][col].startswith("A"))
    rules.apply(s, Roll(roll))
    retreated = False
    while s.battle is not None and s.battle["step"] in ("losses", "retreat"):
        acts = rules.legal_actions(s)
        moves = [a for a in acts if isinstance(a, Retreat)]
        if s.battle["step"] == "retreat" and moves:
            rules.apply(s, moves[0])  # 9.92: the stack retreats as a whole
            retreated = True
        else:
            rules.apply(s, next(a for a in acts if isinstance(a, Loss)))
    assert retreated and not s.at("C0115")
    assert s.battle is not None and s.battle["step"] == "advance" and s.battle["actor"] == "russian"
    legal = rules.legal_actions(s)
    # 9.96 A: the first hex entered is the hex the retreating units left; never required (Note)
    assert Advance("299/50", "C0115") in legal and Advance(None) in legal
    assert all(a.to == "C0115" for a in legal if a.unit is not None)
    rules.apply(s, Advance("299/50", "C0115"))
    assert s.hex_of("299/50") == "C0115"
