"""The moves of a movement phase derived from the position before the last move
(``movement._moves`` after ``apply_move``: the masks carried over by ``_live_after`` and
``_after_move``, the 8.2.2 sufficient condition carried over by ``_still_clear``) are the
moves a full recount of the position gives (the phase's reach and fixed hexes worked out
again from the board alone), at every movement decision of random games of both editions;
and a deliberately broken carry-over is caught."""

from __future__ import annotations

import random

import pytest

from typhoon.games import registry
from typhoon.games.bfm import movement
from typhoon.games.bfm.kinds import PhaseKind


def _recount(state):
    """The moves of ``state`` worked out from the board alone: no cache of the phase (reach,
    fixed hexes) or of the position (the moves before the last move)."""
    fresh = state.copy()
    fresh._reach = {}
    fresh._derived = None
    return tuple(movement._moves(fresh))


def _mismatches(edition: str, seeds) -> tuple[int, int]:
    """(movement decisions whose carried-over moves differ from the recount, movement
    decisions seen) over random games."""
    bad = seen = 0
    for seed in seeds:
        game = registry.get("bfm").new_game({"edition": edition}, seed=seed, keep_history=False)
        rng = random.Random(seed)
        rules = game.rules
        while not game.is_over():
            if game.is_chance():
                game.roll()
                continue
            state = game.state
            if state.phase_spec.kind == PhaseKind.MOVEMENT and not state.finished:
                seen += 1
                got = tuple(movement._moves(state))  # carried over from the move before, when it can be
                if got != _recount(state):
                    bad += 1
            n = rules.legal_count(state)
            acts = rules.legal_actions(state) if n is None else None
            if (n if acts is None else len(acts)) == 0:  # only a broken carry-over leaves nothing legal
                bad += 1
                break
            i = rng.randrange(n if acts is None else len(acts))
            game.push(rules.legal_nth(state, i) if acts is None else acts[i], validate=False)
    return bad, seen


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_carried_over_moves_equal_a_full_recount(edition):
    bad, seen = _mismatches(edition, range(61, 67))
    assert seen > 1500  # six games of about 400 movement decisions
    assert bad == 0


def test_a_carry_over_that_ignores_8_2_2_is_caught(monkeypatch):
    """A carry-over that always trusts the sufficient condition of 8.2.2 (never asks for the
    matching again) offers moves the full rule refuses in crowded positions."""

    def optimistic(before, into_empty, left_shared):
        return (1, 99) if before.clear is not None else None

    monkeypatch.setattr(movement, "_still_clear", optimistic)
    bad, _ = _mismatches("2009", range(61, 67))
    assert bad > 0


def test_a_carry_over_that_forgets_the_movers_hex_is_caught(monkeypatch):
    """8.2.2 / each unit moves once: after a move the mover's new hex is fixed; a carry-over
    that leaves it among the other units' end hexes is caught."""

    def careless(state, before, unit, to_bit):
        live, fixed, counts, homes = real(state, before, unit, 0)  # nothing dropped from the masks
        return live, fixed | to_bit, counts, homes

    real = movement._live_after
    monkeypatch.setattr(movement, "_live_after", careless)
    bad, _ = _mismatches("2009", range(61, 63))
    assert bad > 0
