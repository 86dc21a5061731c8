"""16.1 German Victory Points, control of places (16.14, 18.19, 18.29, 18.39), the exits of
18.19 / 18.29 / 18.49 and the victory conditions of the scenarios."""

from __future__ import annotations

import functools
from typing import Any

from .movement import enemy_zoc, hex_cost, movement_allowance
from .state import OtState
from .supply import imaginary_german_unit_supplied

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
    """18.18(e): no Victory Points are recorded in 18.1 (scenario parameter ``victory_points_recorded``)."""
    return bool(state.scen.params.get("victory_points_recorded", True))


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
def exit_hexes(state: OtState, side: str = "german") -> dict[str, dict[str, str]]:
    """The edges German units may exit by, per scenario: for each edge, the hex a unit leaves
    from -> the hex whose cost it pays. 18.19: north east of 3932 (D39) and east (the
    modifier), the cost of the hex exited from; 18.29: "entering the 0100 hexrow" between 0126
    and 0133 at the cost of the hexrow's hex (closed to movement, 18.28(b)), and east (modifier
    (2)); 18.39: east (the modifier); 18.49: the east edge (by Entry Area); 18.5: the Russian
    off the western map edge. Fixed by the scenario: worked out once per scenario (do not modify
    the answer)."""
    if side == "russian":
        return _russian_exit_hexes(state.scen)
    return _exit_hexes(state.scen)


@functools.cache
def _russian_exit_hexes(scen: Any) -> dict[str, dict[str, str]]:
    """18.5: Soviet combat units may exit the western map edge (the game's 12.12 west edge)."""
    return {"W": {h: h for h in scen.west_edge}} if scen.key == "18.5" else {}


@functools.cache
def _exit_hexes(scen: Any) -> dict[str, dict[str, str]]:
    key = scen.key
    g = scen.data.grid
    east = {h: h for h in scen.east_edge}
    if key == "18.1":
        north = {h: h for h in scen.north_edge if any(a.startswith("C39") and int(a[3:]) > 32 for a in g.aliases(h))}
        return {"N": north, "E": east}
    if key == "18.2":
        row = [h for h in scen.hexes if any(a.startswith("A01") and 26 <= int(a[3:]) <= 33 for a in g.aliases(h))]
        south: dict[str, str] = {}
        for x in sorted(row):
            for n in scen.neighbours[x]:
                if not any(a.startswith("A01") for a in g.aliases(n)):
                    south.setdefault(n, x)
        return {"S": south, "E": east}
    return {"E": east}


