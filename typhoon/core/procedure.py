"""Multi-step procedures as data (like boardgame.io stages).

A battle in the bigger Moscow games is not one die roll: declare, reveal, roll, choose losses,
retreat, advance... each step decided by a player (``choice``), the dice (``chance``) or the
rules alone (``auto``). A game lists its procedures in data; a :class:`ProcedureState` in the
game state records where one is; the :class:`Runner` moves it on. The rules still decide what
happens at each step: this module only keeps the order and says whose turn it is.
"""

from __future__ import annotations

import copy

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import ParseError

KINDS = ("choice", "chance", "auto")


@dataclass(frozen=True)
class Step:
    """One step: ``kind`` "choice" (a player acts: ``actor`` names the role, e.g. "attacker"),
    "chance" (a die roll) or "auto" (the rules act). ``rule`` cites the rules case."""

    name: str
    kind: str
    actor: str | None = None
    rule: str | None = None

    def __post_init__(self) -> None:
        if not self.name:
            raise ParseError("a procedure step needs a name")
        if self.kind not in KINDS:
            raise ParseError(f"step {self.name!r}: kind {self.kind!r} is not one of {list(KINDS)}")
        if self.kind == "choice" and not self.actor:
            raise ParseError(f"step {self.name!r}: a choice step needs an actor")


@dataclass(frozen=True)
class Procedure:
    """A named sequence of steps (OT/MC combat sequence, DoM overrun, mini's battle 7.1)."""

    name: str
    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        if not self.steps:
            raise ParseError(f"procedure {self.name!r} has no steps")
        names = [s.name for s in self.steps]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise ParseError(f"procedure {self.name!r} repeats steps {repeated}")

    def index_of(self, step_name: str) -> int:
        """The position of a step; ``ParseError`` naming the procedure if there is none."""
        for i, s in enumerate(self.steps):
            if s.name == step_name:
                return i
        raise ParseError(f"procedure {self.name!r} has no step {step_name!r}")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Procedure:
        """``{"name": ..., "steps": [{"name", "kind", "actor"?, "rule"?}, ...]}``."""
        try:
            name = str(data["name"])
            raw: Sequence[Mapping[str, Any]] = data["steps"]
        except KeyError as e:
            raise ParseError(f"procedure data has no {e.args[0]!r}") from None
        steps = []
        for s in raw:
            extra = sorted(set(s) - {"name", "kind", "actor", "rule"})
            if extra:
                raise ParseError(f"procedure {name!r} step {s.get('name')!r}: unknown keys {extra}")
            steps.append(Step(str(s.get("name", "")), str(s.get("kind", "")), s.get("actor"), s.get("rule")))
        return cls(name, tuple(steps))


@dataclass
class ProcedureState:
    """Where a running procedure is: its name, the current step's index and the game's own
    data for it (attackers, target, result...). Kept in the game state; copied with it."""

    procedure: str
    index: int = 0
    data: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> ProcedureState:
        """An independent copy: ``data`` is copied all the way down, so a game may keep nested
        lists and dicts there (e.g. attackers per hex) without sharing them with its copies."""
        return ProcedureState(self.procedure, self.index, copy.deepcopy(self.data))


class Runner:
    """Runs procedures given as data: start one, read its current step, move on or jump."""

    def __init__(self, procedures: Mapping[str, Procedure]) -> None:
        for key, p in procedures.items():
            if key != p.name:
                raise ParseError(f"procedure {p.name!r} is filed under {key!r}")
        self.procedures: dict[str, Procedure] = dict(procedures)

    def procedure(self, ps: ProcedureState) -> Procedure:
        """The procedure a state is running; ``ParseError`` naming it if it is unknown."""
        try:
            return self.procedures[ps.procedure]
        except KeyError:
            raise ParseError(f"no procedure {ps.procedure!r} (known: {sorted(self.procedures)})") from None

    def start(self, name: str, **data: Any) -> ProcedureState:
        """A new run of procedure ``name`` at its first step, with the game's ``data``."""
        if name not in self.procedures:
            raise ParseError(f"no procedure {name!r} (known: {sorted(self.procedures)})")
        return ProcedureState(name, 0, dict(data))

    def step(self, ps: ProcedureState) -> Step:
        """The current step; ``ParseError`` if the procedure is done."""
        steps = self.procedure(ps).steps
        if ps.index >= len(steps):
            raise ParseError(f"procedure {ps.procedure!r} is done: it has no current step")
        return steps[ps.index]

    def advance(self, ps: ProcedureState) -> Step | None:
        """Move to the next step and return it (None: the procedure is done)."""
        steps = self.procedure(ps).steps
        ps.index = min(ps.index + 1, len(steps))
        return steps[ps.index] if ps.index < len(steps) else None

    def goto(self, ps: ProcedureState, step_name: str) -> Step:
        """Jump to a named step (skipping a retreat nobody has to make, repeating a step)."""
        p = self.procedure(ps)
        ps.index = p.index_of(step_name)
        return p.steps[ps.index]

    def finish(self, ps: ProcedureState) -> None:
        """End the procedure at once (a battle with nothing left to resolve)."""
        ps.index = len(self.procedure(ps).steps)

    def done(self, ps: ProcedureState) -> bool:
        """Whether the procedure has run past its last step."""
        return ps.index >= len(self.procedure(ps).steps)
