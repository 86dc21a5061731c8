"""Hex sets as bit masks ("bitboards"), for fast movement and zone-of-control arithmetic.

Hexes are numbered column by column (the sorted order of axial coordinates, which for a
``CCRR`` grid is the sorted order of the ids). On such an offset grid every step in a given direction from a hex of a given column parity adds the same
number to the hex's index, so "all neighbours of a set" is a handful of shifts and masks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .hexgrid import HexGrid, SectionedGrid


class BitGrid:
    def __init__(self, grid: HexGrid | SectionedGrid) -> None:
        """Index every hex of ``grid``; works on any grid (non-rectangular hex sets, lettered
        sections: OT/MC maps), since the neighbour offsets are taken from the grid itself."""
        self.grid = grid
        self.order: tuple[str, ...] = tuple(sorted(grid.all_hexes, key=grid.axial))
        self.index = {h: i for i, h in enumerate(self.order)}
        self.bit = {h: 1 << i for i, h in enumerate(self.order)}
        self.all = (1 << len(self.order)) - 1
        groups: dict[int, int] = {}
        for h in self.order:
            for n in grid.neighbours(h):
                off = self.index[n] - self.index[h]
                groups[off] = groups.get(off, 0) | self.bit[h]
        # (offset, hexes that have an on-map neighbour at that offset)
        self._steps = tuple(sorted(groups.items()))
        # the same split by direction of the shift, offsets made positive (``dilate``'s inner loop)
        self._up = tuple((off, src) for off, src in self._steps if off > 0)
        self._down = tuple((-off, src) for off, src in self._steps if off < 0)

    def mask(self, hexes: Iterable[str]) -> int:
        bit = self.bit
        m = 0
        for h in hexes:
            m |= bit[h]
        return m

    def hexes(self, mask: int) -> list[str]:
        """The hexes of a mask, in index order."""
        order = self.order
        out = []
        while mask:
            low = mask & -mask
            out.append(order[low.bit_length() - 1])
            mask ^= low
        return out

    def nth(self, mask: int, i: int) -> str:
        """The ``i``-th hex (from 0, in index order) of a mask: ``hexes(mask)[i]`` without the list."""
        for _ in range(i):
            mask &= mask - 1
        if not mask:
            raise IndexError(f"a mask of {i} hexes or fewer has no hex {i}")
        return self.order[(mask & -mask).bit_length() - 1]

    def dilate(self, mask: int) -> int:
        """Every hex adjacent to a hex of ``mask`` (not including ``mask`` itself unless adjacent)."""
        out = 0
        for off, src in self._up:
            out |= (mask & src) << off
        for off, src in self._down:
            out |= (mask & src) >> off
        return out

    def link_masks(self, links: Mapping[str, Iterable[str]]) -> tuple[int, ...]:
        """An irregular neighbour relation (rail lines, roads) as one mask per hex index: the
        hexes linked to it (``reach_along``'s ``links``)."""
        return tuple(self.mask(links.get(h, ())) for h in self.order)

    def reach_along(self, start: str, allowance: int, links: tuple[int, ...], blocked: int = 0, stops: int = 0) -> int:
        """Hexes reachable from ``start`` (excluded) in at most ``allowance`` steps along
        ``links`` (``link_masks``), one movement point each: ``blocked`` hexes may not be
        entered, ``stops`` hexes may be entered but not left (``reach`` with unit costs)."""
        start_bit = self.bit[start]
        seen = front = start_bit
        open_ = self.all & ~blocked
        for _ in range(allowance):
            near = 0
            while front:
                low = front & -front
                near |= links[low.bit_length() - 1]
                front ^= low
            new = near & open_ & ~seen
            if not new:
                break
            seen |= new
            front = new & ~stops
        return seen & ~start_bit

    def reach(
        self,
        start: str,
        allowance: int,
        costs: Mapping[int, int],
        blocked: int = 0,
        stops: int = 0,
    ) -> int:
        """Hexes reachable from ``start`` (excluded) with ``allowance`` movement points.

        ``costs`` maps a cost to the mask of hexes costing that much to enter (every hex must
        be in exactly one); ``blocked`` hexes may not be entered; ``stops`` hexes may be
        entered but not left (enemy zones of control). Dijkstra by layers of equal cost.
        """
        start_bit = self.bit[start]
        seen = start_bit
        open_ = self.all & ~blocked
        up, down = self._up, self._down
        layers = tuple(costs.items())
        # spread[k]: the hexes next to those reached at cost k that movement may leave
        # (``dilate``, written out: this loop is the hot path of movement generation)
        spread = []
        leave = start_bit
        for k in range(1, allowance + 1):
            near = 0
            if leave:
                for off, src in up:
                    near |= (leave & src) << off
                for off, src in down:
                    near |= (leave & src) >> off
            spread.append(near)
            new = 0
            for c, where in layers:
                if c <= k:
                    new |= spread[k - c] & where
            new &= open_ & ~seen
            seen |= new
            leave = new & ~stops
        return seen & ~start_bit
