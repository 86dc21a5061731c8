"""Hex sets as bit masks ("bitboards"), for fast movement and zone-of-control arithmetic.

Hexes are numbered column by column (the sorted order of axial coordinates, which for a
``CCRR`` grid is the sorted order of the ids). On such an offset grid every step in a given direction from a hex of a given column parity adds the same
number to the hex's index, so "all neighbours of a set" is a handful of shifts and masks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property

from .hexgrid import HexGrid, SectionedGrid


_POP8 = bytes(b.bit_count() for b in range(256))  # set bits of each byte value
_SELECT8 = tuple(tuple(j for j in range(8) if b >> j & 1) for b in range(256))  # positions of a byte's set bits


def nth_bit(mask: int, i: int) -> int:
    """The position of the ``i``-th set bit of ``mask`` (from 0, lowest first), or -1 if it has
    ``i`` bits or fewer: whole 32-bit words are counted and skipped, then bytes, and the bit
    is read from a table of each byte's set bits."""
    shift = 0
    word = mask & 0xFFFFFFFF
    n = word.bit_count()
    while i >= n:
        mask >>= 32
        if not mask:
            return -1
        i -= n
        shift += 32
        word = mask & 0xFFFFFFFF
        n = word.bit_count()
    byte = word & 0xFF
    n = _POP8[byte]
    while i >= n:
        word >>= 8
        i -= n
        shift += 8
        byte = word & 0xFF
        n = _POP8[byte]
    return shift + _SELECT8[byte][i]


