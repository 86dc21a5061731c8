"""The sandbox's pieces and state: where every counter of a kit is, which face is up.

A *piece* is one physical counter: a kit counter with ``count: n`` gives ``n`` pieces, the
first named by the counter's id and the others ``id#2`` .. ``id#n``. A piece is on a hex of
the map, off the map in its side's reserve (``hex`` None, not removed), or removed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

FRONT, BACK = "front", "back"
COPY_MARK = "#"  # piece ids of further copies: "kg#2" (kit ids never hold '#')


@dataclass(frozen=True)
class Piece:
    """One counter on the table: its kit record and which copy it is."""

    id: str
    counter: str  # the kit counter id
    side: str
    kind: str
    name: str
    faces: dict[str, dict[str, Any]]
    back_meaning: str | None
    hidden: tuple[str, ...]

    @property
    def has_back(self) -> bool:
        return BACK in self.faces


def pieces_of(counters_doc: dict[str, Any]) -> list[Piece]:
    """Every piece of a kit's counters.json, in the file's order (copies after their first)."""
    out = []
    for c in counters_doc.get("counters", []):
        count = c.get("count", 1) if isinstance(c.get("count", 1), int) else 1
        for k in range(1, max(1, count) + 1):
            out.append(
                Piece(
                    id=c["id"] if k == 1 else f"{c['id']}{COPY_MARK}{k}",
                    counter=c["id"],
                    side=c["side"],
                    kind=c.get("kind", ""),
                    name=c.get("name") or c.get("designation") or c["id"],
                    faces=dict(c.get("faces", {})),
                    back_meaning=c.get("back_meaning"),
                    hidden=tuple(c.get("hidden", ())),
                )
            )
    return out


@dataclass
class SandboxState:
    """Who is to act, the turn, and every piece's place and face."""

    turn: int
    side_index: int  # index into the package's sides of the side to act
    hex_of: dict[str, str | None]  # piece -> hex (None: off the map)
    face: dict[str, str]  # piece -> "front" | "back"
    removed: set[str] = field(default_factory=set)
    over: bool = False

    def copy(self) -> SandboxState:
        return SandboxState(self.turn, self.side_index, dict(self.hex_of), dict(self.face), set(self.removed), self.over)

    def where(self, piece: str) -> str:
        """'map', 'pool' (off the map, may still be brought on) or 'eliminated'."""
        if piece in self.removed:
            return "eliminated"
        return "map" if self.hex_of.get(piece) is not None else "pool"
