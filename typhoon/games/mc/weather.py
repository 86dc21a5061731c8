"""Weather (002 L96-102): the schedule by game turn and its effects, per side.

Decision D-WEATHER (docs/games/mc/decisions.md): the first list (L98-100: RAINS, MUD one hex and
halved strength, WINTER) is the German player's, the second (L101 MUD halved MA) the Soviet
player's, FREEZE (L102) applies to both.
"""

from __future__ import annotations

from fractions import Fraction

HALF = Fraction(1, 2)


def weather_of(data, turn: int) -> str:
    """The weather of a game turn (Time Record; L98-102)."""
    return data.weather.get(turn, "clear")


def frozen(data, turn: int) -> bool:
    """FREEZE L102: from turn 16 lakes and rivers no longer affect combat or movement."""
    return weather_of(data, turn) in ("freeze", "winter")


def german_mud(data, turn: int, side: str) -> bool:
    """MUD L99 (German): movement reduced to one hex per Movement Phase."""
    return side == "german" and weather_of(data, turn) == "mud"


def movement_factor(data, turn: int, side: str, mechanized: bool) -> Fraction:
    """Multiplier of the Movement Allowance: RAINS L98 (German) 1/2, MUD L101 (Soviet) 1/2,
    WINTER L100 (German mechanized) 1/2. German MUD (L99) is the one-hex rule, not a factor."""
    w = weather_of(data, turn)
    if side == "german":
        if w == "rains":
            return HALF
        if w == "winter" and mechanized:
            return HALF
        return Fraction(1)
    return HALF if w == "mud" else Fraction(1)


def attack_factor(data, turn: int, side: str, mechanized: bool) -> Fraction:
    """Multiplier of attack strength: RAINS L98, MUD L99, WINTER L100 (mechanized): German only."""
    if side != "german":
        return Fraction(1)
    w = weather_of(data, turn)
    if w in ("rains", "mud") or (w == "winter" and mechanized):
        return HALF
    return Fraction(1)


def defence_factor(data, turn: int, side: str) -> Fraction:
    """Multiplier of defence strength: MUD L99 halves German Combat Strength without the words
    'when attacking' (decision D-MUD-DEFENCE: German defence is halved in MUD too)."""
    if side == "german" and weather_of(data, turn) == "mud":
        return HALF
    return Fraction(1)
