"""Combat results and their effects (000 9.3 NE, DR, Stand Fast, DRL, DE, EX, AL; 9.0 advance
after combat; 7.2 retreat and ZOC; 10.0 city control on advance; 001 combat steps 5-6)."""

from __future__ import annotations

import pytest
from conftest import build, declare, distance, neighbours

from typhoon.core.errors import IllegalActionError
from typhoon.games.bfm import combat

T = "0707"  # clear, no river hexsides


def rule_paths(units: dict, target: str, defender_side: str = "soviet") -> tuple[set, int]:
    """Retreat paths allowed by 000 9.3, computed from the rule text: two hexes, each further from
    the battle hex; never into or through enemy units; not ending on any unit; avoid EZOC if
    possible (category 0), else pass through it (1: one step lost), else end in it (2: eliminated).
    Returns (paths of the best category, category)."""
    from conftest import data

    d = data()
    side = {h: d.units[u].side for u, h in ((u, (s[0] if isinstance(s, tuple) else s)) for u, s in units.items())}
    enemy = {h for h, s in side.items() if s != defender_side}
    zoc = {n for h in enemy for n in neighbours(h)}
    cands = {}
    for via in neighbours(target):
        if via in enemy:
            continue
        for to in neighbours(via):
            if distance(to, target) == 2 and to not in side:
                cands[(via, to)] = 2 if to in zoc else (1 if via in zoc else 0)
    if not cands:
        return set(), -1
    best = min(cands.values())
    return {p for p, c in cands.items() if c == best}, best


def offered(g) -> set:
    return {tuple(str(a).split()[1:]) for a in g.legal_actions if str(a).startswith("retreat")}


# -- NE -----------------------------------------------------------------------------------------
def test_ne_nothing_happens():
    """000 9.3 NE: nothing happens (3:1, die... 1:1 die 4)."""
    units = {"24A": (T, "r"), "XXXIV": "0706"}
    g = build(units)
    declare(g, {T: ["XXXIV"]})
    g.push("roll 4")
    assert g.state.hex_of["24A"] == T and g.state.hex_of["XXXIV"] == "0706"
    assert "XXXIV" not in g.state.reduced and "24A" in g.state.reduced
    assert g.state.phase == "german_movement"


# -- DR -----------------------------------------------------------------------------------------
DR_BASE = {"24A": (T, "r"), "XXIV": "0706"}  # 12 vs 4: 3:1, die 1 = DR


def test_dr_two_hexes_each_further_attacker_chooses():
    """000 9.3 DR: the defender is moved two hexes by the attacking player, each hex further from
    the defending hex; the attacker chooses among the legal paths."""
    g = build(DR_BASE)
    declare(g, {T: ["XXIV"]})
    g.push("roll 1")
    assert g.current_player == "german"
    paths = offered(g)
    expected, cat = rule_paths(DR_BASE, T)
    assert cat == 0 and paths == expected and len(paths) > 1
    for via, to in paths:
        assert distance(via, T) == 1 and distance(to, T) == 2 and to in neighbours(via)
    via, to = sorted(paths)[-1]
    g.push(f"retreat {via} {to}")
    assert g.state.hex_of["24A"] == to
    assert "24A" in g.state.reduced  # no loss beyond its set-up side


def test_dr_avoids_ezoc_when_possible():
    """000 9.3 Avoid EZOCs: if possible the unit must avoid entering an EZOC at any time."""
    units = dict(DR_BASE, VI="0509")  # ZOC of 0509 covers 0508 and 0608: some paths now touch an EZOC
    g = build(units)
    declare(g, {T: ["XXIV"]})
    g.push("roll 1")
    expected, cat = rule_paths(units, T)
    assert cat == 0 and offered(g) == expected
    zoc = set(neighbours("0509")) | set(neighbours("0706"))
    assert all(v not in zoc and t not in zoc for v, t in offered(g))
    with pytest.raises(IllegalActionError):
        g.push("retreat 0607 0608")  # 0608 is in the ZOC of 0509


