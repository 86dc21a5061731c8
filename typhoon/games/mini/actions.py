"""Typhoon Mini actions: immutable values whose text round-trips (``parse(str(a)) == a``).

``chit R1 4`` (a chit draw, chance, 3.3), ``plan aston`` (9.1), ``move B1 0304`` (6.1),
``attack 0504 B1 B2`` (7.2), ``roll 7`` (2d6 total, chance, 7.6), ``loss B1`` (7.7),
``retreat 0605`` (7.8), ``advance B1`` / ``advance none`` (7.9), ``end`` (end the phase).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...core.errors import ParseError

PLANS = ("aston", "brill")


@dataclass(frozen=True, slots=True)
class Draw:
    """A chit drawn from the pool for a red unit (3.3): a chance event nobody sees."""

    unit: str
    value: int

    def __str__(self) -> str:
        return f"chit {self.unit} {self.value}"


@dataclass(frozen=True, slots=True)
class Plan:
    """Blue's secret plan (9.1)."""

    objective: str

    def __str__(self) -> str:
        return f"plan {self.objective}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move a unit to a hex it can reach (6.1)."""

    unit: str
    to: str

    def __str__(self) -> str:
        return f"move {self.unit} {self.to}"


@dataclass(frozen=True, slots=True)
class Attack:
    """Declare a battle against ``target`` with ``units`` (7.2); units in roster order."""

    target: str
    units: tuple[str, ...]

    def __str__(self) -> str:
        return f"attack {self.target} {' '.join(self.units)}"


@dataclass(frozen=True, slots=True)
class Roll:
    """The 2d6 total of a battle (7.6)."""

    total: int

    def __str__(self) -> str:
        return f"roll {self.total}"


@dataclass(frozen=True, slots=True)
class Loss:
    """The losing side's choice of the unit that loses a step (7.7)."""

    unit: str

    def __str__(self) -> str:
        return f"loss {self.unit}"


@dataclass(frozen=True, slots=True)
class Retreat:
    """The defender's choice of retreat hex (7.8)."""

    to: str

    def __str__(self) -> str:
        return f"retreat {self.to}"


@dataclass(frozen=True, slots=True)
class Advance:
    """Advance one attacker into the battle hex, or stop (``None``) (7.9)."""

    unit: str | None

    def __str__(self) -> str:
        return f"advance {self.unit or 'none'}"


@dataclass(frozen=True, slots=True)
class End:
    """End the current phase (6.1, 7.1)."""

    def __str__(self) -> str:
        return "end"


Action = Draw | Plan | Move | Attack | Roll | Loss | Retreat | Advance | End
VERBS = ("chit", "plan", "move", "attack", "roll", "loss", "retreat", "advance", "end")


def parse(text: str, unit_order: Iterable[str], check_hex: Callable[[str], str], sort_key: Callable[[str], int]) -> Action:
    """The action written as ``text``; ``ParseError`` names what is wrong."""
    words = str(text).split()
    if not words:
        raise ParseError("empty action")
    verb, args = words[0].lower(), words[1:]
    units = {u.upper(): u for u in unit_order}

    def unit(word: str) -> str:
        u = units.get(word.upper())
        if u is None:
            raise ParseError(f"{text!r}: no unit called {word!r}; units: {', '.join(units.values())}")
        return u

    def count(n: int, usage: str) -> None:
        if len(args) != n:
            raise ParseError(f"{text!r}: expected '{usage}'")

    def number(word: str, lo: int, hi: int, what: str) -> int:
        if not word.isdigit() or not lo <= int(word) <= hi:
            raise ParseError(f"{text!r}: {what} must be a whole number {lo}..{hi}, not {word!r}")
        return int(word)

    if verb == "chit":
        count(2, "chit <unit> <value>")
        return Draw(unit(args[0]), number(args[1], 1, 99, "a chit value"))
    if verb == "plan":
        count(1, f"plan <{'|'.join(PLANS)}>")
        if args[0].lower() not in PLANS:
            raise ParseError(f"{text!r}: the plan is one of {', '.join(PLANS)}, not {args[0]!r}")
        return Plan(args[0].lower())
    if verb == "move":
        count(2, "move <unit> <hex>")
        return Move(unit(args[0]), check_hex(args[1]))
    if verb == "attack":
        if len(args) < 2:
            raise ParseError(f"{text!r}: expected 'attack <hex> <unit> [<unit>...]'")
        attackers = [unit(w) for w in args[1:]]
        if len(set(attackers)) != len(attackers):
            raise ParseError(f"{text!r}: a unit is named twice")
        return Attack(check_hex(args[0]), tuple(sorted(attackers, key=sort_key)))
    if verb == "roll":
        count(1, "roll <2..12>")
        return Roll(number(args[0], 2, 12, "a 2d6 roll"))
    if verb == "loss":
        count(1, "loss <unit>")
        return Loss(unit(args[0]))
    if verb == "retreat":
        count(1, "retreat <hex>")
        return Retreat(check_hex(args[0]))
    if verb == "advance":
        count(1, "advance <unit>|none")
        return Advance(None if args[0].lower() == "none" else unit(args[0]))
    if verb == "end":
        count(0, "end")
        return End()
    raise ParseError(f"unknown action {words[0]!r}; expected one of: {', '.join(VERBS)}")
