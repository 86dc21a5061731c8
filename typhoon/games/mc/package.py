"""The Moscow Campaign's game package: what the front ends may know (``typhoon.core.contract``).

Sides "german" and "soviet"; three scenarios (September, November, December offensives); the
rules text 002 with every ambiguity decided (docs/games/mc/decisions.md); the map, counters,
charts and scenarios a RECONSTRUCTION from real geography (``kit/``, scripts/mc_make_kit.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.contract import BasePackage, OptionSpec, PlayerFactory
from ...core.errors import IllegalActionError
from . import combat, view
from .actions import Act
from .data import MCData, data_from_kit, lookup, register
from .players import GreedyPlayer, RandomPlayer, evaluate
from .rules import SCENARIOS, MCRules
from .sequence import BY_ID
from .state import MCState


class MCPackage(BasePackage):
    """The game on one data set: the shipped reconstruction (``data_key`` None) or an owner's
    kit (:func:`package_from_kit`)."""

    sides = ("german", "soviet")
    side_names = {"german": "German", "soviet": "Soviet"}
    # the search beats greedy on both sides (docs/ai.md, "Search in the other games")
    default_player = "search-normal"

    # a playout phase costs about five of Battle for Moscow's: shorter playouts and a cap per
    # phase keep each level's decision time (docs/ai.md, "Search in the other games")
    def search_budgets(self, options: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        return {
            "search-normal": {"candidates": 4, "rollouts": 3, "horizon": 2, "phase_rollouts": 16, "phase_cap": 24},
            "search-hard": {"candidates": 8, "rollouts": 6, "horizon": 4, "phase_rollouts": 48, "phase_cap": 96},
            "search-expert": {"candidates": 12, "rollouts": 8, "horizon": 4, "phase_rollouts": 96, "phase_cap": 192},
        }

    def __init__(self, data_key: int | None = None, name: str = "mc") -> None:
        self.name = name
        self.data_key = data_key
        self.rules = MCRules(data_key)
        self.title = self.data.title if data_key is not None else "The Moscow Campaign"

    @property
    def data(self) -> MCData:
        return lookup(self.data_key)

    def option_specs(self) -> list[OptionSpec]:
        scenarios = tuple(s for s in SCENARIOS if s in self.data.scenarios) + tuple(s for s in self.data.scenarios if s not in SCENARIOS)
        return [
            OptionSpec("scenario", "Scenario", scenarios[0], choices=scenarios,
                       help="The September, November or December offensive (L2). Set-ups are a reconstruction.", rule="L2"),
            OptionSpec("extended", "Extend beyond the month", False, kind="bool",
                       help="Play on to Game-Turn 31 instead of ending with the month (L2: 'may last just that month, or extend beyond it').", rule="L2"),
        ]

    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return view.map_meta(self.data)

    def view(self, state: MCState, seat: str | None) -> dict[str, Any]:
        return view.view(state, seat, self.rules)

    def describe(self, state: MCState, action: Any) -> dict[str, Any]:
        return view.describe(state, action)

    def preview(self, state: MCState, action: Any) -> dict[str, Any] | None:
        if not isinstance(action, Act) or action.verb not in ("attack", "overrun"):
            return None
        tg, units, reduce_to, nodr = action.attack_parts()
        side = self.rules.current_player(state) or state.side_of(units[0])
        return combat.odds_summary(state, side, tg, units, reduce_to, nodr, overrun=action.verb == "overrun")

    def battle_preview(self, state: MCState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
        side = self.rules.current_player(state)
        phase = BY_ID.get(state.phase)
        if side is None or phase is None or state.battle is not None:
            raise IllegalActionError("no battle may be declared now")
        tg = tuple(sorted(target.split("+")))
        units = tuple(sorted(attackers, key=self.data.unit_index.get))
        if phase.kind == "movement":
            from . import overrun

            why = overrun.why_not(state, side, tg[0], units, phase.mechanized)
            if why:
                raise IllegalActionError(f"overrun {target}: {why}")
            return combat.odds_summary(state, side, tg, units, overrun=True)
        why = combat.why_not_attack(state, side, tg, units)
        if why:
            raise IllegalActionError(f"attack {target}: {why}")
        return combat.odds_summary(state, side, tg, units)

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return view.rules_doc(self.data)

    def players(self) -> dict[str, PlayerFactory]:
        return {"greedy": GreedyPlayer, "random": RandomPlayer}

    def encoding(self, options: dict[str, Any] | None = None):
        """The research encoding (``encoding.py``): one action space and observation shape for
        every scenario (the whole map and roster)."""
        from .encoding import encoding_for

        return encoding_for(self.rules)

    def evaluate(self, state: MCState, side: str) -> float:
        return evaluate(state, side)


PACKAGE = MCPackage()


def package_from_kit(kit: Any, name: str = "mc") -> MCPackage:
    """The same rules on an owner's loaded kit (``typhoon.core.kit.load_kit``), called ``name``
    (``typhoon.games.registry.package_for_kit``). An unfinished kit raises ``KitError`` naming
    every value still to be entered."""
    return MCPackage(register(data_from_kit(kit)), name)
