"""The registry of computer players by name, for any game.

A game's players are the generic ones (``random`` and the search levels ``search-easy``,
``search-normal``, ``search-hard``, which work for every game through the contract) plus the
game's own (``typhoon.games.registry.get(game).players()``, e.g. Battle for Moscow's
``heuristic``). ``human`` names a person and is listed first.

A name is *offered* (``player_names``: the lists of ``typhoon players``, the server's start page
and its API, the MCP server's opponents) or only *accepted* (``is_player_name``: ``make_player``
makes it, so games saved with it and scripts naming it keep working): a player registered with
``offered=False`` is one the project no longer recommends (``search-expert``, never measured
stronger than ``search-hard``; docs/ai.md, session 40).

Generic factories are called as ``factory(seed=..., game=<game name>, **kw)``; a game's own as
``factory(seed=..., **kw)``. Every player has ``.choose(game)`` (typhoon.core.contract.Player),
given ``game.observed(side)``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from typing import Any, Callable

from ..core.contract import Player, PlayerFactory
from ..core.errors import ParseError
from ..core.game import Game
from ..games import registry

HUMAN = "human"
DEFAULT_GAME = "bfm"  # the game of callers that name none (the platform's first game)


def below(getrandbits: Callable[[int], int], n: int) -> int:
    """A number drawn uniformly from ``range(n)`` (``n`` > 0) with a generator's
    ``getrandbits``: the random player's draw. Drawn as CPython's ``Random.randrange(n)``
    draws it (rejection sampling on ``n.bit_length()`` bits), so the same generator gives the
    same number (tests/ai/test_random_player.py), without its two calls of interpreted Python at
    each decision of a random game. ValueError for ``n`` < 1 (nothing to draw from), as
    ``randrange`` raises, rather than drawing for ever."""
    if n < 1:
        raise ValueError(f"nothing to draw from: {n} legal actions")
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


class RandomPlayer:
    """Uniformly random legal play (seeded, so games are repeatable); any game."""

    name = "random"

    def __init__(self, seed: int = 0, **_: Any) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Any:
        acts = game.legal_actions
        return acts[below(self.rng.getrandbits, len(acts))]

    def choose_in(self, rules: Any, state: Any) -> Any:
        """``choose`` asked of the rules and the true state directly, for a loop playing a game
        with perfect information (where the player's view would be the game itself:
        ``typhoon.ai.match.play_game``): the same draw from the same generator (``below``
        of the count, then that action), so the same action, without a view of the game or of
        its legal actions (which count and index with the rules' ``legal_count`` /
        ``legal_nth`` when they have them, else with the list)."""
        return self.chooser_for(rules)(state)

    def chooser_for(self, rules: Any) -> Callable[[Any], Any]:
        """``choose_in`` for one rules object, its methods looked up once: a function of the
        state (``play_game`` asks it at every decision of a random game)."""
        count = getattr(rules, "legal_count", None)
        nth = getattr(rules, "legal_nth", None)
        legal_actions = rules.legal_actions
        getrandbits = self.rng.getrandbits

        def choose(state: Any) -> Any:
            n = count(state) if count is not None else None
            if n is None:
                acts = legal_actions(state)
                return acts[below(getrandbits, len(acts))]
            i = below(getrandbits, n)
            return nth(state, i) if nth is not None else legal_actions(state)[i]

        return choose


# generic players: name -> factory or "module:factory" (imported lazily so a light install stays light)
_GENERIC: dict[str, str | Callable[..., Player]] = {
    "random": RandomPlayer,
    # independent baselines (typhoon/ai/baselines): contract only, no code shared with the players
    "baseline-greedy": "typhoon.ai.baselines.greedy:greedy",
    "baseline-bold": "typhoon.ai.baselines.greedy:bold",
    # a different mind: everything about the capital (concentrate on it, or a fortress around it)
    "baseline-capital": "typhoon.ai.baselines.capital:capital",
    # a third mind: the enemy's units (attack what it outnumbers two to one, hunt in packs)
    "baseline-hunter": "typhoon.ai.baselines.hunter:hunter",
    # a fourth mind: the front line and terrain (a line behind rivers, a Schwerpunkt at the weakest point)
    "baseline-front": "typhoon.ai.baselines.front:front",
    # OpenSpiel's MCTSBot (needs the research extra), budget comparable per phase
    "openspiel-mcts": "typhoon.ai.baselines.openspiel_mcts:openspiel_mcts",
}


# generic players made by name but left out of the lists a person chooses from
_NOT_OFFERED: set[str] = set()


def register(name: str, factory: str | Callable[..., Player], offered: bool = True) -> None:
    """Add a generic player (one that plays every game): ``factory(seed=, game=, **kw)``;
    ``offered=False``: accepted by name, not listed by ``player_names``."""
    _GENERIC[name] = factory
    if offered:
        _NOT_OFFERED.discard(name)
    else:
        _NOT_OFFERED.add(name)


def _load_plugins() -> None:
    # the search levels register themselves when their module is importable
    try:
        importlib.import_module("typhoon.ai.search")
    except ModuleNotFoundError as e:
        if e.name != "typhoon.ai.search":
            raise


def game_players(game: str = DEFAULT_GAME) -> dict[str, PlayerFactory]:
    """The game's own players (its package's ``players()``); ParseError for an unknown game."""
    return dict(registry.get(game).players())


def player_names(game: str = DEFAULT_GAME) -> list[str]:
    """The players ``game`` offers, ``human`` first: ``random``, the game's own players, the
    independent baselines, then the search levels (a player registered ``offered=False`` is
    left out; ``is_player_name`` still accepts it)."""
    _load_plugins()
    own = game_players(game)
    names = [HUMAN, "random"]
    names += [n for n in own if n not in names]
    names += [n for n in _GENERIC if n not in names and n not in _NOT_OFFERED]
    return names


def is_player_name(name: str, game: str = DEFAULT_GAME) -> bool:
    """Whether ``name`` names a player of ``game``: ``human``, one ``player_names`` offers, or
    one accepted but no longer offered (a game saved with it still loads and plays)."""
    _load_plugins()
    return name == HUMAN or name in game_players(game) or name in _GENERIC


def own_player(game: str = DEFAULT_GAME) -> str:
    """The game's first own player (Battle for Moscow: ``heuristic``), else ``random``: the
    fast policy of balance studies, and the default opponent of a game that names none."""
    own = game_players(game)
    return next(iter(own)) if own else "random"


def default_player(game: str = DEFAULT_GAME, side: str | None = None) -> str:
    """The computer player a person faces when they name none (``typhoon play``, the server's
    games against the computer, a seat the clock hands to the computer, the start page's
    choice), playing ``side``: the package's ``default_player`` when it names one this registry
    can make (Battle for Moscow: ``search-normal``, the default level of docs/ai.md; a mapping
    names one per side, Operation Typhoon's; ``side`` None asks for the one facing a person on
    the game's first side), else the game's first own player, else ``random``."""
    pkg = registry.get(game)
    preferred = getattr(pkg, "default_player", None)
    if isinstance(preferred, Mapping):
        preferred = preferred.get(side if side is not None else pkg.sides[-1])
    if preferred:
        _load_plugins()
        if preferred in game_players(game) or preferred in _GENERIC:
            return preferred
    return own_player(game)


def _resolve(factory: str | Callable[..., Player]) -> Callable[..., Player]:
    if isinstance(factory, str):
        mod, attr = factory.split(":")
        return getattr(importlib.import_module(mod), attr)
    return factory


def make_player(name: str, game: str = DEFAULT_GAME, seed: int = 0, **kw: Any) -> Player:
    """A computer player of ``game`` by name; ParseError listing the names if unknown.

    The game's own players take precedence over generic ones of the same name."""
    _load_plugins()
    if name == HUMAN:
        raise ParseError(f"'{HUMAN}' is a person, not a computer player")
    own = game_players(game)
    if name in own:
        return own[name](seed=seed, **kw)
    if name in _GENERIC:
        return _resolve(_GENERIC[name])(seed=seed, game=game, **kw)
    raise ParseError(f"unknown player {name!r} for game {game!r}; choose one of: {', '.join(player_names(game))}")


__all__ = ["Player", "RandomPlayer", "default_player", "game_players", "is_player_name", "make_player", "own_player", "player_names",
           "register"]
