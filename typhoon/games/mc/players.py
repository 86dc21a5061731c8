"""Computer players of The Moscow Campaign and the heuristic value of a position.

The greedy player moves one unit at a time to the hex that scores best for its side (German:
each unit towards the places not yet held that fewer German units are already heading for,
in supply, stacked, out of reach of Soviet attacks it could not stand (above all in MUD, when
German defence is halved), garrisoning the places taken; Soviet: stacked on defensive hexes
between the enemy and the objectives, the units nearest Moscow garrisoning it against the
German strength near it, the reinforcements entering nearest it while that garrison is short,
and the garrison attacking only where no result takes it out of Moscow), overruns when it can,
attacks and takes sensible retreats, losses and advances. The German player prices every
attack exactly on the CRT with the fewest units that reach each odds column (``planner.py``);
both pay exchanges with the cheapest units. It reads only the public state."""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from fractions import Fraction
from typing import Any

import numpy as np

from ...core.noise import ScoreNoise
from . import combat, movement, planner, supply, victory, weather
from .actions import Act, attack
from .sequence import BY_ID
from .state import MCState

# CRT results that leave the defender's hexes to the attacker (L78-83)
_CLEARED = ("De", "DeAd", "Dr", "Ex", "HEx")


# CRT results that cost the attacker no unit and do not move it (L78-80): the only ones Moscow's
# garrison risks (Br, Ex, 1/2 Ex, Ar and Ae take units out of Moscow, L81-85)
_GARRISON_SAFE = frozenset({"De", "DeAd", "Dr"})

loss_points = planner.loss_points


# noise 0: the score itself (it never draws)
_EXACT = ScoreNoise(0.0, 0)


def attack_value(state: MCState, side: str, targets: tuple[str, ...], summary: dict[str, Any]) -> float:
    """The expected change of the victory margin (D-VICTORY) for ``side`` of an attack: German
    points are half the Soviet strength eliminated, Soviet points the German strength; Ex costs
    the attacker at least the defence (L82), 1/2 Ex half of it (L83), Ae every attacker (L85);
    a cleared place is worth its value to the German player."""
    gain = 0.5 if side == "german" else 1.0  # points per enemy strength point eliminated
    cost = 1.0 if side == "german" else 0.5  # points per own strength point lost
    dfull = sum(loss_points(state, u) for u in summary["defenders"])
    printed = sum(state.data.units[u].strength for u in summary["defenders"])
    afull = sum(loss_points(state, u) for u in summary["attackers"])
    place = sum(state.data.place_at[t]["value"] for t in targets if t in state.data.place_at and state.control.get(t) != side)
    value = {
        "De": gain * dfull, "DeAd": gain * dfull, "Dr": 0.3, "Br": -0.1,
        "Ex": gain * dfull - cost * min(afull, printed), "HEx": gain * dfull - cost * min(afull, printed / 2),
        "Ar": -0.3, "Ae": -cost * afull,
    }
    score = 0.0
    for r, p in summary["results"].items():
        v = value.get(r, 0.0)
        if r in _CLEARED:
            v += place if side == "german" else 0.5 * place
        score += p * v
    return score



def moscow_danger(state: MCState, reach: int = 4) -> tuple[str, float, float] | None:
    """What a German attack on a Soviet Moscow (D-VICTORY: sudden death) could bring: Moscow's
    hex, the German attack strength near it (printed strength times the weather's factor,
    RAINS L98, MUD L99, WINTER L100: in full within ``reach`` / 2 hexes, half within
    ``reach``) and the Soviet defence strength in it (printed). None without Moscow or with
    Moscow German. Memoised in the state's cache, which every change of the position clears."""
    key = ("ai_moscow_danger", reach)
    if key in state._cache:
        return state._cache[key]
    data = state.data
    m = data.moscow()
    got = None
    if m is not None and state.control.get(m) != "german":
        threat = 0.0
        defence = 0.0
        for u, h in state.stacks.hex_of.items():
            spec = data.units[u]
            if spec.side == "soviet":
                if h == m:
                    defence += spec.strength
                continue
            if spec.eb:
                continue
            d = data.distance(h, m)
            if d <= reach:
                f = float(weather.attack_factor(data, state.turn, "german", spec.mechanized))
                threat += spec.strength * f * (1.0 if 2 * d <= reach else 0.5)
        got = (m, threat, defence)
    state._cache[key] = got
    return got


