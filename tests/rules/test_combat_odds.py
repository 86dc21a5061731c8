"""Odds, terrain shifts, long odds and the Combat Results Table (000 9.0-9.2, 12.2; 001 combat;
charts.md CRT and TEC). Every worked example of the rulebooks is reproduced on real map hexes."""

from __future__ import annotations

import pytest
from conftest import build, data, declare, neighbours

from typhoon.games.bfm import combat

# 0504 is a fortification hex with river hexsides towards 0403, 0404, 0503 and 0604.
FIG1 = {"24A": ("0504", "r"), "LVI": "0403", "V": "0404"}  # 9 + 6 = 15 vs 4, all across rivers
FIG2 = dict(FIG1, XLII=("0603", "r"))  # + the 2-strength 42nd corps, not across a river


def label(g, target, attackers):
    return combat.battle_odds(g.state, target, attackers).label


def test_figure_map_features():
    """The hexes used for the 000 9.3 combat example have the features the figures show."""
    d = data()
    assert "0504" in d.fortified
    for h in ("0403", "0404"):
        assert frozenset((h, "0504")) in d.rivers
    assert frozenset(("0603", "0504")) not in d.rivers
    assert "0603" in neighbours("0504")


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_combat_example_figure_1(edition):
    """000 9.3 Combat Example, Figure 1: 15 to 4 is 3:1, one level for the river and one for the
    fortification: 1:1. (001 Terrain Effects: both conditions reduce two levels.)"""
    g = build(FIG1, edition=edition)
    o = combat.battle_odds(g.state, "0504", ["LVI", "V"])
    assert o.attack == 15 and o.defence == 4 and o.ratio == 3
    assert sorted(s.columns for s in o.shifts) == [-1, -1]
    assert o.label == "1:1"


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_combat_example_figure_2(edition):
    """000 9.3 Figure 2: adding the 2-strength 42nd corps: 17 to 4 is 4:1; fortification only
    (not all attackers across the river): 3:1."""
    g = build(FIG2, edition=edition)
    o = combat.battle_odds(g.state, "0504", ["LVI", "V", "XLII"])
    assert o.attack == 17 and o.ratio == 4 and len(o.shifts) == 1
    assert o.label == "3:1"


def test_figure_2_defender_surrounded_is_eliminated_on_retreat():
    """000 9.3 Figure 2: 'the Russian unit would be eliminated if forced to retreat since it is
    surrounded by Enemy units and their ZOCs'. Surround 0504 and force a DR (3:1, die 1)."""
    units = dict(FIG2, XII="0505", XX="0604", VIII="0503")
    g = build(units)
    declare(g, {"0504": ["LVI", "V", "XLII"]})
    g.push("roll 1")  # 3:1, die 1: DR
    assert "24A" not in g.state.hex_of and "24A" in g.state.pool


def test_mud_example_2009():
    """000 12.2: Figure 2 on a mud turn: the panzer (9) is halved, 12.5 in total: 3:1 before
    terrain; the fortification makes it 2:1."""
    g = build(FIG2, turn=3)
    o = combat.battle_odds(g.state, "0504", ["LVI", "V", "XLII"])
    assert o.attack == 12.5 and o.ratio == 3
    assert o.label == "2:1"


def test_mud_example_1986_halves_all():
    """1986 mud rule (charts.md, editions table): all attacking units halved: 17 -> 8.5, 2:1
    before terrain; the fortification makes it 1:1."""
    g = build(FIG2, turn=3, edition="1986")
    o = combat.battle_odds(g.state, "0504", ["LVI", "V", "XLII"])
    assert o.attack == 8.5 and o.ratio == 2
    assert o.label == "1:1"


def test_mud_does_not_halve_defence():
    """000 12.2: halved when attacking only, not when defending (a German panzer defending)."""
    g = build({"LVI": "0707", "3A": "0806", "5A": "0807"}, phase="soviet_combat", turn=3)
    o = combat.battle_odds(g.state, "0707", ["3A", "5A"])
    assert o.defence == 9 and o.attack == 16 and o.ratio == 1


def test_mud_halves_soviet_tank_when_attacking():
    """000 12.2: Panzer and Tank units halved when attacking; infantry unaffected."""
    g = build({"XXXIV": "0707", "TU": "0806", "5A": "0807"}, phase="soviet_combat", turn=4)
    o = combat.battle_odds(g.state, "0707", ["TU", "5A"])
    assert o.attack == 12 and o.ratio == 3


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_16_vs_4_is_4_to_1_and_15_vs_4_is_3_to_1(edition):
    """000 9.0 step 2 / 001 combat step 2: fractions dropped: 16 vs 4 is 4:1, 15 vs 4 only 3:1."""
    g = build({"24A": ("0707", "r"), "XXIV": "0706", "XXXIV": "0606", "LVI": "0607", "V": "0708"}, edition=edition)
    assert label(g, "0707", ["XXIV", "XXXIV"]) == "4:1"
    assert label(g, "0707", ["LVI", "V"]) == "3:1"


