"""Movement (L19-31) and Zones of Control (L32-41) on small synthetic maps."""

from fractions import Fraction

import pytest

from typhoon.core.errors import IllegalActionError
from typhoon.games.mc import movement
from typhoon.games.mc.zoc import zoc_cost

from mc_helpers import G, S, build


def test_zoc_costs_a_to_d():
    zone = frozenset({"b", "c"})
    assert zoc_cost(zone, "a", "b") == 3  # (A) L33 enter
    assert zoc_cost(zone, "b", "a") == 2  # (B) L34 leave
    assert zoc_cost(zone, "b", "c") == 5  # (C) L35 ZOC to ZOC
    assert zoc_cost(zone, "a", "d") == 0


def test_entering_enemy_zoc_costs_three_more():
    # German 5 MA at 0205; Soviet at 0505: its ZOC covers 0405 (and 0404..). 0205->0305 costs 1,
    # 0305 -> 0405 (controlled) costs 1+3: total 5 = exactly the allowance.
    g = build({G("g", 4, 5): "0205", S("s"): "0505"}, turn=1)
    r = movement.unit_reach(g.state, "g")
    assert "0405" in g.state.enemy_zoc("german")
    assert r.cost["0405"] == 5


def test_several_zocs_cost_no_more_than_one():
    # (D) L36: a hex in two Soviet units' ZOC costs +3 to enter, not +6
    g = build({G("g", 4, 5): "0205", S("s1"): "0505", S("s2"): "0506"}, turn=1)
    assert {"0505", "0506"} <= set(g.state.data.neighbours["0405"])
    assert "0305" not in g.state.enemy_zoc("german")
    assert movement.unit_reach(g.state, "g").cost["0405"] == 5  # 1 + (1 + 3)


def test_leaving_and_zoc_to_zoc():
    g = build({G("g", 4, 8): "0405", S("s"): "0505"}, turn=1)
    r = movement.unit_reach(g.state, "g")
    # 0405 is in the ZOC; 0305 is not: leaving costs 1+2
    assert r.cost["0305"] == 3
    # 0404 is also next to 0505: ZOC to ZOC costs 1+5
    assert "0404" in g.state.enemy_zoc("german")
    assert r.cost["0404"] == 6


def test_one_hex_move_guaranteed_but_not_zoc_to_zoc():
    # (J) L29: a unit of MA 1 may enter a forest hex (cost 2) or an enemy ZOC (cost 4)
    g = build({G("g", 4, 1): "0305", S("s"): "0605"}, turn=1, terrain={"0304": "forest"})
    dests = movement.destinations(g.state, "g")
    assert "0304" in dests
    g2 = build({G("g", 4, 1): "0405", S("s"): "0505"}, turn=1)
    d2 = movement.destinations(g2.state, "g")
    assert "0305" in d2  # leaving: ok
    assert "0404" not in d2  # ZOC to ZOC: no guaranteed move


def test_eb_and_bracketed_armour_have_no_zoc():
    g = build({G("g"): "0205", S("eb", 1, 1, "eb"): "0505", S("t", 1, 10, "armour", bracketed=True): "0508"}, turn=1)
    assert g.state.enemy_zoc("german") == frozenset()


def test_cannot_enter_enemy_hex_and_move_is_committed():
    g = build({G("g", 4, 8): "0205", G("h", 4, 8): "0206", S("s"): "0705"}, turn=1)
    assert "0705" not in movement.destinations(g.state, "g")
    g.push("move g 0305")
    g.push("move h 0306")  # moving another unit commits g (Movement (H) L27)
    with pytest.raises(IllegalActionError):
        g.push("move g 0304")


def test_lake_hexside_blocks_until_freeze():
    g = build({G("g", 4, 5): "0205", S("s"): "0909"}, turn=1, lake=[("0205", "0305")])
    assert g.state.data.grid.adjacent("0205", "0305")
    assert movement.unit_reach(g.state, "g").cost.get("0305") != 1
    g2 = build({G("g", 4, 5): "0205", S("s"): "0909"}, turn=16, lake=[("0205", "0305")], weather={16: "freeze"})
    assert movement.unit_reach(g2.state, "g").cost["0305"] == 1


def test_german_mud_one_hex_soviet_mud_half():
    g = build({G("g", 4, 5): "0205", S("s", 3, 5): "0809"}, turn=6, weather={6: "mud"})
    assert set(movement.destinations(g.state, "g")) == set(g.state.data.neighbours["0205"])
    g2 = build({G("g", 4, 5): "0205", S("s", 3, 5): "0809"}, turn=6, weather={6: "mud"}, phase="soviet_movement")
    assert movement.allowance(g2.state, "s") == Fraction(5, 2)


def test_unsupplied_halves_movement():
    g = build({G("g", 4, 5): "0505", S("s", 3, 5): "0909"}, turn=1, supplied=False)
    assert movement.allowance(g.state, "g") == Fraction(5, 2)


def test_stacking_three_at_move_end():
    g = build({G("a"): "0305", G("b"): "0305", G("c"): "0305", G("d", 4, 5): "0205", S("s"): "0909"}, turn=1)
    assert "0305" not in movement.destinations(g.state, "d")
