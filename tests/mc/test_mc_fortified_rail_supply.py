"""Fortified Lines (L103-110), rail movement (L111-121), rail lines and EB units (L122-127),
supply (L46-55) and the weather schedule (L96-102)."""

from fractions import Fraction

from typhoon.games.mc import combat, movement, rail, supply
from typhoon.games.mc.data import mc_data
from typhoon.games.mc.state import DESTROYED, NORMAL, REPAIRED

from mc_helpers import G, S, build

# a fortified line between columns 4 and 5, facing west (the hexes of column 4): with odd
# columns half a hex up, 04RR touches 05RR and 05(RR+1)
def fort_line(rows=range(1, 10)):
    out = []
    for r in rows:
        a = f"04{r:02d}"
        for b in (f"05{r:02d}", f"05{r + 1:02d}"):
            if r + 1 <= 9 or b.endswith(f"{r:02d}"):
                out.append((a, b, a, "L1"))
    return out


def test_first_german_crossing_pays_two_and_destroys():
    g = build({G("g", 4, 8): "0405", G("h", 4, 8): "0404", S("s"): "0909"}, turn=1, fortified=fort_line())
    r = movement.unit_reach(g.state, "g")
    assert r.cost["0505"] == 3  # 1 + 2 (Fortified (C) L106)
    g.push("move g 0505")
    assert frozenset(("0405", "0505")) in g.state.fort_destroyed
    g.push("move h 0405")
    # h crosses the destroyed hexside at no penalty; others of the line still cost +2
    assert movement.unit_reach(g.state, "h").cost["0505"] == 1


def test_copies_that_destroy_different_hexsides_keep_their_own_costs():
    # copies of a state share the reach cache (a search's playouts): each copy's costs follow
    # the hexsides it destroyed (Fortified (C) L106), not the other's with as many destroyed:
    # h crosses the destroyed one (1) and reaches the other hex round the front (2)
    g = build({G("g", 4, 8): "0405", G("h", 4, 8): "0405", S("s"): "0909"}, turn=1, fortified=fort_line())
    a, b = g.copy(), g.copy()
    a.push("move g 0505")
    assert (movement.unit_reach(a.state, "h").cost["0505"], movement.unit_reach(a.state, "h").cost["0506"]) == (1, 2)
    b.push("move g 0506")
    assert (movement.unit_reach(b.state, "h").cost["0505"], movement.unit_reach(b.state, "h").cost["0506"]) == (2, 1)


def test_soviet_units_and_crossing_from_inside_unaffected():
    g = build({S("s", 3, 8): "0505", G("g", 4, 5): "0101"}, turn=1, fortified=fort_line(), phase="soviet_movement")
    assert movement.unit_reach(g.state, "s").cost["0405"] == 1  # Fortified (A) L104
    g2 = build({G("g", 4, 8): "0505", S("s"): "0909"}, turn=1, fortified=fort_line())
    assert movement.unit_reach(g2.state, "g").cost["0405"] == 1  # (D) L107: from the inside


def test_line_collapses_after_five_destroyed():
    g = build({G(f"g{i}", 4, 8): f"04{r:02d}" for i, r in enumerate(range(2, 8))} | {S("s"): "0909"}, turn=1, fortified=fort_line())
    for i, r in enumerate(range(2, 7)):
        g.push(f"move g{i} 05{r:02d}")
    assert "L1" in g.state.lines_destroyed  # Fortified (F) L109
    assert movement.unit_reach(g.state, "g5").cost["0507"] == 1


def test_attack_through_fronts_subtracts_two():
    g = build({G("a", 12): "0405", S("d", 3): "0505"}, turn=1, phase="german_combat", fortified=fort_line())
    s = combat.odds_summary(g.state, "german", ("0505",), ("a",))
    assert s["drm"] == -2 and "fortified" in s["modifiers"][0]["reason"]


def test_rail_costs_and_the_l114_example():
    # a 40-column strip: rail along row 2 from the east edge; a [1]-10 reinforcement enters
    cols = 40
    line = [f"{c:02d}02" for c in range(1, cols + 1)]
    g = build({G("g", 4, 5): "0103", S("eb", 1, 1, "eb"): "3903"}, cols=cols, rows=3, phase="soviet_movement", turn=1, rail=[line], kgs=0, supplied=False)
    from typhoon.games.mc.data import UnitSpec
    data = g.state.data
    data.units["t"] = UnitSpec("t", "soviet", "armour", "t", 1, 10, False, True)
    data.unit_order = (*data.unit_order, "t")
    data.unit_index["t"] = len(data.unit_order) - 1
    g.state.waiting["t"] = 1
    assert "4002" in rail.entry_hexes(g.state)
    g.push("enter t 4002")
    g.push("rail t 0702")  # 33 hexes: 2 MP (L113)
    assert g.state.mp_left["t"] == 8
    g.push("detrain t")  # 25% of 10, rounded up: 3
    assert g.state.mp_left["t"] == 5 and "t" not in g.state.entrained


