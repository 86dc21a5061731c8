"""The sandbox game package: any valid data kit played without rules enforcement.

``package_from_kit(kit)`` builds a :class:`typhoon.core.contract.GamePackage` from a loaded kit
(``typhoon.core.kit.load_kit``): the kit's map, its counters (sides from counters.json) and its
first scenario's set-up, played as on a VASSAL table (rules.py). Front ends get it through
``typhoon.games.registry.from_kit(kit)``, which registers it under ``kit:<hash>``.
"""

from __future__ import annotations

from typing import Any

from ...core.contract import BasePackage, OptionSpec, PlayerFactory
from ...core.kit import Kit
from . import view
from .rules import RandomPlayer, SandboxData, SandboxRules
from .state import SandboxState


class SandboxPackage(BasePackage):
    """A kit's game without rules: ``name`` is given by the registry (``kit:<hash>``)."""

    def __init__(self, kit: Kit, name: str) -> None:
        self.kit = kit
        self.data = SandboxData(kit)
        self.name = name
        self.title = f"{kit.title} (sandbox)" if kit.title else "Sandbox"
        self.sides = self.data.sides
        self.side_names = dict(self.data.side_names)
        self.rules = SandboxRules(name, self.data)
        self._map_meta: dict[str, Any] | None = None

    def option_specs(self) -> list[OptionSpec]:
        return []  # the sandbox plays the kit's first scenario; nothing to choose

    # -- display -------------------------------------------------------------------------------
    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        if self._map_meta is None:
            self._map_meta = view.map_meta(self.kit, self.name)
        return self._map_meta

    def view(self, state: SandboxState, seat: str | None) -> dict[str, Any]:
        return view.view(self.data, self.rules, state, seat)

    def describe(self, state: SandboxState, action: Any) -> dict[str, Any]:
        return view.describe(self.data, state, action)

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        charts = []
        for t in self.kit.tables.values():
            if t.get("kind") in ("combat_results", "lookup") and isinstance(t.get("rows"), dict):
                charts.append({"id": t["id"], "title": t.get("label") or t["id"], "rule": t.get("cite"), "columns": list(t.get("columns", [])),
                               "rows": [{"roll": k, "results": list(v) if isinstance(v, list) else [v]} for k, v in t["rows"].items()]})
        victory = [v.get("text", "") for v in self.kit.scenarios.get(self.data.scenario_id, {}).get("victory", [])] if self.data.scenario_id else []
        return {"charts": charts, "results": {}, "victory": victory,
                "references": [{"title": self.kit.title, "kit": self.kit.game}]}

    # -- computer players ----------------------------------------------------------------------
    def players(self) -> dict[str, PlayerFactory]:
        return {"random": RandomPlayer}


def package_from_kit(kit: Kit, name: str = "sandbox") -> SandboxPackage:
    """The sandbox package of a loaded (valid) kit, called ``name``."""
    return SandboxPackage(kit, name)
