"""Operation Typhoon's game package: what the front ends may know (``typhoon.core.contract``).

Sides "german" and "russian"; scenarios 18.1-18.5 as an option; strengths by 23.0 option 1
(the default), the limited-intelligence chits of 8.0 or 23.0 option 2; optional rules 19.1-19.3.
Rule coverage: docs/games/ot/rule_coverage.md; decisions: docs/games/ot/decisions.md."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.contract import BasePackage, OptionSpec, PlayerFactory
from ...core.errors import IllegalActionError
from ...core.kit import Kit
from . import combat, view
from .actions import Attack
from .data import SCENARIOS
from .kitcheck import build_data
from .players import GreedyPlayer, RandomPlayer, evaluate
from .rules import PHASE_INFO, OtRules
from .state import STRENGTHS, OtState


class OtPackage(BasePackage):
    """The rules on the shipped reconstruction (``data`` None) or on an owner's kit's data."""

    sides = ("german", "russian")
    side_names = {"german": "German", "russian": "Russian"}
    # by the side the computer plays: the search's Russian holds greedy's German about three
    # victory levels lower (18.19) at under 2 s a phase; its German is no stronger than greedy's,
    # which decides in milliseconds (docs/ai.md, session 26)
    default_player = {"german": "greedy", "russian": "search-normal"}

    # a playout phase costs several of Battle for Moscow's, and on a scenario of several map
    # sections (the campaigns, 18.4 and 18.5) several times more: shorter playouts, fewer plans
    # and a cap per phase keep each level's decision time (docs/ai.md, "Search in the other games")
    def search_budgets(self, options: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        key = str(self.normalise_options(options)["scenario"])
        if len(self.rules.data.scenario(key).doc["sections"]) > 1:
            return {
                "search-normal": {"candidates": 2, "rollouts": 2, "horizon": 2, "phase_rollouts": 4, "phase_cap": 8},
                "search-hard": {"candidates": 4, "rollouts": 3, "horizon": 3, "phase_rollouts": 12, "phase_cap": 24},
                "search-expert": {"candidates": 6, "rollouts": 4, "horizon": 4, "phase_rollouts": 24, "phase_cap": 48},
            }
        return {
            "search-normal": {"horizon": 3, "phase_cap": 32},
            "search-hard": {"candidates": 8, "rollouts": 8, "horizon": 4, "phase_rollouts": 64, "phase_cap": 128},
            "search-expert": {"candidates": 12, "rollouts": 8, "horizon": 4, "phase_rollouts": 96, "phase_cap": 192},
        }

    def __init__(self, data: Any = None, name: str = "ot", title: str = "Operation Typhoon") -> None:
        self.name = name
        self.title = title
        self.data = data
        self.rules = OtRules(data)

    def option_specs(self) -> list[OptionSpec]:
        return [
            OptionSpec("scenario", "Scenario", "18.1", choices=tuple(SCENARIOS), rule="18.0",
                       help="18.1 Panzergruppe Guderian (Map C), 18.2 Hoepner and Reinhardt (A), 18.3 von Kluge (B), "
                            "18.4 Campaign, 18.5 Extended Campaign."),
            OptionSpec("strengths", "Combat strengths", "fixed", choices=STRENGTHS, rule="8.0, 23.0",
                       help="fixed: play-by-mail option 1 (23.0); chits: limited intelligence, a chit drawn at a unit's "
                            "first combat (8.0); open_chits: play-by-mail option 2, chits drawn before play, open."),
            OptionSpec("setup", "Set-up", "historical", choices=("historical", "free"), rule="18.12(c)",
                       help="historical: every unit on its listed hex (18.12(1) etc.); free: the German, then the Russian, "
                            "place their units in the areas of 18.12(2), 18.22(2), 18.32(2), 18.42(2)."),
            OptionSpec("hedgehogs", "German hedgehogs", False, kind="bool", rule="19.1"),
            OptionSpec("ski", "Soviet ski troops", False, kind="bool", rule="19.2"),
            OptionSpec("support_points", "German Support Points (0: the scenario's)", 0, kind="int", minimum=0, maximum=20,
                       rule="19.3"),
        ]

    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        opts = self.normalise_options(options)
        return view.map_meta(str(opts["scenario"]), self.data)

    def view(self, state: OtState, seat: str | None) -> dict[str, Any]:
        return view.view(state, seat, self.rules)

    def describe(self, state: OtState, action: Any) -> dict[str, Any]:
        return view.describe(state, action)

    def preview(self, state: OtState, action: Any) -> dict[str, Any] | None:
        if not isinstance(action, Attack):
            return None
        return combat.odds(self.rules.observe(state, self.rules.current_player(state)), action.target, list(action.units),
                           also=action.also)

    def battle_preview(self, state: OtState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
        """The odds of ``attackers`` against ``target`` now, every shift named; raises
        ``IllegalActionError`` saying why they may not attack it (9.15, 9.25, 7.21/7.22)."""
        side = self.rules.current_player(state)
        if side is None or not state.phase.endswith("_combat") or state.battle is not None or state.pending is not None:
            raise IllegalActionError("combats are declared only in one's own Combat Phase, between combats (9.0)")
        if PHASE_INFO[state.phase][1] != side:
            raise IllegalActionError("not the phasing player's Combat Phase")
        g = state.data.grid
        if state.side_at(target) != ("russian" if side == "german" else "german"):
            raise IllegalActionError(f"no enemy unit in {target}")
        if target in state.targets:
            raise IllegalActionError(f"{target} has already been attacked this phase (9.15)")
        for u in attackers:
            if u not in state.stacks or state.side_of(u) != side:
                raise IllegalActionError(f"{u} is not a {side} unit on the map")
            if g.distance(state.hex_of(u), target) != 1:
                raise IllegalActionError(f"{u} is not adjacent to {target} (9.25)")
            if not combat.can_fight(state, u):
                raise IllegalActionError(f"{u} has attacked already or is uncommitted (9.15, 16.22)")
        by_hex: dict[str, list[str]] = {}
        for u in attackers:
            by_hex.setdefault(state.hex_of(u), []).append(u)
        for h, us in by_hex.items():
            if not combat.participation_ok(state, side, combat.stack_used(state, h) + us):
                raise IllegalActionError(f"too many units from {h} (7.21/7.22)")
        return combat.odds(self.rules.observe(state, side), target, list(attackers))

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        opts = self.normalise_options(options)
        return view.rules_doc(str(opts["scenario"]), self.data)

    def players(self) -> dict[str, PlayerFactory]:
        return {"greedy": GreedyPlayer, "random": RandomPlayer}

    def encoding(self, options: dict[str, Any] | None = None):
        """The research encoding of the options' scenario (``encoding.py``: its units and hexes)."""
        from .encoding import encoding_for

        return encoding_for(self.rules, str(self.normalise_options(options)["scenario"]))

    def evaluate(self, state: OtState, side: str) -> float:
        return evaluate(state, side)


PACKAGE = OtPackage()


def package_from_kit(kit: Kit, name: str) -> OtPackage:
    """The Operation Typhoon rules on an owner's loaded kit (``typhoon.core.kit.load_kit``),
    called ``name``: every value the rules read (terrain, hexsides, counters, tables, set-ups)
    comes from the kit. A kit that lacks what the rules need (a skeleton with TODOs, a missing
    table or place) raises :class:`~typhoon.core.kit.KitError` naming every missing piece."""
    data = build_data(kit)
    return OtPackage(data, name=name, title=kit.title or "Operation Typhoon")
