"""bench/bench_decisions.py (README, "Benchmarks") runs on any game and reports every decision it made."""

from __future__ import annotations

import runpy
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_decisions.py"


def test_bench_decisions_reports_each_side_and_the_first_sides_phases(capsys):
    main = runpy.run_path(str(BENCH))["main"]
    main(["--game", "mini", "--player", "random", "--opponent", "random", "--decisions", "30", "--seed", "3"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("mini, seed 3, ")
    made = int(out[0].split(", ")[2].split()[0])
    counted = [int(line.split(": ")[1].split()[0]) for line in out[1:3]]
    assert 0 < made <= 30 and sum(counted) == made  # every decision timed, on one side or the other
    assert out[3].strip().startswith(out[1].split()[0] + "'s phases: ")
