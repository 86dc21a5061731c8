"""Rules with no test of their own before: 2.10 TRT movement factors, 2.11 steps, 9.4 Guards
conversion, 11.19 ground support aircraft, 11.26 a retreating stack that breaks up, 12.2
replacements. Small synthetic maps; expected values from the rules text (004)."""

from __future__ import annotations

from dom_helpers import game_on, make_state, small_map

from typhoon.core.contract import visible_to
from typhoon.games.dom import movement
from typhoon.games.dom.rules import DomRules

# neighbours of 0404 on the 7x7 map: 0403 0504 0505 0405 0305 0304


def pa(g, target, *units):
    g.push(f"attack {target}")
    for u in units:
        g.push(f"add {u}")


def legal(g):
    return sorted(str(a) for a in g.legal_actions)


# -- 2.10 --------------------------------------------------------------------------------------
def test_movement_factors_come_from_the_turn_record_track_by_mobility_class():
    """2.10 L146-151: the TRT's "MF a/b" gives mechanized a, non-mechanized b, for both sides;
    L157-158 Guards and non-Guards of a class alike. Here the TRT of turn 3 reads MF 4/2."""
    m = small_map(9, 9, german_columns=1)
    s = make_state(m, turn=3, german=[("pz1", "0305"), ("inf01", "0305")], turns={3: {"mf_mech": 4, "mf_non_mech": 2}})
    d = m.grid.distance
    for u, mf in (("pz1", 4), ("inf01", 2)):
        r = movement.unit_reach(s, u)
        assert max(r.cost.values()) == mf
        assert {h for h in r.cost} == {h for h in m.grid.all_hexes if d("0305", h) <= mf}
    s2 = make_state(m, turn=3, phase="soviet_first", soviet=[("rd", (1, 2), "0705"), ("grd", "grd1", "0707")],
                    turns={3: {"mf_mech": 4, "mf_non_mech": 2}})
    assert max(movement.unit_reach(s2, "s001").cost.values()) == 2
    assert max(movement.unit_reach(s2, "grd1").cost.values()) == 2  # L157-158


def test_river_hexside_adds_one_mf_to_the_hex_cost():
    """2.10 L140-141 / 10.12 L882-884: entering a clear hex across a river costs two MF; with
    MF 2 the unit stops there."""
    m = small_map(rivers=[("0304", "0404")], german_columns=1)
    s = make_state(m, turn=3, german=[("inf01", "0304")], turns={3: {"mf_mech": 4, "mf_non_mech": 2}})
    r = movement.unit_reach(s, "inf01")
    assert r.cost["0404"] == 2
    assert r.cost["0305"] == 1


# -- 2.11 --------------------------------------------------------------------------------------
def test_two_step_unit_flips_then_dies_one_step_unit_dies():
    """2.11 L168-175: a two-step unit losing a step flips to its reduced side; a reduced one is
    eliminated. 11.9 L1099-1100: odds below 1:3 are an automatic AL1."""
    m = small_map()
    guards = [("grd", f"grd{i}", "0404") for i in (1, 2, 3)]  # three two-step Guards
    s = make_state(m, phase="german_second", german=[("inf01", "0304")], soviet=guards)
    g = game_on(s)
    pa(g, "0404", "inf01")
    g.push("fight")
    assert g.state.steps["inf01"] == 1 and g.state.hex_of("inf01") == "0304"
    assert g.state.face("inf01") == g.state.data.units["inf01"].reduced
    s = make_state(m, phase="german_second", german=[("inf01", "0304")], soviet=guards)
    s.steps["inf01"] = 1
    g = game_on(s)
    pa(g, "0404", "inf01")
    g.push("fight")
    assert "inf01" not in g.state.stacks and "inf01" in g.state.eliminated
    assert not g.state.kg_type  # 11.30: an infantry division leaves no KG


def test_de_reduces_two_step_defenders_and_eliminates_one_step_ones():
    """11.29 L1330-1332 with 2.11: DE eliminates one-step units and reduces two-step units."""
    m = small_map()
    five = [(u, "0304") for u in ("inf01", "inf02", "inf03", "inf04", "inf05")]
    s = make_state(m, phase="german_second", german=five, soviet=[("rd", (1, 1), "0404"), ("grd", "grd1", "0404")])
    g = game_on(s)
    pa(g, "0404", *[u for u, _ in five])
    g.push("fight")  # 20 vs 7: 2:1
    g.push("roll 1")  # 2:1 roll 1: DE
    assert "s001" not in g.state.stacks
    assert g.state.steps["grd1"] == 1 and g.state.hex_of("grd1") == "0404"


