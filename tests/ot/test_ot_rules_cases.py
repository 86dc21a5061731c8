"""Rule cases of Operation Typhoon on small positions built for each case on the kit's map,
with the expected outcomes taken from the rules text (003) and its examples."""

from __future__ import annotations

from ot_helpers import empty_state

from typhoon.games.ot import combat, movement
from typhoon.games.ot.actions import DieRoll, SupportRoll
from typhoon.games.ot.strength import PBM_STRENGTHS, current_strength

# a clear stretch of Map C with no road, river or stream near it (found in the kit)
ROW = ["C0230", "C0231", "C0232", "C0233", "C0234", "C0235"]


def test_5_44_road_example_mech_into_woods_along_a_road_in_freeze_costs_1():
    # 5.44: "during a Ground Freeze ... a mech unit moving Tactically along a road entered a Woods
    # hex, the Movement Point cost for that hex would be 1 ... the cost for that Stream ... ignored"
    _, s = empty_state()
    s.ground = "ground_freeze"
    assert movement.tactical_step_cost(s, "C1836", "C1935", mech=True) == 1  # road, woods, stream hexside
    s.ground = "normal"
    assert movement.tactical_step_cost(s, "C1836", "C1935", mech=True) == 2  # TEC road (tactical) 2 without Freeze
    assert movement.hex_cost(s, "C1935", mech=True) == 5  # woods off the road: 5 (TEC)


def test_6_32_exit_cost_example_isolated_infantry():
    # 6.32: an isolated infantry unit (MA 4, modified 2) exits an EZOC into a Clear hex: 1 + 1 MP,
    # "its movement is thus terminated in this hex"
    rules, s = empty_state()
    s.stacks.place("339/167/53", "C0232")
    s.stacks.place("299/50", "C0231")  # a Russian division exerting a ZOC
    s.supply["339/167/53"] = "isolated"
    assert movement.movement_allowance(s, "339/167/53") == 2
    r = movement.unit_reach(s, "339/167/53", "tactical")
    assert r.cost["C0233"] == 2
    assert "C0234" not in r.cost
    assert "C0230" not in r.cost  # 6.32: never directly into another EZOC (C0230 is next to C0231)


def test_6_31_entering_ezoc_stops_and_strategic_keeps_three_hexes_away():
    rules, s = empty_state()
    s.stacks.place("339/167/53", "C0235")
    s.stacks.place("299/50", "C0231")
    r = movement.unit_reach(s, "339/167/53", "tactical")
    assert "C0232" in r.cost and "C0231" not in r.cost  # 5.21 never into the enemy hex
    assert r.parent.get("C0230") != "C0232"  # 6.31: no move through the EZOC hex C0232
    strat = movement.unit_reach(s, "339/167/53", "strategic")
    assert all(s.data.grid.distance(h, "C0231") >= 3 for h in strat.cost)  # 5.51


def test_7_1_stacking_limits_and_free_units():
    _, s = empty_state()
    for u in ("339/167/53", "315/167/53", "331/167/53"):
        s.stacks.place(u, "C0233")
    assert not movement.overstacked(s, "C0233")
    assert movement.overstacked(s, "C0233", ("110/112/53",))  # a fourth German combat unit
    assert not movement.overstacked(s, "C0233", ("53/2PzA",))  # 7.13 one HQ free
    assert movement.overstacked(s, "C0233", ("53/2PzA", "24/2PzA"))  # never two HQs


def test_7_21_7_22_combat_participation():
    _, s = empty_state()
    assert combat.participation_ok(s, "german", ["339/167/53", "I35/4P/24", "II35/4P/24"])
    assert not combat.participation_ok(s, "german", ["339/167/53", "315/167/53"])
    assert combat.participation_ok(s, "russian", ["299/50", "Tula/49"])  # a division and a brigade
    assert not combat.participation_ok(s, "russian", ["299/50", "260/50"])  # two divisions


def test_23_0_option_1_fixed_strengths_are_the_default():
    _, s = empty_state()
    # 62/7/7-type German Morale 3 Class A: 6/3; Russian Morale 2 Class A: 9/5
    assert PBM_STRENGTHS[("german", 3, "A")] == (6, 3)
    assert current_strength(s, "299/50") == 9
    assert s.full_steps["299/50"] == 3  # 9.82 A
    assert s.full_steps["Tula/49"] == 2  # Morale 1 Class B: 2/- (9.82 B)


