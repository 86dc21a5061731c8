"""The games Typhoon knows, by name. A game package registers its rules and position codec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..core.errors import ParseError


@dataclass(frozen=True)
class GamePackage:
    name: str
    title: str
    rules: Any
    position_to_json: Callable[[Any], dict]
    position_from_json: Callable[[dict], Any]
    normalise_options: Callable[[dict | None], dict]


def _bfm() -> GamePackage:
    from .bfm import RULES, BfmOptions
    from .bfm import position

    return GamePackage(
        "bfm",
        "Battle for Moscow",
        RULES,
        position.to_json,
        position.from_json,
        lambda o: BfmOptions.from_dict(o).to_dict(),
    )


_FACTORIES = {"bfm": _bfm}
_CACHE: dict[str, GamePackage] = {}


def get(name: str) -> GamePackage:
    if name not in _FACTORIES:
        raise ParseError(f"unknown game {name!r}; known games: {sorted(_FACTORIES)}")
    if name not in _CACHE:
        _CACHE[name] = _FACTORIES[name]()
    return _CACHE[name]