def test_moscow_example():
    """000 9.2 example: 16 vs 5 in Moscow, all attackers across river hexsides: 3:1 reduced twice
    (Moscow and river) to 1:1."""
    d = data()
    for h in ("1002", "1003"):
        assert frozenset((h, "1103")) in d.rivers
    g = build({"1S": ("1103", "r"), "XXIV": "1002", "XXXIV": "1003"})
    o = combat.battle_odds(g.state, "1103", ["XXIV", "XXXIV"])
    assert o.attack == 16 and o.defence == 5 and o.ratio == 3 and len(o.shifts) == 2
    assert o.label == "1:1"


def test_moscow_shift_in_1986():
    """001 Terrain Effects: a defender in Moscow reduces the odds one level; with the river, two."""
    g = build({"1S": ("1103", "r"), "XXIV": "1002", "XXXIV": "1003"}, edition="1986")
    assert label(g, "1103", ["XXIV", "XXXIV"]) == "1:1"


def test_tula_example():
    """000 9.2 Example #2: a Russian unit in Tula: two shifts (major city and fortification)."""
    assert "1107" in data().fortified and data().cities["1107"] == "Tula"
    g = build({"24A": ("1107", "r"), "XXIV": "1106", "XXXIV": "1006"})
    o = combat.battle_odds(g.state, "1107", ["XXIV", "XXXIV"])
    assert o.ratio == 4 and len(o.shifts) == 2 and o.label == "2:1"


def test_tula_is_not_a_major_city_in_1986():
    """001 names only Moscow; Tula keeps its fortification shift: 4:1 -> 3:1."""
    g = build({"24A": ("1107", "r"), "XXIV": "1106", "XXXIV": "1006"}, edition="1986")
    assert label(g, "1107", ["XXIV", "XXXIV"]) == "3:1"


def test_fortification_helps_soviet_defenders_only():
    """000 9.2 / TEC: only a Russian unit in a fortification hex reduces the odds."""
    g = build({"XXXIV": "0504", "24A": "0505", "3A": "0603"}, phase="soviet_combat", turn=2)
    assert frozenset(("0505", "0504")) not in data().rivers
    assert label(g, "0504", ["24A", "3A"]) == "4:1"  # 16 vs 4, no shift


def test_forest_shift():
    """000 9.2 / TEC: a defender in a forest: one level."""
    g = build({"24A": ("0806", "r"), "XXIV": "0707", "XXXIV": "0807"})
    assert "0806" in data().forest
    assert not any(frozenset((h, "0806")) in data().rivers for h in ("0707", "0807"))
    assert label(g, "0806", ["XXIV", "XXXIV"]) == "3:1"


def test_river_only_when_all_attackers_across():
    """000 9.2: reduce one level only if ALL attacking units are across a river."""
    g = build({"24A": ("0505", "r"), "XXIV": "0506", "XXXIV": "0404", "V": "0405"}, edition="2009")
    d = data()
    assert frozenset(("0506", "0505")) in d.rivers and frozenset(("0404", "0505")) in d.rivers
    assert frozenset(("0405", "0505")) not in d.rivers
    # 0505 is a fortification: -1 always; river -1 only for the all-river pair
    assert label(g, "0505", ["XXIV", "XXXIV"]) == "2:1"  # 16:4 = 4:1, -1 fort -1 river
    assert label(g, "0505", ["XXIV", "XXXIV", "V"]) == "4:1"  # 22:4 = 5:1, -1 fort


def test_cap_6_to_1_before_shifts():
    """000 9.1: above 6:1 reduce to 6:1 after step 2, i.e. before the terrain shifts: 30 vs 4 in a
    forest is 7:1 -> 6:1 -> 5:1 (not 6:1 as it would be if the shift came first)."""
    g = build({"24A": ("0806", "r"), "XXIV": "0707", "XLI": "0807", "V": "0706"})
    assert not any(frozenset((h, "0806")) in data().rivers for h in ("0707", "0807", "0706"))
    o = combat.battle_odds(g.state, "0806", ["XXIV", "XLI", "V"])
    assert o.attack == 30 and o.ratio == 7 and len(o.shifts) == 1
    assert o.label == "5:1"


