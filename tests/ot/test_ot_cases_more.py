"""More rule cases of Operation Typhoon on small positions of the kit's map, each outcome from the
rules text (003): 5.27, 5.42, 5.53, 5.61-5.66 rail movement, 9.61-9.65 Accelerated Assault,
9.93 / 9.97 retreats, 17.31-17.36 interdiction, 19.1 hedgehogs, 19.2 ski troops and 23.0
option 2."""

from __future__ import annotations

from fractions import Fraction

from ot_helpers import empty_state

from typhoon.games.ot import combat, movement
from typhoon.games.ot.actions import Accelerate, Attack, End, Hedgehog, Interdict, Loss, Move, Retreat, Roll
from typhoon.games.ot.data import ot_data
from typhoon.games.ot.package import PACKAGE
from typhoon.games.ot.strength import attack_strength, current_strength

D = ot_data()


def _pair(test):
    """The first Map C hexside (a, b) the kit has with ``test(a, b)`` (the reconstruction's geography)."""
    for a in sorted(D.all_hexes):
        if not a.startswith("C") or D.terrain[a] == "lake":
            continue
        for b in D.neighbours[a]:
            if b.startswith("C") and test(a, b):
                return a, b
    raise AssertionError("no such hexside on Map C")


# -- 5.27 ------------------------------------------------------------------------------------------------
def test_5_27_a_non_mech_unit_may_always_move_one_hex():
    # an isolated infantry regiment (MA 4 halved to 2, 12.54c) facing a river hexside into a Clear
    # hex: 1 + 2 (TEC) = 3 MP, more than it has, yet it may move that one hex
    a, b = _pair(lambda a, b: D.is_river(a, b) and not D.is_road(a, b) and D.terrain[b] == "clear")
    rules, s = empty_state()
    s.stacks.place("339/167/53", a)
    s.supply["339/167/53"] = "isolated"
    assert movement.movement_allowance(s, "339/167/53") == 2
    assert movement.tactical_step_cost(s, a, b, mech=False) == 3
    r = movement.unit_reach(s, "339/167/53", "tactical")
    assert b in r.cost
    assert not any(r.parent.get(n) == b for n in D.neighbours[b])  # one hex, no further


def test_5_27_only_non_mech_units_and_never_from_ezoc_into_ezoc():
    # a tank battalion out of supply (MA halved, 12.44c) cannot enter a Rough hex it cannot pay for
    a, b = _pair(lambda a, b: D.terrain[b] == "rough" and not D.is_road(a, b) and not D.is_river(a, b) and not D.is_stream(a, b))
    rules, s = empty_state()
    s.ground = "normal"
    s.stacks.place("I39/17P/24", a)
    s.supply["I39/17P/24"] = "isolated"  # 12.54c: a mech unit's MA is 3
    assert movement.hex_cost(s, b, mech=True) > movement.movement_allowance(s, "I39/17P/24")
    assert b not in movement.unit_reach(s, "I39/17P/24", "tactical").cost
    # "if such a unit begins ... in an Enemy-controlled hex, it may never move directly into another"
    a2, b2 = _pair(lambda a, b: D.is_river(a, b) and not D.is_road(a, b) and D.terrain[b] == "clear")
    rules, s = empty_state()
    s.stacks.place("339/167/53", a2)
    s.supply["339/167/53"] = "isolated"
    enemy = next(h for h in D.neighbours[b2] if h in D.neighbours[a2] and D.terrain[h] != "lake")
    s.stacks.place("299/50", enemy)  # next to both: a2 and b2 are in its ZOC
    assert a2 in movement.enemy_zoc(s, "german")
    assert b2 not in movement.unit_reach(s, "339/167/53", "tactical").cost


# -- 5.42 / 5.13 -------------------------------------------------------------------------------------
def test_5_42_a_unit_moves_by_one_method_only():
    rules, s = empty_state()
    s.stacks.place("339/167/53", "C0232")
    move = next(a for a in rules.legal_actions(s) if isinstance(a, Move) and a.unit == "339/167/53")
    rules.apply(s, move)
    rules.apply(s, End())  # to the Strategic Movement Segment
    assert s.phase == "german_strategic"
    assert not any(isinstance(a, Move) and a.unit == "339/167/53" for a in rules.legal_actions(s))


