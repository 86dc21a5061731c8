"""Typhoon games as OpenSpiel games: ``pyspiel.load_game("python_typhoon_<game>")``.

Importing this module registers one OpenSpiel game per Typhoon game that offers a research
encoding (``python_typhoon_bfm``, ``python_typhoon_mini``, ...; :func:`register` adds one by
name). Everything comes through ``typhoon.games.registry.get(game)`` and the package's
``encoding(options)`` (``typhoon.core.contract.Encoding``).

Sequential, explicit stochastic (every chance event of the rules is a chance node, hidden draws
included; chance actions are ``encoding.chance_index`` of the outcomes), zero-sum terminal
returns (+1 win, -1 loss, 0 draw). Player ``i`` is ``pkg.sides[i]``. A game whose rules have
``perfect_information = False`` is declared ``IMPERFECT_INFORMATION``; then observations and
information states are built only from what the observing player may see: the tensor is
``encoding.observation`` of the state as the player may know it (``rules.observe``), the
observation string the line of the player's view, and the information-state string adds the
player's redacted log (``Game.log_view(player)``). Serialisation is OpenSpiel's default (the
action history, replayed on load).

Beside the game's options, every game takes the parameter ``max_decisions`` (default 0: no
limit): the game ends after that many decisions (non-chance actions), a draw (returns 0) unless
the rules ended it first. It makes short games of the long ones (OpenSpiel's
``random_sim_test`` on Operation Typhoon, Drive on Moscow, The Moscow Campaign in seconds).
"""

from __future__ import annotations

import json
import warnings
from typing import Any

import numpy as np
import pyspiel

from ..core.contract import GamePackage
from ..core.errors import ParseError
from ..core.game import Game
from ..games import registry
from .common import DEFAULT_GAME, encoding_of, observed_state
from .text import log_line, view_line

PREFIX = "python_typhoon_"
MAX_GAME_LENGTH = 12000  # generous bound: BfM has 7 turns, each unit moves/attacks a few times per turn

#: the adapter's own parameter: a bound on decisions (0: none); the game ends there, a draw
LIMIT = "max_decisions"

#: short name -> Typhoon game name, for the games registered here
REGISTERED: dict[str, str] = {}


def short_name(game: str) -> str:
    return PREFIX + game


# -- parameters --------------------------------------------------------------------------------
# OpenSpiel reads a game string's parameter values by their look (open_spiel/game_parameters.cc,
# GameParameterFromString): text of digits and signs only is an int, with a point a double,
# and the type must be the one of the parameter's default. So an option whose choices all
# look like numbers ("2009", "18.1") is an int or a double parameter on the OpenSpiel side,
# and the game turns it back into the choice's text before the engine sees it: the engine
# always gets "18.1", and ``python_typhoon_ot(scenario=18.2)`` loads.
def _numeric_kind(text: Any) -> type | None:
    """``int`` or ``float``: how OpenSpiel's game-string parser reads ``text``; None for text."""
    s = str(text)
    if s and all(c in "+-0123456789" for c in s):
        return int
    if s and all(c in "+-0123456789." for c in s) and any(c.isdigit() for c in s):
        return float
    return None


def _spiel_kind(spec: Any) -> type | None:
    """The OpenSpiel type of a choice option whose choices all read as numbers (int if all are
    whole, else float); None when the option stays what it is (text, bool, int)."""
    if spec.kind != "choice" or not spec.choices or not all(isinstance(c, str) for c in spec.choices):
        return None
    kinds = {_numeric_kind(c) for c in spec.choices}
    if None in kinds:
        return None
    return int if kinds == {int} else float


def _param_value(value: Any, spec: Any) -> Any:
    """An option value as an OpenSpiel parameter: a choice that reads as a number is passed as
    that number (``edition=2009`` an int, ``scenario=18.1`` a double)."""
    kind = _spiel_kind(spec)
    if kind is None:
        return value
    try:
        return kind(value)
    except (TypeError, ValueError):
        return value  # not a number: the game's own check names the bad value


def _option_value(value: Any, spec: Any) -> Any:
    """An OpenSpiel parameter back as the game's option: the choice whose number it is
    (18.1 -> "18.1", 2009 -> "2009"); anything else unchanged (the game's check names it)."""
    if _spiel_kind(spec) is None or isinstance(value, (str, bool)):
        return value
    try:
        number = float(value)
    except (TypeError, ValueError):
        return value
    return next((c for c in spec.choices if float(c) == number), value)


