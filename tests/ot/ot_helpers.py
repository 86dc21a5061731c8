"""Shared helpers of the Operation Typhoon tests (a module, not a conftest: tests/ has no __init__)."""

from __future__ import annotations

from functools import lru_cache

from typhoon.core.kit import load_kit
from typhoon.games.ot.validate import KIT_DIR


@lru_cache(maxsize=1)
def kit():
    """The game's kit package, loaded (and schema-validated) once."""
    return load_kit(KIT_DIR)
