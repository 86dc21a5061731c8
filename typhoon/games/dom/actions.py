"""Drive on Moscow actions: frozen values whose text round-trips (``parse(str(a)) == a``).

Chance: ``draw s001 rd017`` (an untried counter drawn for a slot, seen by nobody, D-26),
``cup gtb2`` (a Guards unit drawn from the cup, 9.4), ``stalin 4`` (12.1), ``roll 3`` (11.21).
Choices: ``declare`` (12.0), ``withdraw inf03`` (9.3), ``replace pz1`` (12.2),
``order move-fight`` / ``order fight-move`` (5.2), ``move pz1 2214`` (10.0),
``assault 2315 2214 pz1 pzg3`` (mobile assault: target, launch hex, units; 10.15),
``attack 2315`` then ``add inf01`` ... ``air`` ... ``fight`` or ``cancel`` (prepared assault,
11.2-11.6, 11.19), ``pass`` (the defender commits no aircraft), ``choose bloodbath``
(a result conversion, 11.28), ``loss pz1`` (11.24), ``retreat 2416`` (11.25), ``advance inf01`` /
``advance none`` (11.31), ``enter s140 4816`` (9.1), ``convert s017`` / ``convert none`` (9.4),
``end`` (end the phase).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.errors import ParseError

ORDERS = ("move-fight", "fight-move")  # 5.2
CHOICES = ("as", "bloodbath", "retreat", "hold")  # 11.28


@dataclass(frozen=True, slots=True)
class Draw:
    slot: str
    counter: str

    def __str__(self) -> str:
        return f"draw {self.slot} {self.counter}"


@dataclass(frozen=True, slots=True)
class Cup:
    unit: str

    def __str__(self) -> str:
        return f"cup {self.unit}"


@dataclass(frozen=True, slots=True)
class Stalin:
    die: int

    def __str__(self) -> str:
        return f"stalin {self.die}"


@dataclass(frozen=True, slots=True)
class Roll:
    die: int

    def __str__(self) -> str:
        return f"roll {self.die}"


@dataclass(frozen=True, slots=True)
class Declare:
    def __str__(self) -> str:
        return "declare"


@dataclass(frozen=True, slots=True)
class Withdraw:
    unit: str

    def __str__(self) -> str:
        return f"withdraw {self.unit}"


@dataclass(frozen=True, slots=True)
class Replace:
    unit: str

    def __str__(self) -> str:
        return f"replace {self.unit}"


@dataclass(frozen=True, slots=True)
class Order:
    order: str

    def __str__(self) -> str:
        return f"order {self.order}"


@dataclass(frozen=True, slots=True)
class Move:
    unit: str
    to: str

    def __str__(self) -> str:
        return f"move {self.unit} {self.to}"


@dataclass(frozen=True, slots=True)
class Assault:
    target: str
    launch: str
    units: tuple[str, ...]

    def __str__(self) -> str:
        return f"assault {self.target} {self.launch} {' '.join(self.units)}"


@dataclass(frozen=True, slots=True)
class Attack:
    target: str

    def __str__(self) -> str:
        return f"attack {self.target}"


@dataclass(frozen=True, slots=True)
class Add:
    unit: str

    def __str__(self) -> str:
        return f"add {self.unit}"


@dataclass(frozen=True, slots=True)
class Air:
    def __str__(self) -> str:
        return "air"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Fight:
    def __str__(self) -> str:
        return "fight"


@dataclass(frozen=True, slots=True)
class Cancel:
    def __str__(self) -> str:
        return "cancel"


@dataclass(frozen=True, slots=True)
class Choose:
    choice: str

    def __str__(self) -> str:
        return f"choose {self.choice}"


@dataclass(frozen=True, slots=True)
class Loss:
    unit: str

    def __str__(self) -> str:
        return f"loss {self.unit}"


@dataclass(frozen=True, slots=True)
class Retreat:
    to: str

    def __str__(self) -> str:
        return f"retreat {self.to}"


@dataclass(frozen=True, slots=True)
class Advance:
    unit: str | None

    def __str__(self) -> str:
        return f"advance {self.unit or 'none'}"


@dataclass(frozen=True, slots=True)
class Enter:
    unit: str
    to: str

    def __str__(self) -> str:
        return f"enter {self.unit} {self.to}"


@dataclass(frozen=True, slots=True)
class Convert:
    unit: str | None

    def __str__(self) -> str:
        return f"convert {self.unit or 'none'}"


@dataclass(frozen=True, slots=True)
class End:
    def __str__(self) -> str:
        return "end"


Action = (Draw | Cup | Stalin | Roll | Declare | Withdraw | Replace | Order | Move | Assault | Attack | Add | Air | Pass
          | Fight | Cancel | Choose | Loss | Retreat | Advance | Enter | Convert | End)
VERBS = ("draw", "cup", "stalin", "roll", "declare", "withdraw", "replace", "order", "move", "assault", "attack", "add",
         "air", "pass", "fight", "cancel", "choose", "loss", "retreat", "advance", "enter", "convert", "end")
_BARE = {"declare": Declare, "air": Air, "pass": Pass, "fight": Fight, "cancel": Cancel, "end": End}


def parse(text: str, is_unit: Callable[[str], bool], check_hex: Callable[[str], str]) -> Action:
    """The action written as ``text``; ``ParseError`` names what is wrong."""
    words = str(text).split()
    if not words:
        raise ParseError("empty action")
    verb, args = words[0].lower(), words[1:]

    def count(n: int, usage: str) -> None:
        if len(args) != n:
            raise ParseError(f"{text!r}: expected '{usage}'")

    def unit(word: str) -> str:
        if not is_unit(word):
            raise ParseError(f"{text!r}: no unit called {word!r}")
        return word

    def die(word: str) -> int:
        if not word.isdigit() or not 1 <= int(word) <= 6:
            raise ParseError(f"{text!r}: a die shows 1..6, not {word!r}")
        return int(word)

    if verb in _BARE:
        count(0, verb)
        return _BARE[verb]()
    if verb == "draw":
        count(2, "draw <slot> <counter>")
        return Draw(unit(args[0]), args[1])
    if verb == "cup":
        count(1, "cup <guards unit>")
        return Cup(unit(args[0]))
    if verb in ("stalin", "roll"):
        count(1, f"{verb} <1..6>")
        return (Stalin if verb == "stalin" else Roll)(die(args[0]))
    if verb in ("withdraw", "replace", "add", "loss"):
        count(1, f"{verb} <unit>")
        return {"withdraw": Withdraw, "replace": Replace, "add": Add, "loss": Loss}[verb](unit(args[0]))
    if verb == "order":
        count(1, "order move-fight|fight-move")
        if args[0].lower() not in ORDERS:
            raise ParseError(f"{text!r}: the order is one of {', '.join(ORDERS)} (5.2)")
        return Order(args[0].lower())
    if verb in ("move", "enter"):
        count(2, f"{verb} <unit> <hex>")
        return (Move if verb == "move" else Enter)(unit(args[0]), check_hex(args[1]))
    if verb == "assault":
        if len(args) < 3:
            raise ParseError(f"{text!r}: expected 'assault <target> <launch hex> <unit> [<unit>...]'")
        units = tuple(sorted(unit(w) for w in args[2:]))
        if len(set(units)) != len(units):
            raise ParseError(f"{text!r}: a unit is named twice")
        return Assault(check_hex(args[0]), check_hex(args[1]), units)
    if verb == "attack":
        count(1, "attack <hex>")
        return Attack(check_hex(args[0]))
    if verb == "choose":
        count(1, f"choose {'|'.join(CHOICES)}")
        if args[0].lower() not in CHOICES:
            raise ParseError(f"{text!r}: the choice is one of {', '.join(CHOICES)} (11.28)")
        return Choose(args[0].lower())
    if verb == "retreat":
        count(1, "retreat <hex>")
        return Retreat(check_hex(args[0]))
    if verb == "advance":
        count(1, "advance <unit>|none")
        return Advance(None if args[0].lower() == "none" else unit(args[0]))
    if verb == "convert":
        count(1, "convert <unit>|none")
        return Convert(None if args[0].lower() == "none" else unit(args[0]))
    raise ParseError(f"unknown action {words[0]!r}; expected one of: {', '.join(VERBS)}")
