"""10.0 Movement: movement factors from the TRT, terrain costs, German-only ZOC, stacking.

Reaches are cached by everything they depend on (the unit's hex, allowance and class, the
enemy's hexes, the full friendly hexes): a move by one unit changes nobody else's reach unless
it fills a hex, so a movement phase computes each reach about once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...core.paths import Reach, reach
from . import november_offensive as no
from .gamedata import GERMAN, GUDERIAN_MF, SOVIET, STACK_LIMIT
from .state import DomState
from .supply import german_supplied, soviet_edge_supplied
from .zones_of_control import german_zoc

_CACHE: dict[tuple, object] = {}
_LIMIT = 20000


def _cached(key: tuple, make):
    v = _CACHE.get(key)
    if v is None:
        if len(_CACHE) > _LIMIT:
            _CACHE.clear()
        v = _CACHE[key] = make()
    return v


def _memo(state: DomState, key: tuple, make):
    if state.memo is None:  # inside apply: positions may change at any moment
        return make()
    v = state.memo.get(key)
    if v is None:
        v = state.memo[key] = make()
    return v


def occupied(state: DomState, side: str) -> frozenset[str]:
    return _memo(state, ("occ", side), lambda: frozenset(state.hexes_of(side)))


def full_hexes(state: DomState, side: str) -> frozenset[str]:
    """Hexes holding five units of ``side`` (6.0)."""
    def make() -> frozenset[str]:
        n = Counter(h for u, h in state.stacks.hex_of.items() if state.side_of(u) == side)
        return frozenset(h for h, k in n.items() if k >= STACK_LIMIT)

    return _memo(state, ("full", side), make)


def gzoc(state: DomState) -> frozenset[str]:
    """7.0/7.1 the German zone of control now."""
    g = occupied(state, GERMAN)
    return _cached(("zoc", id(state.data), g), lambda: german_zoc(state.data.map, g))


def german_supply(state: DomState) -> frozenset[str]:
    """8.2/8.3: the hexes German units can trace supply from (every hex they could stand in)."""
    m = state.data.map
    sov = occupied(state, SOVIET)
    cities = frozenset(h for h in m.cities if state.control.get(h) == SOVIET)
    return _cached(("gsup", id(state.data), sov, cities),
                   lambda: frozenset(german_supplied(m, m.terrain.keys(), set(sov), {h: SOVIET for h in cities})))


def soviet_edge_supply(state: DomState) -> frozenset[str]:
    """8.2/8.3 (D-4): hexes with a Soviet trace to a friendly map-edge source."""
    m = state.data.map
    ger = occupied(state, GERMAN)
    sov = occupied(state, SOVIET)
    zoc = gzoc(state)
    key_control = frozenset(h for h in (*m.cities, *m.soviet_sources) if state.control.get(h) == GERMAN)
    return _cached(("ssup", id(state.data), ger, sov & zoc, key_control),
                   lambda: frozenset(soviet_edge_supplied(m, m.terrain.keys(), set(ger), zoc, set(sov), state.control)))


def soviet_supplied_hexes(state: DomState) -> frozenset[str]:
    """8.2: edge supply, or a city hex never yet German controlled."""
    m = state.data.map
    return soviet_edge_supply(state) | frozenset(h for h in m.cities if h not in state.ever_german)


def base_mf(state: DomState, u: str) -> int:
    """2.10: the TRT movement factor of the unit's class this game turn, with 12.1/12.2 for
    German units and 8.5 (a German unit out of supply at the start of its move has MF 0)."""
    t = state.data.turns[state.turn]
    mech = state.is_mech(u)
    mf = int(t["mf_mech"] if mech else t["mf_non_mech"])
    if state.side_of(u) == GERMAN:
        mf = no.mf(mf, "mech" if mech else "non_mech", state.turn, state.declared)
        if state.hex_of(u) not in german_supply(state):
            return 0
    return mf


def allowance(state: DomState, u: str) -> int:
    """What ``u`` may still spend this phase (10.20: MF left after a successful MA)."""
    if u in state.mp_left:
        return state.mp_left[u]
    return base_mf(state, u)


# -- 5.3 the Guderian Effect (D-36) ------------------------------------------------------------
def on_south_sheet(state: DomState, h: str | None) -> bool:
    """R-1: the hex attribute ``sheet`` says which map sheet a hex is printed on."""
    return h is not None and state.data.map.sheet.get(h) == "south"


def guderian_eligible(state: DomState, u: str) -> bool:
    """5.3 L470-473: on Game Turn 1 a German mechanized unit that set up on the south map and
    has so far moved and attacked only there may use MF 14 (D-36: provided the rest of its
    turn stays there too). 8.5 comes first: a unit out of supply keeps MF 0."""
    if state.turn != 1 or state.side_of(u) != GERMAN or not state.is_mech(u) or u in state.guderian_out:
        return False
    return on_south_sheet(state, state.hex_of(u)) and base_mf(state, u) > 0


def guderian_bonus(state: DomState, u: str) -> int:
    """What MF 14 adds to the unit's TRT movement factor (0 if it is not eligible, D-36)."""
    if not guderian_eligible(state, u):
        return 0
    return max(0, GUDERIAN_MF - base_mf(state, u))