def test_dr_through_ezoc_loses_one_step():
    """000 9.3 Unavoidable EZOCs: if the unit must retreat through a hex in an EZOC, it loses one
    step (a full-strength defender is flipped, and ends its retreat two hexes away)."""
    units = {"24A": T, "XXIV": "0706", "XLI": "0807", "VI": "0507"}  # 24 vs 8: 3:1
    g = build(units)
    declare(g, {T: ["XXIV", "XLI"]})
    g.push("roll 1")
    expected, cat = rule_paths(units, T)
    assert cat == 1
    if g.state.hex_of.get("24A") == T:
        assert offered(g) == expected
        via, to = sorted(expected)[0]
        g.push(f"retreat {via} {to}")
    assert distance(g.state.hex_of["24A"], T) == 2
    assert "24A" in g.state.reduced


def test_dr_through_ezoc_half_strength_is_eliminated():
    """000 9.3: the step lost for passing through an EZOC eliminates a half-strength unit."""
    units = {"24A": (T, "r"), "XXIV": "0706", "XLI": "0807", "VI": "0507"}
    assert rule_paths(units, T)[1] == 1
    g = build(units)
    declare(g, {T: ["XXIV"]})  # 12 vs 4 = 3:1, die 1 = DR
    g.push("roll 1")
    if offered(g):
        g.push("retreat " + " ".join(sorted(offered(g))[0]))
    assert "24A" not in g.state.hex_of and "24A" in g.state.pool


def test_dr_must_end_in_ezoc_eliminated():
    """000 9.3 / 7.2: if it is forced to end its retreat in an EZOC, it is eliminated."""
    # every free hex two away from 0707 is in a German ZOC
    units = {"24A": T, "XXIV": "0706", "XLI": "0807", "VI": "0507", "XII": "0609", "XX": "0809", "V": "0906"}
    expected, cat = rule_paths(units, T)
    assert cat == 2
    g = build(units)
    declare(g, {T: ["XXIV", "XLI"]})  # 24 vs 8 = 3:1
    g.push("roll 1")
    if g.current_player == "german" and offered(g):
        g.push("retreat " + " ".join(sorted(offered(g))[0]))
    assert "24A" not in g.state.hex_of and "24A" in g.state.pool


def test_dr_no_path_eliminated():
    """000 9.3 Or Else: no retreat path satisfying the conditions: eliminated."""
    # 0101 (corner): the hexes two away are 0103, 0202, 0301, 0302: fill them with Soviet units
    units = {"24A": ("0101", "r"), "XXIV": "0201", "3A": "0103", "5A": "0202", "10A": "0301", "13A": "0302"}
    expected, cat = rule_paths(units, "0101")
    assert expected == set()
    g = build(units)
    declare(g, {"0101": ["XXIV"]})  # 12 vs 4 = 3:1
    g.push("roll 1")
    assert "24A" not in g.state.hex_of


def test_dr_never_into_or_through_enemy_units():
    """000 9.3 No Units: never into or through an enemy-occupied hex."""
    units = dict(DR_BASE, VI="0607")
    g = build(units)
    declare(g, {T: ["XXIV"]})
    g.push("roll 1")
    assert all(v != "0607" for v, _ in offered(g))
    assert offered(g) == rule_paths(units, T)[0]


def test_dr_not_ending_on_friendly_but_through_it_allowed():
    """000 9.3 No Units: not ending in a friendly-occupied hex; passing through one is allowed."""
    units = dict(DR_BASE, **{"3A": ("0708", "r"), "5A": ("0608", "r")})
    g = build(units)
    declare(g, {T: ["XXIV"]})
    g.push("roll 1")
    paths = offered(g)
    assert all(t != "0608" for _, t in paths)
    assert any(v == "0708" for v, _ in paths)  # through the friendly 3A
    assert paths == rule_paths(units, T)[0]
    g.push("retreat 0708 0709")
    assert g.state.hex_of["24A"] == "0709" and g.state.hex_of["3A"] == "0708"


# -- Stand Fast (2009 only) ----------------------------------------------------------------------
MOSCOW = {"1S": ("1103", "r"), "XXIV": "1102", "XLI": "1202"}  # 24 vs 5 = 4:1, -1 major city: 3:1


