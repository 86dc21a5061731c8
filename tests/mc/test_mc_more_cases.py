"""Rule cases of 002 that had code but no test: ZOC (F) L38, Supply (E) L54, Combat (B) L59 and
(D) L61, Overrun (B) L93 and (C) L94, Fortified (G) L110; and the computer players' attack
arithmetic (exchanges paid with the cheapest units, Ex L82 with (K) L68 and (G) L64).

Hex geometry (flat-topped, odd columns up, computed by the core grid): 0505's neighbours are
0404, 0405, 0504, 0506, 0604, 0605."""

from fractions import Fraction

from typhoon.games.mc import combat, movement, overrun, planner, supply, view, zoc
from typhoon.games.mc.data import UnitSpec

from mc_helpers import RULES, G, S, build, force_roll

RING = ("0404", "0405", "0504", "0506", "0604", "0605")


def test_each_zoc_hex_is_separate():
    # ZOC (F) L38: a Soviet unit in one hex of the German ZOC negates that hex for Soviet
    # supply (Supply (2) L53); the other five hexes around the German unit still block
    g = build({G("g"): "0505", S("s"): "0605", S("t"): "0909"}, phase="soviet_movement")
    zone = zoc.supply_zone(g.state, "soviet")
    assert "0605" not in zone
    assert {"0404", "0405", "0504", "0506", "0604"} <= zone


def test_units_stay_out_of_supply_indefinitely():
    # Supply (E) L54: a whole game turn out of supply removes nobody
    g = build({G("g"): "0505", S("s"): "0909"}, supplied=False, turn=2)
    assert not supply.in_supply(g.state, "g") and not supply.in_supply(g.state, "s")
    for _ in range(5):  # the five phases of a game turn (L11-18)
        g.push("end")
    assert g.state.turn == 3
    assert g.state.hex_of("g") == "0505" and g.state.hex_of("s") == "0909"
    assert not g.state.eliminated


def test_attacking_is_voluntary_and_not_every_adjacent_unit_must_attack():
    # Combat (B) L59: the phase may end with enemies adjacent; an attack may leave out some units
    g = build({G("a"): "0405", G("b"): "0604", S("d"): "0505"}, phase="german_combat", turn=1)
    assert "end" in [str(x) for x in g.legal_actions]
    assert g.rules.explain_illegal(g.state, g.rules.parse_action(g.state, "attack 0505 a")) is None
    g.push("attack 0505 a")
    force_roll(g, 2)  # 4 to 3: 1-1, roll 2: Ar (the attacker retreats)
    assert "b" not in g.state.attacked and "a" in g.state.attacked


def test_six_stacks_may_attack_one_hex():
    # Combat (D) L61: one attacker in each of the six surrounding hexes
    units = {G(f"g{i}", 2): h for i, h in enumerate(RING)}
    g = build({**units, S("d", 3): "0505"}, phase="german_combat", turn=1)
    act = g.rules.parse_action(g.state, "attack 0505 " + " ".join(f"g{i}" for i in range(6)))
    assert g.rules.explain_illegal(g.state, act) is None
    s = combat.odds_summary(g.state, "german", ("0505",), tuple(f"g{i}" for i in range(6)))
    # the ring of units also cuts d's supply (Supply (1) L52): its defence is halved (L51),
    # 12 to 3/2 is 8-1
    assert not supply.in_supply(g.state, "d")
    assert s["attack"] == 12 and s["defence_exact"] == "3/2" and s["column"] == "8-1"


def test_overrun_uses_weather_halved_strength_and_terrain_modifiers():
    # Overrun (B) L93: RAINS halves the German attack (L98), so 20 against 1 is only 10 to 1 on
    # turn 5 (below 11, L90); the same stack overruns in clear weather; terrain modifies the roll
    rains = build({G("a", 20): "0405", S("d", 1): "0505"}, turn=5, weather={5: "rains"})
    assert "below 11" in overrun.why_not(rains.state, "german", "0505", ("a",), False)
    clear = build({G("a", 20): "0405", S("d", 1): "0505"}, turn=5, terrain={"0505": "forest"})
    assert overrun.why_not(clear.state, "german", "0505", ("a",), False) is None
    clear.push("overrun 0505 a")
    summary = clear.state.battle["summary"]
    assert summary["column"] == "11-1" and summary["drm"] == -1
    assert "forest" in summary["modifiers"][0]["reason"]


