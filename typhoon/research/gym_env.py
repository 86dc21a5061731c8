"""Typhoon games as single-agent Gymnasium environments: ``TyphoonBfm-v0``, ``TyphoonMini-v0``, ...

One id per game of the registry (``Typhoon<Name>-v0``, registered on import of this module;
``gymnasium.make(ENV_IDS["bfm"])``), or ``TyphoonEnv(game=...)`` directly. The learner plays one
side (``side``, default the game's first); the other side is a Typhoon computer player chosen by
name (``opponent``: "random" by default, or any name ``typhoon.ai.base.make_player`` knows for the
game), and chance events are made inside the environment by the game's own seeded dice. Each
``step`` is one decision of the learner; the environment then plays the opponent and the dice
until the learner must decide again (or the game ends). The opponent of a game with hidden
information chooses on ``game.observed(its side)``.

* observation: float32 tensor ``encoding.observation_shape``, made from what the learner may know
  (``rules.observe``)
* action (``actions="flat"``, the default): ``Discrete(encoding.num_actions)``; the legal ones
  are ``env.action_masks()`` (the name sb3-contrib's MaskablePPO looks for) and
  ``info["action_mask"]``. ``actions="factored"``: ``MultiDiscrete([actors, whats])`` (e.g.
  unit, then destination; the encoding's ``factor_sizes``/``action_factors``); ``action_masks()``
  is then the actor mask followed by the union of the "what" masks (the per-dimension masks
  MaskablePPO takes), and ``env.factored_masks()`` gives the exact one: what each actor may do.
* reward: ``rewards`` weighs the terms (``common.Shaper``): ``"terminal"`` (+1 win, -1 loss, 0
  draw, at the end; the default), ``"share"`` (change in the learner's share of the controlled
  places of its view: cities), ``"score"`` (change in its share of the victory points of its
  view), ``"losses"`` (change in enemy strength lost minus own strength lost, as fractions of the
  starting strengths): ``rewards={"terminal": 1, "losses": 0.5}``, or a term's name for terminal
  plus that term. ``shaping=x`` (older) adds ``x`` to the weight of ``"share"``.
* truncation: after ``max_steps`` learner steps (illegal attempts count; default the encoding's
  ``max_decisions``), ``truncated`` is True, so an agent that never finds a legal move still ends.
* illegal actions: every index of the action space is a valid input to ``step`` (Gymnasium's
  contract, which ``check_env`` tests), so by default (``illegal="penalty"``) an illegal index
  leaves the game unchanged and returns reward ``illegal_penalty`` (-0.01), not terminated, with
  ``info["illegal"]`` = the reason (e.g. "move 19A 0606: not legal now (...)").
  ``illegal="raise"`` raises ``IllegalActionError`` with that reason instead.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core.errors import IllegalActionError
from ..core.game import Game
from ..games import registry
from .common import (
    DEFAULT_GAME,
    Shaper,
    check_side,
    encoding_of,
    factor_sizes,
    factored_masks,
    flat_index,
    make_opponent,
    max_decisions,
    observation,
    observation_range,
    opponent_move,
    package,
    reward_weights,
)
from .text import board_text


def env_id(game: str) -> str:
    """``TyphoonBfm-v0`` for "bfm"."""
    return "Typhoon" + "".join(part.capitalize() for part in game.replace("-", "_").split("_")) + "-v0"


class TyphoonEnv(gym.Env):
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        side: str | None = None,
        opponent: str = "random",
        options: dict[str, Any] | None = None,
        shaping: float = 0.0,
        illegal: str = "penalty",
        illegal_penalty: float = -0.01,
        render_mode: str | None = None,
        rewards: dict[str, float] | str | None = None,
        max_steps: int | None = None,
        actions: str = "flat",
    ) -> None:
        self.pkg = pkg = package(game)  # ParseError lists the games
        side = pkg.sides[0] if side is None else side
        check_side(pkg, side)
        if illegal not in ("raise", "penalty"):
            raise ValueError(f"illegal must be 'raise' or 'penalty', not {illegal!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.side = side
        self.enemy = next(s for s in pkg.sides if s != side)
        self.opponent_name = opponent
        make_opponent(pkg, opponent)  # ParseError now if the name is unknown
        self.game_options = pkg.normalise_options(dict(options or {}))  # ParseError names a bad option
        self.encoding = encoding_of(pkg, self.game_options)
        self.shaping = float(shaping)
        self.reward_weights = reward_weights(rewards, shaping)
        Shaper(pkg, self.encoding, side, self.reward_weights)  # ParseError now for a term the game cannot measure
        self.max_steps = int(max_steps) if max_steps is not None else max_decisions(self.encoding)
        if actions not in ("flat", "factored"):
            raise ValueError(f"actions must be 'flat' or 'factored', not {actions!r}")
        self.actions = actions
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(*observation_range(self.encoding), tuple(self.encoding.observation_shape), np.float32)
        if actions == "factored":
            self.action_space = spaces.MultiDiscrete(list(factor_sizes(self.encoding)))  # ParseError if none
        else:
            self.action_space = spaces.Discrete(int(self.encoding.num_actions))
        self.game: Game | None = None
        self.opponent = None
        self.shaper: Shaper | None = None
        self.steps = 0
        self._done_decisions = 0
        self._mask: np.ndarray | None = None  # the legal mask of the game at log length _mask_key[1]
        self._mask_key: tuple[Game, int] | None = None

    # -- episode ----------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        self._done_decisions += self._decisions_now()
        game_seed = int(self.np_random.integers(2**31))
        extra = (options or {}).get("game_options") or {}
        self.game = self.pkg.new_game({**self.game_options, **extra}, seed=game_seed, keep_history=False)
        if extra:
            self.encoding = encoding_of(self.pkg, self.game.options)
        self.opponent = make_opponent(self.pkg, self.opponent_name, seed=game_seed + 1)
        self.shaper = Shaper(self.pkg, self.encoding, self.side, self.reward_weights)
        self.steps = 0
        self._play_others()
        self.shaper.reset(self.game)
        return self._obs(), self._info()

    def _play_others(self) -> None:
        """Make chance events and let the opponent move until the learner decides or the game ends."""
        g = self.game
        while not g.is_over():
            if g.is_chance():
                g.roll()
            elif g.current_player == self.side:
                return
            else:
                opponent_move(self.pkg, g, self.opponent, g.current_player)

    def _flat(self, action: Any) -> int:
        """The flat index of an action of the action space (a pair in the factored form)."""
        if self.actions == "flat":
            return int(action)
        actor, what = (int(x) for x in np.asarray(action).reshape(-1)[:2])
        index = flat_index(self.encoding, actor, what)
        if index is None:
            raise ValueError(f"no action is the pair (actor {actor}, what {what})")
        return index

    def step(self, action: Any):
        g = self.game
        if g is None:
            raise RuntimeError("call reset() before step()")
        if g.is_over():
            raise RuntimeError("the episode is over; call reset()")
        self.steps += 1
        truncated = self.steps >= self.max_steps
        try:
            index = self._flat(action)
            g.push(self.encoding.decode(g.state, index))  # validates; a refused action changes nothing
        except (ValueError, IllegalActionError) as e:
            if self.illegal == "raise":
                raise IllegalActionError(f"action {action}: {e}") from None
            info = self._info()
            info["illegal"] = f"action {action}: {e}"
            return self._obs(), self.illegal_penalty, False, truncated, info
        self._play_others()
        reward = self.shaper.step(g)
        terminated = g.is_over()
        return self._obs(), float(reward), terminated, truncated and not terminated, self._info()

    # -- looking ----------------------------------------------------------------------------
    def decisions(self) -> int:
        """Decisions (non-chance actions of both sides) made in all episodes so far (benchmarks)."""
        return self._done_decisions + self._decisions_now()

    def _decisions_now(self) -> int:
        g = self.game
        return 0 if g is None else sum(1 for e in g.log if not e.chance)

    def legal_mask(self) -> np.ndarray:
        """The flat legal mask (bool, ``encoding.num_actions``; a new array each call). Made once
        per decision: kept until the game moves on (its log grows at every action), so the
        step's ``info["action_mask"]`` and the caller's ``action_masks()`` share one."""
        g = self.game
        if g is None or g.is_over():
            return np.zeros(self.encoding.num_actions, bool)
        key = (g, len(g.log))
        if self._mask_key is None or self._mask_key[0] is not g or self._mask_key[1] != key[1]:
            self._mask = np.asarray(self.encoding.legal_mask(g.state), dtype=bool)
            self._mask_key = key
        return self._mask.copy()

    def action_masks(self) -> np.ndarray:
        """The mask of the action space: the flat mask, or (factored) the actor mask followed by
        the union of the "what" masks."""
        flat = self.legal_mask()
        if self.actions == "flat":
            return flat
        actor, what = factored_masks(self.encoding, flat)
        return np.concatenate([actor, what.any(axis=0)])

    def factored_masks(self) -> tuple[np.ndarray, np.ndarray]:
        """(actor mask ``A``, what mask given the actor ``A x B``): the exact factored masks."""
        return factored_masks(self.encoding, self.legal_mask())

    def _obs(self) -> np.ndarray:
        return observation(self.pkg, self.encoding, self.game.state, self.side)

    def _info(self) -> dict[str, Any]:
        g = self.game
        info: dict[str, Any] = {"action_mask": self.action_masks()}
        out = g.outcome()
        if out is not None:
            info["winner"], info["reason"] = out.winner, out.reason
        return info

    def render(self):
        """"ansi": the position as the learner sees it; "rgb_array": the board picture (uint8,
        height x width x 3)."""
        if self.render_mode == "ansi":
            return board_text(self.pkg, self.game, self.side)
        if self.render_mode == "rgb_array":
            from .render import rgb_array

            return rgb_array(self.pkg, self.game, self.side)
        return None


#: game name -> Gymnasium id, for every game of the registry
ENV_IDS: dict[str, str] = {}


def register() -> None:
    """Register ``Typhoon<Game>-v0`` for every game of the registry (done on import of this
    module; the game's package is imported only when an environment is made)."""
    for game in registry.names():
        eid = env_id(game)
        ENV_IDS[game] = eid
        if eid not in gym.registry:
            gym.register(id=eid, entry_point="typhoon.research.gym_env:TyphoonEnv", kwargs={"game": game})


register()


def vector_env(
    game: str = DEFAULT_GAME,
    num_envs: int = 4,
    mode: str = "sync",
    **kwargs: Any,
) -> gym.vector.VectorEnv:
    """Several games at once through Gymnasium's vector API: ``mode="sync"`` steps them in this
    process, ``"async"`` in ``num_envs`` worker processes (``gymnasium.vector.AsyncVectorEnv``).
    ``kwargs`` go to each :class:`TyphoonEnv`. The masks of all games:
    ``envs.call("action_masks")`` (a tuple, one per game); episodes reset themselves
    (Gymnasium's next-step autoreset).

    The faster forms (``typhoon.research.vector``, flat actions only): ``mode="loop"``, every
    game in one loop of this process (``TyphoonVectorEnv``), and ``"processes"``, the games split
    over ``processes=`` worker processes (``ProcessVectorEnv``); their masks are
    ``envs.action_masks()`` (one bool array)."""
    if mode in ("loop", "processes"):
        from . import vector

        if mode == "loop":
            return vector.TyphoonVectorEnv(game, num_envs, **kwargs)
        return vector.ProcessVectorEnv(game, num_envs, **kwargs)
    if mode not in ("sync", "async"):
        raise ValueError(f"mode must be 'sync', 'async', 'loop' or 'processes', not {mode!r}")
    fns = [_env_factory(game, kwargs) for _ in range(num_envs)]
    if mode == "async":
        return gym.vector.AsyncVectorEnv(fns, context="spawn" if kwargs.pop("spawn", False) else None)
    return gym.vector.SyncVectorEnv(fns)


def _env_factory(game: str, kwargs: dict[str, Any]):
    def make() -> TyphoonEnv:
        return TyphoonEnv(game=game, **kwargs)

    return make
