"""The Soviet defence of Battle for Moscow's heuristic (typhoon/games/bfm/ai/heuristic.py, issue 13).

Expected choices are derived from the rules, not from the code: in the German player turn only
the panzers move before the Combat Phase (4.0 sequence of play: Panzer Movement, then Combat),
so the German infantry attacks next turn from the hexes it holds now; odds are attack divided by
defence, fractions dropped (9.0), shifted one column left for a defender in forest and in a major
city (9.2: Moscow is one, 000 3.0/9.2); below 1:1 an attack has no effect (9.1). Counter values
from the 2009 manifest: 24A and 13A 8/4 Soviet armies, 10A 8/4; XXII and XXXV 8-4 and VII 7-4
German infantry corps. Turn 5 is clear and so is turn 6, when the German attacks next.
"""

from __future__ import annotations

from typhoon.games.bfm import combat, position
from typhoon.games.bfm.actions import Move
from typhoon.games.bfm.ai.heuristic import HeuristicPlayer


def soviet_to_move(units: dict[str, str | tuple[str, str]], movers: set[str], turn: int = 5):
    """A Soviet Movement Phase position; only ``movers`` may still move (the others moved)."""
    doc = {"options": {"edition": "2009"}, "turn": turn, "phase": "soviet_movement", "units": {}}
    for u, spec in units.items():
        h, red = (spec[0], True) if isinstance(spec, tuple) else (spec, False)
        doc["units"][u] = {"hex": h, "reduced": red}
    st = position.from_json(doc)
    st.moved = {u for u in st.hex_of if u not in movers}
    return st


def destination(plan: list, unit: str, here: str) -> str:
    moves = [a.to for a in plan if isinstance(a, Move) and a.unit == unit]
    return moves[-1] if moves else here


def odds_from_adjacent_infantry(st, unit: str, hex_: str):
    """The odds every German unit next to ``hex_`` would have against ``unit`` standing there."""
    data = st.data
    scratch = st.copy()
    scratch.put(unit, hex_)
    attackers = [u for n in data.neighbours[hex_] for u in scratch.occupants(n) if data.units[u].side == "german"]
    return combat.battle_odds(scratch, hex_, attackers) if attackers else None


# The cities within reach are held by Soviet units that have moved, so no city draws 24A.
CITIES_HELD = {"10A": "1103", "13A": "1107", "16A": "0809", "19A": "0805", "20A": "0803", "29A": "0603", "30A": "0601"}


def test_soviet_unit_leaves_a_forest_hex_the_infantry_attacks_at_3_to_1_for_an_equal_one():
    # 24A (reduced, 4) in forest 0604; XXII in 0605 and XXXV in 0504 are next to it: 16 vs 4 =
    # 4:1, forest -1 = 3:1 (0605 is not across a river, so 9.2's river shift does not apply).
    # 0704, one hex nearer Moscow, is forest too; the only German next to it is VII in 0804:
    # 7 vs 4 = 1:1, forest -1: below 1:1, no effect (9.1). Staying is the 3:1 blunder.
    units = {**CITIES_HELD, "24A": ("0604", "r"), "XXII": "0605", "XXXV": "0504", "VII": "0804"}
    st = soviet_to_move(units, {"24A"})
    stay = odds_from_adjacent_infantry(st, "24A", "0604")
    assert stay is not None and stay.label == "3:1"
    assert odds_from_adjacent_infantry(st, "24A", "0704").column is None
    to = destination(HeuristicPlayer(seed=0).plan_movement(st, "soviet"), "24A", "0604")
    odds = odds_from_adjacent_infantry(st, "24A", to)
    assert to != "0604"
    assert odds is None or odds.column is None or odds.column < 2, (to, odds and odds.label)


def test_moscow_is_held_by_the_strongest_unit_that_can_reach_it_when_attackable():
    # XXII (8) in 1202 is next to Moscow (1103, a major city; no river on that hexside): against the reduced 13A (4) it
    # gets 8 vs 4 = 2:1, major city -1 = 1:1; against the full 10A (8), 1:1 -1: no effect.
    units = {"13A": ("1002", "r"), "10A": "1204", "XXII": "1202", "16A": "1107"}
    st = soviet_to_move(units, {"13A", "10A"})
    assert odds_from_adjacent_infantry(st, "13A", "1103").label == "1:1"
    assert odds_from_adjacent_infantry(st, "10A", "1103").column is None
    plan = HeuristicPlayer(seed=0).plan_movement(st, "soviet")
    assert destination(plan, "10A", "1204") == "1103"
    assert destination(plan, "13A", "1002") != "1103"


def test_s_swap_a_reduced_garrison_of_moscow_gives_it_up_to_a_full_unit():
    # The same odds as above, with the reduced 13A (4) already in Moscow: left there it faces
    # 1:1, the full 10A (8) there none. 8.2.2: a unit may enter a hex holding a friendly unit,
    # one unit per hex at the end of the phase, so 10A enters Moscow and 13A then leaves it.
    units = {"13A": ("1103", "r"), "10A": "1204", "XXII": "1202", "16A": "1107"}
    st = soviet_to_move(units, {"13A", "10A"})
    plan = HeuristicPlayer(seed=0).plan_movement(st, "soviet")
    assert destination(plan, "10A", "1204") == "1103"
    assert destination(plan, "13A", "1103") not in ("1103", "1204", "1202", "1107")
    moves = [a.unit for a in plan if isinstance(a, Move)]
    assert moves.index("10A") < moves.index("13A")  # into the shared hex, then out of it
    # until session 65 (``s_swap`` 0) the full unit's move into an occupied Moscow was dropped
    before = HeuristicPlayer(seed=0, knob_s_swap=0).plan_movement(st, "soviet")
    assert destination(before, "10A", "1204") != "1103" and destination(before, "13A", "1103") == "1103"