# -- 11.19 -------------------------------------------------------------------------------------
def test_air_is_committed_before_the_reveal_and_shifts_one_column_each():
    """11.19 L1197-1216: each counter one column for its owner; several on one battle; committed
    before the reveal and the odds (never after 'fight'); one use per game turn."""
    m = small_map()
    s = make_state(m, phase="german_second", german=[("inf01", "0304"), ("inf02", "0302")],
                   soviet=[("rd", (1, 2), "0404"), ("rd", (1, 2), "0402")], air=(2, 0))
    g = game_on(s)
    pa(g, "0404", "inf01")
    assert "air" in legal(g)
    g.push("air")
    g.push("air")
    assert "air" not in legal(g)  # both counters used
    g.push("fight")
    b = g.state.battle.data
    assert b["final"] == "4:1"  # 4 vs 2 = 2:1, two columns right
    assert g.is_chance()
    g.push("roll 6")  # 4:1 roll 6: AS
    pa(g, "0402", "inf02")
    assert "air" not in legal(g)  # L1206-1208: each counter once per game turn


def test_air_supports_at_most_two_battles_a_turn():
    """11.19 L1197-1198 "any one or two battles" (D-12): with three counters, a third battle
    gets none."""
    m = small_map()
    s = make_state(m, phase="german_second", german=[("inf01", "0304"), ("inf02", "0302"), ("inf03", "0306")],
                   soviet=[("rd", (1, 2), "0404"), ("rd", (1, 2), "0402"), ("rd", (1, 2), "0406")], air=(3, 0))
    g = game_on(s)
    for t, u in (("0404", "inf01"), ("0402", "inf02")):
        pa(g, t, u)
        g.push("air")
        g.push("fight")
        g.push("roll 6")  # 3:1 roll 6: AS
    pa(g, "0406", "inf03")
    assert g.state.air_left["german"] == 1
    assert "air" not in legal(g)


def test_defending_aircraft_shift_one_column_against_the_attacker():
    """11.19 L1197-1199 "offensively or defensively": a defending counter is one column left."""
    m = small_map()
    s = make_state(m, phase="german_second", german=[("inf01", "0304")], soviet=[("rd", (1, 2), "0404")], air=(0, 1))
    g = game_on(s)
    pa(g, "0404", "inf01")
    assert "air" not in legal(g)
    g.push("fight")
    assert legal(g) == ["air", "pass"]  # the Soviet decides before the reveal
    g.push("air")
    g.push("pass")  # no further counter
    assert g.state.battle.data["final"] == "1:1"  # 2:1 one column left


# -- 11.26 -------------------------------------------------------------------------------------
def test_a_stack_breaks_up_when_no_single_hex_can_take_it():
    """11.26 L1285-1288: a retreating stack splits into several hexes only when stacking forces
    it. 0403/0305 are GZOC, 0504 0505 0405 hold four Soviet units each: room for one each."""
    m = small_map()
    stack = [("rd", (1, 2), "0404")] * 3
    fillers = [("rd", (2, 2), h) for h in ("0504", "0505", "0405") for _ in range(4)]
    s = make_state(m, phase="german_second", german=[("inf01", "0304")], soviet=[*stack, *fillers])
    g = game_on(s)
    pa(g, "0404", "inf01")
    g.push("fight")  # 4 vs 6: 1:2
    g.push("roll 1")  # 1:2 roll 1: DR
    movers = ["s001", "s002", "s003"]
    # D-6: 0504 and 0505 are nearest the east-edge sources, so they are filled first
    assert legal(g) == ["retreat 0504", "retreat 0505"]
    g.push("retreat 0505")
    # the next unit has one best hex left (0504), the last only 0405: no choice, done at once
    assert [g.state.hex_of(u) for u in movers] == ["0505", "0504", "0405"]
    where = sorted(g.state.hex_of(u) for u in movers)
    assert all(len(g.state.at(h)) == 5 for h in where)


