"""Tournaments and balance studies: documented JSON keys, consistent counts, identical results
for any backend (one process, two processes, Ray)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from typhoon.ai.balance import balance
from typhoon.ai.match import PhaseClock, play_game
from typhoon.ai.parallel import Job, code_version, run_jobs, strip_timing
from typhoon.ai.tournament import BLOCKS, bradley_terry, format_tournament, thinking, tournament, wilson
from typhoon.cli import main
from typhoon.core.errors import ParseError
from typhoon.core.game import Game
from typhoon.games import registry

TOURNAMENT_KEYS = {"players", "games_per_pair", "seed", "options", "total_games", "pairs", "players_summary",
                   "ratings", "thinking", "results", "seconds"}
RECORD_KEYS = {"games", "wins", "draws", "losses", "win_rate", "win_ci95", "score", "score_ci95", "avg_cities"}
BALANCE_KEYS = {"german", "soviet", "games", "seed", "options", "cells", "total_games", "seconds"}
CELL_KEYS = {"edition", "variant", "options", "games", "german_wins", "draws", "soviet_wins", "german_win_rate",
             "draw_rate", "soviet_win_rate", "german_win_ci95", "draw_ci95", "soviet_win_ci95",
             "avg_german_cities", "avg_soviet_cities", "avg_actions"}


def test_wilson_known_values():
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_bradley_terry_orders_players_and_is_symmetric():
    games = [("a", "b", 1.0)] * 8 + [("b", "a", 1.0)] * 2 + [("b", "c", 1.0)] * 8 + [("c", "b", 1.0)] * 2
    r = bradley_terry(["a", "b", "c"], games)
    assert r["a"] > r["b"] > r["c"]
    assert abs(r["a"] + r["b"] + r["c"]) < 0.5  # mean 0
    even = bradley_terry(["x", "y"], [("x", "y", 0.5)] * 4)
    assert even == {"x": 0.0, "y": 0.0}


def test_tournament_counts_and_keys():
    doc = tournament(["random", "heuristic"], games_per_pair=3, seed=5, options={"edition": "2009"}, workers=1)
    assert TOURNAMENT_KEYS <= set(doc)
    assert doc["total_games"] == 6 and len(doc["results"]) == 6
    assert len(doc["pairs"]) == 2
    for p in doc["pairs"]:
        for side in ("german", "soviet"):
            rec = p[side]
            assert RECORD_KEYS <= set(rec)
            assert rec["wins"] + rec["draws"] + rec["losses"] == rec["games"] == 3
        assert p["german"]["wins"] == p["soviet"]["losses"]
    assert [r["seed"] for r in doc["results"]] == [5, 6, 7, 5, 6, 7]
    s = doc["players_summary"]
    assert s["heuristic"]["rating"] > s["random"]["rating"]
    assert s["heuristic"]["as_german"]["wins"] == 3 and s["heuristic"]["as_soviet"]["wins"] == 3


def test_a_phase_clock_counts_a_sides_decisions_of_one_phase_together():
    clock = PhaseClock()
    clock.add("german", (1, "combat"), 1.0)
    clock.add("soviet", (1, "combat"), 0.5)  # the other side's decision in the same phase (a retreat)
    clock.add("german", (1, "combat"), 2.0)
    clock.add("german", (1, "movement"), 4.0)
    clock.add("german", (2, "combat"), 8.0)
    assert clock.by_side == {"german": [3.0, 4.0, 8.0], "soviet": [0.5]}


def _phases_decided(seed: int, side: str, german: str, soviet: str) -> int:
    """How many phases (``rules.phase_key``) ``side`` decided something in, found by replaying
    the game's log: what ``think`` must hold one figure for."""
    played, _ = play_game(german, soviet, {"edition": "2009"}, seed)
    pkg = registry.get("bfm")
    g = Game(pkg.rules, pkg.normalise_options({"edition": "2009"}), seed)
    keys = []
    for e in played.log:
        if not e.chance and e.player == side:
            key = pkg.rules.phase_key(g.state)
            if not keys or keys[-1] != key:
                keys.append(key)
        g.push(e.action, validate=False)
    assert len(set(keys)) == len(keys)  # a phase never comes back
    return len(keys)


