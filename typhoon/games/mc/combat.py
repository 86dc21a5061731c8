"""Combat (002 L56-88): odds rounded for the defender, die-roll modifiers capped at -2, voluntary
odds reduction, ignoring Dr with re-rolls, multi-hex attacks, indivisible stacks, the full result
set (De, DeAd, Dr, Br, Ex, 1/2 Ex, Ar, Ae), Kampfgruppe substitution and advances after combat.

A battle (or an overrun, ``overrun.py``) is a dict in ``state.battle`` stepping through
``roll`` (chance) -> result -> ``retreat`` / ``lose`` / ``disrupt`` (choices) -> ``advance``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.odds import Modifier, ratio_column, total_modifier
from . import fortifications, movement, supply, weather
from .data import other, side_key
from .state import MCState

DRM_CAP = -2  # Combat (O) L72
RESULTS = ("De", "DeAd", "Dr", "Br", "Ex", "HEx", "Ar", "Ae")


# -- strengths ------------------------------------------------------------------------------
def attack_strength(state: MCState, unit: str) -> Fraction:
    """Attack strength now: printed (L5); EB none (Combat (S) L76); halved unsupplied at the
    instant of combat (L47, L51) and by the weather (L98-100); fractions kept ((J) L67).
    Halvings compound (decision D-HALVING)."""
    spec = state.data.units[unit]
    if spec.eb:
        return Fraction(0)
    s = Fraction(spec.strength)
    if not supply.in_supply(state, unit):
        s /= 2
    return s * weather.attack_factor(state.data, state.turn, spec.side, spec.mechanized)


def defence_strength(state: MCState, unit: str, supplied: bool | None = None) -> Fraction:
    """Defence strength now: printed; a Soviet [1]-10 armour counts only when stacked with a
    non-bracketed unit ((T) L77, decision D-ARMOUR) and is zero alone (Overrun (D) L95); halved
    unsupplied (L51), entrained (Rail (C) L117) and German in MUD (L99, D-MUD-DEFENCE).
    ``supplied``: the strength as if in supply (True) instead of tracing it (None)."""
    data = state.data
    spec = data.units[unit]
    if spec.soviet_armour and not any(not data.units[x].bracketed for x in state.at(state.hex_of(unit))):
        return Fraction(0)
    s = Fraction(spec.strength)
    if not (supply.in_supply(state, unit) if supplied is None else supplied):
        s /= 2
    if unit in state.entrained:
        s /= 2
    return s * weather.defence_factor(state.data, state.turn, spec.side)


def unmodified(state: MCState, unit: str) -> int:
    """Unmodified strength for exchanges (CRT Ex L82): the printed value."""
    return state.data.units[unit].strength


# -- who may attack whom ----------------------------------------------------------------------
def lake_between(state: MCState, a: str, b: str) -> bool:
    """Movement (L) L31: no combat through lake hexsides (until FREEZE, L102)."""
    return side_key(a, b) in state.data.lake and not weather.frozen(state.data, state.turn)


def may_attack(state: MCState, unit: str) -> str | None:
    """Why ``unit`` may not attack now (None if it may)."""
    data = state.data
    spec = data.units[unit]
    if unit not in state.stacks:
        return f"{unit} is not on the map"
    if spec.eb:
        return f"{unit} is an EB unit: strength for the defence only (Combat (S) L76)"
    if unit in state.attacked:
        return f"{unit} has already attacked this phase (Combat (C) L60)"
    if unit in state.disrupted:
        return f"{unit} is disrupted (CRT DeAd L79)"
    if unit in state.entrained:
        return f"{unit} is entrained (decision D-ENTRAINED-ATTACK)"
    if spec.soviet_armour and not any(not data.units[x].bracketed for x in state.at(state.hex_of(unit))):
        return f"{unit} must be stacked with a non-bracketed unit to attack (Combat (T) L77)"
    return None


def attackable(state: MCState, side: str, target: str) -> bool:
    """A hex of enemy units not yet attacked this phase; retreated units that are with friendly
    units not yet attacked may be attacked again (Combat (C) L60, (Q) L74)."""
    occ = state.at(target)
    return bool(occ) and state.side_of(occ[0]) != side and any(u not in state.defended for u in occ)


def why_not_attack(state: MCState, side: str, targets: tuple[str, ...], units: tuple[str, ...]) -> str | None:
    if not targets or not units:
        return "an attack names its target hexes and its units"
    for t in targets:
        if not attackable(state, side, t):
            return f"{t} holds no enemy unit that may be attacked now (Combat (C) L60, (Q) L74)"
    for u in units:
        if state.side_of(u) != side:
            return f"{u} is not a {side} unit"
        why = may_attack(state, u)
        if why:
            return why
        h = state.hex_of(u)
        for t in targets:
            if not state.data.grid.adjacent(h, t):
                return f"{u} is not adjacent to {t} (Combat (A) L58, (N) L71)"
            if lake_between(state, h, t):
                return f"{u} would attack through a lake hexside (Movement (L) L31)"
    return None


def targets(state: MCState, side: str) -> list[str]:
    """Hexes ``side`` may attack with at least one unit."""
    data = state.data
    out = set()
    for u, h in state.stacks.hex_of.items():
        if data.units[u].side == side and may_attack(state, u) is None:
            for n in data.neighbours[h]:
                if attackable(state, side, n) and not lake_between(state, h, n):
                    out.add(n)
    return sorted(out)


def eligible_attackers(state: MCState, side: str, tgts: tuple[str, ...]) -> tuple[str, ...]:
    data = state.data
    out = []
    for u in state.on_map(side):
        if may_attack(state, u) is not None:
            continue
        h = state.hex_of(u)
        if all(data.grid.adjacent(h, t) and not lake_between(state, h, t) for t in tgts):
            out.append(u)
    return tuple(sorted(out, key=data.unit_index.__getitem__))


# -- odds and modifiers -----------------------------------------------------------------------
def modifiers(state: MCState, side: str, tgts: tuple[str, ...], units: tuple[str, ...]) -> list[Modifier]:
    """Die-roll modifiers, each named: terrain of the defending hex (the best for the defender
    among the targets, D-MULTIHEX), rivers and fortified hexsides when every attacker attacks
    across them; the total is capped at -2 (Combat (O) L72, D-DRM-CAP)."""
    data = state.data
    mods: list[Modifier] = []
    best = min(tgts, key=lambda t: data.terrain_drm.get(data.terrain[t], 0))
    v = data.terrain_drm.get(data.terrain[best], 0)
    if v:
        mods.append(Modifier(v, f"defender in {data.terrain[best].replace('_', ' ')} ({best})", "Combat (O) L72; Terrain Effects Chart"))
    pairs = [(state.hex_of(u), t) for u in units for t in tgts]
    if not weather.frozen(data, state.turn) and pairs and all(side_key(a, b) in data.river for a, b in pairs):
        mods.append(Modifier(data.river_drm, "every attacker across a river hexside", "Combat (O) L72; FREEZE L102"))
    if side == "german" and pairs and all(fortifications.through_front(state, a, b) for a, b in pairs):
        mods.append(Modifier(data.fortified_drm, "German attack solely through the fronts of fortified hexsides", "Fortified (B) L105"))
    return mods


def capped(mods: list[Modifier]) -> int:
    """Combat (O) L72: the attacker never subtracts more than two."""
    return max(DRM_CAP, total_modifier(mods))


def column_of(state: MCState, attack: Fraction, defence: Fraction) -> int | None:
    """Combat (F) L63: odds rounded in the defender's favour; above 11-1 uses 11-1; below the
    first column: -1 (Ae, D-CRT); defence 0: None."""
    labels = state.data.odds_labels
    if defence == 0:
        return None
    col = ratio_column(attack, defence, labels)
    return min(col, len(labels) - 1)


def odds_summary(state: MCState, side: str, tgts: tuple[str, ...], units: tuple[str, ...], reduce_to: str | None = None, nodr: bool = False, overrun: bool = False) -> dict[str, Any]:
    """The odds of an attack with every modifier named and each result's chance (previews)."""
    data = state.data
    defenders = [u for t in tgts for u in state.at(t)]
    att = sum((attack_strength(state, u) for u in units), Fraction(0))
    dfn = sum((defence_strength(state, u) for u in defenders), Fraction(0))
    mods = modifiers(state, side, tgts, units)
    drm = capped(mods)
    if overrun and dfn > 0:
        col = len(data.crt_columns) - 1  # Overrun L91: the '11-1' column
    else:
        col = column_of(state, att, dfn)
        if col is not None and reduce_to is not None and reduce_to in data.crt_columns:
            col = min(col, data.crt_columns.index(reduce_to))  # Combat (L) L69
    if col is None:
        results = {"De": 1.0}
        label = "automatic"
    elif col < 0:
        results = {"Ae": 1.0}
        label = "below " + data.crt_columns[0]
    else:
        dist = data.crt.distribution(col, drm)
        if nodr and set(dist) != {"Dr"}:  # Combat (M) L70: Dr re-rolled until another result
            rest = sum(p for r, p in dist.items() if r != "Dr")
            dist = {r: p / rest for r, p in dist.items() if r != "Dr"}
        results = {r: float(p) for r, p in dist.items()}
        label = data.crt_columns[col]
    return {
        "targets": list(tgts), "attackers": list(units), "defenders": defenders,
        "attack": float(att), "defence": float(dfn), "attack_exact": str(att), "defence_exact": str(dfn),
        "odds": f"{att}:{dfn}", "column": label,
        "modifiers": [{"value": m.value, "reason": m.reason, "rule": m.rule} for m in mods],
        "drm": drm, "drm_uncapped": total_modifier(mods), "results": results,
        "result_names": {r: data.crt_results.get(r, r) for r in results},
        "ignore_dr": nodr, "reduced_to": reduce_to,
    }


