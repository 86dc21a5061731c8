"""Rule cases of 002 not covered elsewhere: mechanized-only movement, over-stacked retreats, once
per phase, KG substitution without a retreat route and for attackers, re-attacking retreated
units, ZOC-to-ZOC retreats, RAINS and WINTER, entrained defence and EB movement on rail.

Hex geometry (flat-topped, odd columns up, computed by the core grid): 0505's neighbours are
0404, 0405, 0504, 0506, 0604, 0605; 0405's are 0305, 0306, 0404, 0406, 0505, 0506. A unit in 0505
attacked from 0405 may retreat only to 0504, 0604 or 0605 (not next to 0405, L80)."""

from fractions import Fraction

from typhoon.games.mc import combat, movement

from mc_helpers import G, S, build, force_roll


def combat_game(units, **kw):
    kw.setdefault("phase", "german_combat")
    kw.setdefault("turn", 1)
    return build(units, **kw)


def test_geometry_assumed_by_these_tests():
    g = combat_game({G("a"): "0405", S("d"): "0505"})
    nb = g.state.data.neighbours
    assert set(nb["0505"]) == {"0404", "0405", "0504", "0506", "0604", "0605"}
    assert set(nb["0405"]) == {"0305", "0306", "0404", "0406", "0505", "0506"}


def test_only_mechanized_units_move_in_the_mechanized_phase():
    # Movement (B) L22
    g = build({G("inf", 4, 5): "0305", G("pz", 6, 8, "armour", mech=True): "0307", S("s"): "0909"},
              phase="german_mechanized_movement")
    movers = {a.args[0] for a in g.legal_actions if a.verb == "move"}
    assert "pz" in movers and "inf" not in movers
    act = g.rules.parse_action(g.state, "move inf 0405")
    assert "L22" in g.rules.explain_illegal(g.state, act)


def test_overstacked_retreat_eliminates():
    # Stacking (A) L44: every retreat hex already holds three Soviet units
    full = {S(f"f{i}"): h for i, h in enumerate(["0504"] * 3 + ["0604"] * 3 + ["0605"] * 3)}
    g = combat_game({G("a", 3): "0405", S("d", 3): "0505", **full})
    g.push("attack 0505 a")
    ev = force_roll(g, 3)  # 1-1, roll 3: Dr
    assert "d" not in g.state.stacks and "d" in g.state.eliminated
    assert any("no avenue of retreat" in e for e in ev)


def test_kg_substitution_when_a_mechanized_unit_cannot_retreat():
    # Combat (G) L64, second sentence: Dr with no avenue of retreat -> KG, which does not retreat
    blockers = {S("b1", 1): "0504", S("b2", 1): "0604", S("b3", 1): "0605"}
    g = build({S("a", 6): "0405", G("pz", 6, 8, "armour", mech=True): "0505", **blockers}, phase="soviet_combat", turn=1)
    g.push("attack 0505 a")
    force_roll(g, 3)  # 6 vs 6 = 1-1, roll 3: Dr
    assert g.state.at("0505") == ("KG1",) and "pz" not in g.state.stacks
    assert g.state.battle is None  # note 1 L86: the KG holds the hex, no advance


def test_no_kg_for_infantry_or_for_mechanized_below_four():
    # Combat (G) L64: only German mechanized units of Combat Strength four or more
    for spec in (G("inf", 6, 5), G("mot", 3, 8, "motorized", mech=True)):
        g = build({S("a", 30): "0405", spec: "0505"}, phase="soviet_combat", turn=1)
        g.push("attack 0505 a")
        force_roll(g, 6)  # 5-1 or better, roll 6: De
        assert "KG1" not in g.state.stacks and spec.id in g.state.eliminated


