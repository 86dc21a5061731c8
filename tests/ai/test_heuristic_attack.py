"""The German attack of Battle for Moscow's heuristic (typhoon/games/bfm/ai/heuristic.py, issue 13).

Expected choices are derived from the rules, not from the code. 2009 edition (000): the German
wins by controlling Moscow at the end of turn 7, the Soviet by controlling Moscow and any one
other city, otherwise it is a draw (5.0); a city is controlled by the side that entered it last
(10.0, which 5.0 cites); the Soviet Combat Phase follows the German player turn (4.0), so a German unit that
advances into Moscow after combat (9.0 step 6) must survive a Soviet attack; odds are attack over
defence, fractions dropped (9.0), one column left for a defender in a major city (9.2: Moscow),
no effect below 1:1 (9.1). Counter values from the 2009 manifest: LVII 12-6 panzer corps, XXXIV
4-2 infantry corps, 10A and 13A 8/4 Soviet armies, 16A 8/4.
"""

from __future__ import annotations

from typhoon.core.game import Game
from typhoon.games.bfm import RULES, combat, movement, position
from typhoon.games.bfm.actions import Advance, Attack, Commit, Move
from typhoon.games.bfm.ai import expect as ex
from typhoon.games.bfm.ai.heuristic import HeuristicPlayer
from typhoon.games.bfm.kinds import Step
from typhoon.games.bfm.state import Battle


def position_at(phase: str, turn: int, units: dict[str, str], control: dict[str, str] | None = None,
                edition: str = "2009"):
    """A position of ``edition`` in ``phase`` of ``turn`` with ``units`` (unit: hex, full strength)."""
    doc = {"options": {"edition": edition}, "turn": turn, "phase": phase,
           "units": {u: {"hex": h, "reduced": False} for u, h in units.items()}}
    st = position.from_json(doc)
    for h, side in (control or {}).items():
        st.control[h] = side
    return st


# The 2009 map's cities other than Moscow (1103), all Soviet at the start (5.0).
CITIES_BUT_MOSCOW = ("0204", "0307", "0509", "0601", "0603", "0803", "0805", "0809", "1107", "1405")


def german_but(*soviet: str) -> dict[str, str]:
    """City control with every city but Moscow German, except ``soviet``, which stay the Soviet's."""
    return {c: "soviet" if c in soviet else "german" for c in CITIES_BUT_MOSCOW}


def soviet_odds_against(st, unit: str, hex_: str) -> combat.Odds:
    """The odds of every Soviet unit next to ``hex_`` attacking ``unit`` standing there."""
    data = st.data
    scratch = st.copy()
    scratch.put(unit, hex_)
    attackers = [u for n in data.neighbours[hex_] for u in scratch.occupants(n) if data.units[u].side == "soviet"]
    return combat.battle_odds(scratch, hex_, attackers)


def test_the_strongest_attacker_advances_into_a_captured_moscow():
    # Moscow (1103) was emptied by XXXIV (1002) and LVII (1202); 10A (1102) and 13A (1203) are
    # next to it (no river between) and attack in the Soviet Combat Phase that follows: 16 vs XXXIV's 4 = 4:1, major
    # city -1 = 3:1; 16 vs LVII's 12 = 1:1, -1: no effect (9.1). LVII must be the one to advance.
    st = position_at("german_combat", 7, {"XXXIV": "1002", "LVII": "1202", "10A": "1102", "13A": "1203"})
    assert st.unit_at("1103") is None
    assert soviet_odds_against(st, "XXXIV", "1103").label == "3:1"
    assert soviet_odds_against(st, "LVII", "1103").column is None
    battle = Battle("1103", "24A", ["XXXIV", "LVII"], step=Step.ADVANCE)
    assert HeuristicPlayer(seed=0)._advance(st, battle) == Advance("LVII")