def test_stand_fast_offered_in_moscow_2009():
    """000 9.3 Stand Fast: defending in a Major City the Defender may convert a DR into a single
    step loss and no retreat. The defender decides."""
    g = build(MOSCOW)
    declare(g, {"1103": ["XXIV", "XLI"]})
    g.push("roll 1")
    assert g.current_player == "soviet"
    assert {str(a) for a in g.legal_actions} == {"standfast yes", "standfast no"}
    g.push("standfast yes")  # reduced 1S: the step loss eliminates it
    assert "1S" not in g.state.hex_of


def test_stand_fast_full_strength_stays_reduced():
    """000 9.3 Stand Fast: one step lost, no retreat; the defender keeps Moscow."""
    g = build(dict(MOSCOW, **{"1S": "1103"}, LVII="1203"))  # 36 vs 10 = 3:1 -1 = 2:1, die 1 DR
    declare(g, {"1103": ["XXIV", "XLI", "LVII"]})
    g.push("roll 1")
    g.push("standfast yes")
    assert g.state.hex_of["1S"] == "1103" and "1S" in g.state.reduced
    assert g.state.control["1103"] == "soviet"


def test_stand_fast_declined_retreats():
    """000 9.3: if the defender does not stand fast, the DR is applied as a retreat."""
    g = build(dict(MOSCOW, **{"1S": "1103"}, LVII="1203"))
    declare(g, {"1103": ["XXIV", "XLI", "LVII"]})
    g.push("roll 1")
    g.push("standfast no")
    while g.current_player == "german" and offered(g):
        g.push("retreat " + " ".join(sorted(offered(g))[0]))
    assert g.state.hex_of.get("1S") != "1103"


def test_stand_fast_in_tula_2009():
    """000 9.2/9.3: Tula is a Major City: Stand Fast applies there too."""
    g = build({"24A": "1107", "XXIV": "1106", "XLI": "1006", "LVII": "1206", "XL": "1108"})  # 44 vs 8 = 5:1 -2 = 3:1
    declare(g, {"1107": ["XXIV", "XLI", "LVII", "XL"]})
    g.push("roll 1")
    assert g.current_player == "soviet"
    assert "standfast yes" in {str(a) for a in g.legal_actions}


def test_no_stand_fast_in_minor_city():
    """000 9.3: Stand Fast only in a Major City hex (not Vyazma)."""
    g = build({"24A": ("0603", "r"), "XXIV": "0602"})  # 12 vs 4: 3:1
    declare(g, {"0603": ["XXIV"]})
    g.push("roll 1")
    assert "standfast yes" not in {str(a) for a in g.legal_actions}


def test_no_stand_fast_in_1986():
    """001: no Stand Fast rule; a DR in Moscow is a retreat."""
    g = build(MOSCOW, edition="1986")
    declare(g, {"1103": ["XXIV", "XLI"]})
    g.push("roll 1")
    assert "standfast yes" not in {str(a) for a in g.legal_actions}
    while g.current_player == "german" and offered(g):
        g.push("retreat " + " ".join(sorted(offered(g))[0]))
    assert g.state.hex_of.get("1S") != "1103"


@pytest.mark.parametrize("die", [4, 6])
def test_no_stand_fast_on_ex_or_drl(die):
    """000 9.3: Stand Fast converts a DR only (3:1: die 4 is EX, die 6 is DRL)."""
    g = build({"1S": "1103", "XXIV": "1102", "XLI": "1202", "LVII": "1203", "XLVI": "1104"})  # 46:10 = 4:1 -1 -> 3:1
    declare(g, {"1103": ["XXIV", "XLI", "LVII", "XLVI"]})
    g.push(f"roll {die}")
    assert g.current_player == "german"
    assert "standfast yes" not in {str(a) for a in g.legal_actions}
    assert "1S" in g.state.reduced  # the step loss of EX / DRL


# -- DRL, DE -------------------------------------------------------------------------------------
def test_drl_full_strength_flipped_then_retreats():
    """000 9.3 DRL: the defender first takes a step loss, then retreats as for DR."""
    g = build({"24A": T, "XXIV": "0706", "XLI": "0807"})  # 24 vs 8 = 3:1, die 6 = DRL
    declare(g, {T: ["XXIV", "XLI"]})
    g.push("roll 6")
    if g.current_player == "german" and offered(g):
        g.push("retreat " + " ".join(sorted(offered(g))[0]))
    assert "24A" in g.state.reduced and distance(g.state.hex_of["24A"], T) == 2


