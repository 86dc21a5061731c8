"""7.0 German Zones of Control: German units only, a rigid stop for Soviet units, no MP cost."""

from __future__ import annotations

from collections.abc import Iterable

from .data import DomMap


def german_zoc(m: DomMap, german_hexes: Iterable[str]) -> frozenset[str]:
    """7.0 L515-517: the six hexes around every German ground unit; 7.1 L522: not across
    reservoir hexsides. Supply state and steps do not matter (7.1 L523-524)."""
    zone = set()
    for h in set(german_hexes):
        zone.update(n for n in m.neighbours(h) if not m.is_reservoir(h, n))
    return frozenset(zone)


def soviet_may_step(zoc: frozenset[str], here: str, there: str, started_here: bool) -> bool:
    """7.2 L527-538: never GZOC to GZOC; a unit that began its move in GZOC may leave only
    into a GZOC-free hex (which is the same test)."""
    return not (here in zoc and there in zoc)


def soviet_stops(zoc: frozenset[str], h: str) -> bool:
    """7.2 L527-529: a Soviet unit stops in the first GZOC hex it enters."""
    return h in zoc
