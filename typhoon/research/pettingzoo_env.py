"""Typhoon games as PettingZoo AEC environments (``env(game="bfm")``; agents are the game's sides).

``agent_selection`` is always the player to act; a player may act many times in a row (one
move per unit, then "end"). Chance events (die rolls, hidden draws) are made inside the
environment by the game's own seeded dice (``reset(seed=...)`` seeds them), so agents only ever
see decisions. Observations are dicts ``{"observation": float32 tensor (encoding.observation_shape),
"action_mask": int8 vector}``; actions are indices of the game's research encoding
(``registry.get(game).encoding(options)``). An agent's observation is made from the state as that
agent may know it (``rules.observe``): nothing the agent may not see reaches it. Rewards: +1 /
-1 to the winner / loser at the end, 0 each for a draw. An illegal action raises
``IllegalActionError`` naming it (the game is unchanged).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core.errors import IllegalActionError
from ..core.game import Game
from .common import DEFAULT_GAME, encoding_of, observation, observation_range, outcome_returns, package
from .text import board_text


def env(**kwargs: Any) -> TyphoonAECEnv:
    """The environment (PettingZoo convention: a module-level ``env`` factory)."""
    return TyphoonAECEnv(**kwargs)


class TyphoonAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "rgb_array"], "name": "typhoon_v0", "is_parallelizable": False}

    def __init__(self, game: str = DEFAULT_GAME, options: dict[str, Any] | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.pkg = package(game)  # ParseError lists the games
        self.metadata = {**type(self).metadata, "name": f"typhoon_{game}_v0"}
        self.game_options = self.pkg.normalise_options(dict(options or {}))  # ParseError names a bad option
        self.encoding = encoding_of(self.pkg, self.game_options)
        self.render_mode = render_mode
        self.possible_agents = list(self.pkg.sides)
        n = int(self.encoding.num_actions)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(*observation_range(self.encoding), tuple(self.encoding.observation_shape), np.float32),
                "action_mask": spaces.Box(0, 1, (n,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(n)
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
        self.game = self.pkg.new_game({**self.game_options, **extra}, seed=game_seed, keep_history=False)
        if extra:
            self.encoding = encoding_of(self.pkg, self.game.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Make chance events until a player must decide; set ``agent_selection`` or end the episode."""
        g = self.game
        g.play_until_decision()
        if g.is_over():
            out = g.outcome()
            returns = outcome_returns(self.pkg, g)
            for a in self.agents:
                self.terminations[a] = True
                self.rewards[a] = returns[a]
                self.infos[a] = {"outcome": out.reason, "winner": out.winner}
            # the finished agents are stepped with None in order, starting with the first side
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
            act = self.encoding.decode(g.state, int(action))
        except ValueError as e:
            raise IllegalActionError(f"action {action}: {e}") from None
        g.push(act)  # validates: IllegalActionError names the action and why; the game is unchanged
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._advance()
        self._accumulate_rewards()

    # -- looking ----------------------------------------------------------------------------
    def action_mask(self, agent: str | None = None) -> np.ndarray:
        agent = agent or self.agent_selection
        if self.game.is_over() or agent != self.game.current_player:
            return np.zeros(self.encoding.num_actions, np.int8)
        return np.asarray(self.encoding.legal_mask(self.game.state)).astype(np.int8)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: made from what ``agent`` may know, and its action mask."""
        return {
            "observation": observation(self.pkg, self.encoding, self.game.state, agent),
            "action_mask": self.action_mask(agent),
        }

    def render(self):
        """"ansi": the position as a spectator sees it; "rgb_array": the board picture (uint8,
        height x width x 3)."""
        if self.render_mode == "ansi":
            return board_text(self.pkg, self.game, None)
        if self.render_mode == "rgb_array":
            from .render import rgb_array

            return rgb_array(self.pkg, self.game, None)
        return None

    def close(self) -> None:
        pass
