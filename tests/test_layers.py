"""The layers of docs/architecture.md section 1, as the CI checks them.

import-linter (``.importlinter``) enforces: the core imports no game and no front end; front
ends reach games only through the registry; game packages import only the core and not each
other. These tests also keep the contracts complete as games are added.
"""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import sys
from pathlib import Path

from typhoon.games import registry

ROOT = Path(__file__).resolve().parents[1]


def _linter() -> list[str]:
    exe = Path(sys.executable).with_name("lint-imports")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("lint-imports")
    assert found, "import-linter is not installed (pip install -e '.[dev]')"
    return [found]


def test_import_linter_contracts_hold():
    run = subprocess.run(_linter(), cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_every_registered_game_is_in_the_layer_contracts():
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / ".importlinter")
    for name in registry.names():
        module = f"typhoon.games.{name}"
        for section in ("importlinter:contract:front-ends", "importlinter:contract:games"):
            key = "forbidden_modules" if section.endswith("front-ends") else "source_modules"
            assert module in cfg[section][key].split(), f"{module} missing from [{section}] {key}"
        assert module in cfg["importlinter:contract:independent-games"]["modules"].split()
    for section in cfg.sections():  # each module named once (a game added twice hides a missing one)
        for key, value in cfg[section].items():
            names = value.split()
            if key.endswith("modules"):
                assert len(names) == len(set(names)), f"[{section}] {key} names a module twice"


def test_no_front_end_names_a_game_module():
    # the issue's own check: grep -r "games.bfm\\|games import bfm" typhoon --include=*.py
    pattern = re.compile(r"games\.(bfm|mini|sandbox|mc|ot|dom)\b|games import (bfm|mini|sandbox|mc|ot|dom)\b")
    offenders = []
    for path in (ROOT / "typhoon").rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(("typhoon/games/bfm/", "typhoon/games/mini/", "typhoon/games/sandbox/", "typhoon/games/mc/", "typhoon/games/ot/", "typhoon/games/dom/")) or rel == "typhoon/games/registry.py":
            continue
        for i, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{rel}:{i}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
