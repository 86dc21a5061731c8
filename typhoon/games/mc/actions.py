"""Moscow Campaign actions: immutable values whose text round-trips (``parse(str(a)) == a``).

``move U HEX [via HEX...]``, ``entrain U``, ``rail U HEX``, ``detrain U``, ``enter U HEX``
(Soviet reinforcement, entrained), ``overrun HEX U...``, ``attack HEX[+HEX] U... [odds 3-1]
[nodr]``, ``roll N`` (chance), ``retreat U HEX``, ``lose U``, ``disrupt U``, ``advance U HEX`` /
``advance none``, ``end``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.errors import ParseError

VERBS = ("move", "entrain", "rail", "detrain", "enter", "overrun", "attack", "roll", "retreat", "lose", "disrupt", "advance", "end")


@dataclass(frozen=True, slots=True)
class Act:
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))

    # structured readings
    @property
    def unit(self) -> str | None:
        if self.verb in ("move", "entrain", "rail", "detrain", "enter", "retreat", "lose", "disrupt"):
            return self.args[0]
        if self.verb == "advance" and self.args[0] != "none":
            return self.args[0]
        return None

    def attack_parts(self) -> tuple[tuple[str, ...], tuple[str, ...], str | None, bool]:
        """(targets, units, reduce_to, nodr) of an attack or overrun."""
        targets = tuple(self.args[0].split("+"))
        units, reduce_to, nodr = [], None, False
        rest = list(self.args[1:])
        while rest:
            w = rest.pop(0)
            if w == "odds":
                reduce_to = rest.pop(0)
            elif w == "nodr":
                nodr = True
            else:
                units.append(w)
        return targets, tuple(units), reduce_to, nodr


def attack(targets: tuple[str, ...], units: tuple[str, ...], reduce_to: str | None = None, nodr: bool = False) -> Act:
    args = ["+".join(targets), *units]
    if reduce_to:
        args += ["odds", reduce_to]
    if nodr:
        args.append("nodr")
    return Act("attack", tuple(args))


def parse(text: str, units: dict[str, str], check_hex: Callable[[str], str], sort_key: Callable[[str], int], columns: tuple[str, ...]) -> Act:
    words = str(text).split()
    if not words:
        raise ParseError("empty action")
    verb, args = words[0].lower(), words[1:]

    def unit(w: str) -> str:
        u = units.get(w.upper())
        if u is None:
            raise ParseError(f"{text!r}: no unit called {w!r}")
        return u

    def need(n: int, usage: str) -> None:
        if len(args) != n:
            raise ParseError(f"{text!r}: expected '{usage}'")

    if verb == "move":
        if len(args) < 2 or (len(args) > 2 and args[2].lower() != "via") or len(args) == 3:
            raise ParseError(f"{text!r}: expected 'move <unit> <hex> [via <hex>...]'")
        via = tuple(check_hex(h) for h in args[3:])
        return Act("move", (unit(args[0]), check_hex(args[1]), *(("via", *via) if via else ())))
    if verb in ("entrain", "detrain", "lose", "disrupt"):
        need(1, f"{verb} <unit>")
        return Act(verb, (unit(args[0]),))
    if verb in ("rail", "enter", "retreat"):
        need(2, f"{verb} <unit> <hex>")
        return Act(verb, (unit(args[0]), check_hex(args[1])))
    if verb in ("attack", "overrun"):
        if len(args) < 2:
            raise ParseError(f"{text!r}: expected '{verb} <hex>[+<hex>] <unit>...'")
        targets = tuple(sorted(check_hex(t) for t in args[0].split("+")))
        us, reduce_to, nodr = [], None, False
        rest = list(args[1:])
        while rest:
            w = rest.pop(0)
            if w.lower() == "odds" and verb == "attack":
                if not rest or rest[0] not in columns:
                    raise ParseError(f"{text!r}: 'odds' takes a column of the table: {', '.join(columns)}")
                reduce_to = rest.pop(0)
            elif w.lower() == "nodr" and verb == "attack":
                nodr = True
            else:
                us.append(unit(w))
        if not us or len(set(us)) != len(us):
            raise ParseError(f"{text!r}: name each unit once")
        us = sorted(us, key=sort_key)
        if verb == "overrun":
            if len(targets) != 1:
                raise ParseError(f"{text!r}: an overrun has one target hex")
            return Act("overrun", (targets[0], *us))
        return attack(targets, tuple(us), reduce_to, nodr)
    if verb == "roll":
        need(1, "roll <1..6>")
        if not args[0].isdigit() or not 1 <= int(args[0]) <= 6:
            raise ParseError(f"{text!r}: a die roll is 1..6")
        return Act("roll", (str(int(args[0])),))
    if verb == "advance":
        if args == ["none"]:
            return Act("advance", ("none",))
        need(2, "advance <unit> <hex> | advance none")
        return Act("advance", (unit(args[0]), check_hex(args[1])))
    if verb == "end":
        need(0, "end")
        return Act("end")
    raise ParseError(f"unknown action {words[0]!r}; expected one of: {', '.join(VERBS)}")
