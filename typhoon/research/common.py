"""What every research adapter needs from a game, through the registry and the contract only.

The adapters (OpenSpiel, PettingZoo, Gymnasium, the MCP seat) name a game (``"bfm"``,
``"mini"``, ...) and reach it through ``typhoon.games.registry.get(name)``: the package's
``encoding(options)`` (a :class:`typhoon.core.contract.Encoding`), ``view``, ``describe``,
``battle_preview``, ``players()`` and the :class:`typhoon.core.game.Game` it builds. Nothing here
knows a game.

Hidden information: an observation of ``player`` is always made from the state as that player may
know it (``rules.observe``), never from the true state, so a value the player may not see cannot
reach its tensor, whatever the encoding does with the state it is given.
"""

from __future__ import annotations

from typing import Any

from ..core.contract import Encoding, GamePackage, Player
from ..core.errors import ParseError
from ..core.game import Game
from ..games import registry

DEFAULT_GAME = "bfm"


def package(game: str) -> GamePackage:
    """The game package called ``game`` (``ParseError`` lists the known games)."""
    return registry.get(game)


def encoding_of(pkg: GamePackage, options: dict[str, Any] | None = None) -> Encoding:
    """The game's research encoding for these options; ``ParseError`` if the game has none."""
    enc = pkg.encoding(options)
    if enc is None:
        raise ParseError(f"game {pkg.name!r} offers no research encoding (its package's encoding() is None)")
    return enc


def check_side(pkg: GamePackage, side: str) -> str:
    """``side`` if it is a seat of the game; ``ValueError`` naming the seats otherwise."""
    if side not in pkg.sides:
        raise ValueError(f"side must be {' or '.join(repr(s) for s in pkg.sides)}, not {side!r}")
    return side


def observed_state(game_or_rules: Any, state: Any, seat: str | None) -> Any:
    """The state as ``seat`` (``None``: a spectator) may know it.

    With perfect information that is the state itself (not a copy: the callers only read it);
    otherwise the rules' ``observe`` hides what ``seat`` may not see."""
    rules = getattr(game_or_rules, "rules", game_or_rules)
    if getattr(rules, "perfect_information", True):
        return state
    return rules.observe(state, seat)


def observation(pkg: GamePackage, enc: Encoding, state: Any, player: str) -> Any:
    """``player``'s observation tensor, made from the state as ``player`` may know it."""
    return enc.observation(observed_state(pkg.rules, state, player), player)


def observation_range(enc: Encoding) -> tuple[float, float]:
    """The bounds of the observation values: the encoding's ``observation_range`` when it
    declares one, else the convention 0..1 (docs/research.md)."""
    low, high = getattr(enc, "observation_range", (0.0, 1.0))
    return float(low), float(high)


def perfect_information(pkg: GamePackage) -> bool:
    return bool(getattr(pkg.rules, "perfect_information", True))


def make_opponent(pkg: GamePackage, name: str, seed: int = 0) -> Player:
    """A computer player of the game by name (``typhoon.ai.base.make_player``: the game's own
    players, then the generic ones such as "random" and the search levels); ``ParseError``
    listing the names if unknown."""
    from ..ai.base import make_player

    return make_player(name, game=pkg.name, seed=seed)


def opponent_move(pkg: GamePackage, game: Game, player: Player, side: str) -> None:
    """Let ``player`` (the computer player of ``side``) choose and play one action.

    With hidden information it chooses on ``game.observed(side)`` (nothing it may not see) and its
    action is checked against the true game; with perfect information it reads the game itself,
    as it always did (no copy per decision)."""
    if perfect_information(pkg):
        game.push(player.choose(game), validate=False)
    else:
        game.push(player.choose(game.observed(side, keep_history=False)))


def outcome_returns(pkg: GamePackage, game: Game) -> dict[str, float]:
    """Terminal returns by side: +1 to the winner, the losers share -1; 0 each for a draw or
    an unfinished game."""
    out = game.outcome()
    sides = pkg.sides
    if out is None or out.winner is None:
        return dict.fromkeys(sides, 0.0)
    lose = -1.0 / max(1, len(sides) - 1)
    return {s: (1.0 if s == out.winner else lose) for s in sides}
