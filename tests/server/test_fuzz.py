"""The game fuzzer (``typhoon fuzz``) runs every registered game through the server's code
paths (seats, per-seat views, undo, keyed dice, storage, reload) and finds no problem."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from typhoon.fuzz import Problem, fuzz
from typhoon.games import registry


# the large games take a minute of CPU per random game through the server (a view for every
# seat after every action): one game each in CI, their shortest scenario; `typhoon fuzz` runs more
HEAVY = {"mc": {"scenario": "december"}, "ot": {"strengths": "chits"}, "dom": {}}


@pytest.mark.parametrize("name", registry.names())
def test_every_game_fuzzes_clean_through_the_server(name):
    games = 1 if name in HEAVY else 2
    report = fuzz(name, games=games, seed=1, options=HEAVY.get(name), max_steps=6000)
    assert report.games == games
    assert report.problems == [], [(p.kind, p.seed, p.ply, p.detail[-400:]) for p in report.problems]
    assert report.actions > 0 and report.seconds > 0
    # a finished game was reloaded from the store and its final record verified (commitment)
    assert report.finished >= 1


def test_the_fuzzer_reports_a_crash_with_its_seed(monkeypatch):
    from typhoon.server import live

    calls = {"n": 0}
    real = live.LiveGame.view

    def flaky(self, seat):
        calls["n"] += 1
        if calls["n"] == 40:
            raise RuntimeError("boom in a view")
        return real(self, seat)

    monkeypatch.setattr(live.LiveGame, "view", flaky)
    report = fuzz("mini", games=1, seed=5, max_steps=500)
    assert [p.kind for p in report.problems] == ["crash"]
    p: Problem = report.problems[0]
    assert p.seed == 5 and "boom in a view" in p.detail and p.actions


def test_fuzz_command_exits_0_and_reports(tmp_path):
    from typhoon.cli import main

    r = CliRunner().invoke(main, ["fuzz", "--game", "mini", "--games", "1", "--json"])
    assert r.exit_code == 0, r.output
    assert '"ok": true' in r.output and '"undos"' in r.output