def test_other_units_may_join_an_overrun():
    # Overrun (C) L94: b joins a, which reaches 11-1 alone; both must advance (L91)
    g = build({G("a", 11): "0405", G("b", 4): "0405", S("d", 1): "0505"}, turn=5)
    assert overrun.why_not(g.state, "german", "0505", ("a",), False) is None
    g.push("overrun 0505 a b")
    assert g.state.battle["summary"]["attack"] == 15
    force_roll(g, 1)
    assert g.state.hex_of("a") == "0505" and g.state.hex_of("b") == "0505"


def test_destroyed_fortified_hexside_marker_points_at_the_hexside():
    # Fortified (G) L110: a 'Destroyed' marker in an adjacent hex, its arrow toward the hexside
    # a line facing west between columns 4 and 5: 04RR touches 05RR and 05(RR+1)
    fort = [(f"04{r:02d}", f"05{q:02d}", f"04{r:02d}", "L1") for r in range(1, 10) for q in (r, r + 1) if q <= 9]
    g = build({G("g", 4, 8): "0405", S("s"): "0909"}, turn=1, fortified=fort)
    g.push("move g 0505")  # the first German crossing destroys it (Fortified (C) L106)
    marks = [m for m in view.view(g.state, "german", RULES)["markers"] if m["kind"] == "fortified_destroyed"]
    assert len(marks) == 1
    assert {marks[0]["hex"], marks[0]["toward"]} == {"0405", "0505"}


def test_computer_pays_an_exchange_with_a_panzer_that_becomes_a_kampfgruppe():
    # Ex L82 with (K) L68: the defence is 5, so the attacker owes 5 unmodified points. Losing
    # the 6-strength panzer pays it (KG substitution, Combat (G) L64, leaves a 2-strength KG:
    # 4 points lost); two 4-strength infantry would cost 8, one is not enough
    g = build({G("pz", 6, 8, "armour", mech=True): "0405", G("i1", 4): "0404", G("i2", 4): "0504", S("d", 5): "0505"},
              phase="german_combat", turn=1)
    cost, chosen = planner.cheapest_losses(g.state, ["pz", "i1", "i2"], Fraction(5))
    assert chosen == ("pz",) and cost == 4
    # 1/2 Ex L83 owes 2.5: one infantry (4) is the cheapest
    cost, chosen = planner.cheapest_losses(g.state, ["pz", "i1", "i2"], Fraction(5, 2))
    assert cost == 4 and len(chosen) == 1


def test_expected_value_of_a_certain_attack():
    # the 11-1 column with no modifier gives De on every roll (tables.json): the German player
    # gains half the Soviet strength eliminated (D-VICTORY) and the value of a place taken
    places = [{"id": "p", "name": "P", "kind": "town", "hex": "0505", "value": 2}]
    g = build({G("a", 12): "0405", S("d", 1): "0505"}, phase="german_combat", turn=5, places=places)
    g.state.control["0505"] = "soviet"
    s = combat.odds_summary(g.state, "german", ("0505",), ("a",))
    assert s["column"] == "11-1" and s["results"] == {"De": 1.0}
    v = planner.attack_value(g.state, "german", ("0505",), ("a",), s)
    assert 2.5 <= v <= 2.75  # 0.5 x 1 + 2, with at most a small bonus for the ground taken