def test_cap_6_to_1_clear():
    """000 9.1: 28 vs 4 (7:1) is resolved at 6:1."""
    g = build({"24A": ("0707", "r"), "XXIV": "0706", "XLI": "0606", "XXXIV": "0607"})
    assert label(g, "0707", ["XXIV", "XLI", "XXXIV"]) == "6:1"


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_below_1_to_1_no_effect_no_roll(edition):
    """000 9.1 / 001 Maximum and Minimum Odds: after terrain, below 1:1 the attack has no effect on
    either side: no die roll and nothing happens. 4 vs 4 in a forest."""
    g = build({"24A": ("0806", "r"), "XXXIV": "0707", "VI": "0101"}, edition=edition)
    assert combat.battle_odds(g.state, "0806", ["XXXIV"]).column is None
    before = (dict(g.state.hex_of), set(g.state.reduced))
    declare(g, {"0806": ["XXXIV"]})
    assert not any(e.chance for e in g.log)
    assert (dict(g.state.hex_of), set(g.state.reduced)) == before
    assert g.state.phase == "german_movement"  # the combat phase is over


def test_ratio_below_one_no_effect():
    """000 9.1: 2 vs 4 (0:1) has no effect."""
    g = build({"24A": ("0707", "r"), "XLII": ("0706", "r")})
    assert combat.battle_odds(g.state, "0707", ["XLII"]).column is None


# -- CRT, cell by cell --------------------------------------------------------------------------
CRT = {  # charts.md, rows = die 1..6, columns 1:1 .. 6:1
    1: ["DR", "DR", "DR", "DR", "DR", "DRL"],
    2: ["EX", "DR", "DR", "DR", "DRL", "DRL"],
    3: ["EX", "EX", "DR", "DR", "DRL", "DE"],
    4: ["NE", "EX", "EX", "DRL", "DRL", "DE"],
    5: ["NE", "NE", "EX", "DRL", "DE", "DE"],
    6: ["AL", "NE", "DRL", "DE", "DE", "DE"],
}
# Soviets attack the German XXXIV (4-4 full) in 0707 (clear, no river) from the east, with
# 4, 8, 12, 16, 20, 24 strength points: 1:1 ... 6:1. The defender can retreat west free of EZOC.
ATTACKERS = {
    1: {"3A": ("0806", "r")},
    2: {"3A": "0806"},
    3: {"3A": "0806", "5A": ("0807", "r")},
    4: {"3A": "0806", "5A": "0807"},
    5: {"3A": "0806", "5A": "0807", "10A": ("0706", "r")},
    6: {"3A": "0806", "5A": "0807", "10A": "0706"},
}


def classify(g, attackers_before: dict[str, bool]) -> str:
    """Name the combat result from its effects alone (defender XXXIV, full strength at 0707)."""
    s = g.state
    lost = any(u not in s.hex_of or (u in s.reduced) != red for u, red in attackers_before.items())
    if "XXXIV" not in s.hex_of:
        return "DE"
    moved = s.hex_of["XXXIV"] != "0707"
    reduced = "XXXIV" in s.reduced
    if not moved:
        return "AL" if lost and not reduced else ("NE" if not lost and not reduced else "?")
    if not reduced:
        return "DR"
    return "EX" if lost else "DRL"


def resolve_rest(g):
    """Finish the battle with the first legal choice at every step (retreat, loss, advance none)."""
    while g.state.phase == "soviet_combat" and not g.is_over():
        acts = [str(a) for a in g.legal_actions]
        choice = next((a for a in acts if a == "advance none"), acts[0])
        g.push(choice)


@pytest.mark.parametrize("column", range(1, 7))
@pytest.mark.parametrize("die", range(1, 7))
def test_crt_cell(column, die):
    """charts.md CRT (both editions) through the engine: each column/die gives the stated result."""
    units = {"XXXIV": "0707", "VI": "0101", **ATTACKERS[column]}
    g = build(units, phase="soviet_combat", turn=2)
    attackers = list(ATTACKERS[column])
    assert combat.battle_odds(g.state, "0707", attackers).label == f"{column}:1"
    before = {u: u in g.state.reduced for u in attackers}
    declare(g, {"0707": attackers})
    g.push(f"roll {die}")
    resolve_rest(g)
    assert classify(g, before) == CRT[die][column - 1]


def test_crt_data_matches_chart():
    """The engine's table equals the chart (charts.md)."""
    crt = data().crt
    for die, row in CRT.items():
        for col, res in enumerate(row):
            assert crt.result(col, die) == res