def moscow_fall_chance(state: MCState, threat: float, defence: float) -> float:
    """The chance that an attack of ``threat`` on ``defence`` in Moscow clears it (the CRT's
    results that leave the hex to the attacker, L78-83, at the column of those strengths,
    Combat (F) L63, with Moscow's terrain modifier, Combat (O) L72)."""
    if threat <= 0:
        return 0.0
    data = state.data
    if defence <= 0:
        return 1.0
    col = combat.column_of(state, Fraction(threat).limit_denominator(8), Fraction(defence).limit_denominator(8))
    if col is None:
        return 1.0
    if col < 0:
        return 0.0
    drm = data.terrain_drm.get(data.terrain[data.moscow()], 0)  # called only with a Moscow
    return float(sum(p for r, p in data.crt.distribution(col, drm).items() if r in _CLEARED))


# the distance from Moscow within which German units call for its reserve, and from which it comes
RESERVE_REACH = 12

# weight of the danger to Moscow in the evaluation: a threat, not yet an attack
MOSCOW_DANGER_WEIGHT = 0.6


def evaluate(state: MCState, side: str) -> float:
    """A value in [0, 1] of the state for ``side`` (1 won, 0 lost): the victory margin against
    what the scenario needs (D-VICTORY) on a logistic scale, and, while Moscow is Soviet, the
    chance that the German units near it take it (sudden death, D-VICTORY; ``moscow_danger``),
    weighted by ``MOSCOW_DANGER_WEIGHT``."""
    if state.outcome is not None:
        return 0.5 if state.outcome.winner is None else float(state.outcome.winner == side)
    sc = state.data.scenarios.get(state.scenario)
    needs = sc.needs if sc else 0
    x = float(victory.margin(state) - needs) / 10.0
    v = 1 / (1 + math.exp(-x))
    danger = moscow_danger(state) if victory.sudden_death_applies(state) else None
    if danger is not None:
        p = MOSCOW_DANGER_WEIGHT * moscow_fall_chance(state, danger[1], danger[2])
        v = p + (1 - p) * v
    return v if side == "german" else 1 - v


class RandomPlayer:
    """Any legal action, at random."""

    def __init__(self, seed: int | None = None, **_: Any) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        legal = game.legal_actions
        return legal[self.rng.randrange(len(legal))]


