"""12.0 Supply (with 11.3's effects of support): the Mutual Supply Determination Phase."""

from __future__ import annotations

from ...core.paths import flood
from .movement import enemy_zoc
from .state import OtState, other
from .strength import parent_of


def supply_line_length(state: OtState) -> int:
    """12.11 / 12.14 / 13.56 (D5, D8): six hexes, four with snow on the ground."""
    return 4 if state.snow else 6


def passable_for(state: OtState, side: str):
    """12.31 / 6.51 / 6.52: never through enemy-occupied or enemy-controlled hexes, unless a
    friendly unit occupies the controlled hex."""
    ezoc = enemy_zoc(state, side)
    enemy = {state.stacks.hex_of[u] for u in state.on_map(other(side))}
    friendly = {state.stacks.hex_of[u] for u in state.on_map(side)}

    def passable(h: str) -> bool:
        return h not in enemy and (h not in ezoc or h in friendly)

    return passable


def german_sources(state: OtState, passable) -> set[str]:
    """12.12: the westernmost hexes, and every road hex joined to a road leaving the west edge
    by road hexes free of the enemy (a) and (b)."""
    d, scen = state.data, state.scen
    sources = {h for h in scen.west_edge if passable(h)}
    frontier = [h for h in scen.road_sources if passable(h)]
    seen = set(frontier)
    while frontier:
        h = frontier.pop()
        for n in scen.neighbours[h]:
            if n not in seen and d.is_road(h, n) and passable(n):
                seen.add(n)
                frontier.append(n)
    return sources | seen


def russian_sources(state: OtState) -> set[str]:
    """12.22: the easternmost hexes and every City hex (D29: while not German-controlled)."""
    scen = state.scen
    cities = {h for h in state.data.cities if h in scen.hexes and state.control.get(h) != "german"}
    return set(scen.east_edge) | cities


def determine_supply(state: OtState) -> dict[str, str]:
    """4.2 C.1 / D.1: every unit on the map In Supply, Out of Supply or Isolated (12.1-12.6)."""
    out: dict[str, str] = {}
    out.update(_german_supply(state))
    out.update(_russian_supply(state))
    for u, t in state.entered.items():
        if u in out and state.turn - t < 2:
            out[u] = "in"  # 12.62 / 15.24: reinforcements' first two Game-Turns
    armies = state.scen.params.get("russian_always_in_supply", ())
    if armies:
        for u in state.on_map("russian"):
            if parent_of(state, u) in armies:
                out[u] = "in"  # 18.28(c): the 20th Army always In Supply
    return out


def _german_supply(state: OtState) -> dict[str, str]:
    side = "german"
    units = state.on_map(side)
    if not units:
        return {}
    passable = passable_for(state, side)
    n = supply_line_length(state)
    sources = german_sources(state, passable)
    d = state.data
    nb = state.scen.neighbours.__getitem__
    from_sources = flood(sources, nb, passable, max_length=n)
    hq_ok: dict[str, bool] = {}
    hq_reach_n: dict[str, dict[str, int]] = {}
    hq_reach_any: dict[str, dict[str, int]] = {}
    for u in units:
        if d.units[u].is_hq:
            h = state.hex_of(u)
            hq_ok[u] = h in from_sources  # 12.11 HQ to source (12.41 a, b)
            hq_reach_n[u] = flood([h], nb, passable, max_length=n)
    out: dict[str, str] = {}
    restricted = _scenario_unsupplied(state)
    for u in units:
        unit = d.units[u]
        if unit.is_hq:
            out[u] = "in"  # 12.61
            continue
        h = state.hex_of(u)
        hq = d.hq_of.get((side, parent_of(state, u)))
        own = hq if hq in hq_reach_n else None
        if own is not None and h in hq_reach_n[own]:
            status = "in" if hq_ok[own] else "out"  # 12.41 a, b
        else:
            near_any = any(h in r for r in hq_reach_n.values())
            if own is not None:
                if own not in hq_reach_any:
                    hq_reach_any[own] = flood([state.hex_of(own)], nb, passable)
                to_own = h in hq_reach_any[own]
            else:
                to_own = False
            status = "out" if (to_own or near_any) else "isolated"  # 12.41 c, d; 12.51 a (D33)
        if own is not None and own in state.unsupported:
            status = "out" if status == "in" else "isolated"  # 12.41 e, 12.51 b
        if status == "in" and u in restricted:
            status = "out"  # 18.18(a)
        out[u] = status
    return out


