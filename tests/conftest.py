"""Fixtures shared by the tests of every folder."""

from __future__ import annotations

import importlib
import sys
from collections import Counter
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


def pytest_collection_modifyitems(items):
    """Every test its own node id. Schemathesis (4.32 on pytest 9) gives each API operation's
    test the node id of the test function alone (``test_no_server_errors``) and tells them
    apart by name; pytest-xdist (scripts/test.sh runs the suite on every core) schedules by node
    id, so all but one operation would silently not run. Such a test's id is made from its
    name (pytest 9 keeps a node's id in ``_id``), and a collection with two tests of one id
    is refused rather than run short."""
    for item in items:
        if item.nodeid.rpartition("::")[2] != item.name and item.parent is not None:
            item._id = item.parent.id.child(item.name)
    twice = sorted(nodeid for nodeid, n in Counter(item.nodeid for item in items).items() if n > 1)
    if twice:
        raise pytest.UsageError(f"tests with the same node id would not all run in parallel: {twice[:5]}")
