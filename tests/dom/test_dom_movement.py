"""10.0 movement with 7.0 German-only ZOC (rigid stop), 6.0 stacking of five, terrain."""

from __future__ import annotations

from dom_helpers import make_state, small_map

from typhoon.games.dom import movement
from typhoon.games.dom.gamedata import GERMAN

# 0304's neighbours on the 7x7 BfM-numbered grid: 0303 0403 0404 0305 0204 0203


def test_soviet_unit_stops_in_the_first_gzoc_hex():
    """7.2 L527-529: a Soviet unit entering GZOC stops there; it cannot pass through."""
    m = small_map()
    s = make_state(m, phase="soviet_first", german=[("inf01", "0304")], soviet=[("rd", (1, 2), "0604")])
    r = movement.unit_reach(s, "s001")
    zoc = movement.gzoc(s)
    assert zoc == frozenset({"0303", "0403", "0404", "0305", "0204", "0203"})
    assert r.cost["0404"] == 2  # entering GZOC is allowed
    for h in r.cost:  # no path goes on through a GZOC hex
        assert not any(p in zoc for p in r.path_to(h)[1:-1]), h


def test_soviet_never_moves_gzoc_to_gzoc():
    """7.2 L530-537: a unit starting in GZOC may leave only into a GZOC-free hex."""
    m = small_map()
    s = make_state(m, phase="soviet_first", german=[("inf01", "0304")], soviet=[("rd", (1, 2), "0404")])
    r = movement.unit_reach(s, "s001")
    # 0403 and 0305 are GZOC hexes next to 0404: never entered straight from it, only after a
    # GZOC-free hex (so at 2 MF, not 1)
    assert r.cost["0403"] == 2 and r.parent["0403"] == "0504"
    assert r.cost["0305"] == 2 and r.parent["0305"] == "0405"
    assert r.cost["0504"] == 1 and r.cost["0505"] == 1


def test_german_units_ignore_zoc_and_soviets_exert_none():
    """7.0 L519 Soviet units exert no ZOC; 7.2 L540-543 German movement is never slowed."""
    m = small_map()
    s = make_state(m, german=[("pz1", "0304")], soviet=[("rd", (1, 2), "0404")])
    r = movement.unit_reach(s, "pz1")
    assert "0404" not in r.cost  # 10.3 never into an enemy hex
    assert r.cost["0505"] == 3  # around the Soviet unit: 0305 -> 0405 -> 0505, no ZOC cost


def test_stacking_of_five_blocks_entry():
    """6.0 L482-483 and 6.1 (D-31): no hex may hold a sixth unit, even in passing."""
    m = small_map()
    five = [(u, "0203") for u in ("inf01", "inf02", "inf03", "inf04", "inf05")]
    s = make_state(m, german=[*five, ("inf06", "0202")])
    assert "0203" not in movement.unit_reach(s, "inf06").cost
    assert movement.full_hexes(s, GERMAN) == frozenset({"0203"})


def test_river_costs_one_extra_and_marsh_stops_mech_but_not_cavalry():
    """10.9 river +1 MF; 10.8 L860-865 marsh closed to mechanized units except cavalry."""
    m = small_map(rivers=[("0202", "0302")], terrain={"0402": "marsh"})
    s = make_state(m, german=[("inf01", "0202"), ("pz1", "0502"), ("cav1", "0502")])
    assert movement.unit_reach(s, "inf01").cost["0302"] == 2
    assert "0402" not in movement.unit_reach(s, "pz1").cost
    assert movement.unit_reach(s, "cav1").cost["0402"] == 1


def test_out_of_supply_german_cannot_move():
    """8.5 L652-653: a German unit out of supply at the start of its move has MF 0."""
    m = small_map()
    # Soviet units wall off column 03 from the west edge? A German unit behind a ring of Soviet units.
    ring = ["0403", "0504", "0505", "0405", "0305", "0304"]
    s = make_state(m, german=[("inf01", "0404")], soviet=[("rd", (1, 2), h) for h in ring])
    assert movement.base_mf(s, "inf01") == 0
    assert movement.destinations(s, "inf01") == []
