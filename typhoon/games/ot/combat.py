"""9.0 Combat with 7.2 stacking and combat, 9.4 Divisional Integrity, 9.5 Combined Arms, 9.7
diversionary attacks, 9.8 the 2d6 CRT, 9.9 retreats and advances, 10.25 HQ retreat before
combat, 14.2 entrenchments, 17.2 ground support and the optional 19.1 / 19.2 shifts."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction
from typing import Any

from ...core.dice import two_dice_sum
from ...core.odds import Shift, clamp, ratio_column
from .data import INFANTRY_KINDS
from .movement import closed_hexes, enemy_zoc, hex_cost
from .state import OtState, other
from .strength import attack_strength, current_strength, defence_strength, expected_strength

RESULT = re.compile(r"^([AD])(\d)(?:\((\d)\))?(\*?)$")


# -- 7.2 stacking and combat -----------------------------------------------------------------
def combat_size(state: OtState, uid: str) -> str:
    """The size class 7.21 / 7.22 count: "free" (HQ, cadre, Russian battalion: 7.23), "battalion",
    "regiment" (German regiment; Russian brigade or regiment) or "division"."""
    unit = state.data.units[uid]
    if unit.is_hq or uid in state.cadre or (unit.side == "russian" and unit.small):
        return "free"
    if unit.small:
        return "battalion"
    if unit.size == "division":
        return "division"
    return "regiment"


def participation_ok(state: OtState, side: str, units: list[str] | tuple[str, ...]) -> bool:
    """7.21: German one regiment plus two battalions, or three battalions; 7.22 (D32): Russian
    one division plus one brigade/regiment, or two brigades/regiments."""
    sizes = [combat_size(state, u) for u in units]
    if side == "german":
        regs, bns = sizes.count("regiment") + sizes.count("division"), sizes.count("battalion")
        return regs <= 1 and regs + bns <= 3
    divs, regs = sizes.count("division"), sizes.count("regiment") + sizes.count("battalion")
    return divs <= 1 and divs + regs <= 2


def participant_options(state: OtState, side: str, available: list[str], used: list[str]) -> list[tuple[str, ...]]:
    """7.24: the sets of ``available`` units of one stack that may join a combat, given the
    ``used`` ones that already fought this phase: the largest sets and every single unit."""
    opts: set[tuple[str, ...]] = set()
    n = len(available)
    best = 0
    for k in range(n, 0, -1):
        for combo in itertools.combinations(available, k):
            if participation_ok(state, side, list(used) + list(combo)):
                if k >= best:
                    best = k
                    opts.add(combo)
        if best:
            break
    for u in available:
        if participation_ok(state, side, list(used) + [u]):
            opts.add((u,))
    return sorted(opts, key=lambda c: (-len(c), c))


def can_fight(state: OtState, uid: str) -> bool:
    """16.22: uncommitted units never attack; 9.15: a unit attacks once per phase."""
    return uid not in state.attacked and uid not in state.uncommitted


def exempt_from_attacking(state: OtState, h: str) -> bool:
    """9.14 / 14.22 (D13): units in Town, City or Entrenchment hexes need not attack."""
    return state.data.terrain[h] in ("town", "city") or h in state.data.entrenchment


def attackers_available(state: OtState, side: str, h: str) -> list[str]:
    """The units of the stack in ``h`` that may still join an attack (7.2, 9.15, 16.22)."""
    return [u for u in state.at(h) if can_fight(state, u)]


def stack_used(state: OtState, h: str) -> list[str]:
    return [u for u in state.at(h) if u in state.attacked]


def required_pairs(state: OtState, side: str) -> list[tuple[str, str]]:
    """9.11 / 9.13 / 6.41 (D12): (unit, enemy hex) pairs still owed: an obligated phasing unit
    that could still attack, next to an enemy hex not yet attacked."""
    nb = state.scen.neighbours
    out = []
    for u in state.on_map(side):
        h = state.stacks.hex_of[u]
        if not can_fight(state, u) or exempt_from_attacking(state, h):
            continue
        if not participation_ok(state, side, stack_used(state, h) + [u]):
            continue
        for n in nb[h]:
            if n not in state.targets and state.side_at(n) == other(side):
                out.append((u, n))
    return out


def attack_options(state: OtState, side: str, limit: int = 64) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """Every (target, participating units, other defending hexes) a phasing side may declare
    now (9.2, 7.24): one hex, or (9.25 / 9.26) several hexes every attacker is adjacent to;
    at most ``limit`` per first hex (the one-hex attacks first)."""
    out = []
    per_first: dict[str, int] = {}
    for targets in defending_hex_sets(state, side):
        room = limit - per_first.get(targets[0], 0)
        if room <= 0:
            continue
        got = [(targets[0], units, targets[1:]) for units in _participants(state, side, targets, room)]
        per_first[targets[0]] = per_first.get(targets[0], 0) + len(got)
        out += got
    return out


def defending_hex_sets(state: OtState, side: str) -> list[tuple[str, ...]]:
    """The enemy hexes not yet attacked, alone, then (9.25 / 9.26) every set of two or more of
    them that some friendly stack is adjacent to all of (sorted, the first hex first)."""
    nb = state.scen.neighbours
    enemy = sorted({state.stacks.hex_of[u] for u in state.on_map(other(side))} - state.targets)
    enemy_set = set(enemy)
    sets: set[tuple[str, ...]] = set()
    for h in sorted({state.stacks.hex_of[u] for u in state.on_map(side)}):
        around = sorted(n for n in nb[h] if n in enemy_set)
        for k in range(2, len(around) + 1):
            sets.update(itertools.combinations(around, k))
    return [(t,) for t in enemy] + sorted(sets)


def _participants(state: OtState, side: str, targets: tuple[str, ...], limit: int) -> list[tuple[str, ...]]:
    """9.25: the friendly stacks adjacent to every defending hex, each joining with one of its
    7.24 participant sets (or not at all); largest first, at most ``limit``."""
    nb = state.scen.neighbours
    common = set(nb[targets[0]])
    for t in targets[1:]:
        common &= set(nb[t])
    per_hex = []
    for h in sorted(common):
        if state.side_at(h) != side:
            continue
        avail = attackers_available(state, side, h)
        if avail:
            per_hex.append([()] + participant_options(state, side, avail, stack_used(state, h)))
    combos = []
    for prod in itertools.product(*per_hex):
        units = tuple(u for part in prod for u in part)
        if units:
            combos.append(units)
    combos.sort(key=lambda c: (-len(c), c))
    return [tuple(sorted(c, key=state.scen.unit_index.__getitem__)) for c in combos[:limit]]


def defend_options(state: OtState, target: str, also: tuple[str, ...] | list[str] = ()) -> list[tuple[str, ...]]:
    """7.24 / 7.25: the defending stacks' participating sets (the largest ones of each stack;
    9.23: every possible unit of a hex under attack; 9.26: the stacks of every defending hex)."""
    per_hex = []
    for h in (target, *also):
        units = [u for u in state.at(h) if u not in state.retreated]  # 9.94
        if not units:
            continue
        opts = participant_options(state, state.side_of(units[0]), units, [])
        best = max(len(o) for o in opts)
        per_hex.append([o for o in opts if len(o) == best])
    if not per_hex:
        return [()]
    return [tuple(u for part in prod for u in part) for prod in itertools.product(*per_hex)]


# -- strengths and shifts ------------------------------------------------------------------------
def combat_line(state: OtState, target: str) -> str:
    """9.31: the CRT line of the defender's terrain."""
    return state.data.tec["combat_lines"][state.data.terrain[target]]


