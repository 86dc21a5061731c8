"""Every game's research encoding through the registry (typhoon.core.contract.Encoding): what
the adapters rely on, checked on every decision and chance event of random games."""

from __future__ import annotations

import random

import numpy as np
import pytest

from typhoon.core.contract import Encoding
from typhoon.games import registry
from typhoon.research.common import observation_range

pytestmark = pytest.mark.research

GAMES = ["bfm", "mini"]


def random_games(game: str, seeds, options=None):
    """(game, legal or None at chance) at every step of random games."""
    pkg = registry.get(game)
    for seed in seeds:
        g = pkg.new_game(options or {}, seed=seed, keep_history=False)
        rng = random.Random(seed)
        while not g.is_over():
            if g.is_chance():
                yield g, None
                g.roll()
                continue
            legal = list(g.legal_actions)
            yield g, legal
            g.push(legal[rng.randrange(len(legal))], validate=False)


@pytest.mark.parametrize("game", GAMES)
def test_encoding_is_the_protocol(game):
    enc = registry.get(game).encoding()
    assert isinstance(enc, Encoding)
    assert enc.num_actions > 0 and enc.num_chance_outcomes > 0
    assert len(enc.planes) == enc.observation_shape[0]


@pytest.mark.parametrize("game", GAMES)
def test_actions_chance_and_observations_round_trip(game):
    pkg = registry.get(game)
    enc = pkg.encoding()
    low, high = observation_range(enc)
    decisions = chances = 0
    for g, legal in random_games(game, range(3)):
        s = g.state
        if legal is None:
            outcomes = g.chance_outcomes()
            idx = [enc.chance_index(s, o) for o, _ in outcomes]
            assert len(set(idx)) == len(idx) and all(0 <= i < enc.num_chance_outcomes for i in idx)
            assert [enc.chance_outcome(s, i) for i in idx] == [o for o, _ in outcomes]
            assert sum(float(p) for _, p in outcomes) == pytest.approx(1.0)
            chances += 1
            continue
        idx = [enc.encode(s, a) for a in legal]
        assert len(set(idx)) == len(idx), "two legal actions share an index"
        assert [enc.decode(s, i) for i in idx] == legal
        mask = np.asarray(enc.legal_mask(s))
        assert mask.dtype == bool and mask.shape == (enc.num_actions,)
        assert sorted(np.flatnonzero(mask)) == sorted(idx)
        if decisions % 7 == 0:
            for side in pkg.sides:
                obs = enc.observation(pkg.rules.observe(s, side) if not g.perfect_information else s, side)
                assert obs.dtype == np.float32 and obs.shape == tuple(enc.observation_shape)
                lo, hi = float(obs.min()), float(obs.max())
                assert low <= lo and hi <= high, f"{game}: observation values {lo}..{hi} outside {low}..{high}"
        decisions += 1
    assert decisions > 100 and chances > 5