def test_drl_half_strength_eliminated():
    """000 9.3 DRL: a half-strength unit taking a loss is eliminated (no retreat)."""
    g = build({"24A": (T, "r"), "XXIV": "0706"})  # 3:1 die 6
    declare(g, {T: ["XXIV"]})
    g.push("roll 6")
    assert "24A" not in g.state.hex_of and "24A" in g.state.pool
    assert g.current_player == "german" and {str(a) for a in g.legal_actions} == {"advance XXIV", "advance none"}


@pytest.mark.parametrize("reduced", [False, True])
def test_de_eliminates_full_or_half(reduced):
    """000 9.3 DE: eliminated whether at full or half strength."""
    spec = (T, "r") if reduced else T
    att = {"XXIV": "0706", "XLI": "0807", "LVII": "0806", "XLVI": "0607"}  # 46 vs 8 (5:1) or vs 4 (6:1)
    g = build({"24A": spec, **att})
    declare(g, {T: list(att)})
    g.push("roll 6")
    assert "24A" not in g.state.hex_of and "24A" in g.state.pool


# -- EX ------------------------------------------------------------------------------------------
EX_BASE = {"24A": T, "LVI": "0706", "XXXIV": "0807"}  # 13 vs 8 = 1:1, die 2 = EX


def test_ex_panzer_example_loses_five():
    """000 9.3 EX: the defender loses a step (8 -> 4: 4 points); the attacker must lose at least
    as many. The 9-6 panzer flipped to 4 counts as 5 points, enough: nothing else is lost; then
    the defender retreats."""
    g = build(EX_BASE)
    declare(g, {T: ["LVI", "XXXIV"]})
    g.push("roll 2")
    assert "24A" in g.state.reduced and g.state.hex_of["24A"] == T
    assert g.current_player == "german" and {str(a) for a in g.legal_actions} == {"loss LVI", "loss XXXIV"}
    g.push("loss LVI")
    assert "LVI" in g.state.reduced and "XXXIV" not in g.state.reduced
    assert not any(str(a).startswith("loss") for a in g.legal_actions)
    while offered(g):
        g.push("retreat " + " ".join(sorted(offered(g))[0]))
    assert distance(g.state.hex_of["24A"], T) == 2


def test_ex_small_loss_is_not_enough():
    """000 9.3 EX: 'at least the same amount': flipping the 4-2 corps (2 points) is not enough
    against 4 points; another step must go."""
    g = build(EX_BASE)
    declare(g, {T: ["LVI", "XXXIV"]})
    g.push("roll 2")
    g.push("loss XXXIV")
    assert "XXXIV" in g.state.reduced
    assert {str(a) for a in g.legal_actions} == {"loss LVI", "loss XXXIV"}
    g.push("loss XXXIV")  # eliminated: 2 + 2 = 4 points
    assert "XXXIV" not in g.state.hex_of and "LVI" not in g.state.reduced
    assert not any(str(a).startswith("loss") for a in g.legal_actions)


def test_ex_half_strength_defender_eliminated_attacker_matches_its_strength():
    """000 9.3 EX: a half-strength defender is eliminated (4 points): the attacker loses >= 4."""
    g = build({"24A": (T, "r"), "XXII": "0706"})  # 8 vs 4 = 2:1; die 3 = EX
    declare(g, {T: ["XXII"]})
    g.push("roll 3")
    assert "24A" not in g.state.hex_of
    assert "XXII" in g.state.reduced and g.state.hex_of.get("XXII") == "0706"  # 8 -> 4: 4 points


