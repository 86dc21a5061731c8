"""4.0 How to Win: sudden death at the instant, and the end of game turn 9."""

from __future__ import annotations

from .data import DomMap

FIVE_CITIES = ("Kalinin", "Kursk", "Orel", "Smolensk", "Tula")  # 4.3 L388-389


def moscow_entered(m: DomMap, control: dict[str, str]) -> bool:
    """4.1 L358-359: the instant either Moscow hex comes under German control."""
    return any(control.get(h) == "german" for h in m.moscow())


def moscow_isolated(moscow_supplied: set[str], m: DomMap) -> bool:
    """4.2 L366-377: both Moscow hexes cut off at the same time (the caller traces each as a
    unit needing edge supply; city supply does not count, L371-374)."""
    return not (set(m.moscow()) & moscow_supplied)


def soviet_breakthrough(m: DomMap, control: dict[str, str]) -> str | None:
    """4.4 L395-397: a town or city west of the initial front line under Soviet control."""
    for h, name in sorted({**m.towns, **m.cities}.items()):
        if m.west_of_front(h) and control.get(h) == "soviet":
            return name
    return None


def german_end_victory(m: DomMap, control: dict[str, str]) -> bool:
    """4.3 L387-390: all five non-Moscow city hexes German controlled at the end of GT9."""
    return all(control.get(h) == "german" for h, n in m.cities.items() if n in FIVE_CITIES)
