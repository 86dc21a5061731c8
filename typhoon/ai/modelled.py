"""Whether a search's population models the opponent it is playing: the opponent's observed
decisions compared with what the population's members would have chosen in the same positions.

A search player's playouts stand in for the opponent with the game policy's population of
styles (``typhoon.ai.search``). Where the opponent plays like one of them, a plan that wins
the playouts wins the game more often; where it does not, the search's gains are a bet on an
opponent that is not there (Battle for Moscow's German: docs/ai.md, sessions 13, 30 and 32).
``OpponentFit`` replays the game's log and, at each of the opponent's decisions with a choice
(two or more legal actions), asks every member (the policy and each style of its population,
without noise) what it would have played: the fit is the share of those decisions that some
member chose. The search searches a decision the policy marks as needing a model
(``searched_if_modelled``) only while the fit is at least ``Budget.model_gate``
(``SearchPlayer.choose``).

Only the public log is read: the opponent's actions as the searcher's seat sees them. In a game
with hidden information the log does not show them, and the opponent is never taken as modelled.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.game import Game

#: a fit is taken as known only after this many of the opponent's decisions with a choice
MIN_DECISIONS = 10


class OpponentFit:
    """The running count of the opponent's decisions with a choice, and of those a member of
    the population would have made (``update``), over one game's log, kept incrementally."""

    def __init__(self, make: Callable[..., Any], members: list[dict[str, Any]]) -> None:
        self._make = make  # the policy's factory: make(seed=..., noise=..., **member)
        self._members = [dict(m) for m in members]
        self._reset(None, None)

    def _reset(self, game: Game | None, me: str | None) -> None:
        self._key: Any = None if game is None else (game.seed, me)
        self._replay: Game | None = None
        self._seen = 0  # entries of the log replayed
        self._last: Any = None  # the last entry replayed (a log that no longer holds it was undone)
        self.decisions = 0
        self.matched = 0
        if game is not None:
            self._replay = Game(game.rules, dict(game.options), game.seed, state=game.rules.copy_state(game.start_state),
                                keep_history=False)
            self._predictors = [self._make(seed=0, noise=0.0, **m) for m in self._members]

    @property
    def fit(self) -> float | None:
        """The share of the opponent's decisions with a choice that a member would have made;
        None until ``MIN_DECISIONS`` of them were seen."""
        return self.matched / self.decisions if self.decisions >= MIN_DECISIONS else None

    def update(self, game: Game, me: str) -> float | None:
        """Replay what is new in ``game``'s log since the last call (all of it for another game,
        or after an undo) and return ``fit``."""
        if not game.perfect_information:
            return None  # the opponent's actions are not in this seat's log
        log = game.log
        if (game.seed, me) != self._key or len(log) < self._seen or (self._seen and log[self._seen - 1] is not self._last):
            self._reset(game, me)
        replay = self._replay
        assert replay is not None
        for entry in log[self._seen:]:
            player = entry.player
            if not entry.chance and player is not None and player != me and len(replay.legal_actions) >= 2:
                self.decisions += 1
                view = replay.observed(player)  # read-only: a member cannot move the replay
                said = str(entry.action)
                # every member is asked at every decision, as if it were playing: a member's
                # plan for the phase then follows the game, whoever matched before it
                if said in [str(p.choose(view)) for p in self._predictors]:
                    self.matched += 1
            replay.push(entry.action, validate=False)
        self._seen = len(log)
        self._last = log[-1] if log else None
        return self.fit