# -- 5.53 --------------------------------------------------------------------------------------------
def test_5_53_strategic_road_movement_example():
    # "a tank unit using Strategic Movement could move along a Road at 1/3 MP's per hex entered ...
    # if the same unit had been using Tactical Movement, the cost would have been 1 or 2"
    a, b = _pair(lambda a, b: D.is_road(a, b))
    _, s = empty_state()
    s.ground = "normal"
    assert movement.strategic_step_cost(s, a, b, mech=True) == Fraction(1, 3)
    assert movement.tactical_step_cost(s, a, b, mech=True) == 2
    s.ground = "ground_freeze"
    assert movement.tactical_step_cost(s, a, b, mech=True) == 1
    # "A unit never receives an increase to its printed Movement Allowance": the allowance is the printed one
    s.stacks.place("I39/17P/24", a)
    assert movement.movement_allowance(s, "I39/17P/24") == D.units["I39/17P/24"].movement


# -- 5.6 rail movement, 17.3 interdiction ----------------------------------------------------------------
def _rail_line(length):
    """A run of ``length`` Map C rail hexes joined by rail, far from the map's Russian set-up."""
    start = next(h for h in sorted(D.rail_hexes) if h.startswith("C"))
    path = [start]
    while len(path) < length:
        nxt = [n for n in D.neighbours[path[-1]] if n.startswith("C") and D.is_rail(path[-1], n) and n not in path]
        if not nxt:
            start = next(h for h in sorted(D.rail_hexes) if h.startswith("C") and h > start)
            path = [start]
            continue
        path.append(nxt[0])
    return path


def _rail_state(key="18.1"):
    rules, s = empty_state(key)
    s.phase = "russian_rail"
    return rules, s


def test_5_62_5_64_rail_moves_along_the_railway_from_a_rail_hex():
    line = _rail_line(8)
    rules, s = _rail_state()
    s.stacks.place("299/50", line[0])
    r = movement.unit_reach(s, "299/50", "rail")
    assert all(h in D.rail_hexes for h in r.cost)  # 5.62: only rail hex to connected rail hex
    assert [r.cost[h] for h in line[:8]] == list(range(8))  # 5.64: terrain has no effect, a hex each
    assert max(r.cost.values()) <= 60  # 5.64: 60 hexes
    off_rail = next(h for h in D.neighbours[line[3]] if h not in D.rail_hexes and D.terrain[h] != "lake")
    s.stacks.place("260/50", off_rail)
    assert not any(isinstance(a, Move) and a.unit == "260/50" for a in rules.legal_actions(s))  # 5.62: must start on a rail hex


def test_5_63_rail_keeps_three_hexes_from_the_enemy_and_5_65_ignores_supply():
    line = _rail_line(10)
    rules, s = _rail_state()
    s.stacks.place("299/50", line[0])
    s.supply["299/50"] = "isolated"
    assert line[9] in movement.unit_reach(s, "299/50", "rail").cost  # 5.65
    enemy = next(h for h in D.neighbours[line[6]] if h not in line and D.terrain[h] != "lake")
    s.stacks.place("339/167/53", enemy)
    r = movement.unit_reach(s, "299/50", "rail")
    assert all(D.grid.distance(h, enemy) >= 3 for h in r.cost)  # 5.63 (as 5.51)
    assert line[9] not in r.cost


def test_5_61_and_18_18f_rail_units_per_segment():
    line = _rail_line(12)
    for key, limit in (("18.1", 2), ("18.4", 5)):  # 18.18(f): two in 18.1; 5.61: five
        rules, s = _rail_state(key)
        units = ["299/50", "260/50", "413/50", "154/50", "41/50", "32/50"]
        for u, h in zip(units, line[::2]):
            s.stacks.place(u, h)
        moved = 0
        while True:
            moves = [a for a in rules.legal_actions(s) if isinstance(a, Move) and a.mode == "rail"]
            if not moves:
                break
            rules.apply(s, moves[0])
            moved += 1
        assert moved == limit, key


