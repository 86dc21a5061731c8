"""The greedy player's ``noise``: 0 plays exactly as the player without it (and draws no random
number); noise > 0 varies its plans (what typhoon.ai.search compares), legally."""

from typhoon.core.game import Game
from typhoon.games import registry
from typhoon.games.mc.players import GreedyPlayer

PKG = registry.get("mc")


def new_game(seed: int) -> Game:
    return Game(PKG.rules, PKG.normalise_options({}), seed, keep_history=False)


def play(seed: int, make, limit: int) -> list[str]:
    """The first ``limit`` actions (chance events included) of a game between two players made
    by ``make(seed)``, the dice the game's own; each action checked legal."""
    g = new_game(seed)
    players = {s: make(seed) for s in PKG.sides}
    out: list[str] = []
    while not g.is_over() and len(out) < limit:
        if g.is_chance():
            a, _ = g.roll()
        else:
            a = players[g.current_player].choose(g)
            g.push(a, validate=True)
        out.append(str(a))
    return out


def first_plan(seed: int, noise: float) -> list[str]:
    """The German player's actions in the game's first phase (his initial movement), every one
    pushed with validation, until the phase moves on, the dice are due or the Soviet player acts."""
    g = new_game(seed)
    player = GreedyPlayer(seed=seed, noise=noise)
    assert g.current_player == "german" and "movement" in g.state.phase
    start = g.rules.phase_key(g.state)
    plan: list[str] = []
    while not g.is_over() and not g.is_chance() and g.current_player == "german" and g.rules.phase_key(g.state) == start:
        a = player.choose(g)
        g.push(a, validate=True)
        plan.append(str(a))
    assert plan and plan[-1] == "end"
    return plan


def test_noise_zero_plays_as_the_plain_player_and_draws_nothing():
    plain = play(1, lambda s: GreedyPlayer(seed=s), 400)
    players = []

    def make(s):
        players.append(GreedyPlayer(seed=s, noise=0.0))
        return players[-1]

    zero = play(1, make, 400)
    assert len(plain) == 400 and zero == plain
    # no number drawn: the generators are where a fresh player's are
    fresh = GreedyPlayer(seed=1, noise=0.0)
    states = (fresh.rng.getstate(), fresh._jitter._rng.getstate())
    assert all((p.rng.getstate(), p._jitter._rng.getstate()) == states for p in players)


def test_noise_varies_the_german_first_plan_legally():
    plans = {seed: (first_plan(seed, 0.0), first_plan(seed, 2.0)) for seed in (1, 2, 3)}
    assert any(quiet != noisy for quiet, noisy in plans.values())
    # the same seed and noise give the same plan
    assert first_plan(2, 2.0) == plans[2][1]
