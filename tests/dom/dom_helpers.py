"""Small synthetic Drive on Moscow maps built for one rule at a time."""

from __future__ import annotations

from typhoon.core.hexgrid import HexGrid
from typhoon.games.dom.data import DomMap, hexside_key


def small_map(columns: int = 7, rows: int = 7, *, terrain=None, rivers=(), reservoirs=(), cities=None, towns=None,
              forts=(), german_columns: int = 2, soviet_sources=None) -> DomMap:
    """A ``columns`` x ``rows`` map (BfM numbering, flat hexes): the first ``german_columns``
    columns lie west of the initial front line; German sources on the west edge, Soviet
    sources on the east edge unless given."""
    grid = HexGrid(columns=columns, rows=rows)
    hexes = grid.all_hexes
    zone = {h: "german" if int(h[:2]) <= german_columns else "forward" for h in hexes}
    east = [h for h in hexes if int(h[:2]) == columns]
    return DomMap(
        grid=grid,
        terrain={h: (terrain or {}).get(h, "clear") for h in hexes},
        forts=frozenset(forts),
        rivers=frozenset(hexside_key(a, b) for a, b in rivers),
        reservoirs=frozenset(hexside_key(a, b) for a, b in reservoirs),
        cities=dict(cities or {}),
        towns=dict(towns or {}),
        zone=zone,
        sheet={h: "north" for h in hexes},
        german_sources=frozenset(h for h in hexes if h.startswith("01")),
        soviet_sources=frozenset(soviet_sources if soviet_sources is not None else east),
    )