def test_ex_no_matching_for_elimination_by_retreat():
    """000 9.3 EX note: if the defender is eliminated because it is unable to retreat, the attacker
    does not match that additional loss."""
    # the defender (full) survives the step, then cannot retreat: every hex two away is occupied
    units = dict(EX_BASE)
    ring = ["0506", "0507", "0508", "0605", "0608", "0705", "0709", "0805", "0808", "0906", "0907", "0908"]
    sov = ["3A", "5A", "10A", "13A", "16A", "19A", "20A", "29A", "30A", "32A", "33A", "40A"]
    units.update({u: (h, "r") for u, h in zip(sov, ring)})
    assert rule_paths(units, T)[0] == set()
    g = build(units)
    declare(g, {T: ["LVI", "XXXIV"]})
    g.push("roll 2")
    g.push("loss LVI")  # 5 points >= 4
    assert "24A" not in g.state.hex_of  # eliminated: no retreat path
    assert "XXXIV" not in g.state.reduced and g.state.hex_of["XXXIV"] == "0807"
    assert "LVI" in g.state.reduced and "LVI" in g.state.hex_of


def test_ex_mud_uses_printed_strengths():
    """000 12.2: on a mud turn an Exchange is based on printed strengths, not the halved ones:
    LVI attacks at 4.5 vs 4 (1:1); EX: the defender (4) is eliminated; flipping LVI loses 5 printed
    points (not 2.5), so LVI survives reduced."""
    g = build({"24A": (T, "r"), "LVI": "0706"}, turn=3)
    assert combat.battle_odds(g.state, T, ["LVI"]).label == "1:1"
    declare(g, {T: ["LVI"]})
    g.push("roll 2")
    assert "24A" not in g.state.hex_of
    assert "LVI" in g.state.hex_of and "LVI" in g.state.reduced


# -- AL ------------------------------------------------------------------------------------------
def test_al_attacker_choice_one_step_no_retreat():
    """000 9.3 AL: one attacking unit of the attacker's choice takes a step loss; it does not
    retreat; the defender is unaffected."""
    g = build({"24A": T, "XXII": "0706", "XXXIV": "0807"})  # 12 vs 8 = 1:1, die 6 = AL
    declare(g, {T: ["XXII", "XXXIV"]})
    g.push("roll 6")
    assert g.current_player == "german"
    assert {str(a) for a in g.legal_actions} == {"loss XXII", "loss XXXIV"}
    g.push("loss XXII")
    assert "XXII" in g.state.reduced and g.state.hex_of["XXII"] == "0706"
    assert "XXXIV" not in g.state.reduced and g.state.hex_of["XXXIV"] == "0807"
    assert g.state.hex_of["24A"] == T and "24A" not in g.state.reduced
    assert g.state.phase == "german_movement"


def test_al_half_strength_attacker_eliminated():
    """000 9.3 AL (as DRL): a half-strength unit taking the loss is eliminated."""
    g = build({"24A": (T, "r"), "XXII": ("0706", "r")})  # 4 vs 4 = 1:1
    declare(g, {T: ["XXII"]})
    g.push("roll 6")
    assert "XXII" not in g.state.hex_of and "XXII" in g.state.pool


# -- advance after combat -------------------------------------------------------------------------
def test_advance_one_attacker_into_vacated_hex_only():
    """000 9.0 Advance after combat / 001 step 6: one attacking unit may move into the vacated hex;
    units that did not attack may not."""
    g = build({"24A": (T, "r"), "XXIV": "0706", "XLI": "0807", "VI": "0606"})  # 24 vs 4 = 6:1
    declare(g, {T: ["XXIV", "XLI"]})
    g.push("roll 6")  # DE
    assert {str(a) for a in g.legal_actions} == {"advance XXIV", "advance XLI", "advance none"}
    g.push("advance XLI")
    assert g.state.hex_of["XLI"] == T and g.state.hex_of["XXIV"] == "0706"
    assert g.state.phase == "german_movement"  # only one unit advances


def test_advance_into_city_changes_control():
    """000 10.0: controlled means your units were the last to enter the city: advancing into Vyazma
    gives it to the Germans."""
    g = build({"24A": ("0603", "r"), "XXIV": "0602", "XLI": "0703"})
    assert g.state.control["0603"] == "soviet"
    declare(g, {"0603": ["XXIV", "XLI"]})
    g.push("roll 6")
    g.push("advance XXIV")
    assert g.state.control["0603"] == "german"


