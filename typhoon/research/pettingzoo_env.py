"""Typhoon games as PettingZoo environments: AEC (``env(game="bfm")``) and Parallel
(``parallel_env(game="bfm")``); agents are the game's sides.

Both are built on one match (:class:`Match`): chance events (die rolls, hidden draws) are made
inside by the game's own seeded dice (``reset(seed=...)`` seeds them), so agents only ever see
decisions. Observations are dicts ``{"observation": float32 tensor (encoding.observation_shape,
documented planes), "action_mask": int8 vector}``. An agent's observation is made from the state
as that agent may know it (``rules.observe``): nothing the agent may not see reaches it.

Actions: ``Discrete(encoding.num_actions + 1)``: the indices of the game's research encoding,
and one more, ``WAIT`` (= ``num_actions``), the only legal action of an agent who is not to act
(the game is turn-based: in a Parallel step, and in an AEC cycle, only the player to act moves).

Agent order (AEC): ``agent_order="turns"`` (the default) selects the player to act, who may act
many times in a row (one move per unit, then "end"); ``"cycles"`` selects the agents in turn,
each once per cycle, the one not to act answering ``WAIT`` (PettingZoo's cycle convention, which
``max_cycles`` counts; it is the default when ``max_cycles`` is given).

Truncation: after ``max_cycles`` cycles (AEC "cycles" and Parallel: steps; AEC "turns":
``max_cycles`` x the number of agents decisions); by default after the encoding's
``max_decisions``, so no agent loops forever.

Rewards: +1 / -1 to the winner / loser at the end, 0 each for a draw, and the dense terms of
``rewards`` (``"share"``, ``"score"``, ``"losses"``: ``common.Shaper``) per agent.

Illegal actions: by default (``illegal="penalty"``) an illegal index leaves the game unchanged
and gives the agent ``illegal_penalty`` (-0.01), with ``infos[agent]["illegal"]`` the reason;
``illegal="raise"`` raises ``IllegalActionError`` naming it (the game is unchanged).

Rendering: ``"human"`` prints the position as text, ``"ansi"`` returns it, ``"rgb_array"``
returns the board picture.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..core.errors import IllegalActionError
from ..core.game import Game
from .common import (
    DEFAULT_GAME,
    Shaper,
    encoding_of,
    max_decisions,
    observation,
    observation_range,
    package,
    reward_weights,
)
from .text import board_text

RENDER_MODES = ["human", "ansi", "rgb_array"]


def env(**kwargs: Any) -> TyphoonAECEnv:
    """The AEC environment (PettingZoo convention: a module-level ``env`` factory)."""
    return TyphoonAECEnv(**kwargs)


def raw_env(**kwargs: Any) -> TyphoonAECEnv:
    return TyphoonAECEnv(**kwargs)


def parallel_env(**kwargs: Any) -> TyphoonParallelEnv:
    """The Parallel environment (PettingZoo convention: ``parallel_env``)."""
    return TyphoonParallelEnv(**kwargs)


class Match:
    """One game between the agents, for either API: options, spaces, dice, rewards, truncation."""

    def __init__(
        self,
        game: str,
        options: dict[str, Any] | None,
        render_mode: str | None,
        illegal: str,
        illegal_penalty: float,
        rewards: dict[str, float] | str | None,
    ) -> None:
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode must be one of {RENDER_MODES} or None, not {render_mode!r}")
        if illegal not in ("raise", "penalty"):
            raise ValueError(f"illegal must be 'raise' or 'penalty', not {illegal!r}")
        self.pkg = package(game)  # ParseError lists the games
        self.game_options = self.pkg.normalise_options(dict(options or {}))  # ParseError names a bad option
        self.encoding = encoding_of(self.pkg, self.game_options)
        self.render_mode = render_mode
        self.illegal, self.illegal_penalty = illegal, float(illegal_penalty)
        self.weights = reward_weights(rewards)
        self.agents = list(self.pkg.sides)
        n = int(self.encoding.num_actions)
        self.wait = n
        self.obs_space = spaces.Dict(
            {
                "observation": spaces.Box(*observation_range(self.encoding), tuple(self.encoding.observation_shape), np.float32),
                "action_mask": spaces.Box(0, 1, (n + 1,), np.int8),
            }
        )
        self.act_space = spaces.Discrete(n + 1)
        self.game: Game | None = None
        self.shapers: dict[str, Shaper] = {}
        self.seed_rng = np.random.default_rng()

    def reset(self, seed: int | None, options: dict | None) -> None:
        if seed is not None:
            self.seed_rng = np.random.default_rng(seed)
        game_seed = int(self.seed_rng.integers(2**31))
        # reset options: {"game_options": {...}} overrides the game options for this episode
        # (other keys are ignored, as PettingZoo's api tests pass arbitrary ones)
        extra = (options or {}).get("game_options") or {}
        self.game = self.pkg.new_game({**self.game_options, **extra}, seed=game_seed, keep_history=False)
        if extra:
            self.encoding = encoding_of(self.pkg, self.game.options)
        self.shapers = {a: Shaper(self.pkg, self.encoding, a, self.weights) for a in self.agents}
        self.game.play_until_decision()
        for s in self.shapers.values():
            s.reset(self.game)

    @property
    def to_act(self) -> str | None:
        g = self.game
        return None if g.is_over() else g.current_player

    def mask(self, agent: str) -> np.ndarray:
        m = np.zeros(self.wait + 1, np.int8)
        g = self.game
        if g.is_over():
            return m
        if agent != g.current_player:
            m[self.wait] = 1
            return m
        m[: self.wait] = np.asarray(self.encoding.legal_mask(g.state))
        return m

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {
            "observation": observation(self.pkg, self.encoding, self.game.state, agent),
            "action_mask": self.mask(agent),
        }

    def play(self, agent: str, action: Any) -> str | None:
        """``agent`` answers ``action``; returns None if it was accepted, else the reason it was
        refused (``illegal="penalty"``; with "raise" it raises). The game moves only when the
        player to act made a legal move; chance events are then made until the next decision."""
        g = self.game
        if action is None:
            why = f"{agent} must choose an action (None is only for finished agents)"
            return self._refuse(why)
        try:
            index = int(action)
        except (TypeError, ValueError):
            return self._refuse(f"action {action!r} is not an index")
        if agent != g.current_player:
            return None if index == self.wait else self._refuse(f"action {index}: {agent} is not to act; its only action is WAIT ({self.wait})")
        if index == self.wait:
            return self._refuse(f"action {index} (WAIT): {agent} is to act and may not wait")
        try:
            act = self.encoding.decode(g.state, index)
        except ValueError as e:
            return self._refuse(f"action {index}: {e}")
        try:
            g.push(act)  # validates: the reason names the action; the game is unchanged
        except IllegalActionError as e:
            return self._refuse(f"action {index}: {e}")
        g.play_until_decision()
        return None

    def _refuse(self, why: str) -> str:
        if self.illegal == "raise":
            raise IllegalActionError(why)
        return why

    def rewards(self) -> dict[str, float]:
        return {a: self.shapers[a].step(self.game) for a in self.agents}

    def end_info(self) -> dict[str, Any]:
        out = self.game.outcome()
        return {"outcome": out.reason, "winner": out.winner} if out is not None else {}

    def render(self) -> Any:
        """"human": print the position as a spectator sees it; "ansi": return it; "rgb_array":
        the board picture (uint8, height x width x 3)."""
        if self.render_mode in ("human", "ansi"):
            text = board_text(self.pkg, self.game, None)
            if self.render_mode == "ansi":
                return text
            print(text)
            return None
        if self.render_mode == "rgb_array":
            from .render import rgb_array

            return rgb_array(self.pkg, self.game, None)
        return None


class TyphoonAECEnv(AECEnv):
    metadata = {"render_modes": RENDER_MODES, "name": "typhoon_v0", "is_parallelizable": True, "render_fps": 4}

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        *,
        max_cycles: int | None = None,
        agent_order: str | None = None,
        illegal: str = "penalty",
        illegal_penalty: float = -0.01,
        rewards: dict[str, float] | str | None = None,
    ) -> None:
        super().__init__()
        self.match = Match(game, options, render_mode, illegal, illegal_penalty, rewards)
        self.pkg = self.match.pkg
        self.metadata = {**type(self).metadata, "name": f"typhoon_{game}_v0"}
        self.game_options = self.match.game_options
        self.render_mode = render_mode
        order = agent_order or ("cycles" if max_cycles is not None else "turns")
        if order not in ("turns", "cycles"):
            raise ValueError(f"agent_order must be 'turns' or 'cycles', not {agent_order!r}")
        self.agent_order = order
        self.possible_agents = list(self.pkg.sides)
        n_agents = len(self.possible_agents)
        if max_cycles is None:
            self.max_steps = max_decisions(self.match.encoding) * (n_agents if order == "cycles" else 1)
        else:
            self.max_steps = int(max_cycles) * n_agents
        self.max_cycles = max_cycles
        self._steps = 0

    @property
    def encoding(self) -> Any:
        return self.match.encoding

    @property
    def game(self) -> Game | None:
        return self.match.game

    @functools.lru_cache(maxsize=None)  # noqa: B019 (one space per agent, the same object each time)
    def observation_space(self, agent: str) -> spaces.Space:
        return self.match.obs_space

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space:
        return self.match.act_space

    # -- episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.match.reset(seed, options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._cycle_at = 0
        self._select()

    def _select(self) -> None:
        """The next agent: the player to act ("turns") or the next in the cycle ("cycles")."""
        if self.agent_order == "turns":
            self.agent_selection = self.match.to_act or self.agents[0]
        else:
            self.agent_selection = self.agents[self._cycle_at % len(self.agents)]

    def _finish(self) -> None:
        """Mark every agent terminated (game over) or truncated (step limit) when it is time."""
        if self.match.game.is_over():
            info = self.match.end_info()
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = dict(info)
        elif self._steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {"truncated": f"step limit {self.max_steps} reached"}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        why = self.match.play(agent, action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = self.match.rewards()
        self.infos = {a: {} for a in self.agents}
        if why is not None:
            self.rewards[agent] += self.match.illegal_penalty
            self.infos[agent]["illegal"] = why
        self._steps += 1
        self._cycle_at += 1
        self._finish()
        if not any(self.terminations.values()) and not any(self.truncations.values()):
            self._select()
        else:
            self.agent_selection = self.agents[0]
        self._accumulate_rewards()

    # -- looking ----------------------------------------------------------------------------
    def action_mask(self, agent: str | None = None) -> np.ndarray:
        return self.match.mask(agent or self.agent_selection)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: made from what ``agent`` may know, and its action mask."""
        return self.match.observe(agent)

    def render(self):
        return self.match.render()

    def close(self) -> None:
        pass


