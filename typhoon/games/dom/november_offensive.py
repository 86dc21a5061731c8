"""12.0-12.3 The German November Offensive as a small state machine over game turns.

``declared`` is the game turn of the declaration (None: none yet). Declaration turn T:
no German attacks, German MF -2 mech / -1 non-mech, Stalin's spoiling attacks (1d6 x 3 units).
Execution turn T+1: MF +2/+1, German PA 1R (not cumulative with fight/move), +1 German air,
3 + 3 replacement steps. No declaration by the start of GT7: for the rest of the game German
MA/PA 1L and Soviet attacks 1R (12.3; D-10: from game turn 7 on).
"""

from __future__ import annotations

DECLARATION_TURNS = (4, 5, 6, 7)  # 12.0 L1371-1372


def may_declare(turn: int, declared: int | None) -> bool:
    """12.0 L1371-1374: at the very start of GT4-7, at most once per game."""
    return declared is None and turn in DECLARATION_TURNS


def phase(turn: int, declared: int | None) -> str:
    """"declaration", "execution", "forfeited" (12.3) or "none"."""
    if declared is not None:
        if turn == declared:
            return "declaration"
        if turn == declared + 1:
            return "execution"
        return "none"
    return "forfeited" if turn >= 7 else "none"  # asked once the declaration window of the turn is past


def forfeit_shift(side: str, turn: int, declared: int | None) -> int:
    """12.3 L1464-1474 (D-10): no declaration at the start of GT7 forfeits it; from GT7 on German
    MA and PA are shifted 1L and Soviet attacks 1R."""
    if phase(turn, declared) != "forfeited":
        return 0
    return -1 if side == "german" else 1


def mf(base: int, mobility: str, turn: int, declared: int | None) -> int:
    """German movement factor with 12.1/12.2 (12.1 L1385-1390: GT5 declaration 3 -> 1 and 2)."""
    p = phase(turn, declared)
    if p == "declaration":
        return max(0, base - (2 if mobility == "mech" else 1))
    if p == "execution":
        return base + (2 if mobility == "mech" else 1)
    return base


def german_attacks_allowed(turn: int, declared: int | None) -> bool:
    """12.1 L1381: no German MA or PA in the declaration turn."""
    return phase(turn, declared) != "declaration"


def stalin_minimum(die: int) -> int:
    """12.1 L1396-1400: the Soviet rolls a die and multiplies by three (3..18 units)."""
    if not 1 <= die <= 6:
        raise ValueError(f"a die shows 1..6, not {die}")
    return 3 * die


def german_pa_bonus(turn: int, declared: int | None, fight_move: bool) -> int:
    """5.2 L450-453, 5.3 L461-468, 12.2 L1438-1443: fight/move, GT1 and the execution turn each
    give German PA 1R, but never more than one column together (D-2: 12.2, not 12.3)."""
    return 1 if (fight_move or turn == 1 or phase(turn, declared) == "execution") else 0