def default_params(pkg: GamePackage) -> dict[str, Any]:
    """The game's options with their defaults, as OpenSpiel's parameter specification."""
    return {s.name: _param_value(s.default, s) for s in pkg.option_specs()}


def options_from_params(pkg: GamePackage, params: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters as the game's options (the choices' texts), not yet checked."""
    specs = {s.name: s for s in pkg.option_specs()}
    return {k: (_option_value(v, specs[k]) if k in specs else v) for k, v in params.items()}


def spiel_params(pkg: GamePackage, options: dict[str, Any]) -> dict[str, Any]:
    """The game's options as OpenSpiel parameters (what ``pyspiel.load_game`` takes)."""
    specs = {s.name: s for s in pkg.option_specs()}
    return {k: (_param_value(v, specs[k]) if k in specs else v) for k, v in options.items()}


def game_type(pkg: GamePackage) -> pyspiel.GameType:
    perfect = bool(getattr(pkg.rules, "perfect_information", True))
    n = len(pkg.sides)
    return pyspiel.GameType(
        short_name=short_name(pkg.name),
        long_name=f"{pkg.title} (Typhoon)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=n,
        min_num_players=n,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**default_params(pkg), LIMIT: 0},
    )


# -- the game ----------------------------------------------------------------------------------
class TyphoonSpielGame(pyspiel.Game):
    """The OpenSpiel game object of one Typhoon game; parameters are its options."""

    game_name: str = DEFAULT_GAME  # the Typhoon game; set on the subclass registered for each game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        pkg = registry.get(self.game_name)
        self.pkg = pkg
        self.players = tuple(pkg.sides)
        self.perfect_information = bool(getattr(pkg.rules, "perfect_information", True))
        params = {**default_params(pkg), LIMIT: 0, **(params or {})}
        self.max_decisions = _limit(params[LIMIT])
        options = {k: v for k, v in params.items() if k != LIMIT}
        self.options = pkg.normalise_options(options_from_params(pkg, options))  # ParseError names a bad option
        self.encoding = encoding_of(pkg, self.options)
        # the start of every game, copied for each new state (OpenSpiel makes many: one per
        # tensor-shape query), so the rules' initial_state runs once
        self.initial = pkg.new_game(self.options, seed=0, keep_history=False)
        self.shared = _Shared(self)
        n = len(self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=int(self.encoding.num_actions),
            max_chance_outcomes=int(self.encoding.num_chance_outcomes),
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self._game_type, info, params)

    def new_initial_state(self) -> TyphoonSpielState:
        return TyphoonSpielState(self)

    def make_py_observer(self, iig_obs_type=None, params=None) -> TyphoonObserver:
        return TyphoonObserver(self, iig_obs_type, params)


class _Shared:
    """What every state of one OpenSpiel game shares (package, encoding, players): never copied
    when OpenSpiel clones a state."""

    __slots__ = ("pkg", "enc", "players", "options", "limit")

    def __init__(self, game: TyphoonSpielGame) -> None:
        self.pkg, self.enc, self.players = game.pkg, game.encoding, game.players
        self.limit = game.max_decisions
        self.options = {**spiel_params(game.pkg, game.options), LIMIT: self.limit}

    def __deepcopy__(self, memo: dict) -> _Shared:
        return self

    def __reduce__(self):
        return (_shared_of, (self.pkg.name, self.options))


def _shared_of(game: str, options: dict[str, Any]) -> _Shared:
    """The shared part of a state being unpickled (one per game and options)."""
    key = (game, repr(sorted(options.items())))
    if key not in _SHARED:
        _SHARED[key] = _Shared(pyspiel.load_game(register(game), options))
    return _SHARED[key]


_SHARED: dict[tuple[str, str], _Shared] = {}


def _limit(value: Any) -> int:
    """The ``max_decisions`` parameter checked: a whole number, 0 or more (0: no limit)."""
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = -1
    if n < 0 or (isinstance(value, float) and value != n):
        raise ParseError(f"parameter {LIMIT}: {value!r} is not a whole number of decisions, 0 or more (0: no limit)")
    return n