def test_movement_allowance_not_exceeded_saved_or_transferred():
    # Movement (C) L23: five MP on clear terrain reach five hexes, not six; MP left unused in
    # one phase are not there in the next; one unit's unused MP do not help another
    g = build({G("a", 4, 5): "0105", G("b", 4, 5): "0107", S("s"): "0909"}, turn=1, cols=9, rows=9, supplied=True)
    dests = {x.args[1] for x in g.legal_actions if x.verb == "move" and x.args[0] == "a"}
    assert "0605" in dests and "0705" not in dests
    g.push("move a 0205")  # 1 MP of 5 spent; a may go on with 4 at most
    dests = {x.args[1] for x in g.legal_actions if x.verb == "move" and x.args[0] == "a"}
    assert "0605" in dests and "0705" not in dests
    dests_b = {x.args[1] for x in g.legal_actions if x.verb == "move" and x.args[0] == "b"}
    assert "0607" in dests_b and "0707" not in dests_b  # b still has its own 5, no more


def test_mixed_terrain_and_enemy_movement():
    # Movement (I) L28: across a belt of forest (2 MP, Terrain Effects Chart) then clear (1 MP
    # each) a 4-MP unit reaches 0405 (2 + 1 + 1) and not 0505; (D) L24: no Soviet unit moves in
    # the German Movement Phase
    forest = {f"02{r:02d}": "forest" for r in range(1, 10)}
    g = build({G("a", 4, 4): "0105", S("s"): "0909"}, turn=1, terrain=forest)
    reach = movement.unit_reach(g.state, "a")
    assert reach.cost["0205"] == 2 and reach.cost["0305"] == 3 and reach.cost["0405"] == 4
    assert "0505" not in {x.args[1] for x in g.legal_actions if x.verb == "move"}
    act = g.rules.parse_action(g.state, "move s 0908")
    assert g.rules.explain_illegal(g.state, act) is not None
    assert all(x.args[0] != "s" for x in g.legal_actions if x.verb == "move")


def test_movement_inhibitions_add_up_until_a_unit_cannot_move():
    # ZOC (G) L39 with (A) L33 and (J) L29: a 2-MP unit in clear terrain next to a Soviet unit
    # cannot pay 1 + 2 (leave) to step out, nor ZOC to ZOC; the one-hex move lets it step one
    # hex out of the zone only
    g = build({G("a", 4, 2): "0405", S("s"): "0505", S("t"): "0909"}, turn=1)
    reach = {x.args[1] for x in g.legal_actions if x.verb == "move" and x.args[0] == "a"}
    zone = g.state.enemy_zoc("german")
    assert reach and all(h not in zone for h in reach)
    assert all(g.state.data.grid.adjacent("0405", h) for h in reach)


def test_soviet_zoc_does_not_block_german_supply():
    # ZOC (H) L40: Russian zones of control do not hinder German supply. A row of Soviet units
    # in column 5 puts all of columns 4-6 in their zones; g, 9 hexes east of the German heavy
    # line (column 1, L48), traces between them and is in supply
    wall = {S(f"s{r}"): f"05{r:02d}" for r in (1, 3, 5, 7, 9)}
    g = build({G("g", 4, 5): "1005", **wall}, cols=20, rows=9)
    assert {"0405", "0605"} <= g.state.enemy_zoc("german")
    assert supply.in_supply(g.state, "g")


def test_destroyed_rail_is_no_supply_head():
    # EB (A) L124, L122: destroyed rail hexes "may not be used for any purpose"
    from typhoon.games.mc.state import DESTROYED
    g = build({G("g", 4, 5): "0305", S("s"): "0909"})
    assert supply.in_supply(g.state, "g")
    for h, (cond, owner) in list(g.state.rail.items()):
        if h.startswith("01"):
            g.state.rail[h] = (DESTROYED, owner)
    g.state.touch()
    assert not supply.in_supply(g.state, "g")


def test_retreats_are_offered_as_arrows():
    # the client draws actions that name a path as arrows (static/legal.js): a retreat is one
    # hex (L80-81, D-RETREAT)
    from typhoon.games import registry
    from typhoon.games.mc.actions import Act

    pkg = registry.get("mc")
    g = pkg.new_game({"scenario": "september"}, seed=0)
    unit, h = next((u, x) for u, x in g.state.stacks.hex_of.items() if u.startswith("S-"))
    to = g.state.data.neighbours[h][0]
    d = pkg.describe(g.state, Act("retreat", (unit, to)))
    assert d["path"] == [to] and d["from"] == h and d["units"] == [unit]