def test_the_soviet_line_stands_one_hex_inside_the_germans_closest_approach_to_moscow():
    # session 11 (docs/ai.md): the standard Soviet keeps its line at one distance from Moscow,
    # one hex nearer than the German unit closest to it, rather than in contact with the
    # Germans (the former standard, kept as the "contact" style). XXII in 0404 is the only
    # German, 7 hexes from Moscow (1103); 24A in 0604 (5 from Moscow) can reach hexes from 1 to
    # 8 from Moscow, so the line is the ring 6 from Moscow.
    from typhoon.games.bfm.ai.heuristic import geo

    to_m = geo("2009")["to_moscow"]
    st = soviet_to_move({**CITIES_HELD, "24A": "0604", "XXII": "0404"}, {"24A"})
    assert to_m["0404"] == 7 and to_m["0604"] == 5
    to = destination(HeuristicPlayer(seed=0).plan_movement(st, "soviet"), "24A", "0604")
    assert to_m[to] == 6, to
    contact = destination(HeuristicPlayer(seed=0, style="contact").plan_movement(st, "soviet"), "24A", "0604")
    assert to_m[contact] != 6, contact


def test_s_keep_the_soviet_keeps_a_city_besides_moscow_on_the_last_two_turns():
    # s_keep (session 52). 2009, 5.0: the Soviet wins with Moscow and any one other city; Moscow
    # alone is a draw; a city is the side's that entered it last (10.0). Turn 6, Soviet
    # Movement Phase: 10A holds Moscow (1103), 3A stands in Ryazan (1405), the only other city
    # still Soviet; German corps stand west of Moscow (1002, 1003) and south of it (1106). With
    # the knob, 3A stays in Ryazan; without it, the Soviet line draws it towards Moscow.
    cities = {c: "german" for c in ("0204", "0307", "0509", "0601", "0603", "0803", "0805", "0809", "1107")}
    units = {"10A": "1103", "3A": "1405", "LVII": "1002", "XLVII": "1003", "XLI": "1106"}

    def at(turn: int, where: dict[str, str]):
        st = soviet_to_move(where, {"10A", "3A"}, turn=turn)
        st.control.update(cities)
        st.control["1405"] = "soviet"
        return st

    keep = HeuristicPlayer(seed=0, knob_s_keep=1)
    assert destination(keep.plan_movement(at(6, units), "soviet"), "3A", "1405") == "1405"
    assert destination(HeuristicPlayer(seed=0, knob_s_keep=0).plan_movement(at(6, units), "soviet"), "3A", "1405") != "1405"
    # an empty Soviet Ryazan is entered by the weakest unit that can reach it
    near = {**units, "3A": "1305"}
    assert destination(keep.plan_movement(at(6, near), "soviet"), "3A", "1305") == "1405"
    # turn 5: more than s_keep_turns (1) before the last turn (7), the knob does nothing yet
    assert keep._city_keeper(at(5, units), ["10A", "3A"], None) is None


def test_s_regain_the_soviet_takes_back_a_city_when_moscow_alone_would_draw():
    # s_regain (session 61). 2009, 5.0: Moscow and any one other city win the Soviet the game,
    # Moscow alone is a draw; a city is the side's that entered it last (10.0). 10A holds
    # Moscow (1103); every other city is German. German corps stand west of Moscow (1002,
    # 1003) and south of it (1106); XX holds Tula (1107).
    from typhoon.games.bfm.actions import Attack

    cities = {c: "german" for c in ("0204", "0307", "0509", "0601", "0603", "0803", "0805", "0809", "1107", "1405")}
    units = {"10A": "1103", "3A": "1305", "LVII": "1002", "XLVII": "1003", "XLI": "1106", "XX": "1107"}

    def at(turn: int, where: dict[str, str], phase: str = "soviet_movement"):
        st = soviet_to_move(where, {"10A", "3A"}, turn=turn)
        st.control.update(cities)
        st.phase = phase
        return st

    regain = HeuristicPlayer(seed=0)  # the standard style has it (8)
    without = HeuristicPlayer(seed=0, knob_s_regain=0)
    # the last move of the game (turn 7): 3A enters the empty German Ryazan (1405), which is
    # then Soviet, and with Moscow the game is won
    assert destination(regain.plan_movement(at(7, units), "soviet"), "3A", "1305") == "1405"
    assert destination(without.plan_movement(at(7, units), "soviet"), "3A", "1305") != "1405"
    # turn 5: more than s_regain_turns (1) before the last turn, the knob does nothing yet
    assert regain._cities_to_regain(at(5, units)) == []
    # a Soviet city besides Moscow: nothing to regain
    held = at(7, units)
    held.control["0809"] = "soviet"
    assert regain._cities_to_regain(held) == []
    # the last Soviet Combat Phase: XXVII (6) holds Ryazan, clear terrain; 3A (8) next to it
    # attacks at 8:6 = 1:1 (9.1: fractions dropped), below the standard style's lowest column
    # for a city (2:1); with the knob the city is worth the attack
    fight = at(7, {**units, "XXVII": "1405"}, phase="soviet_combat")
    assert Attack("3A", "1405") in regain.plan_attacks(fight, "soviet")
    assert Attack("3A", "1405") not in without.plan_attacks(fight, "soviet")
