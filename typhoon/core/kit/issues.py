"""What the kit validator reports: one :class:`Issue` per problem, worded for a person."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ParseError


@dataclass(frozen=True, order=True)
class Issue:
    """One problem in a kit package: the file, the JSON path inside it and a plain explanation.

    ``str(issue)`` is ``"file: JSON path: explanation"``, e.g.
    ``"map.json: $.hexes['0101'].terrain: 'swamp' is not a terrain type declared in terrain_types"``.
    ``todo`` marks a placeholder the owner still has to fill in (not an error in a draft).
    """

    file: str
    path: str
    message: str
    todo: bool = False

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.message}"


class KitError(ParseError):
    """A kit package that does not validate; ``issues`` lists every problem found."""

    def __init__(self, issues: list[Issue], where: str = "kit") -> None:
        self.issues = list(issues)
        head = f"{where}: {len(self.issues)} problem{'s' if len(self.issues) != 1 else ''}"
        lines = [str(i) for i in self.issues[:20]]
        more = len(self.issues) - len(lines)
        super().__init__("\n".join([head, *lines] + ([f"... and {more} more"] if more > 0 else [])))


def json_path(parts: tuple | list) -> str:
    """A JSON path such as ``$.hexes['0101'].terrain`` or ``$.setup[3].hex`` from path parts."""
    out = "$"
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif isinstance(p, str) and p.isidentifier():
            out += f".{p}"
        else:
            out += f"[{str(p)!r}]"
    return out
