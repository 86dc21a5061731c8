"""Battle for Moscow actions: small immutable values with a readable text form.

Every action round-trips through its text (``parse_action(str(a)) == a``), in the spirit
of chess's UCI moves: ``move XLVI 0507``, ``attack XLVI 0506``, ``commit``, ``roll 4``,
``retreat 0607 0708``, ``advance XLVI``, ``place 43A 1405``, ``end``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.errors import ParseError


@dataclass(frozen=True, slots=True)
class Setup:
    """Free set-up (000 6.0): put a German unit on a black-cross hex."""

    unit: str
    hex: str

    def __str__(self) -> str:
        return f"setup {self.unit} {self.hex}"


@dataclass(frozen=True, slots=True)
class Move:
    """Move a unit to a hex it can reach this phase (8.0; rail movement 8.1), optionally naming
    hexes it passes through on the way, in order (``move XLVI 0806 via 0805``): 10.0, a city
    entered on the way changes control (docs/decisions.md, decision 8)."""

    unit: str
    to: str
    via: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"move {self.unit} {self.to}" + (" via " + " ".join(self.via) if self.via else "")


@dataclass(frozen=True, slots=True)
class Attack:
    """Declare that ``unit`` attacks the enemy unit in ``target`` (9.0 procedure)."""

    unit: str
    target: str

    def __str__(self) -> str:
        return f"attack {self.unit} {self.target}"


@dataclass(frozen=True, slots=True)
class Commit:
    """Close the declarations: 'Battle Commitment' (9.0)."""

    def __str__(self) -> str:
        return "commit"


@dataclass(frozen=True, slots=True)
class Resolve:
    """Resolve the battle against the unit in ``target`` next (any order the attacker desires, 9.0)."""

    target: str

    def __str__(self) -> str:
        return f"resolve {self.target}"


@dataclass(frozen=True, slots=True)
class Roll:
    """A die roll: the chance event of a battle."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class StandFast:
    """The defender's choice in a major city on a DR result (000 9.3 Stand Fast)."""

    stand: bool

    def __str__(self) -> str:
        return f"standfast {'yes' if self.stand else 'no'}"


@dataclass(frozen=True, slots=True)
class Retreat:
    """The attacker's choice of retreat path for the defender: through ``via`` to ``to`` (9.3 DR)."""

    via: str
    to: str

    def __str__(self) -> str:
        return f"retreat {self.via} {self.to}"


@dataclass(frozen=True, slots=True)
class Loss:
    """The attacker's choice of which attacking unit takes a step loss (9.3 EX, AL)."""

    unit: str

    def __str__(self) -> str:
        return f"loss {self.unit}"


@dataclass(frozen=True, slots=True)
class Advance:
    """Advance after combat with one attacking unit, or ``None`` to stay (9.0 step 6)."""

    unit: str | None

    def __str__(self) -> str:
        return f"advance {self.unit or 'none'}"


@dataclass(frozen=True, slots=True)
class Place:
    """Spend a replacement step on a new half-strength unit placed on ``hex`` (10.0, 10.2, 10.3)."""

    unit: str
    hex: str

    def __str__(self) -> str:
        return f"place {self.unit} {self.hex}"


@dataclass(frozen=True, slots=True)
class Restore:
    """Spend a replacement step to flip a half-strength unit to full strength (10.0)."""

    unit: str

    def __str__(self) -> str:
        return f"restore {self.unit}"


@dataclass(frozen=True, slots=True)
class Reinforce:
    """Place an arriving reinforcement (the 1st Shock Army, 11.0) on a red-border hex."""

    unit: str
    hex: str

    def __str__(self) -> str:
        return f"reinforce {self.unit} {self.hex}"


@dataclass(frozen=True, slots=True)
class EndPhase:
    """Finish the current phase (unused replacement steps are lost, 10.4)."""

    def __str__(self) -> str:
        return "end"


Action = Setup | Move | Attack | Commit | Resolve | Roll | StandFast | Retreat | Loss | Advance | Place | Restore | Reinforce | EndPhase

