"""Shared helpers of the Operation Typhoon tests (a module, not a conftest: tests/ has no __init__)."""

from __future__ import annotations

from functools import lru_cache

from typhoon.core.kit import load_kit
from typhoon.games.ot.validate import KIT_DIR


@lru_cache(maxsize=1)
def kit():
    """The game's kit package, loaded (and schema-validated) once."""
    return load_kit(KIT_DIR)


def empty_state(scenario: str = "18.1", **options):
    """A state of ``scenario`` with no unit on the map, in the German Tactical Movement
    Segment of Game-Turn 4 (Ground Freeze, no snow, every unit in supply): cases place the
    few units they need on hexes chosen for them."""
    from typhoon.core.stacks import Stacks
    from typhoon.games.ot.rules import OtRules

    rules = OtRules()
    s = rules.initial_state({"scenario": scenario, **options})
    s.stacks = Stacks()
    s.turn, s.phase = 4, "german_tactical"
    s.pending = None
    s.uncommitted = set()
    s.weather, s.ground, s.snow = "clear", "ground_freeze", False
    s.supply = {}
    return rules, s


def clear_run(state, start_hex: str, length: int, step: int = 1):
    """Hexes of the same hexrow east of ``start_hex`` (ids XXYY: YY grows eastwards)."""
    letter, xx, yy = start_hex[0], start_hex[1:3], int(start_hex[3:])
    return [f"{letter}{xx}{yy + i * step:02d}" for i in range(length)]