# -- the battle ---------------------------------------------------------------------------------
def start(state: MCState, kind: str, side: str, tgts: tuple[str, ...], units: tuple[str, ...], events: list[Any], reduce_to: str | None = None, nodr: bool = False) -> None:
    """Declare a battle (Combat L57) or an overrun (Overrun L90-91)."""
    data = state.data
    defenders = [u for t in tgts for u in state.at(t)]
    summary = odds_summary(state, side, tgts, units, reduce_to, nodr, overrun=(kind == "overrun"))
    b = {
        "kind": kind, "side": side, "targets": list(tgts), "attackers": list(units), "defenders": defenders,
        "defender_hexes": {u: state.hex_of(u) for u in defenders}, "attacker_hexes": {u: state.hex_of(u) for u in units},
        "summary": summary, "nodr": nodr, "step": "roll", "result": None, "roll": None,
        "queue": [], "then": None, "need": "0", "lost": [], "disrupted": [], "kg_block": False,
    }
    state.battle = b
    if kind == "attack":
        state.attacked.update(units)
        state.defended.update(defenders)
    verb = "overruns" if kind == "overrun" else "attacks"
    events.append(f"{side.capitalize()} {verb} {'+'.join(tgts)} ({', '.join(defenders)}) with {', '.join(units)}: "
                  f"{summary['attack_exact']} to {summary['defence_exact']}, column {summary['column']}"
                  + (f", DRM {summary['drm']:+d} (" + "; ".join(f"{m['value']:+d} {m['reason']}" for m in summary['modifiers']) + ")" if summary["modifiers"] else "")
                  + (" (ignoring Dr)" if nodr else ""))
    col = summary["column"]
    if col == "automatic":
        # Combat (T) L77 / Overrun (D) L95: zero-defence targets are destroyed without a roll
        apply_result(state, "De", events, automatic=True)
    elif col.startswith("below"):
        apply_result(state, "Ae", events, automatic=True)


