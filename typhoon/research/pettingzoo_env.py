"""Battle for Moscow as a PettingZoo AEC environment (agents "german" and "soviet").

``agent_selection`` is always the player to act; a player may act many times in a row (one
move per unit, then "end"). Die rolls are made inside the environment by the game's own seeded
dice (``reset(seed=...)`` seeds them), so agents only ever see decisions. Observations are dicts
``{"observation": float32 tensor (encoding.OBS_SHAPE), "action_mask": int8 vector}``; actions are
indices of ``typhoon.games.bfm.encoding``. Rewards: +1 / -1 to the winner / loser at the end, 0
each for a draw. An illegal action raises ``IllegalActionError`` naming it (the game is unchanged).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.errors import IllegalActionError
from ..core.game import Game
from ..games.bfm import encoding as enc
from ..games.bfm import new_game
from .text import board_text

AGENTS = ("german", "soviet")


def env(**kwargs: Any) -> BfmAECEnv:
    """The environment (PettingZoo convention: a module-level ``env`` factory)."""
    return BfmAECEnv(**kwargs)


class BfmAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "typhoon_bfm_v0", "is_parallelizable": False}

    def __init__(self, options: dict[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.game_options = dict(options or {})
        new_game(self.game_options)  # checks the options now (ParseError names a bad one)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, enc.OBS_SHAPE, np.float32),
                "action_mask": spaces.Box(0, 1, (enc.NUM_ACTIONS,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(enc.NUM_ACTIONS)
        self.game: Game | None = None
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # -- episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        game_seed = int(self._seed_rng.integers(2**31))
        # reset options: {"game_options": {...}} overrides the game options for this episode
        # (other keys are ignored, as PettingZoo's api_test passes arbitrary ones)
        extra = (options or {}).get("game_options") or {}
        self.game = new_game({**self.game_options, **extra}, seed=game_seed, keep_history=False)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Roll dice until a player must decide; set ``agent_selection`` or end the episode."""
        g = self.game
        g.play_until_decision()
        if g.is_over():
            out = g.outcome()
            for a in self.agents:
                self.terminations[a] = True
                self.rewards[a] = 0 if out.winner is None else (1 if a == out.winner else -1)
                self.infos[a] = {"outcome": out.reason, "winner": out.winner}
            # the dead agents are stepped with None in order, starting with the German
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = g.current_player

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        g = self.game
        if action is None:
            raise IllegalActionError(f"{agent} must choose an action (None is only for finished agents)")
        try:
            act = enc.decode(g.state, int(action))
        except ValueError as e:
            raise IllegalActionError(f"action {action}: {e}") from None
        g.push(act)  # validates: IllegalActionError names the action and why; the game is unchanged
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0)
        self._advance()
        self._accumulate_rewards()

    # -- looking ----------------------------------------------------------------------------
    def action_mask(self, agent: str | None = None) -> np.ndarray:
        agent = agent or self.agent_selection
        if self.game.is_over() or agent != self.game.current_player:
            return np.zeros(enc.NUM_ACTIONS, np.int8)
        return enc.legal_mask(self.game.state, list(self.game.legal_actions)).astype(np.int8)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": enc.observation(self.game.state, agent), "action_mask": self.action_mask(agent)}

    def render(self):
        """"ansi": the position as text; "rgb_array": the board picture (uint8, height x width x 3)."""
        if self.render_mode == "ansi":
            return board_text(self.game)
        if self.render_mode == "rgb_array":
            from .render import rgb_array

            return rgb_array(self.game)
        return None

    def close(self) -> None:
        pass