class BitGrid:
    def __init__(self, grid: HexGrid | SectionedGrid) -> None:
        """Index every hex of ``grid``; works on any grid (non-rectangular hex sets, lettered
        sections: OT/MC maps), since the neighbour offsets are taken from the grid itself."""
        self.grid = grid
        self.order: tuple[str, ...] = tuple(sorted(grid.all_hexes, key=grid.axial))
        self.index = {h: i for i, h in enumerate(self.order)}
        self.bit = {h: 1 << i for i, h in enumerate(self.order)}
        size = len(self.order)  # a Python int (compiled, ``1 << len(...)`` would be a C shift)
        self.all = (1 << size) - 1
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
        # a shorter form of ``dilate`` for grids of equal columns (``_column_form``), or None
        self._columns = self._column_form()

    def _column_form(self) -> tuple[int, int, int, int, int] | None:
        """On a grid of columns of ``R`` hexes with offset (zig-zag) columns, a hex's
        neighbours are the hexes above and below it and, in the columns either side, the hexes
        ``R`` away from it and from the hex above (or below) it: ``dilate`` in 14 operations
        instead of 24. Returned as (R, hexes with a hex below, hexes with one above, the hexes
        below the hexes whose side neighbours are shifted up, the hexes above those shifted
        down), and kept only if it gives ``dilate``'s answer for every hex (both forms are
        unions of shifts, so agreeing on each hex is agreeing on every mask)."""
        src = dict(self._steps)
        ups = sorted(off for off in src if off > 0)
        if len(ups) != 4 or ups[0] != 1 or not ups[1] + 1 == ups[2] == ups[3] - 1:
            return None
        r = ups[2]
        form = (r, src.get(-1, 0), src.get(1, 0), (src.get(r - 1, 0) | src.get(-r - 1, 0)) >> 1,
                (src.get(r + 1, 0) | src.get(-r + 1, 0)) << 1)
        for b in self.bit.values():
            if self._column_dilate(b, form) != self._shift_dilate(b):
                return None
        return form

    def _column_dilate(self, mask: int, form: tuple[int, int, int, int, int]) -> int:
        r, has_below, has_above, lower, upper = form
        down = (mask & has_below) >> 1
        up = (mask & has_above) << 1
        side = mask | (down & lower) | (up & upper)
        return down | up | (((side << r) | (side >> r)) & self.all)

    def _shift_dilate(self, mask: int) -> int:
        out = 0
        for off, src in self._up:
            out |= (mask & src) << off
        for off, src in self._down:
            out |= (mask & src) >> off
        return out

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
        index = nth_bit(mask, i)
        if index < 0:
            raise IndexError(f"a mask of {i} hexes or fewer has no hex {i}")
        return self.order[index]

    def dilate(self, mask: int) -> int:
        """Every hex adjacent to a hex of ``mask`` (not including ``mask`` itself unless adjacent)."""
        form = self._columns
        if form is None:
            return self._shift_dilate(mask)
        r, has_below, has_above, lower, upper = form
        mask &= self.all
        down = (mask & has_below) >> 1
        up = (mask & has_above) << 1
        side = mask | (down & lower) | (up & upper)
        return down | up | (((side << r) | (side >> r)) & self.all)

    def spread(self, seeds: int, open_: int) -> int:
        """The hexes of ``open_`` connected to ``seeds`` through hexes of ``open_`` (a flood
        fill; ``seeds`` outside ``open_`` are dropped)."""
        linked = seeds & open_
        form = self._columns
        if form is None or open_ & ~self.all:  # (hexes off the grid: ``dilate`` drops them)
            while True:
                grown = (linked | self.dilate(linked)) & open_
                if grown == linked:
                    return linked
                linked = grown
        # ``dilate`` written out (as in ``reach``): a flood fill takes one step per hex of its longest path
        r, has_below, has_above, lower, upper = form
        every = self.all
        while True:
            down = (linked & has_below) >> 1
            up = (linked & has_above) << 1
            side = linked | (down & lower) | (up & upper)
            grown = (linked | down | up | (((side << r) | (side >> r)) & every)) & open_
            if grown == linked:
                return linked
            linked = grown

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

    def link_steps(self, links: tuple[int, ...]) -> tuple[tuple[int, int], ...] | None:
        """``links`` (``link_masks``) as shifts, when every link joins two neighbours of the
        grid: (index offset, the hexes linked to the hex at that offset), so that the hexes
        linked to a mask are a handful of shifts (``reach_along_many``); None if some link
        joins hexes that are not neighbours. Kept per ``links``."""
        cache = self.__dict__.setdefault("_link_steps", {})
        got = cache.get(id(links))
        if got is not None and got[0] is links:
            return got[1]
        neighbour_offsets = {off for off, _ in self._steps}
        groups: dict[int, int] = {}
        steps: tuple[tuple[int, int], ...] | None = None
        for i, linked in enumerate(links):
            while linked:
                low = linked & -linked
                linked ^= low
                off = low.bit_length() - 1 - i
                if off not in neighbour_offsets or not self._dilate_one(i) & low:
                    break
                groups[off] = groups.get(off, 0) | (1 << i)
            else:
                continue
            break
        else:
            steps = tuple(sorted(groups.items()))
        cache[id(links)] = (links, steps)
        return steps

    def _dilate_one(self, index: int) -> int:
        """The neighbours of the hex of index ``index``, as a mask."""
        return self.dilate(self.bit[self.order[index]])

    def reach_along_many(self, starts: Sequence[str], allowances: Sequence[int], links: tuple[int, ...],
                         blocked: int = 0, stops: int = 0) -> list[int]:
        """``reach_along`` from each of ``starts`` with its allowance, worked out together in
        lanes of one long mask as ``reach_many`` does (when ``link_steps`` can shift along the
        links; else one ``reach_along`` per start). The answers are those of ``reach_along``."""
        n = len(starts)
        steps = self.link_steps(links)
        if steps is None or n < 2:
            return [self.reach_along(s, a, links, blocked, stops) for s, a in zip(starts, allowances)]
        width = self._lane_width
        lanes = self._lanes(n)
        every, ones = lanes["all"], lanes["ones"]
        shifts = self._in_lanes(lanes, links, steps)
        bit = self.bit
        seen = 0
        for i, s in enumerate(starts):
            seen |= bit[s] << (i * width)
        first = front = seen
        open_ = every & ~(blocked * ones)
        leave_ok = ~(stops * ones)
        lane_all = self.all
        most = max(allowances)
        active = [every] * (most + 1)  # active[k]: the lanes whose allowance reaches k steps
        if min(allowances) != most:
            active = [0] * (most + 1)
            for i, a in enumerate(allowances):
                lane = lane_all << (i * width)
                for k in range(1, a + 1):
                    active[k] |= lane
        for k in range(1, most + 1):
            near = 0
            for off, src in shifts:
                near |= (front & src) << off if off > 0 else (front & src) >> -off
            new = near & open_ & ~seen & active[k]
            if not new:
                break
            seen |= new
            front = new & leave_ok
        seen &= ~first
        return [(seen >> (i * width)) & lane_all for i in range(n)]

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
        form = self._columns
        if form is not None:
            r, has_below, has_above, lower, upper = form
        every = self.all
        # spread[k]: the hexes next to those reached at cost k that movement may leave
        # (``dilate``, written out: this loop is the hot path of movement generation)
        spread = []
        leave = start_bit
        for k in range(1, allowance + 1):
            near = 0
            if leave:
                if form is not None:
                    dn = (leave & has_below) >> 1
                    near = (leave & has_above) << 1
                    side = leave | (dn & lower) | (near & upper)
                    near |= dn | (((side << r) | (side >> r)) & every)
                else:
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

    def reach_many(
        self,
        starts: Sequence[str],
        allowances: Sequence[int],
        costs: Mapping[int, int],
        blocked: int = 0,
        stops: int = 0,
    ) -> list[int]:
        """``reach`` from each of ``starts`` with its allowance, worked out together: each
        start has a lane of its own in one long mask (lanes wider than the map, so a shift never
        carries a hex into the next lane), and every step of the search is done once for all
        lanes. The answers are those of ``reach``, one per start."""
        n = len(starts)
        if n == 0:
            return []
        width = self._lane_width
        lanes = self._lanes(n)
        every, ones = lanes["all"], lanes["ones"]
        where = self._in_lanes(lanes, costs, costs.items())
        bit = self.bit
        seen = 0
        for i, s in enumerate(starts):
            seen |= bit[s] << (i * width)
        first = seen
        open_ = every & ~(blocked * ones)
        leave_ok = ~(stops * ones)
        # active[k]: the lanes whose allowance reaches k movement points
        lane_all = self.all
        most = max(allowances)
        if min(allowances) == most:
            active = [every] * (most + 1)
        else:
            by_allowance: dict[int, int] = {}
            for i, a in enumerate(allowances):
                by_allowance[a] = by_allowance.get(a, 0) | (lane_all << (i * width))
            active = [0] * (most + 1)
            for a, lanes_a in by_allowance.items():
                for k in range(1, a + 1):
                    active[k] |= lanes_a
        form = self._columns
        if form is not None:
            r, has_below, has_above, lower, upper = lanes["form"]
        else:
            shifts = lanes["shifts"]
        spread = []
        leave = seen
        for k in range(1, len(active)):
            near = 0
            if leave:
                if form is not None:
                    dn = (leave & has_below) >> 1
                    near = (leave & has_above) << 1
                    side = leave | (dn & lower) | (near & upper)
                    near |= dn | (((side << r) | (side >> r)) & every)
                else:
                    for off, src in shifts:
                        near |= (leave & src) << off if off > 0 else (leave & src) >> -off
            spread.append(near)
            new = 0
            for c, m in where:
                if c <= k:
                    new |= spread[k - c] & m
            new &= open_ & ~seen & active[k]
            seen |= new
            leave = new & leave_ok
        seen &= ~first
        return [(seen >> (i * width)) & lane_all for i in range(n)]

    @cached_property
    def _lane_width(self) -> int:
        """Bits per lane of ``reach_many``: the map and a margin wider than any shift."""
        return len(self.order) + max((abs(off) for off, _ in self._steps), default=0) + 1

    @staticmethod
    def _in_lanes(lanes: dict, source: object, pairs) -> tuple[tuple[int, int], ...]:
        """The (key, mask) ``pairs`` of ``source`` (a table of cost masks, or the steps of rail
        links) with each mask repeated in every lane of ``lanes``, kept with the lanes: the
        tables are the game data's, the same at every call. Keyed by the table's identity,
        and holding the table, so that a key is never another table's."""
        key = ("in_lanes", id(source))
        got = lanes.get(key)
        if got is None or got[0] is not source:
            ones = lanes["ones"]
            got = lanes[key] = (source, tuple([(k, m * ones) for k, m in pairs]))
        return got[1]

    def _lanes(self, n: int) -> dict:
        """The masks of ``reach_many`` repeated in ``n`` lanes (kept per ``n``)."""
        cache = self.__dict__.setdefault("_lane_masks", {})
        got = cache.get(n)
        if got is None:
            width = self._lane_width
            ones = sum(1 << (i * width) for i in range(n))
            got = {"ones": ones, "all": self.all * ones,
                   "shifts": tuple((off, src * ones) for off, src in self._steps)}
            if self._columns is not None:
                r, has_below, has_above, lower, upper = self._columns
                got["form"] = (r, has_below * ones, has_above * ones, lower * ones, upper * ones)
            cache[n] = got
        return got
