"""The Drive on Moscow rules object (``typhoon.core.game.Rules``), hidden information included.

Sequence of play (5.1) from the kit's turn record track; battles (10.14-11.31) run on the core
procedure runner (declare, defender air, reveal, roll, conversion, losses, retreat, advance).
Untried Soviet units are drawn by chance events nobody sees and revealed at their first battle
(2.13, D-26). Decisions D-n / R-n: docs/games/dom/decisions.md.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ...core.contract import NOBODY, Event, only
from ...core.errors import IllegalActionError
from ...core.game import Outcome
from ...core.paths import Reach
from ...core.procedure import Procedure, Runner
from ...core.stacks import Stacks
from . import combat, movement
from . import november_offensive as no
from .actions import (ORDERS, Action, Add, Advance, Air, Assault, Attack, Cancel, Choose, Convert, Cup, Declare, Draw,
                      End, Enter, Fight, Loss, Move, Order, Pass, Replace, Retreat, Roll, Stalin, Withdraw, parse)
from .combat_odds import final_odds
from .combat_results import bloodbath_allowed, convert, defender_lose_one_allowed, kg_replacement
from .gamedata import (GERMAN, GUARDS_OF, SIDE_NAMES, SOVIET, STACK_LIMIT, DomData, dom_data, other)
from .state import UNKNOWN, DomState
from .victory import german_end_victory, moscow_entered, soviet_breakthrough

DIE = tuple((i, Fraction(1, 6)) for i in range(1, 7))
BATTLE = Procedure.from_json({"name": "battle", "steps": [
    {"name": "declare", "kind": "choice", "actor": "attacker", "rule": "11.2-11.6; 11.19"},
    {"name": "defender_air", "kind": "choice", "actor": "defender", "rule": "11.19; D-13"},
    {"name": "reveal", "kind": "auto", "rule": "2.13; 11.6"},
    {"name": "roll", "kind": "chance", "rule": "11.21"},
    {"name": "convert", "kind": "choice", "actor": "chooser", "rule": "11.28"},
    {"name": "defender_loss", "kind": "choice", "actor": "defender", "rule": "11.28 Defender Lose 1"},
    {"name": "attacker_loss", "kind": "choice", "actor": "attacker", "rule": "11.24; 11.28"},
    {"name": "retreat", "kind": "choice", "actor": "defender", "rule": "11.25-11.26; 10.22"},
    {"name": "advance", "kind": "choice", "actor": "attacker", "rule": "11.31"},
]})
RUNNER = Runner({"battle": BATTLE})
SETUP = "setup"
OVER = "over"


class DomRules:
    """Rules of Drive on Moscow (rules text 004; reconstruction kit R-1..R-6)."""

    name = "dom"
    title = "Drive on Moscow"
    players = (GERMAN, SOVIET)
    perfect_information = False

    def __init__(self, data: DomData | None = None) -> None:
        self._data = data

    @property
    def data(self) -> DomData:
        return self._data or dom_data()

    # -- set-up (3.0) ----------------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any] | None = None) -> DomState:
        d = self.data
        stacks = Stacks()
        steps: dict[str, int] = {}
        for cid, h in d.setup:  # 3.2 GRD, 3.6 German (R-6 computer set-up)
            stacks.place(cid, h)
            steps[cid] = d.units[cid].steps
        s = DomState(d, 0, SETUP, stacks, steps)
        s.pools = {k: list(v) for k, v in d.pools.items()}
        s.cup = list(d.cup)  # 3.4
        s.control = {h: (GERMAN if z == "german" else SOVIET) for h, z in d.map.zone.items()}  # 3.7
        s.ever_german = {h for h, side in s.control.items() if side == GERMAN}
        for kind, h in d.soviet_slots:  # 3.2/3.3: untried units drawn at random by type (D-26)
            self._new_slot(s, kind, h)
        return s

    @staticmethod
    def _new_slot(s: DomState, kind: str, h: str | None) -> str:
        u = f"s{s.next_slot:03d}"
        s.next_slot += 1
        s.slot_kind[u] = kind
        s.draw[u] = None
        s.steps[u] = 1
        if h is not None:
            s.stacks.place(u, h)
        return u

    def copy_state(self, state: DomState) -> DomState:
        return state.copy()

    # -- who acts ----------------------------------------------------------------------------
    def phase_key(self, state: DomState) -> tuple[int, str]:
        return (state.turn, state.phase)

    @staticmethod
    def next_draw(state: DomState) -> str | None:
        """The slot whose counter is drawn next (slot order), or None."""
        return next((u for u, v in state.draw.items() if v is None), None)

    def battle_step(self, state: DomState) -> str | None:
        return RUNNER.step(state.battle).name if state.battle is not None else None

    def phase_kind(self, state: DomState, phase: str | None = None) -> str:
        """'movement' | 'combat' | 'order' for the move-or-fight phases (5.2), else the kit's kind."""
        phase = phase or state.phase
        p = state.data.phase(phase)
        if p is None:
            return phase
        if p["kind"] != "move_or_fight":
            return p["kind"]
        if state.order is None:
            return "order"
        first = phase.endswith("_first")
        return "movement" if (state.order == "move-fight") == first else "combat"

    def current_player(self, state: DomState) -> str | None:
        if state.outcome is not None or self.is_chance(state):
            return None
        if state.phase == SETUP:
            return None
        if state.battle is not None:
            b = state.battle.data
            actor = RUNNER.step(state.battle).actor
            return b.get(actor) if actor else None
        p = state.data.phase(state.phase)
        return p["side"] if p else None

    def is_chance(self, state: DomState) -> bool:
        if state.outcome is not None:
            return False
        if state.battle is not None:
            return RUNNER.step(state.battle).kind == "chance"
        if self.stalin_due(state):
            return True  # 12.1 / D-29: Stalin's roll first
        if self.next_draw(state) is not None:
            return True
        return state.phase == "guards_conversion" and state.guards_due is None and bool(state.cup)

    @staticmethod
    def stalin_due(state: DomState) -> bool:
        return state.phase == "soviet_reinforcement" and state.declared == state.turn and state.stalin is None

    def chance_outcomes(self, state: DomState) -> list[tuple[Any, Fraction]]:
        if not self.is_chance(state):
            return []
        if state.battle is not None:
            return [(Roll(i), p) for i, p in DIE]
        if self.stalin_due(state):
            return [(Stalin(i), p) for i, p in DIE]
        slot = self.next_draw(state)
        if slot is not None:
            pool = self._draw_pool(state, state.slot_kind[slot])
            if not pool:
                raise IllegalActionError(f"the untried {state.slot_kind[slot].upper()} pool is empty")
            return [(Draw(slot, c), Fraction(1, len(pool))) for c in pool]
        return [(Cup(g), Fraction(1, len(state.cup))) for g in sorted(state.cup)]

    @staticmethod
    def _draw_pool(state: DomState, kind: str) -> list[str]:
        """The counters a draw may give: the pool itself, or in an observation (where the pool
        reads UNKNOWN) every counter of the type not publicly known to be elsewhere."""
        pool = state.pools.get(kind, [])
        if UNKNOWN not in pool:
            return sorted(pool)
        known = {state.draw[u] for u in state.revealed if state.draw.get(u) not in (None, UNKNOWN)}
        return sorted(c for c in state.data.pools[kind] if c not in known)

    def outcome(self, state: DomState) -> Outcome | None:
        return state.outcome

    # -- legal actions ---------------------------------------------------------------------------
    def legal_actions(self, state: DomState) -> list[Action]:
        if state.outcome is not None:
            return []
        if self.is_chance(state):
            return [a for a, _ in self.chance_outcomes(state)]
        if state.battle is not None:
            return self._legal_battle(state)
        kind = self.phase_kind(state)
        side = self.current_player(state)
        acts: list[Action] = []
        if kind == "replacement":
            if no.may_declare(state.turn, state.declared):
                acts.append(Declare())
            acts += [Withdraw(u) for u in self.withdrawal_candidates(state)]
            acts += [Replace(u) for u in self.replacement_candidates(state)]
            if state.withdraw_due:
                return acts  # 9.3: withdrawals may not be declined
        elif kind == "order":
            return [Order(o) for o in self.allowed_orders(state)]
        elif kind == "movement":
            for u in state.on_map(side):
                acts += movement.move_actions(state, u, Move)
            if side == GERMAN:
                acts += self.assault_actions(state)
        elif kind == "combat":
            acts += [Attack(t) for t in combat.targets(state, side)]
            if not self.may_end_combat(state):
                return acts
        elif kind == "reinforcement":
            acts += [Enter(u, h) for u in state.to_enter for h in self.entry_hexes(state, u)]
        elif kind == "conversion":
            cands = self.conversion_candidates(state)
            return [Convert(u) for u in cands] + [Convert(None)]
        acts.append(End())
        return acts

    def is_legal(self, state: DomState, action: Any) -> bool:
        return self.explain_illegal(state, action) is None

    def explain_illegal(self, state: DomState, action: Any) -> str | None:
        """Why ``action`` is not legal now (None if it is), naming the rule."""
        if state.outcome is not None:
            return "the game is over"
        if self.is_chance(state):
            return None if any(a == action for a, _ in self.chance_outcomes(state)) else "a chance event is due"
        kind = self.phase_kind(state) if state.battle is None else "battle"
        if isinstance(action, Move) and kind == "movement":
            side = self.current_player(state)
            if action.unit not in state.stacks or state.side_of(action.unit) != side:
                return f"{action.unit} is not a {side} unit on the map"
            if not movement.may_move(state, action.unit):
                return f"{action.unit} has already moved this phase (10.1, 10.19)"
            if action.to == state.hex_of(action.unit) or action.to not in movement.unit_reach(state, action.unit).cost:
                return f"{action.to} is beyond {action.unit}'s reach ({movement.allowance(state, action.unit)} MF; 10.2-10.12, 7.2, 6.1)"
            return None
        if isinstance(action, Assault) and kind == "movement":
            return self.why_not_assault(state, action)
        if action in self.legal_actions(state):
            return None
        if state.battle is not None:
            return f"a battle at {state.battle.data['target']} is at its '{self.battle_step(state)}' step"
        if isinstance(action, End) and kind == "combat":
            return f"Stalin orders at least {state.stalin} Soviet units into prepared assaults this turn (12.1)"
        if isinstance(action, End) and kind == "replacement":
            return "the German withdrawal is not done (9.3)"
        return f"not an action of the {state.data.phase(state.phase)['name'] if state.data.phase(state.phase) else state.phase} now"

    # -- replacement & withdrawal phase (9.3, 12.0, 12.2) ---------------------------------------------
    def withdrawal_candidates(self, state: DomState) -> list[str]:
        """9.3: a supplied 4-8/2-4 infantry division (else a 3-7/1-3); the cavalry division
        (else any other mechanized-class division, never a KG)."""
        if not state.withdraw_due:
            return []
        kind = state.withdraw_due[0]
        supplied = movement.german_supply(state)
        units = [u for u in state.on_map(GERMAN) if state.hex_of(u) in supplied]
        d = state.data.units
        if kind == "infantry":
            for full in ((4, 8), (3, 7)):
                c = [u for u in units if d[u].kind == "infantry" and (d[u].full.attack, d[u].full.defence) == full]
                if c:
                    return sorted(c)
            return []
        c = [u for u in units if d[u].kind == kind]
        if c:
            return sorted(c)
        return sorted(u for u in units if d[u].kind != "kg" and d[u].mobility == "mech" and d[u].size == "XX")

    def replacement_candidates(self, state: DomState) -> list[str]:
        """12.2: a supplied reduced panzer or panzer grenadier division (mech steps) or infantry
        division (non-mech steps); never a KG, the L Brigade or the GD Regiment."""
        if not any(state.replacements.values()):
            return []
        supplied = movement.german_supply(state)
        out = []
        d = state.data.units
        for u in state.on_map(GERMAN):
            spec = d.get(u)
            if spec is None or spec.size != "XX" or state.steps.get(u) != 1 or spec.reduced is None:
                continue
            cls = "mech" if spec.kind in ("panzer", "panzer_grenadier") else "non_mech" if spec.kind == "infantry" else None
            if cls and state.replacements.get(cls, 0) > 0 and state.hex_of(u) in supplied:
                out.append(u)
        return sorted(out)

    # -- 5.2 phase order -------------------------------------------------------------------------------
    def allowed_orders(self, state: DomState) -> tuple[str, ...]:
        """5.2: either order; 12.1 (D-32): in the declaration turn the Soviet must move first,
        the order that best lets him meet Stalin's minimum (moving first never removes an
        attack: units already adjacent may stay)."""
        side = state.data.phase(state.phase)["side"]
        if side == SOVIET and state.declared == state.turn:
            return ("move-fight",)
        return ORDERS

    # -- movement (10.0) and mobile assaults (10.14-10.22) ------------------------------------------------
    def assault_groups(self, state: DomState) -> dict[str, list[str]]:
        """10.14/10.18: per hex, the supplied German mechanized units that began the phase
        there and have neither moved nor assaulted; only groups with a panzer unit may MA."""
        groups: dict[str, list[str]] = {}
        if not no.german_attacks_allowed(state.turn, state.declared):
            return groups  # 12.1
        for u in state.on_map(GERMAN):
            h = state.hex_of(u)
            if (state.is_mech(u) and u not in state.moved and u not in state.assaulted and u not in state.frozen
                    and state.phase_start.get(u) == h):
                groups.setdefault(h, []).append(u)
        return {h: sorted(g) for h, g in groups.items() if any(state.is_panzer(u) for u in g)}

    def assault_options(self, state: DomState, units: tuple[str, ...]) -> dict[tuple[str, str], int]:
        """(target, launch) -> MF spent on the launch path and the +2 entry (10.15, 10.16);
        5.3 (D-36): with MF 14 when every unit of the group may use it and the launch path,
        the launch hex and the target all lie on the south sheet."""
        lead = units[0]
        mf = min(movement.allowance(state, u) for u in units)
        bonus = min(movement.guderian_bonus(state, u) for u in units)
        r = movement.unit_reach(state, lead)
        normal = {h: c for h, c in r.cost.items() if not isinstance(r, movement.GuderianReach) or h not in r.extra}
        out = self._assault_costs(state, units, normal, mf)
        if bonus > 0 and isinstance(r, movement.GuderianReach) and r.south is not None:
            south = self._assault_costs(state, units, r.south.cost, mf + bonus, south_only=True)
            for k, c in south.items():
                out.setdefault(k, c)
        return out

    def _assault_costs(self, state: DomState, units: tuple[str, ...], reach_cost: dict[str, int], mf: int,
                       south_only: bool = False) -> dict[tuple[str, str], int]:
        m = state.data.map
        start = state.hex_of(units[0])
        out = {}
        sov = movement.occupied(state, SOVIET)
        supplied = movement.german_supply(state)
        for launch, spent in reach_cost.items():
            if spent > mf or (launch != start and len(state.at(launch)) + len(units) > STACK_LIMIT):
                continue
            if launch not in supplied:
                continue  # 8.5 / 10.17: supplied in the launch hex
            for t in state.data.neighbours[launch]:
                if t not in sov or m.terrain[t] == "marsh" or m.is_reservoir(launch, t):
                    continue  # 10.16
                if south_only and not movement.on_south_sheet(state, t):
                    continue  # 5.3 D-36
                cost = spent + 1 + (1 if m.is_river(launch, t) else 0) + 2
                if cost <= mf:
                    out[(t, launch)] = cost
        return out

    def assault_actions(self, state: DomState) -> list[Assault]:
        """Listed: each hex's whole eligible group and each panzer unit alone (any other
        group with a panzer unit is legal when named, 10.14)."""
        acts = []
        for h, group in sorted(self.assault_groups(state).items()):
            choices = {tuple(group)} | {(u,) for u in group if state.is_panzer(u)}
            for units in sorted(choices):
                for (t, launch) in sorted(self.assault_options(state, units)):
                    acts.append(Assault(t, launch, units))
        return acts

    def why_not_assault(self, state: DomState, a: Assault) -> str | None:
        groups = self.assault_groups(state)
        if not a.units:
            return "an assault needs units"
        h = state.hex_of(a.units[0])
        group = groups.get(h, [])
        if any(u not in group for u in a.units):
            return "MA units must be supplied German mechanized units that began the phase stacked together and have not moved or assaulted (10.14-10.18)"
        if not any(state.is_panzer(u) for u in a.units):
            return "a panzer unit must lead a mobile assault (10.14)"
        if (a.target, a.launch) not in self.assault_options(state, a.units):
            return f"the group cannot reach {a.launch} and pay +2 MF to assault {a.target} (10.15, 10.16, 10.17)"
        return None

    # -- combat phase --------------------------------------------------------------------------------------
    def may_end_combat(self, state: DomState) -> bool:
        """12.1: Stalin's minimum, as far as it can be met."""
        side = self.current_player(state)
        if side != SOVIET or state.stalin is None or len(state.soviet_attackers) >= state.stalin:
            return True
        return not combat.targets(state, SOVIET)

    # -- reinforcements (9.1) ------------------------------------------------------------------------------
    def compute_entry_hexes(self, state: DomState) -> list[str]:
        """9.1: Soviet-controlled edge sources; towns and cities Soviet controlled, never German,
        with no German unit adjacent, in edge supply at the start of the Soviet player turn."""
        m = state.data.map
        ger = state.hexes_of(GERMAN)
        edge = movement.soviet_edge_supply(state)
        out = [h for h in m.soviet_sources if state.control.get(h) == SOVIET and h not in ger]
        for h in (*m.cities, *m.towns):
            if state.control.get(h) == SOVIET and h not in state.ever_german and h in edge and h not in ger \
                    and not any(n in ger for n in state.data.neighbours[h]):
                out.append(h)
        return sorted(set(out))

    def entry_hexes(self, state: DomState, u: str) -> list[str]:
        return [h for h in state.entry_hexes if state.side_at(h) != GERMAN and len(state.at(h)) < STACK_LIMIT]

    # -- Guards conversion (9.4) ----------------------------------------------------------------------------
    def conversion_candidates(self, state: DomState) -> list[str]:
        """9.4: a non-guard unit of the exact type, in supply via a map-edge source."""
        if state.guards_due is None:
            return []
        want = GUARDS_OF[state.data.units[state.guards_due].kind]
        edge = movement.soviet_edge_supply(state)
        return [u for u in state.on_map(SOVIET) if state.slot_kind.get(u) == want and state.hex_of(u) in edge]

    # -- battle legal actions ---------------------------------------------------------------------------------
    def _legal_battle(self, state: DomState) -> list[Action]:
        b = state.battle.data
        step = self.battle_step(state)
        if step == "declare":
            acts: list[Action] = [Add(u) for u in combat.eligible_attackers(state, b["attacker"], b["target"]) if u not in b["attackers"]] if b["kind"] == "pa" else []
            if self.may_commit_air(state, b["attacker"]):
                acts.append(Air())
            if b["attackers"]:
                acts.append(Fight())
            if b["kind"] == "pa":
                acts.append(Cancel())
            return acts
        if step == "defender_air":
            return [Air(), Pass()] if self.may_commit_air(state, b["defender"]) else [Pass()]
        if step == "convert":
            return [Choose(c) for c in b["options"]]
        if step == "defender_loss":
            return [Loss(u) for u in self._loss_candidates(state, "defenders")]
        if step == "attacker_loss":
            return [Loss(u) for u in self._loss_candidates(state, "attackers")]
        if step == "retreat":
            return [Retreat(h) for h in b["retreat_options"]]
        if step == "advance":
            cands = self.advance_candidates(state)
            forced = b["attacker"] == SOVIET and state.stalin is not None and state.declared == state.turn
            return [Advance(u) for u in cands] + ([] if forced and cands else [Advance(None)])  # 12.1 exception
        return []

    def may_commit_air(self, state: DomState, side: str) -> bool:
        """11.19 / D-12: a counter left this game turn, and at most two battles per turn."""
        b = state.battle.data
        if state.air_left.get(side, 0) <= 0:
            return False
        return b["air"].get(side, 0) > 0 or state.air_battles.get(side, 0) < 2

    def _loss_candidates(self, state: DomState, role: str) -> list[str]:
        return [u for u in state.battle.data[role] if u in state.stacks]

    def advance_candidates(self, state: DomState) -> list[str]:
        """11.31: surviving attackers that may enter the emptied hex (terrain, stacking)."""
        b = state.battle.data
        t = b["target"]
        m = state.data.map
        if state.side_at(t) == b["defender"] or len(state.at(t)) >= STACK_LIMIT:
            return []
        out = []
        for u in b["attackers"]:
            h = state.hex_of(u)
            if h is None or h == t:
                continue
            if m.terrain[t] == "marsh" and state.is_mech(u) and not state.is_cavalry(u):
                continue
            if movement.bound_to_south(state, u) and not movement.on_south_sheet(state, t):
                continue  # 5.3 / D-36
            out.append(u)
        return out

    # -- applying -----------------------------------------------------------------------------------------
    def apply(self, state: DomState, action: Any) -> list[Any]:
        events: list[Any] = []
        state.memo = None  # type: ignore[assignment]
        handler = getattr(self, "_do_" + type(action).__name__.lower(), None)
        if handler is None:
            raise IllegalActionError(f"{action!r} is not a Drive on Moscow action")
        try:
            handler(state, action, events)
            if state.outcome is None and state.phase != SETUP:
                self.check_sudden_death(state, events)
        finally:
            state.memo = {}
        return events

    # chance
    def _do_draw(self, state: DomState, a: Draw, events: list[Any]) -> None:
        """2.13 / D-26: an untried counter drawn face down; nobody sees it."""
        state.draw[a.slot] = a.counter
        pool = state.pools.get(state.slot_kind[a.slot], [])
        if a.counter in pool:
            pool.remove(a.counter)
        elif UNKNOWN in pool:
            pool.remove(UNKNOWN)
        events.append(Event(f"{a.slot} is {a.counter}", seen_by=NOBODY,
                            redacted=f"an untried {state.slot_kind[a.slot].upper()} is drawn for {a.slot} (face down, 2.13)"))
        if self.next_draw(state) is None and state.phase == SETUP:
            self._start_turn(state, state.data.first_turn, events)
        elif state.phase != SETUP:
            self._auto(state, events)

    def _do_stalin(self, state: DomState, a: Stalin, events: list[Any]) -> None:
        state.stalin = no.stalin_minimum(a.die)
        events.append(f"Stalin orders spoiling attacks: at least {state.stalin} units must make prepared assaults ({a.die} x 3, 12.1)")
        self._auto(state, events)

    def _do_cup(self, state: DomState, a: Cup, events: list[Any]) -> None:
        state.cup.remove(a.unit)
        state.guards_due = a.unit
        events.append(f"{state.data.units[a.unit].name} ({a.unit}) is drawn from the Guards cup (9.4)")
        self._auto(state, events)

    def _do_roll(self, state: DomState, a: Roll, events: list[Any]) -> None:
        b = state.battle.data
        result = state.data.crt.result(b["column_index"], a.die)
        b["roll"] = a.die
        events.append(f"Battle at {b['target']}: {b['final']} on the CRT, roll {a.die}: {result} (11.21)")
        self._resolve(state, result, events)
        self._run_battle(state, events)

    # phase actions
    def _do_declare(self, state: DomState, a: Declare, events: list[Any]) -> None:
        state.declared = state.turn
        events.append(f"The German player declares the November Offensive on game turn {state.turn}: it runs on game turn {state.turn + 1} (12.0)")

    def _do_withdraw(self, state: DomState, a: Withdraw, events: list[Any]) -> None:
        state.withdraw_due.pop(0)
        state.stacks.remove(a.unit)
        state.withdrawn.append(a.unit)
        events.append(f"{state.label(a.unit)} is withdrawn (9.3)")
        self._auto(state, events)

    def _do_replace(self, state: DomState, a: Replace, events: list[Any]) -> None:
        cls = "non_mech" if state.data.units[a.unit].kind == "infantry" else "mech"
        state.replacements[cls] -= 1
        state.steps[a.unit] = 2
        events.append(f"{state.label(a.unit)} receives a replacement step (12.2)")

    def _do_order(self, state: DomState, a: Order, events: list[Any]) -> None:
        state.order = a.order
        side = self.current_player(state)
        events.append(f"{SIDE_NAMES[side]} phase order: {a.order.replace('-', '/')} (5.2)")
        self._begin_subphase(state)

    def _do_move(self, state: DomState, a: Move, events: list[Any]) -> None:
        r = movement.unit_reach(state, a.unit)
        path = r.path_to(a.to)
        guderian = movement.uses_guderian(state, a.unit, a.to)
        events.append(f"{state.label(a.unit)} moves {' -> '.join(path)} ({r.cost[a.to]} MF"
                      + (", Guderian Effect MF 14, 5.3)" if guderian else ")"))
        if guderian:
            state.guderian_used.add(a.unit)  # D-36
        movement.touch_sheet(state, [a.unit], path)
        state.stacks.move(a.unit, a.to)
        state.moved.add(a.unit)
        state.mp_left.pop(a.unit, None)
        for h in path[1:]:
            self._take_control(state, h, state.side_of(a.unit), events)

    def _do_enter(self, state: DomState, a: Enter, events: list[Any]) -> None:
        state.to_enter.remove(a.unit)
        state.stacks.place(a.unit, a.to)
        events.append(f"{state.label(a.unit)} enters at {a.to} (9.1)")

    def _do_convert(self, state: DomState, a: Convert, events: list[Any]) -> None:
        g = state.guards_due
        state.guards_due = None
        if a.unit is None:
            state.eliminated.append(g)
            events.append(f"{state.data.units[g].name} is not converted and is eliminated (9.4)")
        else:
            h = state.hex_of(a.unit)
            counter = state.draw.get(a.unit)
            if a.unit not in state.revealed and counter not in (None, UNKNOWN):
                state.soviet_seen[a.unit] = counter  # 9.4: the Soviet may view it, the German may not
                f = state.data.counter_face[counter]
                events.append(Event(f"{a.unit} was {counter} ({f.attack}-{f.defence}) (9.4, seen by the Soviet only)",
                                    seen_by=only(SOVIET), reveal=True))
            state.stacks.remove(a.unit)
            state.stacks.place(g, h)
            state.steps[g] = 2
            events.append(f"{state.label(a.unit)} at {h} converts into {state.data.units[g].name} (9.4)")
        self._end_phase(state, events)

    def _do_end(self, state: DomState, a: End, events: list[Any]) -> None:
        if state.phase == "soviet_reinforcement" and state.to_enter:
            for u in state.to_enter:
                state.eliminated.append(u)
            events.append(f"{len(state.to_enter)} reinforcements not entered are eliminated (9.1)")
            state.to_enter = []
        self._end_phase(state, events)

    # battles
    def _do_attack(self, state: DomState, a: Attack, events: list[Any]) -> None:
        side = self.current_player(state)
        state.battle = RUNNER.start("battle", kind="pa", target=a.target, attacker=side, defender=other(side),
                                    attackers=[], defenders=combat.defenders(state, a.target),
                                    victims=[u for u in state.at(a.target) if u in state.retreated_in],
                                    air={}, launch=None, spent=0, result=None, roll=None, options=[], chooser=None,
                                    att_losses=0, def_losses=0, retreat_options=[], advanced=[])
        events.append(f"{SIDE_NAMES[side]} prepares an assault on {a.target} (11.2)")

    def _do_add(self, state: DomState, a: Add, events: list[Any]) -> None:
        state.battle.data["attackers"].append(a.unit)
        events.append(f"{state.label(a.unit)} joins the assault on {state.battle.data['target']}")

    def _do_air(self, state: DomState, a: Air, events: list[Any]) -> None:
        """11.19: committed before any stack or untried unit is revealed."""
        b = state.battle.data
        side = self.current_player(state)
        if not b["air"].get(side):
            state.air_battles[side] = state.air_battles.get(side, 0) + 1
        b["air"][side] = b["air"].get(side, 0) + 1
        state.air_left[side] -= 1
        events.append(f"{SIDE_NAMES[side]} commits an aircraft to the battle at {b['target']} (11.19)")

    def _do_pass(self, state: DomState, a: Pass, events: list[Any]) -> None:
        RUNNER.goto(state.battle, "reveal")
        self._run_battle(state, events)

    def _do_fight(self, state: DomState, a: Fight, events: list[Any]) -> None:
        b = state.battle.data
        if b["kind"] == "pa":
            state.attacked.update(b["attackers"])
            state.defended.update(b["defenders"])
            if b["attacker"] == SOVIET:
                state.soviet_attackers.update(b["attackers"])
            movement.touch_sheet(state, b["attackers"], [b["target"]])  # 5.3 "attacking only on the south map"
        RUNNER.goto(state.battle, "defender_air")
        if not self.may_commit_air(state, b["defender"]):
            RUNNER.goto(state.battle, "reveal")
        self._run_battle(state, events)

    def _do_cancel(self, state: DomState, a: Cancel, events: list[Any]) -> None:
        b = state.battle.data
        for side, n in b["air"].items():
            state.air_left[side] += n
            state.air_battles[side] -= 1
        events.append(f"The assault on {b['target']} is called off before the reveal (11.6)")
        state.battle = None

    def _do_assault(self, state: DomState, a: Assault, events: list[Any]) -> None:
        """10.15: the group moves to the launch hex, then enters the defended hex (+2 MF)."""
        spent = self.assault_options(state, a.units)[(a.target, a.launch)]
        start = state.hex_of(a.units[0])
        mf = {u: movement.allowance(state, u) for u in a.units}
        r = movement.unit_reach(state, a.units[0])
        guderian = spent > min(mf.values())  # 5.3 / D-36: only MF 14 pays for it
        if guderian:
            path = r.south.path_to(a.launch)
            bonus = min(movement.guderian_bonus(state, u) for u in a.units)
            mf = {u: v + bonus for u, v in mf.items()}
            state.guderian_used.update(a.units)
            events.append("The Guderian Effect: movement factor 14 on the south map (5.3)")
        else:
            path = Reach.path_to(r, a.launch)
        movement.touch_sheet(state, a.units, [*path, a.target])
        for u in a.units:
            state.stacks.move(u, a.launch)
            state.assaulted.add(u)
        for h in path[1:]:
            self._take_control(state, h, GERMAN, events)
        events.append(f"Mobile assault on {a.target} from {a.launch} by {', '.join(state.label(u) for u in a.units)}"
                      + (f" (moved {' -> '.join(path)})" if a.launch != start else "") + " (10.15)")
        state.battle = RUNNER.start("battle", kind="ma", target=a.target, attacker=GERMAN, defender=SOVIET,
                                    attackers=list(a.units), defenders=list(state.at(a.target)), victims=[],
                                    air={}, launch=a.launch, spent=spent, mf=mf,
                                    result=None, roll=None, options=[], chooser=None, att_losses=0, def_losses=0,
                                    retreat_options=[], advanced=[])

    def _do_choose(self, state: DomState, a: Choose, events: list[Any]) -> None:
        b = state.battle.data
        events.append(f"{SIDE_NAMES[self.current_player(state)]} chooses {a.choice} (11.28)")
        self._apply_result(state, {"as": "AS", "bloodbath": "BLOODBATH", "retreat": "DR", "hold": "HOLD"}[a.choice], events)
        b["options"] = []
        self._run_battle(state, events)

    def _do_loss(self, state: DomState, a: Loss, events: list[Any]) -> None:
        b = state.battle.data
        key = "def_losses" if self.battle_step(state) == "defender_loss" else "att_losses"
        self._lose_step(state, a.unit, events)
        b[key] -= 1
        self._run_battle(state, events)

    def _do_retreat(self, state: DomState, a: Retreat, events: list[Any]) -> None:
        self._retreat(state, a.to, events)
        self._run_battle(state, events)

    def _do_advance(self, state: DomState, a: Advance, events: list[Any]) -> None:
        b = state.battle.data
        if a.unit is None:
            events.append("No (further) advance (11.31)")
            self._close_battle(state, events)
            return
        movement.touch_sheet(state, [a.unit], [b["target"]])  # 5.3
        state.stacks.move(a.unit, b["target"])
        b["advanced"].append(a.unit)
        events.append(f"{state.label(a.unit)} advances into {b['target']} (11.31)")
        self._take_control(state, b["target"], b["attacker"], events)
        self._run_battle(state, events)

    # -- battle procedure ------------------------------------------------------------------------------
    def _run_battle(self, state: DomState, events: list[Any]) -> None:
        """Run automatic steps until a player or the dice must act, or the battle is over."""
        while state.battle is not None and state.outcome is None:
            ps = state.battle
            b = ps.data
            step = RUNNER.step(ps).name
            if step == "reveal":
                self._reveal(state, events)
                o = self._odds(state)
                b["final"] = o["final"]
                b["odds"] = o
                if o["automatic"]:
                    events.append(f"Battle at {b['target']}: {o['attack']} vs {o['defence']}, final odds {o['final']}: automatic {o['automatic']} (11.9)")
                    self._resolve(state, o["automatic"], events)
                    continue
                b["column_index"] = state.data.crt.columns.index(o["column"])
                events.append(f"Battle at {b['target']}: {o['attack']} vs {o['defence']}, {o['text']} (11.7-11.21)")
                RUNNER.goto(ps, "roll")
                return
            if step in ("declare", "defender_air", "roll", "convert"):
                return
            if step == "defender_loss":
                c = self._loss_candidates(state, "defenders")
                if b["def_losses"] > 0 and c:
                    if len(c) > 1:
                        return
                    self._lose_step(state, c[0], events)
                    b["def_losses"] -= 1
                    continue
                RUNNER.goto(ps, "attacker_loss")
                continue
            if step == "attacker_loss":
                c = self._loss_candidates(state, "attackers")
                if b["att_losses"] > 0 and c:
                    if len(c) > 1:
                        return
                    self._lose_step(state, c[0], events)
                    b["att_losses"] -= 1
                    continue
                b["att_losses"] = 0
                RUNNER.goto(ps, "retreat")
                continue
            if step == "retreat":
                if b.get("retreat_due"):
                    movers = self._retreat_movers(state)
                    opts = b["retreat_options"]
                    if movers and len(opts) > 1:
                        return
                    if movers and opts:
                        self._retreat(state, opts[0], events)
                        continue
                    if movers and b.get("split"):  # D-37: no room left for this unit after all
                        events.append(f"{state.label(movers[0])} finds no retreat hex: it takes the DE (11.26; D-37)")
                        b.setdefault("stayed", []).append(movers[0])
                        self._lose_step(state, movers[0], events)
                        b["retreat_due"], b["retreat_options"] = bool(self._retreat_movers(state)), self._split_options(state)
                        continue
                    b["retreat_due"] = False
                if b["kind"] == "ma":
                    self._finish_assault(state, events)
                    return
                RUNNER.goto(ps, "advance")
                continue
            if step == "advance":
                if b["kind"] == "pa" and self.advance_candidates(state):
                    return
                self._close_battle(state, events)
                return

    def _reveal(self, state: DomState, events: list[Any]) -> None:
        """2.13/11.6: every untried unit in the battle is turned to its veteran side for good."""
        b = state.battle.data
        for u in (*b["attackers"], *b["defenders"]):
            if state.is_hidden(u) and u in state.stacks:
                state.revealed.add(u)
                c = state.draw.get(u)
                f = state.data.counter_face.get(c)
                vt = state.data.counter_type.get(c, state.slot_kind[u])
                events.append(Event(f"{u} revealed: {c}, {vt.upper()} {f.attack}-{f.defence} (2.13)", reveal=True))

    def _odds(self, state: DomState) -> dict[str, Any]:
        b = state.battle.data
        attackers = [u for u in b["attackers"] if u in state.stacks]
        return combat.odds_summary(state, b["kind"], b["attacker"], b["target"], attackers, b["air"], b["launch"],
                                   public=False, defending=[u for u in b["defenders"] if u in state.stacks])

    def _resolve(self, state: DomState, result: str, events: list[Any]) -> None:
        """11.28 conversions, then the result."""
        b = state.battle.data
        m = state.data.map
        city = b["target"] in m.cities
        conv = convert(result, b["attacker"], city)
        b["result"] = result
        dfn = [(u, state.steps[u], state.kind(u)) for u in b["defenders"] if u in state.stacks]
        att = [(u, state.steps[u], state.kind(u)) for u in b["attackers"] if u in state.stacks]
        if conv == ("AS", "BLOODBATH"):
            if bloodbath_allowed(dfn, att):
                b["options"], b["chooser"] = ["as", "bloodbath"], b["attacker"]
                RUNNER.goto(state.battle, "convert")
                events.append("A German attack into a city: DR becomes AS or Bloodbath (11.28)")
                return
            events.append("DR becomes AS: a Bloodbath would leave no German step (11.28)")
            conv = ("AS",)
        result = conv[0]
        if result != b["result"]:
            events.append(f"{b['result']} becomes {result} (11.17; 11.28)")
        if result == "DR" and b["defender"] == GERMAN and defender_lose_one_allowed(dfn, city):
            b["options"], b["chooser"] = ["retreat", "hold"], GERMAN
            RUNNER.goto(state.battle, "convert")
            return
        self._apply_result(state, result, events)

    def _apply_result(self, state: DomState, result: str, events: list[Any]) -> None:
        b = state.battle.data
        b["final_result"] = result
        ps = state.battle
        if result not in ("AS", "AL1"):
            for u in b["victims"]:  # 11.27
                if u in state.stacks:
                    events.append(f"{state.label(u)}, retreated into {b['target']} this phase, is eliminated (11.27)")
                    self._eliminate(state, u, events)
        if result == "AL1":
            b["att_losses"] = 1
            RUNNER.goto(ps, "attacker_loss")
        elif result in ("DE", "BLOODBATH"):
            lost = 0
            for u in [u for u in b["defenders"] if u in state.stacks]:  # 11.29 (D-8)
                self._lose_step(state, u, events)
                lost += 1
            if result == "BLOODBATH":
                b["att_losses"] = lost  # 11.28: steps, not factors
            RUNNER.goto(ps, "attacker_loss")
        elif result == "HOLD":
            b["def_losses"] = 1
            RUNNER.goto(ps, "defender_loss")
        elif result == "DR":
            movers = [u for u in b["defenders"] if u in state.stacks]
            az = frozenset(state.data.neighbours[b["launch"]]) if b["kind"] == "ma" else frozenset()
            az = az - self._other_zoc(state, b)
            b["assault_zoc"] = sorted(az)
            opts = combat.retreat_options(state, b["target"], movers, b["kind"], b["launch"], assault_zoc=az)
            if not opts and combat.split_retreat_possible(state, b["target"], movers, b["launch"], az):
                b["split"] = True  # 11.26 / D-37: the stack breaks up, one unit at a time
                events.append(f"No single hex can take the whole stack from {b['target']}: it retreats unit by unit (11.26)")
                b["retreat_due"], b["retreat_options"] = True, self._split_options(state)
            elif not opts:
                events.append(f"{', '.join(state.label(u) for u in movers)} cannot retreat: DE instead (11.26; D-22)")
                for u in movers:
                    self._lose_step(state, u, events)
            else:
                b["retreat_due"], b["retreat_options"] = True, opts
            RUNNER.goto(ps, "attacker_loss")
        else:  # AS
            RUNNER.goto(ps, "retreat")

    @staticmethod
    def _other_zoc(state: DomState, b: dict[str, Any]) -> frozenset[str]:
        """10.22: GZOC of German units other than the assaulting force still blocks."""
        from .zones_of_control import german_zoc

        others = {state.hex_of(u) for u in state.on_map(GERMAN) if u not in b["attackers"]}
        return german_zoc(state.data.map, others)

    def _retreat_movers(self, state: DomState) -> list[str]:
        """The defenders still in the battle hex with a retreat to make."""
        b = state.battle.data
        return [u for u in b["defenders"] if u in state.stacks and state.hex_of(u) == b["target"] and u not in b.get("stayed", ())]

    def _split_options(self, state: DomState) -> list[str]:
        """D-37: where the next unit of a breaking-up stack may go (11.25 priority, stacking)."""
        b = state.battle.data
        movers = self._retreat_movers(state)
        if not movers:
            return []
        return combat.retreat_options(state, b["target"], movers[:1], b["kind"], b["launch"],
                                      assault_zoc=frozenset(b.get("assault_zoc", ())))

    def _retreat(self, state: DomState, to: str, events: list[Any]) -> None:
        b = state.battle.data
        movers = self._retreat_movers(state)
        if b.get("split"):
            movers = movers[:1]  # D-37: unit by unit, in stack order, the owner choosing each hex
        for u in movers:
            state.stacks.move(u, to)
            if b["kind"] == "pa":
                state.retreated_in.add(u)  # 11.27
        events.append(f"{', '.join(state.label(u) for u in movers)} retreat{'s' if len(movers) == 1 else ''} to {to} (11.25)")
        self._take_control(state, to, b["defender"], events)
        b["retreat_due"] = False
        if b.get("split") and self._retreat_movers(state):
            b["retreat_due"], b["retreat_options"] = True, self._split_options(state)

    def _finish_assault(self, state: DomState, events: list[Any]) -> None:
        """10.19/10.20: a cleared hex lets the survivors go on with their MF; otherwise they
        stay in the launch hex for the rest of the phase."""
        b = state.battle.data
        t = b["target"]
        alive = [u for u in b["attackers"] if u in state.stacks]
        if state.side_at(t) != SOVIET:
            for u in alive:
                state.stacks.move(u, t)
                state.mp_left[u] = max(0, b["mf"].get(u, 0) - b["spent"])
                state.moved.add(u)
            if alive:
                events.append(f"The assault clears {t}; {', '.join(state.label(u) for u in alive)} may go on with their remaining MF (10.20)")
                self._take_control(state, t, GERMAN, events)
        else:
            for u in alive:
                state.frozen.add(u)
                state.moved.add(u)
            events.append(f"The assault on {t} fails; the attackers stay in {b['launch']} for the rest of the phase (10.19)")
        self._close_battle(state, events)

    def _close_battle(self, state: DomState, events: list[Any]) -> None:
        b = state.battle.data
        state.last_battle = {k: b.get(k) for k in ("kind", "target", "attacker", "defender", "attackers", "defenders", "roll", "final", "result", "final_result")}
        state.battle = None

    def _lose_step(self, state: DomState, u: str, events: list[Any]) -> None:
        """2.11: a two-step unit flips; a one-step or reduced unit is eliminated (11.30 KG)."""
        state.steps[u] -= 1
        if state.steps[u] > 0:
            events.append(f"{state.label(u)} loses a step (2.11)")
            return
        self._eliminate(state, u, events)

    def _eliminate(self, state: DomState, u: str, events: list[Any]) -> None:
        h = state.stacks.remove(u)
        state.steps[u] = 0
        state.eliminated.append(u)
        events.append(f"{state.label(u)} is eliminated")
        spec = state.data.units.get(u)
        if spec is None or state.side_of(u) != GERMAN:
            return
        kg = kg_replacement(spec.kind, spec.size, 1, 10 - state.kg_used)
        if kg is not None:  # 11.30
            state.kg_used += 1
            k = f"kg{state.kg_used:02d}"
            state.kg_type[k] = "pz" if kg == "kg_pz" else "pzg"
            state.steps[k] = 1
            state.stacks.place(k, h)
            events.append(f"{state.label(k)} replaces {spec.name} in {h} (11.30)")

    def _take_control(self, state: DomState, h: str, side: str, events: list[Any]) -> None:
        """3.7 (D-16): a hex changes hands the instant a ground unit of the other side enters it."""
        if state.control.get(h) == side:
            return
        state.control[h] = side
        if side == GERMAN:
            state.ever_german.add(h)
        m = state.data.map
        name = m.cities.get(h) or m.towns.get(h)
        if name:
            events.append(f"{SIDE_NAMES[side]} takes control of {name} ({h}, 3.7)")

    # -- sequence of play (5.1) -------------------------------------------------------------------------------
    def _start_turn(self, state: DomState, turn: int, events: list[Any]) -> None:
        state.turn = turn
        t = state.data.turns[turn]
        ex = no.phase(turn, state.declared) == "execution"
        state.air_left = {GERMAN: int(t.get("air_german", 0)) + (1 if ex else 0), SOVIET: int(t.get("air_soviet", 0))}  # 11.19, 12.2
        state.air_battles = {GERMAN: 0, SOVIET: 0}
        state.stalin = None
        state.soviet_attackers = set()
        state.guderian_out, state.guderian_used = set(), set()  # 5.3 is for GT1 only
        events.append(f"Game turn {turn} ({t['label']})")
        self._start_phase(state, state.data.phase_ids[0], events)

    def _start_phase(self, state: DomState, phase: str, events: list[Any]) -> None:
        state.phase = phase
        p = state.data.phase(phase)
        if p.get("turns") and state.turn not in p["turns"]:
            self._end_phase(state, events)
            return
        side = p["side"]
        for s in (state.moved, state.attacked, state.defended, state.retreated_in, state.assaulted, state.frozen):
            s.clear()
        state.mp_left.clear()
        events.append(f"{p['name']} (5.1)")
        if p["kind"] == "replacement":
            state.order = None
            state.withdraw_due = list(state.data.withdrawals.get(state.turn, []))
            ex = no.phase(state.turn, state.declared) == "execution"
            state.replacements = {"mech": 3, "non_mech": 3} if ex else {}
        elif p["kind"] == "reinforcement":
            state.order = None
            state.entry_hexes = self.compute_entry_hexes(state)  # 9.1: supply at the very start
            for kind, n in sorted(state.data.reinforcements.get(state.turn, {}).items()):
                for _ in range(n):
                    state.to_enter.append(self._new_slot(state, kind, None))
        elif p["kind"] == "move_or_fight":
            self._begin_subphase(state)
        elif p["kind"] == "supply":
            self._terminal_supply(state, events)
            self._end_phase(state, events)
            return
        self._auto(state, events)

    def _begin_subphase(self, state: DomState) -> None:
        if self.phase_kind(state) == "movement":
            side = self.current_player(state)
            state.phase_start = {u: state.hex_of(u) for u in state.on_map(side)}

    def _auto(self, state: DomState, events: list[Any]) -> None:
        """Skip phases with nothing to decide (9.3 an impossible withdrawal ends the game)."""
        if state.outcome is not None or self.is_chance(state):
            return
        kind = self.phase_kind(state)
        if kind == "replacement" and state.withdraw_due and not self.withdrawal_candidates(state):
            self._finish(state, events, SOVIET, f"the German player cannot make the game turn {state.turn} withdrawal (4.4, 9.3)")
            return
        if kind == "conversion" and state.guards_due is None and not state.cup:
            self._end_phase(state, events)
            return
        if kind == "reinforcement" and not state.to_enter and self.next_draw(state) is None:
            self._end_phase(state, events)

    def _end_phase(self, state: DomState, events: list[Any]) -> None:
        ids = state.data.phase_ids
        i = ids.index(state.phase)
        if i + 1 < len(ids):
            self._start_phase(state, ids[i + 1], events)
        elif state.turn < state.data.last_turn:
            self._start_turn(state, state.turn + 1, events)
        else:
            self._end_of_game(state, events)

    def _terminal_supply(self, state: DomState, events: list[Any]) -> None:
        """8.6: Soviet units out of supply now are eliminated, one step or two."""
        ok = movement.soviet_supplied_hexes(state)
        out = [u for u in state.on_map(SOVIET) if state.hex_of(u) not in ok]
        for u in out:
            self._eliminate(state, u, events)
        if out:
            events.append(f"{len(out)} Soviet units out of supply are eliminated (8.6)")

    # -- victory (4.0) --------------------------------------------------------------------------------------
    def check_sudden_death(self, state: DomState, events: list[Any]) -> None:
        """4.1, 4.2, 4.4 at the instant."""
        if state.outcome is not None:
            return
        m = state.data.map
        if moscow_entered(m, state.control):
            self._finish(state, events, GERMAN, "a Moscow hex is under German control (4.1)")
            return
        name = soviet_breakthrough(m, state.control)
        if name:
            self._finish(state, events, SOVIET, f"{name}, west of the initial front line, is under Soviet control (4.4)")
            return
        edge = movement.soviet_edge_supply(state)
        if m.moscow() and not any(h in edge for h in m.moscow()):
            self._finish(state, events, GERMAN, "neither Moscow hex can trace supply to a Soviet map-edge source (4.2)")

    def _end_of_game(self, state: DomState, events: list[Any]) -> None:
        m = state.data.map
        if german_end_victory(m, state.control):
            self._finish(state, events, GERMAN, "the Germans hold Kalinin, Kursk, Orel, Smolensk and Tula at the end of game turn 9 (4.3)")
        else:
            self._finish(state, events, SOVIET, "the Germans have met none of their victory conditions by the end of game turn 9 (4.5)")

    def _finish(self, state: DomState, events: list[Any], winner: str, reason: str) -> None:
        state.outcome = Outcome(winner, reason, self.scores(state))
        state.phase = OVER
        state.battle = None
        events.append(f"Game over: {SIDE_NAMES[winner]} victory. {reason}")

    def scores(self, state: DomState) -> dict[str, float]:
        m = state.data.map
        cities = {h for h in m.cities}
        return {GERMAN: float(sum(1 for h in cities if state.control.get(h) == GERMAN)),
                SOVIET: float(sum(1 for h in cities if state.control.get(h) == SOVIET))}

    def is_commitment(self, action: Any) -> bool:
        """11.6: once the stacks are examined the attack stands; 9.4 a conversion once viewed."""
        return isinstance(action, (Fight, Assault, Convert))

    # -- text -----------------------------------------------------------------------------------------------
    def parse_action(self, state: DomState, text: str) -> Action:
        d = state.data if state is not None else self.data

        def is_unit(w: str) -> bool:
            return w in d.units or (w[:1] == "s" and w[1:].isdigit()) or w in d.counter_face

        return parse(text, is_unit, d.map.grid.check)

    # -- hidden information ---------------------------------------------------------------------------------
    def observe(self, state: DomState, seat: str | None) -> DomState:
        """2.13/D-26: undrawn pools and unrevealed counters read UNKNOWN for every seat; 9.4 the
        Soviet keeps what he saw of a converted unit."""
        obs = state.copy()
        for u, c in obs.draw.items():
            if c is not None and u not in obs.revealed and not (seat == SOVIET and u in obs.soviet_seen):
                obs.draw[u] = UNKNOWN
        obs.pools = {k: [UNKNOWN] * len(v) for k, v in obs.pools.items()}
        if seat != SOVIET:
            obs.soviet_seen = {}
        return obs

    def sample_hidden(self, state: DomState, seat: str | None, rng: random.Random) -> DomState:
        """A full state consistent with what ``seat`` knows: unknown counters dealt from what
        is not publicly placed."""
        full = self.observe(state, seat)
        known = {c for c in full.draw.values() if c not in (None, UNKNOWN)}
        for kind, ids in full.data.pools.items():
            free = [c for c in ids if c not in known]
            rng.shuffle(free)
            for u, c in full.draw.items():
                if c == UNKNOWN and full.slot_kind[u] == kind:
                    full.draw[u] = free.pop()
            full.pools[kind] = [free.pop() for _ in full.pools[kind]]
        return full

    def action_visibility(self, state: DomState, action: Any) -> tuple[frozenset | None, str | None]:
        """Untried draws are seen by nobody (2.13, D-26)."""
        if isinstance(action, Draw):
            return NOBODY, f"draw {action.slot} ?"
        return None, None

    # -- positions --------------------------------------------------------------------------------------------
    def position_to_json(self, state: DomState) -> dict[str, Any]:
        from .position import to_json

        return to_json(state)

    def position_from_json(self, doc: dict[str, Any]) -> DomState:
        from .position import from_json

        return from_json(doc, self.data)


__all__ = ["DomRules", "RUNNER", "final_odds"]
