"""Combat (L56-88), the CRT results, KG substitution and overruns (L89-95) on small maps.

CRT cells are read from the shipped (reconstructed) table: column index + roll on the ladder
Ae Ae Ar Ar Br Dr Dr HEx Ex DeAd De... (tables.json); the effects asserted are the text's."""

from fractions import Fraction

import pytest

from typhoon.core.errors import IllegalActionError
from typhoon.games.mc import combat, overrun

from mc_helpers import G, S, build, force_roll


def combat_game(units, **kw):
    kw.setdefault("phase", "german_combat")
    kw.setdefault("turn", 1)
    return build(units, **kw)


def test_crt_reading_of_the_reconstruction():
    g = combat_game({G("a"): "0405", S("d"): "0505"})
    crt, cols = g.state.data.crt, g.state.data.crt_columns
    one = cols.index("1-1")
    assert [crt.result(one, r) for r in range(1, 7)] == ["Ar", "Br", "Dr", "Dr", "HEx", "Ex"]
    assert crt.result(cols.index("2-1"), 6) == "DeAd"
    assert crt.result(cols.index("1-3"), 1) == "Ae"
    assert crt.result(cols.index("11-1"), 1) == "De"


def test_odds_rounded_for_the_defender_26_to_9_is_2_to_1():
    g = combat_game({G("a", 26): "0405", S("d", 9): "0505"})
    s = combat.odds_summary(g.state, "german", ("0505",), ("a",))
    assert s["column"] == "2-1"  # Combat (F) L63


def test_de_eliminates_and_allows_advance():
    g = combat_game({G("a", 12): "0405", S("d", 3): "0505"})
    g.push("attack 0505 a")
    ev = force_roll(g, 5)  # 4-1, roll 5: De
    assert "d" not in g.state.stacks and any("De" in e for e in ev)
    assert "advance a 0505" in [str(a) for a in g.legal_actions]
    g.push("advance a 0505")
    assert g.state.hex_of("a") == "0505"


def test_ex_attacker_loses_at_least_the_defence():
    g = combat_game({G("a", 3): "0405", S("d", 3): "0505"})
    g.push("attack 0505 a")
    force_roll(g, 6)  # 1-1, roll 6: Ex
    assert "d" not in g.state.stacks and "a" not in g.state.stacks


def test_half_ex_attacker_chooses_units_worth_half():
    g = combat_game({G("a", 2): "0405", G("b", 2): "0404", S("d", 4): "0505"})
    g.push("attack 0505 a b")
    force_roll(g, 5)  # 4 vs 4 at 1-1, roll 5: 1/2 Ex, need 2
    assert g.current_player == "german"
    assert {str(a) for a in g.legal_actions} == {"lose a", "lose b"}
    g.push("lose a")
    assert "a" not in g.state.stacks and "b" in g.state.stacks and "d" not in g.state.stacks


def test_dead_disrupts_attackers_worth_the_defence():
    g = combat_game({G("a", 4): "0405", G("b", 4): "0404", S("d", 4): "0505"})
    g.push("attack 0505 a b")
    force_roll(g, 6)  # 8 vs 4 at 2-1, roll 6: DeAd
    g.push("disrupt a")
    assert "a" in g.state.disrupted and "b" not in g.state.disrupted
    acts = [str(x) for x in g.legal_actions]
    assert "advance b 0505" in acts and not any(x.startswith("advance a") for x in acts)


def test_dr_defender_retreats_away_from_attackers():
    # CRT Dr L80: one hex, away from the attackers: of 0505's neighbours only 0504, 0604 and 0605
    # are not next to the attacker's hex 0405 (the owner chooses, D-RETREAT); then the attacker
    # may advance into the vacated hex (Combat (H) L65)
    g = combat_game({G("a", 3): "0405", S("d", 3): "0505"})
    g.push("attack 0505 a")
    force_roll(g, 3)  # 1-1 roll 3: Dr
    assert g.current_player == "soviet"
    assert {str(x) for x in g.legal_actions} == {"retreat d 0504", "retreat d 0604", "retreat d 0605"}
    g.push("retreat d 0604")
    assert g.state.hex_of("d") == "0604"
    assert {str(x) for x in g.legal_actions} == {"advance a 0505", "advance none"}


def test_br_both_retreat():
    g = combat_game({G("a", 3): "0405", S("d", 3): "0505"})
    g.push("attack 0505 a")
    force_roll(g, 2)  # Br
    while g.state.battle is not None and not g.is_chance():
        g.push(g.legal_actions[0])
    assert g.state.hex_of("d") != "0505" and g.state.hex_of("a") != "0405"
    assert not g.state.data.grid.adjacent(g.state.hex_of("a"), "0505")


def test_ar_and_ae():
    g = combat_game({G("a", 3): "0405", S("d", 3): "0505"})
    g.push("attack 0505 a")
    force_roll(g, 1)  # Ar
    while g.state.battle is not None:
        g.push(g.legal_actions[0])
    assert g.state.hex_of("a") != "0405" and g.state.hex_of("d") == "0505"
    g2 = combat_game({G("a", 1): "0405", S("d", 3): "0505"})
    g2.push("attack 0505 a")
    force_roll(g2, 1)  # 1-3 roll 1: Ae
    assert "a" not in g2.state.stacks


def test_below_one_to_three_is_attacker_eliminated():
    g = combat_game({G("a", 1): "0405", S("d", 9): "0505"})
    g.push("attack 0505 a")
    assert "a" not in g.state.stacks and not g.is_chance()


