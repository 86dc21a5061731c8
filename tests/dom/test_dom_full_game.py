"""A full game computer against computer through PACKAGE (greedy against greedy)."""

from __future__ import annotations

import pytest

from typhoon.games.dom.package import PACKAGE


@pytest.mark.slow
def test_greedy_against_greedy_plays_to_an_outcome():
    g = PACKAGE.new_game({}, 3)
    players = {s: PACKAGE.players()["greedy"](seed=3) for s in PACKAGE.sides}
    plies = 0
    while not g.is_over():
        assert plies < 20000
        if g.is_chance():
            g.roll()
        else:
            side = g.current_player
            g.push(g.parse(str(players[side].choose(g.observed(side)))))
        plies += 1
    out = g.outcome()
    assert out.winner in ("german", "soviet") and out.reason
    assert 0.0 <= PACKAGE.evaluate(g.state, "german") <= 1.0
