"""10.14-11.31 Battles: who may attack what, the odds with every shift named, retreats.

Used by the rules (true factors, after the reveal) and by the previews (public factors: an
untried unit counts at its type's mean, never its drawn value).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.odds import Shift
from . import november_offensive as no
from .combat_odds import final_odds, label
from .concentric import is_concentric
from .gamedata import GERMAN, SOVIET, STACK_LIMIT, Face, other
from .movement import bound_to_south, german_supply, gzoc, on_south_sheet
from .state import DomState


# -- who fights --------------------------------------------------------------------------------
def defenders(state: DomState, target: str) -> list[str]:
    """11.1/11.3/11.27: the units in ``target`` that defend: not yet attacked this combat
    phase and not retreated in this phase."""
    return [u for u in state.at(target) if u not in state.defended and u not in state.retreated_in]


def may_attack_across(state: DomState, a: str, b: str, u: str) -> bool:
    """10.10/11.15 never across a reservoir; 11.13 mechanized units other than cavalry never
    attack into marsh."""
    m = state.data.map
    if m.is_reservoir(a, b):
        return False
    return not (m.terrain[b] == "marsh" and state.is_mech(u) and not state.is_cavalry(u))


def eligible_attackers(state: DomState, side: str, target: str) -> list[str]:
    """11.2/11.3/11.5: own units adjacent to ``target`` that have not attacked this phase."""
    if side == GERMAN and not no.german_attacks_allowed(state.turn, state.declared):
        return []  # 12.1 L1381
    out = []
    for n in state.data.neighbours[target]:
        for u in state.at(n):
            if state.side_of(u) == side and u not in state.attacked and may_attack_across(state, n, target, u):
                if bound_to_south(state, u) and not on_south_sheet(state, target):
                    continue  # 5.3 / D-36: a unit that used MF 14 attacks only on the south map
                out.append(u)
    return out


def targets(state: DomState, side: str) -> list[str]:
    """Enemy hexes with a defender left and an eligible attacker next to them."""
    enemy = other(side)
    hexes = sorted(state.hexes_of(enemy))
    return [h for h in hexes if defenders(state, h) and eligible_attackers(state, side, h)]


# -- factors -----------------------------------------------------------------------------------
def attack_factor(state: DomState, u: str, target: str, face: Face, supplied: frozenset[str]) -> int:
    """2.9 attack factor; 11.17/11.18 German panzer units attacking a city or a fortification
    use their defence factor; 8.5 a German unit out of supply at the start of the battle
    attacks with 0 (D-23)."""
    if state.side_of(u) == GERMAN:
        if state.hex_of(u) not in supplied:
            return 0
        m = state.data.map
        if state.is_panzer(u) and (target in m.cities or target in m.forts):
            return face.defence
    return face.attack


def totals(state: DomState, target: str, attackers: Sequence[str], defending: Sequence[str], public: bool) -> tuple[int, int]:
    face = state.public_face if public else state.true_face
    supplied = german_supply(state)
    att = sum(attack_factor(state, u, target, face(u) or Face(0, 0), supplied) for u in attackers)
    dfn = sum((face(u) or Face(0, 0)).defence for u in defending)
    return att, dfn


def shifts(state: DomState, kind: str, side: str, target: str, attackers: Sequence[str], air: dict[str, int],
           launch: str | None = None) -> list[Shift]:
    """Every column shift of a battle (11.10-11.21, 5.2, 5.3, 10.16, 12.2, 12.3, 11.19);
    positive in the attacker's favour."""
    m = state.data.map
    out: list[Shift] = []
    defender = other(side)
    if target in m.cities:
        out.append(Shift(-2, "defender in a city", "11.17"))
    if target in m.forts and defender == SOVIET:
        out.append(Shift(-1, "Soviet defender in a fortification", "11.18"))
    if kind == "ma" and m.terrain[target] == "forest" and defender == SOVIET:
        out.append(Shift(-1, "Soviet defender in forest against a mobile assault", "11.12"))
    from_hexes = {launch} if kind == "ma" and launch else {state.hex_of(u) for u in attackers}
    from_hexes.discard(None)
    if from_hexes and all(m.is_river(h, target) for h in from_hexes):
        out.append(Shift(-1, "every attacker across a river", "11.14; 10.16"))
    if kind == "pa" and target not in m.cities and from_hexes and is_concentric(target, from_hexes, m.grid):
        out.append(Shift(1, "concentric prepared assault", "11.20"))
    if side == GERMAN:
        if kind == "pa" and no.german_pa_bonus(state.turn, state.declared, state.order == "fight-move"):
            out.append(Shift(1, "German prepared assault bonus (fight/move, Game Turn 1 or November Offensive; never cumulative)", "5.2; 5.3; 12.2; D-2"))
        if kind == "ma" and state.turn == 1:
            out.append(Shift(1, "Game Turn 1 German momentum", "5.3"))
    f = no.forfeit_shift(side, state.turn, state.declared)
    if f:
        out.append(Shift(f, "no November Offensive declared" + (": German attacks" if f < 0 else ": Soviet attacks"), "12.3; D-10"))
    if air.get(side):
        out.append(Shift(air[side], f"{air[side]} attacking aircraft", "11.19"))
    if air.get(defender):
        out.append(Shift(-air[defender], f"{air[defender]} defending aircraft", "11.19"))
    return out


