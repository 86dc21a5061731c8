"""``Game``: a game is its rules, options, seed and action log; the state is derived from them.

Modelled on python-chess's ``Board``: one object with ``push``/``pop``, a lazy view of the
legal actions, a typed ``outcome()``. Chance events (die rolls) are explicit actions in the
log, drawn from the game's own seeded generator by ``roll()``, so replaying the log needs no
generator at all, and replaying the seed checks that the recorded rolls are the honest ones.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple, Protocol

from .contract import event_text, is_reveal, visible_to
from .dice import Dice
from .errors import IllegalActionError, ParseError, UndoError


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is a side name or None for a draw."""

    winner: str | None
    reason: str
    scores: dict[str, float] = field(default_factory=dict, hash=False, compare=False)

    @property
    def is_draw(self) -> bool:
        return self.winner is None


class Rules(Protocol):
    """What a game module provides. The state type is the module's own.

    Optional hooks, used when present: ``legal_count(state)`` / ``legal_nth(state, i)`` (let
    the lazy legal-action view count and index without building the list; ``legal_count`` may
    return None where counting would build the list anyway: the view then builds it once),
    ``explain_illegal(state, action)`` (the reason in error messages), ``is_commitment(action)``
    (actions the player's undo may not take back), ``render_svg(state)`` (pictures, Jupyter),
    ``position_to_json(state)`` / ``position_from_json(doc)`` (the position codec),
    ``turn(state)`` (the turn number the game's view gives, read without building the view).

    Hidden information (all optional; a game without them has perfect information):

    - ``perfect_information``: ``False`` when some seat may not see everything;
    - ``observe(state, seat) -> state``: a copy of the state with everything ``seat`` may not
      see replaced by the game's "unknown" marker (what a computer player of that seat gets);
    - ``sample_hidden(state, seat, rng) -> state``: a full state consistent with an observed
      one, hidden values drawn from what is still possible (search players' determinisation);
    - ``action_visibility(state, action) -> (seen_by, shown)``: who may see an action in the
      log (``None``: everybody) and the text the others see instead (``shown``), called before
      the action is applied. Events returned by ``apply`` carry their own visibility
      (:class:`typhoon.core.contract.Event`).
    """

    name: str

    def initial_state(self, options: dict[str, Any]) -> Any: ...
    def copy_state(self, state: Any) -> Any: ...
    def current_player(self, state: Any) -> str | None: ...
    def is_chance(self, state: Any) -> bool: ...
    def chance_outcomes(self, state: Any) -> Sequence[tuple[Any, Fraction]]: ...
    def legal_actions(self, state: Any) -> list[Any]: ...
    def is_legal(self, state: Any, action: Any) -> bool: ...
    def apply(self, state: Any, action: Any) -> list[str]: ...
    def parse_action(self, state: Any, text: str) -> Any: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def phase_key(self, state: Any) -> Any: ...


class Entry(NamedTuple):
    """One action of the log: who made it, whether it was chance, what it caused.

    ``seen_by`` says who may read the action itself (``None``: everybody) and ``shown`` what
    the others read instead; ``reveal`` is true when the action or one of its events made hidden
    information known (the player's undo stops there, as at a die roll)."""

    action: Any
    player: str | None
    chance: bool
    events: tuple[Any, ...]
    phase_changed: bool
    seen_by: frozenset | None = None
    shown: str | None = None
    reveal: bool = False

    def text_for(self, seat: str | None, *, omniscient: bool = False) -> str:
        """The action's text as ``seat`` reads it (the redacted form if it may not see it)."""
        if omniscient or visible_to(self.seen_by, seat):
            return str(self.action)
        return self.shown if self.shown is not None else ("chance event" if self.chance else "secret action")

    def events_for(self, seat: str | None, *, omniscient: bool = False) -> list[str]:
        out = []
        for ev in self.events:
            t = event_text(ev, seat, omniscient=omniscient)
            if t is not None:
                out.append(t)
        return out


