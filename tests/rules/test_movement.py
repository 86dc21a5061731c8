"""Movement (000 7.0, 8.0-8.3, 12.1; 001 Zone of Control, Movement, Rail Movement, Restrictions).

Expected values come from the rules texts; positions reproduce the situations the examples describe.
"""

from __future__ import annotations

import pytest
from conftest import build, data, move_targets, neighbours

from typhoon.core.errors import IllegalActionError
from typhoon.games.bfm import movement

# One position reproducing the 001 movement example: a Soviet unit with MA 4 in 0402, German
# units in 0203 and 0706 whose zones of control give paths C, D and E; 0405 is a forest hex.
EXAMPLE_001 = {"10A": "0402", "XII": "0203", "VI": "0706"}
PATH_A = ["0503", "0504", "0505", "0506"]  # four clear hexes, no EZOC
PATH_B = ["0403", "0404", "0405"]  # the third hex (0405) is forest
PATH_C = ["0303"]  # first hex is in the ZOC of 0203
PATH_D = ["0403", "0304"]  # second hex is in the ZOC of 0203
PATH_E = ["0503", "0504", "0505", "0605"]  # fourth hex is in the ZOC of 0706
PATH_F = ["0403", "0404", "0405", "0406"]  # would cost 5 (forest counts 2)


def test_example_geometry_is_as_described():
    """001 movement example: check the position has the features the text describes."""
    d = data()
    zoc = set(neighbours("0203")) | set(neighbours("0706"))
    for path in (PATH_A, PATH_B, PATH_C, PATH_D, PATH_E):
        prev = "0402"
        for h in path:
            assert h in neighbours(prev), (prev, h)
            prev = h
    assert not set(PATH_A) & d.forest and not set(PATH_A) & zoc
    assert PATH_B[2] in d.forest and not set(PATH_B[:2]) & d.forest and not set(PATH_B) & zoc
    assert PATH_C[0] in zoc
    assert PATH_D[0] not in zoc and PATH_D[1] in zoc
    assert not set(PATH_E[:3]) & zoc and PATH_E[3] in zoc and not set(PATH_E) & d.forest


@pytest.mark.parametrize("edition", ["1986", "2009"])
def test_001_movement_example_paths(edition):
    """001 Movement example: A moves four hexes; B stops after the forest (third hex counts two);
    C, D stop on entering an EZOC (first, second hex); E ends in an EZOC with its MA used up;
    F is impossible (5 hexes counting the forest as 2). Also 000 7.1/8.3."""
    g = build(EXAMPLE_001, phase="soviet_movement", turn=1, edition=edition)
    reach = movement.reach(g.state, "10A")
    dest = set(movement.destinations(g.state, "10A"))
    assert reach[PATH_A[-1]] == 4 and PATH_A[-1] in dest  # A
    assert reach[PATH_B[-1]] == 4 and PATH_B[-1] in dest  # B
    assert PATH_C[-1] in dest and PATH_D[-1] in dest and PATH_E[-1] in dest  # C, D, E reach their hex
    assert reach[PATH_E[-1]] == 4
    assert PATH_F[-1] not in dest  # F
    # C and D must stop: 0204 (two hexes away through C) is only reached the long way round
    # (0403-0404-0305-0204, 4 MP), and 0104 (three hexes through C) is out of reach
    assert reach["0204"] == 4 and "0104" not in dest
    # and nothing lies beyond the forest hex of path B: 0406 costs five
    assert "0406" not in reach


def test_000_8_0_german_6th_corps_example():
    """000 8.0 example: the German 6th Corps (MA 4) may enter A or B (EZOC hexes) and must stop;
    C uses its whole MA and is in an EZOC; D is forest (2 MP) reached with all 4 MP; E uses the
    whole MA; river hexsides cost nothing extra to cross."""
    g = build({"VI": "0402", "10A": "0203", "13A": "0706"}, phase="german_movement", turn=2)
    reach = movement.reach(g.state, "VI")
    dest = set(movement.destinations(g.state, "VI"))
    a, b, c, d_, e = "0303", "0304", "0605", "0405", "0506"
    assert {a, b, c, d_, e} <= dest
    assert reach[a] == 1 and reach[b] == 2  # A, B: in the EZOC, must stop
    assert reach["0204"] == 4 and "0104" not in dest  # beyond A/B only the long way round
    assert reach[c] == 4 and reach[d_] == 4 and reach[e] == 4
    assert "0406" not in reach  # D has used the whole MA
    # E's path 0403-0404-0505-0506 crosses the river hexsides 0404/0505 and 0505/0506 at 1 MP each
    assert frozenset(("0505", "0506")) in data().rivers and frozenset(("0404", "0505")) in data().rivers


