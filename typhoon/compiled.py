"""Compiled builds of the engine's hottest modules, used only when built from the very same source.

``scripts/build_compiled.py`` (run by ``scripts/setup.sh``) compiles a few pure-Python modules
of the core and of Battle for Moscow with Cython, unchanged (pure Python mode), into
``typhoon/_compiled/``, with a manifest naming each module, its extension file and the SHA-256
of the source it was built from. ``install()`` (called first thing by ``import typhoon``) puts
a finder at the front of ``sys.meta_path`` that loads a module's compiled build only if

- ``TYPHOON_PURE_PYTHON`` is unset, empty or ``0``;
- the manifest was written for this interpreter's extension suffix (same Python, same ABI);
- the module's source still has the hash it was built from (an edited source is never
  shadowed by a stale build).

Otherwise the ordinary ``.py`` module is imported, as without any build: the compiled
modules are an optional speed-up, never needed. ``in_use()`` names the compiled modules
imported so far (``bench/bench_engine.py`` prints it).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from typing import Any

PURE_ENV = "TYPHOON_PURE_PYTHON"  # set to 1 to ignore every compiled build
PACKAGE_DIR = Path(__file__).resolve().parent
BUILD_DIR = PACKAGE_DIR / "_compiled"
MANIFEST = BUILD_DIR / "manifest.json"


def source_hash(path: Path) -> str:
    """SHA-256 of a source file's bytes (what the manifest records per module)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_path(module: str) -> Path:
    """The ``.py`` file of a dotted ``typhoon.`` module name."""
    parts = module.split(".")
    if parts[0] != "typhoon" or len(parts) < 2:
        raise ValueError(f"{module!r} is not a typhoon module")
    return PACKAGE_DIR.joinpath(*parts[1:]).with_suffix(".py")


def pure_requested(environ: Any = None) -> bool:
    """True when ``TYPHOON_PURE_PYTHON`` asks for the pure-Python modules only."""
    value = (os.environ if environ is None else environ).get(PURE_ENV, "")
    return value not in ("", "0")


def read_manifest(path: Path = MANIFEST) -> dict[str, Any] | None:
    """The build's manifest, or None if there is none (or it cannot be read)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("modules"), dict):
        return None
    return doc


class CompiledFinder:
    """A meta-path finder giving the compiled build of a module whose source is unchanged."""

    def __init__(self, directory: Path, manifest: dict[str, Any]) -> None:
        self.directory = directory
        self.modules: dict[str, dict[str, str]] = dict(manifest["modules"])
        self.loaded: list[str] = []

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        entry = self.modules.get(fullname)
        if entry is None or not self._fresh(fullname, entry):
            return None  # the ordinary finders import the .py source
        built = str(self.directory / entry["file"])
        self.loaded.append(fullname)
        return spec_from_file_location(fullname, built, loader=ExtensionFileLoader(fullname, built))

    def _fresh(self, name: str, entry: dict[str, str]) -> bool:
        """The build of ``name`` exists and was made from the source as it is now."""
        try:
            return (self.directory / entry["file"]).is_file() and source_hash(source_path(name)) == entry["sha256"]
        except (OSError, ValueError, KeyError, TypeError):
            return False

    def usable(self) -> list[str]:
        """The modules whose compiled build would be loaded now (present, source unchanged)."""
        return [name for name, entry in self.modules.items() if self._fresh(name, entry)]


_finder: CompiledFinder | None = None


def install() -> bool:
    """Put the compiled-module finder first on ``sys.meta_path`` (once); False if there is no
    usable build or ``TYPHOON_PURE_PYTHON`` is set."""
    global _finder
    if _finder is not None:
        return True
    if pure_requested():
        return False
    manifest = read_manifest()
    if manifest is None or manifest.get("suffix") != EXTENSION_SUFFIXES[0]:
        return False
    _finder = CompiledFinder(BUILD_DIR, manifest)
    sys.meta_path.insert(0, _finder)
    return True


def available() -> list[str]:
    """The modules with a usable compiled build for this interpreter (whether or not
    ``TYPHOON_PURE_PYTHON`` is set): [] when nothing is built."""
    manifest = read_manifest()
    if manifest is None or manifest.get("suffix") != EXTENSION_SUFFIXES[0]:
        return []
    return CompiledFinder(BUILD_DIR, manifest).usable()


def in_use() -> list[str]:
    """The compiled modules imported so far, in import order ([] for pure Python)."""
    return list(_finder.loaded) if _finder is not None else []