def test_last_turn_the_german_keeps_a_city_a_soviet_unit_could_reenter():
    # Turn 7, German Movement Phase (after his last combat). The German holds Tula (1107) with
    # VII; Moscow is Soviet. 16A (1309) can enter an empty Tula in the Soviet Movement Phase that
    # still follows (4.0): Moscow and Tula would be a Soviet win, Tula held is a draw (5.0).
    units = {"VII": "1107", "16A": "1309", "10A": "1103"}
    st = position_at("german_movement", 7, units, {"1107": "german"})
    empty = position_at("soviet_movement", 7, {"16A": "1309", "10A": "1103"}, {"1107": "german"})
    assert "1107" in movement.reach(empty, "16A")  # Tula left empty: 16A gets in
    # g_hold: tried and left off in the standard style (no effect on the held-out blocks)
    plan = HeuristicPlayer(seed=0, knob_g_hold=30).plan_movement(st, "german")
    moves = [a.to for a in plan if isinstance(a, Move) and a.unit == "VII"]
    assert not moves or moves[-1] == "1107", moves


def test_the_panzers_drive_on_the_side_of_moscow_no_river_covers():
    # Turn 5, German Movement Phase; 10A (8) holds Moscow (1103); the other cities are German, so
    # only Moscow draws. Of the hexes around Moscow, 1002, 1003 and 1104 are across the Moskva
    # from it, 1102, 1202 and 1203 are not (map data). LVII (12) and XXXIV (4) both reach the
    # hexes next to Moscow. Next turn they attack it with 16 against 8 = 2:1, one column left for
    # the major city (9.2) = 1:1; if every attacker is across the river, one column more (9.2):
    # below 1:1, no effect (9.1). So the panzer goes round to the side no river covers.
    cities = german_but()
    st = position_at("german_movement", 5, {"LVII": "0802", "XXXIV": "0803", "10A": "1103"}, cities)
    data = st.data
    plan = HeuristicPlayer(seed=0).plan_movement(st, "german")
    for a in plan:
        st.put(a.unit, a.to)
    at = {u: st.hex_of[u] for u in ("LVII", "XXXIV")}
    assert all(h in data.neighbours["1103"] for h in at.values()), at  # both next to Moscow
    assert frozenset((at["LVII"], "1103")) not in data.rivers, at
    assert combat.battle_odds(st, "1103", ["LVII", "XXXIV"]).label == "1:1"
    # the same two units with the panzer across the river as well: no effect
    st.put("LVII", "1002" if at["XXXIV"] != "1002" else "1003")
    assert combat.battle_odds(st, "1103", ["LVII", "XXXIV"]).column is None


def test_g_axis_all_sends_the_infantry_round_to_the_side_no_river_covers_only_in_1986():
    # Turn 5, German Movement Phase; 10A holds Moscow (1103), every other city is German. XXXIV
    # (infantry, 0802) can reach 1002, across the Moskva from Moscow, or 1102, on the side no
    # river covers (map data; an attack made only across a river is one column worse, 9.2). In
    # every style the infantry presses on Moscow itself (g_axis 1: only the panzers go round).
    # With g_axis_all (0 in every style; search-hard's extra German plan, session 59) it goes
    # round too where only Moscow decides (1986, 5.0), and still presses on Moscow in 2009, where
    # the draw needs the other cities (5.0).
    on = {"knob_g_axis_all": 1}
    for edition, knobs, to in (("2009", {}, "1002"), ("1986", {}, "1002"), ("1986", on, "1102"), ("2009", on, "1002")):
        st = position_at("german_movement", 5, {"XXXIV": "0802", "10A": "1103"}, german_but(), edition)
        plan = HeuristicPlayer(seed=0, **knobs).plan_movement(st, "german")
        assert [a.to for a in plan if a.unit == "XXXIV"] == [to], (edition, knobs, plan)
    data = st.data
    assert frozenset(("1002", "1103")) in data.rivers and frozenset(("1102", "1103")) not in data.rivers


