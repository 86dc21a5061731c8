"""Computer players of Operation Typhoon and the heuristic value of a position.

Players get ``game.observed(side)``: enemy chits read UNKNOWN (estimated at their pool's mean,
8.43) and the Plan is hidden from the Russian."""

from __future__ import annotations

import functools
import math
import random
from typing import Any, NamedTuple

from ...core.noise import ScoreNoise
from ...core.paths import flood
from . import combat
from .actions import Advance, Air, Allocate, Attack, End, Evade, Exit, InSupport, Loss, Move, Plan, Retreat, Stand
from .movement import enemy_zoc
from .state import OtState
from .strength import expected_strength, parent_of
from .supply import german_sources, imaginary_german_unit_supplied, passable_for, supply_line_length
from .victory import PLACES_18_2, PLACES_18_3, TOWNS_18_1, exit_hexes, exited

#: scenarios where German units keep within a supply line of their HQ (GreedyPlayer._tether)
TETHERED = frozenset({"18.3"})
#: scenarios where one German combat unit stays in each place it has taken, so that no Soviet unit
#: passes through it again (18.39: the last to pass through controls it; measured: 18.3 games were
#: lost with places taken early and retaken by Soviet units walking in behind the front), and
#: where HQs keep within a supply line of a supply source (12.41(a), 12.51(b))
GARRISONED = frozenset({"18.3"})
#: exits the German's victory conditions count, and how many (18.19, 18.29, 18.39)
EXIT_NEEDS = {"18.1": {"N": 4, "E": 5}, "18.2": {"S": 6, "E": 3}, "18.3": {"E": 3}}

#: scenarios whose counted exits are made by a detachment, the units nearest the exits, while the
#: rest take the places (18.29: six exits AND six of the ten places; measured: when every unit ran
#: for the nearest aim, 8 of 20 games ended with six exits and three places, a Soviet victory)
EXIT_PARTY = {"18.2": "S"}

#: scenarios where Soviet combat units west of the front line at the end shift the level (18.5:
#: twelve or more); from ``MOP_UP_FROM`` of them on, German units still west of the front line
#: hunt them and attacks on them count double
MOP_UP = frozenset({"18.5"})
MOP_UP_FROM = 4

#: the places each scenario's victory conditions name (18.19, 18.29, 18.39); the campaign aims at the Cities (16.14)
OBJECTIVE_PLACES = {"18.1": ("Tula",) + TOWNS_18_1, "18.2": PLACES_18_2, "18.3": PLACES_18_3}

class ExitRoles(NamedTuple):
    """Who serves the counted exits of an ``EXIT_PARTY`` scenario (GreedyPlayer._exit_roles)."""

    party: frozenset[str]
    guard: str | None
    hq: str | None


_GOOD = {1: 1.0, 2: 1.6, 3: 2.2, 4: 2.8}


def objectives(state: OtState) -> list[str]:
    """The places the German aims at (18.19 / 18.29 / 18.39; the cities elsewhere)."""
    d = state.data
    names = OBJECTIVE_PLACES.get(state.scenario_key)
    if names:
        aims = [d.place_hex[n] for n in names if n in d.place_hex]
        if state.scenario_key == "18.3":
            aims.append(d.grid.canonical("B3531"))  # 18.39: the Kremlin
        return aims
    return [h for h in d.cities if h in state.scen.hexes] or [h for h in state.control]


def material(state: OtState, side: str) -> float:
    return sum(float(expected_strength(state, u)) for u in state.on_map(side))


def evaluate(state: OtState, side: str) -> float:
    """A value in [0, 1] for ``side``: the level reached, places held and strength."""
    if state.outcome is not None:
        return 0.5 if state.outcome.winner is None else float(state.outcome.winner == side)
    aims = objectives(state)
    held = sum(1 for h in aims if state.control.get(h) == "german") / max(1, len(aims))
    g, r = material(state, "german"), material(state, "russian")
    x = 3.0 * (held - 0.4) + 1.5 * (g - r) / max(1.0, g + r) + 0.02 * state.vp
    v = 1 / (1 + math.exp(-x))
    return v if side == "german" else 1 - v


@functools.lru_cache(maxsize=256)
def _distance_field(scen: Any, aims: frozenset[str]) -> dict[str, int]:
    """Hexes to the nearest of ``aims`` across the scenario's map (one search per set of aims)."""
    return flood(sorted(aims), scen.neighbours.__getitem__, lambda h: True)


