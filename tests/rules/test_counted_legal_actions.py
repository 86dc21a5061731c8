"""The legal actions counted and indexed without building the list (``legal_count`` /
``legal_nth``: movement phases 8.0-8.2.2, replacement phases 10.0-11.0) are exactly the list
``legal_actions`` builds, in its order, at every decision of random games of both editions;
and the random players' loop (``play_game``) plays the games the plain ``push`` plays."""

from __future__ import annotations

import random

import pytest

from typhoon.ai.match import play_game
from typhoon.games import registry
from typhoon.games.bfm.kinds import PhaseKind


def _decisions(edition: str, seed: int):
    """Every decision of one random game (the game, its rules and state, the phase kind)."""
    game = registry.get("bfm").new_game({"edition": edition}, seed=seed)
    rng = random.Random(seed)
    while not game.is_over():
        if game.is_chance():
            game.roll()
            continue
        yield game
        acts = game.rules.legal_actions(game.state)
        game.push(acts[rng.randrange(len(acts))], validate=False)


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_counted_actions_are_the_listed_actions(edition):
    counted_kinds = set()
    for seed in (31, 32, 33):
        for game in _decisions(edition, seed):
            rules, state = game.rules, game.state
            listed = rules.legal_actions(state)
            n = rules.legal_count(state)
            kind = state.phase_spec.kind
            if n is None:
                continue
            counted_kinds.add(kind)
            assert n == len(listed), (state.turn, state.phase)
            assert [rules.legal_nth(state, i) for i in range(n)] == listed, (state.turn, state.phase)
            with pytest.raises(IndexError):
                rules.legal_nth(state, n)
    # both kinds of phase were counted (random games place and restore units, 10.0-10.3)
    assert counted_kinds == {PhaseKind.MOVEMENT, PhaseKind.REPLACEMENT}


def test_a_restore_changes_what_the_replacement_phase_offers():
    """10.1: a unit given a step may not be given another this player turn, and each step
    spent leaves one fewer (10.0): after a restoration the counted actions follow the list."""
    seen = 0
    for game in _decisions("2009", 40):
        rules, state = game.rules, game.state
        if state.phase_spec.kind != PhaseKind.REPLACEMENT:
            continue
        restores = [a for a in rules.legal_actions(state) if type(a).__name__ == "Restore"]
        if not restores or state.replacements_left < 2:
            continue
        before = rules.legal_count(state)
        after = game.copy()
        after.push(restores[0])
        listed = after.rules.legal_actions(after.state)
        assert restores[0] not in listed  # 10.1: once per player turn
        assert after.rules.legal_count(after.state) == len(listed) < before
        assert [after.rules.legal_nth(after.state, i) for i in range(len(listed))] == listed
        seen += 1
    assert seen > 0


def test_the_match_loop_plays_the_games_push_plays():
    """``play_game`` hands actions to ``Game.push_decision``; the same seeds give the same
    games as pushing every action with ``push`` (players seeded as ``play_game`` seeds them)."""
    from typhoon.ai.base import make_player

    pkg = registry.get("bfm")
    for seed in (5, 6):
        game, res = play_game("random", "random", {"edition": "1986"}, seed)
        ref = pkg.new_game({"edition": "1986"}, seed=seed, keep_history=False)
        players = {side: make_player("random", "bfm", seed=seed * 2 + 1 + i) for i, side in enumerate(pkg.sides)}
        while not ref.is_over():
            if ref.is_chance():
                ref.roll()
            else:
                side = ref.current_player
                ref.push(players[side].choose(ref.observed(side)), validate=False)
        assert [str(e.action) for e in game.log] == [str(e.action) for e in ref.log]
        assert [e.player for e in game.log] == [e.player for e in ref.log]
        assert res.turns == ref.state.turn == pkg.view(ref.state, None)["turn"]
