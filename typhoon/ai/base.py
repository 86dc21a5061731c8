"""The player interface and the registry of computer players by name."""

from __future__ import annotations

import importlib
import random
from typing import Any, Callable, Protocol

from ..core.errors import ParseError
from ..core.game import Game


class Player(Protocol):
    """A computer player: given a game where it is to act (not a chance node), pick a legal action."""

    name: str

    def choose(self, game: Game) -> Any: ...


class RandomPlayer:
    """Uniformly random legal play (seeded, so games are repeatable)."""

    name = "random"

    def __init__(self, seed: int = 0, **_: Any) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Any:
        acts = game.legal_actions
        return acts[self.rng.randrange(len(acts))]


# name -> "module:factory" (imported lazily so a light install stays light)
_REGISTRY: dict[str, str | Callable[..., Player]] = {
    "random": RandomPlayer,
    "heuristic": "typhoon.ai.heuristic:HeuristicPlayer",
}


def register(name: str, factory: str | Callable[..., Player]) -> None:
    _REGISTRY[name] = factory


def _load_plugins() -> None:
    # search levels register themselves when their module is importable
    try:
        importlib.import_module("typhoon.ai.search")
    except ModuleNotFoundError as e:
        if e.name != "typhoon.ai.search":
            raise


def player_names() -> list[str]:
    _load_plugins()
    return ["human", *_REGISTRY]


def make_player(name: str, seed: int = 0, **kw: Any) -> Player:
    """A computer player by name; raises ParseError listing the names if unknown."""
    _load_plugins()
    if name == "human":
        raise ParseError("'human' is a person, not a computer player")
    if name not in _REGISTRY:
        raise ParseError(f"unknown player {name!r}; choose one of: {', '.join(player_names())}")
    factory = _REGISTRY[name]
    if isinstance(factory, str):
        mod, attr = factory.split(":")
        factory = getattr(importlib.import_module(mod), attr)
    return factory(seed=seed, **kw)
