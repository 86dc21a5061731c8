"""Golden tests: odds (7.4), die-roll modifiers and clamping (7.5), the 2d6 table (7.6), the
results (7.7) and the battle procedure run by the core runner (7.1-7.9).

Strengths are the fixed ones of 3.5 (R1 4, R2 4, R5 4, R6 4) unless a test says otherwise.
Neighbours as in test_mini_movement (2.1). ZOCs used below: R2 in 0404 -> 0403 0504 0505 0405
0305 0304; B1 in 0403 -> 0402 0503 0504 0404 0304 0303.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from mini_helpers import PKG, build

from typhoon.core.errors import IllegalActionError
from typhoon.core.odds import ratio_column
from typhoon.games.mini import combat
from typhoon.games.mini.data import mini_data


# -- 7.4 odds ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "attack, defence, label",
    [
        (6, 3, "2:1"),
        (5, 3, "1:1"),  # 1.67 rounds down (in the defender's favour)
        (9, 4, "2:1"),
        (12, 4, "3:1"),
        (3, 4, "1:2"),  # below 1:1: the 1:2 column
        (2, 4, "1:2"),
        (1, 3, "1:2"),  # worse than 1:2 is resolved on 1:2
        (8, 2, "4:1"),
        (20, 4, "4:1"),  # better than 4:1 on 4:1
    ],
)
def test_odds_column(attack, defence, label):
    game = build({"B1": "0101", "R1": "0806"})
    assert mini_data().crt.columns[combat.column(game.state, attack, defence)] == label


def test_odds_below_the_first_column_are_reported_below_it_by_the_core():
    # 7.4: 1:3 is below the table (core: -1); the game resolves it on 1:2
    assert ratio_column(1, 3, mini_data().crt.columns) == -1


# -- 7.6 the exact 2d6 distributions, 7.5 clamping ------------------------------------------------------
def test_distribution_of_the_2_to_1_column():
    # rolls 2,3 A1 (1+2); 4 EX (3); 5,6 - (4+5); 7,8 DR (6+5); 9,10 D1 (4+3); 11,12 D1R (2+1)
    crt = mini_data().crt
    assert crt.distribution(2) == {"A1": F(3, 36), "EX": F(3, 36), "-": F(9, 36), "DR": F(11, 36), "D1": F(7, 36), "D1R": F(3, 36)}


def test_distribution_of_the_1_to_2_column():
    # 2,3 A2 (1+2); 4,5,6 A1 (3+4+5); 7 EX (6); 8,9 - (5+4); 10,11 DR (3+2); 12 D1 (1)
    crt = mini_data().crt
    assert crt.distribution(0) == {"A2": F(3, 36), "A1": F(12, 36), "EX": F(6, 36), "-": F(9, 36), "DR": F(5, 36), "D1": F(1, 36)}


def test_negative_drm_clamps_at_row_2():
    # 2:1 with DRM -2: rolls 2..4 all read row 2 (A1), 5 -> 3 (A1), 6 -> 4 (EX), 7,8 -> 5,6 (-),
    # 9,10 -> 7,8 (DR), 11,12 -> 9,10 (D1)
    crt = mini_data().crt
    assert crt.distribution(2, -2) == {"A1": F(10, 36), "EX": F(5, 36), "-": F(11, 36), "DR": F(7, 36), "D1": F(3, 36)}
    assert crt.result(2, 3, -2) == "A1"


def test_positive_drm_clamps_at_row_12():
    # 4:1 with DRM +3: 2 -> 5 (DR), 3,4 -> 6,7 (D1), 5.. -> 8..12 (D1R)
    crt = mini_data().crt
    assert crt.distribution(4, 3) == {"DR": F(1, 36), "D1": F(5, 36), "D1R": F(30, 36)}
    assert crt.result(4, 12, 3) == "D1R"


# -- 7.5 modifiers, named ----------------------------------------------------------------------------
def mods(game, target, attackers):
    st = game.state
    return [(m.value, m.rule) for m in combat.modifiers(st, target, attackers, list(st.stacks.at(target)))]


def test_forest_modifier():
    game = build({"B1": "0403", "R2": "0404", "R6": "0806"})
    assert mods(game, "0404", ["B1"]) == [(-1, "7.5a")]


def test_river_modifier_only_when_every_attacker_is_across_it():
    # 0504/0403 and 0504/0404 are river hexsides (2.3); 0505/0504 is not
    game = build({"B1": "0403", "B2": "0404", "B3": "0505", "R5": "0504", "R6": "0806"})
    assert mods(game, "0504", ["B1", "B2"]) == [(-1, "7.5b")]
    assert mods(game, "0504", ["B1", "B2", "B3"]) == []


def test_town_and_river_modifiers_add_up():
    # Aston (0502, town) attacked from 0402 across the river: -2 -1
    game = build({"B1": "0402", "B6": "0101", "R1": "0502"})
    assert mods(game, "0502", ["B1"]) == [(-2, "7.5a"), (-1, "7.5b")]


def test_attacker_out_of_supply():
    # 8.1: B5 in 0705 is 6 hexes from column 01; R6 sits on a red source (0805)
    game = build({"B5": "0705", "R6": "0805"})
    assert mods(game, "0805", ["B5"]) == [(-1, "7.5c")]


def test_defender_out_of_supply():
    # R2 in 0404 with B1 0403, B3 0505, B4 0305: every neighbour of 0404 holds a blue unit or
    # lies in blue ZOC (0504, 0405, 0304) -> no trace (8.1): +1
    game = build({"B1": "0403", "B3": "0505", "B4": "0305", "R2": "0404", "R6": "0806"})
    assert mods(game, "0404", ["B1"]) == [(-1, "7.5a"), (1, "7.5c")]


def test_preview_names_every_modifier_and_the_exact_chances():
    # 6 vs 4 -> 1:1, DRM -1 (forest): 2,3 -> row 2 (A2: 1+2); 4,5 -> 3,4 (A1: 3+4); 6 -> 5 (EX: 5);
    # 7,8 -> 6,7 (-: 6+5); 9,10 -> 8,9 (DR: 4+3); 11,12 -> 10,11 (D1: 2+1)
    game = build({"B1": "0403", "R2": "0404", "R6": "0806"})
    p = PKG.battle_preview(game.state, "0404", ["B1"])
    assert (p["attack"], p["defence"], p["column"], p["drm"]) == (6, 4, "1:1", -1)
    assert [(m["value"], m["reason"], m["rule"]) for m in p["modifiers"]] == [(-1, "defender in forest", "7.5a")]
    assert p["results_exact"] == {"A2": "1/12", "A1": "7/36", "EX": "5/36", "-": "11/36", "DR": "7/36", "D1": "1/12"}
    assert PKG.preview(game.state, game.parse("attack 0404 B1")) == p


def test_battle_preview_refuses_what_7_2_forbids():
    game = build({"B1": "0403", "B2": "0101", "R2": "0404", "R6": "0806"})
    with pytest.raises(IllegalActionError, match=r"not adjacent to 0404 \(7.2\)"):
        PKG.battle_preview(game.state, "0404", ["B2"])
    with pytest.raises(IllegalActionError, match=r"holds no red unit"):
        PKG.battle_preview(game.state, "0303", ["B1"])


# -- 7.1-7.9 the procedure ----------------------------------------------------------------------------
def step(game):
    return game.rules.battle_step(game.state)


def test_declare_roll_retreat_advance():
    game = build({"B1": "0403", "R2": "0404", "R6": "0806"})
    game.push("attack 0404 B1")
    assert step(game) == "roll" and game.is_chance()
    events = game.push("roll 9")  # 1:1, DRM -1: row 8 -> DR (7.6)
    assert any("6 vs 4 on 1:1" in str(e) and "roll 9 -> 8: DR" in str(e) for e in events)
    # 7.8: 0403 blue, 0504 and 0304 in blue ZOC; 0305, 0405, 0505 free
    assert step(game) == "retreat" and game.current_player == "red"
    assert sorted(map(str, game.legal_actions)) == ["retreat 0305", "retreat 0405", "retreat 0505"]
    game.push("retreat 0505")
    assert game.state.stacks.hex_of["R2"] == "0505"
    assert step(game) == "advance" and game.current_player == "blue"
    assert sorted(map(str, game.legal_actions)) == ["advance B1", "advance none"]
    game.push("advance B1")
    assert game.state.battle is None and game.state.stacks.hex_of["B1"] == "0404"
    assert game.state.last_battle["result"] == "DR"
    # 7.2: B1 has attacked, 0404 was attacked: nothing more to declare against R2 with B1
    assert [str(a) for a in game.legal_actions] == ["end"]


def test_exchange_then_the_attacker_chooses_its_loss():
    # B1 0403 + B2 0304: 12 vs 4 -> 3:1, forest -1; roll 4 -> 3: EX (7.6). R2 is the only
    # defender (its step is taken at once); Blue chooses between B1 and B2 (7.7).
    game = build({"B1": "0403", "B2": "0304", "R2": "0404", "R6": "0806"})
    game.push("attack 0404 B1 B2")
    game.push("roll 4")
    assert game.state.steps.steps["R2"] == 1
    assert step(game) == "losses" and game.current_player == "blue"
    assert sorted(map(str, game.legal_actions)) == ["loss B1", "loss B2"]
    game.push("loss B2")
    assert game.state.steps.steps["B2"] == 1 and game.state.steps.steps["B1"] == 2
    assert game.state.battle is None  # no retreat due, the hex is held: no advance (7.9)


def test_d1r_eliminates_a_reduced_defender_and_attackers_advance_up_to_the_limit():
    # R2 reduced: strength 4 // 2 = 2 (3.3). 12 vs 2 -> 4:1; forest -1; roll 9 -> 8: D1R
    game = build({"B1": "0403", "B2": "0304", "R2": ("0404", 1), "R6": "0806"})
    game.push("attack 0404 B1 B2")
    game.push("roll 9")
    assert "R2" not in game.state.stacks
    assert sorted(map(str, game.legal_actions)) == ["advance B1", "advance B2", "advance none"]
    game.push("advance B2")
    game.push("advance B1")
    assert game.state.battle is None and game.state.stacks.at("0404") == ("B2", "B1")


def test_no_retreat_possible_costs_a_step_instead():
    # 7.8: R2 surrounded (see test_defender_out_of_supply); DRM -1 +1 = 0; roll 8 on 1:1: DR
    game = build({"B1": "0403", "B3": "0505", "B4": "0305", "R2": "0404", "R6": "0806"})
    game.push("attack 0404 B1")
    events = game.push("roll 8")
    assert any("cannot retreat" in str(e) for e in events)
    assert game.state.steps.steps["R2"] == 1 and game.state.stacks.hex_of["R2"] == "0404"
    assert game.state.battle is None


def test_clamped_roll_and_attacker_losses():
    # Aston from across the river: 6 vs 4 -> 1:1, DRM -3; roll 3 -> 0, clamped to 2: A2 (7.5, 7.6)
    game = build({"B1": "0402", "B6": "0101", "R1": "0502"})
    game.push("attack 0502 B1")
    events = game.push("roll 3")
    assert any("roll 3 -> 2: A2" in str(e) for e in events)
    assert "B1" not in game.state.stacks  # two steps: eliminated (3.1)


def test_sudden_death_when_a_side_has_no_units_left():
    # 9.4: Blue's only unit is eliminated
    game = build({"B1": "0402", "R1": "0502"})
    game.push("attack 0502 B1")
    game.push("roll 3")
    assert game.outcome().winner == "red"


def test_a_declared_battle_cannot_be_undone():
    # 7.3: even without a chit to reveal (fixed strengths) the declaration is final
    game = build({"B1": "0403", "R2": "0404", "R6": "0806"})
    game.push("attack 0404 B1")
    assert "final" in game.undo_refusal("blue")
