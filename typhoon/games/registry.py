"""The games Typhoon knows, by name: the one place front ends get a game package from.

Each entry names the module that builds the package (imported lazily, so a front end that
plays one game never imports the others). Front ends import this module and nothing else of
``typhoon.games`` (import-linter contracts, ``.importlinter``). Packages loaded at run time
(a data kit given with ``--kit``) are added with :func:`register`.
"""

from __future__ import annotations

import hashlib
import importlib
import json
from typing import Any

from ..core.contract import GamePackage
from ..core.errors import ParseError

# name -> "module:attribute" of the package object
_KNOWN: dict[str, str] = {
    "bfm": "typhoon.games.bfm.package:PACKAGE",
    "mini": "typhoon.games.mini.package:PACKAGE",
    "mc": "typhoon.games.mc.package:PACKAGE",
    "ot": "typhoon.games.ot.package:PACKAGE",
    "dom": "typhoon.games.dom.package:PACKAGE",
}
_CACHE: dict[str, GamePackage] = {}


def names() -> list[str]:
    """The names of the games this installation can play."""
    return sorted(set(_KNOWN) | set(_CACHE))


def get(name: str) -> GamePackage:
    """The game package called ``name``; ``ParseError`` lists the known games otherwise."""
    if isinstance(name, str) and name in _KITS:
        return _KITS[name]
    if not isinstance(name, str) or name not in _KNOWN and name not in _CACHE:
        raise ParseError(f"unknown game {name!r}; known games: {names()}")
    if name not in _CACHE:
        module, attr = _KNOWN[name].split(":")
        _CACHE[name] = getattr(importlib.import_module(module), attr)
    return _CACHE[name]


def register(package: GamePackage) -> None:
    """Add a game package built at run time (e.g. from a data kit)."""
    _CACHE[package.name] = package


# -- packages built from data kits -------------------------------------------------------------
_KITS: dict[str, GamePackage] = {}  # "kit:<hash>" -> package (kept out of names(): not modules)
KIT_PREFIX = "kit:"


def kit_name(kit: Any) -> str:
    """The registry name of a kit's package: ``kit:`` and 12 hex digits of the SHA-256 of its
    documents (the same kit always gets the same name)."""
    text = json.dumps(kit.docs, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return KIT_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def package_for_kit(kit: Any, name: str | None = None) -> GamePackage:
    """A package for a loaded kit, not registered: the game module named by the kit's ``game``
    when it offers ``package_from_kit(kit, name)``, else the sandbox (any kit, no rules)."""
    name = name or kit_name(kit)
    build = None
    if kit.game in _KNOWN:
        module = importlib.import_module(_KNOWN[kit.game].split(":")[0])
        build = getattr(module, "package_from_kit", None)
    if build is None:
        build = importlib.import_module("typhoon.games.sandbox.package").package_from_kit
    return build(kit, name)


def from_kit(kit: Any) -> GamePackage:
    """Register and return the package of a loaded kit (``typhoon.core.kit.load_kit``), named
    ``kit:<hash>`` (:func:`kit_name`); ``get(name)`` finds it afterwards."""
    name = kit_name(kit)
    if name not in _KITS:
        _KITS[name] = package_for_kit(kit, name)
    return _KITS[name]


def kit_names() -> list[str]:
    """The names of the packages registered from kits in this process."""
    return sorted(_KITS)


def titles() -> dict[str, str]:
    return {n: get(n).title for n in names()}