def odds_summary(state: DomState, kind: str, side: str, target: str, attackers: Sequence[str], air: dict[str, int],
                 launch: str | None = None, public: bool = True, defending: Sequence[str] | None = None) -> dict[str, Any]:
    """The odds of a battle as data: factors, raw and final odds, every shift named, and the
    chance of each result (11.7-11.9, 11.21)."""
    if defending is None:
        defending = defenders(state, target) if kind == "pa" else list(state.at(target))
    att, dfn = totals(state, target, attackers, defending, public)
    sh = shifts(state, kind, side, target, attackers, air, launch)
    crt = state.data.crt
    if dfn <= 0:
        return {"attack": att, "defence": dfn, "odds": "-", "final": "-", "column": None, "automatic": "DE",
                "shifts": [], "modifiers": [], "results": {"DE": 1.0}, "estimated": public and any(state.is_hidden(u) for u in (*attackers, *defending))}
    o = final_odds(att, dfn, sh)
    if o.automatic:
        results = {o.automatic: 1.0}
    else:
        results = {r: float(p) for r, p in crt.distribution(o.column).items()}
    return {
        "attack": att,
        "defence": dfn,
        "odds": label(o.raw) if att > 0 else "0",
        "final": label(o.final) if att > 0 else "below 1:3",
        "column": None if o.automatic else crt.columns[o.column],
        "automatic": o.automatic,
        "shifts": [{"columns": s.columns, "reason": s.reason, "rule": s.rule} for s in sh],
        "modifiers": [str(s) for s in sh],
        "results": results,
        "estimated": public and any(state.is_hidden(u) for u in (*attackers, *defending)),
        "text": o.text(),
    }


# -- retreats ------------------------------------------------------------------------------------
def supply_distance(state: DomState, side: str) -> dict[str, int]:
    """D-6: trace distance (in hexes, by the side's 8.3 trace rules) to its supply sources."""
    m = state.data.map
    nb = state.data.neighbours
    if side == SOVIET:
        ger = state.hexes_of(GERMAN)
        zoc = gzoc(state)
        sov = state.hexes_of(SOVIET)
        sources = [h for h in m.soviet_sources if state.control.get(h, SOVIET) == SOVIET]
        sources += [h for h in m.cities if h not in state.ever_german]

        def passable(h: str) -> bool:
            return h not in ger and not (h in m.cities and state.control.get(h) == GERMAN) and (h not in zoc or h in sov)
    else:
        sov = state.hexes_of(SOVIET)
        sources = list(m.german_sources)

        def passable(h: str) -> bool:
            return h not in sov and not (h in m.cities and state.control.get(h) == SOVIET)
    dist = {h: 0 for h in sources if passable(h)}
    frontier = list(dist)
    d = 0
    while frontier:
        d += 1
        nxt = []
        for h in frontier:
            for n in nb[h]:
                if n in dist or not passable(n) or (side == GERMAN and m.is_reservoir(h, n)):
                    continue
                dist[n] = d
                nxt.append(n)
        frontier = nxt
    return dist