def test_g_axis_ring_sends_the_infantry_round_only_against_a_soviet_that_rings_moscow():
    # The position above, 1986, with g_axis_all: g_axis_ring 3 lets the infantry go round to 1102
    # only while Soviet units stand in at least three of the six hexes next to Moscow (9.0: the
    # only hexes it can be attacked from; one unit a hex, 8.2.2), here 1203, 1104 and 1003; with
    # two of them, or none, it presses on Moscow from 1002 as the panzers' g_axis 1 leaves it.
    knobs = {"knob_g_axis_all": 1, "knob_g_axis_ring": 3}
    three = {"3A": "1203", "5A": "1104", "13A": "1003"}
    two = {"3A": "1203", "5A": "1104"}
    for soviets, to in (({}, "1002"), (two, "1002"), (three, "1102")):
        st = position_at("german_movement", 5, {"XXXIV": "0802", "10A": "1103", **soviets}, german_but(), "1986")
        assert set(st.data.neighbours["1103"]) >= set(soviets.values())
        plan = HeuristicPlayer(seed=0, **knobs).plan_movement(st, "german")
        assert [a.to for a in plan if a.unit == "XXXIV"] == [to], (soviets, plan)


def _reduced(st, unit: str):
    st.reduced.add(unit)
    st.touched()
    return st


def test_no_lone_raid_on_moscow_while_a_mud_turn_is_still_to_come():
    # Turn 2, German Combat Phase: LVII (12) stands next to Moscow (1202, no river between) and
    # 16A, reduced (4), holds it: 12 vs 4 = 3:1, one column left for the major city (9.2) = 2:1.
    # Turns 3 and 4 are mud (12.0): one hex a phase (12.1), so nothing could come to the aid of
    # a lone garrison, and only Moscow at the end of turn 7 counts (5.0). The standard German
    # leaves Moscow alone until the mud has passed; on turn 5 it attacks; the aggressive style
    # (the search players' population) still raids.
    for turn, style, attacks in ((2, "standard", False), (5, "standard", True), (2, "aggressive", True)):
        st = _reduced(position_at("german_combat", turn, {"LVII": "1202", "16A": "1103"}), "16A")
        assert combat.battle_odds(st, "1103", ["LVII"]).label == "2:1"
        plan = HeuristicPlayer(seed=0, style=style).plan_attacks(st, "german")
        assert (Attack("LVII", "1103") in plan) is attacks, (turn, style, plan)


def test_no_lone_panzer_walks_into_an_empty_moscow_before_the_mud():
    # Turn 2, German Movement Phase: Moscow (1103) is empty and Soviet (5.0: the side that
    # entered it last); LVII can enter it from 1202. Standard: not before the mud (12.1) has
    # passed; on turn 5 it does.
    for turn, enters in ((2, False), (5, True)):
        st = position_at("german_movement", turn, {"LVII": "1202", "16A": "1408"}, {"1103": "soviet"})
        assert "1103" in movement.reach(st, "LVII")
        plan = HeuristicPlayer(seed=0).plan_movement(st, "german")
        assert (Move("LVII", "1103") in plan) is enters, (turn, plan)


def test_the_last_assault_on_moscow_takes_the_best_column_with_the_fewest_units():
    # Turn 7, German Combat Phase: nothing but Moscow at the end of the turn wins (5.0). 16A,
    # reduced (4), holds Moscow (1103). Next to it: LVII (12) and XLI (12) across the Moskva
    # (1002, 1003), XLVI (10) in 1102 and XXXIV (4) in 1202, on the side no river covers (9.2).
    # The best column: 6:1 or more (9.1: 6:1 is the last column), one left for the major city, none for the
    # river as one attacker is off it (9.2) = 5:1, with at least 24 points, an attacker off the
    # river among them: LVII + XLVI + XXXIV = 26 is the fewest (LVII + XLI = 24 is all across the
    # river: 4:1). XLI stays free for another battle.
    st = _reduced(position_at("german_combat", 7, {"LVII": "1002", "XLI": "1003", "XLVI": "1102", "XXXIV": "1202",
                                                    "16A": "1103"}), "16A")
    plan = HeuristicPlayer(seed=0).plan_attacks(st, "german")
    group = [a.unit for a in plan if isinstance(a, Attack) and a.target == "1103"]
    assert combat.battle_odds(st, "1103", group).label == "5:1", group
    assert sum(st.strength(u) for u in group) == 26 and "XLI" not in group, group
    assert combat.battle_odds(st, "1103", ["LVII", "XLI"]).label == "4:1"