def test_kg_replacing_an_attacker_may_advance():
    # Combat (R) L75: pz (6) attacks 6 at 1-1, roll 6: Ex; the attacker loses pz (6 >= 6),
    # which becomes KG1 in 0405, and KG1 may advance into the emptied hex
    g = combat_game({G("pz", 6, 8, "armour", mech=True): "0405", S("d", 6): "0505"})
    g.push("attack 0505 pz")
    force_roll(g, 6)
    assert "d" not in g.state.stacks and g.state.at("0405") == ("KG1",)
    assert "advance KG1 0505" in [str(a) for a in g.legal_actions]
    g.push("advance KG1 0505")
    assert g.state.hex_of("KG1") == "0505"


def test_a_unit_attacks_once_and_a_hex_is_attacked_once_per_phase():
    # Combat (C) L60: roll 1 at 1-1 is Ar; a retreats, d stays in 0505
    g = combat_game({G("a", 3): "0405", G("b", 3): "0506", G("c", 3): "0606", S("d", 3): "0505", S("e", 3): "0707"})
    g.push("attack 0505 a")
    force_roll(g, 1)
    while g.state.battle is not None:
        g.push(g.legal_actions[0])
    assert g.state.hex_of("d") == "0505" and g.state.hex_of("a") != "0405"
    assert "L60" in combat.why_not_attack(g.state, "german", ("0505",), ("b",))
    assert "0505" not in combat.targets(g.state, "german")
    g.push("attack 0707 c")  # another hex may still be attacked by units that have not attacked
    assert "L60" in combat.may_attack(g.state, "c")


def test_retreated_units_attacked_again_only_with_unattacked_friends_and_zoc_to_zoc_retreat():
    # d1 in 0505 (German ZOC of a) retreats on Dr. b in 0705 puts 0604 and 0605 in its ZOC:
    # 0604 (empty) is ZOC to ZOC, barred (note 3 L88); 0605 holds d2, not in the battle: allowed
    g = combat_game({G("a", 3): "0405", G("b", 3): "0705", S("d1", 3): "0505", S("d2", 3): "0605"})
    g.push("attack 0505 a")
    force_roll(g, 3)  # 1-1 roll 3: Dr
    assert {str(x) for x in g.legal_actions} == {"retreat d1 0504", "retreat d1 0605"}
    g.push("retreat d1 0605")
    while g.state.battle is not None:
        g.push("advance none")
    # (Q) L74, note 2 L87: 0605 may be attacked (d2 was not); d1 adds to its defence
    s = combat.odds_summary(g.state, "german", ("0605",), ("b",))
    assert set(s["defenders"]) == {"d1", "d2"} and s["defence"] == 6
    # retreating alone to an empty hex: not attacked again this phase
    g2 = combat_game({G("a", 3): "0405", S("d1", 3): "0505"})
    g2.push("attack 0505 a")
    force_roll(g2, 3)
    g2.push("retreat d1 0504")
    while g2.state.battle is not None:
        g2.push("advance none")
    assert g2.state.hex_of("d1") == "0504" and not combat.attackable(g2.state, "german", "0504")
    assert "L74" in combat.why_not_attack(g2.state, "german", ("0504",), ("a",))


def test_rains_halve_german_movement_and_attack_only():
    # RAINS L98 (turn 5): German MA and attack strength halved, fractions kept; defence unchanged
    g = build({G("g", 5, 5): "0305", S("s", 3, 5): "0809"}, turn=5, weather={5: "rains"})
    st = g.state
    assert movement.allowance(st, "g") == Fraction(5, 2)
    assert combat.attack_strength(st, "g") == Fraction(5, 2)
    assert combat.defence_strength(st, "g") == 5
    assert combat.attack_strength(st, "s") == 3
    s = build({G("g", 5, 5): "0305", S("s", 3, 5): "0809"}, turn=5, weather={5: "rains"}, phase="soviet_movement")
    assert movement.allowance(s.state, "s") == 5  # L101: only MUD halves the Soviet MA