def test_river_costs_nothing_for_movement():
    """000 8.0: 'no additional cost in Movement Points to cross the river hexsides'."""
    g = build({"VI": "0505", "10A": "1410"}, phase="german_movement", turn=2)
    assert frozenset(("0505", "0506")) in data().rivers
    assert movement.reach(g.state, "VI")["0506"] == 1


def test_forest_costs_two_clear_one():
    """TEC / 001 Movement: a forest hex counts as two hexes; clear one."""
    g = build({"VI": "0403", "10A": "1410"}, phase="german_movement", turn=2)
    r = movement.reach(g.state, "VI")
    assert r["0404"] == 1 and r["0405"] == 3  # 0405 forest: 1 + 2


def test_leaving_ezoc_is_free_ezoc_to_ezoc_then_stop():
    """000 7.1: units may freely leave EZOCs and may move directly from one EZOC hex to another,
    but must then stop. 8.3: no penalty for leaving an EZOC."""
    g = build({"VI": "0606", "10A": "0706"}, phase="german_movement", turn=2)
    zoc = set(neighbours("0706"))
    assert "0606" in zoc and "0707" in zoc and "0707" in neighbours("0606")
    reach = movement.reach(g.state, "VI")
    # leaving costs nothing: 0506 is adjacent and outside the ZOC, then three more hexes
    assert reach["0506"] == 1 and "0506" not in zoc
    assert any(reach[h] == 4 and h not in zoc for h in reach)
    # EZOC -> EZOC directly: allowed, then stop
    assert reach["0707"] == 1 and "0707" in movement.destinations(g.state, "VI")
    # 0807 is next to 0707 (cost 2 through it without the stop) but can only be reached round the ZOC
    assert "0807" in neighbours("0707") and reach.get("0807", 99) > 2


def test_never_enter_enemy_hex():
    """8.2.1: a unit can never enter a hex containing an enemy unit."""
    g = build({"VI": "0505", "10A": "0506"}, phase="german_movement", turn=2)
    assert "0506" not in movement.reach(g.state, "VI")
    with pytest.raises(IllegalActionError):
        g.push("move VI 0506")


def test_may_pass_through_friendly_unit():
    """8.2.2: a unit can enter a hex containing a friendly unit (and go on)."""
    # 0404's only way east in one step... VI at 0403, friendly XII at 0404; 0505 reachable at 2 through 0404 or 0504
    # Use a corridor: block alternatives with the map edge: VI in 0101, XII in 0102; 0103 is only 2 away via 0102
    g = build({"VI": "0101", "XII": "0102", "10A": "1410"}, phase="german_movement", turn=2)
    r = movement.reach(g.state, "VI")
    assert r["0103"] == 2  # 0101 -> 0102 (friendly) -> 0103 is the only 2-hex path? (0202 is forest: cost 3)
    assert "0103" in movement.destinations(g.state, "VI")


def test_one_unit_per_hex_at_end_of_phase():
    """8.2.2: only one unit in a hex at the end of each phase: a phase cannot end overstacked."""
    g = build({"VI": "0101", "XII": "0102", "10A": "1410"}, phase="german_movement", turn=2)
    if "0102" in move_targets(g, "VI"):
        g.push("move VI 0102")
        assert "end" not in {str(a) for a in g.legal_actions}
        with pytest.raises(IllegalActionError):
            g.push("end")
    # a unit that cannot move any more may not be stacked on
    g2 = build({"VI": "0101", "XII": "0102", "10A": "1410"}, phase="german_movement", turn=2, moved=["XII"])
    assert "0102" not in move_targets(g2, "VI")


# A corner of the map where three German units stand in three mutually adjacent hexes
# (0101, 0102, 0201) and Soviet units hold every other hex next to them: on a mud turn (12.1:
# one hex per phase) each German unit can only go to the other two hexes.
CORNER = {"VI": "0101", "XII": "0102", "XL": "0201", "10A": "0103", "13A": "0202", "16A": "0301", "19A": "0302"}