def test_no_advance_option_when_defender_stays():
    """000 9.0: advance only if the defending unit is no longer in its hex."""
    g = build({"24A": T, "XXII": "0706", "XXXIV": "0807"})
    declare(g, {T: ["XXII", "XXXIV"]})
    g.push("roll 6")
    g.push("loss XXXIV")
    assert not any(str(a).startswith("advance") for a in g.legal_actions)


def test_advance_after_retreat():
    """000 9.0: after a retreat the hex is vacated: one attacker may advance."""
    g = build(DR_BASE)
    declare(g, {T: ["XXIV"]})
    g.push("roll 1")
    g.push("retreat " + " ".join(sorted(offered(g))[0]))
    g.push("advance XXIV")
    assert g.state.hex_of["XXIV"] == T


def test_stand_fast_is_the_defenders_choice_whichever_side():
    """000 9.3 Stand Fast: 'the Defender' may convert a DR: a German unit defending Moscow too."""
    g = build({"XII": ("1103", "r"), "24A": "1102", "3A": "1202", "5A": "1203"}, phase="soviet_combat", turn=2,
              control={"Moscow": "german"})
    declare(g, {"1103": ["24A", "3A", "5A"]})  # 24 vs 2: 6:1 (capped) -1 major city = 5:1, die 1 DR
    g.push("roll 1")
    assert g.current_player == "german"
    assert {str(a) for a in g.legal_actions} == {"standfast yes", "standfast no"}


def test_major_cities_per_edition():
    """000 9.2: the major cities are Moscow and Tula (2009); 001 names Moscow only."""
    from conftest import data

    assert data("2009").major_cities == {"1103", "1107"}
    assert data("1986").major_cities == {"1103"}


def test_drl_then_retreat_through_ezoc_eliminates():
    """000 9.3 DRL: the step loss first, then the retreat as for DR; if that retreat must pass
    through an EZOC the (now half-strength) unit loses another step and is eliminated."""
    units = {"24A": T, "XXIV": "0706", "XLI": "0807", "VI": "0507"}  # 24 vs 8 = 3:1, die 6 DRL
    assert rule_paths(units, T)[1] == 1
    g = build(units)
    declare(g, {T: ["XXIV", "XLI"]})
    g.push("roll 6")
    if offered(g):
        g.push("retreat " + " ".join(sorted(offered(g))[0]))
    assert "24A" not in g.state.hex_of


def test_ex_then_retreat_through_ezoc_not_matched():
    """000 9.3 EX: the attacker matches the defender's combat step only; a further step lost while
    retreating through an EZOC is not matched (by the note on elimination by failing to retreat)."""
    units = {"24A": T, "LVI": "0706", "XXXIV": "0807", "VI": "0507"}  # 13 vs 8 = 1:1, die 2 EX
    assert rule_paths(units, T)[1] == 1
    g = build(units)
    declare(g, {T: ["LVI", "XXXIV"]})
    g.push("roll 2")
    g.push("loss LVI")
    if offered(g):
        g.push("retreat " + " ".join(sorted(offered(g))[0]))
    assert "24A" not in g.state.hex_of  # 8 -> 4 by the EX, eliminated by the EZOC step
    assert "XXXIV" not in g.state.reduced and "LVI" in g.state.reduced


def test_a_resolved_battle_keeps_the_odds_it_was_fought_at():
    """9.0 steps 1-3: the odds are computed when the battle is resolved; the battle list shows
    those odds afterwards (issue 15: not odds recalculated on the position after the result).
    16A in forest 0405, XL + XLVI (18) vs 4 = 4:1, -1 forest = 3:1 (000 9.0 / TEC)."""
    from typhoon.games.bfm import new_game, position, present

    g = new_game({"edition": "2009"}, seed=0)
    for a in ["attack XL 0405", "attack XLVI 0405", "commit", "roll 1"]:  # one battle: resolved at once
        g.push(a)  # die 1 at 3:1: DR, the defender retreats and the hex is empty
    battle = present.view(g.rules, g.state, None)["battles"][0]
    assert battle["target"] == "0405" and battle["odds"] is None  # nothing left to recalculate
    assert battle["fought"] == {"final": "3:1"}
    assert position.from_json(position.to_json(g.state)).battles["0405"].fought == "3:1"
