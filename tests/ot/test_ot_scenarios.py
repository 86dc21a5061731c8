"""The scenarios 18.1-18.5 of Operation Typhoon: their lengths, air power, weather, support,
commitment and special rules (18.x3-18.x8, 18.48, 18.5) and their victory conditions (18.19,
18.29, 18.39, 18.49, 18.5), each on a position built for the case, the expected outcome from
the text (003)."""

from __future__ import annotations

import pytest
from ot_helpers import empty_state

from typhoon.games.ot import supply, victory
from typhoon.games.ot.actions import Allocate, DieRoll, End, Move, Withdraw
from typhoon.games.ot.data import ot_data, scenario
from typhoon.games.ot.package import PACKAGE
from typhoon.games.ot.strength import parent_of

D = ot_data()


def hq(side: str, parent: str) -> str:
    return D.hq_of[(side, parent)]


# -- lengths, air power, weather (18.11/18.21/18.31/18.41/18.5, 18.x3, 18.x4) ----------------------
@pytest.mark.parametrize("key,last", [("18.1", 16), ("18.2", 16), ("18.3", 16), ("18.4", 16), ("18.5", 31)])
def test_scenario_length(key, last):
    # 18.11/18.21/18.31/18.41: 15 November (GT1) to 30 November (GT16); 18.5: through GT31
    scen = scenario(key)
    assert (scen.first_turn, scen.last_turn) == (1, last)


