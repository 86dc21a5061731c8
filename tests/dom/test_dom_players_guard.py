"""The greedy player's rear guard (issue 11): it leaves no sudden-death hex open to the enemy's
next movement when it can cover it.

4.4 L395-397: the Soviet wins the instant a town or city west of the initial front line comes
under his control; 3.7: control flips the instant a ground unit of the other side enters the
hex; 10.3: no unit enters an enemy-occupied hex; 7.2 L527-537: a Soviet unit stops in the first
German ZOC hex it enters and never moves GZOC to GZOC. Maps are synthetic (``small_map``: the
first three columns lie west of the initial front line); game turn 2 gives MF 6 mechanized /
4 non-mechanized (R-5).
"""

from __future__ import annotations

from dom_helpers import game_on, make_state, small_map

from typhoon.games.dom import movement
from typhoon.games.dom.players import GreedyPlayer, exposed


def play_until(g, stop) -> None:
    """Greedy against greedy (same seed) until ``stop(state)`` or the game is over."""
    players = {s: GreedyPlayer(seed=1) for s in ("german", "soviet")}
    for _ in range(500):
        if g.is_over() or stop(g.state):
            return
        if g.is_chance():
            g.roll()
            continue
        side = g.current_player
        g.push(players[side].choose(g.observed(side)), validate=True)
    raise AssertionError("the player turn did not end")


def german_turn_over(state) -> bool:
    return state.phase.startswith("soviet")


def test_german_occupies_the_rear_town_before_assaulting():
    """pz1 and pz2 (MF 6) could mobile assault the rifle division in 0404 at 9:1 (10.14-10.15,
    11.7) or reach the town 0208; the Soviet cavalry in 0608 (MF 6) has an open 4-hex road along row 8 into 0208,
    which would win at once (4.4). The guard comes first: after the German movement no Soviet
    unit can enter 0208, and the Soviet player turn ends with 0208 still German."""
    m = small_map(9, 9, german_columns=3, towns={"0208": "Rear"}, cities={"0909": "Orel"})
    s = make_state(m, german=[("pz1", "0304"), ("pz2", "0304")],
                   soviet=[("rd", (1, 1), "0404"), ("cd", (2, 1), "0608")])
    assert exposed(s, "german") == {"0208": "move"}
    g = game_on(s)
    play_until(g, german_turn_over)
    assert g.state.outcome is None
    assert exposed(g.state, "german") == {}
    assert not any("0208" in movement.unit_reach(g.state, u).cost for u in g.state.on_map("soviet"))
    play_until(g, lambda st: st.turn == 3)
    assert g.state.outcome is None or "Rear" not in g.state.outcome.reason
    assert g.state.control["0208"] == "german"


def test_german_screens_a_rear_town_it_cannot_reach():
    """The town 0102 lies 5 hexes from the Soviet cavalry in 0602 (MF 6) and 5 from the only
    German unit, an infantry division in 0206 (MF 4): it cannot be occupied. Standing in 0202
    it puts every way into 0102 within 6 MF in its ZOC, and 0102 too, so the cavalry stops
    short (7.2: stop on entering GZOC, never GZOC to GZOC). Walking towards the town (to 0103,
    adjacent to it) would not: a unit may always enter a ZOC hex."""
    m = small_map(9, 9, german_columns=3, towns={"0102": "Rear"}, cities={"0909": "Orel"})
    s = make_state(m, german=[("inf01", "0206")], soviet=[("cd", (2, 1), "0602")])
    assert exposed(s, "german") == {"0102": "move"}
    assert "0102" not in movement.unit_reach(s, "inf01").cost
    g = game_on(s)
    play_until(g, german_turn_over)
    assert g.state.hex_of("inf01") == "0202"
    assert exposed(g.state, "german") == {}
    play_until(g, lambda st: st.turn == 3)
    assert g.state.control["0102"] == "german"


def test_german_guard_does_not_advance_out_of_the_town():
    """11.31: attackers may advance into the emptied hex. inf01 and inf02 (4-8 each, R-4) hold
    the city 0205 west of the front and attack the 1-1 rifle brigade in 0305 at better than 5:1,
    an automatic DE (11.7). Were both to advance, the Soviet cavalry in 0608 (MF 6) could ride
    into the empty city by row 4 and win (4.4): one of them stays, and the city holds."""
    m = small_map(9, 9, german_columns=3, cities={"0205": "Rear"})
    s = make_state(m, german=[("inf01", "0205"), ("inf02", "0205")],
                   soviet=[("rb", (1, 1), "0305"), ("cd", (2, 1), "0608")])
    g = game_on(s)
    play_until(g, german_turn_over)
    assert g.state.last_battle["result"] == "DE"
    assert g.state.side_at("0205") == "german" and g.state.side_at("0305") == "german"
    assert exposed(g.state, "german") == {}
    play_until(g, lambda st: st.turn == 3)
    assert g.state.control["0205"] == "german"


def test_soviet_fills_an_empty_moscow_hex_a_german_could_enter():
    """4.1 L357-364: a German unit entering a Moscow hex wins at once. With Moscow 0805/0806
    empty and a panzer division in 0505, three hexes away with MF 4 on game turn 3 (R-5), the
    Soviet moves a unit into each before anything else."""
    m = small_map(9, 9, german_columns=3, cities={"0805": "Moscow", "0806": "Moscow"})
    s = make_state(m, phase="soviet_first", german=[("pz1", "0505")],
                   soviet=[("rd", (1, 1), "0904"), ("rd", (1, 2), "0907")])
    before = exposed(s, "soviet")
    assert set(before) == {"0805", "0806"}
    g = game_on(s)
    play_until(g, lambda st: st.phase != "soviet_first")
    assert g.state.side_at("0805") == "soviet" and g.state.side_at("0806") == "soviet"