def test_entrain_cost_half_rounded_up_and_nine_limit():
    line = [f"05{r:02d}" for r in range(1, 10)]
    units = {S(f"s{i}", 3, 5): f"0{6 + i % 3}0{1 + i // 3}" for i in range(9)}
    units[S("x", 3, 5)] = "0505"
    units[S("y", 3, 5)] = "0502"
    g = build(units | {G("g"): "0101"}, phase="soviet_movement", turn=1, rail=[line])
    assert rail.entrain_cost(g.state, "x", Fraction(5)) == 3  # 50% of 5, rounded up
    g.push("entrain x")
    assert g.state.mp_left["x"] == 2
    assert RULES_may_entrain(g, "y") is None
    g.state.rail_counted.update(f"s{i}" for i in range(8))  # with x: nine entrained this phase
    g.state.touch()
    assert "nine" in RULES_may_entrain(g, "y")  # Rail L111


def RULES_may_entrain(g, u):
    return g.rules._may_entrain(g.state, u)


def test_no_rail_next_to_enemy():
    line = [f"05{r:02d}" for r in range(1, 10)]
    g = build({S("x", 3, 5): "0505", G("g"): "0604"}, phase="soviet_movement", turn=1, rail=[line])
    assert "next to enemy" in g.rules._may_entrain(g.state, "x")  # Rail (E) L119


def test_enemy_entry_destroys_and_eb_repairs():
    line = [f"05{r:02d}" for r in range(1, 10)]
    g = build({G("g", 4, 5): "0405", G("eb", 1, 1, "eb"): "0504", S("s"): "0909"}, turn=1, rail=[line])
    assert g.state.rail["0505"] == (NORMAL, "soviet")
    g.push("move g 0505")
    assert g.state.rail["0505"][0] == DESTROYED  # L123, EB (C) L126
    g.push("end")  # combat
    g.push("end")  # mechanized
    g.push("end")  # soviet movement
    g.push("end")  # soviet combat
    g.push("end")  # next game turn
    # next game turn: the German EB moves along the rail into the destroyed hex
    g.state.stacks.move("g", "0405")
    g.state.touch()
    g.push("move eb 0505")
    assert g.state.rail["0505"] == (REPAIRED, "german")


def test_soviet_eb_after_rail_move_does_not_repair():
    line = [f"05{r:02d}" for r in range(1, 10)]
    g = build({S("eb", 1, 1, "eb"): "0501", G("g"): "0101"}, phase="soviet_movement", turn=1, rail=[line])
    g.state.rail["0509"] = (DESTROYED, None)
    g.push("entrain eb")
    g.push("rail eb 0508")
    g.push("detrain eb")
    g.push("move eb 0509")
    assert g.state.rail["0509"][0] == DESTROYED  # EB (B) L125


def test_german_supply_twelve_hexes_from_rail():
    g = build({G("near", 4, 5): "1305", G("far", 4, 5): "1405", S("s"): "2001"}, cols=20, rows=9)
    # the heavy German line is column 1 (supply edge W); 1305 is 12 hexes east of it
    assert supply.in_supply(g.state, "near") and not supply.in_supply(g.state, "far")


def test_german_zoc_blocks_soviet_supply_unless_occupied():
    g = build({S("s", 3, 5): "0305", G("g1", 4, 5): "0507", G("g2", 4, 5): "0503", G("g3", 4, 5): "0505", G("g4", 4, 5): "0509", G("g5", 4, 5): "0501"},
              cols=9, rows=9, phase="soviet_movement")
    # the Soviet rail line is the east edge (column 9); German zones across column 4-6 block
    assert not supply.in_supply(g.state, "s")


def test_weather_schedule_by_turn():
    w = mc_data().weather
    assert w[5] == "rains" and all(w[t] == "mud" for t in range(6, 16))
    assert all(w[t] == "freeze" for t in range(16, 23)) and all(w[t] == "winter" for t in range(23, 32))