def test_the_tournament_reports_each_players_thinking_a_phase():
    """Issue 13: the tournament reports how long each player takes (CPU seconds a phase) beside
    its score: one figure per phase the player decided in; the random player's direct path is
    not timed."""
    games: list[dict] = []
    doc = tournament(["random", "heuristic"], games_per_pair=2, seed=11, options={"edition": "2009"}, workers=1,
                     timed=games)
    assert len(games) == 4 and all("think" not in r for r in doc["results"])  # the results: the games alone
    timed = 0
    for r in games:
        h_side = "german" if r["german"] == "heuristic" else "soviet"
        r_side = "soviet" if h_side == "german" else "german"
        times = r["think"][h_side]
        assert len(times) == _phases_decided(r["seed"], h_side, r["german"], r["soviet"])
        assert all(t >= 0 for t in times)
        assert r_side not in r["think"]
        timed += len(times)
    assert set(doc["thinking"]) == {"heuristic"}
    mine = doc["thinking"]["heuristic"]
    assert mine["phases"] == timed
    assert sum(t["phases"] for t in mine["by_side"].values()) == timed and set(mine["by_side"]) == {"german", "soviet"}
    text = format_tournament(doc)
    assert "thinking, CPU seconds a phase" in text and f"heuristic {'both':>8} {timed:>7}" in text
    assert f"{'German':>8} {mine['by_side']['german']['phases']:>7}" in text


def test_thinking_summarises_both_sides_of_a_player():
    results = [
        {"german": "a", "soviet": "b", "think": {"german": [1, 2, 3], "soviet": [10]}},
        {"german": "b", "soviet": "a", "think": {"german": [20], "soviet": [4, 5, 6, 7, 8, 9, 10]}},
        {"german": "a", "soviet": "b"},  # a game kept before results had ``think``
    ]
    got = thinking(["a", "b", "c"], results, ("german", "soviet"))
    # a: 1..10, median 5.5, 90th percentile by nearest rank the 9th of 10; b: 10 and 20
    a_sides = {"german": {"phases": 3, "median": 2, "p90": 3, "max": 3},
               "soviet": {"phases": 7, "median": 7, "p90": 10, "max": 10}}
    b_sides = {"german": {"phases": 1, "median": 20, "p90": 20, "max": 20},
               "soviet": {"phases": 1, "median": 10, "p90": 10, "max": 10}}
    assert got == {"a": {"phases": 10, "median": 5.5, "p90": 9, "max": 10, "by_side": a_sides},
                   "b": {"phases": 2, "median": 15, "p90": 20, "max": 20, "by_side": b_sides}}


def test_tournament_rejects_bad_players():
    with pytest.raises(ParseError, match="unknown player"):
        tournament(["random", "nobody"], 1)
    with pytest.raises(ParseError, match="at least two"):
        tournament(["random"], 1)


def test_balance_counts_and_keys():
    doc = balance(2, ["standard", "soviet_replacements=3"], seed=3, workers=1, vary={"edition": ["2009", "1986"]})
    assert BALANCE_KEYS <= set(doc)
    assert len(doc["cells"]) == 4 and doc["total_games"] == 8
    for c in doc["cells"]:
        assert CELL_KEYS <= set(c)
        assert c["german_wins"] + c["draws"] + c["soviet_wins"] == c["games"] == 2
        assert c["options"]["edition"] == c["edition"]
    assert doc["cells"][1]["options"]["soviet_replacements"] == 3
    with pytest.raises(ParseError, match="unknown variant"):
        balance(1, ["nonsense"])


def _jobs():
    return [Job("heuristic", "random", {"edition": "2009"}, 1), Job("random", "heuristic", {"edition": "1986"}, 2),
            Job("heuristic", "heuristic", {"edition": "2009"}, 3), Job("random", "random", {"edition": "2009"}, 4)]


def test_same_results_one_or_two_processes():
    one = strip_timing(run_jobs(_jobs(), workers=1))
    two = strip_timing(run_jobs(_jobs(), workers=2))
    assert one == two
    assert [r["seed"] for r in one] == [1, 2, 3, 4]


@pytest.mark.ray
def test_ray_backend_gives_the_same_results():
    ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'ray[default]==2.60.0')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = strip_timing(run_jobs(_jobs(), ray_address="auto"))
    finally:
        ray.shutdown()
    assert remote == strip_timing(run_jobs(_jobs(), workers=1))