def test_three_way_exchange_of_hexes():
    """8.2.2 limits stacking only at the end of the phase: VI -> 0102, XII -> 0201, XL -> 0101 is
    a legal exchange although XII has no empty hex to go to when VI arrives."""
    g = build(CORNER, phase="german_movement", turn=3)
    assert set(move_targets(g, "VI")) == {"0102", "0201"}
    g.push("move VI 0102")
    assert "end" not in {str(a) for a in g.legal_actions}  # two units in 0102
    g.push("move XII 0201")  # now XII and XL share 0201; XL can go to 0101, which VI left
    assert move_targets(g, "XL") == {"0101"}
    g.push("move XL 0101")
    assert g.state.hex_of["VI"] == "0102" and g.state.hex_of["XII"] == "0201" and g.state.hex_of["XL"] == "0101"
    assert "end" in {str(a) for a in g.legal_actions}


def test_a_move_that_would_leave_a_stack_for_good_is_refused():
    """8.2.2: after VI -> 0102 and XII -> 0201, XL may not move into 0102 (VI has moved and
    cannot leave, so two units would stay there): XL's only move is out of 0201 into 0101."""
    g = build(CORNER, phase="german_movement", turn=3)
    g.push("move VI 0102")
    g.push("move XII 0201")
    assert {str(a) for a in g.legal_actions} == {"move XL 0101"}
    with pytest.raises(IllegalActionError, match="8.2.2"):
        g.push("move XL 0102")


def test_each_unit_moves_once_per_phase():
    """8.0: units move one at a time; each qualifying unit moves once per Movement Phase."""
    g = build({"VI": "0101", "10A": "1410"}, phase="german_movement", turn=2)
    g.push("move VI 0102")
    assert not movement.may_move(g.state, "VI")
    with pytest.raises(IllegalActionError):
        g.push("move VI 0103")


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_panzer_phase_only_panzers(edition):
    """000 4.0 phase 2 / 001 phase 2 / 8.0: only panzers move in the Panzer Movement Phase."""
    g = build({"VI": "0101", "LVI": "0103", "10A": "1410"}, phase="german_panzer_movement", turn=2, edition=edition)
    assert not move_targets(g, "VI")
    assert move_targets(g, "LVI")
    with pytest.raises(IllegalActionError):
        g.push("move VI 0102")
    # panzers have MA 6
    assert max(movement.reach(g.state, "LVI").values()) == 6


def test_german_movement_phase_all_units_including_panzers_that_moved():
    """000 4.0 phase 4: all German units may move, including panzers that moved in phase 2."""
    g = build({"VI": "0101", "LVI": "0103", "10A": "1410"}, phase="german_panzer_movement", turn=2)
    g.push("move LVI 0105")
    g.push("end")
    # the combat phase has nothing to declare and is skipped
    assert g.state.phase == "german_movement"
    assert move_targets(g, "VI") and move_targets(g, "LVI")


# -- rail movement (8.1) -------------------------------------------------------------------
RAIL = {"50A": "0805", "VI": "0101"}  # Kaluga; rail 0805-0806(forest)-0707-0708(forest)-0608-0509


def test_rail_movement_forest_counts_one():
    """8.1: along connected rail hexes at 1 MP per hex regardless of terrain (a forest counts one)."""
    g = build(RAIL, phase="soviet_rail_movement", turn=2)
    r = movement.reach(g.state, "50A")
    assert r["0806"] == 1 and r["0707"] == 2 and r["0708"] == 3 and r["0608"] == 4
    assert "0608" in movement.destinations(g.state, "50A")
    assert "0509" not in r  # five rail hexes away


def test_rail_movement_only_along_rail():
    """8.1: they can only move along hexes connected by a rail line."""
    g = build(RAIL, phase="soviet_rail_movement", turn=2)
    r = set(movement.reach(g.state, "50A"))
    links = data().rail_links
    # every reachable hex is on the rail network connected to 0805
    assert r - {"0805"} <= set(links)
    assert "0705" not in r and "0804" not in r  # adjacent to Kaluga but not connected by rail


def test_rail_movement_only_units_starting_on_rail():
    """8.1: only Soviet units that start the phase on a rail line move in the Rail Movement Phase."""
    g = build({"50A": "0805", "49A": "0705", "VI": "0101"}, phase="soviet_rail_movement", turn=2)
    assert "0705" not in data().rail_hexes
    assert not move_targets(g, "49A")
    assert move_targets(g, "50A")


def test_rail_movement_stops_in_ezoc():
    """8.1 with 8.3: rail movement follows the rest of the movement rules: entering an EZOC ends it."""
    g = build({"50A": "0805", "VI": "0607"}, phase="soviet_rail_movement", turn=2)
    assert "0707" in neighbours("0607")
    r = movement.reach(g.state, "50A")
    assert "0707" in r and "0708" not in r and "0608" not in r


