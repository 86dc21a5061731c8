"""The vectorised environments as a Stable-Baselines3 ``VecEnv`` (the extra ``.[rl]``), so
``MaskablePPO`` (sb3-contrib) trains on many games stepped in one loop or over processes.

    from typhoon.research.sb3 import sb3_vec_env
    env = sb3_vec_env("bfm", num_envs=8, side="german", rewards="share")   # processes=2 to split
    model = MaskablePPO("MlpPolicy", env, n_steps=128, ...)

SB3's conventions on top of :class:`typhoon.research.vector.TyphoonVectorEnv` (same-step
autoreset): ``dones`` is terminated or truncated; an ended game's last observation is
``infos[i]["terminal_observation"]`` and ``infos[i]["TimeLimit.truncated"]`` says it was cut by
the step limit; ``env_method("action_masks")`` gives the masks (what MaskablePPO calls).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from .vector import ProcessVectorEnv, TyphoonVectorEnv


class TyphoonSB3VecEnv(VecEnv):
    """A ``TyphoonVectorEnv`` or ``ProcessVectorEnv`` (made with ``autoreset_mode="same_step"``)
    seen through SB3's ``VecEnv`` interface."""

    def __init__(self, venv: TyphoonVectorEnv | ProcessVectorEnv) -> None:
        if venv.metadata.get("autoreset_mode") != AutoresetMode.SAME_STEP:
            raise ValueError("the vector environment must be made with autoreset_mode='same_step' for SB3")
        self.venv = venv
        self.render_mode = None
        self._actions: np.ndarray | None = None
        super().__init__(venv.num_envs, venv.single_observation_space, venv.single_action_space)

    def reset(self) -> np.ndarray:
        seeds = None if all(s is None for s in self._seeds) else list(self._seeds)
        obs, _ = self.venv.reset(seed=seeds)
        self._reset_seeds()
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions).reshape(-1)

    def step_wait(self):
        obs, rewards, terminated, truncated, infos = self.venv.step(self._actions)
        dones = terminated | truncated
        out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(dones):
            out[i]["terminal_observation"] = infos["final_obs"][i]
            out[i]["TimeLimit.truncated"] = bool(truncated[i] and not terminated[i])
            out[i].update(infos["final_info"][i] or {})
        return obs, rewards.astype(np.float32), dones, out

    def close(self) -> None:
        self.venv.close()

    def _indices(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        return [indices] if isinstance(indices, int) else list(indices)

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        if attr_name == "render_mode":
            return [None] * len(self._indices(indices))
        value = getattr(self.venv, attr_name)
        return [value] * len(self._indices(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"cannot set {attr_name!r}: the games of a Typhoon vector environment share their settings")

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        if method_name != "action_masks":
            raise AttributeError(f"the Typhoon vector environment offers env_method('action_masks') only, not {method_name!r}")
        masks = self.venv.action_masks()
        return [masks[i] for i in self._indices(indices)]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * len(self._indices(indices))


def sb3_vec_env(game: str = "bfm", num_envs: int = 8, processes: int = 1, **kwargs: Any) -> TyphoonSB3VecEnv:
    """An SB3 ``VecEnv`` of ``num_envs`` games (in this process, or split over ``processes``);
    ``kwargs`` as :class:`TyphoonVectorEnv` (side, opponent, options, rewards, max_steps, ...)."""
    kwargs = {**kwargs, "autoreset_mode": "same_step"}
    if processes > 1:
        return TyphoonSB3VecEnv(ProcessVectorEnv(game, num_envs, processes=processes, **kwargs))
    return TyphoonSB3VecEnv(TyphoonVectorEnv(game, num_envs, **kwargs))
