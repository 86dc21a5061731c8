"""The caches a position keeps (the board's derived cache carried over a phase change, over a
friendly placement, the moves carried over a move; the phase's reach) never change what is
legal: at every decision of random games of both editions, the legal actions are those of a
copy of the position with no cache at all; and a cache kept over a change of the board is
caught."""

from __future__ import annotations

import random

import pytest

from typhoon.games import registry
from typhoon.games.bfm.state import BfmState


def _fresh(state: BfmState) -> BfmState:
    """A copy of ``state`` that worked nothing out yet (no derived cache, no phase cache)."""
    fresh = state.copy()
    fresh._reach = {}
    fresh._derived = None
    fresh._ezoc = None
    fresh._index = None
    fresh._occupied = None
    fresh._sides = None
    return fresh


def _mismatches(edition: str, seeds) -> tuple[int, int]:
    """(decisions whose legal actions differ from those of a fresh copy, decisions seen)."""
    bad = seen = 0
    for seed in seeds:
        game = registry.get("bfm").new_game({"edition": edition}, seed=seed, keep_history=False)
        rules = game.rules
        rng = random.Random(seed)
        while not game.is_over():
            if game.is_chance():
                game.roll()
                continue
            seen += 1
            acts = rules.legal_actions(game.state)
            if acts != rules.legal_actions(_fresh(game.state)):
                bad += 1
                break  # a stale cache may offer moves that never end the game: next game
            game.push(acts[rng.randrange(len(acts))], validate=False)
    return bad, seen


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_legal_actions_equal_those_worked_out_afresh(edition):
    bad, seen = _mismatches(edition, range(81, 85))
    assert seen > 1500
    assert bad == 0


def test_a_cache_kept_over_a_change_of_the_board_is_caught(monkeypatch):
    real = BfmState.put

    def put_keeping_cache(self, unit, hex_id):
        derived = self._derived
        real(self, unit, hex_id)
        self._derived = derived

    monkeypatch.setattr(BfmState, "put", put_keeping_cache)
    bad, _ = _mismatches("2009", range(81, 83))
    assert bad > 0
