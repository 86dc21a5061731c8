"""Movement through zones of control, and traces (supply, communication, retreat).

These are game-agnostic searches: a game supplies the cost of entering a hex, which hexes
are impassable, and which hexes end movement (enemy zones of control in most games). Games
whose ZOC costs extra movement points (instead of stopping) fold that into ``cost``.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable

Neighbours = Callable[[str], Iterable[str]]


def reachable(
    start: str,
    allowance: float,
    neighbours: Neighbours,
    cost: Callable[[str, str], float | None],
    stops: Callable[[str], bool] = lambda h: False,
) -> dict[str, float]:
    """Every hex a unit at ``start`` can reach with ``allowance`` movement points.

    ``cost(a, b)`` is the price of stepping from ``a`` into ``b`` (None: may not enter).
    A hex for which ``stops(hex)`` is true may be entered but not left in the same move
    (entering an enemy zone of control, for example); leaving ``start`` is always free of
    that restriction. Returns ``{hex: cheapest cost}``, ``start`` included at 0.
    """
    best: dict[str, float] = {start: 0}
    frontier: list[tuple[float, str]] = [(0, start)]
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent > best.get(here, float("inf")):
            continue
        if here != start and stops(here):
            continue
        for there in neighbours(here):
            step = cost(here, there)
            if step is None:
                continue
            total = spent + step
            if total <= allowance and total < best.get(there, float("inf")):
                best[there] = total
                heapq.heappush(frontier, (total, there))
    return best


def trace(
    start: str,
    goals: Callable[[str], bool],
    neighbours: Neighbours,
    passable: Callable[[str], bool],
    max_length: int | None = None,
) -> list[str] | None:
    """Shortest path from ``start`` to a hex satisfying ``goals``, through passable hexes.

    The origin hex is never tested for passability (supply and communication rules exclude
    it). Returns the path (start first) or None. ``max_length`` bounds the path in hexes
    (for supply ranges such as "within 3 hexes").
    """
    if goals(start):
        return [start]
    parent: dict[str, str | None] = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if max_length is not None and depth[here] >= max_length:
            continue
        for there in neighbours(here):
            if there in parent or not passable(there):
                continue
            parent[there] = here
            depth[there] = depth[here] + 1
            if goals(there):
                path = [there]
                while (p := parent[path[-1]]) is not None:
                    path.append(p)
                return path[::-1]
            queue.append(there)
    return None


def zone_of_control(units_hexes: Iterable[str], neighbours: Neighbours) -> frozenset[str]:
    """The hexes adjacent to any of the given hexes (a six-hex ZOC around each unit)."""
    zone: set[str] = set()
    for h in units_hexes:
        zone.update(neighbours(h))
    return frozenset(zone)


def reachable_within(
    start: str,
    allowance: int,
    neighbours: dict[str, tuple[str, ...]],
    enter_cost: dict[str, int],
    blocked: frozenset[str] | set[str],
    stops: frozenset[str] | set[str],
) -> dict[str, int]:
    """``reachable`` for the common case of whole-number costs that depend only on the hex
    entered, given as tables: much faster than the general version (a bucket queue)."""
    best = {start: 0}
    get = best.get
    limit = allowance + 1
    buckets: list[list[str]] = [[] for _ in range(limit)]
    buckets[0].append(start)
    for spent in range(limit):
        for here in buckets[spent]:
            if best[here] != spent or (here in stops and here != start):
                continue
            for there in neighbours[here]:
                if there in blocked:
                    continue
                total = spent + enter_cost[there]
                if total < get(there, limit):
                    best[there] = total
                    buckets[total].append(there)
    return best
