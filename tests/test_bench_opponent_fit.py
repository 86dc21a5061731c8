"""bench/bench_opponent_fit.py: the heuristic's own Soviet is fitted exactly, and bad arguments
are refused with a message naming what was wrong (never a traceback)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "bench_opponent_fit.py"


def test_the_heuristics_soviet_fits_exactly_and_a_random_one_does_not():
    out = subprocess.run([sys.executable, str(SCRIPT), "--soviets", "heuristic,random", "--seeds", "7000",
                          "--editions", "2009", "--jobs", "1"], capture_output=True, text=True, check=True, cwd=ROOT)
    lines = {ln.split(":")[0].strip(): ln for ln in out.stdout.splitlines()[1:]}
    assert "fit 1.000 (a game: 1.00-1.00)" in lines["heuristic"]
    random_fit = float(lines["random"].split("fit ")[1].split()[0])
    assert random_fit < 0.4


@pytest.mark.parametrize("args, says", [
    (["--soviets", "heuristik"], "--soviets: unknown player(s) ['heuristik']"),
    (["--seeds", "7003-7000"], "--seeds '7003-7000': the last seed is below the first"),
    (["--seeds", "many"], "--seeds 'many': expected FIRST-LAST"),
    (["--editions", "1987"], "--editions: unknown edition(s) ['1987']"),
])
def test_bad_arguments_are_named(args, says):
    out = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False, cwd=ROOT)
    assert out.returncode != 0 and says in out.stderr and "Traceback" not in out.stderr