class _Box:
    """Holds the Typhoon ``Game`` (state and log, no undo history) and the legal actions of its
    current state. OpenSpiel clones a Python state by ``copy.deepcopy``; the box copies through
    ``Game.copy`` (the rules' ``copy_state``, the log list shared entry by entry), which leaves
    the engine's derived caches and the legal-action cache behind."""

    __slots__ = ("name", "game", "legal", "decided")

    def __init__(self, name: str, game: Game) -> None:
        self.name = name  # the Typhoon game's name in the registry
        self.game = game
        self.legal: tuple[int, dict[int, Any]] | None = None  # (ply, index -> legal action)
        self.decided: tuple[int, int] = (0, 0)  # (ply, decisions among the first ply entries)

    def decisions(self) -> int:
        """Decisions (non-chance actions) made so far, counted once per new log entry."""
        log = self.game.log
        ply, n = self.decided
        if ply > len(log):  # the game went back (pop): count again
            ply, n = 0, 0
        n += sum(1 for e in log[ply:] if not e.chance)
        self.decided = (len(log), n)
        return n

    def __deepcopy__(self, memo: dict) -> _Box:
        return _Box(self.name, self.game.copy(keep_history=False))

    def __reduce__(self):
        """Pickled (OpenSpiel's serialisation pickles a Python state's attributes) as the game,
        its options and its actions, replayed when unpickled."""
        g = self.game
        return (_replayed, (self.name, g.options, tuple(e.action for e in g.log)))


def _replayed(game: str, options: dict[str, Any], actions: tuple) -> _Box:
    g = registry.get(game).new_game(options, seed=0, keep_history=False)
    for action in actions:
        g.push(action, validate=False)
    return _Box(game, g)


class TyphoonSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a Typhoon ``Game`` (``typhoon_game()``; ``state`` is its
    engine state)."""

    def __init__(self, game: TyphoonSpielGame) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._box = _Box(game.game_name, game.initial.copy(keep_history=False))

    @property
    def state(self) -> Any:
        """The engine state (the true one, hidden values included)."""
        return self._box.game.state

    def typhoon_game(self) -> Game:
        """The Typhoon ``Game`` behind this state (its log has every action, with visibility)."""
        return self._box.game

    # -- who acts ---------------------------------------------------------------------------
    def _cut(self) -> bool:
        """The decision bound (``max_decisions``) is reached: the game ends here."""
        limit = self._shared.limit
        return bool(limit) and self._box.decisions() >= limit

    def current_player(self) -> int:
        g = self._box.game
        if g.is_over() or self._cut():
            return pyspiel.PlayerId.TERMINAL
        if g.is_chance():
            return pyspiel.PlayerId.CHANCE
        return self._shared.players.index(g.current_player)

    def is_terminal(self) -> bool:
        return self._box.game.is_over() or self._cut()

    def returns(self) -> list[float]:
        out = self._box.game.outcome()
        n = len(self._shared.players)
        if out is None or out.winner is None:
            return [0.0] * n
        lose = -1.0 / max(1, n - 1)
        return [1.0 if p == out.winner else lose for p in self._shared.players]

    # -- actions ----------------------------------------------------------------------------
    def _legal_now(self) -> dict[int, Any]:
        """Index -> action of the legal actions now (cached until the game moves on)."""
        box = self._box
        g = box.game
        if box.legal is None or box.legal[0] != g.ply:
            encode, s = self._shared.enc.encode, g.state
            box.legal = (g.ply, {encode(s, a): a for a in g.rules.legal_actions(s)})
        return box.legal[1]

    def _legal_actions(self, player: int) -> list[int]:
        g = self._box.game
        if g.is_over() or g.is_chance() or self._cut():
            return []
        return sorted(self._legal_now())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        g = self._box.game
        s = g.state
        return sorted((self._shared.enc.chance_index(s, o), float(p)) for o, p in g.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        g = self._box.game
        s = g.state
        if g.is_chance():
            outcome = self._shared.enc.chance_outcome(s, int(action))
            if not any(o == outcome for o, _ in g.chance_outcomes()):
                raise ValueError(f"chance action {action} ({outcome}) is not a possible outcome now")
            g.push(outcome, validate=False)
            return
        legal = self._legal_now()
        if action not in legal:
            raise ValueError(f"action {action} ({self._describe(action)}) is not legal now")
        g.push(legal[action], validate=False)

    def _describe(self, action: int) -> str:
        try:
            return str(self._shared.enc.decode(self._box.game.state, action))
        except ValueError:
            return f"index {action}"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            try:
                return str(self._shared.enc.chance_outcome(self._box.game.state, action))
            except ValueError:
                return f"chance {action}"
        return self._describe(action)

    def __str__(self) -> str:
        """The whole true state, hidden values included (OpenSpiel's ToString is for debugging
        and identity checks): the position codec's JSON, keys sorted."""
        return json.dumps(self._shared.pkg.position_to_json(self._box.game.state), sort_keys=True, separators=(",", ":"), default=str)


