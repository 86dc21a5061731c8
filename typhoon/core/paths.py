"""Movement through zones of control, and traces (supply, communication, retreat).

These are game-agnostic searches: a game supplies the cost of entering a hex, which hexes
are impassable, and which hexes end movement (enemy zones of control in most games). Games
whose ZOC costs extra movement points (instead of stopping) fold that into ``cost``.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import IllegalActionError

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


# -- general movement: costs that depend on the hex left and the hex entered -------------------

Cost = int | Fraction
StepCost = Callable[[str, str], "Cost | None"]


@dataclass
class Reach:
    """Where a move can end: the cheapest ``cost`` of every reachable hex and the ``parent``
    each was entered from on a cheapest path (``None`` for the start or a source)."""

    cost: dict[str, Cost]
    parent: dict[str, str | None]

    def __contains__(self, hex_id: object) -> bool:
        return hex_id in self.cost

    def path_to(self, hex_id: str) -> list[str]:
        """A cheapest path from the start to ``hex_id`` (start first): the move to display or
        replay. Raises ``IllegalActionError`` if ``hex_id`` is not reachable."""
        if hex_id not in self.parent:
            raise IllegalActionError(f"{hex_id} is not reachable")
        path = [hex_id]
        while (p := self.parent[path[-1]]) is not None:
            path.append(p)
        return path[::-1]


def _checked_step(a: str, b: str, cost: StepCost) -> Cost | None:
    step = cost(a, b)
    if step is not None and step < 0:
        raise ValueError(f"negative movement cost {step} from {a} into {b}")
    return step


def reach(
    start: str,
    allowance: Cost,
    neighbours: Neighbours,
    cost: StepCost,
    stops: Callable[[str], bool] | None = None,
    one_hex_minimum: bool = False,
) -> Reach:
    """Every hex a unit at ``start`` can reach with ``allowance`` movement points, with paths.

    ``cost(a, b)`` is the price of stepping from ``a`` into ``b``: it may depend on both hexes
    (OT 6.3 cost to exit an enemy ZOC, MC ZOC costs (A)-(D), DoM +MP to enter an EZOC), fold in
    hexside costs and prohibitions (river, all-sea and prohibited hexsides: ``None``) and be a
    ``Fraction`` (half-MP roads, exact). ``stops(h)``: ``h`` may be entered but not left (ZOC
    that ends movement); the start is exempt. ``one_hex_minimum``: a unit that has not moved may
    always enter one adjacent hex it may enter at all, whatever the cost (the common "a unit
    may always move one hex" rule); such a hex ends the move.
    """
    best, parent = _cheapest({start: 0}, allowance, neighbours, cost, stops)
    if one_hex_minimum:
        for there in neighbours(start):
            if there not in best and (step := _checked_step(start, there, cost)) is not None:
                best[there], parent[there] = step, start
    return Reach(best, parent)


def reach_many(
    sources: Iterable[str],
    allowance: Cost,
    neighbours: Neighbours,
    cost: StepCost,
    stops: Callable[[str], bool] | None = None,
) -> Reach:
    """Every hex within ``allowance`` movement points of any source (supply traced in movement
    points, e.g. "within N MP of a supply source"), with the nearest source's path."""
    return Reach(*_cheapest({s: 0 for s in sources}, allowance, neighbours, cost, stops))


def _cheapest(
    starts: dict[str, Cost],
    allowance: Cost,
    neighbours: Neighbours,
    cost: StepCost,
    stops: Callable[[str], bool] | None,
) -> tuple[dict[str, Cost], dict[str, str | None]]:
    """Dijkstra from several starts (exempt from ``stops``); ties broken by hex id."""
    best: dict[str, Cost] = dict(starts)
    parent: dict[str, str | None] = {s: None for s in starts}
    frontier: list[tuple[Cost, str]] = [(c, s) for s, c in starts.items()]
    heapq.heapify(frontier)
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent > best[here]:
            continue
        if stops is not None and here not in starts and stops(here):
            continue
        for there in neighbours(here):
            step = _checked_step(here, there, cost)
            if step is None:
                continue
            total = spent + step
            if total <= allowance and (there not in best or total < best[there]):
                best[there], parent[there] = total, here
                heapq.heappush(frontier, (total, there))
    return best, parent


def path_cost(path: Sequence[str], cost: StepCost) -> Cost | None:
    """The movement cost of a named path (a move that lists its hexes), or None if any step
    is prohibited. Serves moves entered hex by hex and checking a displayed route (all games)."""
    total: Cost = 0
    for a, b in zip(path, path[1:]):
        step = _checked_step(a, b, cost)
        if step is None:
            return None
        total += step
    return total


def route_via(
    start: str,
    waypoints: Sequence[str],
    allowance: Cost,
    neighbours: Neighbours,
    cost: StepCost,
    stops: Callable[[str], bool] | None = None,
) -> tuple[list[str], Cost] | None:
    """The cheapest legal path from ``start`` through ``waypoints`` in order, ending at the last
    one, within ``allowance``: ``(path, cost)``, or None if there is none.

    Moves that name their path ("0504 via 0604 to 0705") where the route matters: OT/MC ZOC
    exit costs and hexside prohibitions, rail lines, entering a hex from a particular side.
    A ``stops`` hex can only be the end of the route (the start is exempt)."""
    goal = len(waypoints)
    if goal == 0:
        return [start], 0

    def advance(k: int, h: str) -> int:
        """Waypoints passed after entering ``h`` with ``k`` already passed."""
        while k < goal and waypoints[k] == h:
            k += 1
        return k

    first = (start, advance(0, start))
    best: dict[tuple[str, int], Cost] = {first: 0}
    parent: dict[tuple[str, int], tuple[str, int] | None] = {first: None}
    frontier: list[tuple[Cost, str, int]] = [(0, start, first[1])]
    while frontier:
        spent, here, k = heapq.heappop(frontier)
        if spent > best[(here, k)]:
            continue
        if k == goal:
            path = [(here, k)]
            while (p := parent[path[-1]]) is not None:
                path.append(p)
            return [h for h, _ in reversed(path)], spent
        if stops is not None and (here, k) != first and stops(here):
            continue
        for there in neighbours(here):
            step = _checked_step(here, there, cost)
            if step is None:
                continue
            total = spent + step
            state = (there, advance(k, there))
            if total <= allowance and (state not in best or total < best[state]):
                best[state], parent[state] = total, (here, k)
                heapq.heappush(frontier, (total, there, state[1]))
    return None


def flood(
    sources: Iterable[str],
    neighbours: Neighbours,
    passable: Callable[[str], bool],
    max_length: int | None = None,
    stops: Callable[[str], bool] | None = None,
) -> dict[str, int]:
    """Distance in hexes from the nearest source to every hex a trace can reach.

    Multi-source breadth-first search for supply and communication: sources are at 0 and never
    tested; a hex is entered only if ``passable`` (blockers: enemy units, enemy ZOC not
    negated, prohibited terrain); ``max_length`` bounds the trace (OT/DoM/MC "supply path of
    at most N hexes"); ``stops(h)``: the trace may end in ``h`` but not pass through it
    (e.g. a supply path may end in, but not cross, an enemy ZOC hex)."""
    dist: dict[str, int] = {}
    queue: deque[str] = deque()
    for s in sources:
        if s not in dist:
            dist[s] = 0
            queue.append(s)
    origin = set(dist)
    while queue:
        here = queue.popleft()
        d = dist[here]
        if max_length is not None and d >= max_length:
            continue
        if stops is not None and here not in origin and stops(here):
            continue
        for there in neighbours(here):
            if there not in dist and passable(there):
                dist[there] = d + 1
                queue.append(there)
    return dist