def test_last_german_move_takes_the_city_that_makes_the_draw():
    # Turn 7, German Movement Phase (after his last combat, 4.0): 10A still holds Moscow (1103), so
    # Moscow is the Soviet's at the end; every other city is German but Ryazan (1405), which is the
    # Soviet's and empty. Moscow and Ryazan are a Soviet win, Moscow alone a draw (5.0); a city is
    # the side's that entered it last (10.0), and no German combat is left to take Moscow. LVII
    # (1205) can reach Ryazan (the rules' reach, 8.0): it must go there; VII keeps Tula (1107).
    cities = german_but("1405")
    st = position_at("german_movement", 7, {"LVII": "1205", "VII": "1107", "10A": "1103"}, cities)
    assert "1405" in movement.reach(st, "LVII")
    plan = HeuristicPlayer(seed=0).plan_movement(st, "german")
    ends = {a.unit: a.to for a in plan if isinstance(a, Move)}
    assert ends.get("LVII") == "1405", plan
    assert ends.get("VII", "1107") == "1107", plan


def test_two_battles_are_chosen_over_one_that_takes_both_their_units():
    # Turn 3, German Combat Phase, clear terrain, no river (no 9.2 shift). V (6) and VI (5)
    # are both next to 10A (8) in 0102; V alone is next to 13A (reduced: 4) in 0104, VI alone
    # to 16A (reduced: 4) in 0303. Odds (9.0, fractions dropped; 9.1 no effect below 1:1):
    # V+VI against 10A 11:8 = 1:1, either alone below 1:1; V against 13A 6:4 = 1:1, VI
    # against 16A 5:4 = 1:1. Each unit attacks once (9.0). Worth 8 for 0102 and 5 for each of
    # the others, the greedy choice takes 0102 first and both units with it (8 in all); the
    # pilot method (plan_lookahead) makes the other two battles (10).
    st = position_at("german_combat", 3, {"V": "0103", "VI": "0202", "10A": "0102", "13A": "0104", "16A": "0303"})
    st.reduced.update({"13A", "16A"})
    col = lambda t, us: combat.battle_odds(st, t, us).column  # noqa: E731
    assert col("0102", ["V"]) is None and col("0102", ["VI"]) is None
    assert col("0102", ["V", "VI"]) == col("0104", ["V"]) == col("0303", ["VI"]) == 0  # 1:1, no shift
    worth = {"0102": 8.0, "0104": 5.0, "0303": 5.0}
    value = lambda t, e: worth[t]  # noqa: E731
    greedy = ex.plan_battles(st, "german", value, bar=0.5)
    assert [(t, sorted(g)) for t, g, _ in greedy] == [("0102", ["V", "VI"])]
    pilot = ex.plan_battles(st, "german", value, bar=0.5, lookahead=6)
    assert [(t, g) for t, g, _ in pilot] == [("0104", ["V"]), ("0303", ["VI"])]
    # every style of the heuristic plans this way (the population of the search players)
    assert HeuristicPlayer(seed=0).knobs["plan_lookahead"] == 6