def defenders_line(state: OtState, targets: tuple[str, ...], att: Fraction, dfn: Fraction) -> tuple[str, int]:
    """9.31 / 9.26: the CRT line of the defender's terrain, and the column the strengths give
    on it; against several hexes, the line most favourable to the defender (the lowest column
    of the table for these strengths; the first hex's line on a tie)."""
    best: tuple[int, str] | None = None
    for t in targets:
        line = combat_line(state, t)
        labels = state.data.crt_lines[line]
        col = ratio_column(att, dfn, [x.replace("-", ":") for x in labels]) if dfn > 0 else len(labels) - 1
        if best is None or col < best[0]:
            best = (col, line)
    return best[1], best[0]


def across_river(state: OtState, target: str, attackers: list[str]) -> bool:
    """9.32 / 13.52: attacked entirely across River hexsides (not in a River Freeze)."""
    if state.ground == "river_freeze" or not attackers:
        return False
    return all(state.data.is_river(state.hex_of(u), target) for u in attackers)


def unit_attack(state: OtState, uid: str) -> Fraction:
    base = current_strength(state, uid)
    if base is None:
        return expected_strength(state, uid)  # an observer's estimate (8.43)
    if uid in state.retreated:
        return Fraction(0)  # 9.94 (D45: a retreated unit adds nothing, attacking or defending)
    return Fraction(attack_strength(state, uid, base))


