"""Battle for Moscow as an OpenSpiel game (``pyspiel.load_game("python_typhoon_bfm")``).

Sequential, explicit stochastic (every die roll is a chance node with six outcomes of 1/6),
zero-sum terminal returns (+1 win, -1 loss, 0 draw), perfect information. Player 0 is the
German player, player 1 the Soviet player. Player actions are indices of the fixed action
space of ``typhoon.games.bfm.encoding``; chance actions are 0-5 for die rolls 1-6. Serialisation
is OpenSpiel's default (the action history, replayed on load).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..core.game import Game
from ..games.bfm import RULES, BfmOptions, BfmState
from ..games.bfm import encoding as enc
from ..games.bfm.actions import Roll
from .text import state_line

SHORT_NAME = "python_typhoon_bfm"
PLAYERS = ("german", "soviet")
MAX_GAME_LENGTH = 12000  # generous bound: 7 turns, each unit moves/attacks a few times per turn

DEFAULT_PARAMS: dict[str, Any] = {
    "edition": 2009,  # an int: OpenSpiel reads "edition=2009" back as a number
    "soviet_replacements": 5,
    "german_replacements": 1,
    "german_replacement_turns": "all",
    "setup": "standard",
}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Battle for Moscow (Typhoon)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULT_PARAMS,
)

GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=enc.NUM_ACTIONS,
    max_chance_outcomes=6,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=MAX_GAME_LENGTH,
)


class BfmGame(pyspiel.Game):
    """The OpenSpiel game object; parameters are the Typhoon game options."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULT_PARAMS, **(params or {})}
        self.options = BfmOptions.from_dict(params).to_dict()  # ParseError names a bad option
        super().__init__(GAME_TYPE, GAME_INFO, params)

    def new_initial_state(self) -> BfmSpielState:
        return BfmSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> BfmObserver:
        perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        return BfmObserver(params, perfect_recall)


class _Box:
    """Holds the engine state; pickles (and so OpenSpiel's clone, which deep-copies through pickle)
    without the engine's derived caches, which are rebuilt on demand."""

    __slots__ = ("state",)

    def __init__(self, state: BfmState) -> None:
        self.state = state

    def __reduce__(self):
        s = self.state
        fields = tuple(getattr(s, f) for f in _STATE_FIELDS)
        return (_unbox, (fields,))


_STATE_FIELDS = tuple(f for f in BfmState.__dataclass_fields__ if not f.startswith("_"))


def _unbox(fields: tuple) -> _Box:
    return _Box(BfmState(*fields))


class BfmSpielState(pyspiel.State):
    """An OpenSpiel state wrapping the engine's ``BfmState`` (``self.state``) and ``RULES``."""

    def __init__(self, game: BfmGame) -> None:
        super().__init__(game)
        self._box = _Box(RULES.initial_state(game.options))
        self._legal: tuple[int, dict[int, Any]] | None = None  # (move number, index -> action)

    @property
    def state(self) -> BfmState:
        return self._box.state

    def typhoon_game(self, seed: int = 0) -> Game:
        """A Typhoon ``Game`` at this position (a copy), e.g. to ask a Typhoon player for a move."""
        return Game(RULES, self.get_game().options, seed, state=self.state.copy(), keep_history=False)

    # -- who acts ---------------------------------------------------------------------------
    def current_player(self) -> int:
        s = self.state
        if s.finished:
            return pyspiel.PlayerId.TERMINAL
        if RULES.is_chance(s):
            return pyspiel.PlayerId.CHANCE
        return PLAYERS.index(RULES.current_player(s))

    def is_terminal(self) -> bool:
        return self.state.finished

    def returns(self) -> list[float]:
        out = self.state.outcome
        if out is None or out.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if out.winner == "german" else [-1.0, 1.0]

    # -- actions ----------------------------------------------------------------------------
    def _legal_map(self) -> dict[int, Any]:
        n = self.move_number()
        if self._legal is None or self._legal[0] != n:
            s = self.state
            self._legal = (n, {enc.encode(s, a): a for a in RULES.legal_actions(s)})
        return self._legal[1]

    def _legal_actions(self, player: int) -> list[int]:
        if RULES.is_chance(self.state):
            return []
        return sorted(self._legal_map())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(v - 1, 1.0 / 6.0) for v in range(1, 7)]

    def _apply_action(self, action: int) -> None:
        s = self.state
        if RULES.is_chance(s):
            if not 0 <= action < 6:
                raise ValueError(f"chance action {action}: expected 0-5 (die roll 1-6)")
            RULES.apply(s, Roll(int(action) + 1))
            return
        legal = self._legal_map()
        if action not in legal:
            raise ValueError(f"action {action} ({self._describe(action)}) is not legal now")
        RULES.apply(s, legal[action])

    def _describe(self, action: int) -> str:
        try:
            return str(enc.decode(self.state, action))
        except ValueError:
            return f"index {action}"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"roll {action + 1}"
        return self._describe(action)

    def __str__(self) -> str:
        return state_line(self.state)


class BfmObserver:
    """PyObserver: the tensor of ``encoding.observation`` for the observing player; perfect information,
    so information state = observation (with the action history in the string when perfect recall)."""

    def __init__(self, params: dict | None, perfect_recall: bool) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(int(np.prod(enc.OBS_SHAPE)), np.float32)
        self.dict = {"observation": self.tensor.reshape(enc.OBS_SHAPE)}

    def set_from(self, state: BfmSpielState, player: int) -> None:
        self.tensor[:] = enc.observation(state.state, PLAYERS[player]).ravel()

    def string_from(self, state: BfmSpielState, player: int) -> str:
        text = f"observer={PLAYERS[player]} " + state_line(state.state)
        if self.perfect_recall:
            text += " history: " + " ".join(map(str, state.history()))
        return text


pyspiel.register_game(GAME_TYPE, BfmGame)


def load(**options: Any) -> BfmGame:
    """``pyspiel.load_game`` with Typhoon options as keyword arguments."""
    return pyspiel.load_game(SHORT_NAME, options)
