"""Sequence of play (002 L11-18): the German Initial Movement, Combat and Mechanized Movement
Phases, then the Russian Movement and Combat Phases."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    side: str
    kind: str  # movement | combat
    mechanized: bool = False
    rule: str = ""


PHASES: tuple[Phase, ...] = (
    Phase("german_initial_movement", "German Initial Movement Phase", "german", "movement", False, "L12"),
    Phase("german_combat", "German Combat Phase", "german", "combat", False, "L13"),
    Phase("german_mechanized_movement", "German Mechanized Movement Phase", "german", "movement", True, "L14-15"),
    Phase("soviet_movement", "Russian Movement Phase", "soviet", "movement", False, "L16; Rail (B) L116"),
    Phase("soviet_combat", "Russian Combat Phase", "soviet", "combat", False, "L17-18"),
)
BY_ID = {p.id: p for p in PHASES}
ORDER = [p.id for p in PHASES]


def next_phase(phase: str) -> str | None:
    i = ORDER.index(phase)
    return ORDER[i + 1] if i + 1 < len(ORDER) else None
