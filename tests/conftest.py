"""Fixtures shared by the tests of every folder."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture(scope="session")
def bench():
    """``bench("bench_engine")``: a script of ``bench/`` imported as a module (its functions
    tested without running it)."""
    def load(name: str):
        sys.path.insert(0, str(BENCH))
        try:
            return importlib.import_module(name)
        finally:
            sys.path.remove(str(BENCH))

    return load
