"""The map geometry of a kit as a core grid (``typhoon.core.hexgrid``).

The kit's ``geometry`` object (docs/kit.md, schema/map.schema.json) is what
``typhoon.core.hexgrid.grid_from_spec`` reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import ParseError
from .. import hexgrid


class GeometryError(ParseError):
    """A map geometry the core grid cannot represent (yet), naming what is unsupported."""


def core_spec(geometry: dict[str, Any], hexes: Sequence[str] = ()) -> dict[str, Any]:
    """The geometry as given to ``grid_from_spec``: the kit object, with the list of hexes
    filled in from map.json when the map is not the full rectangle."""
    spec = {k: v for k, v in geometry.items() if k not in ("provenance", "notes", "overlaps", "hex_size_km")}
    if "sections" not in spec and "hexes" not in spec and hexes:
        full = _rectangle(spec)
        if full is not None and set(hexes) != full:
            spec["hexes"] = sorted(hexes)
    return spec


def _rectangle(spec: dict[str, Any]) -> set[str] | None:
    try:
        first = int(spec.get("first", 1))
        cols, rows = int(spec["columns"]), int(spec["rows"])
        cd, rd = int(spec["col_digits"]), int(spec["row_digits"])
    except (KeyError, TypeError, ValueError):
        return None
    ids = set()
    for c in range(first, first + cols):
        for r in range(first, first + rows):
            ids.add(f"{c:0{cd}d}{r:0{rd}d}" if spec.get("id_order", "column_row") == "column_row" else f"{r:0{rd}d}{c:0{cd}d}")
    return ids


def build_grid(geometry: dict[str, Any], hexes: Sequence[str] = ()) -> Any:
    """The core grid of a kit geometry (``HexGrid`` or ``SectionedGrid``)."""
    try:
        return hexgrid.grid_from_spec(core_spec(geometry, hexes))
    except ParseError as e:
        raise GeometryError(str(e)) from None


def directions(orientation: str) -> tuple[str, ...]:
    """The six hexside directions of an orientation."""
    return ("N", "NE", "SE", "S", "SW", "NW") if orientation == "flat" else ("NE", "E", "SE", "SW", "W", "NW")
