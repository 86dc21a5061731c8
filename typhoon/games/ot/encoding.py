"""Operation Typhoon's research encoding (``typhoon.core.contract.Encoding``), one per scenario.

A fixed discrete action space over the scenario's ``U`` units (``scenario.units``) and ``H``
hexes (``sorted(scenario.hexes)``); ``D`` = the six directions of the grid::

    unit_hex     U x H     unit to hex: in a battle's advance step ``advance U HEX`` (9.96); else
                           the move of the segment: ``move`` (5.4), ``strategic`` (5.5) or
                           ``rail`` (5.6) (a reinforcement entering included, 15.0); ``place``
                           in a Free set-up (18.12(2))
    exit         U x 4     exit a map edge N, E, S, W (18.19)
    hedgehog     U         19.12
    commit       U         16.24
    accelerate   U         9.62 (an HQ)
    loss         U         9.86 / 9.93
    eliminate    U         7.11
    withdraw     U         18.38(d)
    attack       H x 64    attack hex t with the k-th of the rules' participant sets for t (7.24,
                           9.2: largest first, at most 64); the attackers of an index follow
                           from the state, as in the rules' own list
    defend       256       the defending units by an 8-bit mask over the target hex's stack
                           order (7.24 / 7.25)
    air          3         0, 1 or 2 Air Points (17.22 / 17.23)
    evade        D         the HQ evades to the hex next to the target in direction d (10.25)
    stand        1         10.25
    retreat      H         9.92
    advance_none 1         9.96
    interdict    H         17.31
    plan         3         18.41: historical, encirclement, broad_front
    allocate     C(24, 4)  11.22: Support Points by army (GERMAN_ARMIES order, 0 for an army
                           not listed), every vector with at most 20 points in all (19.3), ranked
    insupport    4 x 2^n   11.24: an army and a mask over its corps HQs (scenario order)
    end          1

Chance outcomes: a die 1..6 (weather, ground, commitment or an army's support, by the pending
roll: index value - 1), the combat's 2d6 2..12 (index 6 + total - 2), then a strength chit
(index 17 + its place in ``data.chits``; the unit is the one due to draw).

The factored form: actor = a unit, ``no_unit`` (a retreat's hex), an attack pseudo-actor
``attack_<rank>`` or ``interdict``; what = a hex (destination, attack target, retreat, interdiction) or a named choice
(``what_extras``); defend masks, allocations and support masks are named choices of ``no_unit``.

Observations: float32 ``(planes, rows, cols)``, every value in 0..1; hex ``h`` is cell
``cells[h]``. Made only from the state as the observer may know it (``rules.observe``): an enemy
unit whose strength chit is face down shows as a hidden unit (count), never a strength; the
German Plan only for the German (or once revealed); battle odds (which may rest on face-down
chits) are not shown at all. "Own" and "enemy" are relative to the observer; spatial planes sum
over the units of a hex, scaled (counts / 4, steps / 12, strengths / 40); ``table_*`` planes
hold one value per unit in flat cell ``i``; ``global_*`` planes are constant.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cached_property
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from . import combat
from .actions import (PLANS, Accelerate, Advance, Air, Allocate, Attack, Commit, Defend, DieRoll, Draw, Eliminate, End,
                      Evade, Exit, Hedgehog, InSupport, Interdict, Loss, Move, Plan, Retreat, Roll, Stand, SupportRoll,
                      Withdraw)
from .data import GERMAN_ARMIES
from .movement import enemy_zoc
from .rules import MOVE_MODE, PHASE_IDS, PHASE_INFO
from .state import UNKNOWN, OtState, other
from .strength import current_strength

EDGES = ("N", "E", "S", "W")
ATTACK_OPTIONS = 64  # combat.attack_options' limit per target
DEFEND_BITS = 8
MAX_SUPPORT = 20  # 19.3: the option's maximum
UNIT_EXTRAS = ("hedgehog", "commit", "accelerate", "loss", "eliminate", "withdraw")
BATTLE_STEPS = ("evade", "defend", "air_attacker", "air_defender", "chits", "roll", "losses", "retreat", "advance", "done")
PENDING = ("plan", "open_chits", "allocate", "commit", "eliminate", "insupport", "roll", "withdraw", "free_setup")
STACK, MAX_STEPS, MAX_STRENGTH = 4.0, 12.0, 40.0


def _allocations() -> tuple[tuple[int, ...], ...]:
    """Every Support Point vector over the four armies with at most MAX_SUPPORT points."""
    out = set()
    for total in range(MAX_SUPPORT + 1):
        for bars in combinations_with_replacement(range(total + 1), len(GERMAN_ARMIES) - 1):
            cuts = (0, *bars, total)
            out.add(tuple(cuts[i + 1] - cuts[i] for i in range(len(GERMAN_ARMIES))))
    return tuple(sorted(out))


ALLOCATIONS = _allocations()
ALLOCATION_INDEX = {v: i for i, v in enumerate(ALLOCATIONS)}


def grid_cells(grid: Any, hexes: tuple[str, ...]) -> tuple[dict[str, tuple[int, int]], int, int]:
    """Hex -> (row, column) of the smallest rectangle that holds every hex once (offset
    coordinates from the axial ones, whichever of the four conventions packs them best)."""
    axial = {h: grid.axial(h) for h in hexes}
    best = None
    for flat in (True, False):
        for parity in (0, 1):
            cells = {h: ((r + (q + parity) // 2, q) if flat else (r, q + (r + parity) // 2)) for h, (q, r) in axial.items()}
            if len(set(cells.values())) != len(cells):
                continue
            r0, c0 = min(c[0] for c in cells.values()), min(c[1] for c in cells.values())
            rows = max(c[0] for c in cells.values()) - r0 + 1
            cols = max(c[1] for c in cells.values()) - c0 + 1
            if best is None or rows * cols < best[1] * best[2]:
                best = ({h: (r - r0, c - c0) for h, (r, c) in cells.items()}, rows, cols)
    if best is None:  # pragma: no cover - every hex grid packs one of these ways
        raise ValueError("the hexes do not fit a rectangle of offset coordinates")
    return best


class Blocks:
    """Named consecutive blocks of a flat index space."""

    def __init__(self, sizes: list[tuple[str, int]]) -> None:
        self.offset: dict[str, int] = {}
        self.size: dict[str, int] = dict(sizes)
        at = 0
        for name, n in sizes:
            self.offset[name] = at
            at += n
        self.total = at
        self._starts = [self.offset[n] for n, _ in sizes]
        self._names = [n for n, _ in sizes]

    def find(self, index: int) -> tuple[str, int]:
        if not 0 <= index < self.total:
            raise ValueError(f"action index {index} is outside 0..{self.total - 1}")
        i = bisect_right(self._starts, index) - 1
        return self._names[i], index - self._starts[i]


class OtEncoding:
    """The research encoding of one Operation Typhoon scenario (module docstring)."""

    def __init__(self, rules: Any, scenario_key: str) -> None:
        self.rules = rules
        d = self.data = rules.data
        scen = self.scen = d.scenario(scenario_key)
        self.scenario_key = scenario_key
        self.units = tuple(scen.units)
        self.hexes = tuple(sorted(scen.hexes))
        self.u = {x: i for i, x in enumerate(self.units)}
        self.h = {x: i for i, x in enumerate(self.hexes)}
        self.dirs = tuple(d.grid.directions)
        self.chits = tuple(d.chits)
        self.hqs = {a: tuple(u for u in self.units if d.units[u].is_hq and d.units[u].side == "german" and d.army_of_hq(u) == a)
                    for a in GERMAN_ARMIES}
        self.hq_bits = max(1, max(len(v) for v in self.hqs.values()))
        nu, nh = len(self.units), len(self.hexes)
        self.blocks = Blocks([
            ("unit_hex", nu * nh), ("exit", nu * len(EDGES)), *((x, nu) for x in UNIT_EXTRAS),
            ("attack", nh * ATTACK_OPTIONS), ("defend", 2**DEFEND_BITS), ("air", 3), ("evade", len(self.dirs)),
            ("stand", 1), ("retreat", nh), ("advance_none", 1), ("interdict", nh), ("plan", len(PLANS)),
            ("allocate", len(ALLOCATIONS)), ("insupport", len(GERMAN_ARMIES) * 2**self.hq_bits), ("end", 1),
        ])
        self.num_actions = self.blocks.total
        self.num_chance_outcomes = 6 + 11 + len(self.chits)
        self.max_decisions = 20000
        self.cells, self.rows, self.cols = grid_cells(d.grid, self.hexes)
        self._flat = np.array([self.cells[h][0] * self.cols + self.cells[h][1] for h in self.hexes], dtype=np.int64)
        self._cell = {h: int(self._flat[i]) for i, h in enumerate(self.hexes)}
        if nu > self.rows * self.cols:  # pragma: no cover
            raise ValueError("more units than cells: the unit tables do not fit")
        self.kinds = tuple(sorted({d.units[u].kind for u in self.units}))
        self.terrains = tuple(sorted({d.terrain[h] for h in self.hexes}))
        tables = d.tables
        self.weathers = tuple(sorted({"overcast", *tables.get("weather", {}).get("rows", {}).values()}))
        self.grounds = tuple(sorted({"ground_freeze", *tables.get("ground", {}).get("rows", {}).values()}))
        self.planes = self._plane_names()
        self.p = {n: i for i, n in enumerate(self.planes)}
        self.observation_shape = (len(self.planes), self.rows, self.cols)
        self.observation_range = (0.0, 1.0)
        self._static = self._static_planes()
        self.what_extras = (
            *(f"exit_{e}" for e in EDGES), *UNIT_EXTRAS,
            *(f"defend_{m}" for m in range(2**DEFEND_BITS)), *(f"air_{n}" for n in range(3)),
            *(f"evade_{x}" for x in self.dirs), "stand", "advance_none",
            *(f"plan_{x}" for x in PLANS), *(f"allocate_{'_'.join(map(str, v))}" for v in ALLOCATIONS),
            *(f"insupport_{a}_{m}" for a in GERMAN_ARMIES for m in range(2**self.hq_bits)), "end",
        )
        self._attack_cache: tuple[Any, dict] | None = None

    # -- the action space ------------------------------------------------------------------------
    def encode(self, state: OtState, action: Any) -> int:
        """The index of ``action`` (a listed action of ``state``); ValueError if it has none."""
        o, nh = self.blocks.offset, len(self.hexes)
        try:
            t = type(action)
            if t is Move or (t is Advance and action.unit is not None):
                return o["unit_hex"] + self.u[action.unit] * nh + self.h[action.to]
            if t is Exit:
                return o["exit"] + self.u[action.unit] * len(EDGES) + EDGES.index(action.edge)
            if t in (Hedgehog, Commit, Loss, Eliminate, Withdraw):
                return o[t.__name__.lower()] + self.u[action.unit]
            if t is Accelerate:
                return o["accelerate"] + self.u[action.hq]
            if t is Attack:
                rank = self._attack_ranks(state).get((action.target, tuple(action.units), tuple(action.also)))
                if rank is None:
                    raise ValueError("not one of the rules' participant sets (7.24)")
                return o["attack"] + self.h[action.target] * ATTACK_OPTIONS + rank
            if t is Defend:
                stack = _defending(state)
                mask = sum(1 << stack.index(u) for u in action.units)
                if mask >= 2**DEFEND_BITS:
                    raise ValueError(f"more than {DEFEND_BITS} units in the stack")
                return o["defend"] + mask
            if t is Air:
                return o["air"] + action.points
            if t is Evade:
                return o["evade"] + self.dirs.index(self.data.grid.direction(state.battle["target"], action.to))
            if t is Stand:
                return o["stand"]
            if t is Retreat:
                return o["retreat"] + self.h[action.to]
            if t is Advance:
                return o["advance_none"]
            if t is Interdict:
                return o["interdict"] + self.h[action.hex]
            if t is Plan:
                return o["plan"] + PLANS.index(action.plan)
            if t is Allocate:
                pts = dict(action.points)
                return o["allocate"] + ALLOCATION_INDEX[tuple(pts.get(a, 0) for a in GERMAN_ARMIES)]
            if t is InSupport:
                roster = self.hqs[action.army]
                mask = sum(1 << roster.index(u) for u in action.hqs)
                return o["insupport"] + GERMAN_ARMIES.index(action.army) * 2**self.hq_bits + mask
            if t is End:
                return o["end"]
        except (KeyError, ValueError, TypeError, AttributeError) as e:
            raise ValueError(f"cannot encode {action} in this state: {e}") from None
        raise ValueError(f"{action} is not a player's action (chance outcomes use chance_index)")

    def _attack_options(self, state: OtState) -> list[tuple[str, tuple[str, ...]]]:
        """The rules' (target, units) options now (9.2, 7.24), cached for the position."""
        side = PHASE_INFO[state.phase][1]
        key = (id(state), state.turn, state.phase, frozenset(state.targets), frozenset(state.attacked),
               frozenset(state.stacks.hex_of.items()))
        if self._attack_cache is None or self._attack_cache[0] != key:
            opts = combat.attack_options(state, side) if side is not None and state.phase.endswith("_combat") else []
            self._attack_cache = (key, opts)
        return self._attack_cache[1]

    def _attack_ranks(self, state: OtState) -> dict[tuple[str, tuple[str, ...], tuple[str, ...]], int]:
        ranks: dict[tuple[str, tuple[str, ...], tuple[str, ...]], int] = {}
        seen: dict[str, int] = {}
        for t, us, also in self._attack_options(state):
            ranks[(t, us, also)] = seen.get(t, 0)
            seen[t] = seen.get(t, 0) + 1
        return ranks

    def decode(self, state: OtState, index: int) -> Any:
        """The action of ``index`` in ``state`` (module docstring); ValueError if it names none."""
        name, k = self.blocks.find(int(index))
        nh = len(self.hexes)
        if name == "unit_hex":
            unit, to = self.units[k // nh], self.hexes[k % nh]
            b = state.battle
            if b is not None:
                if b["step"] != "advance":
                    raise ValueError(f"the battle is at its '{b['step']}' step: no unit moves now")
                return Advance(unit, to)
            p = state.pending
            mode = "setup" if p is not None and p["kind"] == "free_setup" else MOVE_MODE.get(state.phase)  # 18.12(2)
            if mode is None:
                raise ValueError(f"no unit moves in phase {state.phase}")
            return Move(unit, to, mode)
        if name == "exit":
            return Exit(self.units[k // len(EDGES)], EDGES[k % len(EDGES)])
        if name in UNIT_EXTRAS:
            cls = {"hedgehog": Hedgehog, "commit": Commit, "accelerate": Accelerate, "loss": Loss, "eliminate": Eliminate, "withdraw": Withdraw}[name]
            return cls(self.units[k])
        if name == "attack":
            t, rank = self.hexes[k // ATTACK_OPTIONS], k % ATTACK_OPTIONS
            opts = [(us, also) for tt, us, also in self._attack_options(state) if tt == t]
            if rank >= len(opts):
                raise ValueError(f"no attack option {rank} on {t} now (9.2, 7.24)")
            return Attack(t, *opts[rank])
        if name == "defend":
            b = state.battle
            if b is None:
                raise ValueError("no battle: nobody defends")
            stack = _defending(state)
            if k >> len(stack):
                raise ValueError(f"defend mask {k} names more units than the {len(stack)} in {b['target']}")
            return Defend(tuple(stack[i] for i in range(len(stack)) if k >> i & 1))
        if name == "air":
            return Air(k)
        if name == "evade":
            b = state.battle
            to = self.data.grid.neighbour(b["target"], self.dirs[k]) if b is not None else None
            if to is None:
                raise ValueError("no battle hex to evade from, or no hex that way")
            return Evade(to)
        if name == "stand":
            return Stand()
        if name == "retreat":
            return Retreat(self.hexes[k])
        if name == "advance_none":
            return Advance(None)
        if name == "interdict":
            return Interdict(self.hexes[k])
        if name == "plan":
            return Plan(PLANS[k])
        if name == "allocate":
            p = state.pending
            armies = p["armies"] if p is not None and p.get("kind") == "allocate" else GERMAN_ARMIES
            vec = dict(zip(GERMAN_ARMIES, ALLOCATIONS[k]))
            if any(vec[a] for a in GERMAN_ARMIES if a not in armies):
                raise ValueError("that allocation gives points to an army not allocating now (11.22)")
            return Allocate(tuple((a, vec[a]) for a in armies))
        if name == "insupport":
            army, mask = GERMAN_ARMIES[k >> self.hq_bits], k & (2**self.hq_bits - 1)
            roster = self.hqs[army]
            if mask >> len(roster):
                raise ValueError(f"{army} has {len(roster)} corps HQs")
            return InSupport(army, tuple(roster[i] for i in range(len(roster)) if mask >> i & 1))
        return End()

    def legal_mask(self, state: OtState) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=bool)
        if self.rules.is_chance(state):
            return mask
        idx = [self.encode(state, a) for a in self.rules.legal_actions(state)]
        if idx:
            mask[idx] = True
        return mask

    def chance_index(self, state: OtState, outcome: Any) -> int:
        if isinstance(outcome, (DieRoll, SupportRoll)):
            if not 1 <= outcome.value <= 6:
                raise ValueError(f"{outcome}: a die shows 1..6")
            return outcome.value - 1
        if isinstance(outcome, Roll):
            return 6 + outcome.total - 2
        if isinstance(outcome, Draw):
            return 17 + self.chits.index(outcome.chit)
        raise ValueError(f"{outcome} is not a chance outcome")

    def chance_outcome(self, state: OtState, index: int) -> Any:
        index = int(index)
        p, b = state.pending, state.battle
        if 0 <= index < 6:
            if p is None or p.get("kind") != "roll":
                raise ValueError(f"chance index {index}: no die roll is due")
            what = p["what"]
            if what.startswith("support:"):
                return SupportRoll(what.split(":", 1)[1], index + 1)
            return DieRoll(what, index + 1)
        if 6 <= index < 17:
            return Roll(index - 6 + 2)
        if 17 <= index < self.num_chance_outcomes:
            if p is not None and p.get("kind") == "open_chits":
                unit = p["units"][0]
            elif b is not None and b.get("chits_due"):
                unit = b["chits_due"][0]
            else:
                raise ValueError(f"chance index {index}: no chit is due")
            return Draw(unit, self.chits[index - 17])
        raise ValueError(f"chance index {index} is outside 0..{self.num_chance_outcomes - 1}")

    # -- the factored form -----------------------------------------------------------------------
    @property
    def factor_sizes(self) -> tuple[int, int]:
        return (len(self.units) + 2 + ATTACK_OPTIONS, len(self.hexes) + len(self.what_extras))

    @cached_property
    def factor_names(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return (*self.units, "no_unit", *(f"attack_{k}" for k in range(ATTACK_OPTIONS)), "interdict"), (*self.hexes, *self.what_extras)

    @cached_property
    def action_factors(self) -> np.ndarray:
        nu, nh = len(self.units), len(self.hexes)
        o, size = self.blocks.offset, self.blocks.size
        w = {n: nh + i for i, n in enumerate(self.what_extras)}
        t = np.full((self.num_actions, 2), -1, dtype=np.int32)

        def fill(block: str, actor, what) -> None:
            t[o[block] : o[block] + size[block]] = np.stack([np.broadcast_to(actor, size[block]), np.broadcast_to(what, size[block])], axis=1)

        k = np.arange(nu * nh)
        fill("unit_hex", k // nh, k % nh)
        k = np.arange(nu * len(EDGES))
        fill("exit", k // len(EDGES), w["exit_N"] + k % len(EDGES))
        for x in UNIT_EXTRAS:
            fill(x, np.arange(nu), w[x])
        k = np.arange(nh * ATTACK_OPTIONS)
        fill("attack", nu + 1 + k % ATTACK_OPTIONS, k // ATTACK_OPTIONS)  # (attack_<rank>, target)
        for block, first in (("defend", "defend_0"), ("air", "air_0"), ("evade", f"evade_{self.dirs[0]}"), ("plan", f"plan_{PLANS[0]}"),
                             ("allocate", f"allocate_{'_'.join(map(str, ALLOCATIONS[0]))}"),
                             ("insupport", f"insupport_{GERMAN_ARMIES[0]}_0")):
            fill(block, nu, w[first] + np.arange(size[block]))
        for block in ("stand", "advance_none", "end"):
            fill(block, nu, w[block])
        fill("retreat", nu, np.arange(nh))
        fill("interdict", nu + 1 + ATTACK_OPTIONS, np.arange(nh))  # (interdict, hex)
        t.setflags(write=False)
        return t

    # -- observations ----------------------------------------------------------------------------
    def _plane_names(self) -> tuple[str, ...]:
        self.static_names = (
            "on_map", *(f"terrain_{x}" for x in self.terrains), *(f"river_{x}" for x in self.dirs),
            *(f"stream_{x}" for x in self.dirs), *(f"road_{x}" for x in self.dirs), *(f"rail_{x}" for x in self.dirs),
            "rail_hex", "entrenchment", "place", "city", "edge",
        )
        dynamic = (
            "own_units", "enemy_units", "own_steps", "enemy_steps", "own_strength", "enemy_strength",
            "own_hidden", "enemy_hidden", *(f"own_{k}" for k in self.kinds), *(f"enemy_{k}" for k in self.kinds),
            "own_cadre", "enemy_cadre", "own_moved", "own_attacked", "enemy_defended", "own_uncommitted",
            "enemy_uncommitted", "own_out_of_supply", "enemy_out_of_supply", "own_isolated", "enemy_isolated",
            "own_unsupported_hq", "enemy_unsupported_hq", "own_accelerating", "enemy_accelerating",
            "own_zoc", "enemy_zoc", "own_control", "enemy_control", "hedgehog", "interdicted", "attacked_hex",
            "battle_target", "battle_attacker", "battle_defender", "battle_retreat_path", "battle_advance_path",
            *(f"battle_step_{s}" for s in BATTLE_STEPS), "battle_attacker_me",
        )
        tables = ("table_own", "table_on_map", "table_reinforcement", "table_eliminated", "table_exited", "table_steps",
                  "table_full_steps", "table_cadre", "table_strength_known", "table_strength", "table_moved", "table_hq")
        glob = (
            "global_turn", *(f"global_phase_{x}" for x in PHASE_IDS), *(f"global_weather_{x}" for x in self.weathers),
            *(f"global_ground_{x}" for x in self.grounds), "global_snow", "global_own_air", "global_enemy_air",
            "global_vp", *(f"global_plan_{x}" for x in PLANS), *(f"global_pending_{x}" for x in PENDING),
            "global_to_act_me", "global_to_act_enemy", "global_chance", "global_observer_german",
            "global_commit_allowance", "global_over",
        )
        return (*self.static_names, *dynamic, *tables, *glob)

    def _static_planes(self) -> dict[str, np.ndarray]:
        d, n = self.data, self.rows * self.cols
        out = {name: np.zeros(n, np.float32) for name in self.static_names}
        grid, nb = d.grid, self.scen.neighbours
        edges = self.scen.north_edge | self.scen.south_edge | self.scen.east_edge | self.scen.west_edge
        for h in self.hexes:
            c = self._cell[h]
            out["on_map"][c] = 1.0
            out[f"terrain_{d.terrain[h]}"][c] = 1.0
            for x in self.dirs:
                m = grid.neighbour(h, x)
                if m is None or m not in nb.get(h, ()):
                    continue
                for feat, test in (("river", d.is_river), ("stream", d.is_stream), ("road", d.is_road), ("rail", d.is_rail)):
                    if test(h, m):
                        out[f"{feat}_{x}"][c] = 1.0
            if h in d.rail_hexes:
                out["rail_hex"][c] = 1.0
            if h in d.entrenchment:
                out["entrenchment"][c] = 1.0
            if h in edges:
                out["edge"][c] = 1.0
        for place in d.places:
            for h in place["hexes"]:
                if h in self._cell:
                    out["place"][self._cell[h]] = 1.0
                    if place["kind"] == "city":
                        out["city"][self._cell[h]] = 1.0
        return out

    def observation(self, state: OtState, player: str) -> np.ndarray:
        """What ``player`` may know: made from ``rules.observe(state, player)`` only."""
        s = self.rules.observe(state, player)
        d, p, n = self.data, self.p, self.rows * self.cols
        enemy = other(player)
        obs = np.zeros((len(self.planes), n), dtype=np.float32)
        for name, plane in self._static.items():
            obs[p[name]] = plane
        cell = self._cell
        planes, cells, values = [], [], []

        def add(plane: str, hex_id: str, value: float = 1.0) -> None:
            if hex_id in cell:
                planes.append(p[plane])
                cells.append(cell[hex_id])
                values.append(value)

        for u, h in s.stacks.hex_of.items():
            spec = d.units[u]
            who = "own" if spec.side == player else "enemy"
            add(f"{who}_units", h, 1.0 / STACK)
            add(f"{who}_steps", h, s.steps.get(u, 0) / MAX_STEPS)
            strength = current_strength(s, u)
            if strength is None:
                add(f"{who}_hidden", h, 1.0 / STACK)
            else:
                add(f"{who}_strength", h, strength / MAX_STRENGTH)
            add(f"{who}_{spec.kind}", h, 1.0 / STACK)
            if u in s.cadre:
                add(f"{who}_cadre", h, 1.0 / STACK)
            if u in s.uncommitted:
                add(f"{who}_uncommitted", h, 1.0 / STACK)
            status = s.supply.get(u)
            if status == "out":
                add(f"{who}_out_of_supply", h, 1.0 / STACK)
            elif status == "isolated":
                add(f"{who}_isolated", h, 1.0 / STACK)
            if u in s.unsupported:
                add(f"{who}_unsupported_hq", h)
            if u in s.accel_active:
                add(f"{who}_accelerating", h)
            if who == "own":
                if u in s.moved:
                    add("own_moved", h, 1.0 / STACK)
                if u in s.attacked:
                    add("own_attacked", h, 1.0 / STACK)
            elif u in s.defended:
                add("enemy_defended", h, 1.0 / STACK)
        if planes:
            np.add.at(obs.reshape(-1), np.asarray(planes) * n + np.asarray(cells), np.asarray(values, dtype=np.float32))

        def mark(plane: str, hexes) -> None:
            idx = [cell[h] for h in hexes if h in cell]
            if idx:
                obs[p[plane], idx] = 1.0

        mark("own_zoc", enemy_zoc(s, enemy))
        mark("enemy_zoc", enemy_zoc(s, player))
        mark("own_control", [h for h, x in s.control.items() if x == player])
        mark("enemy_control", [h for h, x in s.control.items() if x == enemy])
        mark("hedgehog", s.hedgehogs)
        mark("interdicted", s.interdicted)
        mark("attacked_hex", s.targets)
        self._battle(s, player, obs, mark)
        self._tables(s, player, obs)
        self._globals(s, player, obs)
        np.clip(obs, 0.0, 1.0, out=obs)
        return obs.reshape(self.observation_shape)

    def _battle(self, s: OtState, player: str, obs: np.ndarray, mark) -> None:
        """Who fights where and the step reached; never the odds or strengths of the combat."""
        b, p = s.battle, self.p
        if b is None:
            return
        mark("battle_target", b.get("targets", [b["target"]]))
        mark("battle_attacker", [s.hex_of(u) for u in b["attackers"] if u in s.stacks])
        mark("battle_defender", [s.hex_of(u) for u in b["defenders"] if u in s.stacks])
        if b.get("retreat"):
            mark("battle_retreat_path", b["retreat"].get("path", []))
        if b.get("advance"):
            mark("battle_advance_path", b["advance"].get("path", []))
        if b["step"] in BATTLE_STEPS:
            obs[p[f"battle_step_{b['step']}"]] = 1.0
        obs[p["battle_attacker_me"]] = float(b["attacker"] == player)

    def _tables(self, s: OtState, player: str, obs: np.ndarray) -> None:
        p, d = self.p, self.data
        for i, u in enumerate(self.units):
            spec = d.units[u]
            obs[p["table_own"], i] = float(spec.side == player)
            obs[p["table_hq"], i] = float(spec.is_hq)
            where = s.off_map.get(u)
            if u in s.stacks:
                obs[p["table_on_map"], i] = 1.0
            elif where == "reinforcement":
                obs[p["table_reinforcement"], i] = 1.0
            elif where == "eliminated":
                obs[p["table_eliminated"], i] = 1.0
            elif where is not None:
                obs[p["table_exited"], i] = 1.0
            obs[p["table_steps"], i] = s.steps.get(u, 0) / 3.0
            obs[p["table_full_steps"], i] = s.full_steps.get(u, 0) / 3.0
            obs[p["table_cadre"], i] = float(u in s.cadre)
            strength = current_strength(s, u)
            if strength is not None:
                obs[p["table_strength_known"], i] = 1.0
                obs[p["table_strength"], i] = strength / 10.0
            obs[p["table_moved"], i] = float(u in s.moved)

    def _globals(self, s: OtState, player: str, obs: np.ndarray) -> None:
        p = self.p
        obs[p["global_turn"]] = s.turn / max(1, self.scen.last_turn)
        for prefix, value in (("global_phase_", s.phase), ("global_weather_", s.weather), ("global_ground_", s.ground)):
            if prefix + str(value) in p:
                obs[p[prefix + str(value)]] = 1.0
        obs[p["global_snow"]] = float(s.snow)
        obs[p["global_own_air"]] = s.air.get(player, 0) / 10.0
        obs[p["global_enemy_air"]] = s.air.get(other(player), 0) / 10.0
        obs[p["global_vp"]] = s.vp / 100.0
        if s.plan not in (None, UNKNOWN) and f"global_plan_{s.plan}" in p:
            obs[p[f"global_plan_{s.plan}"]] = 1.0  # 18.49: observe() hides it from the Russian
        if s.pending is not None and f"global_pending_{s.pending['kind']}" in p:
            obs[p[f"global_pending_{s.pending['kind']}"]] = 1.0
        to_act = self.rules.current_player(s)
        obs[p["global_to_act_me"]] = float(to_act == player)
        obs[p["global_to_act_enemy"]] = float(to_act == other(player))
        obs[p["global_chance"]] = float(self.rules.is_chance(s))
        obs[p["global_observer_german"]] = float(player == "german")
        obs[p["global_commit_allowance"]] = s.commit_allowance / 6.0
        obs[p["global_over"]] = float(s.outcome is not None)

    # -- beside the protocol ---------------------------------------------------------------------
    def material(self, state: OtState, side: str) -> float:
        """The steps ``side`` has on the map and still to arrive (public: steps are never hidden)."""
        return float(sum(state.steps.get(u, 0) for u in self.units
                         if self.data.units[u].side == side and (u in state.stacks or state.off_map.get(u) == "reinforcement")))


_ENCODINGS: dict[tuple[int, str], OtEncoding] = {}


def _defending(state: OtState) -> list[str]:
    """The units of the battle's defending hexes, in order (9.26: several hexes)."""
    b = state.battle
    if b is None:
        raise ValueError("no battle: nobody defends")
    return [u for t in b.get("targets", [b["target"]]) for u in state.at(t)]


def encoding_for(rules: Any, scenario_key: str) -> OtEncoding:
    """The encoding of a scenario (built once per scenario: it is large)."""
    key = (id(rules), str(scenario_key))
    if key not in _ENCODINGS:
        _ENCODINGS[key] = OtEncoding(rules, str(scenario_key))
    return _ENCODINGS[key]