def _scenario_unsupplied(state: OtState) -> set[str]:
    """18.18(a), 18.28(a), 18.38(a) and 18.48 (D24): the German units a scenario puts Out of
    Supply on its first Game-Turns whatever their supply (scenario parameter ``german_out_of_supply``)."""
    out: set[str] = set()
    for rule in state.scen.params.get("german_out_of_supply", []):
        first, last = rule["turns"]
        if first <= state.turn <= last:
            out.update(u for u in state.on_map("german") if _named_by(state, u, rule))
    return out


def german_army_of(state: OtState, uid: str) -> str | None:
    """2.34: the army of a German unit, through the HQ of the corps it belongs to (18.18(c))."""
    d = state.data
    hq = d.hq_of.get(("german", parent_of(state, uid)))
    return d.army_of_hq(hq) if hq is not None else None


def _named_by(state: OtState, uid: str, rule: dict) -> bool:
    """A unit named by a rule's ``armies`` (2nd Panzer Army: 18.18(a)), printed ``corps``
    (18.28(a)) or ``scenario_units`` (the German units of a scenario's set-up: 18.38(a), D24)."""
    if "armies" in rule:
        return german_army_of(state, uid) in rule["armies"]
    if "corps" in rule:
        return state.data.units[uid].parent in rule["corps"]
    sid = rule.get("scenario_units")
    if sid is not None:
        return uid in _setup_units(state.data, sid)
    return True


def _setup_units(data, sid: str) -> frozenset[str]:
    """The units a scenario sets up (listed hexes and "anywhere" HQs)."""
    from .data import SCENARIOS

    key = next(k for k, v in SCENARIOS.items() if v == sid)
    scen = data.scenario(key)
    return frozenset(scen.setup) | frozenset(scen.anywhere)


def imaginary_german_unit_supplied(state: OtState, h: str) -> bool:
    """18.19 / 18.29: an imaginary German unit in ``h`` is In or Out of Supply, not Isolated:
    it traces to a German HQ within six (snow: four) hexes (12.51(a), D33; it has no HQ of its own)."""
    passable = passable_for(state, "german")
    hqs = {state.hex_of(u) for u in state.on_map("german") if state.data.units[u].is_hq}
    reach = flood([h], state.scen.neighbours.__getitem__, passable, max_length=supply_line_length(state))
    return bool(hqs & set(reach))


def _russian_supply(state: OtState) -> dict[str, str]:
    side = "russian"
    units = state.on_map(side)
    if not units:
        return {}
    d = state.data
    passable = passable_for(state, side)
    nb = state.scen.neighbours.__getitem__
    sources = russian_sources(state)
    near_source = flood([s for s in sources if passable(s)], nb, passable, max_length=3)  # 12.21
    any_source = flood([s for s in sources if passable(s)], nb, passable)
    hq_areas: dict[str, dict[str, int]] = {}
    for u in units:
        if d.units[u].is_hq:
            hq_areas[u] = flood([state.hex_of(u)], nb, passable)
    out: dict[str, str] = {}
    for u in units:
        unit = d.units[u]
        h = state.hex_of(u)
        if unit.is_hq:
            out[u] = "in"  # 12.61
            continue
        hq = d.hq_of.get((side, parent_of(state, u)))
        if h in near_source or (hq in hq_areas and h in hq_areas[hq]):
            out[u] = "in"  # 12.21
        elif h in any_source or any(h in a for a in hq_areas.values()):
            out[u] = "out"  # 12.42
        else:
            out[u] = "isolated"  # 12.52
    return out