def test_rail_movement_never_through_enemy():
    """8.1 / 8.2.1: never into an enemy-occupied hex, even along the rail line."""
    g = build({"50A": "0805", "VI": "0707"}, phase="soviet_rail_movement", turn=2)
    r = movement.reach(g.state, "50A")
    assert "0707" not in r and "0708" not in r


def test_rail_movement_not_reduced_by_mud():
    """12.1: all movement except Russian Rail Movement is reduced to one hex per phase."""
    g = build(RAIL, phase="soviet_rail_movement", turn=3)
    assert data().mud(3)
    assert "0608" in movement.destinations(g.state, "50A")


@pytest.mark.parametrize("turn", [3, 4])
@pytest.mark.parametrize("phase,unit,start", [("german_movement", "VI", "0103"), ("german_panzer_movement", "LVI", "0103"), ("soviet_movement", "50A", "0805")])
def test_mud_one_hex_per_phase(turn, phase, unit, start):
    """12.0/12.1: turns 3 and 4 are mud turns; all movement except rail is one hex per phase."""
    units = {"VI": "0101", "50A": "1410"}
    units[unit] = start
    if unit == "LVI":
        units = {"LVI": start, "50A": "1410"}
    g = build(units, phase=phase, turn=turn)
    dest = set(movement.destinations(g.state, unit))
    expected = {h for h in neighbours(start) if h not in {v for k, v in units.items() if k != unit}}
    assert dest == expected  # forest neighbours too: one hex per phase whatever the terrain


def test_clear_turns_are_not_mud():
    """12.0: turns other than 3 and 4 are clear."""
    d = data()
    assert [t for t in range(1, 8) if d.mud(t)] == [3, 4]


def test_terrain_chart_movement_costs():
    """TEC (charts.md): clear 1, forest 2, city 1, fortification 1, Moscow 1; rivers no effect."""
    d = data()
    g = build({"VI": "0602", "10A": "1410"}, phase="german_movement", turn=2)
    r = movement.reach(g.state, "VI")
    assert "0603" in d.cities and r["0603"] == 1  # city (Vyazma)
    assert "0502" in d.fortified and r["0502"] == 1  # fortification
    assert "0702" in d.forest and r["0702"] == 2  # forest
    assert "0601" in d.cities and r["0601"] == 1  # Rzhev
    g2 = build({"VI": "1102", "10A": "1410"}, phase="german_movement", turn=2)
    assert movement.reach(g2.state, "VI")["1103"] == 1  # Moscow


def test_passing_through_a_city_takes_it_when_the_move_names_it():
    """000 10.0: a city is controlled by the side whose units "were the last ones to have entered"
    it (issue 15's case): XLVI from 0804 to 0806 through Kaluga (0805) takes Kaluga when the
    move names its path; the same move by destination only takes nothing on the way."""
    units = {"XLVI": "0804", "10A": "1410"}
    g = build(units, phase="german_movement", turn=2, control={"Kaluga": "soviet"})
    g.push("move XLVI 0806 via 0805")
    assert g.state.control["0805"] == "german"
    assert g.state.hex_of["XLVI"] == "0806"
    g2 = build(units, phase="german_movement", turn=2, control={"Kaluga": "soviet"})
    g2.push("move XLVI 0806")
    assert g2.state.control["0805"] == "soviet"


def test_a_named_path_obeys_the_movement_rules():
    """8.3 / 7.1: entering an enemy ZOC ends the move, so a path may not go on from a hex next to
    a Soviet unit; 8.0: the named path must fit the movement allowance (forest 2)."""
    g = build({"XLVI": "0804", "10A": "0906"}, phase="german_movement", turn=2)
    # 0805 is next to 10A in 0906: XLVI may end there, but not pass through it
    assert "0805" in move_targets(g, "XLVI")
    with pytest.raises(IllegalActionError, match="through 0805"):
        g.push("move XLVI 0705 via 0805")
    # a detour through 0104, seven hexes west of 0804, is beyond any unit's allowance (at most 6)
    with pytest.raises(IllegalActionError):
        g.push("move XLVI 0705 via 0104")


def test_move_via_round_trips_through_its_text():
    from typhoon.games.bfm.actions import Move
    g = build({"XLVI": "0804", "10A": "1410"}, phase="german_movement", turn=2)
    a = g.parse("move xlvi 0806 via 0805")
    assert a == Move("XLVI", "0806", ("0805",)) and str(a) == "move XLVI 0806 via 0805"
