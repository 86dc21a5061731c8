"""Many games stepped in one loop: a Gymnasium ``VectorEnv`` with batched numpy observations and
legal masks kept as indices.

``TyphoonVectorEnv(game, num_envs, side=..., opponent=..., ...)`` is the vector form of
:class:`typhoon.research.gym_env.TyphoonEnv`: the same learner seat, opponent, dice, rewards,
truncation and illegal-action handling, and, for the same seeds and actions, exactly the same
observations, masks, rewards, terminations and truncations as
``gymnasium.vector.SyncVectorEnv([TyphoonEnv(...)] * n)`` (tests/research/test_vector.py). What
is faster (docs/research.md "Throughput"):

* the legal actions of a game are generated once per learner decision, encoded once into indices
  (two parallel lists: actions and indices), and that is the mask, the action of a chosen index
  (pushed without a second legality check) and the illegal-index test: ``TyphoonEnv`` builds the
  list twice (validated push, its mask, shared by the info and the caller's ``action_masks()``);
* observations are written into one preallocated ``(num_envs, *shape)`` float32 batch, masks into
  one ``(num_envs, num_actions)`` bool batch (the rows of the games that moved rewritten by one
  assignment per step);
* a step moves every game first, then makes the legal lists, then the observations (each kind of
  work in a row for all games keeps its code and tables in the processor's caches);
* with perfect information the "random" opponent's draw is made here, exactly as
  ``RandomPlayer.choose`` makes it (``_random_choice``), without a view of the legal actions;
* only the games that moved are touched; nothing goes through per-env Gymnasium wrappers;
* across processes (``ProcessVectorEnv``) observations and masks are shared memory, not pickled.

``action_masks()`` returns the batch of masks (sb3-contrib's name); ``legal_indices(i)`` the
indices of game ``i``. Autoreset: ``autoreset_mode="next_step"`` (Gymnasium's default, as
``SyncVectorEnv``: the step after an episode ends resets that game and ignores its action) or
``"same_step"`` (the game resets at once; the last observation is in ``infos["final_obs"]``, its
info in ``infos["final_info"]``).

An encoding may offer three optional methods the environment uses when they are there:
``observer(out)`` (a callable ``(state, player)`` writing the observation into the float32 array
``out`` of ``observation_shape``, which only it writes: it may leave what did not change since its
last call; one per row of the batch), ``observation_into(state, player, out)`` (write the
observation of ``state`` for ``player`` into ``out``, every cell; else ``encoding.observation`` is
copied) and ``legal_indices(state, legal)`` (the indices of the list ``legal`` of legal actions,
in its order, in one call; else ``encoding.encode`` one action at a time). Nothing here knows a game.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ..ai.base import below
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
    perfect_information,
    reward_weights,
)

_MODES = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}


class _Slot:
    """One game of the vector: its random stream (as ``TyphoonEnv``'s ``np_random``), the game,
    the opponent, the reward shaper, the step count and the legal actions with their indices."""

    __slots__ = ("rng", "game", "opponent", "shaper", "steps", "legal", "indices", "done")

    def __init__(self) -> None:
        self.rng: np.random.Generator | None = None
        self.game: Game | None = None
        self.opponent: Any = None
        self.shaper: Shaper | None = None
        self.steps = 0
        self.legal: list[Any] = []  # the legal actions, in the game's order
        self.indices: list[int] = []  # their indices (True in the mask row), in the same order
        self.done = False  # the episode ended at the last step (next-step autoreset pending)


def _is_random_player(player: Any) -> bool:
    """Whether ``player`` is the generic uniformly random player (``typhoon.ai.base.RandomPlayer``),
    whose draw the environment makes itself (``TyphoonVectorEnv._random_choice``)."""
    from ..ai.base import RandomPlayer

    return type(player) is RandomPlayer


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
        probe = make_opponent(pkg, opponent)  # ParseError now if the name is unknown
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
        make = getattr(enc, "observer", None)
        self._make_observer = make if callable(make) else None
        self._observers: list[Any] = []
        self._bind_observers()
        bulk = getattr(enc, "legal_indices", None)
        self._indices = bulk if callable(bulk) else (lambda state, legal: [enc.encode(state, a) for a in legal])
        self.decisions = 0  # non-chance actions of both sides since construction (benchmarks)
        self._copies = True  # reset and step return a copy of the batch (a worker process: the batch itself)
        rules = pkg.rules
        self._rules = rules
        self._perfect = perfect_information(pkg)  # observations are made from the state itself
        # the "random" opponent drawn here as RandomPlayer.choose draws it (the same stream)
        self._random_opponent = self._perfect and _is_random_player(probe)
        self._count = getattr(rules, "legal_count", None)
        self._nth = getattr(rules, "legal_nth", None)

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
        self._write_masks(range(self.num_envs))
        return self._batch(), {}

    def _reset_slot(self, i: int, seed: int | None) -> None:
        """A new game in slot ``i``, seeded as ``TyphoonEnv.reset`` seeds one (its mask row is
        written by the caller, ``_write_masks``)."""
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
        g, side, rules = slot.game, self.side, self._rules
        fast = self._random_opponent
        while True:
            state = g.state
            if rules.outcome(state) is not None:
                return
            if rules.is_chance(state):
                g.roll()
                continue
            player = rules.current_player(state)
            if player == side:
                return
            if fast:
                g.push(self._random_choice(slot.opponent.rng, state), validate=False)
            else:
                opponent_move(self.pkg, g, slot.opponent, player)
            self.decisions += 1

    def _random_choice(self, rng: Any, state: Any) -> Any:
        """``RandomPlayer.choose`` without the game's view of its legal actions: the same draw
        from the same stream (``below`` of the count, then that action), so the same
        action (the lazy view counts and indexes with ``legal_count`` / ``legal_nth`` when the
        rules have them, else with the list)."""
        count, nth = self._count, self._nth
        n = count(state) if count is not None else None
        if n is None:
            legal = self._rules.legal_actions(state)
            return legal[below(rng.getrandbits, len(legal))]
        k = below(rng.getrandbits, n)
        return nth(state, k) if nth is not None else self._rules.legal_actions(state)[k]

    def _refresh(self, i: int) -> None:
        """The legal actions (with their indices) and the observation of game ``i`` after it
        changed; its mask row is written by ``_write_masks``."""
        self._legal(i)
        self._observe(i)

    def _legal(self, i: int) -> None:
        """The legal actions of game ``i`` and their indices, kept as two parallel lists."""
        slot = self._slots[i]
        state = slot.game.state
        if self._rules.outcome(state) is not None:
            slot.legal, slot.indices = [], []
        else:
            slot.legal = legal = self._rules.legal_actions(state)
            slot.indices = self._indices(state, legal)

    def _observe(self, i: int) -> None:
        """The learner's observation of game ``i``, written into its row of the batch."""
        state = self._slots[i].game.state
        known = state if self._perfect else observed_state(self._rules, state, self.side)
        if self._observers:
            self._observers[i](known, self.side)
        elif self._into is not None:
            self._into(known, self.side, self._obs[i])
        else:
            self._obs[i] = self.encoding.observation(known, self.side)

    def _write_masks(self, rows: Any) -> None:
        """The mask rows of games ``rows`` from their legal indices: cleared, then set by one
        assignment for all of them."""
        rows = list(rows)
        if not rows:
            return
        masks, slots = self._masks, self._slots
        masks[rows] = False
        lens = [len(slots[i].indices) for i in rows]
        total = sum(lens)
        if total:
            cols = np.fromiter(chain.from_iterable(slots[i].indices for i in rows), dtype=np.intp, count=total)
            masks[np.repeat(np.array(rows, dtype=np.intp), lens), cols] = True

    def _batch(self) -> np.ndarray:
        """The observations to return: a copy of the batch (the batch itself once shared)."""
        return self._obs.copy() if self._copies else self._obs

    def _share(self, obs: np.ndarray, masks: np.ndarray) -> None:
        """Write observations and masks into these arrays (shared with another process) from
        now on, before the first reset; reset and step then return ``obs`` itself."""
        obs[...] = 0.0
        masks[...] = False
        self._obs, self._masks, self._copies = obs, masks, False
        self._bind_observers()

    def _bind_observers(self) -> None:
        """One encoding observer per row of the batch, when the encoding offers them (only the
        environment writes its rows, so each observer may keep what did not change)."""
        make = self._make_observer
        self._observers = [make(self._obs[i]) for i in range(self.num_envs)] if make is not None else []

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
        changed: list[int] = []  # games whose legal actions changed (their mask rows are rewritten)
        observe: list[int] = []  # games whose observation is still to write
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        try:
            for i, (slot, index) in enumerate(zip(self._slots, actions.tolist())):
                if slot.game is None:
                    raise RuntimeError("call reset() before step()")
                if slot.done:  # next-step autoreset: this step only starts the next game
                    self._reset_slot(i, None)
                    changed.append(i)
                    continue
                r, term, trunc, why = self._step_slot(i, slot, int(index))
                rewards[i], terminated[i], truncated[i] = r, term, trunc
                if why is not None:
                    illegal[i] = why
                else:
                    changed.append(i)
                if term or trunc:
                    if same_step:
                        if why is None:
                            self._refresh(i)
                        final[i] = (self._obs[i].copy(), self._slot_info(slot))
                        self._reset_slot(i, None)
                        if why is not None:
                            changed.append(i)
                    else:
                        slot.done = True
                        if why is None:
                            observe.append(i)
                elif why is None:
                    observe.append(i)
        finally:  # also when illegal="raise" stops the step: the games that moved stay consistent
            # the legal actions, then the observations, after all the moves of the step: each kind
            # of work done for every game in a row keeps its code and tables in the processor's
            # caches (an observation about 10 % cheaper than right after its game's moves, in
            # docs/research.md); each depends on its own game only
            for i in observe:
                self._legal(i)
            for i in observe:
                self._observe(i)
            self._write_masks(changed)
        return self._batch(), rewards, terminated, truncated, self._infos(illegal, final)

    def _step_slot(self, i: int, slot: _Slot, index: int) -> tuple[float, bool, bool, str | None]:
        """The learner's action ``index`` in game ``i``, then the opponent and the dice (the new
        legal actions and observation are ``step``'s, once every game has moved): (reward,
        terminated, truncated, why the index was refused or None)."""
        g = slot.game
        slot.steps += 1
        truncated = slot.steps >= self.max_steps
        try:
            action = slot.legal[slot.indices.index(index)]
        except ValueError:  # refused: the game is unchanged (TyphoonEnv's rule)
            why = self._refusal(slot, index)
            if self.illegal == "raise":
                from ..core.errors import IllegalActionError

                raise IllegalActionError(f"game {i}: {why}") from None
            return self.illegal_penalty, False, truncated, why
        g.push(action, validate=False)  # legal: it came from this state's legal actions
        self.decisions += 1
        self._play_others(slot)
        reward = slot.shaper.step(g)
        terminated = g.is_over()
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
        return list(self._slots[i].indices)

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