def test_17_31_to_17_36_interdiction():
    line = _rail_line(8)
    rules, s = empty_state()
    s.phase, s.air = "german_interdiction", {"german": 4, "russian": 0}
    s.stacks.place("299/50", line[0])  # 17.34: a Russian-occupied rail hex may be interdicted
    assert Interdict(line[0]) in rules.legal_actions(s)
    for h in line[1:4]:
        rules.apply(s, Interdict(h))
    assert rules.legal_actions(s) == [End()]  # 17.31: at most three
    assert s.air["german"] == 1  # 17.36: those points are used for the Game-Turn
    rules2, s2 = empty_state()
    s2.phase, s2.air = "german_interdiction", {"german": 2, "russian": 0}
    rules2.apply(s2, Interdict(line[1]))
    assert Interdict(line[1]) not in rules2.legal_actions(s2)  # 17.32: one per rail hex
    # 17.33: each interdicted hex entered counts ten hexes
    s.phase = "russian_rail"
    r = movement.unit_reach(s, "299/50", "rail")
    assert [r.cost[h] for h in line[:6]] == [0, 10, 20, 30, 31, 32]
    # 17.35: removed at the end of the Russian Movement Phase
    s.phase = "russian_strategic"
    rules.apply(s, End())
    assert not s.interdicted


# -- 9.61-9.65 Accelerated Assault --------------------------------------------------------------------
def _combat_position(turn=4, phase="german_combat"):
    rules, s = empty_state()
    s.turn, s.phase, s.air = turn, phase, {}
    s.stacks.place("24/2PzA", "C0228")
    s.stacks.place("40/17P/24", "C0231")
    s.stacks.place("299/50", "C0232")
    s.stacks.place("50/Bldin", "C0240")
    return rules, s


def test_9_62_9_64_german_accelerated_assault_example():
    # 9.64: "if German unit 40/17P/24 is attacking while corps HQ 24/2PzA is making an Accelerated
    # Assault, 40/17P/24 would have its Combat Strength doubled"
    rules, s = _combat_position()
    base = current_strength(s, "40/17P/24")
    assert attack_strength(s, "40/17P/24", base) == base
    assert Accelerate("24/2PzA") in rules.legal_actions(s)  # 9.62: declared at the start of the phase
    rules.apply(s, Accelerate("24/2PzA"))
    assert attack_strength(s, "40/17P/24", base) == 2 * base
    rules.apply(s, Attack("C0232", ("40/17P/24",)))
    assert not any(isinstance(a, Accelerate) for a in rules.legal_actions(s))  # not after a combat
    # one per game: after the phase the HQ is marked
    s.battle, s.deferred = None, []
    s.targets.clear()
    rules._end(s, [])
    assert "24/2PzA" in s.accel_used and not s.accel_active
    s.phase = "german_combat"
    assert Accelerate("24/2PzA") not in rules.legal_actions(s)


def test_9_61_9_63_9_65_russian_accelerated_assault_from_turn_16_within_six_hexes():
    rules, s = _combat_position(turn=15, phase="russian_combat")
    assert not any(isinstance(a, Accelerate) for a in rules.legal_actions(s))  # 9.61
    s.turn = 16
    assert Accelerate("50/Bldin") in rules.legal_actions(s)
    rules.apply(s, Accelerate("50/Bldin"))
    base = current_strength(s, "299/50")
    assert D.grid.distance("C0232", "C0240") > 6
    assert attack_strength(s, "299/50", base) == base  # 9.65: beyond six hexes of its HQ
    s.stacks.move("50/Bldin", "C0236")
    assert attack_strength(s, "299/50", base) == 2 * base


# -- 9.93 / 9.97 retreats -----------------------------------------------------------------------------
def test_9_93_each_enemy_controlled_hex_entered_in_a_retreat_costs_a_step():
    rules, s = empty_state()
    s.phase, s.air = "german_combat", {}
    x = "C2030"
    assert all(D.terrain[n] != "lake" for n in D.neighbours[x])
    s.stacks.place("299/50", x)
    attacker = D.neighbours[x][0]
    s.stacks.place("339/167/53", attacker)
    # German regiments two hexes away so that every hex next to x is in a German ZOC
    ring2 = sorted(h for h in s.scen.hexes if D.grid.distance(h, x) == 2)
    germans = ["315/167/53", "331/167/53", "110/112/53", "256/112/53", "258/112/53"]
    covered = set(D.neighbours[attacker])
    for h in ring2:
        new = set(D.neighbours[h]) & set(D.neighbours[x])
        if new - covered and germans:
            s.stacks.place(germans.pop(0), h)
            covered |= new
    assert set(D.neighbours[x]) - {attacker} <= movement.enemy_zoc(s, "russian")
    col = combat.odds(s, x, ["339/167/53"])["column_index"]
    roll = next(r for r in range(2, 13) if combat.parse_result(D.crt_rows[r][col])[:3] == ("D", 1, 0))
    rules.apply(s, Attack(x, ("339/167/53",)))
    rules.apply(s, Roll(roll))
    steps = s.steps["299/50"]
    retreat = next(a for a in rules.legal_actions(s) if isinstance(a, Retreat))
    rules.apply(s, retreat)
    assert s.hex_of("299/50") == retreat.to
    assert all(isinstance(a, Loss) for a in rules.legal_actions(s))  # the step for the EZOC hex
    rules.apply(s, rules.legal_actions(s)[0])
    assert s.steps.get("299/50", 0) == steps - 1 or "299/50" not in s.stacks


