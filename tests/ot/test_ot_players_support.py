"""The greedy German player's support (11.2), step losses (9.86 / 9.87) and HQ retreats
before combat (10.25), on exact positions: choices the old player made at random or against
its HQs (measured: 18.3 games lost three of five corps HQs as "the weakest unit")."""

from __future__ import annotations

from ot_helpers import empty_state

from typhoon.core.game import Game
from typhoon.games import registry
from typhoon.games.ot import combat
from typhoon.games.ot.actions import (Allocate, Attack, Defend, End, Evade, InSupport, Loss, Move, Roll, Stand,
                                      SupportRoll)
from typhoon.games.ot.movement import enemy_zoc
from typhoon.games.ot.players import GreedyPlayer


class _Seen:
    """What ``GreedyPlayer.choose`` reads of a game: its state, the side to act, the legal actions."""

    def __init__(self, rules, state):
        self.state = state
        self.current_player = rules.current_player(state)
        self.legal_actions = rules.legal_actions(state)


def _start_18_3():
    pkg = registry.get("ot")
    return Game(pkg.rules, pkg.normalise_options({"scenario": "18.3"}), 1)


def test_18_3_support_points_go_where_most_units_are_expected_in_support():
    # 18.35 (T5): three Support Points for 4th Panzer Army and 4th Army. 18.32(1) with 18.38(c):
    # 7/4PzA supplies the 7th and 9th Corps (15 units); 4th Army's corps: 57th 13, 12th 12,
    # 13th 12, 20th 6. German Support Table (11.5, T3), HQs In Support by die 1-6:
    # 1 SP 0,0,0,1,1,2; 2 SP 0,0,1,1,2,2; 3 SP 0,1,1,2,2,3. Units expected In Support:
    # 0/3: (0+13+13+25+25+37)/6 = 18.8; 1/2: 45/6 + 76/6 = 20.2; 2/1: 60/6 + 51/6 = 18.5; 3/0: 12.5.
    game = _start_18_3()
    assert game.state.pending["kind"] == "allocate"
    for seed in range(6):  # the old player drew one of the four at random
        choice = GreedyPlayer(seed).choose(game.observed("german"))
        assert choice == Allocate((("4PzA", 1), ("4A", 2)))


def test_18_3_the_largest_corps_goes_in_support():
    # 11.24: one 4th Army HQ In Support (2 SP, die 3): the 57th Corps (13 units) before the 12th
    # and 13th (12 each) and the 20th (6).
    game = _start_18_3()
    game.push(Allocate((("4PzA", 1), ("4A", 2))))
    game.push(SupportRoll("4PzA", 1))
    game.push(SupportRoll("4A", 3))
    assert game.state.pending["kind"] == "insupport"
    for seed in range(6):
        assert GreedyPlayer(seed).choose(game.observed("german")) == InSupport("4A", ("57/4A",))


def _russian_attack_on(hexes: dict[str, list[str]], target: str, attackers: tuple[str, ...], rules, s):
    for h, units in hexes.items():
        for u in units:
            s.stacks.place(u, h)
    s.phase, s.air = "russian_combat", {}
    rules.apply(s, Attack(target, attackers))


def test_a_step_is_lost_by_a_combat_unit_not_by_the_hq_stacked_with_it():
    # 9.81: an HQ has one step, a German infantry division three; 9.86 "all units do not have to
    # lose one step": a D result's step is taken from the division, never the corps HQ that
    # supplies the whole corps (12.41).
    rules, s = empty_state("18.3")
    target = "B2512"
    attacker_hex = next(iter(sorted(s.scen.neighbours[target])))
    _russian_attack_on({target: ["57/4A", "330/183/57"], attacker_hex: ["113/33", "110/33"]},
                       target, ("113/33", "110/33"), rules, s)
    if s.battle["step"] == "defend":
        rules.apply(s, max((a for a in rules.legal_actions(s) if isinstance(a, Defend)), key=lambda a: len(a.units)))
    while s.battle is not None and s.battle["step"] != "roll":
        rules.apply(s, rules.legal_actions(s)[0])  # no Air Points, chits: nothing else to decide
    col = combat.odds(s, target, ["113/33", "110/33"])["column_index"]
    # a D result with a mandatory (parenthesized) step loss (9.85)
    roll = next(r for r in range(2, 13) if s.data.crt_rows[r][col].startswith("D")
                and combat.parse_result(s.data.crt_rows[r][col])[2] >= 1)
    rules.apply(s, Roll(roll))
    assert s.battle["step"] == "losses"
    seen = _Seen(rules, s)
    assert Loss("57/4A") in seen.legal_actions and Loss("330/183/57") in seen.legal_actions
    assert GreedyPlayer(0).choose(seen) == Loss("330/183/57")


def test_an_hq_alone_retreats_before_combat_out_of_enemy_zones_of_control():
    # 10.25: an HQ alone when attacked may retreat one hex before combat; into an enemy Zone of
    # Control it is eliminated (9.93). With one free neighbour, the HQ retreats there.
    rules, s = empty_state("18.3")
    target = "B2512"
    nbs = sorted(s.scen.neighbours[target])
    free = nbs[0]
    # Russian units on every other side of the target: their Zones of Control cover all its
    # neighbours but ``free`` (a hex whose own neighbours hold no Russian unit)
    far = [h for h in nbs[1:] if free not in s.scen.neighbours[h]]
    _russian_attack_on({target: ["57/4A"], **{h: ["113/33"] if i == 0 else [] for i, h in enumerate(far)}},
                       target, ("113/33",), rules, s)
    assert s.battle["step"] == "evade"
    seen = _Seen(rules, s)
    ezoc = enemy_zoc(s, "german")
    free_hexes = [a.to for a in seen.legal_actions if isinstance(a, Evade) and a.to not in ezoc]
    assert free_hexes and any(isinstance(a, Evade) and a.to in ezoc for a in seen.legal_actions)
    for seed in range(6):
        choice = GreedyPlayer(seed).choose(seen)
        assert isinstance(choice, Evade) and choice.to in free_hexes, choice
    assert Stand() in seen.legal_actions


def test_18_3_a_taken_place_keeps_its_garrison():
    # 18.39: the German controls a place he was the last to pass through; a division alone in
    # Naro-Fominsk (2512), taken, stays there rather than marching on to Klimovsk (2126) and
    # leaving the town for a Soviet unit to walk back into.
    rules, s = empty_state("18.3")
    s.stacks.place("330/183/57", "B2512")
    s.stacks.place("57/4A", "B2512")
    s.control["B2512"] = "german"
    seen = _Seen(rules, s)
    assert any(isinstance(a, Move) and a.unit == "330/183/57" for a in seen.legal_actions)
    for seed in range(3):
        choice = GreedyPlayer(seed).choose(seen)
        assert not (isinstance(choice, Move) and choice.unit == "330/183/57"), choice
    assert End() in seen.legal_actions
