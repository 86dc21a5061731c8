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
* action: ``Discrete(encoding.num_actions)``; the legal ones are ``env.action_masks()`` (the
  name sb3-contrib's MaskablePPO looks for) and ``info["action_mask"]``
* reward: +1 win, -1 loss, 0 draw, at the end only. ``shaping`` (off by default) adds
  ``shaping * (change in the learner's share of the controlled places of its view)`` after each
  step.
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
    check_side,
    encoding_of,
    make_opponent,
    observation,
    observation_range,
    opponent_move,
    outcome_returns,
    package,
)
from .text import board_text, seat_view


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
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(*observation_range(self.encoding), tuple(self.encoding.observation_shape), np.float32)
        self.action_space = spaces.Discrete(int(self.encoding.num_actions))
        self.game: Game | None = None
        self.opponent = None

    # -- episode ----------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        extra = (options or {}).get("game_options") or {}
        self.game = self.pkg.new_game({**self.game_options, **extra}, seed=game_seed, keep_history=False)
        if extra:
            self.encoding = encoding_of(self.pkg, self.game.options)
        self.opponent = make_opponent(self.pkg, self.opponent_name, seed=game_seed + 1)
        self._play_others()
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

    def _share(self) -> float:
        """The learner's share of the places its view shows as controlled by someone."""
        control = seat_view(self.pkg, self.game.state, self.side).get("control") or {}
        return sum(1 for v in control.values() if v == self.side) / max(1, len(control))

    def step(self, action: int):
        g = self.game
        if g is None:
            raise RuntimeError("call reset() before step()")
        if g.is_over():
            raise RuntimeError("the episode is over; call reset()")
        before = self._share() if self.shaping else 0.0
        try:
            g.push(self.encoding.decode(g.state, int(action)))  # validates; a refused action changes nothing
        except (ValueError, IllegalActionError) as e:
            if self.illegal == "raise":
                raise IllegalActionError(f"action {action}: {e}") from None
            info = self._info()
            info["illegal"] = f"action {action}: {e}"
            return self._obs(), self.illegal_penalty, False, False, info
        self._play_others()
        reward = self.shaping * (self._share() - before) if self.shaping else 0.0
        terminated = g.is_over()
        if terminated:
            reward += outcome_returns(self.pkg, g)[self.side]
        return self._obs(), float(reward), terminated, False, self._info()

    # -- looking ----------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        g = self.game
        if g is None or g.is_over():
            return np.zeros(self.encoding.num_actions, bool)
        return np.asarray(self.encoding.legal_mask(g.state), dtype=bool)

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
