#!/usr/bin/env python3
"""Convert Battle for Moscow's former data files into a kit package.

The former files (typhoon/games/bfm/data, removed once the kit replaced them) can be had back
from the kit itself (``typhoon.games.bfm.kit.legacy_documents``); tests/kit/test_kit_bfm.py
writes them out and checks that this script reproduces the kit from them.

Writes typhoon/games/bfm/kit/ (kit.json, map.json, counters.json, tables.json, turns.json,
scenarios/standard.json). Reproducible: running it again gives the same files. The inverse,
``typhoon.games.bfm.kit.legacy_documents()``, gives back the old documents exactly
(tests/kit/test_bfm_kit.py checks it).

    .venv/bin/python scripts/convert_bfm_kit.py [--data DIR] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "typhoon" / "games" / "bfm" / "data"
OUT = ROOT / "typhoon" / "games" / "bfm" / "kit"
SIDES = ("german", "soviet")

# -- where the data comes from (kit.json 'sources') -----------------------------------------
SOURCES = {
    "map1986": {
        "kind": "published",
        "component": "Battle for Moscow map sheet (GDW 1986)",
        "source": "shared/reference/bfm/map_numbered.png checked against map_1986_original.png (shared/reference/bfm/README.md)",
    },
    "counters1986": {
        "kind": "published",
        "component": "Battle for Moscow counter sheet (GDW 1986)",
        "source": "shared/reference/bfm/counters_sheet.png and the counter manifest of seed 001",
    },
    "charts1986": {
        "kind": "published",
        "component": "Battle for Moscow chart sheet (GDW 1986): Combat Results Table, Terrain Effects Chart, Turn Record Track",
        "source": "shared/reference/bfm/charts.md",
    },
    "rules2009": {"kind": "text", "cite": "000", "source": "Battle for Moscow rules, 2009 Victory Point Games / C3i edition (seed 000)"},
    "rules1986": {"kind": "text", "cite": "001", "source": "Battle for Moscow rules, 1986 GDW original (seed 001)"},
    "typhoon": {
        "kind": "reconstruction",
        "basis": "Typhoon's own choice where the rules leave it to the player (e.g. which German unit sets up on which black-cross hex)",
    },
}

RESULTS = {
    "NE": {"label": "No effect", "cite": "000 9.3"},
    "DR": {"label": "Defender retreats", "cite": "000 9.3"},
    "DRL": {"label": "Defender retreats and loses a step", "cite": "000 9.3"},
    "DE": {"label": "Defender eliminated", "cite": "000 9.3"},
    "EX": {"label": "Exchange", "text": "The defender loses a step; the attacker loses at least as many strength points (printed full minus reduced strength); then a surviving defender retreats.", "cite": "000 9.3"},
    "AL": {"label": "Attacker loses a step", "text": "One attacking unit of the attacker's choice loses a step.", "cite": "000 9.3"},
}

VICTORY_TEXT = {
    "three_way": "At the end of turn 7 the Germans win if they control Moscow; the Soviets win if they control Moscow and any one other city; otherwise the game is a draw.",
    "moscow_only": "Whoever controls Moscow at the end of turn 7 wins.",
}


def load(name: str, data: Path) -> Any:
    return json.loads((data / name).read_text())


def convert_map(m: dict[str, Any], editions: dict[str, Any]) -> dict[str, Any]:
    hexes, places = {}, []
    for h, a in m["hexes"].items():
        rec: dict[str, Any] = {"terrain": a["terrain"]}
        if a["fortification"]:
            rec["features"] = ["fortification"]
        if a["setup"]:
            rec["attrs"] = {"setup_symbol": a["setup"]}
        hexes[h] = rec
        if a["city"]:
            places.append({"id": a["city"].lower(), "name": a["city"], "kind": "major_city" if a["major_city"] else "city", "hexes": [h], "value": None})
    edges = []
    for ed, e in editions.items():
        for side, edge in (("soviet", "E"), ("german", "W")):
            area = {"id": f"{side}_edge_{ed}", "label": f"{side.capitalize()} replacement edge ({ed} edition)", "side": side, "use": ["supply"], "hexes": e[f"{side}_edge"], "notes": [e[f"{side}_edge_note"]]}
            if all(h.startswith("14" if edge == "E" else "01") for h in area["hexes"]):
                area["edge"] = edge
            if "assumed" in e[f"{side}_edge_note"]:
                area["provenance"] = {"kind": "reconstruction", "basis": e[f"{side}_edge_note"]}
            else:
                area["provenance"] = "rules2009" if ed == "2009" else "rules1986"
            edges.append(area)
    for ed, e in editions.items():  # other readings of an edge (option red_border): one edge each
        for reading, r in e.get("red_border", {}).get("readings", {}).items():
            if r["hexes"] != e["soviet_edge"]:
                basis = r["note"]
                edges.append({"id": f"soviet_edge_{ed}_{reading}", "label": f"Soviet replacement edge ({ed} edition, red border read as '{reading}')", "side": "soviet", "use": ["supply"], "hexes": r["hexes"], "notes": [basis], "provenance": {"kind": "reconstruction", "basis": basis}})
    return {
        "provenance": {**SOURCES["map1986"], "notes": [m["source"]]},
        "geometry": {
            "orientation": "flat",
            "id_order": "column_row",
            "col_digits": 2,
            "row_digits": 2,
            "columns_run": "west_to_east",
            "rows_run": "north_to_south",
            "first": 1,
            "columns": m["columns"],
            "rows": m["rows"],
            "odd_columns_up": True,
        },
        "terrain_types": {"clear": {"label": "Clear"}, "forest": {"label": "Forest"}},
        "hex_features": {"fortification": {"label": "Fortification (defence line hex)"}},
        "hex_attributes": {
            "setup_symbol": {"type": "string", "enum": list(SIDES), "label": "Set-up symbol printed in the hex (black cross: German, red star: Soviet)", "cite": "000 6.0"}
        },
        "hexside_features": {"river": {"kind": "river", "label": "River"}},
        "line_features": {"rail": {"label": "Railroad"}},
        "place_kinds": {"city": {"label": "City"}, "major_city": {"label": "Major city (Moscow: the only special city symbol on the 1986 map)"}},
        "hexes": hexes,
        "hexsides": [{"a": a, "b": b, "feature": "river"} for a, b in m["rivers"]],
        "networks": [
            {
                "id": "rail",
                "feature": "rail",
                "label": "Railroads",
                "links": [list(p) for p in m["rails"]],
                "exits": [{"hex": h, "edge": e} for h, es in m["rail_exits"].items() for e in es],
            }
        ],
        "places": places,
        "edges": edges,
    }


def convert_counters(c: dict[str, Any]) -> dict[str, Any]:
    return {
        "provenance": {**SOURCES["counters1986"], "notes": [c["source"], *c["notes"]]},
        "sides": {"german": {"label": "German"}, "soviet": {"label": "Soviet"}},
        "kinds": {
            "infantry": {"label": "Infantry"},
            "panzer": {"label": "Panzer"},
            "tank": {"label": "Tank"},
            "shock": {"label": "Shock army"},
        },
        "attributes": {
            "strength": {"type": "integer", "minimum": 0, "label": "Combat strength"},
            "movement": {"type": "integer", "minimum": 0, "label": "Movement allowance"},
        },
        "counters": [
            {
                "id": u["id"],
                "side": u["side"],
                "kind": u["kind"],
                "name": u["name"],
                "faces": {"front": {"strength": u["full"], "movement": u["movement"]}, "back": {"strength": u["reduced"], "movement": u["movement"]}},
                "back_meaning": "reduced",
            }
            for u in c["units"]
        ],
    }


def convert_tables(crt: dict[str, Any], terrain: dict[str, Any]) -> dict[str, Any]:
    shifts = {}
    for name, s in terrain["combat_shifts"].items():
        shift = {"columns": s["columns"], "reason": s["reason"], "cite": s["rule"]}
        when = {k: v for k, v in s.items() if k not in ("columns", "reason", "rule")}
        if when:
            shift["when"] = when
        shifts[name] = shift
    return {
        "provenance": "charts1986",
        "tables": [
            {
                "id": "crt",
                "kind": "combat_results",
                "label": "Combat Results Table",
                "cite": crt["rule"],
                "provenance": {**SOURCES["charts1986"], "notes": [crt["source"]]},
                "dice": crt["dice"],
                "column_kind": "odds",
                "columns": crt["columns"],
                "rows": crt["rows"],
                "results": RESULTS,
            },
            {
                "id": "tec",
                "kind": "terrain_effects",
                "label": "Terrain Effects Chart",
                "provenance": {**SOURCES["charts1986"], "notes": [terrain["source"]]},
                "movement": terrain["movement_cost"],
                "line_movement": {"rail": terrain["rail_movement_cost"]},
                "shifts": shifts,
            },
        ],
    }


def convert_phase(p: dict[str, Any]) -> dict[str, Any]:
    out = {"id": p["id"], "side": p["side"], "kind": p["kind"], "name": p["name"], "cite": p["rule"]}
    if "movers" in p:
        out["movers"] = p["movers"]
    return out


def convert_turns(t: dict[str, Any], editions: dict[str, Any]) -> dict[str, Any]:
    arrivals = []
    for turn in t["turns"]:
        for side, units in turn.get("reinforcements", {}).items():
            arrivals.append({"turn": turn["turn"], "side": side, "counters": units, "cite": "000 6.0"})
    return {
        "provenance": {**SOURCES["charts1986"], "notes": [t["source"], *t["notes"]]},
        "turns": [{"turn": x["turn"], "label": x["dates"], "weather": x["weather"]} for x in t["turns"]],
        "sequences": {
            ed: {"phases": [convert_phase(p) for p in e["sequence"]], "first_phase": e["first_phase"], "first_phase_cite": e["first_phase_rule"], "provenance": f"rules{ed}"}
            for ed, e in editions.items()
        },
        "reinforcements": arrivals,
        "replacements": [
            {"side": side, "per_turn": n, "unit": "steps", "cite": "000 10.0"} for side, n in t["replacements"].items()
        ],
    }


def _red_border_parameter(ed: str, e: dict[str, Any], src: str) -> dict[str, Any]:
    """The readings of the red border an edition offers (option red_border), each an edge of map.json."""
    rb = e.get("red_border")
    if not rb:
        return {}
    value = {reading: f"soviet_edge_{ed}" if r["hexes"] == e["soviet_edge"] else f"soviet_edge_{ed}_{reading}" for reading, r in rb["readings"].items()}
    return {"red_border": {"value": {"default": rb["default"], "readings": value}, "label": "Readings of the red border (option red_border): each an edge of map.json", "cite": "000 10.2", "provenance": src}}


def convert_scenario(s: dict[str, Any], editions: dict[str, Any]) -> dict[str, Any]:
    setup = []
    for side in SIDES:
        face = "back" if s[f"{side}_reduced"] else "front"
        for unit, hex_id in s[side].items():
            p = {"counter": unit, "hex": hex_id, "face": face}
            if side == "german":
                p["provenance"] = "typhoon"
            setup.append(p)
    eds = {}
    for ed, e in editions.items():
        src = f"rules{ed}"
        eds[ed] = {
            "parameters": {
                "major_cities": {"value": e["major_cities"], "label": "Major cities", "cite": "000 9.2" if ed == "2009" else "001 terrain effects", "provenance": src},
                "stand_fast": {"value": e["stand_fast"], "label": "Stand Fast in major cities", "cite": "000 9.3" if e["stand_fast"] else "001 (no Stand Fast rule)", "provenance": src},
                "mud_halves": {"value": e["mud_halves"], "label": "Which attackers are halved in mud", "cite": e["mud_rule"], "provenance": src},
                "soviet_edge": {"value": f"soviet_edge_{ed}", "label": "Soviet replacement edge (an edge of map.json)", "provenance": src},
                "german_edge": {"value": f"german_edge_{ed}", "label": "German replacement edge (an edge of map.json)", "provenance": src},
                **_red_border_parameter(ed, e, src),
            },
            "victory": [
                {"id": e["victory"], "kind": e["victory"], "level": "win", "text": VICTORY_TEXT[e["victory"]], "places": ["Moscow"], "cite": e["victory_rule"], "provenance": src}
            ],
        }
    holding = [{"id": "soviet_pool", "side": "soviet", "label": "Available as replacements", "counters": s["soviet_pool"], "face": "back", "cite": "000 6.0"}]
    return {
        "id": s["id"],
        "title": s["title"],
        "provenance": {"kind": "text", "cite": "000 6.0", "source": s["source"]},
        "notes": s["rules"],
        "first_turn": 1,
        "last_turn": 7,
        "stacking": {"max_units": 1, "cite": "000 8.2.2"},
        "setup": setup,
        "setup_areas": [
            {"side": side, "hex_attr": {"setup_symbol": side}, "one_per_hex": True, "text": f"{side.capitalize()} units set up one per {'black-cross' if side == 'german' else 'red-star'} hex", "cite": "000 6.0"}
            for side in SIDES
        ],
        "holding": holding,
        "victory": eds["2009"]["victory"],
        "editions": eds,
    }


def convert(data: Path) -> dict[str, Any]:
    """Every file of the kit package, by relative path."""
    editions_doc = load("editions.json", data)
    editions = editions_doc["editions"]
    scenario = load("scenarios/standard.json", data)
    manifest = {
        "format": "typhoon-kit",
        "version": 1,
        "game": "bfm",
        "title": "Battle for Moscow",
        "revision": "1",
        "provenance": {
            "kind": "published",
            "component": "Battle for Moscow (GDW 1986; Victory Point Games / C3i 2009): map, counter sheet, charts and rules",
            "note": "Converted from typhoon/games/bfm/data by scripts/convert_bfm_kit.py.",
        },
        "sources": {**SOURCES, "editions": {"kind": "text", "cite": "000; 001", "source": editions_doc["source"]}},
        "files": {
            "map": "map.json",
            "counters": "counters.json",
            "tables": "tables.json",
            "turns": "turns.json",
            "scenarios": ["scenarios/standard.json"],
        },
        "editions": {ed: {"title": e["title"], "provenance": "editions"} for ed, e in editions.items()},
        "required_places": [
            {"name": "Moscow", "kind": "major_city", "cite": "000 5.0"},
            {"name": "Tula", "cite": "000 9.2"},
        ],
    }
    return {
        "kit.json": manifest,
        "map.json": convert_map(load("map.json", data), editions),
        "counters.json": convert_counters(load("counters.json", data)),
        "tables.json": convert_tables(load("crt.json", data), load("terrain.json", data)),
        "turns.json": convert_turns(load("turns.json", data), editions),
        "scenarios/standard.json": convert_scenario(scenario, editions),
    }


def dumps(value: Any, indent: int = 0, width: int = 110) -> str:
    """JSON with short lists and objects kept on one line (readable diffs, compact files)."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(value, (dict, list)) or not value:
        return flat
    pad, inner = " " * indent, " " * (indent + 1)
    if isinstance(value, list):
        return "[\n" + ",\n".join(inner + dumps(v, indent + 1, width) for v in value) + "\n" + pad + "]"
    items = [inner + json.dumps(k, ensure_ascii=False) + ": " + dumps(v, indent + 1, width) for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}"


def write(files: dict[str, Any], out: Path) -> None:
    for rel, doc in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dumps(doc) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    write(convert(args.data), args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
