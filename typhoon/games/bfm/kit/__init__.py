"""Battle for Moscow's data as a kit package (typhoon/core/kit, docs/kit.md).

The JSON files of this folder are written by scripts/convert_bfm_kit.py from
``typhoon/games/bfm/data``. :func:`legacy_documents` turns the kit back into the documents of
the old data files (``map.json``, ``counters.json``, ``crt.json``, ``terrain.json``,
``turns.json``, ``editions.json``, ``scenarios/standard.json``), equal to them key for key, so
BfM's loader can read its data through the kit with its behaviour unchanged.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ....core.kit import Kit, link_pair, load_kit

KIT_DIR = Path(__file__).parent
SIDES = ("german", "soviet")


@cache
def bfm_kit() -> Kit:
    """The validated BfM kit package."""
    return load_kit(KIT_DIR)


def _notes(prov: Any) -> list[str]:
    return list(prov.get("notes", [])) if isinstance(prov, dict) else []


def legacy_map(kit: Kit) -> dict[str, Any]:
    g = kit.geometry
    city = {p["hexes"][0]: p for p in kit.places}
    hexes = {}
    for h, rec in kit.hexes.items():
        place = city.get(h)
        hexes[h] = {
            "terrain": rec["terrain"],
            "fortification": "fortification" in rec.get("features", ()),
            "city": place["name"] if place else None,
            "major_city": bool(place and place["kind"] == "major_city"),
            "setup": kit.hex_attr(h, "setup_symbol"),
        }
    exits: dict[str, list[str]] = {}
    for h, edges in kit.exits("rail").items():
        exits[h] = edges
    return {
        "source": _notes(kit.map["provenance"])[0],
        "columns": g["columns"],
        "rows": g["rows"],
        "hexes": hexes,
        "rivers": [list(p) for p in kit.hexside_pairs("river")],
        "rails": [list(link_pair(l)) for l in kit.network("rail")["links"]],
        "rail_exits": exits,
    }


def legacy_counters(kit: Kit) -> dict[str, Any]:
    notes = _notes(kit.counters_doc["provenance"])
    units = []
    for c in kit.counters_doc["counters"]:
        front, back = c["faces"]["front"], c["faces"]["back"]
        units.append({"id": c["id"], "side": c["side"], "kind": c["kind"], "full": front["strength"], "reduced": back["strength"], "movement": front["movement"], "name": c["name"]})
    return {"source": notes[0], "notes": notes[1:], "units": units}


def legacy_crt(kit: Kit) -> dict[str, Any]:
    t = kit.table("crt")
    return {"source": _notes(t["provenance"])[0], "rule": t["cite"], "dice": t["dice"], "columns": t["columns"], "rows": t["rows"]}


def legacy_terrain(kit: Kit) -> dict[str, Any]:
    t = kit.table("tec")
    shifts = {k: {"columns": s["columns"], "reason": s["reason"], "rule": s["cite"], **s.get("when", {})} for k, s in t["shifts"].items()}
    return {"source": _notes(t["provenance"])[0], "movement_cost": t["movement"], "rail_movement_cost": t["line_movement"]["rail"], "combat_shifts": shifts}


def legacy_turns(kit: Kit) -> dict[str, Any]:
    notes = _notes(kit.turns_doc["provenance"])
    turns = []
    for t in kit.turns:
        rec: dict[str, Any] = {"turn": t["turn"], "dates": t["label"], "weather": t["weather"]}
        arriving = {r["side"]: r["counters"] for r in kit.reinforcements() if r["turn"] == t["turn"]}
        if arriving:
            rec["reinforcements"] = arriving
        turns.append(rec)
    replacements = {r["side"]: r["per_turn"] for r in kit.turns_doc["replacements"]}
    return {"source": notes[0], "turns": turns, "replacements": replacements, "notes": notes[1:]}


def _phase(p: dict[str, Any]) -> dict[str, Any]:
    out = {"id": p["id"], "side": p["side"], "kind": p["kind"], "name": p["name"], "rule": p["cite"]}
    if "movers" in p:
        out["movers"] = p["movers"]
    return out


def legacy_editions(kit: Kit) -> dict[str, Any]:
    editions = {}
    scenario = kit.scenarios["standard"]
    for ed, info in kit.editions.items():
        seq = kit.sequence(ed)
        params = scenario["editions"][ed]["parameters"]
        victory = scenario["editions"][ed]["victory"][0]
        soviet, german = kit.area(params["soviet_edge"]["value"]), kit.area(params["german_edge"]["value"])
        editions[ed] = {
            "title": info["title"],
            "sequence": [_phase(p) for p in seq["phases"]],
            "first_phase": seq["first_phase"],
            "first_phase_rule": seq["first_phase_cite"],
            "major_cities": params["major_cities"]["value"],
            "stand_fast": params["stand_fast"]["value"],
            "mud_halves": params["mud_halves"]["value"],
            "mud_rule": params["mud_halves"]["cite"],
            "victory": victory["kind"],
            "victory_rule": victory["cite"],
            "soviet_edge": soviet["hexes"],
            "soviet_edge_note": soviet["notes"][0],
            "german_edge": german["hexes"],
            "german_edge_note": german["notes"][0],
        }
    return {"source": kit.sources["editions"]["source"], "editions": editions}


def legacy_scenario(kit: Kit, scenario_id: str = "standard") -> dict[str, Any]:
    s = kit.scenarios[scenario_id]
    counters = kit.counters
    out: dict[str, Any] = {"id": s["id"], "title": s["title"], "source": s["provenance"]["source"], "rules": s["notes"]}
    for side in SIDES:
        out[side] = {p["counter"]: p["hex"] for p in s["setup"] if counters[p["counter"]]["side"] == side}
    for side in SIDES:
        faces = {p.get("face", "front") for p in s["setup"] if counters[p["counter"]]["side"] == side}
        out[f"{side}_reduced"] = faces == {"back"}
    out["soviet_pool"] = next(h["counters"] for h in s["holding"] if h["id"] == "soviet_pool")
    arrivals: dict[str, dict[str, list[str]]] = {}
    for r in kit.reinforcements(scenario_id):
        arrivals.setdefault(str(r["turn"]), {})[r["side"]] = r["counters"]
    out["reinforcements"] = arrivals
    return out


def legacy_documents(kit: Kit | None = None) -> dict[str, Any]:
    """The old BfM data documents, by file name, rebuilt from the kit."""
    kit = kit or bfm_kit()
    return {
        "map.json": legacy_map(kit),
        "counters.json": legacy_counters(kit),
        "crt.json": legacy_crt(kit),
        "terrain.json": legacy_terrain(kit),
        "turns.json": legacy_turns(kit),
        "editions.json": legacy_editions(kit),
        "scenarios/standard.json": legacy_scenario(kit),
    }
