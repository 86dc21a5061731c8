"""Replacements and reinforcements (000 10.0-10.4, 11.0, 6.0 footnote; 001 Replacements ZOC effect).

Communication is recomputed here from the rule text (a path of any length to the side's own
edge that, excluding the origin, never enters an enemy-occupied hex or an EZOC; friendly
units do not negate EZOC) and compared with what the engine allows."""

from __future__ import annotations

from collections import deque

import pytest
from conftest import build, data, neighbours, texts

from typhoon.core.errors import IllegalActionError
from typhoon.games.bfm import new_game

WALL = {"XII": "1302", "VI": "1305", "XX": "1308", "V": "1310"}  # German units along column 13


def in_comm(units: dict, origin: str, side: str, edition: str = "2009") -> bool:
    d = data(edition)
    where = {(s[0] if isinstance(s, tuple) else s): d.units[u].side for u, s in units.items()}
    enemy = {h for h, s in where.items() if s != side}
    zoc = {n for h in enemy for n in neighbours(h)}
    edge = d.edges[side]
    seen, q = {origin}, deque([origin])
    while q:
        h = q.popleft()
        if h in edge:
            return True
        for n in neighbours(h):
            if n not in seen and n not in enemy and n not in zoc:
                seen.add(n)
                q.append(n)
    return False


def soviet_phase(units, **kw):
    kw.setdefault("replacements_left", 5)
    return build(units, phase="soviet_replacement", turn=kw.pop("turn", 2), **kw)


def test_wall_blocks_communication():
    """000 10.0 In Communication: EZOC and enemy units block the trace."""
    units = {"24A": ("1208", "r"), **WALL}
    assert not in_comm(units, "1208", "soviet")
    g = soviet_phase(units)
    assert "restore 24A" not in texts(g)
    with pytest.raises(IllegalActionError):
        g.push("restore 24A")


def test_gap_in_wall_gives_communication():
    """000 10.0: with a gap in the ZOC wall the unit is in communication and may be restored."""
    units = {"24A": ("1208", "r"), "XII": "1302", "XX": "1308", "V": "1310"}
    assert in_comm(units, "1208", "soviet")
    g = soviet_phase(units)
    g.push("restore 24A")
    assert "24A" not in g.state.reduced


def test_friendly_units_do_not_negate_ezoc():
    """000 10.0: friendly units do not negate the effects of enemy ZOC for any reason."""
    units = {"24A": ("1208", "r"), **WALL, "3A": ("1304", "r"), "5A": ("1306", "r"), "10A": ("1309", "r")}
    assert not in_comm(units, "1208", "soviet")
    g = soviet_phase(units)
    assert "restore 24A" not in texts(g)


def test_origin_hex_in_ezoc_does_not_matter():
    """000 10.0: excluding the origin hex: a unit in an EZOC may still trace out of it."""
    units = {"24A": ("1306", "r"), "VI": "1205"}
    assert "1306" in neighbours("1205") and in_comm(units, "1306", "soviet")
    g = soviet_phase(units)
    assert "restore 24A" in texts(g)


def test_new_units_half_strength_on_open_edge_hexes_and_cities():
    """000 10.0 item 1 / 10.2: a new unit enters at half strength on an empty red-edge hex not in an
    EZOC, or in an empty friendly city in communication (one unit per city)."""
    units = {"24A": ("1405", "r"), "VI": "1307", "XII": "0805"}  # Ryazan occupied; Kaluga German-occupied
    g = soviet_phase(units, pool=["43A"], control={"Kaluga": "german", "Orel": "german"})
    d = data()
    zoc = set(neighbours("1307")) | set(neighbours("0805"))
    occupied = set(v if isinstance(v, str) else v[0] for v in units.values())
    edge = {h for h in d.edges["soviet"] if h not in zoc and h not in occupied}
    cities = {
        h
        for h in d.cities
        if h not in occupied and g.state.control[h] == "soviet" and (h == d.moscow or in_comm(units, h, "soviet"))
    }
    got = {a.split()[2] for a in texts(g) if a.startswith("place 43A")}
    assert got == edge | cities
    assert "1405" not in got and "0809" not in got and "0805" not in got
    assert "1406" not in got and "1407" not in got and "1408" in got  # 1406, 1407: ZOC of 1307
    g.push("place 43A 1408")
    assert g.state.hex_of["43A"] == "1408" and "43A" in g.state.reduced


