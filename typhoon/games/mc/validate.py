"""Check a Moscow Campaign kit (the shipped reconstruction or an owner's) against every
constraint the rules text 002 states. ``problems(path)`` lists what breaks one, citing it.

Run: ``.venv/bin/python -m typhoon.games.mc.validate [KIT_DIR]``."""

from __future__ import annotations

import sys
from pathlib import Path

from ...core.kit import load_kit
from .data import KIT_DIR, from_kit

RESULTS = {"De", "DeAd", "Dr", "Br", "Ex", "HEx", "Ar", "Ae"}  # CRT L78-85


def problems(path: Path | str = KIT_DIR) -> list[str]:
    out: list[str] = []
    kit = load_kit(Path(path))
    data = from_kit(Path(path))
    need = out.append
    # L2: three scenarios
    if set(data.scenarios) != {"september", "november", "december"}:
        need(f"L2: scenarios must be september, november, december (got {sorted(data.scenarios)})")
    # L9: 9.6 km hexes
    if kit.map["geometry"].get("hex_size_km") not in (None, 9.6):
        need("L9: each hex is 9.6 km")
    units = data.units
    eb = {s: [u for u in units.values() if u.eb and u.side == s] for s in ("german", "soviet")}
    # EB (B) L125: three German, twelve Soviet EB units; ZOC (I) L41: (1)-1, no ZOC
    if len(eb["german"]) != 3 or len(eb["soviet"]) != 12:
        need(f"EB (B) L125: 3 German and 12 Soviet EB units (got {len(eb['german'])}, {len(eb['soviet'])})")
    for u in eb["german"] + eb["soviet"]:
        if (u.strength, u.movement, u.bracketed) != (1, 1, True):
            need(f"ZOC (I) L41: EB {u.id} must be a parenthesised (1)-1")
    armour = [u for u in units.values() if u.soviet_armour]
    if not armour or any((u.strength, u.movement, u.side) != (1, 10, "soviet") for u in armour):
        need("ZOC (I) L41, Combat (T) L77, L114: Soviet [1]-10 armour units")
    kgs = [u for u in units.values() if u.kind == "kg"]
    if not kgs or any((u.strength, u.movement, u.mechanized, u.side) != (2, 8, True, "german") for u in kgs):
        need("Combat (G) L64: Kampfgruppen are '2-8' German mechanized units")
    if not any(u.kg_eligible for u in units.values()):
        need("Combat (G) L64: German mechanized units of strength four or more")
    if any(u.mechanized and u.side != "german" for u in units.values()):
        need("L8: only German armour and motorized units are mechanized")
    if not any(u.mechanized and u.kind == "armour" for u in units.values()) or not any(u.kind == "motorized" for u in units.values()):
        need("L8: German armour and motorized units")
    # L109: five fortified lines of contiguous hexsides facing west (L107)
    if len(data.lines) != 5:
        need(f"Fortified (F) L109: five fortified lines (got {len(data.lines)})")
    for line, sides in data.lines.items():
        if len(sides) < 5:
            need(f"Fortified (F) L109: {line} has fewer than five hexsides")
        for k in sides:
            faces = data.fortified[k][0]
            other = next(iter(k - {faces}))
            if data.grid.axial(faces)[0] > data.grid.axial(other)[0]:
                need(f"Fortified (D) L107: {line} hexside {sorted(k)} faces east")
        if not _contiguous(data, sides):
            need(f"Fortified (F) L109: the hexsides of {line} are not contiguous")
    # CRT: every result, the 11-1 column, one die
    codes = {r for row in data.crt.rows.values() for r in row}
    if not RESULTS <= codes:
        need(f"CRT L78-85: results missing from the table: {sorted(RESULTS - codes)}")
    if data.crt_columns[-1] != "11-1":
        need("Overrun L91: the CRT needs an '11-1' column")
    if sorted(f for f, _ in data.crt.faces) != [1, 2, 3, 4, 5, 6]:
        need("L10: combat is resolved with a die")
    if min(data.crt.rows) > 1 - 2:
        need("Combat (O) L72: rows for rolls modified by -2")
    # Weather L98-102
    w = data.weather
    if max(w) < 31 or w.get(5) != "rains" or any(w.get(t) != "mud" for t in range(6, 16)) or any(w.get(t) not in ("freeze", "winter") for t in range(16, 32)) or any(w.get(t) != "winter" for t in range(23, 32)):
        need("Weather L98-102: turn 5 rains, 6-15 mud, 16-31 freeze, 23-31 winter")
    # Supply: heavier German lines (L48), Soviet rail to the north, south or east edges (L50)
    if not data.heavy_links or not data.heavy_hexes <= data.rail_hexes:
        need("L48, L122: heavier German supply lines on the rail net")
    if not data.heavy_hexes & data.supply_edges["german"]:
        need("L48: the heavier lines must reach a German supply edge")
    if not data.rail_hexes & data.supply_edges["soviet"]:
        need("L50: rail lines must reach the north, south or east edge")
    if not data.lake:
        need("Movement (L) L31: lake hexsides")
    if data.moscow() is None:
        need("L2: Moscow")
    # scenarios: start lines, sides, stacking, EBs at the beginning (L125), Soviet supply east of the line (L50)
    for sid, sc in data.scenarios.items():
        if not sc.start_line:
            need(f"L122: scenario {sid} has no Start Line")
        count: dict[str, int] = {}
        for u, h in sc.setup:
            count[h] = count.get(h, 0) + 1
            spec = units[u]
            west = h in sc.german_side
            if spec.side == "german" and not west:
                need(f"L122: {sid}: German {u} at {h} is east of the Start Line")
            if spec.side == "soviet" and west:
                need(f"L50: {sid}: Soviet {u} at {h} is west of the Start Line")
        over = [h for h, n in count.items() if n > 3]
        if over:
            need(f"Stacking L43: {sid}: more than three units in {over}")
        placed = {u for u, _ in sc.setup}
        if sum(1 for u in placed if units[u].eb and units[u].side == "german") != 3 or sum(1 for u in placed if units[u].eb and units[u].side == "soviet") != 12:
            need(f"EB (B) L125: {sid}: 3 German and 12 Soviet EB units at the beginning")
        for u in placed:
            if units[u].eb:
                h = dict(sc.setup)[u]
                if h not in data.rail_hexes:
                    need(f"EB (D) L127: {sid}: {u} starts off the rail lines ({h})")
        if any(units[u].kind == "kg" for u in placed):
            need(f"Combat (G) L64: {sid}: KG units only replace eliminated units")
        for t, us in sc.reinforcements.items():
            if any(units[u].side != "soviet" for u in us):
                need(f"Rail (A) L115: {sid}: only Soviet reinforcements enter entrained (turn {t})")
    return out


def _contiguous(data, sides) -> bool:
    """Hexsides of a line share a hex with the next one (a connected chain)."""
    sides = list(sides)
    seen = {0}
    stack = [0]
    while stack:
        i = stack.pop()
        for j, k in enumerate(sides):
            if j not in seen and _touch(data, sides[i], k):
                seen.add(j)
                stack.append(j)
    return len(seen) == len(sides)


def _touch(data, a, b) -> bool:
    if a & b:
        return True
    return any(data.grid.adjacent(x, y) for x in a for y in b)


if __name__ == "__main__":
    found = problems(sys.argv[1] if len(sys.argv) > 1 else KIT_DIR)
    print("\n".join(found) or "the kit meets every constraint of the text")
    sys.exit(1 if found else 0)
