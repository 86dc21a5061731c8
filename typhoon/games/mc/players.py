"""Computer players of The Moscow Campaign and the heuristic value of a position.

The greedy player moves one unit at a time to the hex that scores best for its side (German:
each unit towards the places not yet held that fewer German units are already heading for,
in supply, stacked, out of reach of Soviet attacks it could not stand (above all in MUD, when
German defence is halved), garrisoning the places taken; Soviet: stacked on defensive hexes
between the enemy and the objectives), overruns when it can, attacks and takes sensible
retreats, losses and advances. The German player prices every attack exactly on the CRT with
the fewest units that reach each odds column (``planner.py``); both pay exchanges with the
cheapest units. It reads only the public state."""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from fractions import Fraction
from typing import Any

import numpy as np

from ...core.noise import ScoreNoise
from . import combat, planner, supply, victory, weather
from .actions import Act, attack
from .sequence import BY_ID
from .state import MCState

# CRT results that leave the defender's hexes to the attacker (L78-83)
_CLEARED = ("De", "DeAd", "Dr", "Ex", "HEx")


loss_points = planner.loss_points


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



def evaluate(state: MCState, side: str) -> float:
    """A value in [0, 1] of the state for ``side`` (1 won, 0 lost)."""
    if state.outcome is not None:
        return 0.5 if state.outcome.winner is None else float(state.outcome.winner == side)
    sc = state.data.scenarios.get(state.scenario)
    needs = sc.needs if sc else 0
    x = float(victory.margin(state) - needs) / 10.0
    v = 1 / (1 + math.exp(-x))
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
            if side == "german" or place is not None:
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
        for a in rules.legal_actions(state):
            if a.verb != "attack":
                continue
            tg, units, _, nodr = a.attack_parts()
            s = combat.odds_summary(state, side, tg, units, nodr=nodr)
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
        if legal_over:
            return legal_over[0]
        if side == "soviet":
            for u in rules.due(state):
                entries = [a for a in rules.legal_actions(state) if a.verb == "enter" and a.args[0] == u]
                if entries:
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
            # scale 0.5: about one hex nearer an objective, or a friend more in the stack
            best, best_v = None, self._jitter(here, 0.5) + 0.01
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
                v = self._jitter(v, 0.5)
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
        return score


__all__ = ["GreedyPlayer", "RandomPlayer", "evaluate"]