def test_a_rear_town_under_threat_of_assault_gets_a_unit_of_two_steps():
    """4.4 with 11.31: a Soviet prepared assault that empties a German rear town lets the
    attackers advance in and win. A garrison of one step is emptied by DR (11.25: it retreats;
    11.28 allows no Defender Lose 1 that would eliminate the whole force) or DE (11.29); a unit
    of two steps is only reduced by DE and may take DR as Defender Lose 1 outside a city (11.28),
    so it holds. The town 0205 holds inf01 reduced to one step; two untried rifle divisions in
    0505 and 0605 (MF 4 on game turn 2, R-5) could move next to it and attack (5.2); the German
    counts them at their type's public mean (2.13; ``public_face``). inf02 (two steps, in 0203,
    two hexes away) joins the garrison; inf01 stays."""
    m = small_map(9, 9, german_columns=3, towns={"0205": "Rear"}, cities={"0909": "Orel"})
    s = make_state(m, german=[("inf01", "0205"), ("inf02", "0203")],
                   soviet=[("rd", (3, 3), "0505"), ("rd", (3, 3), "0605")])
    s.steps["inf01"] = 1
    mean = s.public_face(s.at("0505")[0]).attack
    assert GreedyPlayer.rear_threats(s, ["0205"]) == {"0205": (2 * mean, 2 * mean)}
    assert not GreedyPlayer.holds_a_battle(s, ["inf01"])
    g = game_on(s)
    play_until(g, german_turn_over)
    assert set(g.state.at("0205")) == {"inf01", "inf02"}
    assert GreedyPlayer.holds_a_battle(g.state, list(g.state.at("0205")))


def test_the_rear_threat_counts_what_could_attack_within_one_and_two_turns():
    """A Soviet unit may move its MF and attack the hex next to it (5.2, 11.2): the place lies
    within its MF plus one hex. Game turn 2: MF 4 for a non-mechanized unit (R-5). An untried
    rifle division (counted at its type's public mean, 2.13) five hexes from the town threatens
    it this turn; one nine hexes away (2 x 4 + 1) only within two turns; one ten hexes away not
    at all. Two units of two steps are wanted against 12 attack points or more within two
    turns, one below."""
    m = small_map(12, 5, german_columns=2, towns={"0103": "Rear"}, cities={"1203": "Orel"})
    s = make_state(m, soviet=[("rd", (3, 3), "0603"), ("rd", (3, 3), "1003"), ("rd", (3, 3), "1103")])
    mean = s.public_face(s.at("0603")[0]).attack
    assert GreedyPlayer.rear_threats(s, ["0103"]) == {"0103": (mean, 2 * mean)}
    assert GreedyPlayer.garrison_need(None) == 0
    assert GreedyPlayer.garrison_need((3, 7)) == 1
    assert GreedyPlayer.garrison_need((0, 12)) == 2


def test_soviet_garrisons_a_city_other_than_moscow():
    """4.3 L387-392: the German wins by holding all five non-Moscow cities at the end of GT9,
    and a city belongs to the side that entered it last (3.7): an empty Soviet city is taken by
    walking in. The Soviet city 0905 is empty; two rifle divisions stand one and two hexes from
    it, far from any German unit (no Moscow hex is exposed, P-1). The Soviet moves a unit into
    the city instead of marching both on Moscow."""
    m = small_map(12, 9, german_columns=2, cities={"1205": "Moscow", "1206": "Moscow", "0905": "Tula"})
    s = make_state(m, phase="soviet_first", german=[("inf01", "0102")],
                   soviet=[("rd", (1, 1), "1005"), ("rd", (1, 2), "1105")])
    assert exposed(s, "soviet") == {}
    g = game_on(s)
    play_until(g, lambda st: st.phase != "soviet_first")
    assert g.state.side_at("0905") == "soviet"


def test_a_unit_too_far_to_arrive_is_not_recalled_to_a_rear_town():
    """The rear town 0103 holds inf01 reduced to one step and an untried rifle division in 0403
    could attack it (MF 4 on game turn 2, R-5, plus one hex). The only unit of two steps, pz1
    (MF 6), stands in 1403, thirteen hexes away: more than two of its moves, so it could not
    arrive before the Soviet has attacked twice. It is not sent back west; it marches on the
    Soviet city Orel (1603) as before, and inf01 stays in the town."""
    m = small_map(16, 5, german_columns=3, towns={"0103": "Rear"}, cities={"1603": "Orel"})
    s = make_state(m, german=[("inf01", "0103"), ("pz1", "1403")], soviet=[("rd", (1, 1), "0403")])
    s.steps["inf01"] = 1
    assert GreedyPlayer.garrison_need(GreedyPlayer.rear_threats(s, ["0103"]).get("0103")) == 1
    grid = s.data.map.grid
    assert grid.distance("1403", "0103") == 13
    g = game_on(s)
    play_until(g, german_turn_over)
    assert g.state.hex_of("inf01") == "0103"
    assert grid.distance(g.state.hex_of("pz1"), "1603") < 2