def test_city_out_of_communication_not_allowed_but_moscow_is():
    """000 10.2 Moscow exception: Soviets may bring in or restore a unit in Moscow even if it is not
    in communication; another friendly city out of communication may not be used."""
    # Tula (1107) and Moscow (1103) both cut off by German units and their ZOC
    ring = {"XII": "1002", "VI": "1202", "XX": "1204", "V": "1004", "VII": "1206", "VIII": "1108", "IX": "1006"}
    assert not in_comm(ring, "1103", "soviet") and not in_comm(ring, "1107", "soviet")
    g = soviet_phase(ring, pool=["43A"])
    got = {a.split()[2] for a in texts(g) if a.startswith("place 43A")}
    assert "1103" in got and "1107" not in got
    g2 = soviet_phase({**ring, "24A": ("1103", "r"), "3A": ("1107", "r")})
    assert "restore 24A" in texts(g2) and "restore 3A" not in texts(g2)


def test_moscow_exception_is_soviet_only():
    """000 10.3: for the Germans Moscow has no special properties."""
    units = {"XII": ("1103", "r"), "24A": "1002", "3A": "1003", "5A": "1202", "10A": "1203", "13A": "1104", "16A": "1102"}
    assert not in_comm(units, "1103", "german")
    g = build(units, phase="german_replacement", turn=2, replacements_left=1, control={"Moscow": "german"}, pool=["VI"])
    assert "restore XII" not in texts(g)


def test_german_replacements_west_edge():
    """000 10.3: German replacements appear on the west (black) edge, not in an EZOC."""
    g = build({"3A": "0103", "VI": ("0505", "r")}, phase="german_replacement", turn=2, replacements_left=1, pool=["XII"])
    got = {a.split()[2] for a in texts(g) if a.startswith("place XII")}
    zoc = set(neighbours("0103"))
    west = {h for h in data().edges["german"] if h not in zoc and h != "0103"}
    assert west <= got
    assert not got & zoc and all(h in west or h in data().cities for h in got)
    assert "restore VI" in texts(g)


def test_one_step_per_unit_per_turn():
    """000 10.1: two replacements cannot make a new full-strength unit in one Player Turn."""
    g = soviet_phase({"VI": "0101"}, pool=["43A"])
    g.push("place 43A 1406")
    assert "restore 43A" not in texts(g)
    with pytest.raises(IllegalActionError):
        g.push("restore 43A")
    g2 = soviet_phase({"VI": "0101", "24A": ("1406", "r")})
    g2.push("restore 24A")
    assert "restore 24A" not in texts(g2)


def test_full_strength_unit_cannot_be_restored():
    """000 10.0 item 2: only a half-strength unit is flipped."""
    g = soviet_phase({"VI": "0101", "24A": "1406"})
    assert "restore 24A" not in texts(g)


def test_replacement_steps_are_limited():
    """000 10.0: the number of steps received is the number of replacements."""
    g = soviet_phase({"VI": "0101"}, pool=["43A", "49A"], replacements_left=1)
    g.push("place 43A 1406")
    assert not any(a.startswith(("place", "restore")) for a in texts(g))


def advance_to(g, phase: str, turn: int):
    """Push 'end' (or the first legal action of a forced choice) until the phase is reached."""
    for _ in range(200):
        if g.state.phase == phase and g.state.turn == turn:
            return g
        acts = [str(a) for a in g.legal_actions]
        g.push("end" if "end" in acts else acts[0])
    raise AssertionError(f"did not reach {phase} of turn {turn}")


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_replacement_counts_per_turn(edition):
    """000 10.0 / Turn Record Track (charts.md): Soviet 5 per turn, German 1 per turn, the Germans
    none on turn 1 (6.0 footnote); 10.4 unused steps are lost (not carried over)."""
    g = new_game({"edition": edition}, seed=3)
    assert data(edition).replacements("german", 1, g.state.options) == 0
    advance_to(g, "soviet_replacement", 1)
    assert g.state.replacements_left == 5
    g.push("end")  # all 5 unused: lost (10.4)
    # give the Germans something to replace: it is only asked when there is a choice
    advance_to(g, "soviet_movement", 1)
    g.state.reduced.add("VI")
    advance_to(g, "german_replacement", 2)
    assert g.state.replacements_left == 1
    advance_to(g, "soviet_replacement", 2)
    assert g.state.replacements_left == 5  # not 10


@pytest.mark.parametrize("n", [3, 4])
def test_soviet_replacement_variant(n):
    """001 / charts.md balance variants: Soviet replacements reduced to 4 or 3 per turn."""
    g = new_game({"soviet_replacements": n}, seed=1)
    advance_to(g, "soviet_replacement", 1)
    assert g.state.replacements_left == n


def test_german_even_turns_variant():
    """charts.md balance variant: German replacements only on turns 2, 4 and 6."""
    d = data()
    opts = new_game({"german_replacement_turns": "even"}).state.options
    assert [d.replacements("german", t, opts) for t in range(1, 8)] == [0, 1, 0, 1, 0, 1, 0]


