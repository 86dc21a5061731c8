"""5.0 Movement (tactical, strategic, rail), 6.0 Zones of Control, 7.1 stacking, 15.1
reinforcement entry and the exits of 18.19: the rules functions, named after their cases."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any

from ...core.paths import Reach, reach
from .data import Unit
from .state import OtState, other
from .strength import snow_halves

OFF = "OFF"  # 15.12: the off-map start of a reinforcement


# -- 6.1 which units exert Zones of Control ----------------------------------------------------------
def exerts_zoc(state: OtState, uid: str) -> bool:
    """6.11: not battalions/companies, cadres or HQs; 6.12: any unit in an Entrenchment hex
    does (D13); 19.13: not in a hedgehog; 9.98B: not after a Breakthrough retreat."""
    unit = state.data.units[uid]
    h = state.hex_of(uid)
    if uid in state.no_zoc or (h in state.hedgehogs and state.options.get("hedgehogs")):
        return False
    if h in state.data.entrenchment:
        return True  # 6.12
    return not (unit.is_hq or unit.small or uid in state.cadre)


def enemy_zoc(state: OtState, side: str) -> frozenset[str]:
    """6.2: the hexes controlled by the enemies of ``side`` (6.24: terrain never matters)."""
    nb = state.scen.neighbours
    zone: set[str] = set()
    for u in state.on_map(other(side)):
        if exerts_zoc(state, u):
            zone.update(nb[state.stacks.hex_of[u]])
    return frozenset(zone)


def enemy_hexes(state: OtState, side: str) -> frozenset[str]:
    return frozenset(state.stacks.hex_of[u] for u in state.on_map(other(side)))


# -- 5.3 / 12.44 / 12.54 / 13.55 movement allowance -------------------------------------------------
def movement_allowance(state: OtState, uid: str) -> int:
    """The printed MA modified once (12.44c, 12.54c-d, 13.55; 19.22 ski units ignore snow)."""
    unit = state.data.units[uid]
    ma = unit.movement
    status = state.supply.get(uid, "in")
    if status == "isolated" and unit.mech:
        return 3  # 12.54c
    halve = (status == "out" and unit.mech) or (status == "isolated") or (
        snow_halves(state, unit) and not (unit.kind == "ski" and state.options.get("ski")))
    return ma // 2 if halve else ma


def is_mech(unit: Unit, moving_as_mech: bool | None = None) -> bool:
    """5.31; 5.91: an HQ moves as the owner likes: we price each step at the cheaper class."""
    return unit.mech


def freeze(state: OtState) -> bool:
    return state.ground in ("ground_freeze", "stream_freeze", "river_freeze")  # 13.51


def hex_cost(state: OtState, h: str, mech: bool) -> int | None:
    """5.73 TEC: the cost of entering a hex by its terrain (D1: woods 3 for mech in Freeze)."""
    t = state.data.terrain[h]
    spec = state.data.tec["movement"][t]
    if spec == "P":
        return None
    if isinstance(spec, int):
        return spec
    if not mech:
        return spec["non_mech"]
    return spec["mech_freeze"] if freeze(state) else spec["mech"]


def hexside_cost(state: OtState, a: str, b: str, mech: bool) -> int | None:
    """5.71, 5.73, 13.52: stream +1/+2, river +2 / prohibited for mech; negated by a Stream
    Freeze (streams), a River Freeze (both; D43: the mech prohibition goes with it)."""
    d = state.data
    if d.is_river(a, b):
        if state.ground == "river_freeze":
            return 0
        return None if mech else 2
    if d.is_stream(a, b):
        if state.ground in ("stream_freeze", "river_freeze"):
            return 0
        return 2 if mech else 1
    return 0


def tactical_step_cost(state: OtState, a: str, b: str, mech: bool) -> int | None:
    """5.43 / 5.44: terrain and hexside costs; through a road hexside the hex is Clear and
    the hexside free."""
    if state.data.is_road(a, b):
        spec = state.data.tec["line_movement"]["road"]
        return spec["non_mech"] if not mech else (spec["mech_freeze"] if freeze(state) else spec["mech"])
    c = hex_cost(state, b, mech)
    s = hexside_cost(state, a, b, mech)
    if c is None or s is None:
        return None
    return c + s


def strategic_step_cost(state: OtState, a: str, b: str, mech: bool) -> Fraction | int | None:
    """5.53 / TEC / 13.53 / D2: along a road 1/2 MP (non-mech) or 1/3 MP (mech; 1/2 in snow)."""
    if state.data.is_road(a, b):
        if mech and not state.snow:
            return Fraction(1, 3)
        return Fraction(1, 2)
    return tactical_step_cost(state, a, b, mech)


def far_from_enemy(state: OtState, side: str, h: str, enemy: frozenset[str] | None = None) -> bool:
    """5.51 / 5.63: at least three hexes from every enemy unit."""
    g = state.data.grid
    enemy = enemy if enemy is not None else enemy_hexes(state, side)
    return all(g.distance(h, e) >= 3 for e in enemy)


def unit_reach(state: OtState, uid: str, mode: str = "tactical", ctx: dict[str, Any] | None = None) -> Reach:
    """Every hex ``uid`` can reach this segment with its whole move (5.0 PROCEDURE).

    Tactical (5.4): stops on entering an EZOC (5.22, 6.31); leaving an EZOC costs half the
    modified MA plus the terrain (6.32) and never directly into another (6.32, 6.33; D14); a
    non-mech unit may always move one hex (5.27). Strategic (5.5): three hexes from the enemy
    throughout, roads at 1/2 or 1/3 MP. Rail (5.6): 60 hexes along railways, an interdicted hex
    counting ten (17.33), three hexes from the enemy."""
    unit = state.data.units[uid]
    side = unit.side
    ctx = ctx if ctx is not None else movement_context(state, side)
    ezoc, enemy, near = ctx["ezoc"], ctx["enemy"], ctx["near"]
    start = state.hex_of(uid) or OFF
    nb = state.scen.neighbours
    mech = unit.mech
    entry = ctx["entry"].get(uid, ())

    def neighbours(h: str) -> tuple[str, ...]:
        return entry if h == OFF else nb[h]

    blocked = ctx.get("blocked", frozenset())
    for_army = ctx.get("blocked_army", {}).get(unit.parent)
    if for_army:
        blocked = blocked | for_army  # 18.18(b): the 49th Army's limit
    listed_entry = state.scen.listed_entry

    if mode == "rail":
        def rail_cost(a: str, b: str) -> int | None:
            if a == OFF or not state.data.is_rail(a, b) or b in enemy or b in near or b in blocked:
                return None
            return 10 if b in state.interdicted else 1  # 17.33
        return reach(start, 60, neighbours, rail_cost)
    ma = movement_allowance(state, uid)
    begins_in_ezoc = start in ezoc

    def _cheapest_class(price: Any) -> Fraction | int | None:
        """5.91: an HQ moves as mech or non-mech, hex by hex, whichever is cheaper."""
        if not unit.is_hq:
            return price(mech)
        costs = [c for c in (price(False), price(True)) if c is not None]
        return min(costs) if costs else None

    def cost(a: str, b: str) -> Fraction | int | None:
        if b in enemy or (b in blocked and not (a == OFF and b in listed_entry)):
            return None  # 5.21; 18.18(b), (d); 18.28(b) but the 18.26(b) entry hexes; 18.38(b)
        if mode == "strategic":
            if b in near:
                return None  # 5.51
            return _cheapest_class(lambda m: hex_cost(state, b, m) if a == OFF else strategic_step_cost(state, a, b, m))
        if a == OFF:
            if b in ezoc:
                return None  # 15.21
            c = _cheapest_class(lambda m: hex_cost(state, b, m))  # 15.12
        else:
            c = _cheapest_class(lambda m: tactical_step_cost(state, a, b, m))
        if c is None:
            return None
        if begins_in_ezoc and b in ezoc:
            return None  # 6.32 / 6.33: never directly, nor later, into another EZOC
        if a == start and begins_in_ezoc:
            c = c + ma // 2  # 6.32 exit cost: half the modified MA, rounded down
        return c

    stops = (lambda h: h in ezoc) if mode == "tactical" else None
    if mode == "strategic" and start != OFF and start in near:
        return Reach({start: 0}, {start: None})  # 5.51: must start three hexes away
    one_hex = mode == "tactical" and not mech and start != OFF  # 5.27
    return reach(start, ma, neighbours, cost, stops=stops, one_hex_minimum=one_hex)


@functools.cache
def closed_hexes(scen: Any) -> frozenset[str]:
    """18.28(b) / 18.38(b): the hexes of the scenario's closed hexrows ("A01": Map A hexrow 0100):
    no unit ever enters them (moves, retreats, advances), but a reinforcement at its listed entry hex."""
    rows = scen.params.get("closed_hexrows", ())
    return frozenset(h for h in scen.hexes if any(a[:3] in rows for a in scen.data.grid.aliases(h)))


_REACH_CACHE: dict[tuple, Reach] = {}


def cached_reach(state: OtState, uid: str, mode: str, ctx: dict[str, Any]) -> Reach:
    """:func:`unit_reach`, remembered for the segment: the phasing side's own moves never change
    the enemy's hexes or zones, so a unit's reach only depends on what the key names."""
    key = (state.data, state.scenario_key, state.turn, state.phase, uid, mode, state.hex_of(uid), state.supply.get(uid),
           state.weather, state.ground, state.snow, ctx["sig"], frozenset(state.interdicted) if mode == "rail" else None)
    r = _REACH_CACHE.get(key)
    if r is None:
        if len(_REACH_CACHE) > 20000:
            _REACH_CACHE.clear()
        r = _REACH_CACHE[key] = unit_reach(state, uid, mode, ctx)
    return r


def movement_context(state: OtState, side: str) -> dict[str, Any]:
    """What every move of a segment shares: EZOC, enemy hexes, hexes within two of the enemy,
    and the entry hexes of this turn's reinforcements (15.11, 15.21)."""
    enemy = enemy_hexes(state, side)
    nb = state.scen.neighbours
    near: set[str] = set(enemy)
    frontier = set(enemy)
    for _ in range(2):
        nxt = set()
        for h in frontier:
            nxt.update(nb[h])
        near |= nxt
        frontier = nxt
    ezoc = enemy_zoc(state, side)
    entry = {}
    for u in due_reinforcements(state, side):
        entry[u] = tuple(h for h in entry_hexes(state, u) if h not in enemy and h not in ezoc)  # 15.21
    sig = hash((enemy, ezoc, tuple(sorted(entry.items())), tuple(sorted(state.uncommitted)), frozenset(state.hedgehogs)))
    return {"ezoc": ezoc, "enemy": enemy, "near": frozenset(near), "entry": entry, "sig": sig}


