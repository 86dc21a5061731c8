"""Operation Typhoon actions: frozen values whose text round-trips (``parse(str(a)) == a``).

Chance: ``weather 3`` (13.1, 1d6), ``ground 5`` (13.2), ``support 2PzA 4`` (11.23),
``commitment 4`` (16.24), ``chit 339/167/53 chit_g3_2`` (8.32), ``roll 7`` (9.0, 2d6).
Choices: ``allocate 2PzA=4 3PzA=3 4PzA=2 4A=1`` (11.22), ``insupport 24/2PzA 43/2PzA`` (11.24),
``move U HEX`` (5.4 tactical), ``strategic U HEX`` (5.5), ``rail U HEX`` (5.6), ``exit U N`` (18.19),
``hedgehog U`` (19.12), ``commit U`` (16.24), ``accelerate HQ`` (9.62), ``attack HEX[+HEX...] U...`` (9.2, 9.26),
``air N`` (17.22/17.23), ``defend U...`` (7.24), ``evade HEX`` (10.25), ``stand`` (10.25),
``loss U`` (9.86), ``retreat HEX`` (9.92), ``advance U HEX`` / ``advance none`` (9.96),
``interdict HEX`` (17.31), ``eliminate U`` (7.11), ``withdraw U`` (18.38(d)), ``plan historical`` (18.41), ``end``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.errors import ParseError

PLANS = ("historical", "encirclement", "broad_front")  # 18.41


def _u(units: tuple[str, ...]) -> str:
    return " ".join(units)


@dataclass(frozen=True, slots=True)
class DieRoll:
    """A one-die chance event of a stage: ``what`` is weather, ground, withdrawal (18.38(d)) or commitment."""

    what: str
    value: int

    def __str__(self) -> str:
        return f"{self.what} {self.value}"


@dataclass(frozen=True, slots=True)
class SupportRoll:
    """11.23: the die for one army's support."""

    army: str
    value: int

    def __str__(self) -> str:
        return f"support {self.army} {self.value}"


@dataclass(frozen=True, slots=True)
class Draw:
    """8.32: a strength chit drawn at random from the unit's Morale Pool."""

    unit: str
    chit: str

    def __str__(self) -> str:
        return f"chit {self.unit} {self.chit}"


@dataclass(frozen=True, slots=True)
class Roll:
    """9.0: the 2d6 of a combat."""

    total: int

    def __str__(self) -> str:
        return f"roll {self.total}"


@dataclass(frozen=True, slots=True)
class Allocate:
    """11.22: Support Points per army, in GERMAN_ARMIES order."""

    points: tuple[tuple[str, int], ...]

    def __str__(self) -> str:
        return "allocate " + " ".join(f"{a}={n}" for a, n in self.points)


@dataclass(frozen=True, slots=True)
class InSupport:
    """11.24: the corps HQs of one army placed In Support (the others Unsupported)."""

    army: str
    hqs: tuple[str, ...]

    def __str__(self) -> str:
        return f"insupport {self.army}" + (" " + _u(self.hqs) if self.hqs else "")


@dataclass(frozen=True, slots=True)
class Plan:
    """18.41: the German Player's secret Plan."""

    plan: str

    def __str__(self) -> str:
        return f"plan {self.plan}"


@dataclass(frozen=True, slots=True)
class Move:
    """A unit's whole move (5.0 PROCEDURE: once the hand is lifted the move is over);
    ``mode`` is tactical (5.4), strategic (5.5), rail (5.6) or setup (18.12(2): a Free set-up place)."""

    unit: str
    to: str
    mode: str = "tactical"

    def __str__(self) -> str:
        verb = {"tactical": "move", "strategic": "strategic", "rail": "rail", "setup": "place"}[self.mode]
        return f"{verb} {self.unit} {self.to}"


@dataclass(frozen=True, slots=True)
class Exit:
    """18.19 / 18.29: a unit moves off a map edge (``edge`` N, E, S or W)."""

    unit: str
    edge: str

    def __str__(self) -> str:
        return f"exit {self.unit} {self.edge}"


@dataclass(frozen=True, slots=True)
class Hedgehog:
    """19.12: a German infantry regiment forms a hedgehog instead of moving."""

    unit: str

    def __str__(self) -> str:
        return f"hedgehog {self.unit}"


