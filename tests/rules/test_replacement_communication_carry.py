"""10.0 In Communication carried over a friendly placement (``replacements.apply_place`` /
``apply_reinforce`` keep the placing side's communication masks: friendly units neither
block a path nor negate enemy ZOC): at every decision after a placement in random games of
both editions, the carried masks are those a full recount of the board gives, for both
sides; and a carry-over kept from another board is caught."""

from __future__ import annotations

import random

import pytest

from typhoon.games import registry
from typhoon.games.bfm import replacements
from typhoon.games.bfm.actions import Place, Reinforce

_SIDES = ("german", "soviet")


def _recounted(state, side: str) -> int:
    fresh = state.copy()  # the copy starts with no derived cache: worked out from the board
    return replacements.communication_mask(fresh, side)


def _mismatches(edition: str, seeds) -> tuple[int, int]:
    """(placements after which a side's communication differs from the recount, placements
    checked) over random games."""
    bad = checked = 0
    for seed in seeds:
        game = registry.get("bfm").new_game({"edition": edition}, seed=seed, keep_history=False)
        rng = random.Random(seed)
        while not game.is_over():
            if game.is_chance():
                game.roll()
                continue
            acts = game.rules.legal_actions(game.state)
            action = acts[rng.randrange(len(acts))]
            game.push(action, validate=False)
            if type(action) in (Place, Reinforce) and not game.is_over():
                checked += 1
                for side in _SIDES:
                    if replacements.communication_mask(game.state, side) != _recounted(game.state, side):
                        bad += 1
    return bad, checked


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_carried_communication_equals_a_recount(edition):
    bad, checked = _mismatches(edition, range(71, 75))
    assert checked > 20
    assert bad == 0


def test_a_carry_over_from_another_board_is_caught(monkeypatch):
    first: dict[str, tuple[int, int]] = {}
    real = replacements._communication_of

    def sticky(state, side):
        got = real(state, side)
        if got is not None:
            first.setdefault(side, got)
        return first.get(side)

    monkeypatch.setattr(replacements, "_communication_of", sticky)
    bad, _ = _mismatches("2009", range(71, 75))
    assert bad > 0
