"""Typhoon Mini's game package: what the front ends may know (``typhoon.core.contract``).

Sides "blue" and "red"; hidden red strengths (chits seen by nobody until a battle), Blue's
secret plan, stacks of three, ZOC movement costs, a 2d6 table with named die-roll modifiers,
supply traces and a battle procedure as data. Rules: ``RULES.md`` in this directory.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.contract import BasePackage, OptionSpec, PlayerFactory
from ...core.errors import IllegalActionError
from . import combat, view
from .actions import Attack
from .encoding import MiniEncoding
from .players import GreedyPlayer, RandomPlayer, evaluate
from .rules import DEFAULT_TURNS, MiniRules
from .state import MiniState


class MiniPackage(BasePackage):
    name = "mini"
    title = "Typhoon Mini"
    sides = ("blue", "red")
    side_names = {"blue": "Blue", "red": "Red"}
    rules = MiniRules()

    def option_specs(self) -> list[OptionSpec]:
        return [
            OptionSpec("turns", "Game turns", DEFAULT_TURNS, kind="int", minimum=4, maximum=8,
                       help="How many game turns the game lasts.", rule="4.3"),
            OptionSpec("fixed_strengths", "Fixed red strengths (play by mail)", False, kind="bool",
                       help="Red strengths are printed and known to both sides; no hidden chits are drawn.", rule="3.5"),
        ]

    # -- display -------------------------------------------------------------------------------
    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return view.map_meta()

    def view(self, state: MiniState, seat: str | None) -> dict[str, Any]:
        return view.view(state, seat, self.rules, self._odds)

    def describe(self, state: MiniState, action: Any) -> dict[str, Any]:
        return view.describe(state, action)

    def preview(self, state: MiniState, action: Any) -> dict[str, Any] | None:
        """The odds of a declared attack (only ``attack`` actions have any)."""
        if not isinstance(action, Attack):
            return None
        return self._odds(state, action.target, action.units)

    def battle_preview(self, state: MiniState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
        """The odds of ``attackers`` against ``target`` now; ``IllegalActionError`` says why
        they may not attack it (7.2). Face-down chits count by the public pool, never their value."""
        side = self.rules.current_player(state)
        phase = state.data.phases.get(state.phase)
        if side is None or phase is None or phase.kind != "combat" or state.battle is not None:
            raise IllegalActionError("battles are declared only in one's own combat phase, between battles (7.1)")
        units = tuple(sorted(attackers, key=lambda u: state.data.unit_index.get(u, 99)))
        why = combat.why_not_attack(state, side, target, units)
        if why:
            raise IllegalActionError(f"attack {target} {' '.join(units)}: {why}")
        return self._odds(state, target, units)

    @staticmethod
    def _odds(state: MiniState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
        return combat.odds_summary(state, target, list(attackers))

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return view.rules_doc()

    # -- computer players, research ---------------------------------------------------------------
    def players(self) -> dict[str, PlayerFactory]:
        return {"greedy": GreedyPlayer, "random": RandomPlayer}

    def encoding(self, options: dict[str, Any] | None = None) -> MiniEncoding:
        return MiniEncoding(self.rules)

    def evaluate(self, state: MiniState, side: str) -> float:
        return evaluate(state, side, self.rules)


PACKAGE = MiniPackage()