@pytest.mark.parametrize("key,german,russian", [("18.1", 2, 3), ("18.2", 2, 4), ("18.3", 2, 3), ("18.4", 6, 10), ("18.5", 6, 10)])
def test_air_points_and_the_first_turn_weather(key, german, russian):
    # 18.13/18.23/18.33 (17.11/17.12 in 18.43); 18.x4: GT1 Overcast, Ground Freeze, no snow;
    # 17.13: Overcast halves the Air Points (D34: rounded down)
    scen = scenario(key)
    assert (scen.params["german_air_points"], scen.params["russian_air_points"]) == (german, russian)
    g = PACKAGE.new_game({"scenario": key}, seed=1)
    if key in ("18.4", "18.5"):
        g.push(g.parse("plan historical"))
    s = g.state
    assert (s.turn, s.weather, s.ground, s.snow) == (1, "overcast", "ground_freeze", False)
    assert s.air == {"german": german // 2, "russian": russian // 2}


# -- German support (18.15, 18.25, 18.35, 18.45) ---------------------------------------------------------
def _support_pending(key, turn=1):
    rules, s = empty_state(key)
    for u in scenario(key).anywhere:  # the German HQs
        s.stacks.place(u, "A2001" if key == "18.2" else "B2001" if key == "18.3" else "C2001")
    s.turn, events = turn, []
    rules._enter(s, "german_support", events)
    return rules, s


def test_18_15_three_points_to_2nd_panzer_army_without_allocation_every_fourth_turn():
    rules, s = _support_pending("18.1")
    assert s.pending["kind"] == "roll" and s.pending["what"] == "support:2PzA"  # 18.15(b): no choice to make
    assert s.support_points == {"2PzA": 3}
    for turn, rolls in ((2, False), (4, False), (5, True), (9, True)):  # 18.15(a): GT1, 5, 9, 13
        rules, s = _support_pending("18.1", turn)
        assert (s.pending is not None and s.pending.get("what") == "support:2PzA") is rolls, turn


@pytest.mark.parametrize("key,armies,points", [("18.2", ("3PzA", "4PzA"), 6), ("18.3", ("4PzA", "4A"), 3)])
def test_18_25_18_35_the_points_are_divided_between_the_two_armies(key, armies, points):
    # 18.25(b): six points divided among the 3rd or 4th Panzer Army (D22); 18.35(a): 4th Panzer
    # Army and 4th Army, with the Players' number of points (1-5; 3 by default, T5)
    rules, s = _support_pending(key)
    legal = rules.legal_actions(s)
    assert all(isinstance(a, Allocate) for a in legal)
    assert {tuple(x for x, _ in a.points) for a in legal} == {armies}
    assert sorted(tuple(n for _, n in a.points) for a in legal) == sorted((i, points - i) for i in range(points + 1))


def test_18_45_ten_points_among_the_four_armies():
    rules, s = _support_pending("18.4")
    legal = rules.legal_actions(s)
    assert {tuple(x for x, _ in a.points) for a in legal} == {("2PzA", "3PzA", "4PzA", "4A")}
    assert all(sum(n for _, n in a.points) == 10 for a in legal)


# -- commitment (18.17, 18.27, 18.37, 18.47) ---------------------------------------------------------------
@pytest.mark.parametrize("key,armies", [("18.1", set()), ("18.2", {"1Sh"}), ("18.3", {"20"}), ("18.4", {"1Sh", "20"})])
def test_uncommitted_armies_at_the_start(key, armies):
    g = PACKAGE.new_game({"scenario": key}, seed=1)
    s = g.state
    assert {D.units[u].parent for u in s.uncommitted} == armies
    # every Russian unit of those armies on the map at the start is uncommitted
    assert all(u in s.uncommitted for u in s.on_map("russian") if D.units[u].parent in armies)


def test_18_17_no_commitment_segment_in_18_1():
    rules, s = empty_state("18.1")
    s.stacks.place("290/49", "C2020")
    events = []
    rules._enter(s, "russian_commitment", events)
    assert s.pending is None and s.phase == "russian_tactical"


@pytest.mark.parametrize("key,mod", [("18.2", 1), ("18.3", 2), ("18.4", 0)])
def test_commitment_die_modifier(key, mod):
    # 18.27: adds one to each die roll; 18.37: adds two; 18.47: exactly as 16.2
    rules, s = empty_state(key)
    u = next(x for x in scenario(key).setup if D.units[x].parent in ("1Sh", "20") and D.units[x].side == "russian")
    s.uncommitted = {u}
    s.turn, s.phase, s.vp = 2, "russian_commitment", 0
    s.pending = {"kind": "roll", "what": "commitment"}
    rules.apply(s, DieRoll("commitment", 3))
    table = D.tables["commitment"]["rows"]
    assert s.pending["left"] == int(table[str(3 + mod)][0])


# -- special rules ------------------------------------------------------------------------------------------
def test_18_18a_2nd_panzer_army_out_of_supply_on_turns_1_to_3():
    rules, s = empty_state("18.1")
    s.stacks.place("24/2PzA", "C2001")  # an HQ on the west edge (12.12: a supply source)
    s.stacks.place("40/17P/24", "C2002")
    for turn, status in ((1, "out"), (3, "out"), (4, "in")):
        s.turn = turn
        assert supply.determine_supply(s)["40/17P/24"] == status, turn


def test_18_18c_and_18_38c_subordination_in_the_scenario_only():
    _, s = empty_state("18.1")
    assert parent_of(s, "163/52/13") == "43"  # 18.18(c)
    _, s = empty_state("18.3")
    assert parent_of(s, "195/78/9") == "7"  # 18.38(c)
    _, s = empty_state("18.4")
    assert parent_of(s, "163/52/13") == "13" and parent_of(s, "195/78/9") == "9"  # D25: not in the campaign


def test_18_28a_four_corps_out_of_supply_on_turn_1_only():
    rules, s = empty_state("18.2")
    s.stacks.place(hq("german", "40"), "A2001")
    s.stacks.place("3/DasR/40", "A2002")
    s.stacks.place(hq("german", "41"), "A2401")
    s.stacks.place("4/6P/41", "A2402")
    s.turn = 1
    st = supply.determine_supply(s)
    assert (st["3/DasR/40"], st["4/6P/41"]) == ("out", "in")  # 40th Corps listed, 41st not
    s.turn = 2
    st = supply.determine_supply(s)
    assert (st["3/DasR/40"], st["4/6P/41"]) == ("in", "in")


def test_18_28c_the_20th_army_is_always_in_supply():
    rules, s = empty_state("18.2")
    s.stacks.place("25/16", "A2010")  # far from the east edge, no HQ: Out of Supply (12.42)
    s.stacks.place("22/20", "A2012")
    st = supply.determine_supply(s)
    assert st["25/16"] != "in"
    assert st["22/20"] == "in"


def test_18_38a_every_german_unit_out_of_supply_on_turn_1():
    rules, s = empty_state("18.3")
    s.stacks.place(hq("german", "13"), "B2001")
    s.stacks.place("470/260/13", "B2002")
    s.turn = 1
    assert supply.determine_supply(s)["470/260/13"] == "out"
    s.turn = 2
    assert supply.determine_supply(s)["470/260/13"] == "in"


def test_18_48_the_campaign_keeps_18_18a_18_28a_18_38a():
    rules, s = empty_state("18.4")
    s.stacks.place("24/2PzA", "C2001")
    s.stacks.place("40/17P/24", "C2002")  # 2nd Panzer Army: out on GT1-3 (18.18(a))
    s.stacks.place(hq("german", "13"), "B2001")
    s.stacks.place("470/260/13", "B2002")  # a Map B unit: out on GT1 (18.38(a), D24)
    s.stacks.place(hq("german", "41"), "A2401")
    s.stacks.place("4/6P/41", "A2402")  # 41st Corps, Map A: not named
    s.stacks.place(hq("german", "40"), "A2001")
    s.stacks.place("3/DasR/40", "A2002")  # 40th Corps: out on GT1 (18.28(a))
    expect = {1: ("out", "out", "in", "out"), 2: ("out", "in", "in", "in"), 4: ("in", "in", "in", "in")}
    for turn, want in expect.items():
        s.turn = turn
        st = supply.determine_supply(s)
        assert tuple(st[u] for u in ("40/17P/24", "470/260/13", "4/6P/41", "3/DasR/40")) == want, turn


def _moves(rules, s, unit):
    return {a.to for a in rules.legal_actions(s) if isinstance(a, Move) and a.unit == unit}


def test_18_18b_and_d_russian_movement_limits_on_turns_1_to_3():
    rules, s = empty_state("18.1")
    s.phase = "russian_tactical"
    s.stacks.place("108/49", "C1730")  # 49th Army, next to hexrow 16 (south of hexrow 1700)
    s.stacks.place("41/50", "C1732")  # 50th Army: no such limit
    for turn in (1, 3):
        s.turn = turn
        assert not any(h[1:3] < "17" for h in _moves(rules, s, "108/49")), turn
        assert any(h[1:3] < "17" for h in _moves(rules, s, "41/50"))
    s.turn = 4
    assert any(h[1:3] < "17" for h in _moves(rules, s, "108/49"))
    # 18.18(d): no Russian unit west of the front line on GT1-3
    front = next(h for h in D.front_line if h.startswith("C20"))
    s.stacks.place("299/50", front)
    s.turn = 2
    scen = scenario("18.1")
    assert not any(scen.west_of_front(h) for h in _moves(rules, s, "299/50"))
    s.turn = 4
    assert any(scen.west_of_front(h) for h in _moves(rules, s, "299/50"))


@pytest.mark.parametrize("key,row,unit", [("18.2", "A01", "3/DasR/40"), ("18.3", "B01", "470/260/13")])
def test_18_28b_18_38b_no_unit_enters_the_southernmost_hexrow(key, row, unit):
    rules, s = empty_state(key)
    s.stacks.place(unit, f"{row[0]}0210")
    moves = _moves(rules, s, unit)
    assert moves and not any(a[:3] == row for h in moves for a in D.grid.aliases(h))
    rules1, s1 = empty_state("18.1")  # 18.1 closes no hexrow: Map C's hexrow 0100 is open
    s1.stacks.place("40/17P/24", "C0210")
    assert any(h.startswith("C01") for h in _moves(rules1, s1, "40/17P/24"))


def test_18_28b_the_18_26b_reinforcements_enter_at_their_listed_hexes_only():
    rules, s = empty_state("18.2")
    s.turn, s.phase = 5, "russian_tactical"
    entering = {a.to for a in rules.legal_actions(s) if isinstance(a, Move) and a.unit == "22/20"}
    # it may stop in its entry hex A0125 (hexrow 0100) but never move along hexrow 0100
    assert "A0125" in entering
    assert not any(h[:3] == "A01" and h not in ("A0125", "A0127", "A0129") for h in entering)


def test_18_38d_withdrawal_rolls_from_turn_5():
    rules, s = empty_state("18.3")
    s.stacks.place("28/20", "B3030")
    s.stacks.place("41/20", "B3032")
    s.uncommitted = {"28/20", "41/20"}
    s.phase, events = "russian_supply", []
    s.turn = 4
    rules._enter(s, "russian_commitment", events)
    assert s.pending == {"kind": "roll", "what": "commitment"}  # no withdrawal roll before GT5
    s.turn = 5
    rules._enter(s, "russian_commitment", events)
    assert s.pending == {"kind": "roll", "what": "withdrawal"}
    rules.apply(s, DieRoll("withdrawal", 3))  # 3-6: nothing
    assert s.pending["what"] == "commitment" and len(s.uncommitted) == 2
    rules._enter(s, "russian_commitment", events)
    rules.apply(s, DieRoll("withdrawal", 2))  # 1 or 2: one uncommitted 20th Army unit removed
    assert set(rules.legal_actions(s)) == {Withdraw("28/20"), Withdraw("41/20")}
    rules.apply(s, Withdraw("41/20"))
    assert "41/20" not in s.stacks and s.off_map["41/20"] == "withdrawn"
    assert "41/20" not in s.destroyed  # not eliminated (no VP, 16.13)
    assert s.pending["what"] == "commitment"
    s.uncommitted = set()
    rules._enter(s, "russian_commitment", events)
    assert s.pending is None  # none left: the rolls stop (D42), and nothing to commit


# -- exits (18.19, 18.29) -------------------------------------------------------------------------------
def test_18_29_exit_by_entering_hexrow_0100_between_0126_and_0133():
    rules, s = empty_state("18.2")
    s.stacks.place("3/DasR/40", "A0230")
    exits = [a for a in rules.legal_actions(s) if str(a).startswith("exit 3/DasR/40")]
    assert [str(a) for a in exits] == ["exit 3/DasR/40 S"]
    rules.apply(s, exits[0])
    where = s.off_map["3/DasR/40"]
    assert where.startswith("exited_S:") and where.split(":")[1][:3] == "A01"
    assert 26 <= int(where.split(":")[1][3:]) <= 33
    rules2, s2 = empty_state("18.2")
    s2.stacks.place("4/DasR/40", "A0210")  # next to A0110: outside 0126-0133
    assert not any(str(a).startswith("exit 4/DasR/40 S") for a in rules2.legal_actions(s2))


# -- victory conditions -----------------------------------------------------------------------------------
def _end_state(key):
    _, s = empty_state(key)
    for h in s.control:
        s.control[h] = "russian"
    return s


def _hold(s, names):
    for n in names:
        s.control[D.place_hex[n]] = "german"


def _exit(s, edge, units, hexes):
    for u, h in zip(units, hexes):
        s.off_map[u] = f"exited_{edge}:{h}"


GERMANS_18_2 = [u for u in scenario("18.2").units if D.units[u].side == "german" and not D.units[u].is_hq]
S_HEXES = ["A0126", "A0127", "A0128", "A0129", "A0130", "A0131", "A0132", "A0133"]


@pytest.mark.parametrize("exits,places,vp,east,level", [
    (6, 6, 0, 0, "Decisive German Victory"),
    (4, 5, 0, 0, "Substantive German Victory"),
    (2, 4, 0, 0, "Marginal German Victory"),
    (1, 9, 0, 0, "Marginal Soviet Victory"),  # (1) less than 2 exits
    (5, 3, 0, 0, "Marginal Soviet Victory"),  # (2) three or fewer places
    (0, 2, 0, 0, "Substantive Soviet Victory"),
    (0, 1, 0, 0, "Decisive Soviet Victory"),
    (0, 1, 16, 0, "Substantive Soviet Victory"),  # modifier (1): more than 15 VP
    (0, 1, 15, 0, "Decisive Soviet Victory"),  # exactly 15 is not more than 15
    (1, 9, 16, 3, "Substantive German Victory"),  # both modifiers: Marginal Soviet + 2 steps
])
def test_18_29_victory_levels(exits, places, vp, east, level):
    s = _end_state("18.2")
    s.stacks.place(hq("german", "40"), "A0230")  # an HQ next to the exit hexes: their trace is not isolated
    _hold(s, victory.PLACES_18_2[:places])
    _exit(s, "S", GERMANS_18_2[:exits], S_HEXES * 2)
    _exit(s, "E", GERMANS_18_2[10:10 + east], sorted(scenario("18.2").east_edge))
    s.vp = vp
    assert victory.evaluate_victory(s)[0] == level


def test_18_29_exit_hexes_must_trace_supply_for_a_german_level():
    s = _end_state("18.2")  # no German HQ anywhere: an imaginary unit in the exit hexes is isolated
    _hold(s, victory.PLACES_18_2[:6])
    _exit(s, "S", GERMANS_18_2[:6], S_HEXES)
    assert victory.evaluate_victory(s)[0] == "Marginal Soviet Victory"  # D57


GERMANS_18_3 = [u for u in scenario("18.3").units if D.units[u].side == "german" and not D.units[u].is_hq]


@pytest.mark.parametrize("places,kremlin,east,level", [
    (8, True, 0, "Decisive German Victory"),  # (a)
    (6, True, 0, "Substantive German Victory"),  # (a)
    (0, True, 0, "Marginal German Victory"),  # (a) regardless of the places
    (6, False, 0, "Marginal German Victory"),  # (b)
    (5, False, 0, "Marginal Soviet Victory"),
    (4, False, 0, "Substantive Soviet Victory"),
    (3, False, 0, "Decisive Soviet Victory"),
    (5, False, 3, "Marginal German Victory"),  # the modifier: three exits east
])
def test_18_39_victory_levels(places, kremlin, east, level):
    s = _end_state("18.3")
    _hold(s, victory.PLACES_18_3[:places])
    if kremlin:
        s.stacks.place(GERMANS_18_3[0], "B3531")
        s.stacks.place(hq("german", "7"), "B3431")  # not isolated (12.51(a), D33)
    _exit(s, "E", GERMANS_18_3[20:20 + east], sorted(scenario("18.3").east_edge))
    assert victory.evaluate_victory(s)[0] == level


def test_18_39b_ten_unisolated_units_east_of_the_moskva_south_of_hexrow_3200():
    region = victory.east_of_moskva(scenario("18.3"))
    assert region and all(any(a[0] == "B" and a[1:3] < "32" for a in D.grid.aliases(h)) for h in region)
    assert D.grid.canonical("B3531") not in region
    spots = sorted(region, key=lambda h: D.grid.distance(h, sorted(region)[0]))
    s = _end_state("18.3")
    _hold(s, victory.PLACES_18_3[:8])
    s.stacks.place(hq("german", "7"), spots[0])
    i = 0
    for h in spots[1:]:
        if i >= 10:
            break
        s.stacks.place(GERMANS_18_3[i], h)
        i += 1
    assert victory.evaluate_victory(s)[0] == "Decisive German Victory"  # (b): eight places and ten units
    s.stacks.remove(GERMANS_18_3[9])
    assert victory.evaluate_victory(s)[0] == "Substantive German Victory"  # (b): five units (D23: eight places)


def test_18_19_decisive_needs_four_north_exits_traced():
    s = _end_state("18.1")
    _hold(s, ("Tula", "Kashira", "Venev", "Mikhaylov"))
    north = sorted(victory.exit_hexes(s)["N"])
    germans = [u for u in scenario("18.1").units if D.units[u].side == "german" and not D.units[u].is_hq]
    _exit(s, "N", germans[:4], north[:4])
    assert victory.evaluate_victory(s)[0] == "Substantive German Victory"  # no HQ: the exit hexes are isolated
    s.stacks.place("24/2PzA", north[1])
    assert victory.evaluate_victory(s)[0] == "Decisive German Victory"


def _campaign_end(key, plan, vp):
    s = _end_state(key)
    s.plan, s.vp = plan, vp
    return s


GERMANS_18_4 = [u for u in scenario("18.4").units if D.units[u].side == "german" and not D.units[u].is_hq]
RUSSIANS_18_5 = [u for u in scenario("18.5").units if D.units[u].side == "russian" and not D.units[u].is_hq]


@pytest.mark.parametrize("vp,level", [(120, "Decisive German Victory"), (80, "Substantive German Victory"),
                                      (50, "Marginal German Victory"), (49, "Marginal Soviet Victory"),
                                      (30, "Marginal Soviet Victory"), (29, "Substantive Soviet Victory"),
                                      (15, "Substantive Soviet Victory"), (14, "Decisive Soviet Victory")])
def test_18_49_historical_plan(vp, level):
    assert victory.evaluate_victory(_campaign_end("18.4", "historical", vp))[0] == level


def test_18_49_encirclement_exits_count_in_areas_6_to_8_area_7_double():
    s = _campaign_end("18.4", "encirclement", 50)
    area7 = [h for h in D.entry_areas[7] if h in scenario("18.4").east_edge]
    _exit(s, "E", GERMANS_18_4[:15], (area7 * 15)[:15])
    assert victory.exited_by_area(s, (6, 7, 8), double=(7,)) == 30
    # Moscow not encircled (no German unit anywhere), but 30 exits counted: Decisive (2)
    assert victory.evaluate_victory(s)[0] == "Decisive German Victory"
    area3 = [h for h in D.entry_areas.get(3, ()) if h in scenario("18.4").east_edge] or sorted(scenario("18.4").east_edge)[:1]
    s2 = _campaign_end("18.4", "encirclement", 50)
    _exit(s2, "E", GERMANS_18_4[:15], (area3 * 15)[:15])  # exits elsewhere do not count
    assert victory.evaluate_victory(s2)[0] == "Marginal German Victory"


def test_18_49_broad_front():
    s = _campaign_end("18.4", "broad_front", 40)
    area5 = [h for h in D.entry_areas[5] if h in scenario("18.4").east_edge]
    _exit(s, "E", GERMANS_18_4[:30], (area5 * 30)[:30])
    assert victory.evaluate_victory(s)[0] == "Marginal German Victory"  # (2): 30 exits and 40 VP
    s.vp = 50
    assert victory.evaluate_victory(s)[0] == "Substantive German Victory"
    s.vp = 39
    assert victory.evaluate_victory(s)[0] == "Marginal Soviet Victory"


def test_18_5_soviet_units_west_of_the_front_line_and_exited_west_shift_two_steps():
    s = _campaign_end("18.5", "historical", 50)  # Marginal German Victory before the shifts
    scen = scenario("18.5")
    west = sorted(h for h in scen.hexes if scen.west_of_front(h) and D.terrain[h] != "lake")
    for u, h in zip(RUSSIANS_18_5[:11], west[::7]):
        s.stacks.place(u, h)
    assert victory.evaluate_victory(s)[0] == "Marginal German Victory"  # 11: no shift
    s.stacks.place(RUSSIANS_18_5[11], west[-1])
    assert victory.evaluate_victory(s)[0] == "Marginal Soviet Victory"  # 12 west of the front line
    _exit(s, "W", RUSSIANS_18_5[20:32], sorted(scen.west_edge))
    assert victory.evaluate_victory(s)[0] == "Substantive Soviet Victory"  # and 12 exited west


def test_18_5_soviet_units_may_exit_the_western_edge():
    rules, s = empty_state("18.5")
    s.phase = "russian_tactical"
    edge = sorted(scenario("18.5").west_edge)[10]
    s.stacks.place(RUSSIANS_18_5[0], edge)
    s.turn = 20
    assert any(str(a) == f"exit {RUSSIANS_18_5[0]} W" for a in rules.legal_actions(s))
    rules4, s4 = empty_state("18.4")  # only in the Extended Campaign Game
    s4.phase = "russian_tactical"
    s4.stacks.place(RUSSIANS_18_5[0], edge)
    assert not any(str(a).startswith("exit") for a in rules4.legal_actions(s4))
    assert End() in rules4.legal_actions(s4)


def test_18_38b_no_retreat_into_the_closed_hexrow():
    from typhoon.games.ot import combat

    for key, unit, enemy, closed in (("18.3", "470/260/13", "151/5", True), ("18.1", "40/17P/24", "299/50", False)):
        _, s = empty_state(key)
        letter = "B" if key == "18.3" else "C"
        s.stacks.place(unit, f"{letter}0220")
        s.stacks.place(enemy, f"{letter}0320")
        first = combat.retreat_first_steps(s, [unit], f"{letter}0220", [f"{letter}0220"], 1, True)
        assert first  # there is somewhere to go
        assert any(h.startswith(f"{letter}01") for h in first) is not closed, key


def test_18_38d_actions_read_back_from_their_text():
    g = PACKAGE.new_game({"scenario": "18.3"}, seed=1)
    for a in (DieRoll("withdrawal", 2), Withdraw("41/20")):
        assert g.parse(str(a)) == a


# -- Free set-up (18.12(2), 18.22(2), 18.32(2), 18.42(2)) -----------------------------------------------
def _rows(h, section):
    return [int(a[1:3]) for a in D.grid.aliases(h) if a[0] == section]


@pytest.mark.parametrize("key,section,areas,fixed", [
    ("18.1", "C", {"50": (1, 16), "49": (17, 39)}, ("Vnev/50", "Tula/49")),  # south of 1700 / north of 1600
    ("18.2", "A", {"30": (21, 39), "16": (1, 21)}, ("1/1Sh",)),  # hexrow 2100 inclusive both ways; 1st Shock fixed
    ("18.3", "B", {"43": (2, 19), "33": (20, 27), "5": (28, 39)}, ("28/20",)),  # 20th Army fixed
])
def test_free_setup_areas(key, section, areas, fixed):
    g = PACKAGE.new_game({"scenario": key, "setup": "free"}, seed=1)
    s, scen = g.state, scenario(key)
    assert s.turn == 0 and s.pending == {"kind": "free_setup", "actor": "german"}  # the German sets up first
    german = [a for a in g.legal_actions if isinstance(a, Move)]
    assert german and all(a.mode == "setup" and scen.west_of_front(a.to) for a in german)  # west of the front line (exclusive)
    g.push(End())
    assert s.pending == {"kind": "free_setup", "actor": "russian"}
    russian = [a for a in g.legal_actions if isinstance(a, Move)]
    assert {D.units[a.unit].parent for a in russian} == set(areas)
    for a in russian:
        lo, hi = areas[D.units[a.unit].parent]
        assert scen.east_of_front(a.to) and any(lo <= r <= hi for r in _rows(a.to, section)), a
    assert not any(a.unit in fixed for a in russian)
    first = russian[0]
    g.push(first)
    assert s.hex_of(first.unit) == first.to and g.parse(str(first)) == first
    assert not any(isinstance(a, Move) and a.unit == first.unit for a in g.legal_actions)  # each unit placed once
    g.push(End())
    assert s.turn == 1 and s.hex_of(first.unit) == first.to


def test_historical_setup_is_the_default():
    g = PACKAGE.new_game({"scenario": "18.1"}, seed=1)
    assert g.state.turn == 1