# -- 15.0 reinforcements -----------------------------------------------------------------------------
def due_reinforcements(state: OtState, side: str) -> list[str]:
    """15.1 / 15.23: reinforcements whose Game-Turn has come and which have not entered."""
    out = []
    for r in state.scen.reinforcements:
        if r["side"] == side and r["turn"] <= state.turn:
            out += [u for u in r["counters"] if state.off_map.get(u) == "reinforcement"]
    return out


def _arrival(state: OtState, uid: str) -> dict[str, Any] | None:
    for r in state.scen.reinforcements:
        if uid in r["counters"]:
            return r
    return None


def entry_hexes(state: OtState, uid: str) -> tuple[str, ...]:
    """15.11: the hexes of the unit's Entry Area (or listed hexes); 15.22: from the Game-Turn after
    its Entry Area was totally blocked, those of the adjacent Entry Areas too."""
    r = _arrival(state, uid)
    if r is None:
        return ()
    hexes = tuple(r["hexes"])
    blocked_on = state.diverted.get(uid)
    if blocked_on is not None and state.turn > blocked_on and r.get("area") is not None:
        for n in state.data.entry_adjacent.get(r["area"], ()):
            hexes += tuple(h for h in state.scen.entry_areas.get(n, ()) if h not in hexes)
    return hexes


