"""5.2 move-or-fight, 12.1 forced order and Stalin's minimum, 9.3 withdrawals, 4.x sudden death."""

from __future__ import annotations

from dom_helpers import game_on, make_state, small_map

from typhoon.games.dom.actions import Order
from typhoon.games.dom.rules import DomRules


def test_each_player_turn_starts_with_the_phase_order():
    """5.2: the order is declared first; move/fight makes the first phase a movement phase."""
    s = make_state(small_map(), order=None, german=[("inf01", "0203")])
    g = game_on(s)
    assert sorted(str(a) for a in g.legal_actions) == ["order fight-move", "order move-fight"]
    g.push("order fight-move")
    assert g.rules.phase_kind(g.state) == "combat"
    assert g.rules.phase_kind(g.state, "german_second") == "movement"


def test_soviet_must_move_first_in_the_declaration_turn():
    """12.1 (D-32): the sequence that best meets Stalin's order is move/fight."""
    s = make_state(small_map(), phase="soviet_first", order=None, declared=2, turn=2)
    assert DomRules(s.data).legal_actions(s) == [Order("move-fight")]


def test_stalin_roll_comes_first_then_his_minimum_binds_the_combat_phase():
    """12.1 / D-29: 1d6 x 3 at the start of the Soviet player turn; the combat phase may not
    end while attacks are possible and the minimum is not met."""
    s = make_state(small_map(), phase="german_second", declared=2, turn=2, german=[("inf01", "0304")],
                   soviet=[("rd", (1, 2), "0404"), ("rd", (1, 2), "0403")])
    g = game_on(s)
    g.push("end")  # German combat phase over: the Soviet reinforcement phase, Stalin's roll first
    assert g.state.phase == "soviet_reinforcement" and g.is_chance()
    assert [str(a) for a, _ in g.chance_outcomes()] == [f"stalin {i}" for i in range(1, 7)]
    g.push("stalin 1")
    assert g.state.stalin == 3
    while g.is_chance():
        g.roll()  # reinforcement draws
    g.push("end")  # reinforcements not entered are eliminated (9.1)
    g.push("order move-fight")
    g.push("end")  # no Soviet moves
    assert "end" not in [str(a) for a in g.legal_actions]  # 3 attackers needed, two available
    g.push("attack 0304")
    g.push("add s001")
    g.push("add s002")
    g.push("fight")
    while g.state.battle is not None:
        g.push(g.rules.legal_actions(g.state)[0]) if not g.is_chance() else g.push("roll 6")
    assert "end" in [str(a) for a in g.legal_actions]  # as many as possible attacked


def test_moscow_entry_wins_at_once():
    """4.1: the instant a Moscow hex comes under German control."""
    s = make_state(small_map(cities={"0404": "Moscow"}), german=[("pz1", "0203")])
    g = game_on(s)
    g.push("move pz1 0404")
    assert g.outcome().winner == "german" and "4.1" in g.outcome().reason


def test_moscow_isolation_wins_at_once():
    """4.2 (D-30): both Moscow hexes cut from every Soviet edge source."""
    s = make_state(small_map(cities={"0404": "Moscow", "0405": "Moscow"}, soviet_sources=["0707"]), german=[("pz1", "0606")])
    g = game_on(s)
    assert g.outcome() is None
    g.push("move pz1 0707")
    assert g.outcome().winner == "german" and "4.2" in g.outcome().reason


def test_soviet_capture_west_of_the_start_line_wins_at_once():
    """4.4: a town west of the initial front line under Soviet control."""
    s = make_state(small_map(towns={"0203": "Yartsevo"}), phase="soviet_first", soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    g.push("move s001 0203")
    assert g.outcome().winner == "soviet" and "4.4" in g.outcome().reason


def test_failed_withdrawal_loses_the_game():
    """9.3/4.4: no eligible unit to withdraw on game turn 5 is a Soviet sudden-death win."""
    s = make_state(small_map(), phase="german_second", turn=4, german=[("pz1", "0203")])
    s.phase = "terminal_supply"
    rules = DomRules(s.data)
    events = []
    rules._end_phase(s, events)
    assert s.turn == 5 and s.outcome is not None and s.outcome.winner == "soviet" and "9.3" in s.outcome.reason


def test_withdrawal_substitutes_a_3_7_when_no_4_8_is_left():
    """9.3 L728-732: a 3-7/1-3 division may stand in for the 4-8/2-4."""
    d_units = make_state(small_map()).data.units
    weak = next(u for u, sp in d_units.items() if sp.kind == "infantry" and (sp.full.attack, sp.full.defence) == (3, 7))
    s = make_state(small_map(), phase="german_replacement", turn=5, german=[(weak, "0203")])
    s.withdraw_due = ["infantry"]
    assert [str(a) for a in DomRules(s.data).legal_actions(s)] == ["declare", f"withdraw {weak}"]  # no end (9.3)


def test_terminal_supply_eliminates_cut_off_soviet_units():
    """8.6: Soviet units out of supply in the Terminal Supply Phase are eliminated."""
    ring = ["0403", "0504", "0505", "0405", "0305", "0304"]
    s = make_state(small_map(), phase="guards_conversion", turn=9, german=[(f"inf0{i + 1}", h) for i, h in enumerate(ring)],
                   soviet=[("rd", (1, 2), "0404"), ("rd", (1, 2), "0606")])
    rules = DomRules(s.data)
    rules._end_phase(s, [])
    assert "s001" in s.eliminated and "s002" not in s.eliminated
    assert s.outcome is not None  # game turn 9 over: 4.3/4.5
