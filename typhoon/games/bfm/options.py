"""Options of a Battle for Moscow game: the edition and the balance variants.

Editions and variants are options, never forks of the rules code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from ...core.errors import ParseError

EDITIONS = ("2009", "1986")
RED_BORDERS = ("corners", "east")  # 000 10.2: readings of the 2009 red border (docs/decisions.md #10)
RED_BORDER_DEFAULT = "corners"


@dataclass(frozen=True)
class BfmOptions:
    edition: str = "2009"
    """'2009' (VPG/C3i, seed 000) or '1986' (GDW original, seed 001)."""
    soviet_replacements: int = 5
    """Soviet replacement steps per turn: 5 standard; 4 or 3 help the Germans (balance variant)."""
    german_replacements: int = 1
    """German replacement steps per turn (from turn 2; none on turn 1, 000 6.0)."""
    german_replacement_turns: str = "all"
    """'all' turns from 2 on, or 'even' (2, 4 and 6 only: balance variant helping the Soviets)."""
    setup: str = "standard"
    """'standard': Typhoon's default German set-up; 'free': the German player places each unit (000 6.0)."""
    red_border: str = RED_BORDER_DEFAULT
    """2009 only (000 10.2), the red-bordered Soviet edge, a reading of a map Typhoon does not have:
    'corners' (column 14 and 1201, 1301, 1210, 1310) or 'east' (column 14 alone, as in 1986)."""

    def __post_init__(self) -> None:
        if self.edition not in EDITIONS:
            raise ParseError(f"edition must be one of {EDITIONS}, not {self.edition!r}")
        if self.soviet_replacements not in (0, 1, 2, 3, 4, 5, 6):
            raise ParseError(f"soviet_replacements must be 0-6, not {self.soviet_replacements!r}")
        if self.german_replacements not in (0, 1, 2, 3):
            raise ParseError(f"german_replacements must be 0-3, not {self.german_replacements!r}")
        if self.german_replacement_turns not in ("all", "even"):
            raise ParseError(f"german_replacement_turns must be 'all' or 'even', not {self.german_replacement_turns!r}")
        if self.setup not in ("standard", "free"):
            raise ParseError(f"setup must be 'standard' or 'free', not {self.setup!r}")
        if self.red_border not in RED_BORDERS:
            raise ParseError(f"red_border must be one of {RED_BORDERS}, not {self.red_border!r}")

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> BfmOptions:
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ParseError(f"unknown option(s) {sorted(unknown)}; known options: {sorted(known)}")
        if "edition" in data:
            data["edition"] = str(data["edition"])
        for k in ("soviet_replacements", "german_replacements"):
            if k in data:
                try:
                    data[k] = int(data[k])
                except (TypeError, ValueError):
                    raise ParseError(f"{k} must be a whole number, not {data[k]!r}") from None
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