def test_kg_replaces_eliminated_mechanized_unit_and_blocks_advance():
    g = build({S("a", 30): "0405", G("pz", 6, 8, "armour", mech=True): "0505"}, phase="soviet_combat", turn=1)
    g.push("attack 0505 a")
    force_roll(g, 6)  # 30 vs 6 = 5-1, roll 6: De
    occ = g.state.at("0505")
    assert occ == ("KG1",) and "pz" not in g.state.stacks  # Combat (G) L64
    assert g.state.battle is None  # note 1 L86: no advance


def test_exchange_against_mechanized_counts_full_strength():
    # (K) L68: the Soviet loses at least 6 (full), not 6 - 2
    g = build({S("a", 3): "0405", S("b", 3): "0404", S("c", 1): "0506", G("pz", 6, 8, "armour", mech=True): "0505"}, phase="soviet_combat", turn=1)
    g.push("attack 0505 a b c")
    force_roll(g, 6)
    while g.state.battle is not None and g.state.battle["step"] == "lose":
        g.push(min(g.legal_actions, key=lambda a: str(a)))
    lost = sum(3 if u in ("a", "b") else 1 for u in ("a", "b", "c") if u not in g.state.stacks)
    assert lost >= 6


def test_drm_capped_at_minus_two():
    g = combat_game({G("a", 12): "0405", S("d", 3): "0505"}, terrain={"0505": "city"}, river=[("0405", "0505")])
    s = combat.odds_summary(g.state, "german", ("0505",), ("a",))
    assert s["drm_uncapped"] == -3 and s["drm"] == -2  # Combat (O) L72
    assert {m["reason"].split(" (")[0] for m in s["modifiers"]} >= {"defender in city", "every attacker across a river hexside"}


def test_ignore_dr_rerolls():
    g = combat_game({G("a", 3): "0405", S("d", 3): "0505"})
    s = combat.odds_summary(g.state, "german", ("0505",), ("a",), nodr=True)
    assert "Dr" not in s["results"]
    g.push("attack 0505 a nodr")
    assert {str(a) for a, _ in g.chance_outcomes()} == {"roll 1", "roll 2", "roll 5", "roll 6"}


def test_voluntary_odds_reduction():
    g = combat_game({G("a", 12): "0405", S("d", 3): "0505"})
    s = combat.odds_summary(g.state, "german", ("0505",), ("a",), reduce_to="2-1")
    assert s["column"] == "2-1"  # Combat (L) L69


def test_multi_hex_attack_needs_attackers_adjacent_to_all():
    g = combat_game({G("a", 12): "0505", S("d1", 1): "0504", S("d2", 1): "0605", G("b", 4): "0503"})
    assert combat.why_not_attack(g.state, "german", ("0504", "0605"), ("a",)) is None
    assert combat.why_not_attack(g.state, "german", ("0504", "0605"), ("a", "b")) is not None


def test_stack_defends_as_a_whole_and_once_per_phase():
    g = combat_game({G("a", 12): "0405", S("d1", 3): "0505", S("d2", 3): "0505"})
    s = combat.odds_summary(g.state, "german", ("0505",), ("a",))
    assert s["defence"] == 6 and set(s["defenders"]) == {"d1", "d2"}  # Combat (P) L73


def test_lone_bracketed_armour_destroyed_automatically():
    g = combat_game({G("a", 1): "0405", S("t", 1, 10, "armour", bracketed=True): "0505"})
    g.push("attack 0505 a")
    assert "t" not in g.state.stacks and not g.is_chance()  # Combat (T) L77


def test_eb_cannot_attack():
    g = combat_game({G("eb", 1, 1, "eb"): "0405", S("d", 1): "0505"})
    assert "EB" in combat.why_not_attack(g.state, "german", ("0505",), ("eb",))


def test_overrun_threshold_ten_on_turns_1_to_4_then_eleven():
    units = {G("a", 10): "0405", S("d", 1): "0505"}
    g = build(units, turn=4)
    assert overrun.why_not(g.state, "german", "0505", ("a",), False) is None  # L90: 10x for the Axis, turns 1-4
    g5 = build(units, turn=5, weather={})
    assert "below 11" in overrun.why_not(g5.state, "german", "0505", ("a",), False)
    gs = build({S("a", 10): "0405", G("d", 1): "0505"}, turn=2, phase="soviet_movement")
    assert "below 11" in overrun.why_not(gs.state, "soviet", "0505", ("a",), False)


def test_overrun_resolves_on_11_1_and_must_advance():
    g = build({G("a", 11): "0405", S("d", 1): "0505"}, turn=5)
    g.push("overrun 0505 a")
    assert g.state.battle["summary"]["column"] == "11-1"
    force_roll(g, 1)
    assert g.state.hex_of("a") == "0505" and g.state.battle is None  # (A) L92: advance
    assert "a" in g.state.done


def test_overrun_zero_defence_removed_without_combat():
    g = build({G("a", 4): "0405", S("t", 1, 10, "armour", bracketed=True): "0505"}, turn=5)
    g.push("overrun 0505 a")
    assert "t" not in g.state.stacks and g.state.hex_of("a") == "0505" and not g.is_chance()


def test_supply_halves_attack_with_fractions_kept():
    g = combat_game({G("a", 5): "0505", S("d", 3): "0605"}, supplied=False)
    assert combat.attack_strength(g.state, "a") == Fraction(5, 2)  # L51, (J) L67
