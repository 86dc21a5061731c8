"""The bitboard shortcuts of the movement generation (several searches in one long mask, the
short form of ``dilate``, the flood fill, the n-th set bit), checked against independent
set-based computations on the grid's own neighbours."""

from __future__ import annotations

import random

from typhoon.core.bitboard import BitGrid, nth_bit
from typhoon.core.hexgrid import HexGrid
from typhoon.core.paths import reachable_within


def _grids() -> list[HexGrid]:
    return [HexGrid(9, 7), HexGrid(8, 10, odd_columns_up=False), HexGrid(14, 10)]


def test_dilate_is_the_union_of_the_neighbours():
    for grid in _grids():
        bits = BitGrid(grid)
        rng = random.Random(5)
        for _ in range(60):
            hexes = rng.sample(bits.order, rng.randrange(0, 15))
            expected = {n for h in hexes for n in grid.neighbours(h)}
            assert set(bits.hexes(bits.dilate(bits.mask(hexes)))) == expected


def test_the_short_form_of_dilate_is_used_on_rectangular_grids():
    """Grids of equal offset columns take the 14-operation form (it gave the same answer for
    every hex when the grid was indexed); the answer is checked above either way."""
    assert all(BitGrid(grid)._columns is not None for grid in _grids())


def test_reach_many_is_a_reference_search_from_each_start():
    """Each lane of ``reach_many`` = a bucket-queue search on sets from its start with its own
    allowance (forest 2, blocked hexes never entered, stop hexes entered but not left)."""
    for grid in _grids():
        bits = BitGrid(grid)
        rng = random.Random(13)
        nbrs = {h: tuple(grid.neighbours(h)) for h in grid.all_hexes}
        for _ in range(12):
            forest = {h for h in grid.all_hexes if rng.random() < 0.3}
            blocked = {h for h in grid.all_hexes if rng.random() < 0.1}
            stops = {h for h in grid.all_hexes if rng.random() < 0.2}
            cost = {h: 2 if h in forest else 1 for h in grid.all_hexes}
            starts = [rng.choice(sorted(set(grid.all_hexes) - blocked)) for _ in range(rng.randrange(1, 9))]
            allowances = [rng.choice([1, 2, 4, 6]) for _ in starts]
            fm = bits.mask(forest)
            got = bits.reach_many(starts, allowances, {1: bits.all & ~fm, 2: fm}, bits.mask(blocked), bits.mask(stops))
            for start, ma, mask in zip(starts, allowances, got):
                expected = set(reachable_within(start, ma, nbrs, cost, blocked, stops)) - {start}
                assert set(bits.hexes(mask)) == expected


def test_spread_is_the_connected_part_of_the_open_hexes():
    grid = HexGrid(9, 7)
    bits = BitGrid(grid)
    rng = random.Random(17)
    for _ in range(30):
        open_ = {h for h in grid.all_hexes if rng.random() < 0.6}
        seeds = set(rng.sample(sorted(grid.all_hexes), 3))
        linked, todo = set(), [h for h in seeds if h in open_]
        while todo:
            h = todo.pop()
            if h not in linked:
                linked.add(h)
                todo.extend(n for n in grid.neighbours(h) if n in open_)
        assert set(bits.hexes(bits.spread(bits.mask(seeds), bits.mask(open_)))) == linked


def test_nth_bit_counts_set_bits_from_the_lowest_across_words():
    mask = (1 << 3) | (1 << 40) | (1 << 99) | (1 << 100)
    assert [nth_bit(mask, i) for i in range(4)] == [3, 40, 99, 100]
    assert nth_bit(mask, 4) == -1
    assert nth_bit(0, 0) == -1
    assert nth_bit(0b10110, 1) == 2
