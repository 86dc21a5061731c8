"""The greedy German's phase order (5.2) and its last-turn assault on the cities 4.3 still wants.

5.2 L450-453: whenever the German chooses fight/move, all his prepared assaults that turn gain a
one-column rightward shift (1R). 4.3 L387-392: the German wins holding Kalinin, Kursk, Orel,
Smolensk and Tula at the end of Game Turn 9 (the last turn); nothing before then counts. Maps
are synthetic (``small_map``); the reconstruction's turn record gives GT9 as the last turn.
"""

from __future__ import annotations

import pytest
from dom_helpers import game_on, make_state, small_map

from typhoon.core.game import Game
from typhoon.games import registry
from typhoon.games.dom.actions import Attack, End, Order
from typhoon.games.dom.players import GreedyPlayer

CITIES = {"1205": "Moscow", "1206": "Moscow", "0805": "Tula", "0102": "Smolensk"}


def last_city_position(turn: int, order: str | None):
    """Smolensk (0102, west of the front) is German; Tula (0805) holds two untried rifle
    divisions; two German infantry divisions stand next to it. The other cities of 4.3 are left
    off the map: Tula is the one city the German still needs."""
    m = small_map(12, 9, german_columns=3, cities=CITIES)
    return make_state(m, turn=turn, phase="german_first", order=order,
                      german=[("inf01", "0705"), ("inf02", "0704")],
                      soviet=[("rd", (3, 3), "0805"), ("rd", (3, 3), "0805")])


def test_the_german_fights_first_for_the_column_shift():
    """The reconstruction's campaign: at the start of his first player turn the German declares
    fight/move (5.2; on GT1 5.3 gives 1R whatever the order, and fighting first lets the
    Guderian Effect's movement follow the breakthrough)."""
    pkg = registry.get("dom")
    g = Game(pkg.rules, pkg.normalise_options({}), 1)
    german = GreedyPlayer(seed=1)
    while not any(isinstance(a, Order) for a in g.legal_actions):
        if g.is_chance():
            g.roll()
        else:
            g.push(german.choose(g.observed(g.current_player)))
    assert (g.current_player, g.state.turn) == ("german", 1)
    assert {a.order for a in g.legal_actions} == {"move-fight", "fight-move"}
    assert german.choose(g.observed("german")) == Order("fight-move")


def test_the_last_turn_moves_first_to_mass_on_the_city_still_wanted():
    """GT9 with Tula still Soviet: the German moves first (5.2), so that every unit that can
    reach Tula stands next to it before the prepared assaults; on GT8 it still fights first."""
    assert GreedyPlayer.decisive(last_city_position(9, None)) == {"0805"}
    for turn, order in ((9, "move-fight"), (8, "fight-move")):
        g = game_on(last_city_position(turn, None))
        assert {type(a) for a in g.legal_actions} == {Order}
        assert GreedyPlayer(seed=1).choose(g.observed("german")) == Order(order)


def test_the_last_turn_attacks_the_city_still_wanted_at_any_odds():
    """4 attack against Tula's defence at 1:3 (below the odds the German otherwise accepts: a
    two-in-three chance of AL1, 11.21): on GT8 it does not attack; on GT9 nothing else can win
    the game by 4.3, and it attacks."""
    chosen = {}
    for turn in (8, 9):
        g = game_on(last_city_position(turn, "fight-move"))
        assert set(g.legal_actions) == {Attack("0805"), End()}
        chosen[turn] = GreedyPlayer(seed=1).choose(g.observed("german"))
    assert chosen == {8: End(), 9: Attack("0805")}


def test_decisive_cities_are_the_last_two_at_most():
    """Three or more cities still wanted: no single last-turn assault can win; none is marked."""
    m = small_map(12, 9, german_columns=3, cities={**CITIES, "1001": "Kalinin", "1009": "Orel"})
    s = make_state(m, turn=9, german=[("inf01", "0705")])
    assert GreedyPlayer.decisive(s) == set()
    s.control["1009"] = "german"
    assert GreedyPlayer.decisive(s) == {"0805", "1001"}


def test_an_unknown_phase_order_is_refused():
    with pytest.raises(ValueError, match="order"):
        GreedyPlayer(seed=1, order="fight-fight")
