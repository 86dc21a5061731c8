"""Combat declaration (000 9.0 Procedure: announce all battles, Once Per Combat Phase, Battle
Commitment; battles resolved one at a time in the attacker's order; 001 combat)."""

from __future__ import annotations

import pytest
from conftest import build, texts

from typhoon.core.errors import IllegalActionError

# two Soviet units, three German units; XXIV is adjacent to both defenders
UNITS = {"24A": ("0707", "r"), "3A": ("0709", "r"), "XXIV": "0708", "XLI": "0706", "XXII": "0808", "VI": "0101"}


def test_all_battles_declared_before_any_roll():
    """000 9.0: the attacker announces ALL his battles first; no die is rolled before commit."""
    g = build(UNITS)
    g.push("attack XLI 0707")
    assert not g.is_chance()
    assert "attack XXIV 0709" in texts(g) and "commit" in texts(g)
    g.push("attack XXIV 0709")
    assert not g.is_chance()
    g.push("commit")
    # two battles: the attacker picks the order
    assert g.current_player == "german" and texts(g) == {"resolve 0707", "resolve 0709"}
    g.push("resolve 0709")
    assert g.is_chance()


def test_unit_attacks_once():
    """000 9.0 Once Per Combat Phase: a single unit may only attack once per Combat Phase."""
    g = build(UNITS)
    g.push("attack XXIV 0707")
    assert "attack XXIV 0709" not in texts(g)
    with pytest.raises(IllegalActionError):
        g.push("attack XXIV 0709")
    with pytest.raises(IllegalActionError):
        g.push("attack XXIV 0707")


def test_defender_attacked_once_one_battle():
    """000 9.0: a single enemy unit may only be attacked once per Combat Phase: every unit attacking
    it belongs to the one battle, resolved with one die roll."""
    g = build(UNITS)
    g.push("attack XLI 0707")
    g.push("attack XXIV 0707")
    g.push("commit")
    assert g.is_chance()  # one battle: no choice of order
    g.push("roll 4")  # 24 vs 4 = 6:1 die 4: DE
    assert "24A" not in g.state.hex_of
    assert sum(1 for e in g.log if e.chance) == 1
    assert g.current_player == "german" and "advance XLI" in texts(g)


def test_only_adjacent_units_attack():
    """000 9.0: units may attack adjacent enemy units only."""
    g = build(UNITS)
    with pytest.raises(IllegalActionError):
        g.push("attack XXII 0707")  # 0808 is not adjacent to 0707
    with pytest.raises(IllegalActionError):
        g.push("attack VI 0707")
    assert all(a.split()[1] != "VI" for a in texts(g) if a.startswith("attack"))


def test_attack_needs_an_enemy_unit():
    """000 9.0: a battle is an attack on one enemy unit: no attack on an empty or friendly hex."""
    g = build(UNITS)
    with pytest.raises(IllegalActionError):
        g.push("attack XXIV 0807")  # empty
    with pytest.raises(IllegalActionError):
        g.push("attack XXIV 0706")  # friendly XLI


def test_commit_is_final():
    """000 9.0 Battle Commitment: once announced the attacker can't change his mind."""
    g = build(UNITS)
    g.push("attack XLI 0707")
    g.push("commit")
    with pytest.raises(IllegalActionError):
        g.push("attack XXIV 0709")
    g.push("roll 4")
    assert not g.can_undo("german")


def test_commit_cannot_be_undone_by_the_attacker():
    """000 9.0 Battle Commitment: once all battles are announced the attacker can't change his mind."""
    g = build(UNITS)
    g.push("attack XLI 0707")
    g.push("commit")
    assert g.is_chance()
    assert not g.can_undo("german")


def test_attacking_is_voluntary():
    """000 9.0: attacking is completely voluntary: the phase may end with no battle."""
    g = build(UNITS)
    assert "end" in texts(g)
    g.push("end")
    assert g.state.phase == "german_movement"


def test_attack_in_soviet_phase_by_soviets_only():
    """000 4.0 phases 3 and 7: each side attacks in its own combat phase."""
    g = build(UNITS, phase="soviet_combat", turn=2)
    assert all(a.split()[1] in ("24A", "3A") for a in texts(g) if a.startswith("attack"))
    with pytest.raises(IllegalActionError):
        g.push("attack XXIV 0707")


def test_battles_resolved_in_attackers_order():
    """000 9.0: battles are resolved one at a time in any order the attacker desires."""
    g = build(UNITS)
    g.push("attack XLI 0707")
    g.push("attack XXIV 0709")
    g.push("commit")
    g.push("resolve 0707")
    g.push("roll 4")  # 12 vs 4: 3:1 die 4: EX
    while not g.is_chance() and g.state.phase == "german_combat":
        acts = sorted(texts(g))
        if "resolve 0709" in acts:
            g.push("resolve 0709")
            break
        g.push(next((a for a in acts if a == "advance none"), acts[0]))
    assert g.is_chance()  # the second battle is waiting for its roll


def test_end_with_declared_battles_says_why():
    """000 9.0: announced battles are fought (Battle Commitment); 'end' with a declared battle is
    refused with that reason, and after 'undo' of the declaration the phase may end."""
    g = build(UNITS)
    g.push("attack XLI 0707")
    with pytest.raises(IllegalActionError, match=r"1 declared battle\(s\) must be fought: 'commit' them \(9.0 Battle Commitment\)"):
        g.push("end")
    g.undo()
    g.push("end")
    assert g.state.phase != "german_combat"
