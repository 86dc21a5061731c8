"""Battle for Moscow as a single-agent Gymnasium environment, ``TyphoonBfm-v0``.

The learner plays one side (``side``); the other side is a Typhoon computer player chosen by
name (``opponent``: "random" by default, "heuristic", or any registered name), and the dice are
rolled inside the environment by the game's own seeded dice. Each ``step`` is one decision of
the learner; the environment then plays the opponent and the dice until the learner must decide
again (or the game ends).

* observation: float32 tensor ``encoding.OBS_SHAPE`` from the learner's point of view
* action: ``Discrete(encoding.NUM_ACTIONS)``; the legal ones are ``env.action_masks()`` (the
  name sb3-contrib's MaskablePPO looks for) and ``info["action_mask"]``
* reward: +1 win, -1 loss, 0 draw, at the end only. ``shaping`` (off by default) adds
  ``shaping * (change in the learner's share of the 11 cities)`` after each step.
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

from ..ai.base import make_player
from ..core.errors import IllegalActionError
from ..core.game import Game
from ..games.bfm import encoding as enc
from ..games.bfm import new_game
from .text import board_text

ENV_ID = "TyphoonBfm-v0"


class TyphoonBfmEnv(gym.Env):
    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 4}

    def __init__(
        self,
        side: str = "german",
        opponent: str = "random",
        options: dict[str, Any] | None = None,
        shaping: float = 0.0,
        illegal: str = "penalty",
        illegal_penalty: float = -0.01,
        render_mode: str | None = None,
    ) -> None:
        if side not in ("german", "soviet"):
            raise ValueError(f"side must be 'german' or 'soviet', not {side!r}")
        if illegal not in ("raise", "penalty"):
            raise ValueError(f"illegal must be 'raise' or 'penalty', not {illegal!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.side = side
        self.enemy = "soviet" if side == "german" else "german"
        self.opponent_name = opponent
        make_player(opponent)  # ParseError now if the name is unknown
        self.game_options = dict(options or {})
        new_game(self.game_options)  # checks the options
        self.shaping = float(shaping)
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, enc.OBS_SHAPE, np.float32)
        self.action_space = spaces.Discrete(enc.NUM_ACTIONS)
        self.game: Game | None = None
        self.opponent = None

    # -- episode ----------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        extra = (options or {}).get("game_options") or {}
        self.game = new_game({**self.game_options, **extra}, seed=game_seed, keep_history=False)
        self.opponent = make_player(self.opponent_name, seed=game_seed + 1)
        self._play_others()
        return self._obs(), self._info()

    def _play_others(self) -> None:
        """Roll dice and let the opponent move until the learner decides or the game ends."""
        g = self.game
        while not g.is_over():
            if g.is_chance():
                g.roll()
            elif g.current_player == self.side:
                return
            else:
                g.push(self.opponent.choose(g), validate=False)

    def _share(self) -> float:
        control = self.game.state.control
        return sum(1 for v in control.values() if v == self.side) / max(1, len(control))

    def step(self, action: int):
        g = self.game
        if g is None:
            raise RuntimeError("call reset() before step()")
        if g.is_over():
            raise RuntimeError("the episode is over; call reset()")
        before = self._share()
        try:
            g.push(enc.decode(g.state, int(action)))  # validates; a refused action changes nothing
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
            winner = g.outcome().winner
            reward += 0.0 if winner is None else (1.0 if winner == self.side else -1.0)
        return self._obs(), float(reward), terminated, False, self._info()

    # -- looking ----------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        g = self.game
        if g is None or g.is_over():
            return np.zeros(enc.NUM_ACTIONS, bool)
        return enc.legal_mask(g.state, list(g.legal_actions))

    def _obs(self) -> np.ndarray:
        return enc.observation(self.game.state, self.side)

    def _info(self) -> dict[str, Any]:
        g = self.game
        info: dict[str, Any] = {"action_mask": self.action_masks(), "turn": g.state.turn, "phase": g.state.phase}
        out = g.outcome()
        if out is not None:
            info["winner"], info["reason"] = out.winner, out.reason
        return info

    def render(self):
        """"ansi": the position as text; "rgb_array": the board picture (uint8, height x width x 3)."""
        if self.render_mode == "ansi":
            return board_text(self.game)
        if self.render_mode == "rgb_array":
            from .render import rgb_array

            return rgb_array(self.game)
        return None


def register() -> None:
    """Register ``TyphoonBfm-v0`` with Gymnasium (done on import of this module)."""
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="typhoon.research.gym_env:TyphoonBfmEnv")


register()