class GreedyPlayer:
    """A one-unit-at-a-time heuristic player (module docstring).

    ``noise`` > 0 adds Gaussian noise (``noise`` times a typical score difference of the
    decision) to the scores of the alternatives it ranks (hexes to move to, attacks, entry
    hexes, retreats), so that plan searches (typhoon.ai.search) get varied plans: 1 often plays
    a near-best alternative, 4 plays badly, always legally; 0 is the player itself."""

    def __init__(self, seed: int | None = None, noise: float = 0.0, **_: Any) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.noise = float(noise)
        self._jitter = ScoreNoise(noise, seed)  # its own generator: noise 0 draws nothing
        self._skip: tuple[Any, set[str]] = (None, set())
        self._obj: dict[str, float] = {}
        self._obj_unit: str | None = None
        self._claims: tuple[Any, dict[str, list[int]]] = (None, {})
        self._reserve: tuple[Any, tuple[str | None, frozenset[str], bool]] = (None, (None, frozenset(), False))

    # -- the decision -------------------------------------------------------------------------
    def choose(self, game: Any) -> Any:
        state: MCState = game.state
        rules = game.rules
        side = rules.current_player(state)
        if state.battle is not None:
            return self._battle(state, rules, side)
        phase = BY_ID[state.phase]
        if phase.kind == "combat":
            return self._attack(state, rules, side)
        return self._move(state, rules, side, phase)

    def _battle(self, state: MCState, rules: Any, side: str) -> Act:
        legal = rules.legal_actions(state)
        v = legal[0].verb
        if v == "retreat":
            enemy = state.occupied_by("soviet" if side == "german" else "german")
            def safety(a: Act) -> tuple:
                h = a.args[1]
                near = sum(1 for n in state.data.neighbours[h] if n in enemy)
                # scale 1: one more adjacent enemy hex
                return (self._jitter(near, 1.0), -len(state.at(h)), h)
            return min(legal, key=safety)
        if v == "lose":
            # Ex / 1/2 Ex (L82-83): the cheapest units worth what is still owed
            pool = [a.args[0] for a in legal]
            _, chosen = planner.cheapest_losses(state, pool, Fraction(state.battle["need"]))
            return next(a for a in legal if a.args[0] == (chosen[0] if chosen else pool[0]))
        if v == "disrupt":
            return min(legal, key=lambda a: (state.data.units[a.args[0]].strength, a.args[0]))
        if v == "advance":
            moves = [a for a in legal if a.args[0] != "none"]
            if not moves:
                return legal[-1]
            target = moves[0].args[1]
            place = state.data.place_at.get(target)
            if side == "soviet":
                garrison = self._garrison(state)
                moves = [a for a in moves if a.args[0] not in garrison]  # Moscow's garrison stays
            if moves and (side == "german" or place is not None):
                # advance the strongest available unit into the hex once
                if state.battle.get("advanced"):
                    return Act("advance", ("none",))
                return max(moves, key=lambda a: (state.data.units[a.args[0]].strength, a.args[0]))
            return Act("advance", ("none",))
        return legal[0]

    def _attack(self, state: MCState, rules: Any, side: str) -> Act:
        # attack values are victory points (a 4-strength Soviet unit eliminated: 2 to the German
        # player, 4 to the Soviet one): scale 1
        if side == "german":
            # the exact expected value of each attack on the CRT, with the fewest units (planner)
            found = planner.best_attack(state, side, jitter=lambda v: self._jitter(v, 1.0))
            if found is None:
                return Act("end")
            tg, units, nodr = found
            return attack(tg, tuple(sorted(units, key=state.data.unit_index.__getitem__)), nodr=nodr)
        best, best_score = Act("end"), 0.25
        garrison = self._garrison(state)
        for a in rules.legal_actions(state):
            if a.verb != "attack":
                continue
            tg, units, _, nodr = a.attack_parts()
            s = combat.odds_summary(state, side, tg, units, nodr=nodr)
            if garrison.intersection(units) and not _GARRISON_SAFE.issuperset(s["results"]):
                continue  # Moscow's garrison attacks only where it can lose nothing (L78-85)
            score = self._jitter(attack_value(state, side, tg, s), 1.0)
            if score > best_score:
                best, best_score = a, score
        return best

    # -- movement -------------------------------------------------------------------------------
    def _move(self, state: MCState, rules: Any, side: str, phase: Any) -> Act:
        key = (state.turn, state.phase)
        if self._skip[0] != key:
            self._skip = (key, set())
        skip = self._skip[1]
        legal_over = [a for a in rules.legal_actions(state) if a.verb == "overrun"] if state.active is None else []
        if side == "soviet" and legal_over:
            garrison = self._garrison(state)
            # the overrunning units must advance (Overrun L91): never Moscow's garrison
            legal_over = [a for a in legal_over if not garrison.intersection(a.args[1:])]
        if legal_over:
            return legal_over[0]
        if side == "soviet":
            for u in rules.due(state):
                entries = [a for a in rules.legal_actions(state) if a.verb == "enter" and a.args[0] == u]
                if entries:
                    m, _, short = self._moscow_reserve(state)
                    if short and m is not None:  # Moscow's reserve first
                        return min(entries, key=lambda a: self._jitter(state.data.distance(a.args[1], m), 1.0))
                    # scale 1: one hex nearer the enemy or farther
                    return min(entries, key=lambda a: self._jitter(self._threat_distance(state, a.args[1]), 1.0))
        units = [state.active] if state.active is not None else []
        units += [u for u in rules.movers(state) if u not in skip and u != state.active]
        targets = self._targets(state, side)
        if side == "german":
            self._claims_for(state, targets)
        for u in units:
            acts = rules.unit_actions(state, u)
            if not acts:
                skip.add(u)
                continue
            if side == "german":
                hexes = [state.hex_of(u)] + [a.args[1] for a in acts if a.verb in ("move", "rail")]
                self._obj, self._obj_unit = self._objectives(state, u, hexes, targets), u
            here = self._score(state, side, u, state.hex_of(u), targets)
            # the Soviet EBs hold their hexes (``_score``) whatever the noise: a noisy plan that
            # walked one into Moscow took the room of its reserve (stacking L43)
            jitter = _EXACT if side == "soviet" and state.data.units[u].eb else self._jitter
            # scale 0.5: about one hex nearer an objective, or a friend more in the stack
            best, best_v = None, jitter(here, 0.5) + 0.01
            for a in acts:
                if a.verb == "move":
                    v = self._score(state, side, u, a.args[1], targets)
                elif a.verb == "rail":
                    v = self._score(state, side, u, a.args[1], targets) + 0.5
                elif a.verb == "detrain":
                    v = here + 5.0
                elif a.verb == "entrain":
                    v = here - 1.0 if u in state.mp_left else -1e9
                else:
                    continue
                v = jitter(v, 0.5)
                if v > best_v:
                    best, best_v = a, v
            if best is not None:
                return best
            skip.add(u)
        return Act("end")

    def _targets(self, state: MCState, side: str) -> list[tuple[str, float]]:
        data = state.data
        out = []
        for p in data.places:
            if side == "german" and state.control.get(p["hex"]) != "german":
                out.append((p["hex"], p["value"] + 1.0))
            if side == "soviet":
                # hold the places still Soviet; retake the others (worth more)
                bonus = 1.0 if state.control.get(p["hex"]) == "soviet" else 3.0
                out.append((p["hex"], p["value"] + bonus))
        return out

    # -- the German advance ------------------------------------------------------------------------
    def _claims_for(self, state: MCState, targets: list[tuple[str, float]]) -> None:
        """For each objective, the sorted distances of the German units to it at the start of
        the phase: a unit heads for an objective that fewer units are already closer to."""
        key = (state.turn, state.phase)
        if self._claims[0] == key:
            return
        data = state.data
        hexes = [h for u, h in state.stacks.hex_of.items() if data.units[u].side == "german" and not data.units[u].eb]
        table = {t: sorted(data.distance(h, t) for h in hexes) for t, _ in targets}
        self._claims = (key, table)

    def _objectives(self, state: MCState, unit: str, hexes: list[str], targets: list[tuple[str, float]]) -> dict[str, float]:
        """For each of ``hexes``: minus the effective distance to the best objective, the places
        the Germans do not hold, nearer counting for more when worth more (D-VICTORY), farther
        when three or more German units are already closer to it than this unit."""
        if not targets or not hexes:
            return {h: 0.0 for h in hexes}
        data = state.data
        ax = data.axial
        table = self._claims[1]
        here = state.hex_of(unit)
        pen = np.array([2.0 * max(0, bisect_left(table.get(t, ()), data.distance(here, t)) - 2) for t, _ in targets])
        worth = np.array([1 + min(v, 12) / 4 for _, v in targets])
        tq = np.array([ax[t][0] for t, _ in targets])
        tr = np.array([ax[t][1] for t, _ in targets])
        hq = np.array([ax[h][0] for h in hexes])[:, None]
        hr = np.array([ax[h][1] for h in hexes])[:, None]
        dq, dr = hq - tq, hr - tr
        dist = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        best = (dist / worth + pen).min(axis=1)
        return {h: -float(b) for h, b in zip(hexes, best)}

    def _german_score(self, state: MCState, unit: str, h: str, targets: list[tuple[str, float]], friends: int, adj_enemy: int) -> float:
        """A German unit's hex: towards its objective, stacked, in supply, holding the places
        taken (so that no Soviet unit retakes them by entering, movement.enter), seeking contact
        when the weather allows attacks at full strength (Weather L98-100)."""
        data = state.data
        spec = data.units[unit]
        if spec.eb:
            # EB (C) L126, Supply L48: extend the repaired rail towards the front
            c = state.rail.get(h)
            return 4.0 if c is not None and c[1] != "german" else -data.distance(h, data.moscow() or h) * 0.1
        w = weather.weather_of(data, state.turn)
        obj = self._obj.get(h) if self._obj_unit == unit else None
        score = obj if obj is not None else self._objectives(state, unit, [h], targets)[h]
        if h not in supply.supplied_hexes(state, "german"):
            score -= 1.5 if spec.mechanized else 2.5
        score += 0.5 * min(friends, 2)
        score -= self._exposure(state, unit, h)
        if adj_enemy and w in ("clear", "freeze") and friends:
            score += 0.5 * min(adj_enemy, 2)
        place = data.place_at.get(h)
        if place is not None and place["value"] >= 1 and state.control.get(h) == "german" and friends == 0:
            score += (1.0 if spec.mechanized else 2.5) * min(place["value"], 4)
        return score

    def _exposure(self, state: MCState, unit: str, h: str) -> float:
        """The risk of standing in ``h``: the Soviet attack strength within two hexes (the
        nearer counting fully) against the stack's defence there (halved in MUD, L99 with
        D-MUD-DEFENCE; helped by the terrain's die-roll modifier, Combat (O) L72)."""
        data = state.data
        near = self._soviet_strength(state)
        ring1 = data.neighbours[h]
        ring2 = {m for n in ring1 for m in data.neighbours[n]} - set(ring1) - {h}
        threat = sum(near.get(n, 0.0) for n in ring1) + 0.25 * sum(near.get(m, 0.0) for m in ring2)
        if threat == 0:
            return 0.0
        dfn = float(sum(combat.defence_strength(state, x) for x in state.at(h) if x != unit))
        own = float(data.units[unit].strength)
        if h not in supply.supplied_hexes(state, "german"):
            own /= 2  # Supply L51
        dfn += own * float(weather.defence_factor(data, state.turn, "german"))
        drm = -data.terrain_drm.get(data.terrain[h], 0)
        ratio = threat / max(dfn, 0.5) / (1 + 0.5 * drm)
        return min(max(0.0, ratio - 1.5), 5.0)

    def _soviet_strength(self, state: MCState) -> dict[str, float]:
        """Printed Soviet attack strength by hex (EBs have none, Combat (S) L76), memoised in
        the state's cache, which every change of the position clears."""
        got = state._cache.get("ai_soviet_attack")
        if got is None:
            got = {}
            data = state.data
            for u, x in state.stacks.hex_of.items():
                spec = data.units[u]
                if spec.side == "soviet" and not spec.eb:
                    got[x] = got.get(x, 0.0) + spec.strength
            state._cache["ai_soviet_attack"] = got
        return got

    def _threat_distance(self, state: MCState, h: str) -> int:
        grid = state.data
        enemy = state.occupied_by("german")
        return min((grid.distance(h, e) for e in enemy), default=99)

    def _score(self, state: MCState, side: str, unit: str, h: str, targets: list[tuple[str, float]]) -> float:
        data = state.data
        grid = data
        spec = data.units[unit]
        enemy_side = "soviet" if side == "german" else "german"
        enemy = state.occupied_by(enemy_side)
        friends = len([x for x in state.at(h) if x != unit])
        adj_enemy = sum(1 for n in data.neighbours[h] if n in enemy)
        score = 0.0
        if side == "german":
            return self._german_score(state, unit, h, targets, friends, adj_enemy)
        else:
            if spec.eb:
                return -1.0 if h != state.hex_of(unit) else 0.0
            near = min((grid.distance(h, e) for e in enemy), default=20)
            # stand two hexes in front of the objectives, stacked, in good terrain, in supply
            if targets:
                score -= 0.5 * min(grid.distance(h, t) for t, v in targets if v >= 2) if any(v >= 2 for _, v in targets) else 0
            score -= abs(near - 2) * 0.8
            score += 1.2 * friends if friends < 3 else 0
            score -= 1.5 * data.terrain_drm.get(data.terrain[h], 0)
            if h not in supply.supplied_hexes(state, "soviet"):
                score -= 4.0
            if adj_enemy and friends == 0:
                score -= 2.0
            score += self._moscow_guard(state, unit, h)
        return score

    def _garrison(self, state: MCState) -> set[str]:
        """Soviet: the units in Moscow while German units are near it (``moscow_danger``)."""
        danger = moscow_danger(state)
        if danger is None or danger[1] <= 0:
            return set()
        return set(state.at(danger[0]))

    def _moscow_guard(self, state: MCState, unit: str, h: str) -> float:
        """Soviet: the Moscow reserve (``_moscow_reserve``) marches to Moscow and stays there
        (8 in Moscow, one less a hex farther); the other units leave Moscow to it."""
        m, reserve, _ = self._moscow_reserve(state)
        if m is None or unit not in reserve:
            return 0.0
        return 8.0 - state.data.distance(h, m)

    def _moscow_reserve(self, state: MCState) -> tuple[str | None, frozenset[str], bool]:
        """Once per phase: the Soviet units that garrison Moscow (D-VICTORY: sudden death) against
        the German strength within ``RESERVE_REACH`` hexes of it (``moscow_danger``: the MUD
        of L99 slows the reserve too, so it leaves early): the units within that distance
        nearest Moscow, in it first, until their strength and that of the EBs in it match the
        threat, as many as the stacking limit (L43) leaves room for beside the EBs (the front
        far away is never stripped); and whether Moscow is still short of defence there and
        within two hexes (then the reinforcements enter nearest Moscow, Rail (A) L115, and go
        there by rail: a reserve unit far away may not arrive in MUD). Chosen again when a
        unit enters or leaves the map."""
        key = (state.turn, state.phase, len(state.stacks.hex_of))
        if self._reserve[0] == key:
            return self._reserve[1]
        got: tuple[str | None, frozenset[str], bool] = (None, frozenset(), False)
        danger = moscow_danger(state, reach=RESERVE_REACH)
        if danger is not None and danger[1] > 0:
            m, threat, _ = danger
            data = state.data
            ebs = [u for u in state.at(m) if data.units[u].eb]
            have = float(sum(data.units[u].strength for u in ebs))
            room = movement.STACK_LIMIT - len(ebs)
            pool = sorted((d, u) for u, h in state.stacks.hex_of.items()
                          if data.units[u].side == "soviet" and not data.units[u].eb
                          and (d := data.distance(h, m)) <= RESERVE_REACH)
            picked = []
            near = have
            for d, u in pool:
                if have >= threat or len(picked) >= room:
                    break
                picked.append(u)
                have += data.units[u].strength
                near += data.units[u].strength if d <= 2 else 0
            got = (m, frozenset(picked), near < threat and len(state.at(m)) < movement.STACK_LIMIT)
        self._reserve = (key, got)
        return got


__all__ = ["GreedyPlayer", "RandomPlayer", "evaluate", "moscow_danger", "moscow_fall_chance"]