@dataclass(frozen=True, slots=True)
class Commit:
    """16.24: an uncommitted Russian unit committed by the die roll's allowance."""

    unit: str

    def __str__(self) -> str:
        return f"commit {self.unit}"


@dataclass(frozen=True, slots=True)
class Accelerate:
    """9.62 / 9.63: an HQ makes its Accelerated Assault this Combat Phase."""

    hq: str

    def __str__(self) -> str:
        return f"accelerate {self.hq}"


@dataclass(frozen=True, slots=True)
class Attack:
    """9.2: attack the units in ``target`` with the participating ``units`` (7.24); 9.25 /
    9.26: ``also`` the other defending hexes of one combat on several hexes."""

    target: str
    units: tuple[str, ...]
    also: tuple[str, ...] = ()

    @property
    def targets(self) -> tuple[str, ...]:
        return (self.target,) + self.also

    def __str__(self) -> str:
        return f"attack {'+'.join(self.targets)} {_u(self.units)}"


@dataclass(frozen=True, slots=True)
class Air:
    """17.22 / 17.23: Air Points allocated to Ground Support of this combat."""

    points: int

    def __str__(self) -> str:
        return f"air {self.points}"


@dataclass(frozen=True, slots=True)
class Defend:
    """7.24 / 7.25: the defending units that participate (stack limits of 7.21 / 7.22)."""

    units: tuple[str, ...]

    def __str__(self) -> str:
        return f"defend {_u(self.units)}"


@dataclass(frozen=True, slots=True)
class Evade:
    """10.25: an HQ alone in the attacked hex retreats one hex before combat."""

    to: str

    def __str__(self) -> str:
        return f"evade {self.to}"


@dataclass(frozen=True, slots=True)
class Stand:
    """10.25: the HQ stays and the combat is resolved."""

    def __str__(self) -> str:
        return "stand"


@dataclass(frozen=True, slots=True)
class Loss:
    """9.86 / 9.93: one step lost by ``unit``."""

    unit: str

    def __str__(self) -> str:
        return f"loss {self.unit}"


@dataclass(frozen=True, slots=True)
class Retreat:
    """9.92: the retreating stack moves one hex."""

    to: str

    def __str__(self) -> str:
        return f"retreat {self.to}"


@dataclass(frozen=True, slots=True)
class Advance:
    """9.96: one victorious unit advances one hex (``unit`` None: the advance is over)."""

    unit: str | None
    to: str | None = None

    def __str__(self) -> str:
        return "advance none" if self.unit is None else f"advance {self.unit} {self.to}"


@dataclass(frozen=True, slots=True)
class Interdict:
    """17.31: a German Air Point on a Rail hex."""

    hex: str

    def __str__(self) -> str:
        return f"interdict {self.hex}"


@dataclass(frozen=True, slots=True)
class Eliminate:
    """7.11: an over-stacked unit eliminated at the end of the Movement Phase."""

    unit: str

    def __str__(self) -> str:
        return f"eliminate {self.unit}"


@dataclass(frozen=True, slots=True)
class Withdraw:
    """18.38(d): an uncommitted 20th Army unit withdrawn from the map (not eliminated)."""

    unit: str

    def __str__(self) -> str:
        return f"withdraw {self.unit}"


@dataclass(frozen=True, slots=True)
class End:
    """End the current segment or phase."""

    def __str__(self) -> str:
        return "end"


Action = (DieRoll | SupportRoll | Draw | Roll | Allocate | InSupport | Plan | Move | Exit | Hedgehog | Commit
          | Accelerate | Attack | Air | Defend | Evade | Stand | Loss | Retreat | Advance | Interdict | Eliminate | Withdraw | End)
VERBS = ("weather", "ground", "commitment", "withdrawal", "support", "chit", "roll", "allocate", "insupport", "plan", "place", "move",
         "strategic", "rail", "exit", "hedgehog", "commit", "accelerate", "attack", "air", "defend", "evade", "stand",
         "loss", "retreat", "advance", "interdict", "eliminate", "withdraw", "end")


