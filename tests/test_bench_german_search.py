"""bench/bench_bfm_german_search.py --extra-style: a style added to the search's population is
parsed exactly, and a bad one is refused with a message naming what was wrong (never a
traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "bench" / "bench_bfm_german_search.py"


@pytest.fixture(scope="module")
def harness(bench):
    return bench("bench_bfm_german_search")


def test_an_extra_style_is_its_name_and_knobs(harness):
    assert harness.parse_style("passive:soviet_min_col=9,ring=4.5") == (
        "passive", (("soviet_min_col", 9.0), ("ring", 4.5)))


@pytest.mark.parametrize("text, says", [
    ("passive", "expected NAME:KNOB=VALUE"),
    ("passive:soviet_min_col=nine", "'soviet_min_col=nine' is not KNOB=NUMBER"),
])
def test_a_malformed_extra_style_is_refused(harness, text, says):
    with pytest.raises(SystemExit, match=says):
        harness.parse_style(text)


def test_an_unknown_knob_is_named_and_no_game_is_played():
    out = subprocess.run([sys.executable, str(HARNESS), "--level", "search-easy", "--soviets", "heuristic",
                          "--seeds", "800000", "--editions", "2009", "--jobs", "1",
                          "--extra-style", "passive:soviet_min_colum=9"],
                         capture_output=True, text=True, check=False, cwd=ROOT)
    assert out.returncode != 0
    assert "unknown knob(s) ['soviet_min_colum']" in out.stderr
    assert "Traceback" not in out.stderr