# -- 11.0 reinforcements -------------------------------------------------------------------
def test_first_shock_arrives_turn_4_full_strength_on_open_red_edge():
    """000 11.0 / 6.0: the 1st Shock Army arrives on turn 4, full strength, on a red-edge hex not
    occupied and not in an EZOC."""
    units = {"VI": "1307", "24A": ("1406", "r")}
    g = build(units, phase="soviet_replacement", turn=4, replacements_left=5, reinforcements={"4": ["1S"]})
    got = {a.split()[2] for a in texts(g) if a.startswith("reinforce 1S")}
    zoc = set(neighbours("1307"))
    assert got == {h for h in data().edges["soviet"] if h not in zoc and h != "1406"}
    g.push("reinforce 1S 1401")
    assert g.state.hex_of["1S"] == "1401" and "1S" not in g.state.reduced


def test_first_shock_not_before_turn_4():
    """000 6.0 / 11.0: the reinforcement is due on turn 4 of the Game Turn Track."""
    g = new_game({}, seed=2)
    assert g.state.reinforcements == {4: ["1S"]}
    advance_to(g, "soviet_replacement", 3)
    assert not any(a.startswith("reinforce") for a in texts(g))
    advance_to(g, "soviet_replacement", 4)
    assert any(a.startswith("reinforce 1S") for a in texts(g))


def test_initial_pool_and_setup_strengths():
    """000 6.0: Soviet units set up reduced on the star hexes; German units full on the crosses;
    the Soviets not set up are available as replacements; 1st Shock is a reinforcement."""
    g = new_game({}, seed=0)
    d = data()
    s = g.state
    sov_on = [u for u in s.hex_of if d.units[u].side == "soviet"]
    ger_on = [u for u in s.hex_of if d.units[u].side == "german"]
    assert sorted(s.hex_of[u] for u in sov_on) == sorted(d.setup_hexes["soviet"])
    assert sorted(s.hex_of[u] for u in ger_on) == sorted(d.setup_hexes["german"])
    assert all(u in s.reduced for u in sov_on) and not any(u in s.reduced for u in ger_on)
    assert "1S" not in s.pool and "1S" not in s.hex_of
    assert {u for u in d.units if d.units[u].side == "soviet"} == set(sov_on) | s.pool | {"1S"}


# -- 10.2 the red border: two readings of a map Typhoon does not have (option red_border) -----
COLUMN_14 = {f"14{r:02d}" for r in range(1, 11)}


@pytest.mark.parametrize("reading, extra", [("corners", {"1201", "1301", "1210", "1310"}), ("east", set())])
def test_first_shock_goes_on_the_red_border_as_the_option_reads_it(reading, extra):
    """000 11.0: the 1st Shock Army is placed on a red-bordered (10.2) hex not occupied and not in
    an EZOC. 'corners' reads the NE/E/SE border as column 14 plus 1201, 1301, 1210, 1310
    (docs/decisions.md #10); 'east' as column 14 alone."""
    units = {"VI": "1307", "24A": ("1406", "r")}  # 1307's ZOC covers 1306, 1308, 1406, 1407 of column 14
    g = build(units, phase="soviet_replacement", turn=4, replacements_left=5, reinforcements={"4": ["1S"]}, red_border=reading)
    got = {a.split()[2] for a in texts(g) if a.startswith("reinforce 1S")}
    assert got == (COLUMN_14 | extra) - set(neighbours("1307")) - {"1406"}
    if reading == "east":
        with pytest.raises(IllegalActionError):
            g.push("reinforce 1S 1201")
    else:
        g.push("reinforce 1S 1201")
        assert g.state.hex_of["1S"] == "1201"


def test_red_border_reading_decides_communication():
    """000 10.0 In Communication: a path to the red border; excluding the origin, no enemy unit
    or EZOC. A reduced army in the corner hex 1201, every neighbour of it an enemy unit or in an
    EZOC: in communication when 1201 itself is red-bordered (corners), not when only column 14
    is (east)."""
    units = {"24A": ("1201", "r"), "XII": "1302", "VI": "1103", "XX": "1001"}
    zoc = {n for h in ("1302", "1103", "1001") for n in neighbours(h)} | {"1302", "1103", "1001"}
    assert set(neighbours("1201")) <= zoc  # boxed in
    for reading, expected in (("corners", True), ("east", False)):
        g = soviet_phase(units, red_border=reading)
        assert ("restore 24A" in texts(g)) is expected, reading


def test_red_border_option_is_2009_only_and_checked():
    """The 1986 charts' Soviet edge is column 14 whatever the option says; a bad reading is named."""
    assert data("1986").edges["soviet"] == COLUMN_14
    g = new_game({"edition": "1986", "red_border": "corners"})
    assert g.state.data.edges["soviet"] == COLUMN_14
    with pytest.raises(Exception, match="red_border must be one of"):
        new_game({"red_border": "north"})
