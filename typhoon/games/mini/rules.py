"""The Typhoon Mini rules object (``typhoon.core.game.Rules``), hidden information included.

Sequence of play and the battle procedure are data (``data/procedure.json``); the battle runs
on the core procedure runner (declare, reveal, roll, losses, retreat, advance: 7.1).
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ...core.contract import NOBODY, Event, only
from ...core.dice import two_dice_sum
from ...core.errors import IllegalActionError
from ...core.game import Outcome
from ...core.odds import total_modifier
from ...core.stacks import Stacks, Steps
from . import combat, movement, position
from .actions import PLANS, Action, Advance, Attack, Draw, End, Loss, Move, Plan, Retreat, Roll, parse
from .data import mini_data
from .state import FULL_STEPS, UNKNOWN, MiniState, other

ROLLS = tuple((Roll(t), p) for t, p in two_dice_sum())  # 7.6
DEFAULT_TURNS = 6  # 4.3
VICTORY_VP = 3  # 9.3


class MiniRules:
    """Rules of Typhoon Mini (RULES.md)."""

    name = "mini"
    title = "Typhoon Mini"
    players = ("blue", "red")
    perfect_information = False

    # -- set-up (4.1) --------------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any] | None = None) -> MiniState:
        options = options or {}
        data = mini_data()
        fixed = bool(options.get("fixed_strengths", False))
        stacks = Stacks()
        for u in data.unit_order:
            stacks.place(u, data.units[u].start)
        return MiniState(
            turns=int(options.get("turns", DEFAULT_TURNS)),
            fixed_strengths=fixed,
            turn=0,
            phase=data.setup_phase.id,
            stacks=stacks,
            steps=Steps({u: FULL_STEPS for u in data.unit_order}),
            chits={} if fixed else {u: None for u in data.hidden_units},  # 3.5 / 3.3
            cup=[] if fixed else list(data.chit_pool),
            control={h: "red" for h in data.towns},  # 9.2
        )

    def copy_state(self, state: MiniState) -> MiniState:
        return state.copy()

    # -- who acts ------------------------------------------------------------------------------
    def phase_key(self, state: MiniState) -> tuple[int, str]:
        return (state.turn, state.phase)

    @staticmethod
    def next_draw(state: MiniState) -> str | None:
        """The red unit whose chit is drawn next (3.3: in roster order), or None."""
        return next((u for u, v in state.chits.items() if v is None), None)

    def battle(self, state: MiniState) -> dict[str, Any] | None:
        return state.battle.data if state.battle is not None else None

    def battle_step(self, state: MiniState) -> str | None:
        return state.data.runner.step(state.battle).name if state.battle is not None else None

    def current_player(self, state: MiniState) -> str | None:
        if state.outcome is not None or self.is_chance(state):
            return None
        if state.phase == "setup":
            return "blue"  # 9.1 the plan
        if state.battle is not None:
            step = state.data.runner.step(state.battle)
            b = state.battle.data
            if step.actor == "loser":
                return b["losses"][0][0]
            if step.actor in ("attacker", "defender"):
                return b[step.actor]
        return state.data.phases[state.phase].side

    def is_chance(self, state: MiniState) -> bool:
        if state.outcome is not None:
            return False
        if state.phase == "setup":
            return self.next_draw(state) is not None  # 3.3
        return state.battle is not None and state.data.runner.step(state.battle).kind == "chance"

    def chance_outcomes(self, state: MiniState) -> list[tuple[Any, Fraction]]:
        if not self.is_chance(state):
            return []
        if state.phase != "setup":
            return list(ROLLS)
        unit = self.next_draw(state)
        cup = combat.undrawn_chits(state)  # 3.3 (in an observed state: what the public knows)
        if not cup:
            raise IllegalActionError("the chit cup is empty")
        return [(Draw(unit, v), Fraction(cup.count(v), len(cup))) for v in sorted(set(cup))]

    def outcome(self, state: MiniState) -> Outcome | None:
        return state.outcome

    # -- legal actions -------------------------------------------------------------------------
    def legal_actions(self, state: MiniState) -> list[Action]:
        if state.outcome is not None:
            return []
        if self.is_chance(state):
            return [a for a, _ in self.chance_outcomes(state)]
        if state.phase == "setup":
            return [Plan(p) for p in PLANS]
        if state.battle is not None:
            return self._legal_battle(state)
        kind = state.data.phases[state.phase].kind
        side = state.data.phases[state.phase].side
        if kind == "movement":
            acts: list[Action] = [Move(u, h) for u in state.on_map(side) for h in movement.destinations(state, u)]
        else:
            acts = [
                Attack(t, units)
                for t in combat.targets(state, side)
                for units in combat.attack_subsets(combat.eligible_attackers(state, side, t))
            ]
        acts.append(End())
        return acts

    def _legal_battle(self, state: MiniState) -> list[Action]:
        b = state.battle.data
        step = self.battle_step(state)
        if step == "losses":
            return [Loss(u) for u in self.loss_candidates(state)]
        if step == "retreat":
            return [Retreat(h) for h in combat.retreat_hexes(state, b["target"], b["defender"], self.survivors(state, "defenders"))]
        if step == "advance":
            return [Advance(u) for u in combat.advancers(state, b)] + [Advance(None)]
        return []

    def is_legal(self, state: MiniState, action: Any) -> bool:
        return self.explain_illegal(state, action) is None

    def explain_illegal(self, state: MiniState, action: Any) -> str | None:
        """Why ``action`` is not legal now (None if it is), naming the rule."""
        if state.outcome is not None:
            return "the game is over"
        if self.is_chance(state):
            return None if any(a == action for a, _ in self.chance_outcomes(state)) else "a chance event is due"
        legal = self.legal_actions(state)
        if action in legal:
            return None
        if state.phase == "setup":
            return f"Blue must choose a plan first: {', '.join(str(a) for a in legal)} (9.1)"
        if state.battle is not None:
            step = self.battle_step(state)
            return f"a battle at {state.battle.data['target']} is at its '{step}' step; legal: {', '.join(str(a) for a in legal)}"
        phase = state.data.phases[state.phase]
        side = phase.side
        if isinstance(action, Move):
            if phase.kind != "movement":
                return f"it is the {phase.name} phase, not a movement phase"
            if action.unit not in state.stacks or state.side_of(action.unit) != side:
                return f"{action.unit} is not a {side} unit on the map"
            if action.unit in state.moved:
                return f"{action.unit} has already moved this phase (6.1)"
            if not movement.may_enter(state, action.unit, action.to):
                return f"{action.unit} may not enter {action.to} (5.1 stacking, 5.2 enemy units)"
            return f"{action.to} is beyond {action.unit}'s reach ({state.data.units[action.unit].movement} MP; 6.2-6.7)"
        if isinstance(action, Attack):
            if phase.kind != "combat":
                return f"it is the {phase.name} phase, not a combat phase"
            return combat.why_not_attack(state, side, action.target, action.units)
        return f"not an action of the {phase.name} phase"

    # -- applying actions ----------------------------------------------------------------------
    def apply(self, state: MiniState, action: Any) -> list[Any]:
        events: list[Any] = []
        if isinstance(action, Draw):
            self._draw(state, action, events)
        elif isinstance(action, Plan):
            self._plan(state, action, events)
        elif isinstance(action, Move):
            self._move(state, action, events)
        elif isinstance(action, End):
            self._end_phase(state, events)
        elif isinstance(action, Attack):
            self._declare(state, action, events)
        elif isinstance(action, Roll):
            self._roll(state, action, events)
        elif isinstance(action, Loss):
            self._lose_step(state, action.unit, events)
            self._run_battle(state, events)
        elif isinstance(action, Retreat):
            self._retreat(state, action.to, events)
        elif isinstance(action, Advance):
            self._advance(state, action, events)
        else:
            raise IllegalActionError(f"{action!r} is not a Typhoon Mini action")
        self._check_sudden_death(state, events)
        return events

    def _draw(self, state: MiniState, action: Draw, events: list[Any]) -> None:
        """3.3: a chit drawn face down; nobody sees it."""
        state.chits[action.unit] = action.value
        if action.value in state.cup:
            state.cup.remove(action.value)
        elif UNKNOWN in state.cup:
            state.cup.remove(UNKNOWN)
        events.append(Event(f"{action.unit} draws chit {action.value}", seen_by=NOBODY, redacted=f"{action.unit} draws a strength chit (face down, 3.3)"))

    def _plan(self, state: MiniState, action: Plan, events: list[Any]) -> None:
        """9.1: Blue's secret plan, then the first turn (4.2)."""
        state.plan = action.objective
        town = self._plan_town(action.objective)
        events.append(Event(f"Blue's plan: take {town} (9.1)", seen_by=only("blue"), redacted="Blue has chosen a secret plan (9.1)"))
        self._start_phase(state, 1, state.data.sequence[0].id, events)

    @staticmethod
    def _plan_town(objective: str) -> str:
        return objective.capitalize()

    def _move(self, state: MiniState, action: Move, events: list[Any]) -> None:
        r = movement.unit_reach(state, action.unit)
        events.append(f"{action.unit} moves {' -> '.join(r.path_to(action.to))} ({r.cost[action.to]} MP)")
        self.move_unit(state, action.unit, action.to, events)

    def move_unit(self, state: MiniState, unit: str, to: str, events: list[Any]) -> None:
        """The effects of a move (6.1, 6.8): the unit in ``to``, moved, the town taken."""
        state.stacks.move(unit, to)
        state.moved.add(unit)
        self._take_control(state, unit, events)

    def _take_control(self, state: MiniState, unit: str, events: list[Any]) -> None:
        """9.2: a town changes hands when a unit of the other side ends a move, retreat or advance in it."""
        h = state.hex_of(unit)
        side = state.side_of(unit)
        town = state.data.towns.get(h)
        if town is not None and state.control.get(h) != side:
            state.control[h] = side
            events.append(f"{state.data.side_names[side]} takes {town['name']} ({h}, 9.2)")

    def _start_phase(self, state: MiniState, turn: int, phase: str, events: list[Any]) -> None:
        state.turn, state.phase = turn, phase
        state.moved.clear()
        state.attacked.clear()
        state.targets.clear()
        events.append(f"Turn {turn}: {state.data.phases[phase].name}")

    def _end_phase(self, state: MiniState, events: list[Any]) -> None:
        """4.2/4.3: the next phase, the next turn, or the end of the game."""
        seq = [p.id for p in state.data.sequence]
        i = seq.index(state.phase)
        if i + 1 < len(seq):
            self._start_phase(state, state.turn, seq[i + 1], events)
        elif state.turn < state.turns:
            self._start_phase(state, state.turn + 1, seq[0], events)
        else:
            self._finish(state, events, None)

    # -- battles (7.0) ------------------------------------------------------------------------
    def _declare(self, state: MiniState, action: Attack, events: list[Any]) -> None:
        """7.2: the battle starts on the core procedure runner at 'declare'."""
        side = state.data.phases[state.phase].side
        runner = state.data.runner
        defenders = list(state.at(action.target))
        state.battle = runner.start(
            "battle",
            target=action.target,
            attacker=side,
            defender=other(side),
            attackers=list(action.units),
            defenders=defenders,
            roll=None,
            drm=0,
            modifiers=[],
            column=None,
            result=None,
            losses=[],
            retreat_due=False,
            advanced=[],
        )
        state.attacked.update(action.units)
        state.targets.add(action.target)
        events.append(f"{state.data.side_names[side]} attacks {action.target} ({', '.join(defenders)}) with {', '.join(action.units)} (7.2)")
        runner.advance(state.battle)  # declared: on to 'reveal'
        self._run_battle(state, events)

    def _reveal(self, state: MiniState, events: list[Any]) -> None:
        """7.3/3.4: every face-down chit in the battle is turned face up for good."""
        b = state.battle.data
        for u in (*b["attackers"], *b["defenders"]):
            if state.is_hidden(u):
                state.revealed.add(u)
                value = state.chits.get(u)
                events.append(Event(f"{u} revealed: strength {value} (3.4)", reveal=True))

    def _roll(self, state: MiniState, action: Roll, events: list[Any]) -> None:
        """7.4-7.7: odds, modifiers, the 2d6 table, the losses and retreat due."""
        b = state.battle.data
        att = sum(self._strength(state, u) for u in b["attackers"])
        dfn = sum(self._strength(state, u) for u in b["defenders"])
        mods = combat.modifiers(state, b["target"], b["attackers"], b["defenders"])
        drm = total_modifier(mods)
        crt = state.data.crt
        col = combat.column(state, att, dfn)
        result = crt.result(col, action.total, drm)
        b.update(roll=action.total, drm=drm, column=crt.columns[col], result=result, modifiers=[[m.value, m.reason, m.rule] for m in mods])
        losses, retreat = combat.result_losses(result, b["attacker"], b["defender"])
        b["losses"], b["retreat_due"] = losses, retreat
        drm_text = f", DRM {drm:+d} ({'; '.join(str(m) for m in mods)})" if mods else ""
        events.append(
            f"Battle at {b['target']}: {att} vs {dfn} on {crt.columns[col]}{drm_text}; roll {action.total}"
            + (f" -> {crt.row_of(action.total, drm)}" if drm else "")
            + f": {result} ({state.data.results[result]})"
        )
        state.data.runner.advance(state.battle)
        self._run_battle(state, events)

    @staticmethod
    def _strength(state: MiniState, unit: str) -> int:
        """A unit's strength; in an observed state a face-down chit counts as its public mean."""
        s = state.strength(unit)
        return s if s is not None else round(combat.expected_strength(state, unit))

    def survivors(self, state: MiniState, role: str) -> list[str]:
        b = state.battle.data
        return [u for u in b[role] if u in state.stacks]

    def loss_candidates(self, state: MiniState) -> list[str]:
        """7.7: the losing side's units in the battle (attackers or defenders)."""
        b = state.battle.data
        if not b["losses"]:
            return []
        side = b["losses"][0][0]
        role = "attackers" if side == b["attacker"] else "defenders"
        return self.survivors(state, role)

    def _lose_step(self, state: MiniState, unit: str, events: list[Any]) -> None:
        """3.1/7.7: one step from ``unit``; the last step eliminates it."""
        b = state.battle.data
        left = state.steps.lose(unit)
        if left == 0:
            state.stacks.remove(unit)
            events.append(f"{unit} loses its last step and is eliminated (3.1)")
        else:
            events.append(f"{unit} loses a step (now reduced, 3.1)")
        b["losses"][0][1] -= 1
        if b["losses"][0][1] <= 0:
            b["losses"].pop(0)

    def _retreat(self, state: MiniState, to: str, events: list[Any]) -> None:
        """7.8: every surviving defender moves to the chosen hex."""
        b = state.battle.data
        movers = self.survivors(state, "defenders")
        for u in movers:
            state.stacks.move(u, to)
        events.append(f"{', '.join(movers)} retreat{'s' if len(movers) == 1 else ''} to {to} (7.8)")
        for u in movers:
            self._take_control(state, u, events)  # 7.10
        b["retreat_due"] = False
        state.data.runner.advance(state.battle)
        self._run_battle(state, events)

    def _advance(self, state: MiniState, action: Advance, events: list[Any]) -> None:
        """7.9: one attacker into the emptied battle hex, or stop."""
        b = state.battle.data
        if action.unit is None:
            events.append("No (further) advance (7.9)")
            state.data.runner.finish(state.battle)
            self._close_battle(state, events)
            return
        state.stacks.move(action.unit, b["target"])
        b["advanced"].append(action.unit)
        events.append(f"{action.unit} advances into {b['target']} (7.9)")
        self._take_control(state, action.unit, events)  # 7.10
        self._run_battle(state, events)

    def _run_battle(self, state: MiniState, events: list[Any]) -> None:
        """Run the battle procedure's automatic steps and skip steps with nothing to decide,
        until a player or the dice must act or the battle is over."""
        runner = state.data.runner
        while state.battle is not None:
            ps = state.battle
            b = ps.data
            step = runner.step(ps).name
            if step == "reveal":
                self._reveal(state, events)
            elif step == "roll":
                return  # a chance event (7.6)
            elif step == "losses":
                while b["losses"] and not self.loss_candidates(state):
                    b["losses"].pop(0)  # nobody left to lose it
                candidates = self.loss_candidates(state)
                if len(candidates) > 1:
                    return  # 7.7 the losing side chooses
                if candidates:
                    self._lose_step(state, candidates[0], events)
                    continue
            elif step == "retreat":
                movers = self.survivors(state, "defenders")
                if b["retreat_due"] and movers:
                    if combat.retreat_hexes(state, b["target"], b["defender"], movers):
                        return  # 7.8 the defender chooses
                    events.append(f"{', '.join(movers)} cannot retreat from {b['target']}: one step lost instead (7.8)")
                    b["retreat_due"] = False
                    b["losses"].append([b["defender"], 1])
                    runner.goto(ps, "losses")
                    continue
            elif step == "advance":
                if combat.advancers(state, b):
                    return  # 7.9 the attacker chooses
            if runner.advance(ps) is None:
                self._close_battle(state, events)

    def _close_battle(self, state: MiniState, events: list[Any]) -> None:
        b = state.battle.data
        state.last_battle = {k: b[k] for k in ("target", "attacker", "defender", "attackers", "defenders", "roll", "drm", "column", "result")}
        state.battle = None

    # -- the end (9.0) ---------------------------------------------------------------------------
    def _check_sudden_death(self, state: MiniState, events: list[Any]) -> None:
        """9.4: a side with no unit on the map loses at once."""
        if state.outcome is not None or state.phase == "setup":
            return
        for side in self.players:
            if not state.on_map(side):
                self._finish(state, events, other(side), f"{state.data.side_names[side]} has no units left (9.4)")
                return

    def blue_vp(self, state: MiniState, plan: str | None = None) -> int:
        """9.3: towns Blue controls, the plan's town counting double."""
        plan = state.plan if plan is None else plan
        vp = 0
        for h, town in state.data.towns.items():
            if state.control.get(h) == "blue":
                vp += town["value"] * (2 if plan == town["name"].lower() else 1)
        return vp

    def _finish(self, state: MiniState, events: list[Any], winner: str | None, reason: str | None = None) -> None:
        vp = self.blue_vp(state)
        if winner is None:
            winner = "blue" if vp >= VICTORY_VP else "red"
            reason = f"Blue scores {vp} VP ({'at least' if winner == 'blue' else 'fewer than'} {VICTORY_VP}, 9.3)"
        state.outcome = Outcome(winner, reason or "", {"blue": vp, "red": sum(1 for s in state.control.values() if s == "red")})
        state.phase = "over"
        state.battle = None
        if state.plan is not None and not state.plan_revealed:
            state.plan_revealed = True
            events.append(Event(f"Blue's secret plan was: take {self._plan_town(state.plan)} (9.1)", reveal=True))
        events.append(f"Game over: {state.data.side_names[winner]} wins. {reason}")

    def is_commitment(self, action: Any) -> bool:
        """7.3: a declared battle cannot be taken back."""
        return isinstance(action, Attack)

    # -- text ----------------------------------------------------------------------------------
    def parse_action(self, state: MiniState, text: str) -> Action:
        data = mini_data()
        return parse(text, data.unit_order, data.grid.check, data.unit_index.__getitem__)

    # -- hidden information ---------------------------------------------------------------------
    def observe(self, state: MiniState, seat: str | None) -> MiniState:
        """The state as ``seat`` may know it: face-down chits (3.3: nobody sees them) and the
        cup become UNKNOWN; Blue's plan is UNKNOWN to all but Blue until the end (9.1)."""
        obs = state.copy()
        for u, v in obs.chits.items():
            if v is not None and u not in obs.revealed:
                obs.chits[u] = UNKNOWN
        obs.cup = [UNKNOWN] * len(obs.cup)
        if obs.plan is not None and seat != "blue" and not obs.plan_revealed:
            obs.plan = UNKNOWN
        return obs

    def sample_hidden(self, state: MiniState, seat: str | None, rng: random.Random) -> MiniState:
        """A full state consistent with what ``seat`` knows: face-down chits and the cup dealt
        from the pool minus the revealed chits; Blue's plan drawn for the others."""
        full = self.observe(state, seat)
        unknown = combat.unknown_chits(full)
        rng.shuffle(unknown)
        for u, v in full.chits.items():
            if v == UNKNOWN:
                full.chits[u] = unknown.pop()
        full.cup = [unknown.pop() for _ in full.cup]
        if full.plan == UNKNOWN:
            full.plan = rng.choice(PLANS)
        return full

    def action_visibility(self, state: MiniState, action: Any) -> tuple[frozenset | None, str | None]:
        """Chit draws are seen by nobody (3.3); Blue's plan only by Blue (9.1)."""
        if isinstance(action, Draw):
            return NOBODY, f"chit drawn for {action.unit}"
        if isinstance(action, Plan):
            return only("blue"), "Blue chooses a secret plan"
        return None, None

    # -- positions -------------------------------------------------------------------------------
    def position_to_json(self, state: MiniState) -> dict[str, Any]:
        return position.to_json(state)

    def position_from_json(self, doc: dict[str, Any]) -> MiniState:
        return position.from_json(doc)


__all__ = ["ROLLS", "MiniRules"]