def roll_outcomes(state: MCState) -> list[tuple[int, Fraction]]:
    """The die (1d6, D-DIE); with 'ignore Dr' the rolls giving Dr are re-rolled (Combat (M) L70),
    which is the same as drawing among the other rolls."""
    b = state.battle
    faces = list(range(1, 7))
    if b["nodr"]:
        col = state.data.crt_columns.index(b["summary"]["column"])
        keep = [f for f in faces if state.data.crt.result(col, f, b["summary"]["drm"]) != "Dr"]
        if keep:
            faces = keep
    return [(f, Fraction(1, len(faces))) for f in faces]


def resolve_roll(state: MCState, roll: int, events: list[Any]) -> None:
    b = state.battle
    data = state.data
    col = data.crt_columns.index(b["summary"]["column"])
    drm = b["summary"]["drm"]
    result = data.crt.result(col, roll, drm)
    b["roll"] = roll
    events.append(f"roll {roll}" + (f" {drm:+d} = {data.crt.row_of(roll, drm)}" if drm else "") + f": {result} ({data.crt_results.get(result, result)})")
    apply_result(state, result, events)


def apply_result(state: MCState, result: str, events: list[Any], automatic: bool = False) -> None:
    """CRT L78-85 and notes L86-88."""
    b = state.battle
    b["result"] = result
    defenders = [u for u in b["defenders"] if u in state.stacks]
    attackers = [u for u in b["attackers"] if u in state.stacks]
    full_def = sum(full_value(state, u) for u in defenders)
    if result in ("De", "DeAd", "Ex", "HEx"):
        for u in defenders:
            eliminate(state, u, events, b)
    if result == "De":
        b["then"] = "advance"
    elif result == "DeAd":
        # L79: attacking units equal or exceeding the defenders' combat factors are disrupted;
        # the attacker chooses which (decision D-DEAD)
        b["need"] = str(Fraction(full_def))
        b["then"] = "disrupt"
    elif result in ("Ex", "HEx"):
        # L82-83, (K) L68: losses in unmodified points against the full original strength
        b["need"] = str(Fraction(full_def) if result == "Ex" else Fraction(full_def, 2))
        b["then"] = "lose"
    elif result == "Dr":
        b["queue"] = [[u, "defender"] for u in defenders]
        b["then"] = "advance"
    elif result == "Br":
        b["queue"] = [[u, "defender"] for u in defenders] + [[u, "attacker"] for u in attackers]
        b["then"] = None
    elif result == "Ar":
        b["queue"] = [[u, "attacker"] for u in attackers]
        b["then"] = None
    elif result == "Ae":
        for u in attackers:
            eliminate(state, u, events, b)
        b["then"] = None
    b["step"] = "queue"
    run(state, events)


