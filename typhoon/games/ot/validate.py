"""Checks of Operation Typhoon's kit against every constraint the rules text (003) states.

``check_kit(kit)`` returns a list of problems (empty: the map and set-ups agree with the text).
It is what keeps the RECONSTRUCTED map honest: the hex of every named place, the set-ups of
18.12/18.22/18.32 against the front line and stacking (7.1), the scenario hexes (18.16(b),
18.19, 18.26(b), 18.29, 18.39, 18.49), the map edges of 12.12/12.22 and the Entry Areas.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.geometry import Layout
from ...core.kit import load_kit
from .setup_text import parse_setup

KIT_DIR = Path(__file__).parent / "kit"

#: Places the text gives a hex for, and where (18.12 L1367-1369, 18.29 L1537, 18.39 L1650, 18.49 L1766).
TEXT_PLACES = {
    "Tula": "C1820", "Venev": "C2132", "Kremlin": "B3531",
    "Klin": "A2020", "Solnechnogorsk": "A1423", "Istra": "A0521", "Radov": "A0323", "Dmitrov": "A1734",
    "Dubna": "A3534", "Mytischki": "A0234", "Ivanteyevka": "A0537", "Zagorsk": "A1443", "Aleksandrov": "A1453",
    "Zvenigorod": "B3717", "Naro-Fominsk": "B2512", "Serpukov": "B0621", "Micinevo": "B1232", "Podol'sk": "B2527",
    "Kuntsevo": "B3427", "Lenino": "B2931", "Brinnizsi": "B2139", "Kolomna": "B0646", "Yegor'yevski": "B1652",
    "Kurovskoye": "B2352", "Klimovsk": "B2126",
}
#: Named in 18.19 (L1418-1424) for the Map C scenario without a hex: must lie on Map C.
MAP_C_TOWNS = ("Kashira", "Mikhaylov", "Zaokskoye", "Mordveso")
#: Hexes the scenarios name outside set-ups.
SCENARIO_HEXES = ("C3934", "C3932", "A0125", "A0127", "A0129", "A1030", "A0126", "A0133")


def _x(grid: Any, layout: Layout, h: str) -> float:
    return layout.centre(*grid.axial(h))[0]


def check_places(kit: Any) -> list[str]:
    grid, out = kit.grid, []
    places = {p["name"]: p for p in kit.places}
    for name, h in TEXT_PLACES.items():
        p = places.get(name)
        if p is None:
            out.append(f"place {name} (text hex {h}) is missing")
        elif grid.canonical(h) not in {grid.canonical(x) for x in p["hexes"]}:
            out.append(f"place {name} is at {p['hexes']}, the text says {h}")
    for name in MAP_C_TOWNS:
        p = places.get(name)
        if p is None or not any(a.startswith("C") for a in grid.aliases(p["hexes"][0])):
            out.append(f"place {name} must lie on Map C (18.19 L1418-1424)")
    if places.get("Tula", {}).get("kind") != "city" or places.get("Tula", {}).get("value") != 10:
        out.append("Tula must be a City worth 10 VP (16.14a, 18.19 L1418)")
    if kit.hexes.get(grid.canonical("B3531"), {}).get("terrain") != "city":
        out.append("the Kremlin hex B3531 must be a City hex (Moscow)")
    for name in list(TEXT_PLACES) + list(MAP_C_TOWNS):
        p = places.get(name)
        if p and kit.hexes[grid.canonical(p["hexes"][0])]["terrain"] not in ("city", "town"):
            out.append(f"place {name}'s hex is not a City or Town hex")
    return out


def front_x(kit: Any, layout: Layout) -> dict[int, float]:
    """The page x of the front-line hex of each global hexrow."""
    line = next(pl for pl in kit.map.get("printed_lines", []) if pl["id"] == "front_line")
    return {kit.grid.axial(h)[1]: _x(kit.grid, layout, h) for h in line["hexes"]}


def check_setups(kit: Any) -> list[str]:
    """18.12(1) etc.: German listed hexes west of the front line (exclusive), Russian east of it;
    Russian stacks within 7.1 (two combat units, a free HQ and a free battalion/company)."""
    grid, layout, out = kit.grid, Layout("pointy"), []
    fx = front_x(kit, layout)
    counters = kit.counters
    stacks: dict[tuple[str, str], list[str]] = {}
    for p in parse_setup():
        if not p["hex"]:
            continue
        h = p["section"] + p["hex"]
        if not grid.on_map(h):
            out.append(f"L{p['line']}: {h} is not on the map")
            continue
        c = grid.canonical(h)
        if kit.hexes[c]["terrain"] == "lake":
            out.append(f"L{p['line']}: {p['designation']} is set up in a lake hex {h}")
        row = grid.axial(c)[1]
        x = _x(grid, layout, c)
        if p["side"] == "german" and not x < fx[row]:
            out.append(f"L{p['line']}: German {p['designation']} at {h} is not west of the front line")
        if p["side"] == "russian" and not x > fx[row]:
            out.append(f"L{p['line']}: Russian {p['designation']} at {h} is not east of the front line")
        stacks.setdefault((p["side"] + p["section"], c), []).append(p["designation"] + ("." + p["type"] if p["type"] in ("AT", "AA") else ""))
    for (side, c), units in stacks.items():
        if not side.startswith("russian"):
            if len([u for u in units]) > 3 * 2:
                out.append(f"German stack at {c} cannot be spread within one hex")
            continue
        kinds = [counters[u.replace("'", "")] for u in units]
        hq = [k for k in kinds if k["kind"] == "hq"]
        small = [k for k in kinds if k["faces"]["front"].get("size") in ("battalion", "company")]
        combat = [k for k in kinds if k not in hq and k not in small]
        if len(hq) > 1 or len(small) > 1 or len(combat) > 2:
            out.append(f"Russian set-up stack at {c} breaks 7.1/7.13/7.15: {units}")
    return out


def check_edges(kit: Any) -> list[str]:
    grid, out = kit.grid, []
    for h in SCENARIO_HEXES:
        if not grid.on_map(h):
            out.append(f"scenario hex {h} is not on the map")
    areas = {a["id"]: a for a in kit.map.get("entry_areas", [])}
    if sorted(areas) != sorted(f"entry_{n}" for n in range(1, 16)):
        out.append(f"Entry Areas must be 1-15, found {sorted(areas)}")
    for a in areas.values():
        if not a["hexes"] or not all(len(grid.neighbours(h)) < 6 for h in a["hexes"]):
            out.append(f"{a['id']}: every hex of an Entry Area is a map-edge hex (15.11)")
    west = next(e for e in kit.map["edges"] if e["id"] == "german_supply")["hexes"]
    roads = kit.map["networks"][0]
    for letter in "ABC":
        if not any(x["hex"].startswith(letter) or any(a.startswith(letter) for a in grid.aliases(x["hex"])) for x in roads["exits"]):
            out.append(f"no road leaves the west edge of Map {letter} (German supply, 12.12 L943)")
    if not west:
        out.append("no westernmost hexes (12.12)")
    north_c = [h for h in grid.all_hexes for a in grid.aliases(h) if a.startswith("C39") and int(a[3:]) > 32]
    if not north_c:
        out.append("Map C has no north-edge hexes east of 3932 (18.19)")
    return out


def check_kit(kit: Any | None = None) -> list[str]:
    """Every disagreement between the kit and the rules text (empty list: none)."""
    kit = kit or load_kit(KIT_DIR)
    return check_places(kit) + check_setups(kit) + check_edges(kit)
