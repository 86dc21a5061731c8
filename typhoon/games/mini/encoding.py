"""Typhoon Mini's research encoding (``typhoon.core.contract.Encoding``).

Action space (fixed): ``end``; ``plan p``; ``move u h``; ``attack t`` with a subset of the
phasing side's six units (a 6-bit mask over its roster); ``loss u``; ``retreat h``;
``advance u`` / ``advance none``. Chance outcomes: the 2d6 totals 2..12, then the chit values.

Observations are built from ``rules.observe(state, player)`` only, so they hold nothing the
player may not see: face-down chits are a count, never a value; Red never gets Blue's plan
before the end.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .actions import PLANS, Advance, Attack, Draw, End, Loss, Move, Plan, Retreat, Roll
from .data import mini_data
from .state import UNKNOWN, MiniState, other
from .supply import supplied_units

PLANES = (
    "on map",
    "forest",
    "town",
    "road",
    "own supply source",
    "enemy supply source",
    "own units (steps)",
    "enemy units (steps)",
    "own known strength",
    "enemy known strength",
    "own face-down chits (count)",
    "enemy face-down chits (count)",
    "own moved or attacked",
    "own out of supply",
    "enemy out of supply",
    "town controlled by me",
    "town controlled by the enemy",
    "battle hex",
    "attacked this phase",
    "turn / last turn",
    "to act: me",
    "phase: movement",
    "phase: combat",
    "phase: set-up",
    "side: blue",
    "my plan: aston",
    "my plan: brill",
    "enemy plan known: aston",
    "enemy plan known: brill",
)


class MiniEncoding:
    def __init__(self, rules: Any) -> None:
        d = mini_data()
        self.rules = rules
        self.hexes = d.hexes
        self.units = d.unit_order
        self.h = {x: i for i, x in enumerate(self.hexes)}
        self.u = {x: i for i, x in enumerate(self.units)}
        self.roster = d.roster
        nh, nu = len(self.hexes), len(self.units)
        self.max_side = max(len(r) for r in d.roster.values())
        n_masks = 2**self.max_side - 1
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size in (
            ("end", 1),
            ("plan", len(PLANS)),
            ("move", nu * nh),
            ("attack", nh * n_masks),
            ("loss", nu),
            ("retreat", nh),
            ("advance", nu + 1),
        ):
            self.offsets[name] = at
            at += size
        self.num_actions = at
        self.n_masks = n_masks
        self.chit_values = d.chit_values
        self.num_chance_outcomes = 11 + len(self.chit_values)
        self.columns, self.rows = 8, 6
        self.planes = PLANES
        self.observation_shape = (len(PLANES), self.rows, self.columns)
        self.observation_range = (0.0, 21.0)  # values are sums over a hex: 5.1 three units, 3.2 at most 8+7+6 strength
        self.max_decisions = 1000  # random play takes about 100 decisions; the truncation bound
        self._build_factors()

    # -- the factored action space: (actor, what) ---------------------------------------------
    def _build_factors(self) -> None:
        """``action_factors[index] = (actor, what)``: actor = a unit or ``len(units)`` (none);
        what = a hex (move destination, retreat hex), then ``loss``, ``advance``, ``end``,
        ``plan_<p>``, ``advance_none``, then one per (attack target, attacker subset)."""
        nu, nh = len(self.units), len(self.hexes)
        extra = ("loss", "advance", "end", *(f"plan_{p}" for p in PLANS), "advance_none")
        w = {name: nh + i for i, name in enumerate(extra)}
        attack0 = nh + len(extra)
        t = np.full((self.num_actions, 2), -1, dtype=np.int64)
        o = self.offsets
        t[o["end"]] = (nu, w["end"])
        for i, p in enumerate(PLANS):
            t[o["plan"] + i] = (nu, w[f"plan_{p}"])
        for u in range(nu):
            for h in range(nh):
                t[o["move"] + u * nh + h] = (u, h)
            t[o["loss"] + u] = (u, w["loss"])
            t[o["advance"] + u] = (u, w["advance"])
        t[o["advance"] + nu] = (nu, w["advance_none"])
        for h in range(nh):
            t[o["retreat"] + h] = (nu, h)
        for k in range(nh * self.n_masks):
            t[o["attack"] + k] = (nu, attack0 + k)
        t.setflags(write=False)
        self.action_factors = t
        self.factor_sizes = (nu + 1, attack0 + nh * self.n_masks)
        self.factor_names = (
            (*self.units, "no_unit"),
            (*self.hexes, *extra, *(f"attack_{h}_{m + 1}" for h in self.hexes for m in range(self.n_masks))),
        )

    def material(self, state: MiniState, side: str) -> float:
        """The steps ``side`` has on the map (public: strengths may be hidden, steps never are);
        the measure of losses for reward shaping."""
        return float(sum(state.steps.steps.get(u, 0) for u in state.on_map(side)))

    # -- actions ---------------------------------------------------------------------------
    def encode(self, state: MiniState, action: Any) -> int:
        o = self.offsets
        if isinstance(action, End):
            return o["end"]
        if isinstance(action, Plan):
            return o["plan"] + PLANS.index(action.objective)
        if isinstance(action, Move):
            return o["move"] + self.u[action.unit] * len(self.hexes) + self.h[action.to]
        if isinstance(action, Attack):
            roster = self.roster[state.side_of(action.units[0])]
            mask = sum(1 << roster.index(x) for x in action.units)
            return o["attack"] + self.h[action.target] * self.n_masks + (mask - 1)
        if isinstance(action, Loss):
            return o["loss"] + self.u[action.unit]
        if isinstance(action, Retreat):
            return o["retreat"] + self.h[action.to]
        if isinstance(action, Advance):
            return o["advance"] + (len(self.units) if action.unit is None else self.u[action.unit])
        raise ValueError(f"{action} is not a player's action (chance outcomes use chance_index)")

    def decode(self, state: MiniState, index: int) -> Any:
        if not 0 <= index < self.num_actions:
            raise ValueError(f"action index {index} is outside 0..{self.num_actions - 1}")
        name = max((n for n in self.offsets if self.offsets[n] <= index), key=self.offsets.__getitem__)
        i = index - self.offsets[name]
        nh = len(self.hexes)
        if name == "end":
            return End()
        if name == "plan":
            return Plan(PLANS[i])
        if name == "move":
            return Move(self.units[i // nh], self.hexes[i % nh])
        if name == "attack":
            target, mask = self.hexes[i // self.n_masks], i % self.n_masks + 1
            side = self.rules.current_player(state) or "blue"
            roster = self.roster[side]
            return Attack(target, tuple(roster[b] for b in range(len(roster)) if mask >> b & 1))
        if name == "loss":
            return Loss(self.units[i])
        if name == "retreat":
            return Retreat(self.hexes[i])
        return Advance(None if i == len(self.units) else self.units[i])

    def legal_mask(self, state: MiniState) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=bool)
        if self.rules.is_chance(state):
            return mask
        for a in self.rules.legal_actions(state):
            mask[self.encode(state, a)] = True
        return mask

    def chance_index(self, state: MiniState, outcome: Any) -> int:
        if isinstance(outcome, Roll):
            return outcome.total - 2
        if isinstance(outcome, Draw):
            return 11 + self.chit_values.index(outcome.value)
        raise ValueError(f"{outcome} is not a chance outcome")

    def chance_outcome(self, state: MiniState, index: int) -> Any:
        if 0 <= index < 11:
            return Roll(index + 2)
        unit = self.rules.next_draw(state)
        if unit is None or not 11 <= index < self.num_chance_outcomes:
            raise ValueError(f"chance index {index} is not a chance outcome here")
        return Draw(unit, self.chit_values[index - 11])

    # -- observations ----------------------------------------------------------------------
    def _cell(self, hex_id: str) -> tuple[int, int]:
        return int(hex_id[2:]) - 1, int(hex_id[:2]) - 1

    def observation(self, state: MiniState, player: str) -> np.ndarray:
        """Everything ``player`` may know, from ``observe(state, player)`` only."""
        s = self.rules.observe(state, player)
        d = s.data
        obs = np.zeros(self.observation_shape, dtype=np.float32)
        p = {name: i for i, name in enumerate(PLANES)}
        enemy = other(player)

        def put(plane: str, hex_id: str, value: float = 1.0, add: bool = False) -> None:
            r, c = self._cell(hex_id)
            if add:
                obs[p[plane], r, c] += value
            else:
                obs[p[plane], r, c] = value

        for h in self.hexes:
            put("on map", h)
            if d.terrain[h] == "forest":
                put("forest", h)
            if d.terrain[h] == "town":
                put("town", h)
            if h in d.road:
                put("road", h)
            if h in d.supply_sources[player]:
                put("own supply source", h)
            if h in d.supply_sources[enemy]:
                put("enemy supply source", h)
        supplied = supplied_units(s, player) | supplied_units(s, enemy)
        for u in s.on_map():
            h = s.hex_of(u)
            mine = s.side_of(u) == player
            put("own units (steps)" if mine else "enemy units (steps)", h, s.steps.steps[u], add=True)
            if s.is_hidden(u):
                put("own face-down chits (count)" if mine else "enemy face-down chits (count)", h, 1, add=True)
            else:
                put("own known strength" if mine else "enemy known strength", h, float(s.strength(u) or 0), add=True)
            if mine and (u in s.moved or u in s.attacked):
                put("own moved or attacked", h, 1, add=True)
            if u not in supplied:
                put("own out of supply" if mine else "enemy out of supply", h, 1, add=True)
        for h, side in s.control.items():
            put("town controlled by me" if side == player else "town controlled by the enemy", h)
        if s.battle is not None:
            put("battle hex", s.battle.data["target"])
        for h in s.targets:
            put("attacked this phase", h)
        obs[p["turn / last turn"]] = s.turn / s.turns
        obs[p["to act: me"]] = float(self.rules.current_player(s) == player)
        kind = d.phases[s.phase].kind if s.phase in d.phases else None
        obs[p["phase: movement"]] = float(kind == "movement")
        obs[p["phase: combat"]] = float(kind == "combat")
        obs[p["phase: set-up"]] = float(kind == "setup")
        obs[p["side: blue"]] = float(player == "blue")
        if s.plan not in (None, UNKNOWN):
            prefix = "my plan" if player == "blue" else "enemy plan known"
            obs[p[f"{prefix}: {s.plan}"]] = 1.0
        return obs
