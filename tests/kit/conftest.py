"""Fixtures of the kit tests: the sample packages on disk and a way to plant one error."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

PACKAGES = Path(__file__).parent / "packages"
GOOD = PACKAGES / "good"
BAD = PACKAGES / "bad"


@pytest.fixture
def planted(tmp_path: Path) -> Callable[[str, Callable[[Any], Any]], Path]:
    """A copy of the good package with one file changed in place by ``edit(doc)`` (returns the folder)."""

    def plant(rel: str, edit: Callable[[Any], Any]) -> Path:
        root = tmp_path / "kit"
        if not root.exists():
            shutil.copytree(GOOD, root)
        path = root / rel
        doc = json.loads(path.read_text())
        edit(doc)  # edits in place (a return value, e.g. of dict.pop, is ignored)
        path.write_text(json.dumps(doc))
        return root

    return plant
