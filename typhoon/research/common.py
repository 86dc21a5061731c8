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


# -- truncation ----------------------------------------------------------------------------------
def max_decisions(enc: Encoding) -> int:
    """The default bound on decisions in an episode (truncation): the encoding's
    ``max_decisions`` when it declares one, else 10,000."""
    return int(getattr(enc, "max_decisions", 10_000))


# -- rewards -------------------------------------------------------------------------------------
#: the reward terms an environment can weigh (docs/research.md "Rewards")
REWARD_TERMS = ("terminal", "share", "score", "losses")


def reward_weights(rewards: dict[str, float] | str | None, shaping: float = 0.0) -> dict[str, float]:
    """Reward weights by term, checked: ``"terminal"`` (the default) is ``{"terminal": 1}``;
    a dict names the terms it uses. ``shaping`` (the older argument) adds to ``share``."""
    if rewards is None or rewards == "terminal":
        w = {"terminal": 1.0}
    elif isinstance(rewards, str):
        if rewards not in REWARD_TERMS:
            raise ParseError(f"unknown reward {rewards!r}; terms: {list(REWARD_TERMS)}")
        w = {"terminal": 1.0, rewards: 1.0}
    else:
        unknown = set(rewards) - set(REWARD_TERMS)
        if unknown:
            raise ParseError(f"unknown reward term(s) {sorted(unknown)}; terms: {list(REWARD_TERMS)}")
        w = {k: float(v) for k, v in rewards.items()}
    if shaping:
        w["share"] = w.get("share", 0.0) + float(shaping)
    return {k: v for k, v in w.items() if v}


class Shaper:
    """Dense reward terms for one side, each a change of a value in [-1, 1] or [0, 1]:

    * ``share``: the side's share of the controlled places of its view (cities);
    * ``score``: the side's share of the victory points of its view (``view["score"]``);
    * ``losses``: strength the enemy lost minus strength the side lost since the start, each as
      a fraction of its starting strength (the encoding's ``material(state, side)``).

    Everything is read from the side's own view or observed state (nothing hidden)."""

    def __init__(self, pkg: GamePackage, enc: Encoding, side: str, weights: dict[str, float]) -> None:
        self.pkg, self.enc, self.side = pkg, enc, side
        self.enemy = next(s for s in pkg.sides if s != side)
        self.weights = {k: v for k, v in weights.items() if k != "terminal"}
        self.terminal = weights.get("terminal", 0.0)
        if "losses" in self.weights and not callable(getattr(enc, "material", None)):
            raise ParseError(f"game {pkg.name!r}: its encoding has no material(), so 'losses' cannot be measured")
        self._start: dict[str, float] = {}
        self._last: dict[str, float] = {}

    def reset(self, game: Game) -> None:
        self._start = self._material(game) if "losses" in self.weights else {}
        self._last = self._values(game)

    def _material(self, game: Game) -> dict[str, float]:
        known = observed_state(game.rules, game.state, self.side)
        return {s: float(self.enc.material(known, s)) for s in (self.side, self.enemy)}

    def _values(self, game: Game) -> dict[str, float]:
        if not self.weights:
            return {}
        out: dict[str, float] = {}
        view = None
        if "share" in self.weights or "score" in self.weights:
            view = self.pkg.view(observed_state(game.rules, game.state, self.side), self.side)
        if "share" in self.weights:
            control = view.get("control") or {}
            out["share"] = sum(1 for v in control.values() if v == self.side) / max(1, len(control))
        if "score" in self.weights:
            score = view.get("score") or {}
            total = sum(float(v) for v in score.values())
            out["score"] = float(score.get(self.side, 0.0)) / total if total else 0.0
        if "losses" in self.weights:
            m = self._material(game)
            lost = {s: 1.0 - m[s] / self._start[s] if self._start.get(s) else 0.0 for s in m}
            out["losses"] = lost[self.enemy] - lost[self.side]
        return out

    def step(self, game: Game) -> float:
        """The dense reward since the last call, plus the terminal reward if the game is over."""
        now = self._values(game)
        r = sum(self.weights[k] * (now[k] - self._last[k]) for k in now)
        self._last = now
        if game.is_over():
            pkg = self.pkg
            r += self.terminal * outcome_returns(pkg, game)[self.side]
        return float(r)


# -- the factored action space -------------------------------------------------------------------
def factor_sizes(enc: Encoding) -> tuple[int, int]:
    """``(actors, whats)`` of the encoding's factored action space; ``ParseError`` if it has none."""
    sizes = getattr(enc, "factor_sizes", None)
    if sizes is None or getattr(enc, "action_factors", None) is None:
        raise ParseError("this game's encoding offers no factored action space (factor_sizes, action_factors)")
    return int(sizes[0]), int(sizes[1])


def factored_masks(enc: Encoding, mask: Any) -> tuple[Any, Any]:
    """From a flat legal mask, the masks of the two heads: ``actor`` (bool ``A``) and
    ``what`` given the actor (bool ``A x B``: row ``a`` = the choices open to actor ``a``)."""
    import numpy as np

    a_n, b_n = factor_sizes(enc)
    pairs = enc.action_factors[np.flatnonzero(mask)]
    actor = np.zeros(a_n, bool)
    what = np.zeros((a_n, b_n), bool)
    if len(pairs):
        actor[pairs[:, 0]] = True
        what[pairs[:, 0], pairs[:, 1]] = True
    return actor, what


def flat_index(enc: Encoding, actor: int, what: int) -> int | None:
    """The flat index of the factored action (actor, what), or None if no action is that pair."""
    import numpy as np

    keys, order, width = _inverse_factors(enc)
    if not (0 <= int(what) < width) or int(actor) < 0:
        return None
    key = int(actor) * width + int(what)
    i = int(np.searchsorted(keys, key))
    return int(order[i]) if i < len(keys) and keys[i] == key else None


_INVERSE: dict[int, tuple[Any, tuple[Any, Any, int]]] = {}


def _inverse_factors(enc: Encoding) -> tuple[Any, Any, int]:
    """(sorted pair keys ``actor * whats + what``, their flat indices, ``whats``) of the
    encoding's factored table: two int64 arrays, built once per table with numpy (a Python
    dict of a large game's millions of actions took seconds and hundreds of megabytes)."""
    import numpy as np

    table = enc.action_factors
    key = id(table)
    if key not in _INVERSE or _INVERSE[key][0] is not table:  # the table is kept: its id stays its own
        _, width = factor_sizes(enc)
        pairs = np.asarray(table, dtype=np.int64)
        flat = np.flatnonzero(pairs[:, 0] >= 0)
        keys = pairs[flat, 0] * width + pairs[flat, 1]
        order = np.argsort(keys, kind="stable")
        _INVERSE[key] = (table, (keys[order], flat[order], width))
    return _INVERSE[key][1]


def games_with_encoding() -> list[str]:
    """The games of the registry that offer a research encoding (the ones the adapters serve);
    a game whose package cannot be imported is left out."""
    out = []
    for name in registry.names():
        try:
            if registry.get(name).encoding() is not None:
                out.append(name)
        except ImportError:
            continue
    return out