def test_a_stack_that_cannot_fit_even_broken_up_takes_de():
    """11.26 L1283-1290: all or nothing: no room for the whole force means DE."""
    m = small_map()
    stack = [("rd", (1, 2), "0404")] * 3
    fillers = [("rd", (2, 2), h) for h in ("0504", "0505") for _ in range(4)] + [("rd", (2, 2), "0405")] * 5
    s = make_state(m, phase="german_second", german=[("inf01", "0304")], soviet=[*stack, *fillers])
    g = game_on(s)
    pa(g, "0404", "inf01")
    g.push("fight")
    g.push("roll 1")  # DR, but only two free places for three units
    assert not any(u in g.state.stacks for u in ("s001", "s002", "s003"))


# -- 9.4 ---------------------------------------------------------------------------------------
def test_guards_conversion_of_the_exact_type_in_edge_supply_seen_by_the_soviet_only():
    """9.4 L744-767: the drawn Guards unit replaces a non-Guards unit of the exact same type
    (GRD for RD) in supply through a map-edge source; the Soviet may look at the untried unit,
    the German never sees it; the Guards unit enters at full strength (L738-739)."""
    m = small_map()
    wall = [(f"inf0{i}", f"050{i}") for i in range(1, 8)]  # column 05 cuts the west off the east edge
    s = make_state(m, turn=1, phase="guards_conversion", german=wall,
                   soviet=[("rd", (2, 3), "0604"), ("rd", (1, 2), "0302"), ("cd", (2, 2), "0606")])
    s.cup = ["grd7"]
    g = game_on(s)
    assert g.is_chance()
    g.push("cup grd7")
    assert legal(g) == ["convert none", "convert s001"]  # s002 is cut off, s003 is cavalry
    g.push("convert s001")
    assert g.state.hex_of("grd7") == "0604" and g.state.steps["grd7"] == 2
    assert "s001" not in g.state.stacks
    shown = [e for e in g.log[-1].events if getattr(e, "reveal", False)]
    assert len(shown) == 1 and "2-3" in shown[0].text
    assert visible_to(shown[0].seen_by, "soviet") and not visible_to(shown[0].seen_by, "german")
    assert g.observe_state("german").draw["s001"] == "?"
    assert g.observe_state("soviet").draw["s001"] == g.state.draw["s001"]


# -- 12.2 --------------------------------------------------------------------------------------
def test_execution_turn_replacements_three_mech_three_non_mech():
    """12.2 L1444-1456: three mechanized steps for reduced panzer or PzG divisions, three
    non-mechanized steps for reduced infantry divisions, in supply; never the L Brigade or GD
    Regiment; not carried across classes."""
    m = small_map(9, 9)
    units = [("pz1", "0101"), ("pz2", "0102"), ("pz3", "0103"), ("pzg3", "0104"), ("lehr", "0105"), ("gd", "0106"),
             ("inf01", "0107")]
    s = make_state(m, turn=5, phase="german_replacement", german=units, declared=5)
    for u, _ in units:
        s.steps[u] = 1
    ev: list = []
    rules = DomRules(s.data)
    s.withdraw_due = []
    rules._start_turn(s, 6, ev)  # game turn 6: the execution turn of a GT5 declaration
    s.withdraw_due = []  # the 9.3 withdrawal is tested elsewhere
    g = game_on(s)
    reps = [a for a in legal(g) if a.startswith("replace")]
    assert reps == ["replace inf01", "replace pz1", "replace pz2", "replace pz3", "replace pzg3"]
    for u in ("pz1", "pz2", "pzg3"):
        g.push(f"replace {u}")
    assert g.state.steps["pz1"] == 2
    assert [a for a in legal(g) if a.startswith("replace")] == ["replace inf01"]  # mech steps spent


# -- the computer player ---------------------------------------------------------------------------
def test_greedy_soviet_takes_an_instant_win_west_of_the_front():
    """4.4 L395-397: a Soviet unit entering a town west of the initial front line wins at once;
    the greedy player takes such a move when it has one."""
    from typhoon.games.dom.players import GreedyPlayer

    m = small_map(towns={"0203": "Yartsevo"})
    s = make_state(m, phase="soviet_first", german=[("inf01", "0106")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    assert "move s001 0203" in legal(g)
    a = GreedyPlayer(seed=1).choose(g.observed("soviet"))
    assert str(a) == "move s001 0203"
    g.push(a)
    assert g.outcome().winner == "soviet"