def unit_defence(state: OtState, uid: str, river: bool) -> Fraction:
    base = current_strength(state, uid)
    if base is None:
        est = expected_strength(state, uid)
        return Fraction(defence_strength(state, uid, max(1, round(est)), river))
    if uid in state.retreated:
        return Fraction(0)  # 9.94
    return Fraction(defence_strength(state, uid, base, river))


def regiments_of(state: OtState, division: str) -> list[str]:
    """D30: the division's regiments on the map, not cadres (9.45: tank battalions ignored)."""
    return [u for u in state.on_map("german") if state.data.units[u].division == division and u not in state.cadre]


def divisional_integrity(state: OtState, target: str, attackers: list[str], defenders: list[str]) -> list[Shift]:
    """9.41-9.45: one shift right per German division all of whose (two or more) regiments are
    next to the target, at most three; one shift left for a defending German regiment next to
    or stacked with another of its division."""
    g = state.data.grid
    shifts = []
    if attackers and state.side_of(attackers[0]) == "german":
        divs = sorted({state.data.units[u].division for u in attackers if state.data.units[u].division and u not in state.cadre})
        n = 0
        for dv in divs:
            regs = regiments_of(state, dv)
            if len(regs) >= 2 and all(g.distance(state.hex_of(r), target) == 1 for r in regs):
                n += 1
        if n:
            shifts.append(Shift(min(n, 3), f"Divisional Integrity ({n} division{'s' if n > 1 else ''})", "9.41/9.43/9.44"))
    if defenders and state.side_of(defenders[0]) == "german":
        for u in defenders:
            dv = state.data.units[u].division
            if dv and u not in state.cadre:
                others = [r for r in regiments_of(state, dv) if r != u]
                if any(g.distance(state.hex_of(r), target) <= 1 for r in others):
                    shifts.append(Shift(-1, f"Divisional Integrity in defence ({dv})", "9.42/9.44"))
                    break
    return shifts


def combined_arms(state: OtState, attackers: list[str], defenders: list[str]) -> list[Shift]:
    """9.51: per attacking stack with an infantry-type unit and a tank, one shift per tank;
    9.52: none against a Combined Arms Defense (D31: participating units)."""
    d = state.data
    kinds = [d.units[u].kind for u in defenders]
    if any(k in INFANTRY_KINDS for k in kinds) and any(k in ("tank", "anti_tank") for k in kinds):
        return []
    by_hex: dict[str, list[str]] = {}
    for u in attackers:
        by_hex.setdefault(state.hex_of(u), []).append(u)
    n = 0
    for units in by_hex.values():
        ks = [d.units[u].kind for u in units if u not in state.cadre]
        if any(k in INFANTRY_KINDS for k in ks):
            n += ks.count("tank")
    return [Shift(n, f"Combined Arms ({n} tank unit{'s' if n > 1 else ''})", "9.51")] if n else []


