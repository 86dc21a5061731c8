"""The ecosystems' own suites on the larger games (Operation Typhoon, Drive on Moscow, The Moscow
Campaign), on short games: their whole games take minutes of random play, so the environments
are cut by their step bounds (PettingZoo ``max_cycles``; OpenSpiel's ``max_decisions``
parameter, the game ending there as a draw). PettingZoo ``api_test`` and Gymnasium
``check_env`` for these games are in tests/<game>/test_<game>_encoding.py; bfm and mini run every
suite on whole games in test_pettingzoo.py, test_gym.py, test_openspiel*.py.

Timings on the shared 2-core machine (load 10+): the cycle-based suites 0.2-4 s, the API and
seed tests 3-35 s (marked slow), rendering an Operation Typhoon board minutes
(TYPHOON_LONG_TESTS=1)."""

from __future__ import annotations

import os
import types

import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import (  # noqa: E402
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)

from typhoon.research.common import games_with_encoding  # noqa: E402
from typhoon.research.pettingzoo_env import env, parallel_env  # noqa: E402

pytestmark = [pytest.mark.research, pytest.mark.filterwarnings("ignore::UserWarning")]
LARGE = [g for g in games_with_encoding() if g not in ("bfm", "mini")]
LONG = pytest.mark.skipif(not os.environ.get("TYPHOON_LONG_TESTS"), reason="minutes per game: set TYPHOON_LONG_TESTS=1")


def test_the_large_games_are_all_here():
    """Every game of the registry with an encoding is covered here or by the whole-game tests."""
    assert set(LARGE) == set(games_with_encoding()) - {"bfm", "mini"}
    assert {"ot", "dom", "mc"} <= set(LARGE)


@pytest.mark.parametrize("game", LARGE)
def test_max_cycles_test(game):
    mod = types.SimpleNamespace(
        env=lambda **kw: env(game=game, **kw), parallel_env=lambda **kw: parallel_env(game=game, **kw)
    )
    max_cycles_test(mod)


@pytest.mark.parametrize("game", LARGE)
def test_parallel_seed_test(game):
    parallel_seed_test(lambda: parallel_env(game=game, max_cycles=30), num_cycles=20)


@pytest.mark.slow
@pytest.mark.parametrize("game", LARGE)
def test_parallel_api_test(game):
    parallel_api_test(parallel_env(game=game, max_cycles=40), num_cycles=30)


@pytest.mark.slow
@pytest.mark.parametrize("game", LARGE)
def test_seed_test(game):
    seed_test(lambda render_mode=None: env(game=game, render_mode=render_mode, max_cycles=30), num_cycles=20)


@pytest.mark.slow
@pytest.mark.parametrize("game", LARGE)
def test_openspiel_random_sim_test_on_short_games(game):
    """OpenSpiel's consistency checks (legal actions, chance, clone, observations, serialisation)
    on a game cut after 12 decisions (``max_decisions``)."""
    pyspiel = pytest.importorskip("pyspiel")
    from typhoon.research import openspiel_game

    game_ = pyspiel.load_game(openspiel_game.short_name(game), {"max_decisions": 12})
    pyspiel.random_sim_test(game_, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@LONG
@pytest.mark.parametrize("game", LARGE)
def test_render_test(game, capsys):
    pytest.importorskip("matplotlib")
    render_test(lambda render_mode=None: env(game=game, render_mode=render_mode, max_cycles=20))
