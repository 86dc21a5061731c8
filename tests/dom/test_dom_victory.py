"""4.0 sudden death at the instant and the end of game turn 9."""

from dom_helpers import small_map
from typhoon.games.dom import victory


def board():
    cities = {"0505": "Moscow", "0506": "Moscow", "0303": "Kalinin", "0304": "Kursk", "0305": "Orel", "0101": "Smolensk", "0306": "Tula"}
    return small_map(cities=cities, towns={"0202": "Westtown", "0404": "Easttown"})


def test_4_1_either_moscow_hex():
    m = board()
    assert not victory.moscow_entered(m, {"0505": "soviet", "0506": "soviet"})
    assert victory.moscow_entered(m, {"0505": "soviet", "0506": "german"})


def test_4_2_both_moscow_hexes_must_be_cut():
    m = board()
    assert not victory.moscow_isolated({"0505"}, m)
    assert victory.moscow_isolated(set(), m)


def test_4_4_soviet_takes_a_town_west_of_the_front():
    m = board()
    assert victory.soviet_breakthrough(m, {"0404": "soviet"}) is None
    assert victory.soviet_breakthrough(m, {"0202": "soviet"}) == "Westtown"
    assert victory.soviet_breakthrough(m, {"0101": "soviet"}) == "Smolensk"


def test_4_3_all_five_cities():
    m = board()
    control = {h: "german" for h in ("0303", "0304", "0305", "0101", "0306")}
    assert victory.german_end_victory(m, control)
    control["0306"] = "soviet"
    assert not victory.german_end_victory(m, control)
