"""The generic random player asked of the rules directly (``RandomPlayer.choose_in``, used by
``typhoon.ai.match.play_game`` in games with perfect information) chooses exactly what
``RandomPlayer.choose`` chooses from the player's view of the game (the contract: a player
chooses from ``game.observed(side)``), with its generator left in the same place.

Checked at every decision of whole Battle for Moscow games (its rules count and index their
legal actions, ``legal_count``/``legal_nth``, and return None from ``legal_count`` in battles),
and on stand-in rules without ``legal_count`` or whose count is unknown (the list is drawn from)."""

from __future__ import annotations

import random

import pytest

from typhoon.ai.base import RandomPlayer
from typhoon.ai.match import play_game
from typhoon.core.game import Game
from typhoon.games import registry


def _play_both_ways(game_name: str, options: dict, seed: int) -> list[str]:
    """Play a random game through views (``choose``), asking ``choose_in`` of a twin player
    with the same seed at every decision; returns the actions' texts."""
    pkg = registry.get(game_name)
    game = Game(pkg.rules, pkg.normalise_options(options), seed, keep_history=False)
    assert game.perfect_information
    by_view = {side: RandomPlayer(seed=seed * 2 + 1 + i) for i, side in enumerate(pkg.sides)}
    direct = {side: RandomPlayer(seed=seed * 2 + 1 + i) for i, side in enumerate(pkg.sides)}
    while not game.is_over():
        if game.is_chance():
            game.roll()
            continue
        side = game.rules.current_player(game.state)
        got = direct[side].choose_in(game.rules, game.state)
        want = by_view[side].choose(game.observed(side))
        assert got == want, f"ply {game.ply}: choose_in gave {got}, choose gave {want}"
        assert direct[side].rng.getstate() == by_view[side].rng.getstate()
        game.push(want)
    return [str(e.action) for e in game.log]


@pytest.mark.parametrize("edition,seed", [("2009", 3), ("1986", 4)])
def test_bfm_direct_choice_is_the_views_choice(edition: str, seed: int) -> None:
    actions = _play_both_ways("bfm", {"edition": edition}, seed)
    assert len(actions) > 100  # a whole game: every kind of phase was played
    # and play_game, which takes the direct path, plays this very game
    game, _ = play_game("random", "random", {"edition": edition}, seed)
    assert [str(e.action) for e in game.log] == actions


def test_direct_choice_draws_from_the_list_when_the_count_is_unknown() -> None:
    """``legal_count`` returning None (a battle being resolved in Battle for Moscow): the
    draw is over the list's length, as the lazy view draws it."""

    class Rules:
        def legal_count(self, state):
            return None

        def legal_nth(self, state, i):  # pragma: no cover - must not be used
            raise AssertionError("legal_nth used although legal_count gave None")

        def legal_actions(self, state):
            return ["a", "b", "c", "d", "e"]

    player = RandomPlayer(seed=11)
    twin = random.Random(11)
    for _ in range(20):
        assert player.choose_in(Rules(), None) == "abcde"[twin.randrange(5)]


def test_direct_choice_without_a_count_draws_from_the_list() -> None:
    """Rules without ``legal_count``: the draw is over the list, as the lazy view draws it."""

    class Rules:
        def legal_actions(self, state):
            return ["a", "b", "c"]

    player = RandomPlayer(seed=12)
    twin = random.Random(12)
    for _ in range(20):
        assert player.choose_in(Rules(), None) == "abc"[twin.randrange(3)]