_SHAPES: dict[str, tuple[type, tuple[str, ...]]] = {
    "setup": (Setup, ("unit", "hex")),
    "move": (Move, ("unit", "hex")),
    "attack": (Attack, ("unit", "hex")),
    "commit": (Commit, ()),
    "resolve": (Resolve, ("hex",)),
    "roll": (Roll, ("die",)),
    "standfast": (StandFast, ("yesno",)),
    "retreat": (Retreat, ("hex", "hex")),
    "loss": (Loss, ("unit",)),
    "advance": (Advance, ("unit_or_none",)),
    "place": (Place, ("unit", "hex")),
    "restore": (Restore, ("unit",)),
    "reinforce": (Reinforce, ("unit", "hex")),
    "end": (EndPhase, ()),
}

VERBS = tuple(_SHAPES)
END = EndPhase()


# -- interning: legal-action generation makes many equal values; share one of each -----------
_INTERNED: dict[tuple, Any] = {}


def interned(cls: type, *args: Any) -> Any:
    """One shared instance per distinct action value (they are immutable)."""
    key = (cls, *args)
    a = _INTERNED.get(key)
    if a is None:
        a = _INTERNED[key] = cls(*args)
    return a


class _HexTable(dict):
    """hex -> the interned action of one kind (``Move``, ``Attack``, ``Place``) for one unit and
    that hex, made on first use: legal-action lists index it instead of building values."""

    def __init__(self, cls: type, unit: str) -> None:
        super().__init__()
        self.cls = cls
        self.unit = unit

    def __missing__(self, hex_id: str) -> Any:
        a = self[hex_id] = interned(self.cls, self.unit, hex_id)
        return a


_TABLES: dict[tuple[type, str], _HexTable] = {}


def table_of(cls: type, unit: str) -> dict[str, Any]:
    """The interned ``cls(unit, hex)`` actions of a unit, by hex (``Move``, ``Attack``,
    ``Place``, ``Reinforce``, ``Setup``)."""
    table = _TABLES.get((cls, unit))
    if table is None:
        table = _TABLES[(cls, unit)] = _HexTable(cls, unit)
    return table


_MOVE_TABLES: dict[str, dict[str, Move]] = {}  # unit -> its ``table_of(Move, unit)`` (asked at every move)


def moves_of(unit: str) -> dict[str, Move]:
    """The interned ``Move`` values of a unit, by destination hex."""
    table = _MOVE_TABLES.get(unit)
    if table is None:
        table = _MOVE_TABLES[unit] = table_of(Move, unit)
    return table


def parse_action(text: str, unit_ids: frozenset[str] | set[str], check_hex) -> Action:
    """Parse the text form of an action; raises ``ParseError`` naming what is wrong."""
    words = str(text).split()
    if not words:
        raise ParseError("empty action")
    verb = words[0].lower()
    if verb not in _SHAPES:
        raise ParseError(f"unknown action {words[0]!r}; expected one of: {', '.join(VERBS)}")
    cls, shape = _SHAPES[verb]
    args = words[1:]
    via: list[str] = []
    if verb == "move" and len(args) > 2 and args[2].lower() == "via":
        if len(args) == 3:
            raise ParseError(f"{text!r}: name the hexes after 'via': move <unit> <hex> via <hex> [<hex> ...]")
        via = [check_hex(w) for w in args[3:]]
        args = args[:2]
    if len(args) != len(shape):
        usage = " ".join(f"<{s}>" for s in shape)
        raise ParseError(f"{text!r}: '{verb}' takes {len(shape)} argument(s): {verb} {usage}".rstrip())
    values = []
    for kind, word in zip(shape, args):
        if kind == "unit" or (kind == "unit_or_none" and word.lower() != "none"):
            if word not in unit_ids:
                match = {u.upper(): u for u in unit_ids}.get(word.upper())
                if match is None:
                    raise ParseError(f"{text!r}: no unit called {word!r}")
                word = match
            values.append(word)
        elif kind == "unit_or_none":
            values.append(None)
        elif kind == "hex":
            values.append(check_hex(word))
        elif kind == "die":
            if word not in {"1", "2", "3", "4", "5", "6"}:
                raise ParseError(f"{text!r}: a die roll is 1 to 6, not {word!r}")
            values.append(int(word))
        elif kind == "yesno":
            if word.lower() not in {"yes", "no"}:
                raise ParseError(f"{text!r}: answer 'standfast yes' or 'standfast no'")
            values.append(word.lower() == "yes")
    if via:
        return Move(values[0], values[1], tuple(via))
    return cls(*values)
