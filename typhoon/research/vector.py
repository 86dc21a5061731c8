"""Many games stepped in one loop: a Gymnasium ``VectorEnv`` with batched numpy observations and
legal masks kept as indices.

``TyphoonVectorEnv(game, num_envs, side=..., opponent=..., ...)`` is the vector form of
:class:`typhoon.research.gym_env.TyphoonEnv`: the same learner seat, opponent, dice, rewards,
truncation and illegal-action handling, and, for the same seeds and actions, exactly the same
observations, masks, rewards, terminations and truncations as
``gymnasium.vector.SyncVectorEnv([TyphoonEnv(...)] * n)`` (tests/research/test_vector.py). What
is faster (docs/research.md "Throughput"):

* the legal actions of a game are generated once per learner decision, encoded once into indices
  (kept with the actions they stand for), and that is the mask, the action of a chosen index
  (pushed without a second legality check) and the illegal-index test: ``TyphoonEnv`` builds them
  three times (validated push, the info mask, the caller's ``action_masks()``);
* observations are written into one preallocated ``(num_envs, *shape)`` float32 batch, masks into
  one ``(num_envs, num_actions)`` bool batch updated in place (only the indices that changed);
* only the games that moved are touched; nothing goes through per-env Gymnasium wrappers;
* across processes (``ProcessVectorEnv``) observations and masks are shared memory, not pickled.

``action_masks()`` returns the batch of masks (sb3-contrib's name); ``legal_indices(i)`` the
indices of game ``i``. Autoreset: ``autoreset_mode="next_step"`` (Gymnasium's default, as
``SyncVectorEnv``: the step after an episode ends resets that game and ignores its action) or
``"same_step"`` (the game resets at once; the last observation is in ``infos["final_obs"]``, its
info in ``infos["final_info"]``).

An encoding may offer two optional methods the environment uses when they are there:
``observation_into(state, player, out)`` (write the observation of ``state`` for ``player`` into
the float32 array ``out`` of ``observation_shape``, every cell; else ``encoding.observation`` is
copied) and ``legal_indices(state, legal)`` (the indices of the list ``legal`` of legal actions,
in its order, in one call; else ``encoding.encode`` one action at a time). Nothing here knows a game.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ..core.game import Game
from .common import (
    DEFAULT_GAME,
    Shaper,
    check_side,
    encoding_of,
    make_opponent,
    max_decisions,
    observed_state,
    observation_range,
    opponent_move,
    package,
    reward_weights,
)

_MODES = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}


class _Slot:
    """One game of the vector: its random stream (as ``TyphoonEnv``'s ``np_random``), the game,
    the opponent, the reward shaper, the step count and the legal actions by index."""

    __slots__ = ("rng", "game", "opponent", "shaper", "steps", "actions", "index", "done")

    def __init__(self) -> None:
        self.rng: np.random.Generator | None = None
        self.game: Game | None = None
        self.opponent: Any = None
        self.shaper: Shaper | None = None
        self.steps = 0
        self.actions: dict[int, Any] = {}  # legal index -> the action it stands for
        self.index = np.zeros(0, dtype=np.intp)  # the legal indices (True in the mask row)
        self.done = False  # the episode ended at the last step (next-step autoreset pending)


class TyphoonVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games of ``game`` in one process, stepped in one loop (module docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        num_envs: int = 8,
        side: str | None = None,
        opponent: str = "random",
        options: dict[str, Any] | None = None,
        rewards: dict[str, float] | str | None = None,
        max_steps: int | None = None,
        illegal: str = "penalty",
        illegal_penalty: float = -0.01,
        autoreset_mode: str = "next_step",
    ) -> None:
        if int(num_envs) < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs!r}")
        if autoreset_mode not in _MODES:
            raise ValueError(f"autoreset_mode must be one of {sorted(_MODES)}, not {autoreset_mode!r}")
        if illegal not in ("raise", "penalty"):
            raise ValueError(f"illegal must be 'raise' or 'penalty', not {illegal!r}")
        self.pkg = pkg = package(game)
        self.game_name = game
        self.side = check_side(pkg, pkg.sides[0] if side is None else side)
        self.opponent_name = opponent
        make_opponent(pkg, opponent)  # ParseError now if the name is unknown
        self.game_options = pkg.normalise_options(dict(options or {}))
        self.encoding = enc = encoding_of(pkg, self.game_options)
        self.reward_weights = reward_weights(rewards)
        Shaper(pkg, enc, self.side, self.reward_weights)  # ParseError now for a term the game cannot measure
        self.max_steps = int(max_steps) if max_steps is not None else max_decisions(enc)
        self.illegal = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.metadata = {**self.metadata, "autoreset_mode": _MODES[autoreset_mode]}
        self.autoreset_mode = _MODES[autoreset_mode]

        self.num_envs = n = int(num_envs)
        shape = tuple(enc.observation_shape)
        self.single_observation_space = spaces.Box(*observation_range(enc), shape, np.float32)
        self.single_action_space = spaces.Discrete(int(enc.num_actions))
        self.observation_space = spaces.Box(*observation_range(enc), (n, *shape), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(n, int(enc.num_actions)))
        self._obs = np.zeros((n, *shape), dtype=np.float32)
        self._masks = np.zeros((n, int(enc.num_actions)), dtype=bool)
        self._slots = [_Slot() for _ in range(n)]
        into = getattr(enc, "observation_into", None)
        self._into = into if callable(into) else None
        bulk = getattr(enc, "legal_indices", None)
        self._indices = bulk if callable(bulk) else (lambda state, legal: [enc.encode(state, a) for a in legal])
        self.decisions = 0  # non-chance actions of both sides since construction (benchmarks)
        self._copies = True  # reset and step return a copy of the batch (a worker process: the batch itself)

    # -- episodes ---------------------------------------------------------------------------
    def reset(self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None):
        """Reset every game; ``seed`` an int (game ``i`` gets ``seed + i``, as ``SyncVectorEnv``)
        or one seed per game."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"reset got {len(seeds)} seeds for {self.num_envs} games")
        for i, s in enumerate(seeds):
            self._reset_slot(i, s)
        return self._batch(), {}

    def _reset_slot(self, i: int, seed: int | None) -> None:
        """A new game in slot ``i``, seeded as ``TyphoonEnv.reset`` seeds one."""
        slot = self._slots[i]
        if seed is not None or slot.rng is None:
            slot.rng, _ = gym.utils.seeding.np_random(seed)
        game_seed = int(slot.rng.integers(2**31))
        slot.game = self.pkg.new_game(dict(self.game_options), seed=game_seed, keep_history=False)
        slot.opponent = make_opponent(self.pkg, self.opponent_name, seed=game_seed + 1)
        slot.shaper = Shaper(self.pkg, self.encoding, self.side, self.reward_weights)
        slot.steps = 0
        slot.done = False
        self._play_others(slot)
        slot.shaper.reset(slot.game)
        self._refresh(i)

    def _play_others(self, slot: _Slot) -> None:
        """Chance events and the opponent's moves until the learner decides or the game ends."""
        g, side = slot.game, self.side
        while not g.is_over():
            if g.is_chance():
                g.roll()
            elif g.current_player == side:
                return
            else:
                opponent_move(self.pkg, g, slot.opponent, g.current_player)
                self.decisions += 1

    def _refresh(self, i: int) -> None:
        """The observation and the legal indices of game ``i`` after it changed."""
        slot = self._slots[i]
        g = slot.game
        row = self._masks[i]
        row[slot.index] = False
        if g.is_over():
            slot.actions = {}
            slot.index = np.zeros(0, dtype=np.intp)
        else:
            legal = list(g.legal_actions)
            indices = self._indices(g.state, legal)
            slot.actions = dict(zip(indices, legal))
            slot.index = np.array(indices, dtype=np.intp)
            row[slot.index] = True
        known = observed_state(g.rules, g.state, self.side)
        if self._into is not None:
            self._into(known, self.side, self._obs[i])
        else:
            self._obs[i] = self.encoding.observation(known, self.side)

    def _batch(self) -> np.ndarray:
        """The observations to return: a copy of the batch (the batch itself once shared)."""
        return self._obs.copy() if self._copies else self._obs

    def _share(self, obs: np.ndarray, masks: np.ndarray) -> None:
        """Write observations and masks into these arrays (shared with another process) from
        now on, before the first reset; reset and step then return ``obs`` itself."""
        obs[...] = 0.0
        masks[...] = False
        self._obs, self._masks, self._copies = obs, masks, False

    # -- stepping ---------------------------------------------------------------------------
    def step(self, actions: Any):
        """One decision of the learner in every game (``actions``: one index per game)."""
        actions = np.asarray(actions).reshape(-1)
        if len(actions) != self.num_envs:
            raise ValueError(f"step got {len(actions)} actions for {self.num_envs} games")
        n = self.num_envs
        rewards = np.zeros(n, dtype=np.float64)
        terminated = np.zeros(n, dtype=bool)
        truncated = np.zeros(n, dtype=bool)
        illegal: dict[int, str] = {}
        final: dict[int, tuple[np.ndarray, dict[str, Any]]] = {}
        for i, slot in enumerate(self._slots):
            if slot.game is None:
                raise RuntimeError("call reset() before step()")
            if slot.done:  # next-step autoreset: this step only starts the next game
                self._reset_slot(i, None)
                continue
            r, term, trunc, why = self._step_slot(i, slot, int(actions[i]))
            rewards[i], terminated[i], truncated[i] = r, term, trunc
            if why is not None:
                illegal[i] = why
            if term or trunc:
                if self.autoreset_mode == AutoresetMode.SAME_STEP:
                    final[i] = (self._obs[i].copy(), self._slot_info(slot))
                    self._reset_slot(i, None)
                else:
                    slot.done = True
        return self._batch(), rewards, terminated, truncated, self._infos(illegal, final)

    def _step_slot(self, i: int, slot: _Slot, index: int) -> tuple[float, bool, bool, str | None]:
        """The learner's action ``index`` in game ``i``, then the opponent and the dice:
        (reward, terminated, truncated, why the index was refused or None)."""
        g = slot.game
        slot.steps += 1
        truncated = slot.steps >= self.max_steps
        action = slot.actions.get(index)
        if action is None:  # refused: the game is unchanged (TyphoonEnv's rule)
            why = self._refusal(slot, index)
            if self.illegal == "raise":
                from ..core.errors import IllegalActionError

                raise IllegalActionError(f"game {i}: {why}")
            return self.illegal_penalty, False, truncated, why
        g.push(action, validate=False)  # legal: it came from this state's legal actions
        self.decisions += 1
        self._play_others(slot)
        reward = slot.shaper.step(g)
        terminated = g.is_over()
        self._refresh(i)
        return float(reward), terminated, truncated and not terminated, None

    def _refusal(self, slot: _Slot, index: int) -> str:
        """Why ``index`` is no legal action of the game now (the encoding's or the game's words)."""
        if not 0 <= index < self.single_action_space.n:
            return f"action {index}: outside 0..{self.single_action_space.n - 1}"
        try:
            action = self.encoding.decode(slot.game.state, index)
        except ValueError as e:
            return f"action {index}: {e}"
        return f"action {index}: {action} is not legal now"

    # -- looking ----------------------------------------------------------------------------
    def action_masks(self) -> np.ndarray:
        """The legal masks of every game (bool, ``num_envs x num_actions``; a copy)."""
        return self._masks.copy()

    def legal_indices(self, i: int) -> list[int]:
        """The legal action indices of game ``i`` (in the game's order of its legal actions)."""
        return list(self._slots[i].actions)

    def games(self) -> list[Game]:
        """The games (read them, do not push: the environment keeps their masks)."""
        return [s.game for s in self._slots]

    def _slot_info(self, slot: _Slot) -> dict[str, Any]:
        out = slot.game.outcome()
        return {} if out is None else {"winner": out.winner, "reason": out.reason}

    def _infos(self, illegal: dict[int, str], final: dict[int, tuple[np.ndarray, dict[str, Any]]]) -> dict[str, Any]:
        """Gymnasium's vector info dict: arrays with a ``_key`` mask of the games they concern."""
        n = self.num_envs
        infos: dict[str, Any] = {}
        winners = [self._slot_info(s) for s in self._slots]
        if any(winners):
            have = np.array([bool(w) for w in winners])
            infos["winner"] = np.array([w.get("winner") for w in winners], dtype=object)
            infos["_winner"] = have
        if illegal:
            infos["illegal"] = np.array([illegal.get(i) for i in range(n)], dtype=object)
            infos["_illegal"] = np.array([i in illegal for i in range(n)])
        if final:
            infos["final_obs"] = np.array([final[i][0] if i in final else None for i in range(n)], dtype=object)
            infos["final_info"] = np.array([final[i][1] if i in final else None for i in range(n)], dtype=object)
            infos["_final_obs"] = infos["_final_info"] = np.array([i in final for i in range(n)])
        return infos


def make_vector_env(game: str = DEFAULT_GAME, num_envs: int = 8, **kwargs: Any) -> TyphoonVectorEnv:
    """A :class:`TyphoonVectorEnv` (``kwargs`` as its constructor)."""
    return TyphoonVectorEnv(game=game, num_envs=num_envs, **kwargs)


# -- across processes ----------------------------------------------------------------------------
def _shared_view(raw: Any, dtype: Any, start: int, rows: int, shape: tuple[int, ...]) -> np.ndarray:
    """Rows ``start .. start + rows`` of an array of ``shape`` rows kept in shared memory ``raw``."""
    per = int(np.prod(shape)) * np.dtype(dtype).itemsize
    return np.frombuffer(raw, dtype=dtype, count=rows * int(np.prod(shape)), offset=start * per).reshape(rows, *shape)


def _worker(conn: Any, game: str, num_envs: int, kwargs: dict[str, Any], shared: tuple[Any, Any, int]) -> None:
    """A worker process: one :class:`TyphoonVectorEnv`, driven by commands on ``conn``; it
    writes its games' observations and masks straight into the parent's shared arrays
    (``shared``: the two raw buffers and its first game), so only the small results are sent."""
    import time

    env = TyphoonVectorEnv(game, num_envs, **kwargs)
    obs_raw, mask_raw, start = shared
    env._share(_shared_view(obs_raw, np.float32, start, num_envs, env.single_observation_space.shape),
               _shared_view(mask_raw, np.bool_, start, num_envs, (int(env.single_action_space.n),)))
    try:
        while True:
            cmd, arg = conn.recv()
            if cmd == "reset":
                env.reset(seed=arg)
                conn.send((env.decisions, time.process_time()))
            elif cmd == "step":
                _, r, te, tr, info = env.step(arg)
                conn.send((r, te, tr, info, (env.decisions, time.process_time())))
            else:  # "close"
                break
    except (EOFError, KeyboardInterrupt):  # the parent went away
        pass
    finally:
        conn.close()


def _merge_infos(parts: list[dict[str, Any]], sizes: list[int]) -> dict[str, Any]:
    """Gymnasium vector infos of the shards as one: each key an array over all games, with its
    ``_key`` mask (games a shard said nothing about are False / None)."""
    n = sum(sizes)
    keys = {k for p in parts for k in p if not k.startswith("_")}
    out: dict[str, Any] = {}
    for k in sorted(keys):
        values = np.full(n, None, dtype=object)
        have = np.zeros(n, dtype=bool)
        start = 0
        for p, size in zip(parts, sizes):
            if k in p:
                values[start : start + size] = list(p[k])
                have[start : start + size] = p.get("_" + k, np.ones(size, bool))
            start += size
        out[k], out["_" + k] = values, have
    return out


class ProcessVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games split over ``processes`` worker processes, each a
    :class:`TyphoonVectorEnv` of its share stepped in one loop: the across-processes form. For the
    same seeds it gives exactly what one ``TyphoonVectorEnv`` of ``num_envs`` games gives (game
    ``i`` is seeded ``seed + i`` whichever process holds it). ``kwargs`` as ``TyphoonVectorEnv``.
    The workers write observations and masks into arrays in shared memory; only rewards, flags,
    infos and counts go through the pipes."""

    metadata = TyphoonVectorEnv.metadata

    def __init__(self, game: str = DEFAULT_GAME, num_envs: int = 8, processes: int = 2,
                 context: str | None = None, **kwargs: Any) -> None:
        import multiprocessing as mp

        if not 1 <= int(processes) <= int(num_envs):
            raise ValueError(f"processes must be 1..num_envs ({num_envs}), not {processes!r}")
        probe = TyphoonVectorEnv(game, int(num_envs), **kwargs)  # checks the arguments here, names a bad one
        self.num_envs = n = probe.num_envs
        self.single_observation_space, self.single_action_space = probe.single_observation_space, probe.single_action_space
        self.observation_space, self.action_space = probe.observation_space, probe.action_space
        self.metadata = probe.metadata
        base, extra = divmod(n, int(processes))
        self._sizes = [base + (1 if k < extra else 0) for k in range(int(processes))]
        ctx = mp.get_context(context)
        shape, actions = probe.single_observation_space.shape, int(probe.single_action_space.n)
        # observations and masks in shared memory: the workers write them, nothing is pickled
        obs_raw = ctx.RawArray("b", n * int(np.prod(shape)) * 4)
        mask_raw = ctx.RawArray("b", n * actions)
        self._obs = _shared_view(obs_raw, np.float32, 0, n, shape)
        self._masks = _shared_view(mask_raw, np.bool_, 0, n, (actions,))
        self._conns, self._procs = [], []
        for size, sl in zip(self._sizes, self._slices()):
            parent, child = ctx.Pipe()
            p = ctx.Process(target=_worker, args=(child, game, size, kwargs, (obs_raw, mask_raw, sl.start)), daemon=True)
            p.start()
            child.close()
            self._conns.append(parent)
            self._procs.append(p)
        self._counts = [(0, 0.0)] * len(self._sizes)  # per worker: (decisions, its CPU seconds)
        self.closed = False

    @property
    def decisions(self) -> int:
        """Decisions (non-chance actions of both sides) in all processes (benchmarks)."""
        return sum(d for d, _ in self._counts)

    @property
    def worker_cpu(self) -> float:
        """CPU seconds the worker processes have used so far (benchmarks: per-core rates)."""
        return sum(c for _, c in self._counts)

    def _slices(self) -> list[slice]:
        out, start = [], 0
        for size in self._sizes:
            out.append(slice(start, start + size))
            start += size
        return out

    def reset(self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None):
        seeds = [None] * self.num_envs if seed is None else (
            [seed + i for i in range(self.num_envs)] if isinstance(seed, int) else list(seed))
        if len(seeds) != self.num_envs:
            raise ValueError(f"reset got {len(seeds)} seeds for {self.num_envs} games")
        for conn, sl in zip(self._conns, self._slices()):
            conn.send(("reset", seeds[sl]))
        for k, conn in enumerate(self._conns):
            self._counts[k] = conn.recv()
        return self._obs.copy(), {}

    def step(self, actions: Any):
        actions = np.asarray(actions).reshape(-1)
        if len(actions) != self.num_envs:
            raise ValueError(f"step got {len(actions)} actions for {self.num_envs} games")
        for conn, sl in zip(self._conns, self._slices()):
            conn.send(("step", actions[sl]))
        rew, te, tr, infos = [], [], [], []
        for k, conn in enumerate(self._conns):
            r, a, b, info, self._counts[k] = conn.recv()
            rew.append(r), te.append(a), tr.append(b), infos.append(info)
        return (self._obs.copy(), np.concatenate(rew), np.concatenate(te), np.concatenate(tr),
                _merge_infos(infos, self._sizes))

    def action_masks(self) -> np.ndarray:
        """The legal masks of every game (bool, ``num_envs x num_actions``; a copy)."""
        return self._masks.copy()

    def close_extras(self, **kwargs: Any) -> None:
        for conn in self._conns:
            try:
                conn.send(("close", None))
            except (BrokenPipeError, OSError):
                pass
        for p in self._procs:
            p.join(timeout=5)
            if p.is_alive():
                p.terminate()