def test_9_97_mech_units_never_retreat_across_a_river_without_a_road():
    a, b = _pair(lambda a, b: D.is_river(a, b) and not D.is_road(a, b) and D.terrain[b] != "lake")
    _, s = empty_state()
    others = [n for n in D.neighbours[a] if n != b]  # 9.92: hexes already entered may not be re-entered
    s.stacks.place("I39/17P/24", a)
    assert combat.retreat_first_steps(s, ["I39/17P/24"], a, [a, *others], 1, True) == []
    s.stacks.remove("I39/17P/24")
    s.stacks.place("339/167/53", a)
    assert combat.retreat_first_steps(s, ["339/167/53"], a, [a, *others], 1, True) == [b]  # infantry may cross


# -- 19.1 hedgehogs, 19.2 ski troops -----------------------------------------------------------------------
def test_19_1_hedgehogs():
    rules, s = empty_state("18.1", hedgehogs=True)
    s.stacks.place("339/167/53", "C0232")
    s.stacks.place("I39/17P/24", "C0228")
    legal = rules.legal_actions(s)
    assert Hedgehog("339/167/53") in legal  # 19.11: an infantry regiment
    assert Hedgehog("I39/17P/24") not in legal  # a tank battalion may not
    rules.apply(s, Hedgehog("339/167/53"))
    assert not any(isinstance(a, Move) and a.unit == "339/167/53" for a in rules.legal_actions(s))  # 19.12: does not move
    s.stacks.place("299/50", "C0234")
    assert "C0233" not in movement.enemy_zoc(s, "russian")  # 19.13 / 19.15: no ZOC
    s.stacks.place("315/167/53", "C0232")  # 19.15: a unit entering is in the hedgehog too
    # 19.13: the final ratio column shifted one to the left when attacked
    shifts = combat.optional_shifts(s, "C0232", ["299/50"], ["339/167/53", "315/167/53"])
    assert [x.columns for x in shifts] == [-1]
    rules_off, s_off = empty_state("18.1")  # the rule is optional (19.0)
    assert not any(isinstance(a, Hedgehog) for a in rules_off.legal_actions(s_off))
    # 19.14 / 19.15: vacated, the hedgehog is gone
    s.stacks.remove("339/167/53")
    s.stacks.remove("315/167/53")
    rules.apply(s, End())
    assert "C0232" not in s.hedgehogs
    # 19.16: never a Russian unit
    s.phase = "russian_tactical"
    assert not any(isinstance(a, Hedgehog) for a in rules.legal_actions(s))


def test_19_2_ski_troops_in_snow():
    rules, s = empty_state("18.4", ski=True)
    s.snow = True
    s.stacks.place("1/1Sh", "A2030")
    s.stacks.place("4/6P/41", "A2029")
    unit = D.units["1/1Sh"]
    assert unit.kind == "ski"
    assert movement.movement_allowance(s, "1/1Sh") == unit.movement  # 19.22: never hindered by snow
    assert [x.columns for x in combat.optional_shifts(s, "A2030", ["4/6P/41"], ["1/1Sh"])] == [-1]  # 19.23 defending
    assert [x.columns for x in combat.optional_shifts(s, "A2029", ["1/1Sh"], ["4/6P/41"])] == [1]  # 19.23 attacking
    s.snow = False
    assert combat.optional_shifts(s, "A2030", ["4/6P/41"], ["1/1Sh"]) == []  # only in snow Game-Turns


