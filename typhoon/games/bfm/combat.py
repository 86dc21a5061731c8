"""Combat computations: who may attack what (9.0), odds (9.0 steps 1-3, 9.1, 9.2, mud 12.2),
step losses (9.3) and retreat paths (9.3 DR, 7.2). The battle procedure that uses them
(declaration, commitment, resolution) is in ``battles``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from ...core.errors import IllegalActionError, ParseError
from ...core.odds import Shift, odds_ratio, shifted_column
from .kinds import Consequence, Result
from .state import Battle, BfmState, enemy_of

MAX_RATIO = 6  # 9.1: above 6:1 counts as 6:1
_WHOLE = tuple(Fraction(n) for n in range(128))  # fractions are immutable: built once, shared


def _whole(n: int) -> Fraction:
    """``Fraction(n)`` (kept for the small totals of a battle rather than built each time)."""
    return _WHOLE[n] if 0 <= n < 128 else Fraction(n)


@dataclass(frozen=True)
class Odds:
    """Everything about the odds of a proposed battle, with every shift named."""

    attack: Fraction
    defence: int
    ratio: int  # attack // defence, fractions dropped (9.0 step 2)
    capped: int  # 9.1: at most 6
    shifts: tuple[Shift, ...]
    column: int | None  # index into the CRT (0 = 1:1), None when below 1:1: no effect (9.1)
    mud: str | None = None
    distribution: dict[str, Fraction] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return "no effect (below 1:1)" if self.column is None else f"{self.column + 1}:1"

    def to_json(self) -> dict:
        """The odds as JSON: the shape front ends show before an attack is declared."""
        return {
            "attack": float(self.attack),
            "defence": self.defence,
            "ratio": f"{self.ratio}:1",
            "capped": f"{self.capped}:1",
            "shifts": [{"columns": s.columns, "reason": s.reason, "rule": s.rule} for s in self.shifts],
            "final": self.label,
            "mud": self.mud,
            "results": {r: float(p) for r, p in self.distribution.items()},
        }


def attack_strength(state: BfmState, attackers: list[str]) -> tuple[Fraction, str | None]:
    """Total attack strength, halved for mud (12.2 / 1986 mud rule); fractions are kept."""
    data = state.data
    units, reduced = data.units, state.reduced
    points = 0
    for u in attackers:
        points += units[u].reduced if u in reduced else units[u].full
    total = _whole(points)
    if not data.mud(state.turn):
        return total, None
    if data.edition_data["mud_halves"] == "all":
        # 1986: all attacking units halved ("the three German units would be reduced to 8 1/2")
        return total / 2, "mud: all attacking strength halved (1986 rules)"
    # 12.2: Panzer and Tank strengths are totalled and halved when attacking; infantry unaffected
    armour = sum(state.strength(u) for u in attackers if data.units[u].armour)
    if not armour:
        return total, None
    return total - Fraction(armour, 2), f"mud: armour strength {armour} halved to {Fraction(armour, 2)} (12.2)"


def terrain_shifts(state: BfmState, target: str, attackers: list[str]) -> list[Shift]:
    """9.2: forest, major city, Soviet defender in a fortification, all attackers across a river."""
    data = state.data
    shifts = []
    defender = state.unit_at(target)
    if target in data.forest:
        shifts.append(data.shifts["forest"])
    if target in data.major_cities:
        shifts.append(data.shifts["major_city"])
    if target in data.fortified and defender is not None and data.units[defender].side == "soviet":
        shifts.append(data.shifts["fortification"])
    if attackers and all(frozenset((state.hex_of[a], target)) in data.rivers for a in attackers):
        shifts.append(data.shifts["river"])
    return shifts


def battle_odds(state: BfmState, target: str, attackers: list[str]) -> Odds:
    """Steps 1-3 of the battle sequence (9.0) with 9.1 long odds and 9.2 terrain."""
    defender = state.unit_at(target)
    if defender is None:
        raise ValueError(f"no unit in {target} to attack")
    attack, mud = attack_strength(state, attackers)
    defence = state.strength(defender)
    ratio = odds_ratio(attack, defence)
    capped = min(ratio, MAX_RATIO)
    shifts = tuple(terrain_shifts(state, target, attackers))
    column = shifted_column(capped - 1, shifts)
    final = column if column >= 0 else None  # 9.1: below 1:1 the attack has no effect
    dist = state.data.crt.distribution(final) if final is not None else {Result.NE: Fraction(1)}
    return Odds(attack, defence, ratio, capped, shifts, final, mud, dist)


# -- who may attack what: the one attack check (9.0) --------------------------------------
def attack_error(state: BfmState, target: str, attackers: Sequence[str]) -> str | None:
    """Why ``attackers`` may not attack the unit in ``target`` (None if they may), 9.0: an enemy
    unit in the target hex; at least one attacker, each named once, each a unit on the map next
    to the target and on the other side. Units and hexes must be known ids (``check_attack``
    reads names)."""
    if not attackers:
        return "name at least one attacking unit (9.0)"
    defender = state.unit_at(target)
    if defender is None:
        return f"there is no unit in {target} to attack (9.0)"
    side = state.side_of(defender)
    adjacent = state.data.grid.adjacent
    seen: set[str] = set()
    for u in attackers:
        if u in seen:
            return f"{u} is listed twice among the attackers"
        seen.add(u)
        where = state.hex_of.get(u)
        if where is None:
            return f"{u} is not on the map"
        if state.side_of(u) == side:
            return f"{u} is on the same side as the defender {defender} ({side.capitalize()})"
        if not adjacent(where, target):
            return f"{u} in {where} is not adjacent to {target} (9.0)"
    return None


def check_attack(state: BfmState, target: str, attackers: Sequence[str] | str) -> tuple[str, list[str]]:
    """``attack_error`` for names typed by a person or sent by a client: returns (defender,
    attacking unit ids); raises ``ParseError`` for a hex or unit that does not exist and
    ``IllegalActionError`` naming the rule broken otherwise."""
    data = state.data
    if not isinstance(target, str):
        raise ParseError(f"target must be a hex id such as '0506', not {target!r}")
    target = data.grid.check(target)
    if isinstance(attackers, str):
        attackers = attackers.replace(",", " ").split()
    by_upper = {u.upper(): u for u in data.units}
    units = []
    for a in attackers:
        u = a if a in data.units else by_upper.get(str(a).upper())
        if u is None:
            raise ParseError(f"no unit called {a!r}")
        units.append(u)
    why = attack_error(state, target, units)
    if why is not None:
        raise IllegalActionError(why)
    return state.unit_at(target), units  # type: ignore[return-value]


def declaration_error(state: BfmState, unit: str, target: str) -> str | None:
    """Why ``unit`` may not be declared against ``target`` now (None if it may), 9.0: before
    Battle Commitment, each unit attacks once per Combat Phase, and ``attack_error``."""
    if state.committed:
        return "battles are already committed (9.0 Battle Commitment)"
    if any(unit in b.attackers for b in state.battles.values()):
        return f"{unit} already attacks this phase (9.0: once per Combat Phase)"
    return attack_error(state, target, (unit,))


def may_attack(state: BfmState, unit: str, target: str) -> bool:
    """Whether ``unit`` may be declared against the enemy in ``target`` now (9.0)."""
    return declaration_error(state, unit, target) is None


def step_loss(state: BfmState, unit: str) -> int:
    """Flip a full-strength unit, or eliminate a half-strength one (9.3 DRL).

    Returns the strength points lost, measured on printed strengths (9.3 EX: original
    strength minus reduced strength; a half-strength unit loses its whole strength).
    """
    spec = state.data.units[unit]
    if unit in state.reduced:
        eliminate(state, unit)
        return spec.reduced
    state.reduced.add(unit)
    return spec.full - spec.reduced


def eliminate(state: BfmState, unit: str) -> None:
    """Remove a unit from the map; it may come back as a replacement (10.0, item 1)."""
    if unit in state.hex_of:
        state.remove(unit)
    state.reduced.add(unit)  # replacements bring units back on their half-strength side
    state.pool.add(unit)


@dataclass(frozen=True)
class RetreatOptions:
    paths: tuple[tuple[str, str], ...]  # (via, to) choices open to the attacker
    consequence: Consequence


def retreat_options(state: BfmState, battle: Battle) -> RetreatOptions:
    """9.3 DR: two hexes, each further from the battle hex; never into or through enemy units,
    not ending on a friendly unit; avoid enemy ZOC if possible. Among the legal paths the
    retreat must prefer one that does not end in an EZOC, then the fewest EZOC hexes entered
    ("If it is forced to end its retreat in an EZOC, it is eliminated"); the attacker chooses
    among the paths that remain (see docs/decisions.md)."""
    data = state.data
    origin = battle.target
    side = state.side_of(battle.defender)
    ezoc = state.enemy_zoc_mask(side)
    enemy = state.side_mask(enemy_of(side))
    occupied = state.occupied_mask()
    bit = data.hex_bit
    # the hexes two hexes from the battle hex are the neighbours of its neighbours that are
    # neither it nor next to it
    near = data.neighbour_mask[origin] | bit[origin]
    best: tuple[int, int] | None = None
    paths: list[tuple[str, str]] = []
    for via in data.neighbours[origin]:
        if bit[via] & enemy:
            continue
        via_z = 1 if bit[via] & ezoc else 0
        for to in data.neighbours[via]:
            b = bit[to]
            if b & (near | occupied):
                continue  # each hex further away; never into enemy units nor ending on a friendly unit
            to_z = 1 if b & ezoc else 0
            rank = (to_z, via_z + to_z)
            if best is None or rank < best:
                best, paths = rank, [(via, to)]
            elif rank == best:
                paths.append((via, to))
    if best is None:
        return RetreatOptions((), Consequence.NO_PATH)
    consequence = Consequence.ELIMINATED if best[0] else (Consequence.STEP if best[1] else Consequence.NONE)
    order = data.hex_index
    paths.sort(key=lambda p: (order[p[1]], order[p[0]]))
    return RetreatOptions(tuple(paths), consequence)
