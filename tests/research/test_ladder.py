"""The ladder (typhoon.research.ladder): any seat rated against fixed computer players."""

from __future__ import annotations

import pytest

from typhoon.research import ladder

pytestmark = pytest.mark.research


def test_wilson_interval_and_elo():
    lo, hi = ladder.wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-3) and hi == pytest.approx(0.7634, abs=1e-3)
    assert ladder.wilson(0, 10)[0] == 0.0 and ladder.wilson(10, 10)[1] == 1.0
    assert ladder.Rung("x", 10, 5, 0, 5).elo == pytest.approx(0.0)
    assert ladder.Rung("x", 4, 3, 0, 1).elo == pytest.approx(-400 * __import__("math").log10(1 / 0.75 - 1))
    assert ladder.Rung("x", 4, 1, 2, 1).score == 0.5


def test_computer_player_on_the_ladder_plays_both_sides():
    rungs = ladder.ladder("random", game="mini", opponents=["random"], games=4, seed=1)
    (r,) = rungs
    assert r.games == 4 and r.wins + r.draws + r.losses == 4
    assert "random" in ladder.report(rungs)


def test_a_seat_agent_plays_through_the_mcp_tools():
    pytest.importorskip("mcp")
    calls = []

    def first_legal(seat):  # a scripted client: exactly what an LLM could do over MCP
        while not seat.game.is_over():
            summary = seat.legal_summary()
            calls.append(summary)
            seat.act(seat.legal_actions().splitlines()[0])

    rungs = ladder.ladder(first_legal, game="mini", opponents=["random"], games=2, seed=3)
    assert rungs[0].games == 2 and len(calls) > 10