_new_entry = tuple.__new__  # Entry(...) without the keyword machinery of NamedTuple.__new__ (push's hot path)
_new_object = object.__new__  # a player's view made at every decision (``_ReadOnlyView.of``), its slots then set directly


class LegalActions(Sequence):
    """A lazy view of the legal actions: nothing is generated until it is looked at.

    ``len()`` and indexing use the rules' ``legal_count``/``legal_nth`` when they have them
    (a random player needs one action, not the list); where ``legal_count`` returns None
    the list is built once and kept for the view's later questions."""

    __slots__ = ("_game", "_version", "_cache")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._version = len(game.log)
        self._cache: list | None = None

    def _list(self) -> list:
        self._check()
        cache = self._cache
        if cache is None:
            cache = self._cache = self._game.rules.legal_actions(self._game.state)
        return cache

    def __contains__(self, action: object) -> bool:
        if self._cache is not None:
            return action in self._cache
        return self._game.rules.is_legal(self._game.state, action)

    def __iter__(self) -> Iterator:
        return iter(self._list())

    def __len__(self) -> int:
        if self._cache is None:
            game = self._game
            count = getattr(game.rules, "legal_count", None)
            if count is not None:
                if self._version != len(game.log):
                    self._check()
                n = count(game.state)
                if n is not None:
                    return n
        return len(self._list())

    def __getitem__(self, i):  # type: ignore[override]
        if self._cache is None and type(i) is int and i >= 0:
            game = self._game
            nth = getattr(game.rules, "legal_nth", None)
            if nth is not None:
                if self._version != len(game.log):
                    self._check()
                return nth(game.state, i)
        return self._list()[i]

    def _check(self) -> None:
        if self._version != len(self._game.log):
            raise RuntimeError("the game changed since this view of legal actions was taken")

    def __bool__(self) -> bool:
        return bool(self._list())

    def __repr__(self) -> str:
        return f"<LegalActions {', '.join(map(str, self._list()))}>"