def full_value(state: MCState, unit: str) -> int:
    """Combat (K) L68: the full, original Combat Strength (also of a unit that becomes a KG)."""
    return state.data.units[unit].strength


def eliminate(state: MCState, unit: str, events: list[Any], b: dict | None = None) -> str | None:
    """Remove a unit; Combat (G) L64: a German mechanized unit of strength four or more becomes a
    Kampfgruppe in its hex instead (while KG counters last, D-KG). Returns the KG's id."""
    data = state.data
    spec = data.units[unit]
    h = state.hex_of(unit)
    state.stacks.remove(unit)
    state.entrained.discard(unit)
    state.disrupted.pop(unit, None)
    state.eliminated.append(unit)
    state.touch()
    kg = None
    if spec.kg_eligible:
        kg = next((k for k in data.kg_ids if k not in state.stacks and k not in state.kg_used), None)
    if kg is not None:
        state.kg_used.add(kg)
        state.stacks.place(kg, h)
        state.losses[spec.side] += spec.strength - data.units[kg].strength
        events.append(f"{unit} is eliminated and becomes {kg} (Combat (G) L64)")
        if b is not None:
            if unit in b["defenders"]:
                b["kg_block"] = True  # CRT note 1 L86, (H) L65: no advance
                b["defenders"].append(kg)
                state.defended.add(kg)
            if unit in b["attackers"]:
                b["attackers"].append(kg)  # (R) L75: the KG may advance
                state.attacked.add(kg)
    else:
        state.losses[spec.side] += spec.strength
        events.append(f"{unit} is eliminated")
    return kg