def optional_shifts(state: OtState, target: str, attackers: list[str], defenders: list[str]) -> list[Shift]:
    """19.13 hedgehogs; 19.23 ski troops in snow."""
    out = []
    if state.options.get("hedgehogs") and target in state.hedgehogs:
        out.append(Shift(-1, "German hedgehog", "19.13"))
    if state.options.get("ski") and state.snow:
        d = state.data
        if any(d.units[u].kind == "ski" for u in defenders) and attackers and state.side_of(attackers[0]) == "german":
            out.append(Shift(-1, "Soviet ski troops defending in snow", "19.23"))
        if any(d.units[u].kind == "ski" for u in attackers):
            out.append(Shift(1, "Soviet ski troops attacking in snow", "19.23"))
    return out


def air_shifts(att_air: int, def_air: int) -> list[Shift]:
    """17.22: one right per attacking Air Point (at most two); 17.23: one left per two."""
    out = []
    if att_air:
        out.append(Shift(att_air, f"Ground Support, {att_air} Air Point{'s' if att_air > 1 else ''} (attack)", "17.22"))
    if def_air >= 2:
        out.append(Shift(-1, "Ground Support, 2 Air Points (defence)", "17.23"))
    return out


def odds(state: OtState, target: str, attackers: list[str], defenders: list[str] | None = None,
         att_air: int = 0, def_air: int = 0, also: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    """The odds of a combat, every term named: strengths, line, column, shifts (D36), and each
    result's chance on 2d6; ``also``: the other defending hexes of a multi-hex combat (9.26)."""
    targets = (target, *also)
    if defenders is None:
        opts = defend_options(state, target, also)
        defenders = list(opts[0]) if opts else []
    river = {t: across_river(state, t, attackers) for t in targets}
    att = sum((unit_attack(state, u) for u in attackers), Fraction(0))
    dfn = sum((unit_defence(state, u, river.get(state.hex_of(u), False)) for u in defenders), Fraction(0))
    line, base = defenders_line(state, targets, att, dfn)
    labels = state.data.crt_lines[line]
    shifts = (divisional_integrity(state, target, attackers, defenders) + combined_arms(state, attackers, defenders)
              + air_shifts(att_air, def_air) + optional_shifts(state, target, attackers, defenders))
    total = sum(s.columns for s in shifts)
    col = clamp(base + total, len(labels))  # 9.72 / CRT note 1 / D36
    results: dict[str, Fraction] = {}
    for roll, p in two_dice_sum():
        r = state.data.crt_rows[roll][col]
        results[r] = results.get(r, Fraction(0)) + p
    notes = []
    if any(river.values()):
        notes.append("defenders doubled: attacked entirely across river hexsides (9.32)")
    if len(targets) > 1:
        notes.append(f"one combat against {len(targets)} hexes: the {line} line, the most favourable to the defender (9.26)")
    if any(u in state.data.entrenchment for u in [target]) and defenders and state.side_of(defenders[0]) == "russian":
        notes.append("Russian defenders doubled in an Entrenchment (14.21)")
    return {
        "target": target, "targets": list(targets), "attackers": list(attackers), "defenders": list(defenders),
        "attack": float(att), "defence": float(dfn), "line": line, "base_column": labels[clamp(base, len(labels))],
        "below_table": base < 0, "shifts": [{"columns": s.columns, "reason": s.reason, "rule": s.rule} for s in shifts],
        "column_index": col, "column": labels[col], "odds": labels[col],
        "modifiers": [str(s) for s in shifts], "notes": notes,
        "results": {k: float(v) for k, v in results.items()},
    }


def parse_result(code: str) -> tuple[str, int, int, bool]:
    """9.83-9.86, 9.98: "D2(1)*" -> ("D", retreat-or-lose 2, mandatory 1, Breakthrough)."""
    m = RESULT.match(code)
    if not m:
        raise ValueError(f"{code!r} is not a CRT result")
    return m.group(1), int(m.group(2)), int(m.group(3) or 0), bool(m.group(4))


# -- 9.9 retreats and advances ----------------------------------------------------------------------
def retreat_first_steps(state: OtState, units: list[str], start: str, visited: list[str], left: int, exact: bool) -> list[str]:
    """9.92: the first hexes of the retreats the priorities allow: (A) ending as far as possible
    from any enemy unit, then (B) in a hex no enemy controls; never entering a hex twice nor an
    enemy-occupied one nor one the TEC prohibits (5.73: Lake "P", D66); 9.97: mech units never
    across a river without a road."""
    if left <= 0 or not units:
        return []
    d = state.data
    side = state.side_of(units[0])
    enemy = [state.stacks.hex_of[u] for u in state.on_map(other(side))]
    ezoc = enemy_zoc(state, side)
    enemy_set = set(enemy)
    mech = any(d.units[u].mech for u in units)
    nb = state.scen.neighbours
    g = d.grid
    closed = closed_hexes(state.scen)  # 18.28(b) / 18.38(b)
    best: dict[int, tuple[tuple[int, int], set[str]]] = {}

    def score(h: str) -> tuple[int, int]:
        dist = min((g.distance(h, e) for e in enemy), default=99)
        return dist, 0 if h in ezoc else 1

    def walk(h: str, path: list[str], first: str | None) -> None:
        k = len(path) - 1
        if k >= 1:
            s = score(h)
            cur = best.get(k)
            if cur is None or s > cur[0]:
                best[k] = (s, {first})
            elif s == cur[0]:
                cur[1].add(first)
        if k >= left:
            return
        for n in nb[h]:
            if n in enemy_set or n in path or n in visited or n in closed or hex_cost(state, n, mech) is None:
                continue
            if mech and d.is_river(h, n) and not d.is_road(h, n):
                continue
            walk(n, path + [n], first or n)

    walk(start, [start], None)
    lengths = [left] if exact else range(1, left + 1)
    out: set[str] = set()
    for k in lengths:
        if k in best:
            out |= best[k][1]
    return sorted(out)


def advance_options(state: OtState, b: dict[str, Any]) -> list[tuple[str, str]]:
    """9.95 / 9.96 / 9.97 / 9.98D: (unit, hex) single steps of the advance now possible."""
    adv = b.get("advance")
    if not adv:
        return []
    d = state.data
    side = b["winner"]
    ezoc = enemy_zoc(state, side)
    enemy = {state.stacks.hex_of[u] for u in state.on_map(other(side))}
    path = adv["path"]
    out = []
    for u, info in sorted(adv["units"].items()):
        if u not in state.stacks or info["left"] <= 0 or info["stopped"]:
            continue
        h = state.hex_of(u)
        unit = d.units[u]
        if info["moved"] == 0:
            nxt = [path[0]]  # 9.96 A: the first hex is the vacated hex
        else:
            follow = path[info["moved"]] if info["moved"] < len(path) else None
            free = unit.mech or adv["free"] or (adv["bold"] and info["left"] == 1)  # 9.96 C, 9.98 D
            nxt = list(state.scen.neighbours[h]) if free else ([follow] if follow else [])
        for n in nxt:
            if n in enemy or n not in state.scen.hexes or n in closed_hexes(state.scen):
                continue  # 18.28(b) / 18.38(b): never into a closed hexrow
            if hex_cost(state, n, unit.mech) is None:
                continue  # 5.73: never into prohibited terrain (Lake "P", D66)
            if unit.mech and d.is_river(h, n) and not d.is_road(h, n):
                continue  # 9.97
            out.append((u, n))
    return out


def stops_advance(state: OtState, side: str, h: str, moved: int) -> bool:
    """9.96 D: entering an EZOC ends a unit's advance, the first hex excepted."""
    return moved > 1 and h in enemy_zoc(state, side)


def loss_candidates(state: OtState, b: dict[str, Any], side: str, pool: str) -> list[str]:
    """9.87 / 9.88: losses come first from the units that fought (an attacker's tanks first),
    then from the other units of the affected stacks."""
    d = state.data
    fought = [u for u in (b["attackers"] if side == b["attacker"] else b["defenders"]) if u in state.stacks]
    if pool == "retreat":
        return [u for u in b["retreat"]["units"] if u in state.stacks]
    if side == b["attacker"]:
        tanks = [u for u in fought if d.units[u].kind == "tank"]
        if tanks:
            return tanks
    if fought:
        return fought
    hexes = b["attacker_hexes"] if side == b["attacker"] else b["targets"]
    return [u for h in hexes for u in state.at(h) if state.side_of(u) == side]
