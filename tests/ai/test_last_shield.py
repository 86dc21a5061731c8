"""The German's last combat phase planned for holding Moscow (``g_last_shield``, heuristic.py;
issue 13). Expected plans are derived from the rules, not from the code.

1986 edition (001): whoever holds Moscow at the end of turn 7 wins; the Soviet player turn
(replacements, rail movement, combat, movement) follows the German's, so a German Moscow must
survive one Soviet combat phase, fought only from the six hexes next to it (9.0). Odds are attack
over defence, fractions dropped; Moscow shifts one column left for its defender; below 1:1 an
attack has no effect (001 "Maximum and Minimum Odds", the Terrain Effects Chart); a fortification
shifts one column for a Soviet defender only. CRT: 1:1 empties the defender's hex on 1 (DR) and
2-3 (EX: a step, then the survivor retreats); 3:1 on every face (DR, DR, DR, EX, EX, DRL).
Counters: XLI and LVII 12-6 panzer corps; 10A, 13A, 16A 8-4 armies. Map: Moscow 1103; 1102 and
1203 fortified and next to it, 1202 clear and next to it; 1302 next to 1202; no river between
any of these hexes.
"""

from __future__ import annotations

from typhoon.core.game import Game
from typhoon.games.bfm import RULES, position
from typhoon.games.bfm.actions import Attack, Commit
from typhoon.games.bfm.ai.heuristic import HeuristicPlayer


def last_turn(units: dict[str, str]):
    """1986, turn 7, German Combat Phase, Moscow German; ``units`` (unit: hex) at full strength."""
    doc = {"options": {"edition": "1986"}, "turn": 7, "phase": "german_combat",
           "units": {u: {"hex": h, "reduced": False} for u, h in units.items()}}
    st = position.from_json(doc)
    st.control["1103"] = "german"
    return st


def test_two_armies_next_to_a_german_moscow_cannot_retake_it_so_no_battle_is_planned():
    # 10A + 13A = 16 against LVII's 12: 1:1, Moscow's shift makes it below 1:1, no effect: Moscow
    # is held whatever the German does, and the fewest units that hold it is none
    st = last_turn({"LVII": "1103", "XLI": "1302", "10A": "1102", "13A": "1203"})
    assert HeuristicPlayer._last_shield(st) == []


def test_the_third_army_is_attacked_by_the_garrison_and_its_neighbour_together():
    # Three armies next to Moscow: 24 against 12 is 2:1, shifted to 1:1: the Soviet empties Moscow
    # on half the faces. Without 16A the other two cannot attack it at all (above). 16A in clear
    # 1202: XLI (1302) alone is 12 against 8, 1:1, so 16A stays on half the faces (Moscow held
    # 1/2 + 1/2 x 1/2 = 3/4); LVII from Moscow and XLI together are 24 against 8, 3:1, which empties
    # 1202 on every face (held for certain). 10A and 13A sit in fortifications: LVII alone against
    # either is 1:1 shifted below 1:1, no battle at all.
    st = last_turn({"LVII": "1103", "XLI": "1302", "10A": "1102", "13A": "1203", "16A": "1202"})
    assert HeuristicPlayer._last_shield(st) == [("1202", ["LVII", "XLI"])]
    plan = HeuristicPlayer(seed=0, knob_g_last_shield=1).plan_attacks(st, "german")
    assert plan == [Attack("LVII", "1202"), Attack("XLI", "1202"), Commit()]


def test_the_shield_is_a_knob_off_in_every_style():
    # the heuristic itself (the row's opponent, the playouts' policy) is unchanged: only a
    # candidate plan of search-hard would ask for it
    st = last_turn({"LVII": "1103", "XLI": "1302", "10A": "1102", "13A": "1203", "16A": "1202"})
    plan = HeuristicPlayer(seed=0).plan_attacks(st, "german")
    assert Attack("LVII", "1202") not in plan  # 9.0: the garrison sits (g_sit) without the shield


def test_the_garrison_never_attacks_alone_the_hex_it_would_leave_open():
    # 16A (1202) has no German neighbour but LVII in Moscow. LVII alone would empty 1202 on half
    # the faces (12 against 8, 1:1), but only LVII could then enter it, leaving Moscow (9.0 step
    # 6): an empty 1202 lets a Soviet rail mover stop next to Moscow before combat (4.0, 8.1, 7.0).
    # Three armies next to Moscow, nothing planned: the plan is the others' battles alone.
    st = last_turn({"LVII": "1103", "XLI": "0904", "10A": "1102", "13A": "1203", "16A": "1202"})
    assert HeuristicPlayer._last_shield(st) == []


def test_the_fewest_units_that_hold_moscow_for_certain_and_the_garrison_keeps_its_steps():
    # 24A (4, reduced) in clear 1202; 10A and 13A (8 each) in fortified 1102 and 1203. LVII (12)
    # holds Moscow; XLI (12) in 1302 is next to 1202 only. XLI alone against 24A: 12 against 4,
    # 3:1, 1202 emptied on every face, and the two armies left (16) cannot attack LVII's 12 (1:1,
    # shifted below 1:1). The garrison does not join: XLI alone already holds Moscow for certain,
    # and its own EX step (faces 4-5) leaves LVII, not XLI, to keep Moscow.
    st = last_turn({"LVII": "1103", "XLI": "1302", "10A": "1102", "13A": "1203", "24A": "1202"})
    st.reduced.add("24A")
    assert HeuristicPlayer._last_shield(st) == [("1202", ["XLI"])]


def test_a_shield_plan_is_played_unsearched_only_with_both_knobs():
    # g_last_unsearched: where the shield plans battles (the third army, above) a search player
    # plays that plan as its policy makes it ("policy"); where it plans none (two armies cannot
    # retake Moscow, above) or the knob is off, the declarations are searched as before ("plan")
    def kind(st, **knobs):
        game = Game(RULES, dict(st.options.to_dict()), 0, state=st, keep_history=False)
        return HeuristicPlayer(seed=0, **knobs).search_kind(game)

    three = last_turn({"LVII": "1103", "XLI": "1302", "10A": "1102", "13A": "1203", "16A": "1202"})
    two = last_turn({"LVII": "1103", "XLI": "1302", "10A": "1102", "13A": "1203"})
    both = {"knob_g_last_shield": 1, "knob_g_last_unsearched": 1}
    assert kind(three, **both) == "policy"
    assert kind(three, knob_g_last_shield=1) == "plan"
    assert kind(three, knob_g_last_unsearched=1) == "plan"
    assert kind(two, **both) == "plan"