def test_while_moscow_is_held_a_soviet_next_to_it_is_attacked_first():
    # Turn 6 of 7, German Combat Phase; the German holds Moscow (1103) with LVII (12). 10A
    # (1202), 13A (1203) and 16A (1104) stand next to it and attack it in the Soviet Combat
    # Phase that follows (4.0): 24 against 12 = 2:1, major city -1 = 1:1 (9.0, 9.2); with one
    # of them gone, 16 against 12 = 1:1, -1: no effect (9.1). Moscow at the end decides the
    # game (5.0), and only the hexes next to it can attack it (9.0). XLI (1303) alone against
    # 10A in 1202 (clear, no fortification): 12:8 = 1:1. XLI with LVI (1401) against 24A in
    # 1402: 21:8 = 2:1, a better battle by losses alone; LVI alone 9:8 = 1:1. XLI must go for
    # the hex next to Moscow (g_shield), LVI fights 24A alone.
    units = {"LVII": "1103", "XLII": "1003", "VI": "1002", "10A": "1202", "13A": "1203", "16A": "1104",
             "XLI": "1303", "LVI": "1401", "24A": "1402"}
    st = position_at("german_combat", 6, units, {"1103": "german"})
    assert soviet_odds_against(st, "LVII", "1103").label == "1:1"
    without_10a = position_at("german_combat", 6, {u: h for u, h in units.items() if u != "10A"}, {"1103": "german"})
    assert soviet_odds_against(without_10a, "LVII", "1103").column is None
    label = lambda t, us: combat.battle_odds(st, t, us).label  # noqa: E731
    assert label("1202", ["XLI"]) == "1:1" and label("1402", ["XLI", "LVI"]) == "2:1" and label("1402", ["LVI"]) == "1:1"
    assert HeuristicPlayer(seed=0).plan_attacks(st, "german") == [Attack("XLI", "1202"), Attack("LVI", "1402"), Commit()]
    # the battles by losses alone (the knob off): both units against 24A
    assert HeuristicPlayer(seed=0, knob_g_shield=0).plan_attacks(st, "german") == [
        Attack("XLI", "1402"), Attack("LVI", "1402"), Commit()]


def test_g_flank_sends_the_nearest_unit_to_the_far_city_the_draw_needs():
    # g_flank (on since session 50: docs/ai.md). Turn 6, German Movement Phase, 2009:
    # 10A holds Moscow (1103); every other city is German but Ryazan (1405), the Soviet's and
    # empty, four hexes from Moscow. Moscow and Ryazan are a Soviet win, Moscow alone a draw
    # (5.0), and a city is the side's that entered it last (10.0). VII (1306) is next to Ryazan and
    # can enter it (8.0): with the knob on (the standard style) it does; with it off, it
    # drives on Moscow instead.
    cities = german_but("1405")
    st = position_at("german_movement", 6, {"VII": "1306", "10A": "1103"}, cities)
    assert "1405" in movement.reach(st, "VII")

    def end_of_vii(player: HeuristicPlayer) -> str:
        moves = [a.to for a in player.plan_movement(st, "german") if isinstance(a, Move) and a.unit == "VII"]
        return moves[-1] if moves else "1306"

    assert end_of_vii(HeuristicPlayer(seed=0)) == "1405"
    assert end_of_vii(HeuristicPlayer(seed=0, knob_g_flank=0)) != "1405"
    # turn 4: more than g_flank_turns (2) before the last turn (7), the knob does nothing yet
    early = position_at("german_movement", 4, {"VII": "1306", "10A": "1103"}, cities)
    assert HeuristicPlayer(seed=0)._flank_units(early, ["VII"]) == {}
    assert HeuristicPlayer(seed=0)._flank_units(position_at("german_movement", 5, {"VII": "1306", "10A": "1103"}, cities),
                                                ["VII"]) == {"VII": "1405"}


