"""The Battle for Moscow rules object: sequence of play (4.0), legality and effects of actions.

The game-specific cases live in ``movement``, ``combat``, ``replacements`` and ``victory``;
this module runs the phase flow (described as data in ``data/editions.json``) and dispatches.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.dice import uniform
from ...core.errors import IllegalActionError, ParseError
from ...core.game import Outcome
from . import combat, movement, replacements, victory
from .actions import (
    Action,
    Advance,
    Attack,
    Commit,
    EndPhase,
    Loss,
    Move,
    Place,
    Reinforce,
    Resolve,
    Restore,
    Retreat,
    Roll,
    Setup,
    StandFast,
    parse_action,
)
from .data import bfm_data
from .options import BfmOptions
from .state import Battle, BfmState, enemy_of

ROLLS = tuple(uniform([Roll(v) for v in range(1, 7)]))
_END = EndPhase()
_MOVES: dict[str, dict[str, Move]] = {}


def _moves_of(unit: str) -> dict[str, Move]:
    """Interned Move values of a unit (legal-move generation makes many of them)."""
    moves = _MOVES.get(unit)
    if moves is None:
        moves = _MOVES[unit] = _MoveTable(unit)
    return moves


_INTERNED: dict[tuple, Action] = {}


def _interned(cls: type, *args: Any) -> Any:
    """One shared instance per distinct action value (they are immutable)."""
    key = (cls, *args)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = cls(*args)
    return a


class _MoveTable(dict):
    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def __missing__(self, hex_id: str) -> Move:
        m = self[hex_id] = Move(self.unit, hex_id)
        return m


class BattleForMoscow:
    """Rules of Battle for Moscow, both editions, as a ``typhoon.core.Rules`` implementation."""

    name = "bfm"
    title = "Battle for Moscow"
    players = ("german", "soviet")

    def __init__(self) -> None:
        self._handlers: dict[type, Any] = {}

    # -- set-up (6.0) ----------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any] | BfmOptions | None = None) -> BfmState:
        opts = options if isinstance(options, BfmOptions) else BfmOptions.from_dict(options)
        data = bfm_data(opts.edition)
        scen = data.scenario()
        hex_of = dict(scen["soviet"])
        reduced = set(scen["soviet"]) | set(scen["soviet_pool"])  # 6.0: Russian units set up reduced
        to_set_up: list[str] = []
        if opts.setup == "standard":
            hex_of.update(scen["german"])
        else:
            to_set_up = [u for u in data.unit_order if data.units[u].side == "german"]
        # 10.0: all cities are Soviet at the start except those occupied by German units
        control = {h: "soviet" for h in data.cities}
        for h in data.setup_hexes["german"]:
            if h in data.cities:
                control[h] = "german"
        reinf = {int(t): list(v.get("soviet", [])) for t, v in scen["reinforcements"].items()}
        state = BfmState(
            options=opts,
            turn=1,
            phase="german_setup" if to_set_up else data.first_phase,
            hex_of=hex_of,
            reduced=reduced,
            pool=set(scen["soviet_pool"]),
            control=control,
            reinforcements=reinf,
            to_set_up=to_set_up,
        )
        self._enter_phase(state, state.phase, [])
        return state

    def copy_state(self, state: BfmState) -> BfmState:
        return state.copy()

    # -- who acts --------------------------------------------------------------------------
    def phase_key(self, state: BfmState) -> tuple[int, str]:
        return (state.turn, state.phase)

    def current_player(self, state: BfmState) -> str | None:
        if state.finished:
            return None
        battle = self.current_battle(state)
        if battle is not None:
            if battle.step == "roll":
                return None
            if battle.step == "stand_fast":
                return state.side_of(battle.defender)  # 000 9.3: the Defender may convert a DR
        return movement.phase_spec(state).side

    def is_chance(self, state: BfmState) -> bool:
        battle = self.current_battle(state)
        return battle is not None and battle.step == "roll"

    def chance_outcomes(self, state: BfmState) -> tuple[tuple[Roll, Fraction], ...]:
        return ROLLS if self.is_chance(state) else ()

    def outcome(self, state: BfmState) -> Outcome | None:
        return state.outcome

    @staticmethod
    def current_battle(state: BfmState) -> Battle | None:
        return state.battles.get(state.current) if state.current else None

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self, state: BfmState) -> list[Action]:
        if state.finished:
            return []
        if self.is_chance(state):
            return [r for r, _ in ROLLS]
        kind = movement.phase_spec(state).kind
        return getattr(self, f"_legal_{kind}")(state)

    def legal_count(self, state: BfmState) -> int:
        """How many legal actions there are (without building them, in movement phases)."""
        if not state.finished and not self.is_chance(state) and movement.phase_spec(state).kind == "movement":
            return sum(m.bit_count() for _, m in movement.movement_masks(state)) + (0 if state.overstacked() else 1)
        return len(self.legal_actions(state))

    def legal_nth(self, state: BfmState, i: int) -> Action:
        """The i-th legal action, in the order of ``legal_actions`` (cheap in movement phases)."""
        if not state.finished and not self.is_chance(state) and movement.phase_spec(state).kind == "movement":
            for u, mask in movement.movement_masks(state):
                n = mask.bit_count()
                if i < n:
                    return _moves_of(u)[state.data.hexes_of_mask(mask)[i]]
                i -= n
            if i == 0 and not state.overstacked():
                return _END
            raise IndexError("legal action index out of range")
        return self.legal_actions(state)[i]

    def is_legal(self, state: BfmState, action: Any) -> bool:
        if state.finished:
            return False
        if isinstance(action, Move):  # fast path: the most common action
            return (
                movement.phase_spec(state).kind == "movement"
                and action.unit in state.hex_of
                and action.to in movement.destinations(state, action.unit)
            )
        return action in self.legal_actions(state)

    def _legal_setup(self, state: BfmState) -> list[Action]:
        free = [h for h in state.data.setup_hexes["german"] if not state.occupants(h)]
        return [Setup(u, h) for u in state.to_set_up for h in free]

    def _legal_movement(self, state: BfmState) -> list[Action]:
        acts: list[Action] = []
        hexes_of = state.data.hexes_of_mask
        for u, mask in movement.movement_masks(state):
            moves = _moves_of(u)
            acts.extend([moves[h] for h in hexes_of(mask)])
        if not state.overstacked():  # 8.2.2: one unit per hex at the end of the phase
            acts.append(_END)
        return acts

    def _legal_combat(self, state: BfmState) -> list[Action]:
        side = movement.phase_spec(state).side
        data = state.data
        if not state.committed:
            acts: list[Action] = []
            declared = {a for b in state.battles.values() for a in b.attackers}
            enemy_hexes = state.hexes_of_side(enemy_of(side))
            for u in data.unit_order:
                if u in state.hex_of and u not in declared and data.units[u].side == side:
                    acts.extend(_interned(Attack, u, t) for t in data.neighbours[state.hex_of[u]] if t in enemy_hexes)
            acts.append(Commit() if state.battles else EndPhase())
            return acts
        battle = self.current_battle(state)
        if battle is None:
            return [Resolve(t) for t, b in state.battles.items() if b.step == "declared"]
        if battle.step == "stand_fast":
            return [StandFast(True), StandFast(False)]
        if battle.step == "retreat":
            return [Retreat(v, t) for v, t in combat.retreat_options(state, battle).paths]
        if battle.step == "loss":
            return [Loss(u) for u in battle.attackers if u in state.hex_of]
        if battle.step == "advance":
            return [Advance(u) for u in battle.attackers if u in state.hex_of] + [Advance(None)]
        return []

    def _legal_replacement(self, state: BfmState) -> list[Action]:
        side = movement.phase_spec(state).side
        acts: list[Action] = []
        due = self.reinforcements_due(state)
        if due:
            open_hexes = replacements.edge_hexes_open(state, side)
            acts.extend(Reinforce(u, h) for u in due for h in open_hexes)
        if state.replacements_left > 0:
            hexes = replacements.placement_hexes(state, side)
            for u in replacements.pool_units(state, side):
                acts.extend([_interned(Place, u, h) for h in hexes])
            data = state.data
            for u in data.unit_order:
                if data.units[u].side == side and replacements.may_restore(state, u):
                    acts.append(Restore(u))
        if not (due and replacements.edge_hexes_open(state, side)):
            acts.append(EndPhase())  # 11.0: an arriving reinforcement must be placed if it can be
        return acts

    def _legal_housekeeping(self, state: BfmState) -> list[Action]:
        return []

    def reinforcements_due(self, state: BfmState) -> list[str]:
        """11.0: Soviet reinforcements due by this turn and not yet placed (placed in the Soviet
        Replacement Phase; if no red-border hex is open they wait for the next one)."""
        if state.phase != "soviet_replacement":
            return []
        return [u for t, us in sorted(state.reinforcements.items()) if t <= state.turn for u in us]

    # -- applying actions ------------------------------------------------------------------
    def apply(self, state: BfmState, action: Action) -> list[str]:
        events: list[str] = []
        handler = self._handlers.get(type(action))
        if handler is None:
            handler = self._handlers[type(action)] = getattr(self, f"_apply_{type(action).__name__.lower()}")
        handler(state, action, events)
        self._settle(state, events)
        return events

    def _apply_setup(self, state: BfmState, a: Setup, events: list[str]) -> None:
        state.put(a.unit, a.hex)
        state.to_set_up.remove(a.unit)
        events.append(f"{a.unit} sets up in {a.hex}")
        if not state.to_set_up:
            self._enter_phase(state, state.data.first_phase, events)

    def _apply_move(self, state: BfmState, a: Move, events: list[str]) -> None:
        start = state.hex_of[a.unit]
        state.put(a.unit, a.to)
        state.moved.add(a.unit)
        events.append(f"{a.unit} moves {start} -> {a.to}")
        events += replacements.enter_hex(state, a.unit, a.to)

    def _apply_attack(self, state: BfmState, a: Attack, events: list[str]) -> None:
        battle = state.battles.get(a.target)
        if battle is None:
            battle = state.battles[a.target] = Battle(a.target, state.unit_at(a.target), [])  # type: ignore[arg-type]
        battle.attackers.append(a.unit)
        events.append(f"{a.unit} will attack {battle.defender} in {a.target}")

    def _apply_commit(self, state: BfmState, a: Commit, events: list[str]) -> None:
        state.committed = True  # 9.0 Battle Commitment: no more changes
        events.append(f"{len(state.battles)} battle(s) declared")

    def _apply_endphase(self, state: BfmState, a: EndPhase, events: list[str]) -> None:
        self._end_phase(state, events)

    def _apply_resolve(self, state: BfmState, a: Resolve, events: list[str]) -> None:
        battle = state.battles[a.target]
        state.current = a.target
        odds = combat.battle_odds(state, a.target, battle.attackers)
        attackers = "+".join(battle.attackers)
        shifts = "".join(f", {s.columns:+d} {s.reason}" for s in odds.shifts)
        mud = f" ({odds.mud})" if odds.mud else ""
        events.append(
            f"Battle at {a.target}: {attackers} ({odds.attack}{mud}) vs {battle.defender} ({odds.defence}) = "
            f"{odds.ratio}:1{' capped at 6:1' if odds.ratio > 6 else ''}{shifts} -> {odds.label}"
        )
        if odds.column is None:
            battle.step, battle.result = "done", "NE"  # 9.1: below 1:1 no effect on either side
        else:
            battle.step = "roll"

    def _apply_roll(self, state: BfmState, a: Roll, events: list[str]) -> None:
        battle = self.current_battle(state)
        assert battle is not None
        odds = combat.battle_odds(state, battle.target, battle.attackers)
        result = state.data.crt.result(odds.column, a.value)  # type: ignore[arg-type]
        battle.result = result
        events.append(f"Die {a.value} at {odds.label}: {result}")
        self._apply_result(state, battle, result, events)

    def _apply_result(self, state: BfmState, battle: Battle, result: str, events: list[str]) -> None:
        """9.3 Combat Results Explanation."""
        d = battle.defender
        if result == "NE":
            battle.step = "done"
        elif result == "DR":
            if state.data.edition_data["stand_fast"] and battle.target in state.data.major_cities:
                battle.step = "stand_fast"  # 000 9.3 Stand Fast: the defender's choice
            else:
                battle.step = "retreat"
        elif result == "DRL":
            self._defender_loses_step(state, battle, events)
            battle.step = "retreat" if d in state.hex_of else "advance"
        elif result == "DE":
            combat.eliminate(state, d)
            events.append(f"{d} is eliminated")
            battle.step = "advance"
        elif result == "EX":
            lost = self._defender_loses_step(state, battle, events)
            # 9.3 EX: the attacker loses at least as many strength points (printed strengths, 12.2)
            battle.loss_due, battle.loss_kind, battle.step = Fraction(lost), "EX", "loss"
        elif result == "AL":
            battle.loss_due, battle.loss_kind, battle.step = Fraction(1), "AL", "loss"
        else:  # pragma: no cover - the CRT holds only the six results
            raise ValueError(f"unknown combat result {result!r}")

    def _defender_loses_step(self, state: BfmState, battle: Battle, events: list[str]) -> int:
        lost = combat.step_loss(state, battle.defender)
        gone = battle.defender not in state.hex_of
        events.append(f"{battle.defender} {'is eliminated' if gone else 'loses a step'} ({lost} strength points)")
        return lost

    def _apply_standfast(self, state: BfmState, a: StandFast, events: list[str]) -> None:
        battle = self.current_battle(state)
        assert battle is not None
        if a.stand:
            events.append(f"{battle.defender} stands fast in {battle.target} (000 9.3)")
            self._defender_loses_step(state, battle, events)
            battle.step = "done" if battle.defender in state.hex_of else "advance"
        else:
            battle.step = "retreat"

    def _apply_retreat(self, state: BfmState, a: Retreat, events: list[str]) -> None:
        battle = self.current_battle(state)
        assert battle is not None
        opts = combat.retreat_options(state, battle)
        self._retreat(state, battle, a.via, a.to, opts.consequence, events)

    def _retreat(self, state: BfmState, battle: Battle, via: str, to: str, consequence: str, events: list[str]) -> None:
        d = battle.defender
        state.put(d, to)
        events.append(f"{d} retreats {battle.target} -> {via} -> {to}")
        if consequence == "eliminated":
            combat.eliminate(state, d)  # 9.3 / 7.2: forced to end the retreat in an EZOC
            events.append(f"{d} is eliminated: it had to end its retreat in an enemy zone of control")
        elif consequence == "step":
            lost = combat.step_loss(state, d)  # 9.3: retreating through an EZOC costs one step
            gone = d not in state.hex_of
            events.append(f"{d} {'is eliminated' if gone else 'loses a step'} retreating through an enemy zone of control ({lost})")
        if d in state.hex_of:
            events += replacements.enter_hex(state, d, to)
        battle.step = "advance"

    def _apply_loss(self, state: BfmState, a: Loss, events: list[str]) -> None:
        battle = self.current_battle(state)
        assert battle is not None
        lost = combat.step_loss(state, a.unit)
        gone = a.unit not in state.hex_of
        events.append(f"{a.unit} {'is eliminated' if gone else 'loses a step'} ({lost} strength points, {battle.loss_kind})")
        if battle.loss_kind == "AL":
            battle.loss_due = Fraction(0)  # 9.3 AL: one attacking unit takes one step loss; no retreat
        else:
            battle.loss_due -= lost
        if battle.loss_due <= 0 or not any(u in state.hex_of for u in battle.attackers):
            battle.loss_due = Fraction(0)
            if battle.loss_kind == "AL":
                battle.step = "done"
            elif battle.defender in state.hex_of:
                battle.step = "retreat"  # 9.3 EX: finally, a surviving defender retreats as for DR
            else:
                battle.step = "advance"

    def _apply_advance(self, state: BfmState, a: Advance, events: list[str]) -> None:
        battle = self.current_battle(state)
        assert battle is not None
        if a.unit is not None:
            # 9.0 step 6: one attacking unit may move into the vacated defender's hex
            start = state.hex_of[a.unit]
            state.put(a.unit, battle.target)
            events.append(f"{a.unit} advances {start} -> {battle.target}")
            events += replacements.enter_hex(state, a.unit, battle.target)
        battle.step = "done"

    def _apply_place(self, state: BfmState, a: Place, events: list[str]) -> None:
        state.pool.discard(a.unit)
        state.reduced.add(a.unit)  # 10.0 item 1: a new half-strength unit
        state.put(a.unit, a.hex)
        state.replaced.add(a.unit)  # 10.1: it cannot be flipped with a second step this turn
        state.replacements_left -= 1
        events.append(f"{a.unit} enters at half strength in {a.hex} (replacement)")
        events += replacements.enter_hex(state, a.unit, a.hex)

    def _apply_restore(self, state: BfmState, a: Restore, events: list[str]) -> None:
        state.reduced.discard(a.unit)
        state.replaced.add(a.unit)
        state.replacements_left -= 1
        events.append(f"{a.unit} is restored to full strength (replacement)")

    def _apply_reinforce(self, state: BfmState, a: Reinforce, events: list[str]) -> None:
        for us in state.reinforcements.values():
            if a.unit in us:
                us.remove(a.unit)
        state.reduced.discard(a.unit)  # 11.0: placed on its full-strength side
        state.put(a.unit, a.hex)
        events.append(f"{a.unit} arrives in {a.hex} (reinforcement, 11.0)")
        events += replacements.enter_hex(state, a.unit, a.hex)

    # -- flow ------------------------------------------------------------------------------
    def _settle(self, state: BfmState, events: list[str]) -> None:
        """Carry out everything that involves no choice: finished battles, forced choices,
        the end of the combat phase once every battle is resolved."""
        while not state.finished and movement.phase_spec(state).kind == "combat" and state.committed:
            battle = self.current_battle(state)
            if battle is None:
                pending = [t for t, b in state.battles.items() if b.step == "declared"]
                if not pending:
                    self._end_phase(state, events)  # 9.0: the phase is over when all battles are resolved
                    continue
                if len(pending) > 1:
                    return
                self._apply_resolve(state, Resolve(pending[0]), events)
                continue
            if battle.step == "done":
                state.current = None
                continue
            if battle.step == "retreat":
                opts = combat.retreat_options(state, battle)
                if not opts.paths:
                    combat.eliminate(state, battle.defender)  # 9.3 Or Else: no legal retreat path
                    events.append(f"{battle.defender} cannot retreat and is eliminated (9.3)")
                    battle.step = "advance"
                    continue
                if len(opts.paths) == 1:
                    self._retreat(state, battle, *opts.paths[0], opts.consequence, events)
                    continue
                return
            if battle.step == "loss":
                alive = [u for u in battle.attackers if u in state.hex_of]
                if len(alive) == 1:
                    self._apply_loss(state, Loss(alive[0]), events)
                    continue
                if not alive:
                    battle.step = "done"
                    continue
                return
            if battle.step == "advance":
                if not any(u in state.hex_of for u in battle.attackers):
                    battle.step = "done"
                    continue
                return
            return

    def _enter_phase(self, state: BfmState, phase: str, events: list[str]) -> None:
        data = state.data
        state.phase = phase
        state.moved = set()
        state._reach = {}
        state._derived = None
        spec = movement.phase_spec(state)
        if spec.kind == "setup":
            events.append("German set-up (000 6.0)")
            return
        events.append(f"Turn {state.turn}, {spec.name}")
        if spec.kind == "replacement":
            state.replaced = set()  # 10.1 counts per Player Turn, which begins with this phase
            state.replacements_left = data.replacements(spec.side, state.turn, state.options)  # type: ignore[arg-type]
            if state.replacements_left:
                events.append(f"{spec.side.capitalize()} receive {state.replacements_left} replacement step(s)")  # type: ignore[union-attr]
        elif spec.kind == "movement" and spec.movers == "rail":
            state.rail_movers = movement.rail_units(state, spec.side)  # type: ignore[arg-type]
        elif spec.kind == "combat":
            state.battles, state.committed, state.current = {}, False, None
        elif spec.kind == "housekeeping":
            self._end_phase(state, events)  # 000 4.0 phase 9: advance the turn marker or stop
            return
        if self._legal_phase_is_empty(state):
            events.append(f"Nothing to do in the {spec.name}")
            self._end_phase(state, events)

    def _legal_phase_is_empty(self, state: BfmState) -> bool:
        """Whether the only legal action of a fresh phase is to end it (skipped automatically)."""
        spec = movement.phase_spec(state)
        if spec.kind == "movement":
            return not any(movement.may_move(state, u) for u in state.hex_of)
        acts = self.legal_actions(state)
        return len(acts) == 1 and isinstance(acts[0], EndPhase)

    def _end_phase(self, state: BfmState, events: list[str]) -> None:
        data = state.data
        spec = movement.phase_spec(state)
        if spec.kind == "replacement" and state.replacements_left > 0:
            events.append(f"{state.replacements_left} unused replacement step(s) lost (10.4)")
            state.replacements_left = 0
        if spec.kind == "combat":
            state.battles, state.committed, state.current = {}, False, None
        i = data.phase_index[state.phase] + 1
        if i < len(data.sequence):
            self._enter_phase(state, data.sequence[i].id, events)
            return
        # end of the turn (4.0 Housekeeping in 2009; the end of phase 8 in 1986)
        if state.turn >= data.last_turn:
            state.finished = True
            state.outcome = victory.final_outcome(state)
            events.append(f"Game over: {state.outcome.reason}")
            return
        state.turn += 1
        events.append(f"Turn {state.turn} ({data.turns[state.turn]['dates']}, {data.turns[state.turn]['weather']})")
        self._enter_phase(state, data.sequence[1].id, events)

    @staticmethod
    def is_commitment(action: Any) -> bool:
        """9.0 Battle Commitment: once the battles are announced the attacker can't change his mind."""
        return isinstance(action, Commit)

    # -- pictures --------------------------------------------------------------------------
    def render_svg(self, state: BfmState, **kw: Any) -> str:
        """The board as SVG, faithful to the printed map (also Jupyter's inline picture)."""
        from ...render.board import board_svg
        from .position import unit_views

        spec = movement.phase_spec(state)
        title = f"Turn {state.turn} ({state.data.turns[state.turn]['weather']}): {spec.name}"
        if state.finished and state.outcome is not None:
            title = f"Game over: {state.outcome.reason}"
        return board_svg(units=unit_views(state), control=state.control, title=title, **kw)

    # -- text ------------------------------------------------------------------------------
    def parse_action(self, state: BfmState | None, text: str) -> Action:
        data = bfm_data(state.options.edition if state is not None else "2009")
        return parse_action(text, frozenset(data.units), data.grid.check)

    def explain_illegal(self, state: BfmState, action: Any) -> str | None:
        """A plain reason why an action is refused (for error messages)."""
        if state.finished:
            return "the game is over"
        spec = movement.phase_spec(state)
        data = state.data
        unit = getattr(action, "unit", None)
        expected = {
            "movement": "move or end",
            "combat": "attack, commit, resolve, retreat, loss, advance, standfast or end",
            "replacement": "place, restore, reinforce or end",
            "setup": "setup",
        }[spec.kind]
        kinds = {type(a) for a in self.legal_actions(state)}
        if type(action) not in kinds:
            names = sorted({str(a).split()[0] for a in self.legal_actions(state)})
            return f"it is the {spec.name} (turn {state.turn}); allowed now: {', '.join(names) or expected}"
        if unit and unit in data.units and data.units[unit].side != self.current_player(state):
            return f"{unit} is a {data.units[unit].side} unit and it is the {self.current_player(state)} player's turn"
        if isinstance(action, Move):
            if action.unit not in state.hex_of:
                return f"{action.unit} is not on the map"
            if action.unit in state.moved:
                return f"{action.unit} has already moved this phase"
            if not movement.may_move(state, action.unit):
                return f"{action.unit} may not move in the {spec.name}"
            if state.overstacked():
                return f"the unit sharing {state.overstacked()[0]} must move off first (8.2.2)"
            if action.to not in movement.reach(state, action.unit):
                return f"{action.unit} cannot reach {action.to} this phase"
            return f"{action.unit} may not end its move in {action.to} (one unit per hex, 8.2.2)"
        if isinstance(action, Attack):
            if state.committed:
                return "battles are already committed (9.0)"
            if any(action.unit in b.attackers for b in state.battles.values()):
                return f"{action.unit} already attacks this phase (9.0: once per Combat Phase)"
            return f"{action.unit} is not adjacent to an enemy unit in {action.target}"
        if isinstance(action, Place):
            if action.unit not in state.pool:
                return f"{action.unit} is not available as a replacement"
            return f"{action.hex} is not a legal replacement hex (10.2/10.3)"
        if isinstance(action, Restore):
            return f"{action.unit} cannot be restored (must be reduced, in communication, once per turn: 10.0-10.2)"
        if isinstance(action, EndPhase):
            if state.overstacked():
                return f"two units share {state.overstacked()[0]}: one must move off (8.2.2)"
            return "the arriving reinforcement must be placed first (11.0)"
        return None
