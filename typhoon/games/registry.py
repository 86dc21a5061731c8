"""The games Typhoon knows, by name: the one place front ends get a game package from.

Each entry names the module that builds the package (imported lazily, so a front end that
plays one game never imports the others). Front ends import this module and nothing else of
``typhoon.games`` (import-linter contracts, ``.importlinter``). Packages loaded at run time
(a data kit given with ``--kit``) are added with :func:`register`.
"""

from __future__ import annotations

import importlib

from ..core.contract import GamePackage
from ..core.errors import ParseError

# name -> "module:attribute" of the package object
_KNOWN: dict[str, str] = {
    "bfm": "typhoon.games.bfm.package:PACKAGE",
    "mini": "typhoon.games.mini.package:PACKAGE",
}
_CACHE: dict[str, GamePackage] = {}


def names() -> list[str]:
    """The names of the games this installation can play."""
    return sorted(set(_KNOWN) | set(_CACHE))


def get(name: str) -> GamePackage:
    """The game package called ``name``; ``ParseError`` lists the known games otherwise."""
    if not isinstance(name, str) or name not in _KNOWN and name not in _CACHE:
        raise ParseError(f"unknown game {name!r}; known games: {names()}")
    if name not in _CACHE:
        module, attr = _KNOWN[name].split(":")
        _CACHE[name] = getattr(importlib.import_module(module), attr)
    return _CACHE[name]


def register(package: GamePackage) -> None:
    """Add a game package built at run time (e.g. from a data kit)."""
    _CACHE[package.name] = package


def titles() -> dict[str, str]:
    return {n: get(n).title for n in names()}
