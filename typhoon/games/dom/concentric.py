"""11.20 Concentric Prepared Assault: the attacking hexes' shape around the defender."""

from __future__ import annotations

from collections.abc import Iterable


def is_concentric(target: str, attack_hexes: Iterable[str], grid) -> bool:
    """11.20 L1221-1223: attacks from two directly opposite hexes, or from three hexes with one
    hex between each and the next, or from more than three hexes."""
    dirs = grid.directions
    where = {dirs.index(grid.direction(target, h)) for h in set(attack_hexes)}
    if len(where) > 3:
        return True
    if any((d + 3) % 6 in where for d in where):
        return True  # two directly opposite hexes (with or without a third)
    return len(where) == 3 and all((d + 2) % 6 in where for d in where)