def corps_weights(state: OtState) -> dict[str, int]:
    """Each German corps HQ on the map and the number of combat units on the map whose
    supply it gives (12.41: a unit traces to its parent HQ; 2.34 and the scenario's
    subordination, 18.38(c)): what putting it In Support is worth (11.24)."""
    d = state.data
    out = {u: 0 for u in state.on_map("german") if d.units[u].is_hq}
    for u in state.on_map("german"):
        if not d.units[u].is_hq:
            hq = d.hq_of.get(("german", parent_of(state, u)))
            if hq in out:
                out[hq] += 1
    return out


def _source_reach(state: OtState) -> dict[str, int]:
    """12.11 / 12.12 / 12.31: the hexes within a supply line (six hexes, four in snow) of a
    German supply source: an HQ there is In Supply (12.41(a))."""
    passable = passable_for(state, "german")
    return flood(german_sources(state, passable), state.scen.neighbours.__getitem__, passable,
                 max_length=supply_line_length(state))


class RandomPlayer:
    """Any legal action, at random."""

    def __init__(self, seed: int | None = None, **_: Any) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:
        legal = game.legal_actions  # by index: the same draw as random.choice, without building the list where the rules count
        return legal[self.rng.randrange(len(legal))]


class GreedyPlayer:
    """A simple player: Germans close on the objectives, Russians on the nearest German
    threat to them; attacks at the best expected result; ground support on good odds.

    ``noise`` (σ) adds σ × scale × N(0, 1) to the score of each alternative where the player
    ranks them (moves, attacks, retreats, losses, evasions, support): 1 often plays a near-best
    alternative, 4 plays badly but legally; 0 is the player itself (no draw at all)."""

    def __init__(self, seed: int | None = None, noise: float = 0.0, **_: Any) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)
        self.noise = float(noise)
        self._jitter = ScoreNoise(noise, seed)  # its own generator: noise 0 draws nothing

    def choose(self, game: Any) -> Any:
        state: OtState = game.state
        side = game.current_player
        if state.pending is not None and state.pending["kind"] == "free_setup":
            return End()  # 18.12(2): the historical positions are a sound Free set-up
        legal = list(game.legal_actions)
        if len(legal) == 1:
            return legal[0]
        roles = self._exit_roles(state, side)
        exits = [a for a in legal if isinstance(a, Exit) and self._exit_counts(state, side, a)
                 and (roles is None or (a.unit in roles.party and self._from_exit_point(state, a)))]
        if exits:
            return exits[0]
        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return self._move(state, side, moves, legal, roles)
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks:
            return self._attack(state, attacks, legal)
        if isinstance(legal[0], Air):
            return max(legal, key=lambda a: a.points)
        if isinstance(legal[0], (Evade, Stand)):
            return self._evade(state, side, legal)
        if isinstance(legal[0], (Loss, Retreat)):
            ret = [a for a in legal if isinstance(a, Retreat)]
            if ret:
                ezoc = enemy_zoc(state, side)
                # 9.93: a step lost through a Zone of Control (scale 0.5: half that step)
                return min(ret, key=lambda a: self._jitter(float(a.to in ezoc), 0.5))
            return min(legal, key=lambda a: self._loss_cost(state, a.unit))
        if isinstance(legal[0], Advance):
            adv = [a for a in legal if a.unit is not None]
            aims = set(objectives(state))
            good = [a for a in adv if a.to in aims] or adv[:1]
            return good[0] if good and side == "german" else Advance(None)
        if isinstance(legal[0], Allocate):
            return self._allocate(state, legal)
        if isinstance(legal[0], InSupport):
            weights = corps_weights(state)  # scale 1: a unit In Support
            return max(legal, key=lambda a: (self._jitter(sum(weights.get(h, 0) for h in a.hqs), 1.0), a.hqs))
        if isinstance(legal[0], Plan):
            return Plan("historical")  # 18.49: the Victory Points alone decide it
        if any(isinstance(a, End) for a in legal):
            return next(a for a in legal if isinstance(a, End))
        return self.rng.choice(legal)

    def _evade(self, state: OtState, side: str, legal: list[Any]) -> Any:
        """10.25: an HQ alone retreats before combat into a hex free of enemy Zones of Control,
        the one with the most friendly units within a supply line; it stands when every hex is
        in one (it would be eliminated there, 9.93)."""
        ezoc = enemy_zoc(state, side)
        g = state.data.grid
        reach = supply_line_length(state)
        friends = [state.hex_of(u) for u in state.on_map(side) if not state.data.units[u].is_hq]
        free = [a for a in legal if isinstance(a, Evade) and a.to not in ezoc]
        if not free:
            return next(a for a in legal if isinstance(a, Stand))
        # scale 1: a friendly unit within reach
        return max(free, key=lambda a: (self._jitter(sum(1 for h in friends if g.distance(a.to, h) <= reach), 1.0), a.to))

    def _loss_cost(self, state: OtState, uid: str) -> tuple[bool, int, float]:
        """9.86 / 9.87: the step to lose, the cheapest first, an HQ last: an HQ has one step
        (9.81), and without it its corps' units trace no supply line (12.41, 12.51: measured,
        18.3 games lost three of five corps HQs this way and ended with most units Isolated).
        Noise on the strength (scale 1: a strength point), never on the HQ or the steps."""
        return (state.data.units[uid].is_hq, state.steps.get(uid, 1),
                self._jitter(float(expected_strength(state, uid)), 1.0))

    def _allocate(self, state: OtState, legal: list[Allocate]) -> Allocate:
        """11.22: the split of the Support Points with the most combat units expected In
        Support: per army, the mean over the die (11.23, the German Support Table) of the
        units of the corps that many HQs, the largest first, may place In Support (11.24)."""
        weights = corps_weights(state)
        rows = state.data.tables["support"]["rows"]
        by_army: dict[str, list[int]] = {}
        for hq, w in weights.items():
            by_army.setdefault(state.data.army_of_hq(hq), []).append(w)
        for ws in by_army.values():
            ws.sort(reverse=True)

        def value(a: Allocate) -> float:
            total = 0.0
            for army, sp in a.points:
                ws = by_army.get(army, [])
                total += sum(sum(ws[:int(rows[str(die)][min(sp, 12)])]) for die in range(1, 7)) / 6
            return total

        return max(legal, key=lambda a: (self._jitter(value(a), 1.0), a.points))  # scale 1: a unit In Support

    def _from_exit_point(self, state: OtState, action: Exit) -> bool:
        """The detachment exits only from within two hexes of its exit point (:meth:`_exit_point`)."""
        here = state.hex_of(action.unit)
        return here is not None and state.data.grid.distance(here, self._exit_point(state, action.edge)[0]) <= 2

    @staticmethod
    def _exit_counts(state: OtState, side: str, action: Exit) -> bool:
        """An exit worth making: one the scenario counts (18.19 north 4 / east 5, 18.29 hexrow
        0100 6 / east 3, 18.39 east 3, 18.5 Soviet west 12), not beyond the number that counts,
        and (18.19, 18.29) from a hex an imaginary unit traces supply from."""
        if side == "russian":
            need = {"W": 12} if state.scenario_key == "18.5" else {}
        else:
            need = EXIT_NEEDS.get(state.scenario_key, {})
        n = need.get(action.edge, 0)
        if len(exited(state, action.edge, side=side)) >= n:
            return False
        if action.edge in ("N", "S"):
            unit = state.hex_of(action.unit)
            return unit is not None and imaginary_german_unit_supplied(state, unit)
        return True

    @staticmethod
    def _exit_point(state: OtState, edge: str) -> tuple[str, frozenset[str]]:
        """Where the detachment exits (``EXIT_PARTY``): the middle of the exit hexes, and those
        within two hexes of it. One place, so that an HQ parked there keeps every exit hex
        used within its supply line at the end (18.29: the imaginary unit is In or Out of
        Supply, not Isolated, through an HQ within six hexes, four in snow; 12.51(a))."""
        hexes = sorted(exit_hexes(state).get(edge, ()))
        point = hexes[len(hexes) // 2]
        g = state.data.grid
        return point, frozenset(h for h in hexes if g.distance(h, point) <= 2)

    def _exit_roles(self, state: OtState, side: str) -> ExitRoles | None:
        """Who serves the scenario's counted exits (``EXIT_PARTY``), None where every unit may
        exit: the HQ nearest the exit point, which goes there and stays (:meth:`_exit_point`);
        one combat unit that stays stacked with it (an HQ alone is destroyed when attacked,
        and the random Russian's Game-Turn 14 reinforcements enter beside the exits, 18.26(b));
        and as many units as exits still count, those nearest the exit point."""
        edge = EXIT_PARTY.get(state.scenario_key)
        if side != "german" or edge is None:
            return None
        point, near = self._exit_point(state, edge)
        to_point = _distance_field(state.scen, frozenset([point]))
        units = state.on_map(side)
        hqs = sorted((u for u in units if state.data.units[u].is_hq), key=lambda u: (to_point.get(state.hex_of(u), 99), u))
        hq = hqs[0] if hqs else None
        combat_units = [u for u in units if not state.data.units[u].is_hq]
        guard = None
        if hq is not None and combat_units:
            base = state.hex_of(hq)
            g = state.data.grid
            guard = min(combat_units, key=lambda u: (g.distance(state.hex_of(u), base), u))
        quota = EXIT_NEEDS[state.scenario_key][edge] - len(exited(state, edge, side=side))
        to_exits = _distance_field(state.scen, near)
        rest = sorted((u for u in combat_units if u != guard), key=lambda u: (to_exits.get(state.hex_of(u), 99), u))
        return ExitRoles(frozenset(rest[:max(0, quota)]), guard, hq)

    def _exit_hq_move(self, state: OtState, roles: ExitRoles, moves: list[Move]) -> Move | None:
        """The exit HQ's move to the exit point (:meth:`_exit_roles`), never next to an enemy
        unit; None once within a hex of it."""
        point = self._exit_point(state, EXIT_PARTY[state.scenario_key])[0]
        field = _distance_field(state.scen, frozenset([point]))
        here = field.get(state.hex_of(roles.hq), 99)
        if here <= 1:
            return None
        enemy = {state.hex_of(u) for u in state.on_map("russian")}
        near_enemy = enemy | {n for e in enemy for n in state.scen.neighbours[e]}
        best = min((a for a in moves if a.unit == roles.hq and a.to not in near_enemy),
                   key=lambda a: (field.get(a.to, 99), a.to), default=None)
        if best is None or field.get(best.to, 99) >= here:
            return None
        return best

    def _move(self, state: OtState, side: str, moves: list[Move], legal: list[Any],
              roles: ExitRoles | None = None) -> Any:
        g = state.data.grid
        aims = objectives(state)
        if side == "russian":
            germans = [state.hex_of(u) for u in state.on_map("german")]
            aims = [h for h in aims if state.control.get(h) != "german"] or aims
            if germans:
                aims = sorted(aims, key=lambda h: min(g.distance(h, x) for x in germans))[:3]
        else:
            aims = [h for h in aims if state.control.get(h) != "german"] or aims

        field = _distance_field(state.scen, frozenset(aims))
        if roles is not None:
            exit_field = _distance_field(state.scen, self._exit_point(state, EXIT_PARTY[state.scenario_key])[1])
            hq_hex = state.hex_of(roles.hq) if roles.hq is not None else None
            guard_field = _distance_field(state.scen, frozenset([hq_hex])) if hq_hex is not None else field

        rear = self._rear_enemies(state, side)
        hunt_field = _distance_field(state.scen, rear) if rear else field

        def dist(h: str | None, unit: str = "") -> int:
            if h is None:
                return 99
            here = state.hex_of(unit) if rear else None
            if here is not None and state.scen.west_of_front(here):
                return hunt_field.get(h, 99)  # 18.5: the Soviet units behind the front
            if roles is not None and unit in roles.party:
                return exit_field.get(h, 99)  # 18.29: the exits into hexrow 0100
            if roles is not None and unit == roles.guard:
                return guard_field.get(h, 99)  # stays with the exit HQ
            return field.get(h, 99) if aims else 0

        tether = self._tether(state, side)
        garrison = self._garrison(state, side)
        # the move that closes most on its unit's aim; only moves that close on it at all, ranked
        # with noise (scale 1: a hex); ties to the first, or with odds 0.1 to the later
        best, top = None, 0.0
        for a in moves:
            if state.data.units[a.unit].is_hq or not tether(a) or a.unit in garrison:
                continue
            d = dist(state.hex_of(a.unit), a.unit) - dist(a.to, a.unit)
            if d <= 0:
                continue
            s = self._jitter(d, 1.0)
            if best is None or s > top or (s == top and self.rng.random() < 0.1):
                best, top = a, s
        if best is not None:
            return best
        hq_moves = [a for a in moves if state.data.units[a.unit].is_hq]
        if roles is not None and roles.hq is not None:
            move = self._exit_hq_move(state, roles, hq_moves)
            if move is not None:
                return move
            hq_moves = [a for a in hq_moves if a.unit != roles.hq]
        hq = self._hq_move(state, side, hq_moves)
        if hq is not None:
            return hq
        return next(a for a in legal if isinstance(a, End))

    @staticmethod
    def _rear_enemies(state: OtState, side: str) -> frozenset[str]:
        """18.5 (``MOP_UP``): the hexes of Soviet combat units west of the front line once there
        are ``MOP_UP_FROM`` of them (twelve at the end shift the level to the Soviet); else none."""
        if side != "german" or state.scenario_key not in MOP_UP:
            return frozenset()
        d = state.data
        rear = [state.hex_of(u) for u in state.on_map("russian")
                if not d.units[u].is_hq and state.scen.west_of_front(state.hex_of(u))]
        return frozenset(rear) if len(rear) >= MOP_UP_FROM else frozenset()

    @staticmethod
    def _garrison(state: OtState, side: str) -> frozenset[str]:
        """``GARRISONED``: in each objective the German controls, the German combat unit that
        stays there (the first of its stack), so that no Soviet unit passes through it and takes
        it back (18.39: control is the last to pass through)."""
        if side != "german" or state.scenario_key not in GARRISONED:
            return frozenset()
        d = state.data
        keep = []
        for h in objectives(state):
            if state.control.get(h) != "german":
                continue
            mine = [u for u in state.at(h) if state.side_of(u) == "german" and not d.units[u].is_hq]
            if mine:
                keep.append(mine[0])
        return frozenset(keep)

    @staticmethod
    def _tether(state: OtState, side: str) -> Any:
        """A German unit keeps within a supply line (12.11: six hexes, four in snow) of its own HQ,
        or closes on it: an advance beyond it would go Out of Supply or Isolated (12.4, 12.5).
        Only in the scenarios of ``TETHERED`` (measured: it helps 18.3's infantry army; in 18.1 and
        18.2 the panzer armies must run for the towns and exits)."""
        if side != "german" or state.scenario_key not in TETHERED:
            return lambda a: True
        g, d = state.data.grid, state.data
        reach = 4 if state.snow else 6
        hq_hex = {d.units[u].parent: state.hex_of(u) for u in state.on_map("german") if d.units[u].is_hq}

        def ok(a: Move) -> bool:
            h = hq_hex.get(parent_of(state, a.unit))
            here = state.hex_of(a.unit)
            if h is None or here is None:
                return True
            return g.distance(a.to, h) <= reach or g.distance(a.to, h) < g.distance(here, h)

        return ok

    def _hq_move(self, state: OtState, side: str, moves: list[Move]) -> Move | None:
        """HQs follow their units (12.11 / 12.21: supply is traced to them): the HQ move that most
        reduces the mean distance to its subordinate units, by more than half a hex, never next to
        an enemy unit (noise on the gain, scale 0.5: half a hex)."""
        if not moves:
            return None
        g = state.data.grid
        enemy = {state.hex_of(u) for u in state.on_map("russian" if side == "german" else "german")}
        near_enemy = enemy | {n for e in enemy for n in state.scen.neighbours[e]}
        by_parent: dict[str, list[str]] = {}
        for u in state.on_map(side):
            if not state.data.units[u].is_hq:
                by_parent.setdefault(parent_of(state, u), []).append(state.hex_of(u))
        traced = _source_reach(state) if side == "german" and state.scenario_key in GARRISONED else None
        best, gain = None, 0.0
        for a in moves:
            mine = by_parent.get(parent_of(state, a.unit))
            here = state.hex_of(a.unit)
            if not mine or here is None or a.to in near_enemy:
                continue
            if traced is not None and here in traced and a.to not in traced:
                continue  # 12.41(a): the HQ keeps a supply line to a source
            d = (sum(g.distance(here, h) for h in mine) - sum(g.distance(a.to, h) for h in mine)) / len(mine)
            if d <= 0.5:
                continue
            s = self._jitter(d, 0.5)
            if best is None or s > gain + 0.5:
                best, gain = a, s
        return best

    def _attack(self, state: OtState, attacks: list[Attack], legal: list[Any]) -> Any:
        rear = self._rear_enemies(state, state.side_of(attacks[0].units[0]))
        scored: list[tuple[Attack, float]] = []  # an attack on each target (its most units), its expected result
        seen: set[str] = set()
        for a in sorted(attacks, key=lambda a: -len(a.units)):
            if a.targets in seen:
                continue
            seen.add(a.targets)
            o = combat.odds(state, a.target, list(a.units), also=a.also)
            s = 0.0
            for r, p in o["results"].items():
                side, n, m, _ = combat.parse_result(r)
                s += p * (n + m) * (1 if side == "D" else -0.8)
            if a.target in rear:
                s *= 2 if s > 0 else 1  # 18.5: a unit behind the front counts against the German
            scored.append((a, s))
        # the best expected result, if worth making (0.2) or if attacking is compulsory; the
        # attacks worth making ranked with noise (scale 0.5: half a step of expected losses)
        end = next((a for a in legal if isinstance(a, End)), None)
        pool = [(a, s) for a, s in scored if s >= 0.2] if end is not None else scored
        if not pool:
            return end
        return max(pool, key=lambda x: self._jitter(x[1], 0.5))[0]