def test_g_keep_no_advance_out_of_a_city_the_draw_needs_on_the_last_turn():
    # g_keep (session 50). Turn 7, German Combat Phase, 2009; 10A holds Moscow (1103), every
    # other city is German (10.0: the last entrant's). LVII stands in Ryazan (1405) and has
    # emptied 1305 (no city), one hex nearer Moscow. No German combat is left to take Moscow, so
    # only the draw is left, and it needs Ryazan (5.0); 13A (1303) can reach Ryazan in the
    # Soviet turn that follows (4.0) and retake it (10.0). LVII must stay (9.0 step 6: the
    # advance is the attacker's choice).
    units = {"LVII": "1405", "13A": "1303", "10A": "1103"}
    battle = Battle("1305", "16A", ["LVII"], step=Step.ADVANCE)
    last = position_at("german_combat", 7, units, german_but())
    assert "1405" in HeuristicPlayer(seed=0)._cities_to_hold(last)
    assert HeuristicPlayer(seed=0)._advance(last, battle) == Advance(None)
    assert HeuristicPlayer(seed=0, knob_g_keep=0)._advance(last, battle) == Advance("LVII")
    # turn 6: a German turn is still to come, the drive goes on
    assert HeuristicPlayer(seed=0)._advance(position_at("german_combat", 6, units, german_but()), battle) == Advance("LVII")
    # 1986: Moscow alone decides (001), Ryazan is worth nothing at the end
    doc = {"options": {"edition": "1986"}, "turn": 7, "phase": "german_combat",
           "units": {u: {"hex": h, "reduced": False} for u, h in units.items()}}
    assert HeuristicPlayer(seed=0)._advance(position.from_json(doc), battle) == Advance("LVII")


def test_g_keep_an_empty_city_the_draw_needs_is_entered_again_on_the_last_move():
    # g_keep (session 50). Turn 7, German Movement Phase, 2009: 10A holds Moscow, every other
    # city is German, Ryazan (1405) empty with 13A (1303) able to re-enter it in the Soviet
    # turn that follows (10.0: it would be the Soviet's, and Moscow with it a Soviet win, 5.0).
    # LVII (1305) can enter Ryazan (8.0) and must.
    st = position_at("german_movement", 7, {"LVII": "1305", "13A": "1303", "10A": "1103"}, german_but())
    assert "1405" in movement.reach(st, "LVII")
    assert HeuristicPlayer(seed=0).plan_movement(st, "german") == [Move("LVII", "1405")]
    assert Move("LVII", "1405") not in HeuristicPlayer(seed=0, knob_g_keep=0).plan_movement(st, "german")


def test_g_detour_sends_the_weakest_unit_that_can_enter_a_far_empty_city():
    # g_detour (tried and left off: docs/ai.md, session 48). Turn 2, German Movement Phase, 2009:
    # Orel (0809) is the Soviet's and no Soviet unit stands within two hexes of it; the draw
    # needs every city but Moscow (5.0) and a city is the last entrant's (10.0). XXIV (12, 0709)
    # and XXXIV (4, 0708) can both enter it (8.0): with the knob the weaker goes, the panzer
    # drives on; the standard style sends neither.
    cities = german_but("0809")  # every other city but Moscow is German already
    st = position_at("german_movement", 2, {"XXIV": "0709", "XXXIV": "0708", "10A": "1103"}, cities)
    assert "0809" in movement.reach(st, "XXIV") and "0809" in movement.reach(st, "XXXIV")

    def ends(player: HeuristicPlayer) -> dict[str, str]:
        return {a.unit: a.to for a in player.plan_movement(st, "german") if isinstance(a, Move)}

    assert ends(HeuristicPlayer(seed=0, knob_g_detour=40)).get("XXXIV") == "0809"
    assert ends(HeuristicPlayer(seed=0, knob_g_detour=40)).get("XXIV") != "0809"
    assert "0809" not in ends(HeuristicPlayer(seed=0)).values()


