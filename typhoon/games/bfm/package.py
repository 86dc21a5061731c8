"""Battle for Moscow's game package: what the front ends may know (typhoon.core.contract)."""

from __future__ import annotations

from typing import Any

from ...core.contract import BasePackage
from . import position
from .options import BfmOptions
from .rules import BattleForMoscow


class BfmPackage(BasePackage):
    name = "bfm"
    title = "Battle for Moscow"
    sides = ("german", "soviet")
    side_names = {"german": "German", "soviet": "Soviet"}
    rules = BattleForMoscow()

    def normalise_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        return BfmOptions.from_dict(options).to_dict()

    def position_to_json(self, state: Any) -> dict[str, Any]:
        return position.to_json(state)

    def position_from_json(self, doc: dict[str, Any]) -> Any:
        return position.from_json(doc)


PACKAGE = BfmPackage()
