"""Searches along irregular links (rail lines, 8.1) for several starts in one long mask
(``BitGrid.reach_along_many``, the links as shifts: ``link_steps``), checked against an
independent set-based search on the links themselves."""

from __future__ import annotations

import random

from typhoon.core.bitboard import BitGrid
from typhoon.core.hexgrid import HexGrid
from typhoon.core.paths import reachable_within


def _grids() -> list[HexGrid]:
    return [HexGrid(9, 7), HexGrid(8, 10, odd_columns_up=False), HexGrid(14, 10)]


def _random_lines(grid: HexGrid, rng: random.Random, share: float) -> dict[str, set[str]]:
    """Symmetric links between neighbouring hexes (about ``share`` of all neighbour pairs)."""
    links: dict[str, set[str]] = {h: set() for h in grid.all_hexes}
    for h in sorted(grid.all_hexes):
        for n in grid.neighbours(h):
            if h < n and rng.random() < share:
                links[h].add(n)
                links[n].add(h)
    return links


def _check(grid: HexGrid, links: dict[str, set[str]], rng: random.Random) -> None:
    bits = BitGrid(grid)
    masks = bits.link_masks(links)
    ones = {h: 1 for h in grid.all_hexes}
    for _ in range(10):
        blocked = {h for h in grid.all_hexes if rng.random() < 0.1}
        stops = {h for h in grid.all_hexes if rng.random() < 0.2}
        starts = [rng.choice(sorted(set(grid.all_hexes) - blocked)) for _ in range(rng.randrange(1, 9))]
        allowances = [rng.choice([0, 1, 2, 4, 6]) for _ in starts]
        got = bits.reach_along_many(starts, allowances, masks, bits.mask(blocked), bits.mask(stops))
        assert len(got) == len(starts)
        for start, ma, mask in zip(starts, allowances, got):
            expected = set(reachable_within(start, ma, {h: tuple(v) for h, v in links.items()}, ones, blocked, stops)) - {start}
            assert set(bits.hexes(mask)) == expected, (start, ma)


def test_links_between_neighbours_are_searched_in_lanes():
    for grid in _grids():
        rng = random.Random(23)
        links = _random_lines(grid, rng, 0.35)
        assert BitGrid(grid).link_steps(BitGrid(grid).link_masks(links)) is not None
        _check(grid, links, rng)


def test_links_between_distant_hexes_are_searched_one_start_at_a_time():
    """A link that joins two hexes that are not neighbours cannot be a shift: ``link_steps``
    says so and the answers are still those of the reference search."""
    grid = HexGrid(9, 7)
    rng = random.Random(29)
    links = _random_lines(grid, rng, 0.35)
    a, b = "0101", "0907"  # opposite corners
    links[a].add(b)
    links[b].add(a)
    bits = BitGrid(grid)
    assert bits.link_steps(bits.link_masks(links)) is None
    _check(grid, links, rng)