def test_g_relieve_a_stronger_unit_takes_over_a_hex_next_to_moscow_before_the_last_turn():
    # g_relieve (session 51). 1986 (001): the German Movement Phase of turn 6, the turn before
    # the last; 10A holds Moscow (1103), 16A 1003 and 43A 1102, two of the hexes next to it.
    # XXXIV (4) holds 1002, the third; LVII (12) stands behind it in 1001 with no empty hex next
    # to Moscow in reach. Next come the Soviet Combat Phase (phase 7) and the German's last turn,
    # where only the panzers move before combat (phases 2-3): Moscow is attacked from the hexes
    # next to it (a battle is an attack by adjacent units). The three armies next to 1002 make
    # 24 against XXXIV's 4 (6:1) but only against LVII's 12 (2:1). A unit may enter a hex holding
    # a friendly unit if only one is left there at the end of the phase (Restrictions, 001): the
    # two swap, LVII first.
    def at(turn: int, units: dict[str, str]):
        doc = {"options": {"edition": "1986"}, "turn": turn, "phase": "german_movement",
               "units": {u: {"hex": h, "reduced": False} for u, h in units.items()}}
        return position.from_json(doc)

    units = {"XXXIV": "1002", "LVII": "1001", "10A": "1103", "16A": "1003", "43A": "1102"}
    st = at(6, units)
    swap = [Move("LVII", "1002"), Move("XXXIV", "1001")]
    assert HeuristicPlayer(seed=0).plan_movement(st, "german")[:2] == swap
    assert HeuristicPlayer(seed=0, knob_g_relieve=0).plan_movement(st, "german")[:2] != swap
    swapped = at(6, {**units, "XXXIV": "1001", "LVII": "1002"})
    attackers = ["10A", "16A", "43A"]
    assert combat.battle_odds(st, "1002", attackers).ratio == 6  # 24 against 4
    assert combat.battle_odds(swapped, "1002", attackers).ratio == 2  # 24 against 12
    # the swap is played out through the rules: LVII ends in 1002, XXXIV in 1001
    player = HeuristicPlayer(seed=0)
    game = Game(RULES, dict(st.options.to_dict()), 1, state=st.copy(), keep_history=False)
    while game.state.phase == "german_movement":
        game.push(player.choose(game))
    assert game.state.hex_of["LVII"] == "1002" and game.state.hex_of["XXXIV"] == "1001"
    # not on turn 5 (a German turn with its own move after combat is still to come before the
    # last), and not when LVII can enter an empty hex next to Moscow instead (one more held)
    assert HeuristicPlayer(seed=0).plan_movement(at(5, units), "german")[:2] != swap
    del units["43A"]
    assert HeuristicPlayer(seed=0).plan_movement(at(6, units), "german") == [Move("LVII", "1102")]


def test_g_open_clear_adds_worth_only_to_a_hex_next_to_moscow_no_river_covers():
    # 9.2: an attack on Moscow (1103) from across the Moskva is one column worse, so of the hexes
    # next to it (9.0: the only ones it can be attacked from) the three no river covers (1102,
    # 1202, 1203; map data) are worth more to empty before the last assault. ``g_open_clear``
    # (tried in session 54 and left at 0) adds that much to them alone, from turn (last -
    # ``g_ring_turns``) on, while Moscow is Soviet (5.0)
    units = {"LVII": "1001", "10A": "1103", "13A": "1102", "16A": "1104"}
    late = position_at("german_combat", 6, units)
    early = position_at("german_combat", 4, units)
    data = late.data
    assert frozenset(("1102", "1103")) not in data.rivers and frozenset(("1104", "1103")) in data.rivers
    plain, opened = HeuristicPlayer(seed=0), HeuristicPlayer(seed=0, knob_g_open_clear=8)
    assert plain.knobs["g_open_clear"] == 0
    gain = lambda st, h: opened._clear_worth(st, h, "german") - plain._clear_worth(st, h, "german")  # noqa: E731
    assert gain(late, "1102") == 8
    assert gain(late, "1104") == 0  # across the river
    assert gain(early, "1102") == 0  # before the ring's turns
    held = position_at("german_combat", 6, {**units, "10A": "1203", "LVII": "1103"}, {"1103": "german"})
    assert gain(held, "1102") == 0  # Moscow already German


