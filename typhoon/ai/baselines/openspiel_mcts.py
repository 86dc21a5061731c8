"""OpenSpiel's ``MCTSBot`` as a Typhoon player (``openspiel-mcts``): an outside baseline.

Needs the ``research`` extra (``open_spiel``). The bot searches an OpenSpiel state built from
a copy of the observed game (in a game with hidden information that copy holds the game's
"unknown" markers, so MCTS never sees more than its side may). Its budget is set per *phase*
to be comparable with the search levels, which compare whole plans: ``phase_simulations``
simulations for a phase, spread over its decisions (at least ``min_simulations`` each, since
MCTS decides one unit action at a time); leaves are valued by ``TruncatedRolloutEvaluator``
(random play for ``horizon`` phase changes, then the game's ``evaluate``).
"""

from __future__ import annotations

from typing import Any

from ...core.game import Game


class OpenSpielMCTS:
    """``MCTSBot`` (UCT, c = 2) over the OpenSpiel adapter of any Typhoon game."""

    def __init__(self, seed: int = 0, game: str = "bfm", phase_simulations: int = 600, min_simulations: int = 20,
                 horizon: int = 1, **_: Any) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts

        from ...research import openspiel_game
        from ...research.openspiel_bots import TruncatedRolloutEvaluator

        self.name = "openspiel-mcts"
        self._np, self._pyspiel, self._mcts = np, pyspiel, mcts
        self._short = openspiel_game.short_name(game)
        self._eval = TruncatedRolloutEvaluator(horizon, seed)
        self._rs = np.random.RandomState(seed % 2**32)
        self.phase_simulations = phase_simulations
        self.min_simulations = min_simulations
        self._games: dict[str, Any] = {}
        self._phase: Any = None
        self._used = 0

    def _spiel_game(self, game: Game) -> Any:
        from ...research.openspiel_game import _param_value  # the adapter's option coding

        pkg_specs = {s.name: s for s in _registry(game).option_specs()}
        params = {k: _param_value(v, pkg_specs[k]) for k, v in game.options.items() if k in pkg_specs}
        key = repr(sorted(params.items()))
        if key not in self._games:
            self._games[key] = self._pyspiel.load_game(self._short, params)
        return self._games[key]

    def choose(self, game: Game) -> Any:
        acts = game.legal_actions
        if len(acts) == 1:
            return acts[0]
        sg = self._spiel_game(game)
        state = sg.new_initial_state()
        state._box.game = game.copy(keep_history=False)
        state._box.legal = None
        phase = (game.seed, game.rules.phase_key(game.state))
        if phase != self._phase:
            self._phase, self._used = phase, 0
        sims = max(self.min_simulations, (self.phase_simulations - self._used) // 4)
        self._used += sims
        bot = self._mcts.MCTSBot(sg, uct_c=2.0, max_simulations=sims, evaluator=self._eval, random_state=self._rs,
                                 solve=False)
        index = bot.step(state)
        return sg.encoding.decode(game.state, index)


def _registry(game: Game) -> Any:
    from ...games import registry

    for name in registry.names():
        pkg = registry.get(name)
        if pkg.rules is game.rules or type(pkg.rules) is type(game.rules):
            return pkg
    raise LookupError("no game package for these rules")


def openspiel_mcts(seed: int = 0, game: str = "bfm", **kw: Any) -> OpenSpielMCTS:
    return OpenSpielMCTS(seed=seed, game=game, **kw)
