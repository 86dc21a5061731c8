"""The map's hexes as bit masks (``typhoon.core.bitboard.BitGrid``) for the supply traces: a
layer of a breadth-first trace is a handful of shifts, with unfrozen lake hexsides (Movement (L)
L31, decision D-SUPPLY-LAKE) cut out of the neighbour relation."""

from __future__ import annotations

from ...core.bitboard import BitGrid
from .data import MCData, side_key


class HexBits:
    """Bit masks of one map: ``mask(hexes)``, ``hexes(mask)`` and ``flood``."""

    def __init__(self, data: MCData) -> None:
        self.grid = BitGrid(data.grid)
        index, bit = self.grid.index, self.grid.bit
        open_: dict[int, int] = {}
        frozen: dict[int, int] = {}
        for h in self.grid.order:
            for n in data.neighbours[h]:
                off = index[n] - index[h]
                frozen[off] = frozen.get(off, 0) | bit[h]
                if side_key(h, n) not in data.lake:
                    open_[off] = open_.get(off, 0) | bit[h]
        self._steps = {False: _split(open_), True: _split(frozen)}
        self.mask = self.grid.mask

    def dilate(self, mask: int, frozen: bool) -> int:
        """The hexes next to ``mask`` (not across an unfrozen lake hexside unless ``frozen``)."""
        up, down = self._steps[frozen]
        out = 0
        for off, src in up:
            out |= (mask & src) << off
        for off, src in down:
            out |= (mask & src) >> off
        return out

    def flood(self, sources: int, passable: int, limit: int, frozen: bool) -> int:
        """The passable hexes within ``limit`` steps of the passable ``sources`` through
        passable hexes (a breadth-first trace, layer by layer)."""
        seen = front = sources & passable
        for _ in range(limit):
            near = self.dilate(front, frozen) & passable & ~seen
            if not near:
                break
            seen |= near
            front = near
        return seen

    def hexes(self, mask: int) -> list[str]:
        return self.grid.hexes(mask)


def _split(groups: dict[int, int]) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    up = tuple((off, src) for off, src in sorted(groups.items()) if off > 0)
    down = tuple((-off, src) for off, src in sorted(groups.items()) if off < 0)
    return up, down


def bits_of(data: MCData) -> HexBits:
    """The data's :class:`HexBits`, built on first use."""
    got = data.__dict__.get("_bits")
    if got is None:
        got = data.__dict__["_bits"] = HexBits(data)
    return got
