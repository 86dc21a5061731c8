"""The greedy player's ``noise`` (the plan search's variations, typhoon.ai.search): at noise 0 it
plays exactly as the default player; with noise it plays other legal plans."""

from __future__ import annotations

from typhoon.core.game import Game
from typhoon.games import registry
from typhoon.games.dom.players import GreedyPlayer

PKG = registry.get("dom")


def new_game(seed: int) -> Game:
    return Game(PKG.rules, PKG.normalise_options({}), seed, keep_history=False)


def actions(seed: int, n: int, **kw) -> list[str]:
    """The first ``n`` entries (decisions and the game's own rolls) of greedy against greedy."""
    g = new_game(seed)
    players = {s: GreedyPlayer(seed=seed, **kw) for s in ("german", "soviet")}
    out: list[str] = []
    while len(out) < n and not g.is_over():
        if g.is_chance():
            outcome, _ = g.roll()
            out.append(f"roll {outcome}")
            continue
        side = g.current_player
        a = players[side].choose(g.observed(side))
        out.append(f"{side} {a}")
        g.push(a, validate=True)
    return out


def german_first_plan(seed: int, noise: float) -> list[str]:
    """The German actions of the first game turn's first phase, movement (the German asked to
    declare move/fight, 5.2), every one checked legal by ``push(validate=True)``."""
    g = new_game(seed)
    players = {s: GreedyPlayer(seed=seed, noise=noise, order="move-fight") for s in ("german", "soviet")}
    plan: list[str] = []
    while not g.is_over():
        if g.is_chance():
            g.roll()
            continue
        if plan and g.state.phase != "german_first":
            return plan
        side = g.current_player
        a = players[side].choose(g.observed(side))
        if g.state.phase == "german_first":
            assert side == "german"
            plan.append(str(a))
        g.push(a, validate=True)
    return plan


def test_zero_noise_plays_as_the_default_player():
    for seed in (1, 2):
        assert actions(seed, 200, noise=0.0) == actions(seed, 200)


def test_noise_varies_the_german_plan_and_stays_legal():
    plans = {seed: (german_first_plan(seed, 0.0), german_first_plan(seed, 2.0)) for seed in (1, 2)}
    assert all(base and noisy for base, noisy in plans.values())
    assert any(base != noisy for base, noisy in plans.values())


def test_noise_does_not_touch_the_players_generator():
    """The noise has its own generator: ``rng`` draws the same numbers at any noise."""
    quiet, noisy = GreedyPlayer(seed=5), GreedyPlayer(seed=5, noise=3.0)
    noisy._jitter(1.0, 1.0)
    assert quiet.rng.random() == noisy.rng.random()
    assert quiet._jitter(1.5, 1.0) == 1.5