def test_s_sit_moscows_garrison_does_not_attack_before_the_germans_last_assault():
    # 4.0: the German player turn comes before the Soviet's, and each begins with replacements
    # (10.0): a step Moscow's garrison loses attacking in the Soviet Combat Phase (9.3: EX, AL)
    # is still missing when the German attacks Moscow next. ``s_sit`` (session 57) keeps the
    # unit in Moscow (1103) out of the Soviet's battles on turns (last - ``s_sit_turns``) to
    # (last - 1), 5 and 6 of 7; on the last turn no German combat follows. XXXIV (4) in 1202
    # (next to Moscow, clear) against 10A (Moscow), 13A (1203) and 16A (1102), 8 each: 24 to 4
    # = 6:1; without 10A, 16 to 4 = 4:1, still above the standard style's lowest column.
    units = {"10A": "1103", "13A": "1203", "16A": "1102", "XXXIV": "1202"}
    st = position_at("soviet_combat", 6, units)
    label = lambda s, us: combat.battle_odds(s, "1202", us).label  # noqa: E731
    assert label(st, ["10A", "13A", "16A"]) == "6:1" and label(st, ["13A", "16A"]) == "4:1"
    plain, sitting = HeuristicPlayer(seed=0), HeuristicPlayer(seed=0, knob_s_sit=1)
    assert plain.knobs["s_sit"] == 0
    assert Attack("10A", "1202") in plain.plan_attacks(st, "soviet")
    assert sitting.plan_attacks(st, "soviet") == [Attack("13A", "1202"), Attack("16A", "1202"), Commit()]
    for turn in (4, 7):  # before the knob's turns, and the last turn
        assert Attack("10A", "1202") in sitting.plan_attacks(position_at("soviet_combat", turn, units), "soviet")


def test_g_swap_a_full_panzer_corps_takes_over_a_german_moscow_from_a_weaker_unit():
    # g_swap (session 66). 1986 (001): the German Movement Phase of turn 6; Moscow (1103) is
    # German, held by XXXIV (4); LVII (12) stands next to it in 1002, 10A and 16A next to Moscow
    # in 1204 and 1104. The Soviet Combat Phase comes next (4.0) and Moscow held at the end of
    # turn 7 wins (5.0): its garrison is what the Soviet attacks. A unit may enter a hex holding a
    # friendly unit if only one is left there at the end of the phase (Restrictions, 001, as
    # 8.2.2 in 2009): LVII enters Moscow, then XXXIV leaves it.
    doc = {"options": {"edition": "1986"}, "turn": 6, "phase": "german_movement",
           "units": {u: {"hex": h, "reduced": False} for u, h in
                     {"XXXIV": "1103", "LVII": "1002", "10A": "1204", "16A": "1104"}.items()}}
    st = position.from_json(doc)
    st.control["1103"] = "german"
    assert st.strength("LVII") > st.strength("XXXIV")
    plan = [a for a in HeuristicPlayer(seed=0).plan_movement(st, "german") if isinstance(a, Move)]
    assert plan[0] == Move("LVII", "1103")
    assert plan[1].unit == "XXXIV" and plan[1].to != "1103"
    # until session 66 (``g_swap`` 0) the panzer corps' move into an occupied Moscow was never planned
    before = HeuristicPlayer(seed=0, knob_g_swap=0).plan_movement(st, "german")
    assert Move("LVII", "1103") not in before and all(m.unit != "XXXIV" for m in before if isinstance(m, Move))
    # played out through the rules: LVII ends in Moscow, XXXIV outside it
    player = HeuristicPlayer(seed=0)
    game = Game(RULES, dict(st.options.to_dict()), 1, state=st.copy(), keep_history=False)
    while game.state.phase == "german_movement":
        game.push(player.choose(game))
    assert game.state.hex_of["LVII"] == "1103" and game.state.hex_of["XXXIV"] != "1103"
