"""The Operation Typhoon greedy player's ``noise``: none plays the player itself, some varies its
plans (what typhoon.ai.search compares), always legally."""

from __future__ import annotations

from typhoon.core.game import Game
from typhoon.games import registry
from typhoon.games.ot.actions import Move
from typhoon.games.ot.players import GreedyPlayer


def _game(seed: int) -> Game:
    pkg = registry.get("ot")
    return Game(pkg.rules, pkg.normalise_options({}), seed, keep_history=False)


SEATS = {"german": 0, "russian": 1}  # each side's player seed: the game's seed plus this


def _play(seed: int, n: int, **kw) -> tuple[Game, dict[str, GreedyPlayer]]:
    """The first ``n`` actions of a greedy-vs-greedy game (dice from the game's seed), each
    pushed as a checked (legal) action; the game and its players."""
    g = _game(seed)
    players = {side: GreedyPlayer(seed=seed + k, **kw) for side, k in SEATS.items()}
    while not g.is_over() and g.ply < n:
        if g.is_chance():
            g.roll()
        else:
            side = g.current_player
            g.push(players[side].choose(g.observed(side)), validate=True)
    return g, players


def _first_german_moves(seed: int, noise: float) -> list[str]:
    """The German's plan for his first Movement Phase: his actions from his first move until the
    phase moves on, the dice are due or the Russian must act (typhoon.ai.search's plans), each
    pushed as a checked (legal) action."""
    g = _game(seed)
    opening = GreedyPlayer(seed=seed)
    while not (g.current_player == "german" and any(isinstance(a, Move) for a in g.legal_actions)):
        if g.is_chance():
            g.roll()
        else:  # 11.22: the Support Points
            g.push(opening.choose(g.observed(g.current_player)), validate=True)
    player = GreedyPlayer(seed=seed, noise=noise)
    start = g.rules.phase_key(g.state)
    plan: list[str] = []
    while not g.is_over() and not g.is_chance() and g.current_player == "german" and g.rules.phase_key(g.state) == start:
        a = player.choose(g.observed("german"))
        g.push(a, validate=True)
        plan.append(str(a))
    return plan


def test_no_noise_plays_the_player_itself():
    for seed in (1, 2):
        quiet, players = _play(seed, 300, noise=0.0)
        assert quiet.action_texts() == _play(seed, 300)[0].action_texts()
        for side, p in players.items():  # not one draw from the noise's generator
            assert p._jitter._rng.getstate() == GreedyPlayer(seed=seed + SEATS[side])._jitter._rng.getstate()


def test_noise_varies_the_first_german_movement_plan_legally():
    plans = {seed: (_first_german_moves(seed, 0.0), _first_german_moves(seed, 2.0)) for seed in (1, 2, 3)}
    for quiet, noisy in plans.values():
        assert any(t.startswith("move ") for t in quiet) and any(t.startswith("move ") for t in noisy)
    assert any(quiet != noisy for quiet, noisy in plans.values())


def test_much_noise_plays_legally():
    g, _ = _play(4, 400, noise=4.0)  # every action pushed checked
    assert g.ply == 400