def test_9_5_combined_arms_example():
    # 9.51: a stack with a cavalry division and a tank unit attacking: one shift; tank-only: none
    _, s = empty_state()
    s.stacks.place("41/50", "C0232")  # cavalry
    s.stacks.place("32/50", "C0232")  # tank brigade
    s.stacks.place("42/49", "C0234")  # a tank brigade alone
    assert [x.columns for x in combat.combined_arms(s, ["41/50", "32/50"], ["339/167/53"])] == [1]
    assert combat.combined_arms(s, ["42/49"], ["339/167/53"]) == []
    # 9.52: an infantry + anti-tank defence negates it
    assert combat.combined_arms(s, ["41/50", "32/50"], ["290/49", "871/20.AT"]) == []


def test_9_4_divisional_integrity_all_regiments_adjacent():
    _, s = empty_state()
    s.stacks.place("299/50", "C0233")
    for u, h in (("339/167/53", "C0232"), ("315/167/53", "C0232"), ("331/167/53", "C0234")):
        s.stacks.place(u, h)
    shifts = combat.divisional_integrity(s, "C0233", ["339/167/53"], ["299/50"])
    assert [x.columns for x in shifts] == [1]
    s.stacks.move("331/167/53", "C0235")  # one regiment not adjacent: no bonus
    assert combat.divisional_integrity(s, "C0233", ["339/167/53"], ["299/50"]) == []


def test_17_24_air_shift_example_4_1_plus_two_minus_one_is_5_1():
    # 17.24: 4-1, two attacking Air Points (6-1), two defending (one left): 5-1
    _, s = empty_state()
    s.stacks.place("Tula/49", "C0233")  # Russian Morale 1 Class B: 2
    s.stacks.place("315/167/53", "C0232")  # German Morale 2 Class A: 4
    s.stacks.place("110/112/53", "C0234")  # German Morale 2 Class A: 4 (another division)
    plain = combat.odds(s, "C0233", ["315/167/53", "110/112/53"], ["Tula/49"])
    assert plain["column"] == "4-1"
    air = combat.odds(s, "C0233", ["315/167/53", "110/112/53"], ["Tula/49"], att_air=2, def_air=2)
    assert air["column"] == "5-1"
    assert [x["rule"] for x in air["shifts"]] == ["17.22", "17.23"]


def test_9_72_odds_below_the_table_use_the_first_column_on_the_terrain_line():
    _, s = empty_state()
    s.stacks.place("299/50", "C0233")  # 9
    s.stacks.place("I35/4P/24", "C0232")  # German tank battalion: 1 (8.6)
    o = combat.odds(s, "C0233", ["I35/4P/24"], ["299/50"])
    assert o["column"] == "1-5" and o["below_table"]


def test_crt_results_parse_as_printed():
    assert combat.parse_result("D2(1)*") == ("D", 2, 1, True)
    assert combat.parse_result("A1") == ("A", 1, 0, False)
    assert combat.parse_result("A3(3)") == ("A", 3, 3, False)


def test_11_23_support_data_point_4_sp_die_5_gives_3():
    rules, s = empty_state()
    s.support_points = {"2PzA": 4}
    s.stacks.place("24/2PzA", "C0232")
    s.pending = {"kind": "roll", "what": "support:2PzA", "todo": ["2PzA"]}
    s.phase = "german_support"
    rules.apply(s, SupportRoll("2PzA", 5))
    assert s.support_result["2PzA"] == 3


def test_16_24_commitment_data_point_9_vp_die_4_commits_1():
    rules, s = empty_state("18.2")
    s.vp = 9
    s.phase = "russian_commitment"
    s.uncommitted = {"1/1Sh"}
    s.pending = {"kind": "roll", "what": "commitment"}
    # 18.27 adds one to the roll: 4 + 1 = 5 at 0-9 VP gives 2; the plain table (16.24 example) 1
    table = s.data.tables["commitment"]
    assert int(table["rows"]["4"][0]) == 1
    rules.apply(s, DieRoll("commitment", 4))
    assert s.pending["left"] == 2


def test_12_supply_german_unit_far_from_its_hq_is_out_and_without_any_hq_isolated():
    from typhoon.games.ot.supply import determine_supply

    _, s = empty_state()
    s.stacks.place("53/2PzA", "C0202")  # its HQ near the west edge (a source)
    s.stacks.place("339/167/53", "C0205")
    s.stacks.place("315/167/53", "C0220")  # 15 hexes from its HQ; another HQ within 6: none
    s.stacks.place("24/2PzA", "C0240")
    sup = determine_supply(s)
    assert sup["339/167/53"] == "in"
    assert sup["315/167/53"] == "out"  # 12.41 c: only a longer line to its own HQ
    s.stacks.remove("53/2PzA")
    assert determine_supply(s)["339/167/53"] == "isolated"  # 12.51 a (D33)