class TyphoonParallelEnv(ParallelEnv):
    """The Parallel API: every live agent answers each step; only the player to act moves, the
    other answers ``WAIT``. One step is one decision of the game."""

    metadata = {"render_modes": RENDER_MODES, "name": "typhoon_v0", "is_parallelizable": True, "render_fps": 4}

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        *,
        max_cycles: int | None = None,
        illegal: str = "penalty",
        illegal_penalty: float = -0.01,
        rewards: dict[str, float] | str | None = None,
    ) -> None:
        self.match = Match(game, options, render_mode, illegal, illegal_penalty, rewards)
        self.pkg = self.match.pkg
        self.metadata = {**type(self).metadata, "name": f"typhoon_{game}_v0"}
        self.render_mode = render_mode
        self.possible_agents = list(self.pkg.sides)
        self.agents: list[str] = []
        self.max_cycles = int(max_cycles) if max_cycles is not None else max_decisions(self.match.encoding)
        self._steps = 0

    @property
    def encoding(self) -> Any:
        return self.match.encoding

    @property
    def game(self) -> Game | None:
        return self.match.game

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def observation_space(self, agent: str) -> spaces.Space:
        return self.match.obs_space

    @functools.lru_cache(maxsize=None)  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space:
        return self.match.act_space

    def reset(self, seed: int | None = None, options: dict | None = None):
        self.match.reset(seed, options)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return {a: self.match.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]):
        if not self.agents:
            raise RuntimeError("the episode is over; call reset()")
        infos: dict[str, dict] = {a: {} for a in self.agents}
        actor = self.match.to_act
        refused: dict[str, str] = {}
        # the player to act first (its move changes the game), then the others' WAIT is checked
        order = sorted(self.agents, key=lambda a: a != actor)
        waiting = {a: a != actor for a in self.agents}
        for a in order:
            if a not in actions:
                if waiting[a]:
                    continue  # a missing WAIT is a WAIT
                why = self.match._refuse(f"{a} is to act and gave no action")
            elif waiting[a]:
                why = None if _is_wait(actions[a], self.match.wait) else self.match._refuse(
                    f"action {actions[a]}: {a} is not to act; its only action is WAIT ({self.match.wait})"
                )
            else:
                why = self.match.play(a, actions[a])
            if why is not None:
                refused[a] = why
        rewards = self.match.rewards()
        for a, why in refused.items():
            rewards[a] += self.match.illegal_penalty
            infos[a]["illegal"] = why
        self._steps += 1
        over = self.match.game.is_over()
        truncated = not over and self._steps >= self.max_cycles
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, truncated)
        if over:
            for a in self.agents:
                infos[a].update(self.match.end_info())
        obs = {a: self.match.observe(a) for a in self.agents}
        if over or truncated:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:
        """A global view for centralised critics: the observations of every agent stacked (made
        from what each may know, so no hidden value beyond what some agent knows)."""
        return np.stack([self.match.observe(a)["observation"] for a in self.possible_agents])

    def render(self):
        return self.match.render()

    def close(self) -> None:
        pass


def _is_wait(action: Any, wait: int) -> bool:
    try:
        return int(action) == wait
    except (TypeError, ValueError):
        return False
