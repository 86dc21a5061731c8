"""The Battle for Moscow rules object (``typhoon.core.game.Rules``): who acts, the legal
actions and what an action does, dispatched to the modules that own each part of the rules:

=================  ====================================================================
``sequence``       set-up (6.0) and the sequence of play (4.0), the end of the game (5.0)
``movement``       movement phases (7.0, 8.0, 8.1, 12.1)
``battles``        combat phases: declaration, commitment, resolution (9.0-9.3)
``combat``         attack checks, odds, step losses, retreat paths (9.0-9.3, 12.2)
``replacements``   replacement phases, city control, reinforcements (10.0-11.0)
``victory``        how to win (5.0)
=================  ====================================================================
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.dice import uniform
from ...core.game import Outcome
from . import battles, combat, movement, replacements, sequence
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
from .kinds import PhaseKind, Step
from .options import BfmOptions
from .state import Battle, BfmState

ROLLS = tuple(uniform([Roll(v) for v in range(1, 7)]))
_ROLL_ACTIONS = [r for r, _ in ROLLS]
_ROLL, _STAND_FAST = Step.ROLL, Step.STAND_FAST
_MOVEMENT = PhaseKind.MOVEMENT

#: the legal actions of each kind of phase (the housekeeping phase is never stopped in)
_LEGAL = {
    PhaseKind.SETUP: sequence.legal_setup,
    PhaseKind.MOVEMENT: movement.legal,
    PhaseKind.COMBAT: battles.legal,
    PhaseKind.REPLACEMENT: replacements.legal,
    PhaseKind.HOUSEKEEPING: lambda state: [],
}

#: what each action does
_APPLY = {
    Setup: sequence.apply_setup,
    Move: movement.apply_move,
    Attack: battles.apply_attack,
    Commit: battles.apply_commit,
    Resolve: battles.apply_resolve,
    Roll: battles.apply_roll,
    StandFast: battles.apply_standfast,
    Retreat: battles.apply_retreat,
    Loss: battles.apply_loss,
    Advance: battles.apply_advance,
    Place: replacements.apply_place,
    Restore: replacements.apply_restore,
    Reinforce: replacements.apply_reinforce,
    EndPhase: sequence.apply_end,
}

#: the kinds of phase whose legal actions are counted and indexed without building them:
#: their ``legal_count`` and ``legal_nth``
_COUNT = {PhaseKind.MOVEMENT: movement.legal_count, PhaseKind.REPLACEMENT: replacements.legal_count}
_NTH = {PhaseKind.MOVEMENT: movement.legal_nth, PhaseKind.REPLACEMENT: replacements.legal_nth}

#: the verbs each kind of phase allows (for error messages)
_EXPECTED = {
    PhaseKind.MOVEMENT: "move or end",
    PhaseKind.COMBAT: "attack, commit, resolve, retreat, loss, advance, standfast or end",
    PhaseKind.REPLACEMENT: "place, restore, reinforce or end",
    PhaseKind.SETUP: "setup",
    PhaseKind.HOUSEKEEPING: "nothing",
}


class BattleForMoscow:
    """Rules of Battle for Moscow, both editions, as a ``typhoon.core.Rules`` implementation."""

    name = "bfm"
    title = "Battle for Moscow"
    players = ("german", "soviet")
    # every unit and the whole sequence of play are open to both players; said here so the game
    # layer (``Game._apply``, ``Game.observed``) finds it without an AttributeError per action
    perfect_information = True

    # -- set-up (6.0) ----------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any] | BfmOptions | None = None) -> BfmState:
        return sequence.initial_state(options)

    def copy_state(self, state: BfmState) -> BfmState:
        return state.copy()

    # -- who acts --------------------------------------------------------------------------
    def phase_key(self, state: BfmState) -> tuple[int, str]:
        return (state.turn, state.phase)

    @staticmethod
    def turn(state: BfmState) -> int:
        """The game turn (4.0), as the package's view gives it (``typhoon.ai.match`` reads it)."""
        return state.turn

    def current_player(self, state: BfmState) -> str | None:
        if state.finished:
            return None
        if state.current:
            battle = state.battles.get(state.current)
            if battle is not None:
                if battle.step == _ROLL:
                    return None
                if battle.step == _STAND_FAST:
                    return state.side_of(battle.defender)  # 000 9.3: the Defender may convert a DR
        return state.data.phases[state.phase].side  # the phase's side (``state.phase_spec``)

    def is_chance(self, state: BfmState) -> bool:
        if not state.current:
            return False
        battle = state.battles.get(state.current)
        return battle is not None and battle.step == _ROLL

    def chance_outcomes(self, state: BfmState) -> tuple[tuple[Roll, Fraction], ...]:
        return ROLLS if self.is_chance(state) else ()

    def outcome(self, state: BfmState) -> Outcome | None:
        return state.outcome

    @staticmethod
    def current_battle(state: BfmState) -> Battle | None:
        return battles.current_battle(state)

    @staticmethod
    def reinforcements_due(state: BfmState) -> list[str]:
        """11.0: the Soviet reinforcements to place now (``replacements.reinforcements_due``)."""
        return replacements.reinforcements_due(state)

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self, state: BfmState) -> list[Action]:
        if state.finished:
            return []
        if self.is_chance(state):
            return list(_ROLL_ACTIONS)
        return _LEGAL[state.phase_spec.kind](state)

    def legal_count(self, state: BfmState) -> int | None:
        """How many legal actions there are, counted without building them in movement and
        replacement phases (None elsewhere, and in a battle being resolved: ``LegalActions``
        builds the list once, as cheap as its length)."""
        if state.finished or state.current:
            return None
        count = _COUNT.get(state.data.phases[state.phase].kind)
        return None if count is None else count(state)

    def legal_nth(self, state: BfmState, i: int) -> Action:
        """The i-th legal action, in the order of ``legal_actions`` (cheap in movement and
        replacement phases)."""
        if not (state.finished or state.current) and i >= 0:
            nth = _NTH.get(state.data.phases[state.phase].kind)
            if nth is not None:
                return nth(state, i)
        return self.legal_actions(state)[i]

    def is_legal(self, state: BfmState, action: Any) -> bool:
        if state.finished:
            return False
        if type(action) is Move:  # fast path: the most common action
            return movement.is_legal_move(state, action)
        return action in self.legal_actions(state)

    # -- applying actions ------------------------------------------------------------------
    def apply(self, state: BfmState, action: Action) -> list[str]:
        events: list[str] = []
        _APPLY[type(action)](state, action, events)
        if state.committed:  # only battles committed to (9.0) have anything to settle
            battles.settle(state, events)
        return events

    @staticmethod
    def is_commitment(action: Any) -> bool:
        """9.0 Battle Commitment: once the battles are announced the attacker can't change his mind."""
        return battles.is_commitment(action)

    # -- positions -------------------------------------------------------------------------
    @staticmethod
    def position_to_json(state: BfmState) -> dict[str, Any]:
        """The documented JSON position format (docs/formats.md; ``position.to_json``)."""
        from .position import to_json

        return to_json(state)

    @staticmethod
    def position_from_json(doc: dict[str, Any]) -> BfmState:
        """A state from a position document; ``PositionError`` names what is wrong."""
        from .position import from_json

        return from_json(doc)

    # -- text ------------------------------------------------------------------------------
    def parse_action(self, state: BfmState | None, text: str) -> Action:
        data = bfm_data(state.options.edition if state is not None else "2009")
        return parse_action(text, frozenset(data.units), data.grid.check)

    def explain_illegal(self, state: BfmState, action: Any) -> str | None:
        """A plain reason why an action is refused (for error messages)."""
        if state.finished:
            return "the game is over"
        spec = state.phase_spec
        data = state.data
        unit = getattr(action, "unit", None)
        if isinstance(action, EndPhase) and spec.kind == PhaseKind.MOVEMENT and state.overstacked():
            return f"two units share {state.overstacked()[0]}: one must move off (8.2.2)"
        if isinstance(action, EndPhase) and spec.kind == PhaseKind.COMBAT and state.battles and not state.committed:
            n = len(state.battles)
            return (f"{n} declared battle(s) must be fought: 'commit' them (9.0 Battle Commitment), "
                    "or 'undo' the declarations to end the phase without battles")
        legal = self.legal_actions(state)
        if type(action) not in {type(a) for a in legal}:
            names = sorted({str(a).split()[0] for a in legal})
            return f"it is the {spec.label} (turn {state.turn}); allowed now: {', '.join(names) or _EXPECTED[spec.kind]}"
        player = self.current_player(state)
        if unit and unit in data.units and data.units[unit].side != player:
            return f"{unit} is a {data.units[unit].side} unit and it is the {player} player's turn"
        if isinstance(action, Move):
            return movement.why_not_move(state, action)
        if isinstance(action, Attack):
            return combat.declaration_error(state, action.unit, action.target)
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
