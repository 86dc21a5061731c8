"""11.7-11.9 and 11.21: odds on an unbounded ratio scale, shifts before clamping."""

from typhoon.core.odds import Shift
from typhoon.games.dom.combat_odds import COLUMNS, final_odds, label, odds_index


def test_11_7_example_26_against_7_is_3_to_1():
    assert label(odds_index(26, 7)) == "3:1"  # L1077-1079 (D-1: 26/7 = 3.71)
    assert label(odds_index(27, 7)) == "3:1"


def test_11_8_example_5_against_11_is_1_to_3():
    assert label(odds_index(5, 11)) == "1:3"  # L1090-1093: 11/5 = 2.2 rounds up to 3


def test_equal_and_just_below():
    assert label(odds_index(7, 7)) == "1:1"
    assert label(odds_index(6, 7)) == "1:2"


def test_11_21_twenty_to_one_shifted_two_left_is_eighteen_to_one_automatic_de():
    o = final_odds(20, 1, [Shift(-2, "city", "11.17")])
    assert label(o.final) == "18:1" and o.automatic == "DE" and o.column is None


def test_11_9_above_5_to_1_automatic_de_and_5_to_1_rolled():
    assert final_odds(6, 1).automatic == "DE"
    o = final_odds(5, 1)
    assert o.automatic is None and COLUMNS[o.column] == "5:1"


def test_11_9_below_1_to_3_automatic_al1_even_after_a_shift_from_inside():
    assert final_odds(1, 4).automatic == "AL1"
    o = final_odds(1, 3, [Shift(-1, "river", "11.14")])
    assert label(o.final) == "1:4" and o.automatic == "AL1"


def test_shift_back_onto_the_table_from_outside():
    o = final_odds(1, 4, [Shift(1, "air", "11.19")])
    assert COLUMNS[o.column] == "1:3"


def test_out_of_supply_attack_zero_is_automatic_al1():
    assert final_odds(0, 3).automatic == "AL1"  # 8.5 L648-650
