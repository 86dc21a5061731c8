"""9.25 / 9.26: one attack on several defending hexes, on a small position of Map C
(C0215 Clear and C0216 Woods, side by side; C0115 and C0315 Clear, next to both; C0214 next
to C0215 only; no river, stream or road between them)."""

from __future__ import annotations

from fractions import Fraction

from ot_helpers import empty_state

from typhoon.games.ot import combat
from typhoon.games.ot.actions import Attack, Roll, parse


def _position():
    rules, s = empty_state()
    s.phase = "german_combat"
    s.stacks.place("299/50", "C0215")  # Clear
    s.stacks.place("41/50", "C0216")  # Woods
    s.stacks.place("339/167/53", "C0115")  # next to both
    s.stacks.place("110/112/53", "C0214")  # next to C0215 only
    s.air = {}
    return rules, s


def test_an_attack_on_two_hexes_is_offered_only_to_units_next_to_both():
    rules, s = _position()
    multi = [a for a in rules.legal_actions(s) if isinstance(a, Attack) and a.also]
    # 9.25: every attacking unit adjacent to every defending unit
    assert Attack("C0215", ("339/167/53",), ("C0216",)) in multi
    assert all("110/112/53" not in a.units for a in multi)
    assert parse(str(multi[0]), lambda u: u, lambda h: h) == multi[0]  # "attack C0215+C0216 339/167/53"
    # 9.22: units of two hexes combine against one hex
    assert any(set(a.units) == {"339/167/53", "110/112/53"} and a.targets == ("C0215",) for a in rules.legal_actions(s)
               if isinstance(a, Attack))


def test_two_hexes_defend_as_one_combat_on_the_line_most_favourable_to_the_defender():
    rules, s = _position()
    clear = combat.odds(s, "C0215", ["339/167/53"])
    woods = combat.odds(s, "C0216", ["339/167/53"])
    both = combat.odds(s, "C0215", ["339/167/53"], also=("C0216",))
    assert (clear["line"], woods["line"]) == ("clear", "woods_town")  # 9.31 / TEC
    assert both["line"] == "woods_town"  # 9.26: the terrain most favourable to the defender
    assert both["defence"] == clear["defence"] + woods["defence"]  # 9.25: a single combat
    att, dfn = Fraction(both["attack"]), Fraction(both["defence"])
    labels = s.data.crt_lines["woods_town"]  # 9.71: odds rounded in the defender's favour
    fitting = [i for i, lab in enumerate(labels) if Fraction(*map(int, lab.rstrip("+").split("-"))) <= att / dfn]
    assert both["column"] == labels[max(fitting) if fitting else 0]


def test_the_attack_engages_both_hexes_and_a_defender_result_hits_both_stacks():
    rules, s = _position()
    rules.apply(s, Attack("C0215", ("339/167/53",), ("C0216",)))
    assert {"C0215", "C0216"} <= s.targets  # 9.15 / 9.21: neither hex may be attacked again this phase
    assert s.battle["defenders"] == ["299/50", "41/50"]  # 9.23: all units in the hexes
    # 9.11 / 9.21: 110/112/53 is next to an enemy hex already engaged: it owes no attack
    assert not combat.required_pairs(s, "german")
    assert s.battle["step"] == "roll"  # no choice left before the dice (no Air Points, fixed strengths)
    col = combat.odds(s, "C0215", ["339/167/53"], also=("C0216",))["column_index"]
    roll = next(r for r in range(2, 13) if s.data.crt_rows[r][col].startswith("D") and "(" not in s.data.crt_rows[r][col])
    rules.apply(s, Roll(roll))  # an unparenthesised D result: each defending stack retreats or loses a step
    seen = set()
    while s.battle is not None and s.battle["step"] == "retreat":
        seen.add(s.battle["retreat"]["from"])
        acts = rules.legal_actions(s)
        rules.apply(s, acts[-1])  # a step lost instead of retreating (9.86)
    assert seen == {"C0215", "C0216"}