def parse(text: str, unit: Callable[[str], str], check_hex: Callable[[str], str]) -> Action:
    """The action written as ``text``; ``ParseError`` names what is wrong."""
    words = str(text).split()
    if not words:
        raise ParseError("empty action")
    verb, args = words[0].lower(), words[1:]

    def count(n: int, usage: str) -> None:
        if len(args) != n:
            raise ParseError(f"{text!r}: expected '{usage}'")

    def number(word: str, lo: int, hi: int) -> int:
        if not word.isdigit() or not lo <= int(word) <= hi:
            raise ParseError(f"{text!r}: {word!r} is not a whole number {lo}..{hi}")
        return int(word)

    if verb in ("weather", "ground", "commitment", "withdrawal"):
        count(1, f"{verb} <1..6>")
        return DieRoll(verb, number(args[0], 1, 8))
    if verb == "support":
        count(2, "support <army> <1..6>")
        return SupportRoll(args[0], number(args[1], 1, 6))
    if verb == "chit":
        count(2, "chit <unit> <chit>")
        return Draw(unit(args[0]), args[1])
    if verb == "roll":
        count(1, "roll <2..12>")
        return Roll(number(args[0], 2, 12))
    if verb == "allocate":
        pts = []
        for w in args:
            a, sep, n = w.partition("=")
            if not sep:
                raise ParseError(f"{text!r}: expected army=points, not {w!r}")
            pts.append((a, number(n, 0, 99)))
        return Allocate(tuple(pts))
    if verb == "insupport":
        if not args:
            raise ParseError(f"{text!r}: expected 'insupport <army> [<hq>...]'")
        return InSupport(args[0], tuple(unit(w) for w in args[1:]))
    if verb == "plan":
        count(1, f"plan <{'|'.join(PLANS)}>")
        if args[0] not in PLANS:
            raise ParseError(f"{text!r}: the plan is one of {', '.join(PLANS)}")
        return Plan(args[0])
    if verb in ("move", "strategic", "rail", "place"):
        count(2, f"{verb} <unit> <hex>")
        mode = {"move": "tactical", "strategic": "strategic", "rail": "rail", "place": "setup"}[verb]
        return Move(unit(args[0]), check_hex(args[1]), mode)
    if verb == "exit":
        count(2, "exit <unit> <N|E|S|W>")
        if args[1] not in ("N", "E", "S", "W"):
            raise ParseError(f"{text!r}: the edge is N, E, S or W")
        return Exit(unit(args[0]), args[1])
    if verb == "hedgehog":
        count(1, "hedgehog <unit>")
        return Hedgehog(unit(args[0]))
    if verb == "commit":
        count(1, "commit <unit>")
        return Commit(unit(args[0]))
    if verb == "accelerate":
        count(1, "accelerate <hq>")
        return Accelerate(unit(args[0]))
    if verb == "attack":
        if len(args) < 2:
            raise ParseError(f"{text!r}: expected 'attack <hex>[+<hex>...] <unit> [<unit>...]'")
        units = tuple(unit(w) for w in args[1:])
        if len(set(units)) != len(units):
            raise ParseError(f"{text!r}: a unit is named twice")
        hexes = tuple(check_hex(w) for w in args[0].split("+"))
        if len(set(hexes)) != len(hexes):
            raise ParseError(f"{text!r}: a defending hex is named twice")
        return Attack(hexes[0], units, hexes[1:])
    if verb == "air":
        count(1, "air <0..2>")
        return Air(number(args[0], 0, 2))
    if verb == "defend":
        return Defend(tuple(unit(w) for w in args))
    if verb == "evade":
        count(1, "evade <hex>")
        return Evade(check_hex(args[0]))
    if verb == "stand":
        count(0, "stand")
        return Stand()
    if verb == "loss":
        count(1, "loss <unit>")
        return Loss(unit(args[0]))
    if verb == "retreat":
        count(1, "retreat <hex>")
        return Retreat(check_hex(args[0]))
    if verb == "advance":
        if args == ["none"]:
            return Advance(None)
        count(2, "advance <unit> <hex> | advance none")
        return Advance(unit(args[0]), check_hex(args[1]))
    if verb == "interdict":
        count(1, "interdict <hex>")
        return Interdict(check_hex(args[0]))
    if verb == "eliminate":
        count(1, "eliminate <unit>")
        return Eliminate(unit(args[0]))
    if verb == "withdraw":
        count(1, "withdraw <unit>")
        return Withdraw(unit(args[0]))
    if verb == "end":
        count(0, "end")
        return End()
    raise ParseError(f"unknown action {words[0]!r}; expected one of: {', '.join(VERBS)}")
