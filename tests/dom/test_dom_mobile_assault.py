"""10.14-10.23 mobile assaults, the parts with no test before: panzer lead, PA after a stalled
or successful MA, MA after a PA (fight/move), retreated units defending a later MA, and the
retreat blocks of 10.22. 7x7 synthetic map, game turn 2 (no 5.3 shifts).

Neighbours of 0404: 0403 (N) 0504 (NE) 0505 (SE) 0405 (S) 0305 (SW) 0304 (NW).
"""

from __future__ import annotations

from dom_helpers import game_on, make_state, small_map

from typhoon.games.dom.actions import Assault


def assaults(g):
    return [a for a in g.legal_actions if isinstance(a, Assault)]


def test_panzer_grenadiers_and_cavalry_need_a_panzer_unit():
    """10.14 L905-911: PzG or cavalry alone, or together, may not MA; one panzer enables them."""
    s = make_state(small_map(), german=[("pzg3", "0304"), ("cav1", "0304")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    assert assaults(g) == []
    assert g.rules.why_not_assault(g.state, Assault("0404", "0304", ("cav1", "pzg3"))) is not None
    s = make_state(small_map(), german=[("pzg3", "0304"), ("cav1", "0304"), ("pz1", "0304")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    assert Assault("0404", "0304", ("cav1", "pz1", "pzg3")) in assaults(g)
    assert g.rules.why_not_assault(g.state, Assault("0404", "0304", ("pz1", "pzg3"))) is None


def test_stalled_assault_force_may_still_make_a_prepared_assault():
    """10.19 L951-956: survivors of a stalled MA stay in the launch hex for the phase but may
    PA in the following combat phase (move/fight)."""
    s = make_state(small_map(), german=[("pz1", "0203")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    g.push(Assault("0404", "0304", ("pz1",)))
    g.push("fight")
    g.push("roll 6")  # 4:1 roll 6: AS, the assault stalls
    assert g.state.hex_of("pz1") == "0304"
    g.push("end")  # to the combat phase
    assert "attack 0404" in [str(a) for a in g.legal_actions]
    g.push("attack 0404")
    assert "add pz1" in [str(a) for a in g.legal_actions]


def test_fight_move_prepared_assault_then_mobile_assault():
    """10.21 L968-973: with fight/move a unit may PA and then, in the movement phase, MA."""
    s = make_state(small_map(), phase="german_first", order="fight-move", german=[("pz1", "0304")],
                   soviet=[("grd", "grd1", "0404")])
    g = game_on(s)
    g.push("attack 0404")
    g.push("add pz1")
    g.push("fight")  # 9 vs 6: 1:1, fight/move 1R: 2:1
    g.push("roll 4")  # 2:1 roll 4: AS
    g.push("end")  # to the movement phase
    assert Assault("0404", "0304", ("pz1",)) in assaults(g)


def test_units_retreated_by_one_assault_defend_against_the_next():
    """10.22 L978-986: Soviet units that retreated from one MA into a hex add to its defence
    against a later MA in the same phase (unlike 11.27 for PA)."""
    s = make_state(small_map(), german=[("pz1", "0304"), ("pz2", "0304")],
                   soviet=[("rd", (1, 2), "0404"), ("rd", (1, 2), "0505")])
    g = game_on(s)
    g.push(Assault("0404", "0304", ("pz1",)))
    g.push("fight")
    g.push("roll 4")  # 4:1 roll 4: DR; 0505 is opposite the assault hexside
    assert g.state.hex_of("s001") == "0505" and g.state.hex_of("pz1") == "0404"
    a = next(a for a in assaults(g) if a.units == ("pz2",) and a.target == "0505")
    g.push(a)
    assert sorted(g.state.battle.data["defenders"]) == ["s001", "s002"]
    g.push("fight")
    assert g.state.battle.data["odds"]["defence"] == 4  # both 1-2 units defend


def test_assault_retreat_ignores_the_assaulting_force_zoc_but_not_other_gzoc():
    """10.22 L987-1004: the MA force's own GZOC does not block the retreat, other GZOC does;
    the opposite hex (0505) first, then the two beside it (0504, 0405), then the next two
    (0403, 0305), never the launch hex. inf01 at 0604 puts 0504 and 0505 in GZOC, inf02 at
    0406 puts 0405 in it: the retreat goes to 0403 or 0305, both in the assaulting pz1's zone."""
    s = make_state(small_map(), german=[("pz1", "0304"), ("inf01", "0604"), ("inf02", "0406")],
                   soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    g.push(Assault("0404", "0304", ("pz1",)))
    g.push("fight")
    g.push("roll 4")  # DR
    assert sorted(str(a) for a in g.legal_actions) == ["retreat 0305", "retreat 0403"]


def test_assault_retreat_priority_goes_round_from_the_opposite_hexside():
    """10.22 L995-1002: with 0505 in other GZOC, the hexes beside it (0504, 0405) come next."""
    s = make_state(small_map(), german=[("pz1", "0304"), ("inf01", "0605")], soviet=[("rd", (1, 2), "0404")])
    g = game_on(s)
    g.push(Assault("0404", "0304", ("pz1",)))
    g.push("fight")
    g.push("roll 4")  # DR
    assert sorted(str(a) for a in g.legal_actions) == ["retreat 0405", "retreat 0504"]