def test_winter_halves_german_mechanized_only():
    # WINTER L100 (turns 23-31): mechanized units' MA and attack halved
    g = build({G("pz", 7, 8, "armour", mech=True): "0305", G("inf", 5, 5): "0307", S("s", 3, 5): "0809"},
              turn=23, weather={23: "winter"})
    st = g.state
    assert movement.allowance(st, "pz") == 4 and combat.attack_strength(st, "pz") == Fraction(7, 2)
    assert combat.defence_strength(st, "pz") == 7
    assert movement.allowance(st, "inf") == 5 and combat.attack_strength(st, "inf") == 5
    assert combat.attack_strength(st, "s") == 3


def test_entrained_units_defend_at_half():
    # Rail (C) L117: s entrains in the Russian Movement Phase and stays entrained; next German
    # Combat Phase it defends at 3/2. The rail runs down column 09.
    g = build({G("g", 4, 5): "0705", S("s", 3, 5): "0905"}, phase="soviet_movement", turn=1)
    g.push("entrain s")
    g.push("end")  # -> Russian Combat Phase
    g.push("end")  # -> turn 2, German Initial Movement Phase
    g.push("move g 0805")
    g.push("end")  # -> German Combat Phase
    assert "s" in g.state.entrained and g.state.data.grid.adjacent("0805", "0905")
    assert combat.defence_strength(g.state, "s") == Fraction(3, 2)
    assert combat.odds_summary(g.state, "german", ("0905",), ("g",))["defence"] == Fraction(3, 2)


def test_eb_units_move_and_retreat_along_rail_only():
    # EB (D) L127: the German EB in 0305 on the line 0305-0405-0505 may only go along it
    g = build({G("eb", 1, 3, "eb"): "0305", S("s"): "0909"}, rail=[["0305", "0405", "0505"]])
    assert set(movement.destinations(g.state, "eb")) == {"0405", "0505"}
    # a Soviet EB attacked in 0505 retreats along the rail 0505-0605 only ...
    g2 = combat_game({G("a", 3): "0405", S("eb", 1, 1, "eb"): "0505"}, rail=[["0505", "0605"]])
    g2.push("attack 0505 a")
    force_roll(g2, 1)  # 3 vs 1 = 3-1, roll 1: Dr (tables.json)
    assert g2.state.battle["result"] == "Dr" and g2.state.battle["step"] == "advance"
    assert g2.state.hex_of("eb") == "0605"
    # ... and with no rail away from the attacker it is eliminated (decision 5.28, L44)
    g3 = combat_game({G("a", 3): "0405", S("eb", 1, 1, "eb"): "0505"})
    g3.push("attack 0505 a")
    force_roll(g3, 1)
    assert "eb" in g3.state.eliminated


def test_no_combat_in_movement_and_no_german_rail_movement():
    line = [f"05{r:02d}" for r in range(1, 10)]
    g = build({G("g", 4, 5): "0505", S("s", 3, 5): "0707"}, turn=1, rail=[line])
    rules, st = g.rules, g.state
    # Movement (E) L25: attacks belong to the Combat Phase (overruns excepted)
    assert rules.explain_illegal(st, rules.parse_action(st, "attack 0707 g")) is not None
    # Rail (G) L121, (B) L116: the German never entrains, even on a rail hex
    assert "L121" in rules._may_entrain(st, "g")
    assert not any(a.verb == "entrain" for a in g.legal_actions)


def test_rail_movement_only_over_normal_hexes():
    # Rail (D) L118, (F) L120: an entrained unit travels along connected normal rail hexes; a
    # destroyed hex stops the line (the rail runs down column 05; 0506 is destroyed)
    line = [f"05{r:02d}" for r in range(1, 10)]
    g = build({S("x", 3, 5): "0502", G("g"): "0101"}, phase="soviet_movement", turn=1, rail=[line])
    g.state.rail["0506"] = ("destroyed", None)
    g.state.touch()
    g.push("entrain x")
    targets = {a.args[1] for a in g.legal_actions if a.verb == "rail"}
    assert targets == {"0501", "0503", "0504", "0505"}
