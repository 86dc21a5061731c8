"""Drive on Moscow's game package: what the front ends may know (``typhoon.core.contract``).

Sides "german" and "soviet"; untried Soviet units hidden from both players until their first
battle (2.13); the reconstruction kit (R-1..R-6) is the board. Rules: ``rules.py``;
decisions: docs/games/dom/decisions.md; coverage: docs/games/dom/rule_coverage.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.contract import BasePackage, OptionSpec, PlayerFactory
from ...core.errors import IllegalActionError
from . import combat, view
from .actions import Assault, Attack, Fight
from .gamedata import GERMAN, SOVIET
from .players import GreedyPlayer, RandomPlayer, evaluate
from .rules import DomRules
from .state import DomState


class DomPackage(BasePackage):
    name = "dom"
    title = "Drive on Moscow"
    sides = (GERMAN, SOVIET)
    side_names = {GERMAN: "German", SOVIET: "Soviet"}
    rules = DomRules()

    def option_specs(self) -> list[OptionSpec]:
        return [OptionSpec("kit", "Components", "reconstruction", choices=("reconstruction",),
                           help="The reconstruction of the map, CRT, turn record track and counters (R-1..R-6); "
                                "the published components are not available.", rule="R-1..R-6")]

    # -- display ---------------------------------------------------------------------------------
    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return view.map_meta()

    def view(self, state: DomState, seat: str | None) -> dict[str, Any]:
        return view.view(state, seat, self.rules, self._battle_odds)

    def describe(self, state: DomState, action: Any) -> dict[str, Any]:
        return view.describe(state, action)

    def preview(self, state: DomState, action: Any) -> dict[str, Any] | None:
        """Public odds of an assault (``assault``), a prepared assault being declared
        (``attack`` with every eligible unit, ``fight`` with those added)."""
        if isinstance(action, Assault):
            return combat.odds_summary(state, "ma", GERMAN, action.target, action.units, {}, action.launch)
        side = self.rules.current_player(state)
        if isinstance(action, Attack) and side is not None:
            return combat.odds_summary(state, "pa", side, action.target, combat.eligible_attackers(state, side, action.target), {})
        if isinstance(action, Fight) and state.battle is not None:
            return self._battle_odds(state, state.battle.data)
        return None

    @staticmethod
    def _battle_odds(state: DomState, b: dict[str, Any]) -> dict[str, Any]:
        return combat.odds_summary(state, b["kind"], b["attacker"], b["target"], [u for u in b["attackers"] if u in state.stacks],
                                   b["air"], b["launch"], defending=[u for u in b["defenders"] if u in state.stacks])

    def battle_preview(self, state: DomState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
        """Public odds of ``attackers`` making a prepared assault on ``target`` now;
        ``IllegalActionError`` says why they may not (11.2-11.5, 12.1)."""
        side = self.rules.current_player(state)
        if side is None or state.battle is not None or self.rules.phase_kind(state) != "combat":
            raise IllegalActionError("prepared assaults are made in one's own combat phase, between battles (11.0)")
        if state.side_at(target) != ("soviet" if side == GERMAN else GERMAN) or not combat.defenders(state, target):
            raise IllegalActionError(f"{target} holds no enemy unit that may still be attacked this phase (11.3)")
        ok = set(combat.eligible_attackers(state, side, target))
        bad = [u for u in attackers if u not in ok]
        if bad or not attackers:
            raise IllegalActionError(f"{', '.join(bad) or 'nobody'} may not attack {target}: adjacent, not across a reservoir, "
                                     "not yet attacked this phase (11.2-11.5, 11.13, 11.15, 12.1)")
        return combat.odds_summary(state, "pa", side, target, list(attackers), {})

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return view.rules_doc()

    # -- players ----------------------------------------------------------------------------------
    def players(self) -> dict[str, PlayerFactory]:
        return {"greedy": GreedyPlayer, "random": RandomPlayer}

    def encoding(self, options: dict[str, Any] | None = None):
        """The research encoding of the kit (``encoding.py``)."""
        from .encoding import encoding_for

        return encoding_for(self.rules)

    def evaluate(self, state: DomState, side: str) -> float:
        return evaluate(state, side, self.rules)


PACKAGE = DomPackage()