# -- observations ------------------------------------------------------------------------------
class TyphoonObserver:
    """PyObserver: what one player may know.

    * tensor: ``encoding.observation`` of the state as the player may know it (``rules.observe``;
      the true state only for ``private_info=ALL_PLAYERS``, the public part for ``NONE``);
    * string: ``observer=<side>`` and the line of the player's view; with perfect recall
      (information states) also the player's history: the action ids in a game of perfect
      information, else the player's redacted log (``Game.log_view``).

    The information-state tensor is the observation tensor (it has no memory of past actions).
    ``tensor`` is a numpy array, ``dict["observation"]`` a numpy view of it in the encoding's
    shape and ``planes`` every plane by its name (``encoding.planes``), views too; use
    ``open_spiel.python.observation.make_observation(game)`` for numpy observations rather than
    ``state.observation_tensor()`` (a Python list, by pybind11)."""

    def __init__(self, game: TyphoonSpielGame, iig_obs_type=None, params: dict | None = None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.pkg = game.pkg
        self.enc = game.encoding
        self.players = game.players
        self.perfect_information = game.perfect_information
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        self.omniscient = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        shape = tuple(self.enc.observation_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        # OpenSpiel reads the entries of ``dict`` as disjoint pieces of the tensor, so the planes
        # by name are a separate mapping (numpy views of the same tensor)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self.planes = {name: self.dict["observation"][i] for i, name in enumerate(self.enc.planes)}

    def _seat(self, player: int) -> str | None:
        """Whose knowledge the observation holds: the player's, or nobody's private part."""
        return None if self.public_only else self.players[player]

    def _known_state(self, state: TyphoonSpielState, player: int) -> Any:
        g = state.typhoon_game()
        if self.omniscient:
            return g.state
        return observed_state(g.rules, g.state, self._seat(player))

    def set_from(self, state: TyphoonSpielState, player: int) -> None:
        self.tensor[:] = np.asarray(self.enc.observation(self._known_state(state, player), self.players[player])).ravel()

    def string_from(self, state: TyphoonSpielState, player: int) -> str:
        seat = self._seat(player)
        known = self._known_state(state, player)
        text = f"observer={self.players[player]} " + view_line(self.pkg.view(known, seat))
        if self.perfect_recall:
            g = state.typhoon_game()
            if self.perfect_information:
                text += " history: " + " ".join(map(str, state.history()))
            else:
                text += " log: " + log_line(g.log_view(seat, omniscient=self.omniscient))
        return text


# -- registration ------------------------------------------------------------------------------
def register(game: str) -> str:
    """Register the OpenSpiel game of Typhoon game ``game``; returns its short name.
    ``ParseError`` for an unknown game or one without a research encoding."""
    name = short_name(game)
    if name in REGISTERED:
        return name
    pkg = registry.get(game)
    encoding_of(pkg)  # ParseError now if the game has no encoding
    gtype = game_type(pkg)
    cls = type(
        f"TyphoonSpielGame_{game}",
        (TyphoonSpielGame,),
        {"game_name": game, "_game_type": gtype, "__module__": __name__},
    )
    pyspiel.register_game(gtype, cls)
    REGISTERED[name] = game
    return name


def register_all() -> list[str]:
    """Register every game of the registry that offers an encoding. A game without one is left
    out; so is a game whose package cannot be imported, with a warning naming the error (one
    broken game must not take the others down)."""
    out = []
    for game in registry.names():
        try:
            out.append(register(game))
        except ParseError:
            continue
        except ImportError as e:
            warnings.warn(f"OpenSpiel game {short_name(game)} not registered: {e}", RuntimeWarning, stacklevel=2)
    return out


register_all()


def load(game: str = DEFAULT_GAME, **options: Any) -> TyphoonSpielGame:
    """``pyspiel.load_game`` of a Typhoon game with its options as keyword arguments, given as
    the game takes them (``load("ot", scenario="18.2")``: turned into OpenSpiel's types)."""
    name = register(game)
    return pyspiel.load_game(name, spiel_params(registry.get(game), options))
