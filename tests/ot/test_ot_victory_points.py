"""16.13-16.15, 16.3 (German Victory Point Index) and 16.4 (Destroyed Russian Unit Box), with the
text's example (16.15 L1219): four Russian units eliminated and Tula captured, then lost again in the
Russian Player-Turn: 4 VP at the Game-Turn Indication Stage, not 14."""

from __future__ import annotations

from ot_helpers import empty_state

TULA = "C1820"
KILLED = ["299/50", "260/50", "413/50", "154/50"]


def _campaign_position():
    rules, s = empty_state("18.4")
    s.pending = None
    s.control = {TULA: "russian"}  # only Tula's marker matters here
    for u in KILLED:
        s.stacks.place(u, "C3030")
    s.stacks.place("339/167/53", "C1718")
    return rules, s


def _kill_all(rules, s):
    for u in KILLED:
        rules._eliminate(s, u, [], "test")


def test_16_15_example_tula_lost_again_gives_only_the_four_destroyed_units():
    rules, s = _campaign_position()
    _kill_all(rules, s)
    s.stacks.move("339/167/53", TULA)
    s.control[TULA] = "german"  # 16.14(b): the last to pass through
    # the Russian Player-Turn: a Russian unit forces the Germans out and re-enters Tula
    s.stacks.move("339/167/53", "C1718")
    s.stacks.place("290/49", TULA)
    s.turn, s.phase = 5, "turn_indication"
    rules._turn_indication(s, [])
    assert s.vp == 4  # 16.3: the index shows 4, "He would not be awarded 14"
    assert s.destroyed == KILLED  # 16.4: the box holds the four units, one VP each (16.13)


def test_16_14_tula_held_and_traced_adds_ten():
    rules, s = _campaign_position()
    _kill_all(rules, s)
    s.stacks.move("339/167/53", TULA)
    s.turn, s.phase = 5, "turn_indication"
    rules._turn_indication(s, [])
    assert s.vp == 14  # 16.14(a) ten for Tula + 16.13 four destroyed units


def test_16_13_destroyed_units_never_return_and_18_18e_records_nothing_in_18_1():
    rules, s = _campaign_position()
    _kill_all(rules, s)
    assert all(s.off_map[u] == "eliminated" and u not in s.stacks for u in KILLED)
    rules2, s2 = empty_state("18.1")
    s2.stacks.place("299/50", "C3030")
    rules2._eliminate(s2, "299/50", [], "test")
    s2.turn, s2.phase = 5, "turn_indication"
    rules2._turn_indication(s2, [])
    assert s2.destroyed == ["299/50"] and s2.vp == 0  # 18.18(e): no VP recorded in 18.1
