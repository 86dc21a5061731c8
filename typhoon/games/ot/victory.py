"""16.1 German Victory Points, control of places (16.14, 18.19, 18.29, 18.39), the exits of
18.19 / 18.29 / 18.49 and the victory conditions of the scenarios."""

from __future__ import annotations

import functools
from typing import Any

from .movement import enemy_zoc, hex_cost, movement_allowance
from .state import OtState

#: Victory levels from the Soviet best to the German best.
LEVELS = ("Decisive Soviet Victory", "Substantive Soviet Victory", "Marginal Soviet Victory",
          "Marginal German Victory", "Substantive German Victory", "Decisive German Victory")
TOWNS_18_1 = ("Kashira", "Venev", "Mikhaylov", "Zaokskoye", "Mordveso")  # 18.19


def pass_through(state: OtState, side: str, h: str) -> None:
    """16.14b / 18.19: a place belongs to the side with a unit in it or the last to pass through."""
    if h in state.control:
        state.control[h] = side


def set_city_control(state: OtState) -> None:
    """16.14b: control markers follow units in or passing through (kept as units move)."""
    for u in state.on_map():
        h = state.stacks.hex_of[u]
        if h in state.control:
            state.control[h] = state.side_of(u)


def records_vp(state: OtState) -> bool:
    """18.18(e): no Victory Points are recorded in 18.1."""
    return state.scenario_key != "18.1"


def city_traces_west_or_south(state: OtState, h: str) -> bool:
    """16.14b: a continuous path free of Russian units and their ZOC (German units negate it)
    to the western or southern map edge."""
    scen = state.scen
    ezoc = enemy_zoc(state, "german")
    russians = {state.stacks.hex_of[u] for u in state.on_map("russian")}
    germans = {state.stacks.hex_of[u] for u in state.on_map("german")}
    goal = scen.west_edge | scen.south_edge
    seen, frontier = {h}, [h]
    while frontier:
        x = frontier.pop()
        if x in goal:
            return True
        for n in scen.neighbours[x]:
            if n not in seen and n not in russians and (n not in ezoc or n in germans):
                seen.add(n)
                frontier.append(n)
    return False


def german_vp(state: OtState) -> int:
    """16.13-16.15: one VP per destroyed Russian unit; 5 per captured City hex, 10 for Tula (D29)."""
    vp = len(state.destroyed)
    for h, value in state.data.cities.items():
        if h in state.scen.hexes and state.control.get(h) == "german" and city_traces_west_or_south(state, h):
            vp += value
    return vp


# -- exits -------------------------------------------------------------------------------------------
def exit_hexes(state: OtState) -> dict[str, frozenset[str]]:
    """The edges German units may exit by, per scenario: 18.19 north (east of 3932, D39) and
    east (the modifier); 18.29 hexrow 0100 between 0126 and 0133; 18.49 the east edge.
    Fixed by the scenario: worked out once per scenario (do not modify the answer)."""
    return _exit_hexes(state.scen)


@functools.cache
def _exit_hexes(scen: Any) -> dict[str, frozenset[str]]:
    key = scen.key
    g = scen.data.grid
    if key == "18.1":
        north = frozenset(h for h in scen.north_edge if any(a.startswith("C39") and int(a[3:]) > 32 for a in g.aliases(h)))
        return {"N": north, "E": scen.east_edge}
    if key == "18.2":
        south = frozenset(h for h in scen.hexes if any(a.startswith("A01") and 26 <= int(a[3:]) <= 33 for a in g.aliases(h)))
        return {"S": south}
    if key in ("18.4", "18.5"):
        return {"E": scen.east_edge}
    return {}


def exit_edges_reached(state: OtState, uid: str, reach: Any, ctx: dict[str, Any]) -> list[str]:
    """18.19: a unit exits by entering a hypothetical hex costing as much as the edge hex it
    leaves from; combat (non-HQ) German units only."""
    unit = state.data.units[uid]
    if unit.side != "german" or unit.is_hq:
        return []
    ma = movement_allowance(state, uid)
    out = []
    for edge, hexes in exit_hexes(state).items():
        for h in hexes:
            if h in reach.cost and h not in ctx["ezoc"]:
                c = hex_cost(state, h, unit.mech)
                if c is not None and reach.cost[h] + c <= ma:
                    out.append(edge)
                    break
    return out


def exited(state: OtState, edge: str, hexes: frozenset[str] | None = None) -> list[str]:
    """German combat units exited off ``edge`` (from one of ``hexes`` if given)."""
    out = []
    for u, where in state.off_map.items():
        if where.startswith(f"exited_{edge}:") and state.side_of(u) == "german":
            h = where.split(":", 1)[1]
            if hexes is None or h in hexes:
                out.append(u)
    return out


def held(state: OtState, name: str) -> bool:
    h = state.data.place_hex.get(name)
    return h is not None and state.control.get(h) == "german"


