"""bench/bench_engine.py --against: the comparison runs the source it names, not this tree.

A subprocess started with ``python -c`` in this repository imports this tree's ``typhoon`` first,
whatever PYTHONPATH says; the comparison then reported a ratio of about 1.0 between the code of
the issue's day and today's. The benchmark now runs each tree in its own folder and checks what
was imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_against_a_commit_runs_that_commits_source(tmp_path, bench):
    bench_engine = bench("bench_engine")
    old = bench_engine.source_of("HEAD", tmp_path)
    assert (old / "typhoon" / "__init__.py").exists()
    # the driver, run for the archived tree, imports the archived tree
    out = subprocess.run([sys.executable, "-c", bench_engine.DRIVER, "2009", "1", "3", "0"],
                         env={"PYTHONPATH": str(old), "PATH": "/usr/bin:/bin"}, cwd=old,
                         capture_output=True, text=True, check=True)
    assert Path(out.stdout.split()[-2]).resolve().is_relative_to(old.resolve())
    assert bench_engine.tree_games_per_second(old, "1986", 1, 3) > 0


def test_against_prints_both_trees_and_their_ratio():
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--against", "HEAD",
                          "--rounds", "1", "--games", "1", "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    figures = json.loads(out.stdout)
    for edition in ("2009", "1986"):
        e = figures[edition]
        assert len(e["before_runs"]) == len(e["now_runs"]) == 1
        assert e["ratio"] == e["now"] / e["before"]


def test_against_an_unknown_commit_says_so():
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--against", "no-such-rev"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode != 0
    assert "--against no-such-rev: git archive failed" in out.stderr


def test_processes_plays_each_run_in_its_own_process_and_reports_their_median():
    # --processes N: N fresh processes an edition (each its own hash seed and memory layout);
    # the figure is the median of their games per CPU second
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--processes", "3", "--games", "1", "--json"],
                         capture_output=True, text=True, check=True, cwd=ROOT)
    figures = json.loads(out.stdout)
    assert figures["processes"] == 3
    for edition in ("2009", "1986"):
        runs = figures[f"games_per_second_{edition}_runs"]
        assert len(runs) == 3 and all(r > 0 for r in runs)
        assert round(figures[f"games_per_second_{edition}"], 1) == sorted(runs)[1]


def test_a_count_below_one_is_refused_by_name():
    for args in (["--processes", "-1"], ["--runs", "0"], ["--games", "0"]):
        out = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), *args],
                             capture_output=True, text=True, cwd=ROOT)
        assert out.returncode != 0, args
        assert "--games and --runs must be at least 1, --processes at least 0" in out.stderr, args
