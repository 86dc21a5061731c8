"""Prepared and mobile assaults on synthetic maps: odds, reveals, conversions, retreats, KG."""

from __future__ import annotations

from dom_helpers import game_on, make_state, small_map

from typhoon.core.contract import visible_to
from typhoon.games.dom import combat
from typhoon.games.dom.actions import Assault

# neighbours of 0404 on the 7x7 map: 0403 0504 0505 0405 0305 0304


def pa(g, target, *units):
    g.push(f"attack {target}")
    for u in units:
        g.push(f"add {u}")
    g.push("fight")


def test_dr_retreats_towards_supply_out_of_gzoc():
    """11.25/11.26 with D-6: not into GZOC (0403, 0305), the nearest to a Soviet source wins;
    0504 and 0505 tie (2 hexes from the east edge), so the Soviet chooses."""
    s = make_state(small_map(), phase="german_second", german=[("inf01", "0304")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    pa(g, "0404", "inf01")
    assert any("4 vs 2, 2:1" in str(e) for e in g.log[-1].events)
    g.push("roll 2")  # 2:1, roll 2: DR
    assert sorted(str(a) for a in g.legal_actions) == ["retreat 0504", "retreat 0505"]
    g.push("retreat 0505")
    assert g.state.hex_of("s001") == "0505"
    assert [str(a) for a in g.legal_actions] == ["advance inf01", "advance none"]
    g.push("advance inf01")
    assert g.state.control["0404"] == "german"  # 3.7


def test_untried_value_is_hidden_from_both_until_the_battle_reveals_it():
    """2.13/D-26: nobody sees the counter until its first battle; the reveal is an Event."""
    s = make_state(small_map(), phase="german_second", german=[("inf01", "0304")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    for seat in ("german", "soviet"):
        assert g.observe_state(seat).draw["s001"] == "?"
    pa(g, "0404", "inf01")
    reveal = [e for e in g.log[-1].events if getattr(e, "reveal", False)]
    assert len(reveal) == 1 and visible_to(reveal[0].seen_by, "german") and "1-2" in reveal[0].text
    assert g.log[-1].reveal and g.undo_refusal("german").startswith("cannot undo past a reveal")
    assert g.observe_state("german").draw["s001"] == g.state.draw["s001"]


def test_twenty_to_one_with_two_left_is_still_automatic_de():
    """11.21 L1236-1242: 20:1 shifted 2L is 18:1, an automatic DE without a roll."""
    five = [(u, "0304") for u in ("inf01", "inf02", "inf03", "inf04", "inf05")]
    s = make_state(small_map(cities={"0404": "Tula"}), phase="german_second", german=five, soviet=[("rb", (1, 1), "0404")])
    g = game_on(s)
    pa(g, "0404", *[u for u, _ in five])
    assert not g.is_chance()
    assert "s001" not in g.state.stacks
    assert any("automatic DE" in str(e) for e in g.log[-1].events)


def test_german_city_dr_becomes_as_or_bloodbath():
    """11.28: DR into a city becomes AS or Bloodbath; Bloodbath is DE for the Soviet and the
    same number of German steps; the survivors may advance after a PA (D-9)."""
    s = make_state(small_map(cities={"0404": "Tula"}), phase="german_second", german=[("inf01", "0304")],
                   soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    pa(g, "0404", "inf01")  # 4 vs 2 = 2:1, city 2L: 1:2
    g.push("roll 1")  # 1:2 roll 1: DR
    assert sorted(str(a) for a in g.legal_actions) == ["choose as", "choose bloodbath"]
    g.push("choose bloodbath")
    assert "s001" not in g.state.stacks and g.state.steps["inf01"] == 1
    g.push("advance inf01")
    assert g.state.control["0404"] == "german"


def test_german_defender_may_hold_by_losing_a_step():
    """11.28 Defender Lose 1: a German stack outside a city turns DR into one step lost."""
    s = make_state(small_map(), phase="soviet_second", german=[("inf01", "0304")],
                   soviet=[("grd", "grd1", "0404"), ("grd", "grd2", "0404")])
    g = game_on(s)
    pa(g, "0304", "grd1", "grd2")  # 12 vs 8: 1:1
    g.push("roll 1")  # 1:1 roll 1: DR
    assert sorted(str(a) for a in g.legal_actions) == ["choose hold", "choose retreat"]
    g.push("choose hold")
    assert g.state.hex_of("inf01") == "0304" and g.state.steps["inf01"] == 1


def test_reduced_panzer_division_eliminated_becomes_a_kg_that_blocks_the_advance():
    """11.30: a reduced panzer division eliminated is replaced by a panzer KG (2-1)."""
    s = make_state(small_map(), phase="soviet_second", german=[("pz1", "0304")],
                   soviet=[("grd", "grd1", "0404"), ("grd", "grd2", "0404")])
    s.steps["pz1"] = 1  # reduced: 5-3
    g = game_on(s)
    pa(g, "0304", "grd1", "grd2")  # 12 vs 3: 4:1
    g.push("roll 1")  # DE
    assert "pz1" not in g.state.stacks
    assert g.state.at("0304") == ("kg01",) and g.state.kg_type["kg01"] == "pz" and g.state.kg_used == 1
    assert g.state.battle is None  # 11.31: the hex is not vacated, no advance


def test_concentric_shift_from_opposite_hexes_but_never_into_a_city():
    """11.20: two directly opposite hexes give 1R; never into a city."""
    m = small_map()
    assert _opposite(m.grid, "0404", "0304", "0505") and not _opposite(m.grid, "0404", "0304", "0504")
    s = make_state(m, phase="german_second", german=[("inf01", "0304"), ("inf02", "0505")], soviet=[("rd", (1, 2), "0404")])
    names = [sh.reason for sh in combat.shifts(s, "pa", "german", "0404", ["inf01", "inf02"], {})]
    assert "concentric prepared assault" in names
    s1 = make_state(m, phase="german_second", german=[("inf01", "0304"), ("inf02", "0504")], soviet=[("rd", (1, 2), "0404")])
    assert "concentric prepared assault" not in [sh.reason for sh in combat.shifts(s1, "pa", "german", "0404", ["inf01", "inf02"], {})]
    s2 = make_state(small_map(cities={"0404": "Tula"}), phase="german_second", german=[("inf01", "0304"), ("inf02", "0505")],
                    soviet=[("rd", (1, 2), "0404")])
    assert "concentric prepared assault" not in [sh.reason for sh in combat.shifts(s2, "pa", "german", "0404", ["inf01", "inf02"], {})]


def _opposite(grid, t, a, b):
    d = list(grid.directions)
    return (d.index(grid.direction(t, a)) + 3) % 6 == d.index(grid.direction(t, b))


def test_successful_mobile_assault_goes_on_with_the_mf_left():
    """10.15/10.20: +2 MF to enter; a cleared hex lets the assaulting force continue."""
    s = make_state(small_map(), german=[("pz1", "0304")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    a = Assault("0404", "0304", ("pz1",))
    assert a in list(g.legal_actions)
    g.push(a)
    g.push("fight")  # 9 vs 2: 4:1
    g.push("roll 1")  # DE
    assert g.state.hex_of("pz1") == "0404" and g.state.control["0404"] == "german"
    assert g.state.mp_left["pz1"] == 6 - 3  # GT2 mech MF 6; entering cost 1 + 2 (10.15)
    assert any(str(x).startswith("move pz1") for x in g.legal_actions)
    assert not any(isinstance(x, Assault) and "pz1" in x.units for x in g.legal_actions)  # 10.20 one MA


def test_failed_mobile_assault_returns_to_the_launch_hex_frozen():
    """10.19/11.23: AS leaves the force in its launch hex for the rest of the phase."""
    s = make_state(small_map(), german=[("pz1", "0203")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    g.push(Assault("0404", "0304", ("pz1",)))
    g.push("fight")
    g.push("roll 6")  # 4:1 roll 6: AS
    assert g.state.hex_of("pz1") == "0304" and "pz1" in g.state.frozen
    assert not any(str(x).startswith("move pz1") for x in g.legal_actions)


def test_mobile_assault_retreat_goes_opposite_the_assault_first():
    """10.22: the hex opposite the assault's hexside has precedence (0505 opposite 0304)."""
    s = make_state(small_map(), german=[("pz1", "0304")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    g.push(Assault("0404", "0304", ("pz1",)))
    g.push("fight")
    g.push("roll 4")  # 4:1 roll 4: DR
    assert _opposite(s.data.map.grid, "0404", "0304", "0505")
    assert g.state.hex_of("s001") == "0505"  # the only top-priority hex: retreated at once
