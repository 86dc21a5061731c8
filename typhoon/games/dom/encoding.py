"""Drive on Moscow's research encoding (``typhoon.core.contract.Encoding``).

A fixed discrete action space over ``U`` units (the kit's fixed counters, then the untried
slots ``s001``.. ``sN``: one per Soviet set-up slot and reinforcement, 2.13/9.1), the ``H`` hexes
of the map (``map.terrain`` order), ``D`` = the six directions of the grid and ``M`` = the German
mechanized units (the only ones that make mobile assaults, 10.14)::

    unit_hex     U x H       unit to hex: ``enter`` in the Soviet Reinforcement Phase (9.1), else
                             ``move`` (10.0)
    withdraw     U           9.3
    replace      U           12.2
    add          U           a unit joins the prepared assault being declared (11.2-11.5)
    loss         U           11.24
    advance      U           11.31
    convert      U           9.4
    assault      M x H x D x 2  mobile assault (10.15): the group led by unit m (the first unit
                             named) moves to launch hex h and assaults the hex next to it in
                             direction d; alone (0) or with its whole eligible group (1)
    attack       H           declare a prepared assault on the hex (11.2): then ``add``, ``air``,
                             ``fight`` or ``cancel`` (the rules' own sequential declaration)
    retreat      H           11.25
    declare, order (move-fight, fight-move), air, pass, fight, cancel, choose (as, bloodbath,
    retreat, hold), advance_none, convert_none, end: one index each

Chance outcomes: a die 1..6 (the battle's roll or Stalin's, 12.1: index value - 1), then an
untried counter drawn for the next slot (6 + its place among the pools' counters, sorted), then
a Guards unit from the cup (6 + counters + its place in the cup's list, 9.4).

The factored form: actor = a unit, ``no_unit`` (a retreat's hex), ``attack`` (the target of
a prepared assault) or a mobile-assault pseudo-actor
``assault_<lead>_<d>_<alone|group>``; what = a hex (destination, launch hex, target, retreat)
or a named choice (``what_extras``).

Observations: float32 ``(planes, rows, cols)``, every value in 0..1; hex ``CCRR`` is cell
``cells[h]``. Made only from the state as the observer may know it (``rules.observe``): an
untried unit is a type and a count until its first battle reveals it (2.13); its factors only
when the observer has seen the counter (revealed, or a Guards conversion the Soviet saw, 9.4).
"Own" and "enemy" are relative to the observer; spatial planes sum over the units of a hex,
scaled (counts / 5, factors / 30, steps / 10); ``table_*`` planes hold one value per unit in flat
cell ``i``; ``global_*`` planes are constant.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cached_property
from typing import Any

import numpy as np

from . import movement
from .actions import (CHOICES, ORDERS, Add, Advance, Air, Assault, Attack, Cancel, Choose, Convert, Cup, Declare, Draw,
                      End, Enter, Fight, Loss, Move, Order, Pass, Replace, Retreat, Roll, Stalin, Withdraw)
from .gamedata import GERMAN, SOVIET, STACK_LIMIT, UNTRIED_KINDS, DomData, dom_data, other
from .state import UNKNOWN, DomState

UNIT_BLOCKS = {"withdraw": Withdraw, "replace": Replace, "add": Add, "loss": Loss, "advance": Advance, "convert": Convert}
SINGLES = ("declare", *(f"order_{o}" for o in ORDERS), "air", "pass", "fight", "cancel",
           *(f"choose_{c}" for c in CHOICES), "advance_none", "convert_none", "end")
BATTLE_STEPS = ("declare", "defender_air", "reveal", "roll", "convert", "defender_loss", "attacker_loss", "retreat", "advance")
MAX_FACTOR, MAX_STEPS = 30.0, 10.0


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


class DomEncoding:
    """The research encoding of the Drive on Moscow kit (module docstring)."""

    def __init__(self, rules: Any, data: DomData | None = None) -> None:
        self.rules = rules
        d = self.data = data or dom_data()
        slots = len(d.soviet_slots) + sum(sum(v.values()) for v in d.reinforcements.values())
        self.units = (*d.units, *(f"s{i:03d}" for i in range(1, slots + 1)))
        self.hexes = tuple(d.map.terrain)
        self.u = {x: i for i, x in enumerate(self.units)}
        self.h = {x: i for i, x in enumerate(self.hexes)}
        self.grid = d.map.grid
        self.dirs = tuple(self.grid.directions)
        self.mech = tuple(u for u, s in d.units.items() if s.side == GERMAN and s.mobility == "mech")
        self.m = {x: i for i, x in enumerate(self.mech)}
        self.counters = tuple(sorted({c for pool in d.pools.values() for c in pool}))
        self.counter_index = {c: i for i, c in enumerate(self.counters)}
        self.cup = tuple(d.cup)
        nu, nh, nd = len(self.units), len(self.hexes), len(self.dirs)
        self.blocks = Blocks([
            ("unit_hex", nu * nh), *((name, nu) for name in UNIT_BLOCKS), ("assault", len(self.mech) * nh * nd * 2),
            ("attack", nh), ("retreat", nh), *((name, 1) for name in SINGLES),
        ])
        self.num_actions = self.blocks.total
        self.num_chance_outcomes = 6 + len(self.counters) + len(self.cup)
        self.max_decisions = 20000
        self.cols, self.rows = self.grid.columns, self.grid.rows
        self.cells = {h: (int(h[2:]) - 1, int(h[:2]) - 1) for h in self.hexes}
        self._cell = {h: r * self.cols + c for h, (r, c) in self.cells.items()}
        if nu > self.rows * self.cols:  # pragma: no cover
            raise ValueError("more units than cells: the unit tables do not fit")
        self.kinds = tuple(sorted({s.kind for s in d.units.values()} | set(UNTRIED_KINDS)))
        self.terrains = tuple(sorted(set(d.map.terrain.values())))
        self.phase_ids = tuple(p["id"] for p in d.phases)
        self.planes = self._plane_names()
        self.p = {n: i for i, n in enumerate(self.planes)}
        self.observation_shape = (len(self.planes), self.rows, self.cols)
        self.observation_range = (0.0, 1.0)
        self._static = self._static_planes()
        self.what_extras = (*UNIT_BLOCKS, *SINGLES)
        self._kind_memo: tuple[Any, str] | None = None

    # -- the action space ------------------------------------------------------------------------
    def encode(self, state: DomState, action: Any) -> int:
        """The index of ``action`` (a listed action of ``state``); ValueError if it has none."""
        o, nh, nd = self.blocks.offset, len(self.hexes), len(self.dirs)
        t = type(action)
        try:
            if t is Move or t is Enter:
                return o["unit_hex"] + self.u[action.unit] * nh + self.h[action.to]
            if t in (Withdraw, Replace, Add, Loss) or (t in (Advance, Convert) and action.unit is not None):
                return o[t.__name__.lower()] + self.u[action.unit]
            if t is Assault:
                lead = action.units[0]
                d = self.dirs.index(self.grid.direction(action.launch, action.target))
                group = int(len(action.units) > 1)
                return o["assault"] + ((self.m[lead] * nh + self.h[action.launch]) * nd + d) * 2 + group
            if t is Attack:
                return o["attack"] + self.h[action.target]
            if t is Retreat:
                return o["retreat"] + self.h[action.to]
            if t is Order:
                return o[f"order_{action.order}"]
            if t is Choose:
                return o[f"choose_{action.choice}"]
            if t is Advance:
                return o["advance_none"]
            if t is Convert:
                return o["convert_none"]
            if t in (Declare, Air, Pass, Fight, Cancel, End):
                return o[t.__name__.lower()]
        except (KeyError, ValueError, TypeError, IndexError) as e:
            raise ValueError(f"cannot encode {action} in this state: {e}") from None
        raise ValueError(f"{action} is not a player's action (chance outcomes use chance_index)")

    def decode(self, state: DomState, index: int) -> Any:
        """The action of ``index`` in ``state`` (module docstring); ValueError if it names none."""
        name, k = self.blocks.find(int(index))
        nh, nd = len(self.hexes), len(self.dirs)
        if name == "unit_hex":
            unit, to = self.units[k // nh], self.hexes[k % nh]
            kind = self._phase_kind(state)
            if kind == "reinforcement":
                return Enter(unit, to)
            if kind == "movement":
                return Move(unit, to)
            raise ValueError(f"no unit moves now ({kind})")
        if name in UNIT_BLOCKS:
            return UNIT_BLOCKS[name](self.units[k])
        if name == "assault":
            return self._decode_assault(state, k)
        if name == "attack":
            return Attack(self.hexes[k])
        if name == "retreat":
            return Retreat(self.hexes[k])
        if name.startswith("order_"):
            return Order(name[len("order_"):])
        if name.startswith("choose_"):
            return Choose(name[len("choose_"):])
        if name == "advance_none":
            return Advance(None)
        if name == "convert_none":
            return Convert(None)
        return {"declare": Declare, "air": Air, "pass": Pass, "fight": Fight, "cancel": Cancel, "end": End}[name]()

    def _phase_kind(self, state: DomState) -> str:
        """The rules' phase kind ("battle" during one), remembered for the position: decoding
        every legal move of a position asks it thousands of times."""
        key = (state.phase, state.order, state.battle is None)
        if self._kind_memo is None or self._kind_memo[0] != key:
            self._kind_memo = (key, self.rules.phase_kind(state) if state.battle is None else "battle")
        return self._kind_memo[1]

    def _decode_assault(self, state: DomState, k: int) -> Assault:
        """The lead unit alone or its hex's whole eligible group (10.14, 10.18), moving to the
        launch hex and assaulting the hex next to it."""
        nh, nd = len(self.hexes), len(self.dirs)
        group, k = k % 2, k // 2
        d, k = self.dirs[k % nd], k // nd
        lead, launch = self.mech[k // nh], self.hexes[k % nh]
        target = self.grid.neighbour(launch, d)
        if target is None:
            raise ValueError(f"no hex {d} of {launch}")
        units: tuple[str, ...] = (lead,)
        if group:
            where = state.hex_of(lead)
            members = tuple(self.rules.assault_groups(state).get(where, ())) if where is not None else ()
            if len(members) < 2 or members[0] != lead:
                raise ValueError(f"{lead} leads no group of mobile assault units now (10.14)")
            units = members
        return Assault(target, launch, units)

    def legal_mask(self, state: DomState) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=bool)
        if self.rules.is_chance(state):
            return mask
        idx = [self.encode(state, a) for a in self.rules.legal_actions(state)]
        if idx:
            mask[idx] = True
        return mask

    def chance_index(self, state: DomState, outcome: Any) -> int:
        if isinstance(outcome, (Roll, Stalin)):
            if not 1 <= outcome.die <= 6:
                raise ValueError(f"{outcome}: a die shows 1..6")
            return outcome.die - 1
        if isinstance(outcome, Draw):
            return 6 + self.counter_index[outcome.counter]
        if isinstance(outcome, Cup):
            return 6 + len(self.counters) + self.cup.index(outcome.unit)
        raise ValueError(f"{outcome} is not a chance outcome")

    def chance_outcome(self, state: DomState, index: int) -> Any:
        index = int(index)
        if 0 <= index < 6:
            if state.battle is not None:
                return Roll(index + 1)
            if self.rules.stalin_due(state):
                return Stalin(index + 1)
            raise ValueError(f"chance index {index}: no die is due")
        if 6 <= index < 6 + len(self.counters):
            slot = self.rules.next_draw(state)
            if slot is None:
                raise ValueError(f"chance index {index}: no untried counter is due to be drawn")
            return Draw(slot, self.counters[index - 6])
        if 6 + len(self.counters) <= index < self.num_chance_outcomes:
            return Cup(self.cup[index - 6 - len(self.counters)])
        raise ValueError(f"chance index {index} is outside 0..{self.num_chance_outcomes - 1}")

    # -- the factored form -----------------------------------------------------------------------
    @property
    def factor_sizes(self) -> tuple[int, int]:
        return (len(self.units) + 2 + len(self.assault_actors), len(self.hexes) + len(self.what_extras))

    @cached_property
    def assault_actors(self) -> tuple[str, ...]:
        """The pseudo-actors of mobile assaults: lead unit, direction, alone or group."""
        return tuple(f"assault_{m}_{x}_{g}" for m in self.mech for x in self.dirs for g in ("alone", "group"))

    @cached_property
    def factor_names(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return (*self.units, "no_unit", "attack", *self.assault_actors), (*self.hexes, *self.what_extras)

    @cached_property
    def action_factors(self) -> np.ndarray:
        """(actor, what) per index (module docstring); an assault is (its pseudo-actor, the
        launch hex)."""
        nu, nh, nd = len(self.units), len(self.hexes), len(self.dirs)
        o, size = self.blocks.offset, self.blocks.size
        w = {n: nh + i for i, n in enumerate(self.what_extras)}
        t = np.full((self.num_actions, 2), -1, dtype=np.int32)
        k = np.arange(nu * nh)
        t[o["unit_hex"] : o["unit_hex"] + len(k)] = np.stack([k // nh, k % nh], axis=1)
        for name in UNIT_BLOCKS:
            t[o[name] : o[name] + nu] = np.stack([np.arange(nu), np.full(nu, w[name])], axis=1)
        for name in SINGLES:
            t[o[name]] = (nu, w[name])
        t[o["retreat"] : o["retreat"] + nh] = np.stack([np.full(nh, nu), np.arange(nh)], axis=1)
        t[o["attack"] : o["attack"] + nh] = np.stack([np.full(nh, nu + 1), np.arange(nh)], axis=1)
        k = np.arange(size["assault"])  # ((m * nh + launch) * nd + d) * 2 + group
        m, launch, dg = k // (2 * nd) // nh, k // (2 * nd) % nh, k % (2 * nd)
        t[o["assault"] : o["assault"] + len(k)] = np.stack([nu + 2 + m * 2 * nd + dg, launch], axis=1)
        t.setflags(write=False)
        return t

    # -- observations ----------------------------------------------------------------------------
    def _plane_names(self) -> tuple[str, ...]:
        self.static_names = (
            "on_map", *(f"terrain_{x}" for x in self.terrains), *(f"river_{x}" for x in self.dirs),
            *(f"reservoir_{x}" for x in self.dirs), "city", "town", "moscow", "fort", "german_source",
            "soviet_source", "start_german", "start_forward", "start_reserve",
        )
        dynamic = (
            "own_units", "enemy_units", "own_attack", "enemy_attack", "own_defence", "enemy_defence",
            "own_untried", "enemy_untried", "own_steps", "enemy_steps", "own_mech", "enemy_mech",
            *(f"own_{k}" for k in self.kinds), *(f"enemy_{k}" for k in self.kinds),
            "own_moved", "own_attacked", "enemy_defended", "own_assaulted", "own_frozen", "own_mp_left",
            "own_retreated", "enemy_retreated", "own_control", "enemy_control", "ever_german",
            "german_zoc", "german_supply", "soviet_edge_supply", "entry_hex",
            "battle_target", "battle_attacker", "battle_defender", "battle_launch", "battle_retreat_option",
            *(f"battle_step_{s}" for s in BATTLE_STEPS), "battle_mobile", "battle_attacker_me",
            "battle_own_air", "battle_enemy_air",
        )
        tables = ("table_own", "table_on_map", "table_untried", "table_revealed", "table_known_attack",
                  "table_known_defence", "table_steps", "table_eliminated", "table_withdrawn", "table_to_enter")
        glob = (
            "global_turn", *(f"global_phase_{x}" for x in self.phase_ids), "global_kind_movement", "global_kind_combat",
            "global_kind_order", *(f"global_order_{x}" for x in ORDERS), "global_declared", "global_stalin",
            "global_soviet_attackers", "global_own_air", "global_enemy_air", "global_kg_used", "global_replacements_mech",
            "global_replacements_non_mech", "global_withdraw_due", "global_to_enter", "global_guards_due",
            "global_to_act_me", "global_to_act_enemy", "global_chance", "global_observer_german", "global_over",
        )
        return (*self.static_names, *dynamic, *tables, *glob)

    def _static_planes(self) -> dict[str, np.ndarray]:
        m, n = self.data.map, self.rows * self.cols
        out = {name: np.zeros(n, np.float32) for name in self.static_names}
        for h in self.hexes:
            c = self._cell[h]
            out["on_map"][c] = 1.0
            out[f"terrain_{m.terrain[h]}"][c] = 1.0
            for x in self.dirs:
                nb = self.grid.neighbour(h, x)
                if nb is None or nb not in self._cell:
                    continue
                if m.is_river(h, nb):
                    out[f"river_{x}"][c] = 1.0
                if m.is_reservoir(h, nb):
                    out[f"reservoir_{x}"][c] = 1.0
            zone = m.zone.get(h)
            if zone is not None and f"start_{zone}" in out:
                out[f"start_{zone}"][c] = 1.0
        for name, hexes in (("city", m.cities), ("town", m.towns), ("moscow", m.moscow()), ("fort", m.forts),
                            ("german_source", m.german_sources), ("soviet_source", m.soviet_sources)):
            for h in hexes:
                if h in self._cell:
                    out[name][self._cell[h]] = 1.0
        return out

    def _known_face(self, s: DomState, u: str):
        """The factors the observer knows (``s`` is an observed state): an untried counter's
        only if its draw is readable in ``s`` (revealed, or seen by the Soviet, 9.4)."""
        if u in s.slot_kind:
            c = s.draw.get(u)
            return self.data.counter_face.get(c) if c not in (None, UNKNOWN) else None
        return s.face(u)

    def observation(self, state: DomState, player: str) -> np.ndarray:
        """What ``player`` may know: made from ``rules.observe(state, player)`` only."""
        s = self.rules.observe(state, player)
        p, n, cell = self.p, self.rows * self.cols, self._cell
        enemy = other(player)
        obs = np.zeros((len(self.planes), n), dtype=np.float32)
        for name, plane in self._static.items():
            obs[p[name]] = plane
        planes, cells, values = [], [], []

        def add(plane: str, hex_id: str, value: float = 1.0) -> None:
            planes.append(p[plane])
            cells.append(cell[hex_id])
            values.append(value)

        kind_now = self.rules.phase_kind(s) if s.battle is None and s.phase in self.phase_ids else None
        for u, h in s.stacks.hex_of.items():
            who = "own" if s.side_of(u) == player else "enemy"
            add(f"{who}_units", h, 1.0 / STACK_LIMIT)
            face = self._known_face(s, u)
            if face is None:
                add(f"{who}_untried", h, 1.0 / STACK_LIMIT)
            else:
                add(f"{who}_attack", h, face.attack / MAX_FACTOR)
                add(f"{who}_defence", h, face.defence / MAX_FACTOR)
            add(f"{who}_steps", h, s.steps.get(u, 1) / MAX_STEPS)
            if s.is_mech(u):
                add(f"{who}_mech", h, 1.0 / STACK_LIMIT)
            add(f"{who}_{s.kind(u)}", h, 1.0 / STACK_LIMIT)
            if u in s.retreated_in:
                add(f"{who}_retreated", h, 1.0 / STACK_LIMIT)
            if who == "own":
                for plane, group in (("own_moved", s.moved), ("own_attacked", s.attacked), ("own_assaulted", s.assaulted),
                                     ("own_frozen", s.frozen)):
                    if u in group:
                        add(plane, h, 1.0 / STACK_LIMIT)
                if kind_now == "movement" and movement.may_move(s, u):
                    add("own_mp_left", h, movement.allowance(s, u) / (MAX_STEPS * STACK_LIMIT))
            elif u in s.defended:
                add("enemy_defended", h, 1.0 / STACK_LIMIT)
        if planes:
            np.add.at(obs.reshape(-1), np.asarray(planes) * n + np.asarray(cells), np.asarray(values, dtype=np.float32))

        def mark(plane: str, hexes) -> None:
            idx = [cell[h] for h in hexes if h in cell]
            if idx:
                obs[p[plane], idx] = 1.0

        mark("own_control", [h for h, x in s.control.items() if x == player])
        mark("enemy_control", [h for h, x in s.control.items() if x == enemy])
        mark("ever_german", s.ever_german)
        mark("german_zoc", movement.gzoc(s))
        mark("german_supply", movement.german_supply(s))
        mark("soviet_edge_supply", movement.soviet_edge_supply(s))
        mark("entry_hex", s.entry_hexes)
        self._battle(s, player, obs, mark)
        self._tables(s, player, obs)
        self._globals(s, player, obs, kind_now)
        np.clip(obs, 0.0, 1.0, out=obs)
        return obs.reshape(self.observation_shape)

    def _battle(self, s: DomState, player: str, obs: np.ndarray, mark) -> None:
        """Who fights where and the step reached; never odds that rest on untried units."""
        if s.battle is None:
            return
        b, p = s.battle.data, self.p
        mark("battle_target", [b["target"]])
        mark("battle_attacker", [s.hex_of(u) for u in b["attackers"] if u in s.stacks])
        mark("battle_defender", [s.hex_of(u) for u in b["defenders"] if u in s.stacks])
        if b.get("launch"):
            mark("battle_launch", [b["launch"]])
        mark("battle_retreat_option", b.get("retreat_options") or [])
        step = self.rules.battle_step(s)
        if step in BATTLE_STEPS:
            obs[p[f"battle_step_{step}"]] = 1.0
        obs[p["battle_mobile"]] = float(b["kind"] == "ma")
        obs[p["battle_attacker_me"]] = float(b["attacker"] == player)
        obs[p["battle_own_air"]] = b["air"].get(player, 0) / 2.0
        obs[p["battle_enemy_air"]] = b["air"].get(other(player), 0) / 2.0

    def _tables(self, s: DomState, player: str, obs: np.ndarray) -> None:
        p = self.p
        eliminated, withdrawn, to_enter = set(s.eliminated), set(s.withdrawn), set(s.to_enter)
        for i, u in enumerate(self.units):
            if u not in s.slot_kind and u not in self.data.units:
                continue  # a slot not made yet
            obs[p["table_own"], i] = float(s.side_of(u) == player)
            obs[p["table_on_map"], i] = float(u in s.stacks)
            obs[p["table_untried"], i] = float(u in s.slot_kind)
            obs[p["table_revealed"], i] = float(u in s.revealed)
            face = self._known_face(s, u)
            if face is not None:
                obs[p["table_known_attack"], i] = face.attack / MAX_FACTOR
                obs[p["table_known_defence"], i] = face.defence / MAX_FACTOR
            obs[p["table_steps"], i] = s.steps.get(u, 0) / 2.0
            obs[p["table_eliminated"], i] = float(u in eliminated)
            obs[p["table_withdrawn"], i] = float(u in withdrawn)
            obs[p["table_to_enter"], i] = float(u in to_enter)

    def _globals(self, s: DomState, player: str, obs: np.ndarray, kind_now: str | None) -> None:
        p, d = self.p, self.data
        obs[p["global_turn"]] = s.turn / max(1, d.last_turn)
        if f"global_phase_{s.phase}" in p:
            obs[p[f"global_phase_{s.phase}"]] = 1.0
        if kind_now in ("movement", "combat", "order"):
            obs[p[f"global_kind_{kind_now}"]] = 1.0
        if s.order in ORDERS:
            obs[p[f"global_order_{s.order}"]] = 1.0
        obs[p["global_declared"]] = float(s.declared is not None)
        obs[p["global_stalin"]] = (s.stalin or 0) / 6.0
        obs[p["global_soviet_attackers"]] = len(s.soviet_attackers) / 12.0
        obs[p["global_own_air"]] = s.air_left.get(player, 0) / 4.0
        obs[p["global_enemy_air"]] = s.air_left.get(other(player), 0) / 4.0
        obs[p["global_kg_used"]] = s.kg_used / 10.0
        obs[p["global_replacements_mech"]] = s.replacements.get("mech", 0) / 4.0
        obs[p["global_replacements_non_mech"]] = s.replacements.get("non_mech", 0) / 4.0
        obs[p["global_withdraw_due"]] = len(s.withdraw_due) / 2.0
        obs[p["global_to_enter"]] = len(s.to_enter) / 20.0
        obs[p["global_guards_due"]] = float(s.guards_due is not None)
        to_act = self.rules.current_player(s)
        obs[p["global_to_act_me"]] = float(to_act == player)
        obs[p["global_to_act_enemy"]] = float(to_act == other(player))
        obs[p["global_chance"]] = float(self.rules.is_chance(s))
        obs[p["global_observer_german"]] = float(player == GERMAN)
        obs[p["global_over"]] = float(s.outcome is not None)

    # -- beside the protocol ---------------------------------------------------------------------
    def material(self, state: DomState, side: str) -> float:
        """The steps ``side`` has on the map (public: an untried unit is one step, 2.13)."""
        return float(sum(state.steps.get(u, 0) for u in state.stacks.hex_of if state.side_of(u) == side))


_ENCODINGS: dict[int, DomEncoding] = {}


def encoding_for(rules: Any) -> DomEncoding:
    """The encoding of the rules' kit (built once: it is large)."""
    key = id(rules)
    if key not in _ENCODINGS:
        _ENCODINGS[key] = DomEncoding(rules, rules.data)
    return _ENCODINGS[key]


__all__ = ["DomEncoding", "encoding_for", "SOVIET"]
