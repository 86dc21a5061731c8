"""The compiled builds of the hot modules (scripts/build_compiled.py, ``typhoon.compiled``)
play exactly the games the pure-Python source plays (random games, the search players'
decisions with their playouts and evaluation, Drive on Moscow's and Operation Typhoon's greedy
players), and are never used in place of a source they were not built from.

The comparison plays the same random games twice in subprocesses, once with the compiled
modules and once with ``TYPHOON_PURE_PYTHON=1``, and compares every action and event text; it
is skipped where nothing is built (the pure-Python modules are then all there is)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from typhoon import compiled

GAMES_PER_EDITION = 30

PLAY = r"""
import hashlib, json, sys
from typhoon import compiled
from typhoon.ai.match import play_game
import typhoon.games.bfm.encoding, typhoon.research.vector  # built too; compared in tests/research/test_vector_fast.py
games = {}
for edition in ("2009", "1986"):
    for seed in range(8000, 8000 + int(sys.argv[1])):
        game, res = play_game("random", "random", {"edition": edition}, seed)
        text = "\n".join(f"{e.player} {e.action} | " + " | ".join(e.events_for(None, omniscient=True))
                         for e in game.log)
        games[f"{edition}/{seed}"] = [hashlib.sha256(text.encode()).hexdigest(), game.ply,
                                      res.winner, res.reason, res.turns]
# the search players' code (built too): a search-normal Soviet and a search-hard German, with
# the heuristic's playouts and the evaluation, on the first two turns of a game per edition
from typhoon.ai.base import make_player
from typhoon.games.bfm import new_game
from typhoon.games.bfm.ai.evaluate import evaluate
for edition in ("2009", "1986"):
    seed = 8100
    game = new_game({"edition": edition}, seed)
    players = {"german": make_player("search-hard", "bfm", seed=seed), "soviet": make_player("search-normal", "bfm", seed=seed)}
    values = []
    while not game.is_over() and game.state.turn <= 2:
        if game.is_chance():
            game.roll()
            continue
        side = game.current_player
        game.push(players[side].choose(game.observed(side)))
        values.append(repr(evaluate(game.state, "german")))
    text = "\n".join(f"{e.player} {e.action}" for e in game.log) + "\n" + " ".join(values)
    games[f"search {edition}/{seed}"] = [hashlib.sha256(text.encode()).hexdigest(), game.ply]
# Drive on Moscow's and Operation Typhoon's modules (built too): their greedy players on both
# sides, the first 600 actions of a game
from typhoon.core.game import Game
from typhoon.games import registry
for name, options in (("dom", {}), ("ot", {"scenario": "18.1"})):
    pkg = registry.get(name)
    game = Game(pkg.rules, pkg.normalise_options(options), 7)
    players = {side: make_player("greedy", name, seed=7) for side in pkg.sides}
    while not game.is_over() and game.ply < 600:
        if game.is_chance():
            game.roll()
            continue
        side = game.current_player
        game.push(players[side].choose(game.observed(side)))
    text = "\n".join(f"{e.player} {e.action} | " + " | ".join(e.events_for(None, omniscient=True)) for e in game.log)
    games[f"{name}/7"] = [hashlib.sha256(text.encode()).hexdigest(), game.ply]
print(json.dumps({"compiled": compiled.in_use(), "games": games}))
"""


def _play(pure: bool) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    if pure:
        env[compiled.PURE_ENV] = "1"
    return subprocess.Popen([sys.executable, "-c", PLAY, str(GAMES_PER_EDITION)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _result(proc: subprocess.Popen) -> dict:
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return json.loads(out)


def test_compiled_modules_play_the_same_games():
    built = compiled.available()
    if not built:
        pytest.skip("no compiled modules built (scripts/build_compiled.py)")
    fast, pure = _play(False), _play(True)
    fast_doc, pure_doc = _result(fast), _result(pure)
    assert pure_doc["compiled"] == []
    assert sorted(fast_doc["compiled"]) == sorted(built)  # every built module played its part
    assert len(pure_doc["games"]) == 2 * GAMES_PER_EDITION + 4
    differ = [k for k in pure_doc["games"] if fast_doc["games"].get(k) != pure_doc["games"][k]]
    assert differ == [], f"compiled and pure-Python games differ: {differ[:5]}"


def _manifest(tmp_path: Path, module: str, digest: str) -> dict:
    (tmp_path / "m.so").write_bytes(b"not loaded here")
    return {"modules": {module: {"file": "m.so", "sha256": digest}}}


def test_a_build_of_the_current_source_is_found(tmp_path):
    name = "typhoon.core.bitboard"
    digest = compiled.source_hash(compiled.source_path(name))
    finder = compiled.CompiledFinder(tmp_path, _manifest(tmp_path, name, digest))
    spec = finder.find_spec(name)
    assert spec is not None and spec.origin == str(tmp_path / "m.so")
    assert finder.usable() == [name]


def test_a_build_of_an_edited_source_is_ignored(tmp_path):
    # the source changed since the build: the .py module is imported, never the stale build
    name = "typhoon.core.bitboard"
    finder = compiled.CompiledFinder(tmp_path, _manifest(tmp_path, name, "0" * 64))
    assert finder.find_spec(name) is None
    assert finder.usable() == [] and finder.loaded == []


def test_a_missing_build_file_is_ignored(tmp_path):
    name = "typhoon.core.bitboard"
    digest = compiled.source_hash(compiled.source_path(name))
    doc = _manifest(tmp_path, name, digest)
    (tmp_path / "m.so").unlink()
    assert compiled.CompiledFinder(tmp_path, doc).find_spec(name) is None


def test_modules_not_in_the_manifest_are_left_to_the_ordinary_import(tmp_path):
    finder = compiled.CompiledFinder(tmp_path, {"modules": {}})
    assert finder.find_spec("typhoon.core.game") is None


def test_the_pure_python_switch():
    assert compiled.pure_requested({compiled.PURE_ENV: "1"})
    assert not compiled.pure_requested({compiled.PURE_ENV: "0"})
    assert not compiled.pure_requested({compiled.PURE_ENV: ""})
    assert not compiled.pure_requested({})


def test_an_unreadable_manifest_means_no_build(tmp_path):
    (tmp_path / "manifest.json").write_text("{not json", encoding="utf-8")
    assert compiled.read_manifest(tmp_path / "manifest.json") is None
    assert compiled.read_manifest(tmp_path / "absent.json") is None