def test_cli_tournament_and_balance_json():
    runner = CliRunner()
    r = runner.invoke(main, ["tournament", "--players", "random,heuristic", "-n", "2", "--jobs", "1", "--json", "--no-progress"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert doc["total_games"] == 4 and TOURNAMENT_KEYS <= set(doc)
    r = runner.invoke(main, ["balance", "-n", "2", "--edition", "both", "--variants", "standard,german_replacement_turns=even",
                             "--jobs", "1", "--json", "--no-progress"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output)
    assert [(c["edition"], c["variant"]) for c in doc["cells"]] == [
        ("2009", "standard"), ("2009", "german_replacement_turns=even"), ("1986", "standard"),
        ("1986", "german_replacement_turns=even")]
    r = runner.invoke(main, ["balance", "-n", "1", "--variants", "bogus", "--no-progress"])
    assert r.exit_code != 0 and "unknown variant 'bogus'" in r.output
    r = runner.invoke(main, ["balance", "-n", "1", "-O", "soviet_replacements=9", "--no-progress"])
    assert r.exit_code != 0 and "soviet_replacements" in r.output


def test_cli_plots(tmp_path):
    runner = CliRunner()
    png, page = tmp_path / "t.png", tmp_path / "b.html"
    r = runner.invoke(main, ["tournament", "--players", "random,heuristic", "-n", "1", "--jobs", "1", "--plot", str(png), "--no-progress"])
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:4] == b"\x89PNG"
    r = runner.invoke(main, ["balance", "-n", "1", "--jobs", "1", "--plot", str(page), "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "data:image/png;base64," in page.read_text()


def test_cli_tournament_over_seed_blocks_in_both_editions(tmp_path):
    """Issue 13 item 4: ``typhoon tournament`` plays every pair on both sides over fixed seed
    blocks in both editions and reports the side-swapped score per block and edition and overall."""
    runner = CliRunner()
    png = tmp_path / "study.png"
    r = runner.invoke(main, ["tournament", "--players", "random,heuristic", "-n", "2", "--blocks", "2",
                             "--edition", "both", "--jobs", "1", "--json", "--no-progress", "--plot", str(png)])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["blocks"] == [100_000, 200_000] == list(BLOCKS[:2]) and doc["values"] == ["2009", "1986"]
    assert [(c["value"], c["seed"]) for c in doc["cells"]] == [
        ("2009", 100_000), ("2009", 200_000), ("1986", 100_000), ("1986", 200_000)]
    # overall: 2 seeds x 2 blocks x 2 editions, each seed played with the sides swapped
    (row,) = doc["overall"]
    assert (row["a"], row["b"], row["seeds"], row["games"]) == ("random", "heuristic", 8, 16)
    # a cell is the very tournament of its block's seeds and its edition
    plain = tournament(["random", "heuristic"], 2, 200_000, {"edition": "1986"}, workers=1)
    assert doc["cells"][3]["swapped"] == plain["swapped"]
    assert png.read_bytes()[:4] == b"\x89PNG"
    # the help names the blocks the study plays
    assert f"seeds {BLOCKS[0]}.., {BLOCKS[1]}.." in " ".join(runner.invoke(main, ["tournament", "--help"]).output.split())
    # both editions without --blocks: one block from --seed
    r = runner.invoke(main, ["tournament", "--players", "random,heuristic", "-n", "1", "--seed", "7", "--edition", "all",
                             "--jobs", "1", "--json", "--no-progress"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["blocks"] == [7]


@pytest.mark.parametrize("args, message", [
    (["--blocks", "6"], "blocks must be 1..5, got 6"),
    (["--blocks", "0"], "blocks must be 1..5, got 0"),
    (["--blocks", "2", "--seed", "5"], "give --seed or --blocks, not both"),
    (["--edition", "both", "-O", "edition=2009"], "leave -O edition=... out"),
    (["--game", "mini", "--edition", "both"], "Typhoon Mini has no editions"),
])
def test_cli_tournament_refuses_bad_blocks_and_editions(args, message):
    r = CliRunner().invoke(main, ["tournament", "--players", "random,baseline-greedy", "-n", "1", "--no-progress", *args])
    assert r.exit_code != 0 and message in " ".join(r.output.split()), r.output


def test_ray_missing_gives_a_clear_error(monkeypatch):
    import sys

    from typhoon.core.errors import TyphoonError

    monkeypatch.setitem(sys.modules, "ray", None)  # makes 'import ray' fail as if not installed
    with pytest.raises(TyphoonError, match="pip install"):
        run_jobs(_jobs()[:1], ray_address="auto")


def _tournament_json(args: list[str]) -> tuple[dict, str]:
    r = CliRunner().invoke(main, ["tournament", "--players", "random,baseline-greedy", "-n", "2", "--seed", "5", "-j", "1",
                                  "--no-progress", "--json", *args])
    assert r.exit_code == 0, r.output
    out = r.stdout
    return json.loads(out), r.stderr


def test_cli_tournament_keeps_its_games_and_resumes_a_stopped_run(tmp_path):
    games = tmp_path / "games.jsonl"
    full, _ = _tournament_json(["--out", str(games)])
    lines = games.read_text().splitlines()
    assert len(lines) == 4  # 2 ordered pairs x 2 games, one line each as it ended
    assert sorted(json.loads(x)["job"]["seed"] for x in lines) == [5, 5, 6, 6]
    # a run stopped after two games, the third line cut short while it was written
    games.write_text(lines[0] + "\n" + lines[1] + "\n" + lines[2][:40])
    resumed, err = _tournament_json(["--out", str(games)])
    assert "2 of 4 games read from" in err
    assert resumed["results"] == full["results"] and resumed["swapped"] == full["swapped"]
    assert len(games.read_text().splitlines()) == 4 and games.read_text().endswith("\n")
    # the games the file holds are taken from it, not played again: a winner changed in the
    # file is the winner reported
    doc = json.loads(games.read_text().splitlines()[0])
    doc["result"]["winner"] = "soviet" if doc["result"]["winner"] != "soviet" else "german"
    games.write_text(json.dumps(doc) + "\n")
    changed, err = _tournament_json(["--out", str(games)])
    assert "1 of 4 games read from" in err
    first = next(r for r in changed["results"] if r["seed"] == doc["job"]["seed"] and r["german"] == doc["job"]["players"][0])
    assert first["winner"] == doc["result"]["winner"]


def test_cli_tournament_plays_again_the_games_of_other_code(tmp_path):
    games = tmp_path / "games.jsonl"
    full, _ = _tournament_json(["--out", str(games)])
    lines = [json.loads(x) for x in games.read_text().splitlines()]
    assert len({d["code"] for d in lines}) == 1
    # two games played by another version of the code (a player changed since), and one
    # written before the file recorded the code: none is taken for this code's game
    lines[0]["code"] = "0123456789abcdef"
    lines[1]["result"]["winner"] = "nobody"
    lines[1]["code"] = "fedcba9876543210"
    del lines[2]["code"]
    games.write_text("".join(json.dumps(d) + "\n" for d in lines))
    again, err = _tournament_json(["--out", str(games)])
    assert "3 game(s) in" in err and "another version of the code" in err, err
    assert "1 of 4 games read from" in err
    assert again["results"] == full["results"]  # played again: the changed winner is not reported
    kept = [json.loads(x) for x in games.read_text().splitlines()]
    assert len(kept) == 7 and kept[:4] == lines  # the old lines are kept, the three games appended
    assert {d["code"] for d in kept[4:]} == {kept[3]["code"]}


def test_the_code_version_follows_the_code_that_plays(tmp_path):
    for part in ("core", "games/g/data", "ai", "server"):
        (tmp_path / part).mkdir(parents=True)
    (tmp_path / "core" / "rules.py").write_text("A = 1\n")
    (tmp_path / "games/g/data" / "crt.json").write_text("[1]")
    (tmp_path / "server" / "app.py").write_text("B = 1\n")
    first = code_version.__wrapped__(tmp_path)
    (tmp_path / "server" / "app.py").write_text("B = 2\n")  # not how a game is played
    assert code_version.__wrapped__(tmp_path) == first
    (tmp_path / "games/g/data" / "crt.json").write_text("[2]")  # a table of the game
    second = code_version.__wrapped__(tmp_path)
    assert second != first
    (tmp_path / "ai" / "player.py").write_text("C = 1\n")  # a new player
    assert code_version.__wrapped__(tmp_path) not in (first, second)


def test_cli_tournament_refuses_a_games_file_it_cannot_use(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("my notes\nno newline at the end")
    r = CliRunner().invoke(main, ["tournament", "--players", "random,baseline-greedy", "-n", "1", "--no-progress",
                                  "--out", str(bad)])
    assert r.exit_code == 1 and "notes.txt, line 1: not a game of a typhoon run" in r.output, r.output
    assert "Traceback" not in r.output and bad.read_text() == "my notes\nno newline at the end"  # left as it was
    r = CliRunner().invoke(main, ["tournament", "--players", "random,baseline-greedy", "-n", "1", "--no-progress",
                                  "--out", str(tmp_path)])
    assert r.exit_code == 1 and "cannot" in r.output and "games file" in r.output, r.output


def test_balance_keeps_its_games_in_a_games_file(tmp_path):
    games = tmp_path / "b.jsonl"
    a = balance(3, ["standard"], ["random", "random"], {"edition": "2009"}, seed=9, workers=1, journal=str(games))
    assert len(games.read_text().splitlines()) == 3
    b = balance(3, ["standard"], ["random", "random"], {"edition": "2009"}, seed=9, workers=1, journal=str(games))
    assert a["cells"] == b["cells"]