def exit_options(state: OtState, uid: str, reach: Any, ctx: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """18.19 / 18.29 / 18.39 / 18.49: the edges ``uid`` may exit by this move, each with the
    hex it leaves from and the hex recorded as its exit. A unit exits by entering a hypothetical
    hex (18.29: the hexrow's hex) at that hex's cost; German combat (non-HQ) units only."""
    unit = state.data.units[uid]
    if unit.is_hq:
        return {}
    ma = movement_allowance(state, uid)
    out = {}
    for edge, hexes in exit_hexes(state, unit.side).items():
        for h in sorted(hexes, key=lambda x: reach.cost.get(x, 999)):
            if h in reach.cost and h not in ctx["ezoc"]:
                c = hex_cost(state, hexes[h], unit.mech)
                if c is not None and reach.cost[h] + c <= ma:
                    out[edge] = (h, hexes[h])
                    break
    return out


def exit_edges_reached(state: OtState, uid: str, reach: Any, ctx: dict[str, Any]) -> list[str]:
    """The edges of :func:`exit_options`."""
    return list(exit_options(state, uid, reach, ctx))


def exited(state: OtState, edge: str, hexes: frozenset[str] | None = None, side: str = "german") -> list[str]:
    """``side``'s combat units exited off ``edge`` (from one of ``hexes`` if given)."""
    out = []
    for u, where in state.off_map.items():
        if where.startswith(f"exited_{edge}:") and state.side_of(u) == side:
            h = where.split(":", 1)[1]
            if hexes is None or h in hexes:
                out.append(u)
    return out


def exit_hexes_used(state: OtState, edge: str) -> set[str]:
    return {state.off_map[u].split(":", 1)[1] for u in exited(state, edge)}


def exits_traced(state: OtState, edge: str) -> bool:
    """18.19 / 18.29: an imaginary German unit in every hex the units exited from is in or out
    of supply, not isolated (at the end of the game)."""
    return all(imaginary_german_unit_supplied(state, h) for h in exit_hexes_used(state, edge))


def exited_by_area(state: OtState, areas: tuple[int, ...], double: tuple[int, ...] = ()) -> int:
    """18.49: units exited off the east edge in the given Entry Areas (those of ``double``
    counting two: Strategic Encirclement, Entry Area 7)."""
    n = 0
    for h in (state.off_map[u].split(":", 1)[1] for u in exited(state, "E")):
        area = next((a for a in areas if h in state.data.entry_areas.get(a, ())), None)
        if area is not None:
            n += 2 if area in double else 1
    return n


def held(state: OtState, name: str) -> bool:
    h = state.data.place_hex.get(name)
    return h is not None and state.control.get(h) == "german"


# -- victory conditions --------------------------------------------------------------------------------
PLACES_18_2 = ("Klin", "Solnechnogorsk", "Istra", "Radov", "Dmitrov", "Dubna", "Mytischki", "Ivanteyevka", "Zagorsk", "Aleksandrov")
PLACES_18_3 = ("Zvenigorod", "Naro-Fominsk", "Serpukov", "Micinevo", "Podol'sk", "Kuntsevo", "Lenino", "Brinnizsi", "Kolomna",
               "Yegor'yevski", "Kurovskoye", "Klimovsk")


def evaluate_victory(state: OtState) -> tuple[str, str | None, str]:
    """The level of victory at the end (18.19, 18.29, 18.39, 18.49; 18.5's two steps), its winner and why."""
    key = state.scenario_key
    if key == "18.1":
        idx, why = _victory_18_1(state)
    elif key == "18.2":
        idx, why = _victory_18_2(state)
    elif key == "18.3":
        idx, why = _victory_18_3(state)
    else:
        idx, why = _victory_campaign(state)
        if key == "18.5":
            idx, why = _extended_shifts(state, idx, why)
    level = LEVELS[idx]
    return level, ("german" if idx >= 3 else "russian"), why


def _shift(idx: int, steps: int) -> int:
    """A victory level shifted ``steps`` toward the German (negative: toward the Soviet), within the scale."""
    return max(0, min(len(LEVELS) - 1, idx + steps))


def _victory_18_1(state: OtState) -> tuple[int, str]:
    """18.19: Tula and the five towns; four exits north east of 3932 whose hexes an imaginary
    German unit traces from (not isolated) for Decisive; five exits east shift one step."""
    tula = held(state, "Tula")
    k = sum(held(state, t) for t in TOWNS_18_1)
    north = len(exited(state, "N"))
    east = len(exited(state, "E"))
    if north >= 4 and exits_traced(state, "N") and tula and k >= 3:
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
    if east >= 5:
        idx = _shift(idx, 1)
        why += "; five exits east shift one level to the German (18.19 modifier)"
    return idx, why


def _victory_18_2(state: OtState) -> tuple[int, str]:
    """18.29: units exited into hexrow 0100 between 0126 and 0133 (their hexes traced from, not
    isolated) and the ten Cities or Towns; modifiers (1) more than 15 VP, (2) three exits east.
    Where no level's words hold (exits enough but a place short of the German level), the
    Marginal Soviet Victory (D57)."""
    k = sum(held(state, p) for p in PLACES_18_2)
    x = len(exited(state, "S"))
    traced = exits_traced(state, "S")
    east = len(exited(state, "E"))
    if traced and x >= 6 and k >= 6:
        idx = 5
    elif traced and x >= 4 and k >= 5:
        idx = 4
    elif traced and x >= 2 and k >= 4:
        idx = 3
    elif x == 0 and k <= 1:
        idx = 0
    elif x == 0 and k <= 2:
        idx = 1
    else:
        idx = 2
    why = f"{x} units exited through hexrow 0100{'' if traced or not x else ' (their hexes isolated)'}, {k} of the ten places held (18.29)"
    if state.vp > 15:
        idx = _shift(idx, 1)
        why += f"; {state.vp} VP (more than 15) shift one level to the German (18.29 modifier 1)"
    if east >= 3:
        idx = _shift(idx, 1)
        why += f"; {east} exits east shift one level to the German (18.29 modifier 2)"
    return idx, why


def _victory_18_3(state: OtState) -> tuple[int, str]:
    """18.39: the twelve Cities or Towns (D23), a German unit not isolated in the Kremlin
    (3531), unisolated combat units east of the Moskva south of hexrow 3200 (D57); three
    exits east shift one step."""
    from .supply import determine_supply

    status = determine_supply(state)
    d = state.data
    k = sum(held(state, p) for p in PLACES_18_3)
    kremlin = d.grid.canonical("B3531")
    in_kremlin = [u for u in state.at(kremlin) if state.side_of(u) == "german" and status.get(u) != "isolated"]
    kremlin_any = bool(in_kremlin)
    kremlin_combat = any(not d.units[u].is_hq for u in in_kremlin)
    region = east_of_moskva(state.scen)
    beyond = sum(1 for u in state.on_map("german") if not d.units[u].is_hq and state.hex_of(u) in region
                 and status.get(u) != "isolated")
    east = len(exited(state, "E"))
    if k >= 8 and (kremlin_any or beyond >= 10):
        idx = 5
    elif (k >= 6 and kremlin_any) or (k >= 8 and beyond >= 5):
        idx = 4
    elif kremlin_combat or k >= 6:
        idx = 3
    elif k >= 5:
        idx = 2
    elif k >= 4:
        idx = 1
    else:
        idx = 0
    why = (f"{k} of the twelve places held, {'a' if kremlin_any else 'no'} German unit not isolated in the Kremlin, "
           f"{beyond} unisolated combat units east of the Moskva south of hexrow 3200 (18.39)")
    if east >= 3:
        idx = _shift(idx, 1)
        why += f"; {east} exits east shift one level to the German (18.39 modifier)"
    return idx, why


@functools.cache
def east_of_moskva(scen: Any) -> frozenset[str]:
    """18.39 (b): the hexes "east of the Moskva River, south of hexrow 3200" (scenario parameter
    ``east_of_moskva``; reconstructed from the Moskva's course, D57)."""
    g = scen.data.grid
    return frozenset(g.canonical(h) for h in scen.params.get("east_of_moskva", ()))


def _victory_campaign(state: OtState) -> tuple[int, str]:
    """18.49 (D40): the Historical Plan's VP levels; the Encirclement Plan's exits count in Entry
    Areas 6-8 (7 double), the Broad Front's in 5-9."""
    vp = state.vp
    soviet = 0 if vp < 15 else 1 if vp < 30 else 2 if vp < 50 else None
    plan = state.plan or "historical"
    if plan == "historical":
        east = 0
        idx = 5 if vp >= 120 else 4 if vp >= 80 else 3 if vp >= 50 else soviet
    elif plan == "encirclement":
        east = exited_by_area(state, (6, 7, 8), double=(7,))
        enc = moscow_encircled(state) or east >= 30
        idx = 5 if (vp >= 50 and enc) else 4 if (vp >= 35 and enc) else 3 if vp >= 50 else soviet
        if idx == 2 and vp >= 35 and enc:
            idx = 3  # the voided Soviet Marginal Victory
    else:
        east = exited_by_area(state, (5, 6, 7, 8, 9))
        idx = 4 if (vp >= 50 and east >= 30) else 3 if (vp >= 50 or (east >= 30 and vp >= 40)) else soviet
    if idx is None:
        idx = 2
    return idx, f"{vp} German VP, Plan {plan}, {east} units exited east counting for the Plan (18.49)"


def _extended_shifts(state: OtState, idx: int, why: str) -> tuple[int, str]:
    """18.5: one step to the Soviet for at least 12 Soviet combat units west of the (printed,
    D38) front line at the end, another for at least 12 exited off the western map edge."""
    d = state.data
    west = sum(1 for u in state.on_map("russian") if not d.units[u].is_hq and state.scen.west_of_front(state.hex_of(u)))
    out = len(exited(state, "W", side="russian"))
    if west >= 12:
        idx = _shift(idx, -1)
        why += f"; {west} Soviet units west of the front line shift one level to the Soviet (18.5)"
    if out >= 12:
        idx = _shift(idx, -1)
        why += f"; {out} Soviet units exited west shift one level to the Soviet (18.5)"
    return idx, why


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
