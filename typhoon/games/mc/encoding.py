"""The Moscow Campaign's research encoding (``typhoon.core.contract.Encoding``).

A fixed discrete action space over the data's ``U`` units (``data.unit_order``) and ``H`` hexes
(``data.hexes``); ``D`` = the six directions of the grid (``grid.directions``)::

    unit_hex   U x H       unit to hex; what it means follows from the state: in a battle's
                           retreat step ``retreat U HEX`` (Combat (E) L62), in its advance step
                           ``advance U HEX`` (Combat (H) L65); in a Movement Phase ``enter U HEX``
                           for a Soviet reinforcement due (Rail (A) L115), ``rail U HEX`` for an
                           entrained unit (Rail L112-113), else ``move U HEX`` (Movement L23)
    entrain    U           Rail L112
    detrain    U           Rail L112
    lose       U           the attacker's loss (CRT Ex/HEx, L80-81)
    disrupt    U           the attacker's disruption (CRT DeAd, L79)
    overrun    U x D       the stack led by U (its first unit named) overruns the hex next to
                           U's hex in direction d (Overrun L89-95)
    attack     H x 2 x 63  attack hex t with every eligible unit of the hexes next to t in the
                           directions of a 6-bit mask (bit d: the hex in direction d from t),
                           with or without 'ignore Dr' (Combat (A) L58, (M) L70)
    attack2    H x 18      attack t1 and t2 together with every eligible unit (Combat (N) L71);
                           t2 is one of the 18 hexes within two of t1 (axial offsets, sorted)
    advance_none 1         no (further) advance
    end        1           end the phase

``decode`` reads the meaning of an index from the state: the verb of a unit-to-hex index, and
the units of an overrun (the listed stack, Overrun L90) or an attack (the eligible attackers of
the named hexes, Combat (A) L58); ValueError when the index names no such action now. Actions
the rules accept but never list (a move naming its route, attacks at reduced odds) have no index.

The factored form (``factor_sizes``, ``action_factors``): actor = a unit, ``no_unit``, or an
attack pseudo-actor (``attack_<mask>[_nodr]``, ``attack2_<slot>``); what = a hex (destination,
attack target) or a named choice (``what_extras``).

Chance outcomes: the die, 1..6 (index = value - 1).

Observations: float32 ``(planes, rows, cols)``, every value in 0..1; hex ``h`` is cell
``cells[h]`` (from its axial coordinates). "Own" and "enemy" are relative to the observer.
Spatial planes sum over the units of a hex, scaled (stack counts / 3, strengths / 18, movement
points / 10); ``table_*`` planes hold one value per unit in flat cell ``i`` of unit ``i``;
``global_*`` planes are constant. The game is one of perfect information: the observation is
that of the state itself (everything on the board is public).
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cached_property
from typing import Any

import numpy as np

from . import combat, supply
from .actions import Act
from .actions import attack as attack_action
from .data import MCData, lookup, mc_data, side_key
from .sequence import BY_ID, ORDER
from .state import DESTROYED, NORMAL, REPAIRED, MCState, other

STACK = 3.0  # stacking limit (Movement L43): the scale of unit counts
MAX_STRENGTH = 18.0  # a full stack of the strongest units
MAX_MP = 10.0
MASKS = 63  # non-empty subsets of the six directions
PAIR_OFFSETS = tuple(sorted((dq, dr) for dq in range(-2, 3) for dr in range(-2, 3)
                            if 0 < (abs(dq) + abs(dr) + abs(dq + dr)) // 2 <= 2))
WHAT_EXTRAS_BASE = ("entrain", "detrain", "lose", "disrupt")
BATTLE_STEPS = ("roll", "queue", "retreat", "lose", "disrupt", "advance", "end")
RAIL_STATES = (NORMAL, REPAIRED, DESTROYED)


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
        """(block name, index within the block); ValueError outside the space."""
        if not 0 <= index < self.total:
            raise ValueError(f"action index {index} is outside 0..{self.total - 1}")
        i = bisect_right(self._starts, index) - 1
        return self._names[i], index - self._starts[i]


class MCEncoding:
    """The research encoding of one Moscow Campaign data set (module docstring)."""

    def __init__(self, rules: Any, data: MCData | None = None) -> None:
        self.rules = rules
        d = self.data = data or mc_data()
        self.units = d.unit_order
        self.hexes = d.hexes
        self.u = {x: i for i, x in enumerate(self.units)}
        self.h = {x: i for i, x in enumerate(self.hexes)}
        self.dirs = tuple(d.grid.directions)
        nu, nh, nd = len(self.units), len(self.hexes), len(self.dirs)
        self.blocks = Blocks([
            ("unit_hex", nu * nh), ("entrain", nu), ("detrain", nu), ("lose", nu), ("disrupt", nu),
            ("overrun", nu * nd), ("attack", nh * 2 * MASKS), ("attack2", nh * len(PAIR_OFFSETS)),
            ("advance_none", 1), ("end", 1),
        ])
        self.num_actions = self.blocks.total
        self.num_chance_outcomes = 6
        self.max_decisions = 20000  # random play: a few thousand decisions per scenario
        self.cells, self.rows, self.cols = grid_cells(d.grid, self.hexes)
        self._flat_cell = np.array([self.cells[h][0] * self.cols + self.cells[h][1] for h in self.hexes], dtype=np.int64)
        if nu > self.rows * self.cols:  # pragma: no cover - data change
            raise ValueError("more units than cells: the unit tables do not fit")
        self.kinds = tuple(sorted({s.kind for s in d.units.values()}))
        self.terrains = tuple(sorted(set(d.terrain.values())))
        self.weathers = ("clear", "rains", "mud", "freeze", "winter")
        self.planes = self._plane_names()
        self.p = {n: i for i, n in enumerate(self.planes)}
        self.observation_shape = (len(self.planes), self.rows, self.cols)
        self.observation_range = (0.0, 1.0)
        self._static = self._static_planes()
        self._cell = {h: int(self._flat_cell[i]) for h, i in self.h.items()}
        self.what_extras = (*WHAT_EXTRAS_BASE, *(f"overrun_{x}" for x in self.dirs), "advance_none", "end")

    # -- the action space ------------------------------------------------------------------------
    def encode(self, state: MCState, action: Any) -> int:
        """The index of ``action`` (a listed action of ``state``); ValueError if it has none."""
        if not isinstance(action, Act):
            raise ValueError(f"{action!r} is not a Moscow Campaign action")
        o, v, a = self.blocks.offset, action.verb, action.args
        try:
            if v in ("move", "rail", "enter", "retreat") or (v == "advance" and a[0] != "none"):
                if len(a) != 2:
                    raise ValueError("a move naming its route has no index (the encoding covers the listed moves)")
                return o["unit_hex"] + self.u[a[0]] * len(self.hexes) + self.h[a[1]]
            if v in WHAT_EXTRAS_BASE:
                return o[v] + self.u[a[0]]
            if v == "overrun":
                lead, target = a[1], a[0]
                d = self.dirs.index(self.data.grid.direction(state.hex_of(lead), target))
                return o["overrun"] + self.u[lead] * len(self.dirs) + d
            if v == "attack":
                return self._encode_attack(state, action)
            if v == "advance":
                return o["advance_none"]
            if v == "end":
                return o["end"]
        except (KeyError, TypeError, IndexError) as e:
            raise ValueError(f"cannot encode {action} in this state: {e}") from None
        raise ValueError(f"{action} is not a player's action (die rolls use chance_index)")

    def _encode_attack(self, state: MCState, action: Act) -> int:
        targets, units, reduce_to, nodr = action.attack_parts()
        if reduce_to is not None:
            raise ValueError(f"{action}: attacks at reduced odds are not listed, so they have no index")
        o, grid = self.blocks.offset, self.data.grid
        if len(targets) == 2:
            if nodr:
                raise ValueError(f"{action}: a two-hex attack ignoring Dr is not listed")
            t1, t2 = targets
            (q1, r1), (q2, r2) = grid.axial(t1), grid.axial(t2)
            return o["attack2"] + self.h[t1] * len(PAIR_OFFSETS) + PAIR_OFFSETS.index((q2 - q1, r2 - r1))
        t = targets[0]
        mask = 0
        for u in units:
            mask |= 1 << self.dirs.index(grid.direction(t, state.hex_of(u)))
        return o["attack"] + (self.h[t] * 2 + int(nodr)) * MASKS + mask - 1

    def decode(self, state: MCState, index: int) -> Act:
        """The action of ``index`` in ``state`` (module docstring); ValueError if it names none."""
        index = int(index)
        name, k = self.blocks.find(index)
        nh = len(self.hexes)
        if name == "unit_hex":
            unit, hex_id = self.units[k // nh], self.hexes[k % nh]
            return Act(self._unit_hex_verb(state, unit), (unit, hex_id))
        if name in WHAT_EXTRAS_BASE:
            return Act(name, (self.units[k],))
        if name == "advance_none":
            return Act("advance", ("none",))
        if name == "end":
            return Act("end")
        if name == "overrun":
            return self._decode_overrun(state, k)
        return self._decode_attack(state, name, k)

    def _phase_side(self, state: MCState, kind: str) -> tuple[str, Any]:
        phase = BY_ID.get(state.phase)
        if phase is None or phase.kind != kind or state.battle is not None or state.outcome is not None:
            raise ValueError(f"no {'overrun' if kind == 'movement' else 'attack'} may be declared now")
        return phase.side, phase

    def _decode_overrun(self, state: MCState, k: int) -> Act:
        """The listed overrun of the stack led by the unit toward the direction (Overrun L90)."""
        from . import overrun

        side, phase = self._phase_side(state, "movement")
        lead, x = self.units[k // len(self.dirs)], self.dirs[k % len(self.dirs)]
        where = state.hex_of(lead)
        target = self.data.grid.neighbour(where, x) if where is not None else None
        for t, units in overrun.candidates(state, side, phase.mechanized):
            if t == target and units[0] == lead:
                return Act("overrun", (t, *units))
        raise ValueError(f"no overrun led by {lead} toward {x} may be made now (Overrun L90)")

    def _decode_attack(self, state: MCState, name: str, k: int) -> Act:
        """Every eligible attacker of the named hexes (Combat (A) L58, (N) L71)."""
        side, _ = self._phase_side(state, "combat")
        grid = self.data.grid
        if name == "attack2":
            n = len(PAIR_OFFSETS)
            t1 = self.hexes[k // n]
            (q, r), (dq, dr) = grid.axial(t1), PAIR_OFFSETS[k % n]
            t2 = grid.from_axial(q + dq, r + dr)
            if t2 is None or t2 not in self.h:
                raise ValueError(f"no hex at offset {(dq, dr)} of {t1}")
            tg = tuple(sorted((t1, t2)))
            units = combat.eligible_attackers(state, side, tg)
            if not units or tg[0] != t1:
                raise ValueError(f"no two-hex attack on {t1}+{t2} is listed now (Combat (N) L71)")
            return attack_action(tg, units)
        t = self.hexes[k // (2 * MASKS)]
        nodr, mask = bool(k // MASKS % 2), k % MASKS + 1
        dirs = {self.dirs[b] for b in range(len(self.dirs)) if mask >> b & 1}
        units = tuple(u for u in combat.eligible_attackers(state, side, (t,)) if grid.direction(t, state.hex_of(u)) in dirs)
        if not units:
            raise ValueError(f"no unit may attack {t} from those hexes now (Combat (A) L58)")
        return attack_action((t,), units, nodr=nodr)

    def _unit_hex_verb(self, state: MCState, unit: str) -> str:
        b = state.battle
        if b is not None:
            if b["step"] in ("retreat", "advance"):
                return b["step"]
            raise ValueError(f"the battle is at its '{b['step']}' step: no unit moves now")
        phase = BY_ID.get(state.phase)
        if phase is None or phase.kind != "movement":
            raise ValueError(f"no unit moves in the {phase.name if phase else state.phase}")
        if unit in state.waiting:
            return "enter"
        return "rail" if unit in state.entrained else "move"

    def legal_mask(self, state: MCState) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=bool)
        if self.rules.is_chance(state):
            return mask
        idx = [self.encode(state, a) for a in self.rules.legal_actions(state)]
        if idx:
            mask[idx] = True
        return mask

    def chance_index(self, state: MCState, outcome: Any) -> int:
        if isinstance(outcome, Act) and outcome.verb == "roll":
            return int(outcome.args[0]) - 1
        raise ValueError(f"{outcome} is not a chance outcome (the die)")

    def chance_outcome(self, state: MCState, index: int) -> Act:
        if not 0 <= int(index) < 6:
            raise ValueError(f"chance index {index} is outside 0..5")
        return Act("roll", (str(int(index) + 1),))

    # -- the factored form -----------------------------------------------------------------------
    @property
    def factor_sizes(self) -> tuple[int, int]:
        return (len(self.units) + 1 + 2 * MASKS + len(PAIR_OFFSETS), len(self.hexes) + len(self.what_extras))

    @cached_property
    def factor_names(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        attackers = (*(f"attack_{m + 1}{'_nodr' if n else ''}" for n in (0, 1) for m in range(MASKS)),
                     *(f"attack2_{s}" for s in range(len(PAIR_OFFSETS))))
        return (*self.units, "no_unit", *attackers), (*self.hexes, *self.what_extras)

    @cached_property
    def action_factors(self) -> np.ndarray:
        """``action_factors[index] = (actor, what)`` (module docstring)."""
        nu, nh, nd = len(self.units), len(self.hexes), len(self.dirs)
        o = self.blocks.offset
        t = np.full((self.num_actions, 2), -1, dtype=np.int32)
        w = {n: nh + i for i, n in enumerate(self.what_extras)}
        no_unit, attack0, pair0 = nu, nu + 1, nu + 1 + 2 * MASKS
        k = np.arange(nu * nh)
        t[o["unit_hex"] : o["unit_hex"] + nu * nh] = np.stack([k // nh, k % nh], axis=1)
        for name in WHAT_EXTRAS_BASE:
            t[o[name] : o[name] + nu] = np.stack([np.arange(nu), np.full(nu, w[name])], axis=1)
        k = np.arange(nu * nd)
        t[o["overrun"] : o["overrun"] + nu * nd] = np.stack([k // nd, nh + len(WHAT_EXTRAS_BASE) + k % nd], axis=1)
        k = np.arange(nh * 2 * MASKS)  # (target, nodr, mask - 1)
        t[o["attack"] : o["attack"] + len(k)] = np.stack([attack0 + (k // MASKS % 2) * MASKS + k % MASKS, k // (2 * MASKS)], axis=1)
        n = len(PAIR_OFFSETS)
        k = np.arange(nh * n)
        t[o["attack2"] : o["attack2"] + len(k)] = np.stack([pair0 + k % n, k // n], axis=1)
        t[o["advance_none"]] = (no_unit, w["advance_none"])
        t[o["end"]] = (no_unit, w["end"])
        t.setflags(write=False)
        return t

    # -- observations ----------------------------------------------------------------------------
    def _plane_names(self) -> tuple[str, ...]:
        static = self.static_names = (
            "on_map", *(f"terrain_{t}" for t in self.terrains),
            *(f"river_{x}" for x in self.dirs), *(f"lake_{x}" for x in self.dirs),
            "rail", "place_value", "own_supply_edge", "enemy_supply_edge", "moscow",
        )
        dynamic = (
            "own_units", "enemy_units", "own_strength", "enemy_strength",
            *(f"own_{k}" for k in self.kinds), *(f"enemy_{k}" for k in self.kinds),
            "own_mechanized", "enemy_mechanized", "own_mp_left", "own_done", "own_may_move",
            "own_entrained", "enemy_entrained", "own_disrupted", "enemy_disrupted",
            "own_attacked", "enemy_defended", "own_overran",
            "own_zoc", "enemy_zoc", "own_supplied", "enemy_supplied", "own_control", "enemy_control",
            *(f"rail_{r}" for r in RAIL_STATES), "rail_own", "rail_enemy",
            *(f"fortified_{x}" for x in self.dirs),
            "battle_target", "battle_attacker", "battle_defender", "battle_retreating",
            *(f"battle_step_{s}" for s in BATTLE_STEPS), "battle_overrun", "battle_nodr",
            "last_battle_target",
        )
        tables = ("table_own", "table_on_map", "table_waiting", "table_due", "table_eliminated", "table_strength",
                  "table_disrupted", "table_entrained", "table_done")
        glob = (
            "global_turn", "global_turns_left", *(f"global_phase_{p}" for p in ORDER),
            *(f"global_weather_{w}" for w in self.weathers), "global_to_act_me", "global_to_act_enemy",
            "global_chance", "global_observer_german", "global_entrained_count", "global_over",
        )
        return (*static, *dynamic, *tables, *glob)

    def _static_planes(self) -> dict[str, np.ndarray]:
        """The board, once: terrain, hexsides, rail, places; the supply edges by side."""
        d, n = self.data, self.rows * self.cols
        out = {name: np.zeros(n, np.float32) for name in self.static_names if not name.endswith("_supply_edge")}
        edges = {s: np.zeros(n, np.float32) for s in ("german", "soviet")}
        grid = d.grid
        for h in self.hexes:
            c = self._flat_cell[self.h[h]]
            out["on_map"][c] = 1.0
            out[f"terrain_{d.terrain[h]}"][c] = 1.0
            for x in self.dirs:
                nb = grid.neighbour(h, x)
                if nb is None:
                    continue
                key = side_key(h, nb)
                if key in d.river:
                    out[f"river_{x}"][c] = 1.0
                if key in d.lake:
                    out[f"lake_{x}"][c] = 1.0
            if h in d.rail_hexes:
                out["rail"][c] = 1.0
            for s in edges:
                if h in d.supply_edges[s]:
                    edges[s][c] = 1.0
        top = max((p.get("value") or 0) for p in d.places) or 1
        for p in d.places:
            out["place_value"][self._flat_cell[self.h[p["hex"]]]] = float(p.get("value") or 0) / top
        moscow = d.moscow()
        if moscow is not None:
            out["moscow"][self._flat_cell[self.h[moscow]]] = 1.0
        self._edges = edges
        return out

    def observation(self, state: MCState, player: str) -> np.ndarray:
        """What ``player`` sees of ``state`` (all of it: a game of perfect information)."""
        d, p, n = self.data, self.p, self.rows * self.cols
        enemy = other(player)
        obs = np.zeros((len(self.planes), n), dtype=np.float32)
        for name, plane in self._static.items():
            obs[p[name]] = plane
        obs[p["own_supply_edge"]] = self._edges[player]
        obs[p["enemy_supply_edge"]] = self._edges[enemy]
        cell = self._cell
        planes, cells, values = [], [], []

        def add(plane: str, hex_id: str, value: float = 1.0) -> None:
            planes.append(p[plane])
            cells.append(cell[hex_id])
            values.append(value)

        phase = BY_ID.get(state.phase)
        moving = phase is not None and phase.kind == "movement" and phase.side == player and state.battle is None
        for u, h in state.stacks.hex_of.items():
            spec = d.units[u]
            who = "own" if spec.side == player else "enemy"
            add(f"{who}_units", h, 1.0 / STACK)
            add(f"{who}_strength", h, spec.strength / MAX_STRENGTH)
            add(f"{who}_{spec.kind}", h, 1.0 / STACK)
            if spec.mechanized:
                add(f"{who}_mechanized", h, 1.0 / STACK)
            if u in state.entrained:
                add(f"{who}_entrained", h, 1.0 / STACK)
            if u in state.disrupted:
                add(f"{who}_disrupted", h, 1.0 / STACK)
            if who == "own":
                if u in state.done:
                    add("own_done", h, 1.0 / STACK)
                if u in state.attacked:
                    add("own_attacked", h, 1.0 / STACK)
                if u in state.overran:
                    add("own_overran", h, 1.0 / STACK)
                if moving and u not in state.done:
                    add("own_mp_left", h, float(self.rules.left(state, u)) / MAX_MP)
                    add("own_may_move", h, 1.0 / STACK)
            elif u in state.defended:
                add("enemy_defended", h, 1.0 / STACK)
        flat_obs = obs.reshape(-1)
        if planes:
            np.add.at(flat_obs, np.asarray(planes) * n + np.asarray(cells), np.asarray(values, dtype=np.float32))
        obs[p["own_mp_left"]] = np.minimum(obs[p["own_mp_left"]], 1.0)

        def mark(plane: str, hexes) -> None:
            idx = [cell[h] for h in hexes if h in cell]
            if idx:
                obs[p[plane], idx] = 1.0

        mark("own_zoc", state.enemy_zoc(enemy))  # the hexes next to the observer's units
        mark("enemy_zoc", state.enemy_zoc(player))
        mark("own_supplied", supply.supplied_hexes(state, player))
        mark("enemy_supplied", supply.supplied_hexes(state, enemy))
        mark("own_control", [h for h, s in state.control.items() if s == player])
        mark("enemy_control", [h for h, s in state.control.items() if s == enemy])
        for cond in RAIL_STATES:
            mark(f"rail_{cond}", [h for h, (c, _) in state.rail.items() if c == cond])
        mark("rail_own", [h for h, (_, s) in state.rail.items() if s == player])
        mark("rail_enemy", [h for h, (_, s) in state.rail.items() if s == enemy])
        grid = d.grid
        for key, (faces, _line) in d.fortified.items():
            if key in state.fort_destroyed:
                continue
            a, b = tuple(key)
            for h, nb in ((a, b), (b, a)):
                x = grid.direction(h, nb)
                if x is not None:
                    mark(f"fortified_{x}", [h])
        self._battle_planes(state, mark)
        self._tables(state, player, obs)
        self._globals(state, player, obs)
        np.clip(obs, 0.0, 1.0, out=obs)
        return obs.reshape(self.observation_shape)

    def _battle_planes(self, state: MCState, mark) -> None:
        b = state.battle
        if b is not None:
            mark("battle_target", b["targets"])
            mark("battle_attacker", [state.hex_of(u) for u in b["attackers"] if u in state.stacks])
            mark("battle_defender", [state.hex_of(u) for u in b["defenders"] if u in state.stacks])
            if b["step"] == "retreat" and b["queue"]:
                mark("battle_retreating", [state.hex_of(b["queue"][0][0])])
            if b["step"] in BATTLE_STEPS:
                mark(f"battle_step_{b['step']}", self.hexes)
            if b["kind"] == "overrun":
                mark("battle_overrun", self.hexes)
            if b.get("nodr"):
                mark("battle_nodr", self.hexes)
        if state.last_battle is not None:
            mark("last_battle_target", state.last_battle["targets"])

    def _tables(self, state: MCState, player: str, obs: np.ndarray) -> None:
        p, d = self.p, self.data
        for i, u in enumerate(self.units):
            spec = d.units[u]
            obs[p["table_own"], i] = float(spec.side == player)
            obs[p["table_strength"], i] = spec.strength / 6.0
            if u in state.stacks:
                obs[p["table_on_map"], i] = 1.0
            if u in state.waiting:
                obs[p["table_waiting"], i] = 1.0
                obs[p["table_due"], i] = 1.0 / (1 + max(0, state.waiting[u] - state.turn))
            if u in state.disrupted:
                obs[p["table_disrupted"], i] = 1.0
            if u in state.entrained:
                obs[p["table_entrained"], i] = 1.0
            if u in state.done:
                obs[p["table_done"], i] = 1.0
        for u in state.eliminated:
            if u in self.u:
                obs[p["table_eliminated"], self.u[u]] = 1.0

    def _globals(self, state: MCState, player: str, obs: np.ndarray) -> None:
        p = self.p
        obs[p["global_turn"]] = state.turn / max(1, state.last_turn)
        obs[p["global_turns_left"]] = max(0, state.last_turn - state.turn) / 31.0
        if f"global_phase_{state.phase}" in p:
            obs[p[f"global_phase_{state.phase}"]] = 1.0
        w = self.data.weather.get(state.turn, "clear")
        if f"global_weather_{w}" in p:
            obs[p[f"global_weather_{w}"]] = 1.0
        to_act = self.rules.current_player(state)
        obs[p["global_to_act_me"]] = float(to_act == player)
        obs[p["global_to_act_enemy"]] = float(to_act == other(player))
        obs[p["global_chance"]] = float(self.rules.is_chance(state))
        obs[p["global_observer_german"]] = float(player == "german")
        obs[p["global_entrained_count"]] = min(1.0, len(state.rail_counted) / 9.0)  # Rail L111: nine a phase
        obs[p["global_over"]] = float(state.outcome is not None)

    # -- beside the protocol ---------------------------------------------------------------------
    def material(self, state: MCState, side: str) -> float:
        """The printed strength ``side`` has on the map and still to arrive (public)."""
        d = self.data
        on = sum(d.units[u].strength for u in state.stacks.hex_of if d.units[u].side == side)
        return float(on + sum(d.units[u].strength for u in state.waiting if d.units[u].side == side))


def encoding_for(rules: Any) -> MCEncoding:
    """The encoding of the rules' data (built once per rules object and kept on it: it is large)."""
    got = getattr(rules, "_encoding", None)
    if got is None:
        got = MCEncoding(rules, lookup(getattr(rules, "data_key", None)))
        rules._encoding = got
    return got
