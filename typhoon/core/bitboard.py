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

    def dilate(self, mask: int) -> int:
        """Every hex adjacent to a hex of ``mask`` (not including ``mask`` itself unless adjacent)."""
        out = 0
        for off, src in self._steps:
            m = mask & src
            if m:
                out |= m << off if off > 0 else m >> -off
        return out

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
        expand = [start_bit]  # hexes reached at cost k that movement may continue from
        open_ = self.all & ~blocked
        for k in range(1, allowance + 1):
            new = 0
            for c, where in costs.items():
                if c <= k:
                    new |= self.dilate(expand[k - c]) & where
            new &= open_ & ~seen
            seen |= new
            expand.append(new & ~stops)
        return seen & ~start_bit
