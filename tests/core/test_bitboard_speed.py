"""The bitboard helpers the fast movement generation relies on, checked against independent
set-based computations (they must give exactly the same hexes, in the same order)."""

from __future__ import annotations

import random

from typhoon.core.bitboard import BitGrid
from typhoon.core.hexgrid import HexGrid
from typhoon.core.paths import reachable_within


def test_nth_is_the_ith_hex_of_the_mask_in_index_order():
    bits = BitGrid(HexGrid(6, 5))
    rng = random.Random(3)
    for _ in range(50):
        hexes = rng.sample(bits.order, rng.randrange(1, 12))
        mask = bits.mask(hexes)
        ordered = sorted(hexes, key=bits.index.__getitem__)
        assert [bits.nth(mask, i) for i in range(len(hexes))] == ordered


def test_nth_past_the_last_hex_raises():
    bits = BitGrid(HexGrid(3, 3))
    try:
        bits.nth(bits.mask(["0101", "0202"]), 2)
    except IndexError as e:
        assert "no hex 2" in str(e)
    else:
        raise AssertionError("nth past the end must raise IndexError")


def test_reach_along_links_is_a_unit_cost_search_along_the_links():
    """``reach_along`` = ``reachable_within`` with 1 MP per hex over the same links: blocked
    hexes never entered, stop hexes entered but not left, the start excluded."""
    grid = HexGrid(8, 8)
    bits = BitGrid(grid)
    rng = random.Random(7)
    for _ in range(40):
        # a random sparse link relation (a "rail net"), symmetric
        links: dict[str, set[str]] = {h: set() for h in grid.all_hexes}
        for h in grid.all_hexes:
            for n in grid.neighbours(h):
                if rng.random() < 0.4:
                    links[h].add(n)
                    links[n].add(h)
        start = rng.choice(sorted(grid.all_hexes))
        blocked = {h for h in grid.all_hexes if h != start and rng.random() < 0.1}
        stops = {h for h in grid.all_hexes if rng.random() < 0.15}
        ma = rng.randrange(1, 7)
        expected = set(reachable_within(start, ma, {h: tuple(v) for h, v in links.items()},
                                        {h: 1 for h in grid.all_hexes}, blocked, stops)) - {start}
        got = bits.reach_along(start, ma, bits.link_masks(links), bits.mask(blocked), bits.mask(stops))
        assert set(bits.hexes(got)) == expected


def test_reach_matches_a_reference_search_with_forest_costs():
    """``reach`` (costs 1 and 2, blocked hexes, stop hexes) = a bucket-queue search on sets."""
    grid = HexGrid(9, 7)
    bits = BitGrid(grid)
    rng = random.Random(11)
    nbrs = {h: tuple(grid.neighbours(h)) for h in grid.all_hexes}
    for _ in range(40):
        forest = {h for h in grid.all_hexes if rng.random() < 0.3}
        start = rng.choice(sorted(grid.all_hexes))
        blocked = {h for h in grid.all_hexes if h != start and rng.random() < 0.1}
        stops = {h for h in grid.all_hexes if rng.random() < 0.2}
        ma = rng.randrange(1, 7)
        cost = {h: 2 if h in forest else 1 for h in grid.all_hexes}
        expected = set(reachable_within(start, ma, nbrs, cost, blocked, stops)) - {start}
        fm = bits.mask(forest)
        got = bits.reach(start, ma, {1: bits.all & ~fm, 2: fm}, bits.mask(blocked), bits.mask(stops))
        assert set(bits.hexes(got)) == expected


def test_legal_actions_view_builds_the_list_once_where_counting_is_not_cheap():
    """``legal_count`` may return None: the view then builds the list once and answers
    ``len`` and indexing from it (the same actions, in the same order)."""
    from typhoon.core.game import Game

    class Counting:
        """A tiny game whose list of legal actions counts how often it is built."""

        name = "counting"
        built = 0

        def initial_state(self, options):
            return [0]

        def copy_state(self, state):
            return list(state)

        def current_player(self, state):
            return "a"

        def is_chance(self, state):
            return False

        def chance_outcomes(self, state):
            return ()

        def legal_actions(self, state):
            Counting.built += 1
            return ["x", "y", "z"]

        def legal_count(self, state):
            return None

        def legal_nth(self, state, i):
            return self.legal_actions(state)[i]

        def is_legal(self, state, action):
            return action in ("x", "y", "z")

        def apply(self, state, action):
            state[0] += 1
            return []

        def parse_action(self, state, text):
            return text

        def outcome(self, state):
            return None

        def phase_key(self, state):
            return 0

    g = Game(Counting())
    acts = g.legal_actions
    assert len(acts) == 3 and acts[2] == "z" and acts[0] == "x"
    assert Counting.built == 1
    g.push("y")
    try:
        len(acts)
    except RuntimeError:
        pass
    else:
        raise AssertionError("a view taken before the game moved must refuse to answer")