# -- victory conditions --------------------------------------------------------------------------------
def evaluate_victory(state: OtState) -> tuple[str, str | None, str]:
    """The level of victory at the end (18.19, 18.29, 18.39, 18.49), its winner and why."""
    key = state.scenario_key
    if key == "18.1":
        idx, why = _victory_18_1(state)
    elif key == "18.2":
        idx, why = _victory_places(state, ("Klin", "Solnechnogorsk", "Istra", "Radov", "Dmitrov", "Dubna", "Mytischki",
                                           "Ivanteyevka", "Zagorsk", "Aleksandrov"), (6, 5, 4, 3, 2))
    elif key == "18.3":
        idx, why = _victory_places(state, ("Zvenigorod", "Naro-Fominsk", "Serpukov", "Micinevo", "Podol'sk", "Kuntsevo",
                                           "Lenino", "Brinnizsi", "Kolomna", "Yegor'yevski", "Kurovskoye", "Klimovsk"), (8, 6, 4, 3, 2))
    else:
        idx, why = _victory_campaign(state)
    level = LEVELS[idx]
    return level, ("german" if idx >= 3 else "russian"), why


def _victory_18_1(state: OtState) -> tuple[int, str]:
    """18.19: Tula and the five towns; four exits north for Decisive; five east shift one step."""
    tula = held(state, "Tula")
    k = sum(held(state, t) for t in TOWNS_18_1)
    north = len(exited(state, "N"))
    east = len(exited(state, "E"))
    if north >= 4 and tula and k >= 3:
        idx = 5
    elif k == 5 or (tula and k >= 3):
        idx = 4
    elif k >= 4 or (tula and k >= 2):
        idx = 3
    elif not tula and k == 0:
        idx = 0
    elif not tula and k < 2:
        idx = 1
    else:
        idx = 2
    why = f"Tula {'held' if tula else 'not held'}, {k} of the five towns, {north} units exited north, {east} east (18.19)"
    if east >= 5 and idx < 5:
        idx += 1
        why += "; five exits east shift one level to the German (18.19 modifier)"
    return idx, why


def _victory_places(state: OtState, places: tuple[str, ...], thresholds: tuple[int, ...]) -> tuple[int, str]:
    """18.29 / 18.39 (partial, D50): the count of the scenario's places held decides the level
    (Decisive, Substantive, Marginal German; Marginal, Substantive Soviet; else Decisive Soviet)."""
    k = sum(held(state, p) for p in places)
    dg, sg, mg, ms, ss = thresholds
    idx = 5 if k >= dg else 4 if k >= sg else 3 if k >= mg else 2 if k >= ms else 1 if k >= ss else 0
    return idx, f"{k} of the {len(places)} places held (partial: exit and Kremlin conditions not yet applied)"


def _victory_campaign(state: OtState) -> tuple[int, str]:
    """18.49 (D40): the Historical Plan's VP levels; the Encirclement and Broad Front Plans add
    their conditions to the German levels."""
    vp = state.vp
    soviet = 0 if vp < 15 else 1 if vp < 30 else 2 if vp < 50 else None
    plan = state.plan or "historical"
    east = len(exited(state, "E"))
    if plan == "historical":
        idx = 5 if vp >= 120 else 4 if vp >= 80 else 3 if vp >= 50 else soviet
    elif plan == "encirclement":
        enc = moscow_encircled(state) or east >= 30
        idx = 5 if (vp >= 50 and enc) else 4 if (vp >= 35 and enc) else 3 if vp >= 50 else soviet
        if idx == 2 and vp >= 35 and enc:
            idx = 3  # the voided Soviet Marginal Victory
    else:
        idx = 4 if (vp >= 50 and east >= 30) else 3 if (vp >= 50 or (east >= 30 and vp >= 40)) else soviet
    if idx is None:
        idx = 2
    return idx, f"{vp} German VP, Plan {plan}, {east} units exited east (18.49)"


def moscow_encircled(state: OtState) -> bool:
    """18.49: no road path from the Kremlin (B3531) to the east edge free of German units and
    their ZOC (Russian units negate it)."""
    scen, d = state.scen, state.data
    start = d.grid.canonical("B3531")
    ezoc = enemy_zoc(state, "russian")
    germans = {state.stacks.hex_of[u] for u in state.on_map("german")}
    russians = {state.stacks.hex_of[u] for u in state.on_map("russian")}
    seen, frontier = {start}, [start]
    while frontier:
        x = frontier.pop()
        if x in scen.east_edge:
            return False
        for n in scen.neighbours[x]:
            if n not in seen and d.is_road(x, n) and n not in germans and (n not in ezoc or n in russians):
                seen.add(n)
                frontier.append(n)
    return True


def scores(state: OtState, level: str) -> dict[str, float]:
    idx = LEVELS.index(level)
    return {"german": float(idx), "russian": float(5 - idx), "vp": float(state.vp)}