class Game:
    """A game in progress. ``push``/``pop`` move along the log; ``undo`` is the player's undo."""

    def __init__(
        self,
        rules: Rules,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        state: Any | None = None,
        keep_history: bool = True,
    ) -> None:
        self.rules = rules
        self.options = dict(options or {})
        self.seed = int(seed)
        self._dice: Dice | None = None
        self._dice_seed = self.seed
        self.state = state if state is not None else rules.initial_state(self.options)
        self.start_state = rules.copy_state(self.state)
        self.log: list[Entry] = []
        self.keep_history = keep_history
        # die rolls in the first ``trusted_plies`` actions were recorded under another
        # (undisclosed) seed and are taken as recorded; see core.record
        self.trusted_plies = 0
        # the seat this game is an observation for (Game.observed), None for the true game
        self.observer: str | None = None
        self._stack: list[tuple[Any, object | None]] = []

    # -- looking ---------------------------------------------------------------------------
    @property
    def dice(self) -> Dice:
        """The game's own dice, created when first needed (copies handed to players and
        searches usually never roll, so they do not pay for a generator)."""
        if self._dice is None:
            self._dice = Dice(self._dice_seed)
        return self._dice

    @dice.setter
    def dice(self, dice: Any) -> None:
        self._dice = dice

    @property
    def ply(self) -> int:
        return len(self.log)

    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    @property
    def current_player(self) -> str | None:
        return self.rules.current_player(self.state)

    def is_chance(self) -> bool:
        return self.rules.is_chance(self.state)

    def chance_outcomes(self) -> Sequence[tuple[Any, Fraction]]:
        return self.rules.chance_outcomes(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def is_over(self) -> bool:
        return self.outcome() is not None

    def parse(self, text: str) -> Any:
        return self.rules.parse_action(self.state, text)

    # -- moving ----------------------------------------------------------------------------
    def push(self, action: Any, *, validate: bool = True) -> tuple[str, ...]:
        """Apply a legal action (or its text form) and append it to the log."""
        if isinstance(action, str):
            action = self.parse(action)
        rules, state = self.rules, self.state
        if rules.outcome(state) is not None:
            raise IllegalActionError(f"{action}: the game is over")
        chance = rules.is_chance(state)
        if validate:
            legal = any(a == action for a, _ in rules.chance_outcomes(state)) if chance else rules.is_legal(state, action)
            if not legal:
                raise IllegalActionError(self._why_illegal(action, chance))
        dice_before = self.dice.getstate() if chance and self.keep_history else None
        return self._apply(action, chance, dice_before, None if chance else rules.current_player(state))

    def push_decision(self, action: Any, player: str | None) -> tuple[str, ...]:
        """``push(action, validate=False)`` for a loop that already asked the rules whether
        the game is over, that no chance event is due and who is to act (``player``): a
        computer player's action object (never text), not checked (``typhoon.ai.match``)."""
        return self._apply(action, False, None, player)

    def _apply(self, action: Any, chance: bool, dice_before: object | None, player: str | None) -> tuple[str, ...]:
        rules, state = self.rules, self.state
        before = rules.phase_key(state)
        if getattr(rules, "perfect_information", True):
            hidden, seen_by, shown = False, None, None
        else:
            hidden = True
            visibility = getattr(rules, "action_visibility", None)
            seen_by, shown = visibility(state, action) if visibility is not None else (None, None)
        if self.keep_history:
            self._stack.append((rules.copy_state(state), dice_before))
        events = tuple(rules.apply(state, action))
        reveal = hidden and any(map(is_reveal, events))
        self.log.append(_new_entry(Entry, (action, player, chance, events, rules.phase_key(state) != before, seen_by, shown, reveal)))
        return events

    def _why_illegal(self, action: Any, chance: bool) -> str:
        if chance:
            return f"{action}: a chance event is due; expected one of {[str(a) for a, _ in self.chance_outcomes()]}"
        explain = getattr(self.rules, "explain_illegal", None)
        reason = explain(self.state, action) if explain else None
        return f"{action}: not legal now" + (f" ({reason})" if reason else "")

    def roll(self) -> tuple[Any, tuple[str, ...]]:
        """Resolve the pending chance event with the game's own dice; returns (outcome, events)."""
        if self.is_over() or not self.is_chance():
            raise IllegalActionError("no chance event is due")
        dice_before = self.dice.getstate() if self.keep_history else None  # pop() restores it
        outcome = self.dice.choose(self.chance_outcomes())
        return outcome, self._apply(outcome, True, dice_before, None)

    def pop(self) -> Entry:
        """Take back the last action, whatever it was (search and analysis use this)."""
        if not self.log:
            raise UndoError("nothing to take back: the log is empty")
        if not self._stack:
            raise UndoError("this game keeps no history (keep_history=False)")
        state, dice_state = self._stack.pop()
        self.state = state
        if dice_state is not None:
            self.dice.setstate(dice_state)
        return self.log.pop()

    def can_undo(self, player: str | None = None) -> bool:
        """A player may undo their own last action within the phase, never past a die roll."""
        if not self.log or not self._stack:
            return False
        last = self.log[-1]
        if last.chance or last.reveal or last.phase_changed or self._is_commitment(last.action):
            return False
        return player is None or last.player == player

    def undo_refusal(self, player: str | None = None) -> str | None:
        """Why ``player`` may not undo now (None if they may): the one place undo reasons are
        worded, for every front end."""
        if not self.log:
            return "nothing to undo"
        last = self.log[-1]
        if last.chance:
            return f"cannot undo past the die roll ({last.text_for(player)})"
        if last.reveal:
            return f"cannot undo past a reveal ({last.text_for(player)})"
        if last.phase_changed:
            return f"cannot undo '{last.text_for(player)}': it ended the phase"
        if self._is_commitment(last.action):
            return f"cannot undo '{last.text_for(player)}': the rules make it final"
        if player is not None and last.player != player:
            return f"the last action ('{last.text_for(player)}') was made by {last.player}, not {player}"
        if not self._stack:
            return "this game keeps no history"
        return None

    def _is_commitment(self, action: Any) -> bool:
        """Actions the rules make final (e.g. BfM 9.0 Battle Commitment)."""
        final = getattr(self.rules, "is_commitment", None)
        return bool(final and final(action))

    def undo(self, player: str | None = None) -> Entry:
        """The player's undo: back one decision, never past a die roll, a reveal or a phase
        boundary."""
        why = self.undo_refusal(player)
        if why is not None and why != "this game keeps no history":
            raise UndoError(why)
        return self.pop()

    def play_until_decision(self) -> list[Entry]:
        """Roll every due chance event until a player must decide (or the game ends)."""
        rolled = []
        while not self.is_over() and self.is_chance():
            self.roll()
            rolled.append(self.log[-1])
        return rolled

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a game as its board picture when the game package can draw one."""
        from .contract import render_svg

        return render_svg(self)

    # -- hidden information -----------------------------------------------------------------
    @property
    def perfect_information(self) -> bool:
        return bool(getattr(self.rules, "perfect_information", True))

    def log_view(self, seat: str | None, *, omniscient: bool = False, start: int = 0) -> list[dict[str, Any]]:
        """The log as ``seat`` (``None``: a spectator) may read it, from entry ``start`` on:
        hidden actions in their redacted form, events the seat may not read left out."""
        out = []
        for i in range(start, len(self.log)):
            e = self.log[i]
            out.append(
                {
                    "ply": i + 1,
                    "action": e.text_for(seat, omniscient=omniscient),
                    "player": e.player,
                    "chance": e.chance,
                    "events": e.events_for(seat, omniscient=omniscient),
                }
            )
        return out

    def observe_state(self, seat: str | None) -> Any:
        """A copy of the state with everything ``seat`` may not see hidden (rules' ``observe``)."""
        observe = getattr(self.rules, "observe", None)
        return observe(self.state, seat) if observe is not None else self.rules.copy_state(self.state)

    def observed(self, seat: str | None, keep_history: bool = True) -> Game:
        """The game as ``seat`` may know it: what computer players and research observations
        get. Nothing hidden or to come can be read from it: its state hides what ``seat`` may
        not see, its log is redacted, and its dice are its own (never the real generator).

        In a game with perfect information nothing is hidden but the dice, so the observation
        is a read-only view of the game itself (no copy: it shares the state and its caches,
        and is valid until the game moves on); ``push``, ``pop``, ``roll`` and ``undo`` on it
        raise, and ``copy()`` gives an independent game to explore. With hidden information it
        is an independent copy of the observed state."""
        if getattr(self.rules, "perfect_information", True):
            return _ReadOnlyView.of(self, seat)
        g = self.copy(keep_history=keep_history)
        g.state = self.observe_state(seat)
        g.start_state = g.state
        g.log = [
            Entry(e.text_for(seat), e.player, e.chance, tuple(e.events_for(seat)), e.phase_changed, None, None, e.reveal)
            for e in self.log
        ]
        g.observer = seat
        return g

    # -- records ---------------------------------------------------------------------------
    def action_texts(self, seat: str | None = None, *, omniscient: bool = True) -> list[str]:
        """The log's action texts: all of them (the default), or as ``seat`` reads them."""
        if omniscient:
            return [str(e.action) for e in self.log]
        return [e.text_for(seat) for e in self.log]

    def copy(self, keep_history: bool = False) -> Game:
        """An independent copy at the same state (for search), sharing nothing mutable."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.options = dict(self.options)
        g.seed = self.seed
        # A copy never inherits the real dice: a search player exploring it must not see the
        # rolls to come. Its own dice are still determined by the seed and the ply.
        g._dice = None
        g._dice_seed = (self.seed * 1_000_003 + self.ply) ^ 0x5EED_C0FFEE
        g.state = self.rules.copy_state(self.state)
        g.start_state = self.start_state
        g.log = list(self.log)
        g.keep_history = keep_history
        g.trusted_plies = self.trusted_plies
        g.observer = getattr(self, "observer", None)
        g._stack = []
        return g

    @classmethod
    def replay(
        cls,
        rules: Rules,
        options: dict,
        seed: int,
        actions: Sequence[str],
        state: Any | None = None,
        trusted_plies: int = 0,
    ) -> Game:
        """Rebuild a game from its record. Raises if an action is illegal or a roll is not the
        one the seed gives (a tampered or corrupted log). Rolls among the first
        ``trusted_plies`` actions are taken as recorded (they came from an undisclosed seed)."""
        game = cls(rules, options, seed, state=state)
        game.trusted_plies = trusted_plies
        for i, text in enumerate(actions):
            try:
                action = game.parse(text)
            except ParseError as e:
                raise ParseError(f"action {i + 1} ({text!r}): {e}") from None
            if game.is_chance() and i < trusted_plies:
                try:
                    game.push(action)  # still checked as a possible outcome, and the dice are not drawn
                except IllegalActionError as e:
                    raise IllegalActionError(f"action {i + 1}: {e}") from None
            elif game.is_chance():
                expected, _ = game.dice_preview()
                if action != expected:
                    raise IllegalActionError(
                        f"action {i + 1} ({text!r}): the seed gives '{expected}' for this chance event"
                    )
                game.roll()
            else:
                try:
                    game.push(action)
                except IllegalActionError as e:
                    raise IllegalActionError(f"action {i + 1}: {e}") from None
        return game

    def dice_preview(self) -> tuple[Any, object]:
        """The outcome the dice will give for the pending chance event (without consuming it)."""
        saved = self.dice.getstate()
        outcome = self.dice.choose(self.chance_outcomes())
        self.dice.setstate(saved)
        return outcome, saved


class _ReadOnlyView(Game):
    """A player's view of a game with perfect information (``Game.observed``): the game's own
    state and log, shared and not to be changed, with dice of its own."""

    # a view is made at every decision of a game (``of``): it keeps in slots what players
    # read at once (the rules, state and log: the legal actions), reads the rest from the game
    # when asked, and the attributes the same for every view are class attributes
    __slots__ = ("_game", "rules", "state", "log", "_ply", "observer")
    keep_history = False
    _stack: tuple = ()  # nothing to take back: the view never moves
    _dice = None  # the view's own dice, made when first needed (``Game.dice``)

    def __init__(self, *_: Any, **__: Any) -> None:  # noqa: D107
        raise TypeError("a player's view is made by _ReadOnlyView.of(game, seat) (Game.observed)")

    @classmethod
    def of(cls, game: Game, seat: str | None) -> _ReadOnlyView:
        """``_ReadOnlyView(game, seat)`` without the type call's ``__init__`` dispatch (made at
        every decision)."""
        view = _new_object(cls)
        view._game = game
        view.rules = game.rules
        view.state = game.state
        view.log = game.log
        view._ply = len(game.log)
        view.observer = seat
        return view

    # the game's own values, read when asked (a view is valid until the game moves on)
    @property
    def options(self) -> dict[str, Any]:  # type: ignore[override]
        return self._game.options

    @property
    def seed(self) -> int:  # type: ignore[override]
        return self._game.seed

    @property
    def start_state(self) -> Any:  # type: ignore[override]
        return self._game.start_state

    @property
    def trusted_plies(self) -> int:  # type: ignore[override]
        return self._game.trusted_plies

    @property
    def _dice_seed(self) -> int:  # type: ignore[override]
        """The view's own dice seed, as ``copy()`` derives it (worked out only if it rolls)."""
        return (self.seed * 1_000_003 + self._ply) ^ 0x5EED_C0FFEE

    def _read_only(self, *_: Any, **__: Any) -> Any:
        raise RuntimeError("a player's view of the game is read-only: copy() it to explore")

    push = push_decision = roll = pop = undo = play_until_decision = _read_only