def retreat_options(state: MCState, unit: str, away: set[str]) -> list[str]:
    """Hexes ``unit`` may retreat to: adjacent, not adjacent to any hex of ``away`` (one hex away
    from all of them, L80-81, D-RETREAT), no enemy units, no lake hexside (L31), EB along rail
    only (EB (D) L127), not from one enemy ZOC to another unless friends not in the battle are
    there (note 3 L88, ZOC (E) L37), within the stacking limit (Stacking (A) L44)."""
    data = state.data
    spec = data.units[unit]
    h = state.hex_of(unit)
    zone = state.enemy_zoc(spec.side)
    enemy = state.occupied_by(other(spec.side))
    b = state.battle or {}
    in_battle = set(b.get("attackers", ())) | set(b.get("defenders", ()))
    out = []
    for n in data.neighbours[h]:
        if n in enemy or n in away or any(x in away for x in data.neighbours[n]):
            continue
        if lake_between(state, h, n) and not spec.eb:
            continue
        if spec.eb and side_key(h, n) not in data.rail_links:
            continue
        occ = state.at(n)
        if len(occ) >= movement.STACK_LIMIT:
            continue
        if h in zone and n in zone and not any(x not in in_battle for x in occ):
            continue
        out.append(n)
    return out


def away_set(state: MCState, role: str) -> set[str]:
    b = state.battle
    if role == "defender":  # L80: away from all attacking units
        return {state.hex_of(u) for u in b["attackers"] if u in state.stacks}
    if b["result"] == "Br":  # L81: away from all hexes previously occupied by defenders
        return set(b["defender_hexes"].values())
    return {state.hex_of(u) for u in b["defenders"] if u in state.stacks} | set(b["targets"])  # Ar L84


def do_retreat(state: MCState, unit: str, to: str, events: list[Any]) -> None:
    b = state.battle
    h = state.hex_of(unit)
    movement.enter(state, unit, h, to, events)
    state.stacks.move(unit, to)
    state.touch()
    events.append(f"{unit} retreats {h} -> {to}")
    b["queue"].pop(0)
    run(state, events)


def no_retreat(state: MCState, unit: str, events: list[Any]) -> None:
    """Stacking (A) L44: a unit that cannot retreat is eliminated; Combat (G) L64: a German
    mechanized unit (of strength four or more, D-KG) becomes a KG and does not retreat."""
    b = state.battle
    events.append(f"{unit} has no avenue of retreat")
    kg = eliminate(state, unit, events, b)
    if kg is not None and unit in b["defenders"]:
        b["kg_block"] = True


def lose(state: MCState, unit: str, events: list[Any]) -> None:
    """Ex / 1/2 Ex: one attacking unit lost, counted at its unmodified (full) strength."""
    b = state.battle
    need = Fraction(b["need"]) - full_value(state, unit)
    b["need"] = str(need)
    b["lost"].append(unit)
    before = set(state.stacks.hex_of)
    eliminate(state, unit, events, b)
    b.setdefault("kg_new", []).extend(u for u in state.stacks.hex_of if u not in before)
    run(state, events)


def disrupt(state: MCState, unit: str, events: list[Any]) -> None:
    """DeAd L79: the unit may not advance, move or attack for one complete game turn (until the
    end of this phase in the next game turn, D-DEAD)."""
    b = state.battle
    b["need"] = str(Fraction(b["need"]) - full_value(state, unit))
    b["disrupted"].append(unit)
    state.disrupted[unit] = (state.turn + 1, state.phase)
    events.append(f"{unit} is disrupted (DeAd L79)")
    run(state, events)


def advancers(state: MCState) -> list[tuple[str, str]]:
    """(unit, hex) advances allowed now: surviving, not disrupted attackers (a KG that replaced
    one included, (R) L75) into a vacated defender hex they are next to, within stacking;
    none after Br, Ar, Ae or when a KG stays in the hex (L65, L66, note 1 L86)."""
    b = state.battle
    data = state.data
    if b["result"] not in ("De", "DeAd", "Dr", "Ex", "HEx") or b["kg_block"]:
        return []
    vacated = [t for t in b["targets"] if not state.at(t) or all(state.side_of(x) == b["side"] for x in state.at(t))]
    out = []
    for u in b["attackers"]:
        if u not in state.stacks or u in b["disrupted"] or u in state.disrupted:
            continue
        h = state.hex_of(u)
        for t in vacated:
            if h != t and data.grid.adjacent(h, t) and len(state.at(t)) < movement.STACK_LIMIT and not lake_between(state, h, t):
                out.append((u, t))
    return out