def _retreat_hexes(state: DomState, target: str, movers: Sequence[str], launch: str | None,
                   assault_zoc: frozenset[str]) -> list[str]:
    """Adjacent hexes every mover may enter, stacking aside (11.25/11.26, 7.2, 10.22)."""
    m = state.data.map
    side = state.side_of(movers[0])
    enemy = other(side)
    zoc = gzoc(state) - assault_zoc if side == SOVIET else frozenset()
    ok = []
    for h in state.data.neighbours[target]:
        if h == launch or m.is_reservoir(target, h):
            continue
        if state.side_at(h) == enemy:
            continue
        if h in m.cities and state.control.get(h) == enemy:
            continue
        if h in zoc:
            continue
        if any(m.terrain[h] == "marsh" and state.is_mech(u) and not state.is_cavalry(u) for u in movers):
            continue
        ok.append(h)
    return ok


def retreat_options(state: DomState, target: str, movers: Sequence[str], kind: str = "pa", launch: str | None = None,
                    assault_zoc: frozenset[str] = frozenset()) -> list[str]:
    """11.25/11.26: adjacent hexes the whole stack may retreat into: no enemy units, no enemy
    controlled city, normal movement prohibitions (reservoirs, marsh for mechanized non-
    cavalry), stacking, and for Soviet units no GZOC (7.2, D-5; in an MA the assaulting
    force's own ZOC does not count, 10.22); never the MA launch hex (10.22). Then D-6 (PA:
    nearest supply) or 10.22 (MA: the hexside priority) picks among them."""
    if not movers:
        return []
    ok = [h for h in _retreat_hexes(state, target, movers, launch, assault_zoc)
          if len(state.at(h)) + len(movers) <= STACK_LIMIT]
    if not ok:
        return []
    if kind == "ma" and launch is not None:
        return ma_priority(state, target, launch, ok)
    dist = supply_distance(state, state.side_of(movers[0]))
    best = min(dist.get(h, 10**6) for h in ok)
    return [h for h in ok if dist.get(h, 10**6) == best]


def split_retreat_possible(state: DomState, target: str, movers: Sequence[str], launch: str | None = None,
                           assault_zoc: frozenset[str] = frozenset()) -> bool:
    """11.26 L1285-1288 (D-37): when no single hex can take the whole stack, it breaks up if
    the hexes open to the retreat together have room for every unit of it."""
    if len(movers) < 2:
        return False
    room = sum(max(0, STACK_LIMIT - len(state.at(h))) for h in _retreat_hexes(state, target, movers, launch, assault_zoc))
    return room >= len(movers)


def ma_priority(state: DomState, target: str, launch: str, ok: list[str]) -> list[str]:
    """10.22: first the hex opposite the hexside the assault came through, then the two
    beside it (owner's choice), and so on round towards the launch hexside."""
    grid = state.data.map.grid
    dirs = list(grid.directions)
    came = dirs.index(grid.direction(target, launch))
    for k in range(3, 0, -1):  # distance 3 = opposite, then 2 (either side), then 1
        ring = [grid.neighbour(target, dirs[(came + s) % 6]) for s in {k, -k}]
        found = [h for h in ring if h in ok]
        if found:
            return sorted(set(found))
    return []
