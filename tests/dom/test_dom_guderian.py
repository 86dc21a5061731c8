"""5.3 the Guderian Effect (L470-473) with 2.10 (L153-155) and D-36, on a synthetic two-sheet map.

Rows 01-04 are the north sheet and rows 05-08 the south sheet (R-1). Every hex is clear: 1 MF a
hex (10.7), so a hex ``n`` hexes away costs ``n`` MF and the expected reach is a hex distance.
"""

from __future__ import annotations

import pytest
from dom_helpers import game_on, make_state, small_map

from typhoon.games.dom import movement
from typhoon.games.dom.actions import Assault

GT1 = {1: {"mf_mech": 10, "mf_non_mech": 6}}  # 2.10 L153-155: "10" mechanized, "6" non-mechanized


def _map():
    return small_map(20, 8, german_columns=19, south_from_row=5)


def _state(german, soviet=(), turn=1, order="move-fight", phase="german_first"):
    return make_state(_map(), turn=turn, phase=phase, order=order, german=german, soviet=soviet, turns=GT1)


def _ring(m, start, n, sheet=None):
    """Hexes exactly ``n`` hexes from ``start`` (on ``sheet`` if given)."""
    return [h for h in m.grid.all_hexes if m.grid.distance(start, h) == n and (sheet is None or m.sheet[h] == sheet)]


def test_south_sheet_panzer_moves_fourteen_on_game_turn_1():
    """5.3 L470-473: MF 14 for a south-sheet mechanized unit moving only on the south map."""
    s = _state([("pz1", "0106")])
    m = s.data.map
    r = movement.unit_reach(s, "pz1")
    assert all(h in r.cost for h in _ring(m, "0106", 14, "south"))
    assert not any(h in r.cost for h in _ring(m, "0106", 15))
    path = r.path_to(_ring(m, "0106", 14, "south")[0])
    assert all(m.sheet[h] == "south" for h in path)


def test_the_bonus_never_carries_a_unit_onto_the_north_sheet():
    """5.3: the unit must spend the whole turn on the south map; with its TRT MF 10 (2.10) it
    may still go north, but no further than 10."""
    s = _state([("pz1", "0106")])
    m = s.data.map
    r = movement.unit_reach(s, "pz1")
    north10 = [h for h in _ring(m, "0106", 10, "north")]
    north11 = [h for h in _ring(m, "0106", 11, "north")]
    assert north10 and all(h in r.cost for h in north10)
    assert north11 and not any(h in r.cost for h in north11)


def test_non_mechanized_and_north_sheet_units_keep_the_trt_factor():
    """5.3 names mechanized-class units that set up on the south map only; 2.10: GT1 is 10/6."""
    s = _state([("inf01", "0106"), ("pz2", "0102")])
    m = s.data.map
    r_inf = movement.unit_reach(s, "inf01")
    assert all(h in r_inf.cost for h in _ring(m, "0106", 6)) and not any(h in r_inf.cost for h in _ring(m, "0106", 7))
    r_pz = movement.unit_reach(s, "pz2")
    assert all(h in r_pz.cost for h in _ring(m, "0102", 10)) and not any(h in r_pz.cost for h in _ring(m, "0102", 11))


def test_no_guderian_effect_after_game_turn_1():
    """5.3 is a Game Turn 1 rule: on GT2 the TRT factor applies (here set to 6 for mech)."""
    s = make_state(_map(), turn=2, german=[("pz1", "0106")], turns={2: {"mf_mech": 6, "mf_non_mech": 4}})
    m = s.data.map
    r = movement.unit_reach(s, "pz1")
    assert all(h in r.cost for h in _ring(m, "0106", 6)) and not any(h in r.cost for h in _ring(m, "0106", 7))


def test_a_unit_that_used_the_bonus_may_not_then_attack_the_north_sheet():
    """5.3 "moving and/or attacking only on the south map" (D-36): after a 12-hex move it may
    not join a prepared assault into a north-sheet hex, but it may attack a south one."""
    s = _state([("pz1", "0106")], soviet=[("rd", (1, 2), "1304"), ("rd", (1, 2), "1405")])
    g = game_on(s)
    assert g.state.data.map.grid.distance("0106", "1305") == 12
    g.push("move pz1 1305")
    assert "pz1" in g.state.guderian_used
    g.push("end")  # to the combat phase (move/fight)
    from typhoon.games.dom import combat
    assert "pz1" not in combat.eligible_attackers(g.state, "german", "1304")  # 1304 is north
    assert "pz1" in combat.eligible_attackers(g.state, "german", "1405")  # 1405 is south


def test_guderian_mobile_assault_pays_from_fourteen():
    """5.3 with 10.15: a 10-hex approach plus the +2 MA entry (13 MF) is only possible with
    MF 14, and only into a south-sheet hex; the survivors go on with 14 - 13 = 1 MF (10.20)."""
    s = _state([("pz1", "0106")], soviet=[("rd", (1, 2), "1206")])
    m = s.data.map
    assert m.grid.distance("0106", "1106") == 10 and m.grid.distance("1106", "1206") == 1
    g = game_on(s)
    a = Assault("1206", "1106", ("pz1",))
    assert a in list(g.legal_actions)
    g.push(a)
    g.push("fight")  # 9 vs 2 = 4:1, +1 GT1 momentum (5.3)
    g.push("roll 1")
    assert g.state.hex_of("pz1") == "1206"
    assert g.state.mp_left["pz1"] == 1


@pytest.mark.parametrize("launch", ["1104"])
def test_no_guderian_assault_into_the_north_sheet(launch):
    """5.3: the bonus never pays for an assault onto the north map (10 + 3 > 10)."""
    s = _state([("pz1", "0106")], soviet=[("rd", (1, 2), "1204")])
    g = game_on(s)
    assert not any(isinstance(x, Assault) and x.target == "1204" for x in g.legal_actions)


def test_attacking_the_north_sheet_first_forfeits_the_effect():
    """5.3 "moving and/or attacking only on the south map" (D-36): with fight/move, a panzer
    that makes a prepared assault into a north-sheet hex then moves with its TRT MF 10 only."""
    s = _state([("pz1", "0105")], soviet=[("grd", "grd1", "0204")], order="fight-move")
    assert s.data.map.sheet["0204"] == "north" and s.data.map.sheet["0105"] == "south"
    g = game_on(s)
    g.push("attack 0204")
    g.push("add pz1")
    g.push("fight")  # 9 vs 6: 1:1, GT1 1R (5.3, not doubled by fight/move): 2:1
    g.push("roll 4")  # 2:1 roll 4: AS
    g.push("end")  # to the movement phase
    r = movement.unit_reach(g.state, "pz1")
    assert max(r.cost.values()) == 10