def advance(state: MCState, unit: str, to: str, events: list[Any]) -> None:
    """Combat (H) L65: a one-hex advance at no MP cost, at once."""
    h = state.hex_of(unit)
    movement.enter(state, unit, h, to, events)
    state.stacks.move(unit, to)
    state.touch()
    state.battle.setdefault("advanced", []).append(unit)
    events.append(f"{unit} advances {h} -> {to} (Combat (H) L65)")
    run(state, events)


def run(state: MCState, events: list[Any]) -> None:
    """Do every step that needs no decision; stop where a player must choose (or at the end)."""
    b = state.battle
    while b is not None:
        if b["step"] == "queue":
            while b["queue"]:
                u, role = b["queue"][0]
                if u not in state.stacks:
                    b["queue"].pop(0)
                    continue
                opts = retreat_options(state, u, away_set(state, role))
                if not opts:
                    b["queue"].pop(0)
                    no_retreat(state, u, events)
                    continue
                if len(opts) == 1:
                    do_retreat(state, u, opts[0], events)
                    return
                b["step"] = "retreat"
                return
            b["step"] = b["then"] or "end"
            b["then"] = None
            continue
        if b["step"] == "retreat":
            b["step"] = "queue"
            continue
        if b["step"] in ("lose", "disrupt"):
            need = Fraction(b["need"])
            pool = [u for u in b["attackers"] if u in state.stacks and u not in b["lost"] and u not in b["disrupted"] and u not in b.get("kg_new", [])]
            if need <= 0 or not pool:
                b["step"] = "advance"
                continue
            if sum(full_value(state, u) for u in pool) <= need:
                u = pool[0]
                if b["step"] == "lose":
                    lose(state, u, events)
                else:
                    disrupt(state, u, events)
                return
            return  # the attacker chooses
        if b["step"] == "advance":
            adv = [x for x in advancers(state) if x[0] not in b.get("advanced", [])]
            if not adv:
                b["step"] = "end"
                continue
            if b["kind"] == "overrun":
                # Overrun L91, (A) L92: all overrunning units must advance if able
                u, t = adv[0]
                advance(state, u, t, events)
                return
            return  # the attacker chooses
        if b["step"] == "end":
            close(state)
            return
        return


def close(state: MCState) -> None:
    b = state.battle
    state.last_battle = {k: b[k] for k in ("kind", "side", "targets", "attackers", "defenders", "roll", "result")}
    state.last_battle["column"] = b["summary"]["column"]
    state.last_battle["drm"] = b["summary"]["drm"]
    state.battle = None


def chooser(state: MCState) -> str | None:
    """Who decides the battle's current step."""
    b = state.battle
    if b["step"] == "retreat":
        return state.side_of(b["queue"][0][0])  # the owner retreats (D-RETREAT)
    if b["step"] in ("lose", "disrupt", "advance"):
        return b["side"]
    return None


def choices(state: MCState) -> list[tuple[str, ...]]:
    """The choices of the current step as tuples (verb, args...)."""
    b = state.battle
    if b["step"] == "retreat":
        u, role = b["queue"][0]
        return [("retreat", u, h) for h in retreat_options(state, u, away_set(state, role))]
    if b["step"] in ("lose", "disrupt"):
        pool = [u for u in b["attackers"] if u in state.stacks and u not in b["lost"] and u not in b["disrupted"] and u not in b.get("kg_new", [])]
        return [(b["step"], u) for u in pool]
    if b["step"] == "advance":
        return [("advance", u, t) for u, t in advancers(state) if u not in b.get("advanced", [])] + [("advance", "none")]
    return []