def divert_blocked(state: OtState, side: str, events: list[Any]) -> None:
    """15.22: a due reinforcement whose Entry Area is totally occupied by enemy units or their
    Zones of Control may enter on an adjacent Entry Area, one Game-Turn later."""
    enemy = enemy_hexes(state, side)
    ezoc = enemy_zoc(state, side)
    for u in due_reinforcements(state, side):
        r = _arrival(state, u)
        if u in state.diverted or r is None or r.get("area") is None or not r["hexes"]:
            continue
        if all(h in enemy or h in ezoc for h in r["hexes"]):
            state.diverted[u] = state.turn
            events.append(f"Entry Area {r['area']} is blocked: {u} may enter on an adjacent Entry Area from "
                          f"Game-Turn {state.turn + 1} (15.22)")


# -- 7.1 stacking ---------------------------------------------------------------------------------
def stack_limit(state: OtState, side: str) -> int:
    """7.0 GENERAL RULE: three German, two Russian combat units."""
    return int(state.scen.doc["stacking"]["by_side"][side])


def free_kind(state: OtState, uid: str) -> str | None:
    """7.13-7.15: one HQ, one cadre and (Russian) one battalion/company stack free."""
    unit = state.data.units[uid]
    if unit.is_hq:
        return "hq"
    if uid in state.cadre:
        return "cadre"
    if unit.side == "russian" and unit.small:
        return "small"
    return None


def overstacked(state: OtState, h: str, extra: tuple[str, ...] = ()) -> bool:
    """7.1: more combat units than the limit, or two HQs, cadres or Russian battalions."""
    units = list(state.at(h)) + list(extra)
    if not units:
        return False
    side = state.side_of(units[0])
    counts: dict[str | None, int] = {}
    for u in units:
        k = free_kind(state, u)
        counts[k] = counts.get(k, 0) + 1
    if any(counts.get(k, 0) > 1 for k in ("hq", "cadre", "small")):
        return True
    return counts.get(None, 0) > stack_limit(state, side)


def overstacked_hexes(state: OtState, side: str) -> list[str]:
    hexes = sorted({state.stacks.hex_of[u] for u in state.on_map(side)})
    return [h for h in hexes if overstacked(state, h)]


def may_end_in(state: OtState, uid: str, h: str) -> bool:
    """7.11: a move may end only where the stack stays within the limits (D44: the one-action
    move ends in its hex, so the check is made as it ends)."""
    if state.hex_of(uid) == h or h not in state.stacks._at:
        return True  # its own hex, or an empty one (one unit never exceeds a limit, 7.1)
    return not overstacked(state, h, (uid,))


# -- 16.25 commitment by proximity ------------------------------------------------------------------
def commit_by_proximity(state: OtState, h: str, events: list[Any]) -> None:
    """16.25 / D27: a German unit ending a step of movement within seven hexes commits them."""
    if not state.uncommitted:
        return
    g = state.data.grid
    for u in sorted(state.uncommitted):
        uh = state.hex_of(u)
        if uh is not None and g.distance(h, uh) <= 7:
            state.uncommitted.discard(u)
            events.append(f"{u} is committed: a German unit came within seven hexes (16.25)")
