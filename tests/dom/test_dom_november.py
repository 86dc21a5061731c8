"""12.0-12.3 the November Offensive timing and effects, with the text's examples."""

import pytest

from typhoon.games.dom import november_offensive as no


def test_12_0_window_is_turns_4_to_7_once():
    assert [t for t in range(1, 10) if no.may_declare(t, None)] == [4, 5, 6, 7]
    assert not no.may_declare(6, 5)


def test_12_1_example_declared_gt5_mech_1_foot_2():
    assert no.mf(3, "mech", 5, 5) == 1 and no.mf(3, "non_mech", 5, 5) == 2  # L1385-1390


def test_12_2_example_declared_gt6_executed_gt7_mech_8_foot_5():
    assert no.phase(7, 6) == "execution"  # L1425-1426
    assert no.mf(6, "mech", 7, 6) == 8 and no.mf(4, "non_mech", 7, 6) == 5  # L1433-1436


def test_12_1_no_german_attacks_in_declaration_turn():
    assert not no.german_attacks_allowed(5, 5)
    assert no.german_attacks_allowed(6, 5)


def test_stalin_minimum_is_three_times_the_die():
    assert [no.stalin_minimum(d) for d in (1, 6)] == [3, 18]
    with pytest.raises(ValueError):
        no.stalin_minimum(7)


def test_pa_bonus_never_cumulative():
    assert no.german_pa_bonus(7, 6, fight_move=True) == 1  # 12.2 L1441-1443
    assert no.german_pa_bonus(1, None, fight_move=True) == 1  # 5.3 L466-468
    assert no.german_pa_bonus(3, None, fight_move=False) == 0


def test_12_3_forfeit_from_gt7_german_1l_soviet_1r():
    assert no.forfeit_shift("german", 6, None) == 0
    assert no.forfeit_shift("german", 7, None) == -1 and no.forfeit_shift("soviet", 9, None) == 1
    assert no.forfeit_shift("german", 8, 7) == 0