def touch_sheet(state: DomState, units, hexes) -> None:
    """5.3 / D-36: on GT1, German units that move into, attack or advance into a north-sheet
    hex lose the Guderian Effect for the rest of the turn."""
    if state.turn != 1:
        return
    if any(not on_south_sheet(state, h) for h in hexes):
        state.guderian_out.update(u for u in units if state.side_of(u) == GERMAN)


def bound_to_south(state: DomState, u: str) -> bool:
    """D-36: a unit that has spent more than its TRT MF this turn may not leave the south map."""
    return state.turn == 1 and u in state.guderian_used


def step_cost_fn(state: DomState, side: str, mech: bool, cavalry: bool, enemy: frozenset[str], full: frozenset[str],
                 zoc: frozenset[str]):
    """The price of stepping from ``a`` into ``b`` (None: prohibited)."""
    m = state.data.map
    terrain = m.terrain

    def cost(a: str, b: str) -> int | None:
        if b in enemy or b in full:  # 10.3; 6.1 instant-by-instant stacking (D-31)
            return None
        if m.is_reservoir(a, b):  # 10.10
            return None
        if terrain[b] == "marsh" and mech and not cavalry:  # 10.8 L860-865
            return None
        if side == SOVIET and a in zoc and b in zoc:  # 7.2 L536-537: never GZOC to GZOC
            return None
        return 1 + (1 if m.is_river(a, b) else 0)  # 10.8-10.12

    return cost


@dataclass
class GuderianReach(Reach):
    """5.3 / D-36: a reach with the TRT MF anywhere plus, for the hexes only MF 14 reaches,
    south-sheet-only paths (``extra``: those hexes; ``south``: the whole MF 14 reach)."""

    extra: set[str] = field(default_factory=set)
    south: Reach | None = None

    def path_to(self, hex_id: str) -> list[str]:
        if hex_id in self.extra and self.south is not None:
            return self.south.path_to(hex_id)
        return Reach.path_to(self, hex_id)

    @classmethod
    def merge(cls, normal: Reach, south: Reach) -> GuderianReach:
        extra = {h for h in south.cost if h not in normal.cost}
        cost = {**{h: south.cost[h] for h in extra}, **normal.cost}
        parent = {**{h: south.parent[h] for h in extra}, **normal.parent}
        return cls(cost, parent, extra, south)


def _reach_key(state: DomState, u: str) -> tuple:
    """Everything ``u``'s reach depends on (the key of the reach cache)."""
    side = state.side_of(u)
    enemy = occupied(state, SOVIET if side == GERMAN else GERMAN)
    zoc = gzoc(state) if side == SOVIET else frozenset()
    return ("reach", id(state.data), side, state.hex_of(u), allowance(state, u), state.is_mech(u), state.is_cavalry(u),
            enemy, full_hexes(state, side), zoc, guderian_bonus(state, u), bound_to_south(state, u))


def unit_reach(state: DomState, u: str) -> Reach:
    """Every hex ``u`` can end a move in now, with cheapest paths (5.3: a ``GuderianReach``
    when MF 14 on the south sheet reaches further than the TRT MF)."""
    key = _reach_key(state, u)
    _, _, side, start, mp, mech, cav, enemy, full, zoc, bonus, bound = key

    def make() -> Reach:
        nb = state.data.neighbours
        cost = step_cost_fn(state, side, mech, cav, enemy, full, zoc)
        sheet = state.data.map.sheet

        def south_cost(a: str, b: str) -> int | None:  # 5.3: "only on the south map"
            return cost(a, b) if sheet.get(b) == "south" else None

        if bound:  # D-36: MF 14 already drawn on
            return reach(start, mp, nb.__getitem__, south_cost)
        stops = (lambda h: h in zoc) if side == SOVIET else None  # 7.2 L527-529
        normal = reach(start, mp, nb.__getitem__, cost, stops)
        if bonus <= 0:
            return normal
        return GuderianReach.merge(normal, reach(start, mp + bonus, nb.__getitem__, south_cost))

    return _cached(key, make)


def uses_guderian(state: DomState, u: str, to: str) -> bool:
    """D-36: ``u`` needs MF 14 to end a move in ``to``."""
    r = unit_reach(state, u)
    return isinstance(r, GuderianReach) and to in r.extra


def may_move(state: DomState, u: str) -> bool:
    """10.1: each unit moves once per Movement Phase (10.20: MA survivors go on)."""
    if u in state.frozen:
        return False
    if u in state.moved and u not in state.mp_left:
        return False
    return True


def destinations(state: DomState, u: str) -> list[str]:
    if not may_move(state, u):
        return []
    r = unit_reach(state, u)
    start = state.hex_of(u)
    return [h for h in r.cost if h != start]


def move_actions(state: DomState, u: str, make) -> tuple:
    """``make(u, hex)`` for each of ``destinations(state, u)``, cached with the reach (the
    movement phase's legal actions would rebuild them after every move otherwise)."""
    if not may_move(state, u):
        return ()
    key = ("moves", u, _reach_key(state, u))
    return _cached(key, lambda: tuple(make(u, h) for h in destinations(state, u)))
