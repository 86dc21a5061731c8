"""Computer players of Drive on Moscow and the heuristic value of a position.

Players get ``game.observed(side)``: untried units read UNKNOWN and count at their type's
public mean (``state.public_face``)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ...core.noise import ScoreNoise
from . import combat, movement
from .actions import (ORDERS, Add, Advance, Air, Assault, Attack, Choose, Convert, Declare, End, Enter, Fight, Loss,
                      Move, Order, Pass, Replace, Retreat, Withdraw)
from .gamedata import GERMAN, SOVIET, STACK_LIMIT
from .state import DomState

_GOOD = {"DE": 1.0, "DR": 0.5}
_BAD = {"AL1": 0.6}
#: the Soviet attack strength within two turns of a German rear place from which it keeps two
#: units of two steps rather than one (``GreedyPlayer.garrison_need``; docs/ai.md, session 28)
REAR_GROUP = 12
#: how many units the Soviet keeps in each city other than Moscow it holds (4.3;
#: ``GreedyPlayer._city_garrisons``; docs/ai.md, session 28)
CITY_GUARD = 3


def material(state: DomState, side: str) -> float:
    return float(sum(state.public_face(u).attack + state.public_face(u).defence for u in state.on_map(side)))


def objective_distance(state: DomState) -> float:
    """How far, on average, the German units stand from the cities they do not hold."""
    m = state.data.map
    grid = m.grid
    aims = [h for h in m.cities if state.control.get(h) != GERMAN]
    units = state.on_map(GERMAN)
    if not aims or not units:
        return 0.0
    return sum(min(grid.distance(state.hex_of(u), h) for h in aims) for u in units) / len(units)


def evaluate(state: DomState, side: str, rules: Any) -> float:
    """A value in [0, 1] for ``side``: 1 won, 0 lost; else cities, material and distance."""
    if state.outcome is not None:
        return float(state.outcome.winner == side)
    m = state.data.map
    cities = sum(1 for h in m.cities if state.control.get(h) == GERMAN)
    g, s = material(state, GERMAN), material(state, SOVIET)
    x = 0.5 * (cities - 2) + 2.0 * (g - s) / max(1.0, g + s) - 0.08 * objective_distance(state)
    v = 1 / (1 + math.exp(-x))
    return v if side == GERMAN else 1 - v


# -- the rear guard: hexes whose entry by the enemy ends the game at once ---------------------------
def sudden_death_hexes(state: DomState, side: str) -> list[str]:
    """The hexes ``side`` loses the game by letting the enemy enter: for the German, the towns
    and cities west of the initial front line (4.4 L395-397); for the Soviet, the Moscow hexes
    (4.1 L357-364). Hexes the enemy already controls are left out (the game would be over)."""
    m = state.data.map
    if side == GERMAN:
        places = (h for h in (*m.towns, *m.cities) if m.west_of_front(h))
    else:
        places = iter(m.moscow())
    enemy = SOVIET if side == GERMAN else GERMAN
    return sorted(h for h in places if state.control.get(h) != enemy)


def two_steps(state: DomState, u: str) -> bool:
    """``u`` has two steps or more left: no single battle takes it out of its hex. DE reduces it
    and leaves it there (11.29); DR becomes a Defender Lose 1 outside a city (11.28: not the
    whole force) and AL1 in a Soviet attack on a city (11.17, 11.28)."""
    return state.steps.get(u, 1) >= 2


def enemy_move_state(state: DomState, side: str) -> DomState | None:
    """The position as the enemy of ``side`` will start its next Movement Phase, as far as its
    reach goes: the Soviet moves later in this game turn (same TRT MF); the German moves next
    game turn (its TRT MF, 2.10). None when the enemy has no movement left in the game."""
    s = state.copy()
    s.mp_left.clear()
    s.moved.clear()
    s.frozen.clear()
    s.assaulted.clear()
    if side == SOVIET:
        if state.turn >= state.data.last_turn:
            return None
        s.turn = state.turn + 1
        s.guderian_out, s.guderian_used = set(), set()  # 5.3 is for GT1 only
    return s


def exposed(state: DomState, side: str, rules: Any = None) -> dict[str, str]:
    """The sudden-death hexes of ``side`` an enemy unit could enter in its next Movement Phase,
    each with the reason: 'move' when it is empty of ``side`` and in some enemy unit's reach
    (``movement.unit_reach``: 10.0 costs, 10.3 no entry into occupied hexes, 6.1 stacking,
    7.2 GZOC rigid stop and no GZOC to GZOC); for the Soviet also 'assault' when a German
    panzer could mobile assault the Moscow hex (10.14-10.16, ``rules.assault_options``) and then
    move in on a favourable result (10.20), while it holds fewer than five Soviet units."""
    places = sudden_death_hexes(state, side)
    if not places:
        return {}
    s = enemy_move_state(state, side)
    if s is None:
        return {}
    enemy = SOVIET if side == GERMAN else GERMAN
    grid = state.data.map.grid
    out: dict[str, str] = {}
    open_places = [h for h in places if state.side_at(h) != side]
    movers = [u for u in s.on_map(enemy) if s.hex_of(u) is not None]
    for u in movers:
        here = s.hex_of(u)
        mf = movement.allowance(s, u) + movement.guderian_bonus(s, u)
        near = [h for h in open_places if h not in out and grid.distance(here, h) <= mf]
        if not near:
            continue
        r = movement.unit_reach(s, u)
        for h in near:
            if h in r.cost:
                out[h] = "move"
    if side == SOVIET and rules is not None:
        held = [h for h in places if h not in out and len(state.at(h)) < STACK_LIMIT]
        for u in movers:
            if not held:
                break
            if not s.is_panzer(u):
                continue
            mf = movement.allowance(s, u)
            if not any(grid.distance(s.hex_of(u), h) <= mf for h in held):
                continue
            targets = {t for (t, _) in rules.assault_options(s, (u,))}
            for h in [h for h in held if h in targets]:
                out[h] = "assault"
                held.remove(h)
    return out


def exposure(state: DomState, side: str, rules: Any = None) -> tuple[int, int]:
    """How badly ``side`` leaves its sudden-death hexes open: (hexes an enemy could enter by
    movement, missing defenders in hexes open to a mobile assault) -- smaller is better."""
    ex = exposed(state, side, rules)
    moves = sum(1 for r in ex.values() if r == "move")
    short = sum(STACK_LIMIT - len(state.at(h)) for h, r in ex.items() if r == "assault")
    return moves, short


def after_move(state: DomState, units: tuple[str, ...] | list[str], to: str) -> DomState:
    """A copy of ``state`` with ``units`` standing in ``to`` (for looking ahead only)."""
    s = state.copy()
    for u in units:
        s.stacks.move(u, to)
    return s


class RandomPlayer:
    """Any legal action, at random."""

    def __init__(self, seed: int | None = None, **_: Any) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        legal = game.legal_actions  # by index: the same draw as random.choice, without building the list where the rules count
        return legal[self.rng.randrange(len(legal))]


class GreedyPlayer:
    """A simple heuristic player. Both sides first guard the hexes whose entry by the enemy
    ends the game (German: the towns and cities west of the initial front line, 4.4; Soviet:
    Moscow, 4.1): no move, mobile assault, advance or loss leaves one open to the enemy's next
    movement when it can be helped (``exposed``). German: fights before it moves (5.2: its
    prepared assaults gain 1R), then mobile assaults, the rear garrisons (held against a
    prepared assault where Soviet units could attack them, ``_garrisons``), prepared assaults at
    good public odds, moves towards the nearest city it does not hold; in the last two turns,
    towards the one or two cities 4.3 still wants (``decisive``), and on the last turn it moves
    first and attacks them at any odds. It takes any November Offensive replacement steps
    (12.2; it declares the offensive only on the turn ``offensive`` names, by default never).
    Soviet: garrisons the cities it holds besides Moscow (4.3, ``_city_garrisons``), holds its
    ground, attacks only at good odds (or as Stalin orders), enters reinforcements nearest
    Moscow.

    ``noise`` > 0 adds Gaussian noise (``noise`` times a typical score difference at that
    decision) to the score of every alternative it ranks (moves, attacks, mobile assaults,
    losses, advances, garrisons, cover, battle choices, entries): noise 1 often plays a
    near-best alternative, noise 4 plays badly; the choice stays among the legal ones it
    considers, and the rear guard's safety checks and instant wins are never perturbed. The
    noise has its own generator: at noise 0 the play and the draws of ``rng`` are unchanged."""

    def __init__(self, seed: int | None = None, threshold: float = 0.35, noise: float = 0.0,
                 offensive: int = 0, order: str = "fight-move", final: int = 2, **_: Any) -> None:
        if order not in ORDERS:
            raise ValueError(f"unknown phase order {order!r}; orders: {', '.join(ORDERS)} (5.2)")
        self.name = "greedy"
        self.order = order  # the German's phase order (5.2; the last turn's assault may change it)
        self.final = final  # turns at the end in which the German drives on the cities 4.3 still wants
        self.offensive = offensive  # the game turn it declares the November Offensive (12.0); 0 never
        self.rng = random.Random(seed)
        self.threshold = threshold
        self.noise = noise
        self._jitter = ScoreNoise(noise, seed)  # its own generator: noise 0 draws nothing
        self.rules: Any = None

    def choose(self, game: Any) -> Any:
        state: DomState = game.state
        self.rules = getattr(game, "rules", None)
        side = game.current_player
        legal = list(game.legal_actions)
        kinds = {type(a) for a in legal}
        if Order in kinds:
            want = self.order if side == GERMAN else "move-fight"
            if self._last_targets(state, side):
                want = "move-fight"  # 4.3: mass on the cities still wanted, then attack them
            return next((a for a in legal if isinstance(a, Order) and a.order == want), legal[0])
        if Declare in kinds and state.turn == self.offensive:
            return next(a for a in legal if isinstance(a, Declare))
        if Replace in kinds:
            reps = [a for a in legal if isinstance(a, Replace)]
            return max(reps, key=lambda a: (state.data.units[a.unit].full.attack, a.unit))
        if Withdraw in kinds:
            return legal[[i for i, a in enumerate(legal) if isinstance(a, Withdraw)][0]]
        if state.battle is not None:
            return self._battle(state, side, legal)
        if Convert in kinds:
            return next((a for a in legal if a.unit is not None), legal[0])
        if Enter in kinds:
            return self._enter(state, legal)
        if Attack in kinds:
            return self._attack(state, side, legal)
        if Assault in kinds or Move in kinds:
            return self._move(state, side, legal)
        return next((a for a in legal if isinstance(a, End)), legal[0])

    def _odds_score(self, odds: dict[str, Any]) -> float:
        r = odds["results"]
        return sum(p * _GOOD.get(k, 0) for k, p in r.items()) - sum(p * _BAD.get(k, 0) for k, p in r.items())

    def _battle(self, state: DomState, side: str, legal: list[Any]) -> Any:
        b = state.battle.data
        first = legal[0]
        if any(isinstance(a, Add) for a in legal):
            return next(a for a in legal if isinstance(a, Add))  # everyone eligible joins
        if any(isinstance(a, Air) for a in legal) and side == b["attacker"]:
            return next(a for a in legal if isinstance(a, Air))
        if any(isinstance(a, Fight) for a in legal):
            return next(a for a in legal if isinstance(a, Fight))
        if isinstance(first, (Air, Pass)):
            return next((a for a in legal if isinstance(a, Air)), first)
        if isinstance(first, Choose):
            pref = ("bloodbath", "hold", "as", "retreat")
            # two options at a time (as/bloodbath, retreat/hold), ranked two apart: scale 1 rank
            return min(legal, key=lambda a: self._jitter(pref.index(a.choice), 1.0))
        if isinstance(first, Loss):
            return self._loss(state, side, legal)
        if isinstance(first, Retreat):
            return first
        if isinstance(first, Advance):
            return self._advance(state, side, legal)
        return first

    def _loss(self, state: DomState, side: str, legal: list[Any]) -> Any:
        """The step to lose: not the last guard of a sudden-death hex if it would be eliminated
        (2.11), then the unit with the most steps left and the smallest attack."""
        now = exposure(state, side, self.rules)

        def opens(u: str) -> bool:
            if state.steps.get(u, 1) > 1 or state.hex_of(u) is None:
                return False
            s = state.copy()
            s.stacks.remove(u)
            return exposure(s, side, self.rules) > now

        # the rear guard and the steps left stay exact; the attack strengths of units differ by a
        # point or two: scale 1 strength point
        return max(legal, key=lambda a: (not opens(a.unit), state.steps.get(a.unit, 0),
                                         self._jitter(-state.public_face(a.unit).attack, 1.0)))

    def _advance(self, state: DomState, side: str, legal: list[Any]) -> Any:
        """11.31: every surviving attacker advances, except one whose leaving would open a
        sudden-death hex to the enemy's next movement."""
        stay = next(a for a in legal if a.unit is None) if any(a.unit is None for a in legal) else None
        target = state.battle.data["target"]
        # advancing scores 1, staying 0 (scale 0.5: a noisy player sometimes holds back, and its
        # units advance in a noisy order); at noise 0 the legal order, advances first (stable sort)
        for a in sorted(legal, key=lambda a: -self._jitter(0.0 if a.unit is None else 1.0, 0.5)):
            if a.unit is None:
                return a
            if stay is None or self.safe(state, side, (a.unit,), target):
                return a
        return legal[0]

    def _attack(self, state: DomState, side: str, legal: list[Any]) -> Any:
        best, best_score = None, self.threshold
        must = side == SOVIET and state.stalin is not None and not any(isinstance(a, End) for a in legal)
        last = self._last_targets(state, side)
        for a in legal:
            if not isinstance(a, Attack):
                continue
            attackers = combat.eligible_attackers(state, side, a.target)
            o = combat.odds_summary(state, "pa", side, a.target, attackers, {})
            # odds scores of the possible attacks differ by a few tenths: scale 0.2
            score = self._jitter(self._odds_score(o) + (0.3 if a.target in state.data.map.cities else 0), 0.2)
            if a.target in last and o["attack"] > 0:
                score += 10.0  # 4.3: the last chance to take it, at any odds
            if score > best_score or (must and best is None):
                best, best_score = a, score
        return best or next(a for a in legal if isinstance(a, End))

    @staticmethod
    def winning_move(state: DomState, side: str, moves: list[Move]) -> Move | None:
        """A move that wins at once: a Soviet unit entering a town or city west of the initial
        front line (4.4 L395-397), a German unit entering a Moscow hex (4.1 L357-364)."""
        m = state.data.map
        if side == SOVIET:
            aims = {h for h in GreedyPlayer.rear_places(state) if state.control.get(h) != SOVIET}
        else:
            aims = {h for h in m.moscow() if state.control.get(h) != GERMAN}
        return next((a for a in moves if a.to in aims), None)

    def safe(self, state: DomState, side: str, units: tuple[str, ...], to: str,
             now: tuple[int, int] | None = None) -> bool:
        """Moving ``units`` to ``to`` opens no sudden-death hex that is covered now."""
        if now is None:
            now = exposure(state, side, self.rules)
        return exposure(after_move(state, units, to), side, self.rules) <= now

    def cover(self, state: DomState, side: str, moves: list[Move]) -> Move | None:
        """The rear guard (4.4 for the German, 4.1 for the Soviet): when an enemy unit could
        enter a sudden-death hex in its next movement (``exposed``), the move that closes the
        most of them: into the hex itself (10.3: the enemy may not enter an occupied hex), or
        onto the enemy's path, where a German unit's ZOC stops a Soviet unit (7.2) and a Soviet
        unit blocks a German one (10.3). Cheapest unit first: not mechanized, weakest attack.
        None when nothing is open or no move helps."""
        if not moves:
            return None
        ex = exposed(state, side, self.rules)
        if not ex:
            return None
        now = exposure(state, side, self.rules)
        dests = self._cover_hexes(state, side, ex)
        by_dest: dict[str, list[Move]] = {}
        for a in moves:
            if a.to in dests:
                by_dest.setdefault(a.to, []).append(a)
        best, best_key = None, None
        for to, cands in by_dest.items():
            cands.sort(key=lambda a: (state.is_mech(a.unit), state.public_face(a.unit).attack, a.unit))
            for a in cands[:3]:
                after = exposure(after_move(state, (a.unit,), to), side, self.rules)
                if after >= now:
                    continue
                # the exposure left stays exact; which cheap unit covers: scale 1 strength point
                key = (after, state.is_mech(a.unit), self._jitter(state.public_face(a.unit).attack, 1.0), a.unit, to)
                if best_key is None or key < best_key:
                    best, best_key = a, key
        return best

    def _cover_hexes(self, state: DomState, side: str, ex: dict[str, str]) -> set[str]:
        """Where a unit of ``side`` could close ``ex``: the open hexes themselves and the hexes
        of the enemy's cheapest paths into them (for the German also their neighbours: a
        German unit there puts the path in its ZOC, 7.0)."""
        s = enemy_move_state(state, side)
        enemy = SOVIET if side == GERMAN else GERMAN
        grid = state.data.map.grid
        out = set(ex)
        if s is None:
            return out
        for u in s.on_map(enemy):
            here = s.hex_of(u)
            mf = movement.allowance(s, u)
            aims = [h for h, why in ex.items() if why == "move" and grid.distance(here, h) <= mf]
            if not aims:
                continue
            r = movement.unit_reach(s, u)
            for h in aims:
                if h not in r.cost:
                    continue
                path = r.path_to(h)[1:]
                out.update(path)
                if side == GERMAN:
                    for p in path:
                        out.update(state.data.neighbours[p])
        return out

    def _move(self, state: DomState, side: str, legal: list[Any]) -> Any:
        moves = [a for a in legal if isinstance(a, Move)]
        win = self.winning_move(state, side, moves)
        if win is not None:
            return win
        guard = self.cover(state, side, moves)
        if guard is not None:
            return guard
        now = exposure(state, side, self.rules)
        assaults = [a for a in legal if isinstance(a, Assault)]
        last = self._last_targets(state, side)
        for a in assaults:
            o = combat.odds_summary(state, "ma", GERMAN, a.target, a.units, {}, a.launch)
            bonus = 10.0 if a.target in last and o["attack"] > 0 else 0.0
            if self._jitter(self._odds_score(o), 0.2) + bonus > 0.6 and self.safe(state, side, a.units, a.launch, now):
                return a
        if not moves:
            return next(a for a in legal if isinstance(a, End))
        m = state.data.map
        grid = m.grid
        garrisons = self._garrisons if side == GERMAN else self._city_garrisons
        keep, guard = garrisons(state, moves, lambda a: self.safe(state, side, (a.unit,), a.to, now))
        if guard is not None:
            return guard
        moves = [a for a in moves if a.unit not in keep]
        if side == GERMAN:
            aims = [h for h in m.cities if state.control.get(h) != GERMAN] or list(m.cities)
        else:
            aims = list(m.moscow()) or list(m.cities)
        if not aims:
            return next(a for a in legal if isinstance(a, End))
        by_unit: dict[str, list[Move]] = {}
        for a in moves:
            by_unit.setdefault(a.unit, []).append(a)
        if side == GERMAN and self.final and state.turn > state.data.last_turn - self.final:
            aims = sorted(self.decisive(state)) or aims  # 4.3: the last turns drive on the cities still wanted
        for u in sorted(by_unit, key=lambda _: self.rng.random()):
            here = state.hex_of(u)
            d0 = min(grid.distance(here, h) for h in aims)
            if side == SOVIET and (d0 > 6 and any(state.side_at(n) == GERMAN for n in state.data.neighbours[here])):
                continue  # hold the line
            # hexes a unit can reach differ by a hex or so in distance to the aims: scale 1 hex
            best = min(by_unit[u], key=lambda a: (self._jitter(min(grid.distance(a.to, h) for h in aims), 1.0), a.to))
            if min(grid.distance(best.to, h) for h in aims) < d0 and self.safe(state, side, (u,), best.to, now):
                return best
        return next(a for a in legal if isinstance(a, End))

    def _last_targets(self, state: DomState, side: str) -> set[str]:
        """The German's last turn: the cities 4.3 still wants (``decisive``); else none."""
        if side != GERMAN or not self.final or state.turn < state.data.last_turn:
            return set()
        return self.decisive(state)

    @staticmethod
    def decisive(state: DomState) -> set[str]:
        """4.3: the cities other than Moscow the German does not hold, when there are at most two
        (holding all five at the end of GT9 wins)."""
        m = state.data.map
        moscow = set(m.moscow())
        out = {h for h in m.cities if h not in moscow and state.control.get(h) != GERMAN}
        return out if len(out) <= 2 else set()

    @staticmethod
    def rear_places(state: DomState) -> list[str]:
        """4.4 L395-397: the towns and cities west of the initial front line; a Soviet unit
        entering any of them wins the game for the Soviet player at once."""
        m = state.data.map
        return sorted(h for h in (*m.towns, *m.cities) if m.west_of_front(h))

    @staticmethod
    def rear_threats(state: DomState, places: list[str]) -> dict[str, tuple[int, int]]:
        """The Soviet attack strength (public faces) that could reach each German rear place
        (4.4): (within one Soviet player turn, within two). A Soviet unit may move next to a
        place and then make a prepared assault (5.2); a DR or DE that empties the hex lets it
        advance in (11.31) and win. A unit counts when the place lies within its movement
        allowance plus one hex (twice the allowance plus one: two turns), with the MF it will
        have (``enemy_move_state``), whatever the terrain in between."""
        s = enemy_move_state(state, GERMAN)
        if s is None or not places:
            return {}
        grid = state.data.map.grid
        one = dict.fromkeys(places, 0)
        two = dict.fromkeys(places, 0)
        for u in s.on_map(SOVIET):
            here = s.hex_of(u)
            if here is None:
                continue
            mf = movement.allowance(s, u)
            attack = s.public_face(u).attack
            for h in places:
                d = grid.distance(here, h)
                if d <= 2 * mf + 1:
                    two[h] += attack
                    if d <= mf + 1:
                        one[h] += attack
        return {h: (one[h], two[h]) for h in places if two[h]}

    @staticmethod
    def garrison_need(threat: tuple[int, int] | None) -> int:
        """How many units of two steps a rear place should hold (``holds_a_battle``): none when
        no Soviet unit could attack it within two turns (one unit of any kind stays, 10.3);
        one against a few attackers; two against ``REAR_GROUP`` attack points or more (twice
        the defence: lower odds, 11.7-11.9)."""
        if threat is None:
            return 0
        return 2 if threat[1] >= REAR_GROUP else 1

    @staticmethod
    def holds_a_battle(state: DomState, units: list[str]) -> bool:
        """A garrison no single Soviet prepared assault can empty: it holds a unit of two steps
        or more (``two_steps``)."""
        return any(two_steps(state, u) for u in units)

    def _garrisons(self, state: DomState, moves: list[Move],
                   safe: Callable[[Move], bool]) -> tuple[set[str], Move | None]:
        """The German rear guard (4.4): one unit stays in each town and city west of the initial
        front line (the enemy may not enter an occupied hex, 10.3); an empty one is filled by the
        weakest unit that can reach it. A place Soviet units could attack within two turns
        (``rear_threats``) keeps ``garrison_need`` units of two steps (the weakest there) and
        every unit of one step in it; while it has fewer, the weakest two-step unit that can
        reach it comes in, or the nearest ones within two of their moves walk towards it. Returns
        (the units that stay, a move filling a gap that ``safe`` allows; a gap no such move helps
        does not hold up the next).
        Noise: scale 1 strength point for which unit stays or fills, 1 hex for the walker's step."""
        keep: set[str] = set()
        gaps: list[tuple[str, int]] = []  # (place, two-step units missing; 0: any one unit)
        places = self.rear_places(state)
        threats = self.rear_threats(state, [h for h in places if state.control.get(h) != SOVIET])
        for h in places:
            mine = [u for u in state.at(h) if state.side_of(u) == GERMAN]
            need = self.garrison_need(threats.get(h))
            if need:
                solid = [u for u in mine if two_steps(state, u)]
                # the units of one step left stay with it: they add to its defence (11.7)
                keep.update(u for u in mine if u not in solid)
                keep.update(sorted(solid, key=lambda u: (self._jitter(state.public_face(u).attack, 1.0), u))[:need])
                if len(solid) < need:
                    gaps.append((h, need - len(solid)))
            elif mine:
                keep.add(min(mine, key=lambda u: (self._jitter(state.public_face(u).attack, 1.0), u)))
            else:
                gaps.append((h, 0))
        grid = state.data.map.grid
        # a unit of two steps is sent only from within two of its moves: one from farther would
        # not arrive in time, and is better used where it stands (the drive on Moscow)
        full = [(u, state.hex_of(u), 2 * movement.allowance(state, u)) for u in state.on_map(GERMAN)
                if two_steps(state, u)]
        return keep, self._fill_or_walk(state, moves, keep, safe, [
            (h, [u for u, here, far in full if grid.distance(here, h) <= far] if missing else state.on_map(GERMAN),
             max(1, missing)) for h, missing in gaps])

    def _city_garrisons(self, state: DomState, moves: list[Move],
                        safe: Callable[[Move], bool]) -> tuple[set[str], Move | None]:
        """The Soviet cities other than Moscow (4.3 L387-392: the German wins holding all five
        of Kalinin, Kursk, Orel, Smolensk and Tula at the end of GT9; a city belongs to the side
        that entered it last, 3.7). Each one the Soviet holds keeps up to ``CITY_GUARD`` of the
        units in it; while it has fewer, the weakest unit that can reach it comes in, or the
        nearest ones walk towards it. Units in a Moscow hex (4.1) or next to a German unit (the
        line) are not sent. Returns (the units that stay, a move that ``safe`` allows)."""
        m = state.data.map
        moscow = set(m.moscow())
        keep: set[str] = set()
        gaps: list[tuple[str, int]] = []
        for h in m.cities:
            if h in moscow or state.control.get(h) != SOVIET:
                continue
            mine = [u for u in state.at(h) if state.side_of(u) == SOVIET]
            keep.update(sorted(mine, key=lambda u: (-state.public_face(u).defence, u))[:CITY_GUARD])
            if len(mine) < CITY_GUARD:
                gaps.append((h, CITY_GUARD - len(mine)))
        neighbours = state.data.neighbours
        free = [u for u in state.on_map(SOVIET) if state.hex_of(u) not in moscow
                and not any(state.side_at(n) == GERMAN for n in neighbours[state.hex_of(u)])]
        return keep, self._fill_or_walk(state, moves, keep, safe, [(h, free, missing) for h, missing in gaps])

    def _fill_or_walk(self, state: DomState, moves: list[Move], keep: set[str], safe: Callable[[Move], bool],
                      gaps: list[tuple[str, list[str], int]]) -> Move | None:
        """A garrison's next move: for each gap (a place, the units fit to hold it, how many are
        missing) in turn, the move into it of the weakest fit unit that can reach it (not
        mechanized first, then the smallest attack), else a step of the nearest fit units (as many as
        are missing) towards it; fit units not in ``keep`` only, and only a move ``safe`` allows.
        The walkers join ``keep``. No noise in who walks: they are chosen anew at every move,
        and a noisy choice sends several back; noise: scale 1 strength point for which unit fills,
        1 hex for the walker's step."""
        grid = state.data.map.grid
        movable = {a.unit for a in moves} - keep
        for h, units, missing in gaps:
            fit = [u for u in units if u not in keep]
            fitting = set(fit)
            fill = [a for a in moves if a.to == h and a.unit in fitting and safe(a)]
            if fill:
                return min(fill, key=lambda a: (state.is_mech(a.unit), self._jitter(state.public_face(a.unit).attack, 1.0), a.unit))
            walkers = sorted(fit, key=lambda u: (grid.distance(state.hex_of(u), h), state.public_face(u).attack, u))[:missing]
            keep.update(walkers)
            for near in walkers:
                if near not in movable:
                    continue
                d0 = grid.distance(state.hex_of(near), h)
                step = min((a for a in moves if a.unit == near), key=lambda a: (self._jitter(grid.distance(a.to, h), 1.0), a.to))
                if grid.distance(step.to, h) < d0 and safe(step):
                    return step
        return None

    def _enter(self, state: DomState, legal: list[Any]) -> Any:
        grid = state.data.map.grid
        mos = state.data.map.moscow() or tuple(state.data.map.cities)
        enters = [a for a in legal if isinstance(a, Enter)]
        # entry hexes differ by a hex or so in distance to Moscow: scale 1 hex
        return min(enters, key=lambda a: (self._jitter(min((grid.distance(a.to, h) for h in mos), default=0), 1.0), a.to))


__all__ = ["GreedyPlayer", "RandomPlayer", "evaluate"]