# -- 23.0 option 2 -------------------------------------------------------------------------------------------
def test_23_0_option_2_chits_picked_before_play_open_to_both():
    g = PACKAGE.new_game({"scenario": "18.1", "strengths": "open_chits"}, seed=4)
    assert g.state.turn == 0 and g.is_chance()
    while g.state.turn == 0:
        g.roll()
    s = g.state
    needing = [u for u in s.scen.units if D.units[u].uses_chit]
    assert all(s.chits[u] is not None for u in needing)  # every unit's chit picked before GT1
    v = PACKAGE.view(s, "german")
    russian = next(x for x in v["units"] if x["id"] == "299/50")
    assert not russian["hidden"] and russian["strength"] is not None  # open information


# -- 9.94 / 9.98 ---------------------------------------------------------------------------------------
def _d_roll(s, target, attackers, want):
    """A 2d6 total whose CRT result (9.89) on this combat's column satisfies ``want(parsed)``."""
    col = combat.odds(s, target, list(attackers))["column_index"]
    return next((r for r in range(2, 13) if want(combat.parse_result(D.crt_rows[r][col]))), None)


def test_9_94_a_retreated_unit_adds_nothing_and_dies_if_its_new_hex_loses():
    rules, s = empty_state()
    s.phase, s.air = "german_combat", {}
    s.stacks.place("299/50", "C2030")
    s.stacks.place("32/50", "C2030")
    s.retreated.add("32/50")  # it retreated into C2030 earlier this phase
    assert all("32/50" not in o for o in combat.defend_options(s, "C2030"))
    assert combat.unit_defence(s, "32/50", False) == 0
    attackers = ("339/167/53", "315/167/53", "331/167/53")
    for u in attackers:
        s.stacks.place(u, "C2029")
    roll = _d_roll(s, "C2030", attackers, lambda p: p[0] == "D" and p[1] >= 1)
    assert roll is not None
    rules.apply(s, Attack("C2030", attackers))
    rules.apply(s, Roll(roll))
    assert s.off_map.get("32/50") == "eliminated"  # "automatically eliminated"


def test_9_98_a_breakthrough_retreat_is_the_attacker_s_no_step_loss_instead_and_no_zoc():
    rules, s = empty_state()
    s.phase, s.air = "german_combat", {}
    s.stacks.place("299/50", "C2030")
    attackers = ("339/167/53", "315/167/53", "331/167/53")
    for u in attackers:
        s.stacks.place(u, "C2029")
    s.supply["299/50"] = "isolated"  # weaker defender: a better column
    roll = _d_roll(s, "C2030", attackers, lambda p: p[0] == "D" and p[1] >= 1 and p[3])
    assert roll is not None, "no Breakthrough on this column"
    rules.apply(s, Attack("C2030", attackers))
    rules.apply(s, Roll(roll))
    while s.battle is not None and s.battle["step"] == "losses":
        rules.apply(s, rules.legal_actions(s)[0])
    b = s.battle
    assert b is not None and b["step"] == "retreat"
    assert rules.current_player(s) == "german"  # 9.98 A: the attacker determines the Path of Retreat
    legal = rules.legal_actions(s)
    assert legal and not any(isinstance(a, Loss) for a in legal)  # 9.98 C: no step loss instead
    rules.apply(s, next(a for a in legal if isinstance(a, Retreat)))
    if "299/50" in s.stacks:
        assert "299/50" in s.no_zoc  # 9.98 B: no ZOC this Combat Phase
        assert not movement.exerts_zoc(s, "299/50")


def test_5_73_lake_is_prohibited_to_retreats_and_advances():
    # TEC 5.73 (L2221): Lake "P" for every unit. A Russian regiment beside the lake A1022 whose
    # other neighbours were all entered (9.92) has no retreat: not into the lake (D66)
    lake = "A1022"
    assert D.terrain[lake] == "lake"
    a = next(n for n in sorted(D.neighbours[lake]) if D.terrain[n] != "lake")
    others = [n for n in D.neighbours[a] if n != lake]
    _, s = empty_state("18.2")  # Map A
    s.stacks.place("40/78/16", a)
    assert combat.retreat_first_steps(s, ["40/78/16"], a, [a, *others], 1, True) == []
    free = others[0]  # with one other hex open, that hex is the retreat
    assert combat.retreat_first_steps(s, ["40/78/16"], a, [a, *others[1:]], 1, True) == [free]
