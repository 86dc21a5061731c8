"""Battle for Moscow's data as a kit package (typhoon/core/kit, docs/kit.md).

The JSON files of this folder are BfM's data: ``typhoon/games/bfm/data.py`` reads nothing else.
They were written by scripts/convert_bfm_kit.py from the former ad-hoc data files;
:func:`legacy_documents` turns a kit back into the documents of those files (``map.json``,
``counters.json``, ``crt.json``, ``terrain.json``, ``turns.json``, ``editions.json``,
``scenarios/standard.json``), key for key, which is the shape ``BfmData`` is built from. The
same conversion reads an owner's edited copy of this kit (``package.package_from_kit``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ....core.kit import Issue, Kit, KitError, link_pair, load_kit, read_package
from ....core.kit.issues import json_path

KIT_DIR = Path(__file__).parent
SIDES = ("german", "soviet")


@cache
def bfm_kit() -> Kit:
    """The validated BfM kit package."""
    return load_kit(KIT_DIR)


@cache
def shipped_documents() -> dict[str, Any]:
    """The shipped kit's data in the shape ``BfmData`` reads, read once per process.

    The files are parsed without the schema checks (which cost ~100 ms at start-up): this
    folder is validated by tests/kit/test_kit_bfm.py, and an unreadable file still fails here."""
    kit, issues = read_package(KIT_DIR)
    if issues:
        raise KitError(issues, where=str(KIT_DIR))
    return legacy_documents(kit)


def _notes(prov: Any) -> list[str]:
    return list(prov.get("notes", [])) if isinstance(prov, dict) else []


def _first(notes: list[str]) -> str:
    """The first note ("" when an owner's kit gives none): the old files' ``source``."""
    return notes[0] if notes else ""


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
        "source": _first(_notes(kit.map["provenance"])),
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
    return {"source": _first(notes), "notes": notes[1:], "units": units}


def legacy_crt(kit: Kit) -> dict[str, Any]:
    t = kit.table("crt")
    return {"source": _first(_notes(t.get("provenance"))), "rule": t.get("cite", ""), "dice": t["dice"], "columns": t["columns"], "rows": t["rows"]}


def legacy_terrain(kit: Kit) -> dict[str, Any]:
    t = kit.table("tec")
    shifts = {k: {"columns": s["columns"], "reason": s["reason"], "rule": s["cite"], **s.get("when", {})} for k, s in t["shifts"].items()}
    return {"source": _first(_notes(t.get("provenance"))), "movement_cost": t["movement"], "rail_movement_cost": t["line_movement"]["rail"], "combat_shifts": shifts}


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
    return {"source": _first(notes), "turns": turns, "replacements": replacements, "notes": notes[1:]}


def _phase(p: dict[str, Any]) -> dict[str, Any]:
    out = {"id": p["id"], "side": p["side"], "kind": p["kind"], "name": p["name"], "rule": p["cite"]}
    if "movers" in p:
        out["movers"] = p["movers"]
    return out


def _red_border(kit: Kit, params: dict[str, Any]) -> dict[str, Any]:
    """000 10.2: the readings of the red border an edition offers (option ``red_border``), each
    with its hexes and the reasoning; nothing for an edition without them."""
    rb = params.get("red_border")
    if rb is None:
        return {}
    readings = {}
    for reading, edge in rb["value"]["readings"].items():
        area = kit.area(edge)
        readings[reading] = {"hexes": area["hexes"], "note": _first(area.get("notes", []))}
    return {"red_border": {"default": rb["value"]["default"], "readings": readings}}


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
            "soviet_edge_note": _first(soviet.get("notes", [])),
            "german_edge": german["hexes"],
            "german_edge_note": _first(german.get("notes", [])),
            **_red_border(kit, params),
        }
    return {"source": kit.sources.get("editions", {}).get("source", ""), "editions": editions}


def legacy_scenario(kit: Kit, scenario_id: str = "standard") -> dict[str, Any]:
    s = kit.scenarios[scenario_id]
    counters = kit.counters
    prov = s["provenance"] if isinstance(s["provenance"], dict) else {}
    out: dict[str, Any] = {"id": s["id"], "title": s["title"], "source": prov.get("source", ""), "rules": s.get("notes", [])}
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


# -- an owner's copy of the kit ----------------------------------------------------------------
EDITIONS = ("2009", "1986")  # options.EDITIONS: the editions the rules know
KINDS = ("infantry", "panzer", "tank", "shock")  # data.UnitSpec.kind
RESULTS = ("NE", "DR", "DRL", "DE", "EX", "AL")  # kinds.Result: the results 9.3 defines
CRT_COLUMNS = ("1:1", "2:1", "3:1", "4:1", "5:1", "6:1")  # 9.1: odds columns, below 1:1 and above 6:1 off the table
PHASE_KINDS = ("replacement", "movement", "combat", "housekeeping")  # kinds.PhaseKind (set-up is the rules')
MOVERS = ("all", "panzer", "rail")  # kinds.Movers
EDITION_PARAMETERS = ("major_cities", "stand_fast", "mud_halves", "soviet_edge", "german_edge")


def _issue(issues: list[Issue], kit: Kit, kind: str, parts: tuple, message: str) -> None:
    rel = "kit.json" if kind == "kit" else kit.scenario_file("standard") if kind == "scenario" else kit.file_of(kind)
    issues.append(Issue(rel, json_path(parts), message))


def _check_map(kit: Kit, issues: list[Issue]) -> None:
    g = kit.geometry
    if "sections" in g or "columns" not in g or "rows" not in g:
        _issue(issues, kit, "map", ("geometry",), "Battle for Moscow's map is one rectangle of hexes (columns and rows), not several sections")
    tec = kit.tables.get("tec", {}).get("movement", {})
    for h, rec in kit.hexes.items():
        t = rec.get("terrain")
        if t not in tec:
            _issue(issues, kit, "map", ("hexes", h, "terrain"), f"terrain {t!r} has no movement cost in the Terrain Effects Chart (tables.json table 'tec'), so the rules cannot move into hex {h}")
    names = {p.get("name") for p in kit.places}
    if "Moscow" not in names:
        _issue(issues, kit, "map", ("places",), "no place named 'Moscow': the rules (5.0 victory, 9.2 major city) need it")
    for i, p in enumerate(kit.places):
        if len(p.get("hexes", ())) != 1:
            _issue(issues, kit, "map", ("places", i, "hexes"), f"place {p.get('name')!r}: a Battle for Moscow city is one hex (10.0 control), not {len(p.get('hexes', ()))}")
    seen: dict[str, str] = {}
    for i, p in enumerate(kit.places):
        for h in p.get("hexes", ())[:1]:
            if h in seen:
                _issue(issues, kit, "map", ("places", i, "hexes", 0), f"hex {h} holds two cities ({seen[h]!r} and {p.get('name')!r})")
            seen[h] = p.get("name")
    if not any(n.get("id") == "rail" for n in kit.networks):
        _issue(issues, kit, "map", ("networks",), "no network with id 'rail': Soviet rail movement (8.1) needs it")


def _check_tables(kit: Kit, issues: list[Issue]) -> None:
    tables = kit.tables
    crt = tables.get("crt")
    if crt is None:
        _issue(issues, kit, "tables", ("tables",), "no table with id 'crt': the Combat Results Table (9.3) is needed")
    else:
        i = kit.tables_doc["tables"].index(crt)
        if crt.get("dice") != "1d6":
            _issue(issues, kit, "tables", ("tables", i, "dice"), f"Battle for Moscow rolls one die on the CRT (9.0 step 4): dice must be \"1d6\", not {crt.get('dice')!r}")
        if tuple(crt.get("columns", ())) != CRT_COLUMNS:
            _issue(issues, kit, "tables", ("tables", i, "columns"), f"the CRT columns must be {', '.join(CRT_COLUMNS)} (9.1), not {', '.join(map(str, crt.get('columns', ())))}")
        for roll, row in crt.get("rows", {}).items():
            for j, r in enumerate(row):
                if r not in RESULTS:
                    _issue(issues, kit, "tables", ("tables", i, "rows", roll, j), f"{r!r} is not a combat result of Battle for Moscow (9.3: {', '.join(RESULTS)})")
    tec = tables.get("tec")
    if tec is None:
        _issue(issues, kit, "tables", ("tables",), "no table with id 'tec': the Terrain Effects Chart is needed")
        return
    i = kit.tables_doc["tables"].index(tec)
    for t, cost in tec.get("movement", {}).items():
        if isinstance(cost, bool) or not isinstance(cost, int) or cost < 1:
            _issue(issues, kit, "tables", ("tables", i, "movement", t), f"a movement cost in Battle for Moscow is a whole number of movement points, at least 1 (8.0), not {cost!r}")
    if "rail" not in tec.get("line_movement", {}):
        _issue(issues, kit, "tables", ("tables", i, "line_movement"), "the rail movement cost (8.1) is missing: line_movement.rail")
    for name, s in tec.get("shifts", {}).items():
        if "cite" not in s:
            _issue(issues, kit, "tables", ("tables", i, "shifts", name), "a column shift needs its rule ('cite'), shown with the odds")


def _check_counters(kit: Kit, issues: list[Issue]) -> None:
    for i, c in enumerate(kit.counters_doc.get("counters", [])):
        base = ("counters", i)
        if c.get("side") not in SIDES:
            _issue(issues, kit, "counters", (*base, "side"), f"counter {c.get('id')!r}: side must be german or soviet, not {c.get('side')!r}")
        if c.get("kind") not in KINDS:
            _issue(issues, kit, "counters", (*base, "kind"), f"counter {c.get('id')!r}: kind must be one of {', '.join(KINDS)} (12.2 armour: panzer and tank), not {c.get('kind')!r}")
        faces = c.get("faces", {})
        for face, attr in (("front", "strength"), ("back", "strength"), ("front", "movement")):
            value = faces.get(face, {}).get(attr)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                _issue(issues, kit, "counters", (*base, "faces", face, attr), f"counter {c.get('id')!r}: the {face}'s {attr} must be a whole number (a BfM counter has a full and a reduced strength, 3.0), not {value!r}")
        if "name" not in c:
            _issue(issues, kit, "counters", base, f"counter {c.get('id')!r}: missing its printed name ('name')")


def _check_sequence_and_scenario(kit: Kit, issues: list[Issue]) -> None:
    for ed in EDITIONS:
        if ed not in kit.editions:
            _issue(issues, kit, "kit", ("editions",), f"edition {ed!r} is missing: Battle for Moscow is played in the editions {', '.join(EDITIONS)}")
        seq = kit.turns_doc.get("sequences", {}).get(ed)
        if seq is None:
            _issue(issues, kit, "turns", ("sequences",), f"no sequence of play for edition {ed!r} (4.0)")
            continue
        for j, p in enumerate(seq.get("phases", [])):
            if p.get("kind") not in PHASE_KINDS:
                _issue(issues, kit, "turns", ("sequences", ed, "phases", j, "kind"), f"phase kind must be one of {', '.join(PHASE_KINDS)}, not {p.get('kind')!r}")
            if "movers" in p and p["movers"] not in MOVERS:
                _issue(issues, kit, "turns", ("sequences", ed, "phases", j, "movers"), f"movers must be one of {', '.join(MOVERS)}, not {p['movers']!r}")
        if seq.get("first_phase") not in {p.get("id") for p in seq.get("phases", [])}:
            _issue(issues, kit, "turns", ("sequences", ed, "first_phase"), f"first_phase {seq.get('first_phase')!r} is not a phase of this sequence")
    s = kit.scenarios.get("standard")
    if s is None:
        _issue(issues, kit, "kit", ("files", "scenarios"), "no scenario with id 'standard': Battle for Moscow's set-up (6.0)")
        return
    names = {p.get("name") for p in kit.places}
    for ed in EDITIONS:
        params = s.get("editions", {}).get(ed, {}).get("parameters", {})
        for name in EDITION_PARAMETERS:
            if name not in params:
                _issue(issues, kit, "scenario", ("editions", ed, "parameters"), f"edition {ed}: parameter {name!r} is missing")
        for city in params.get("major_cities", {}).get("value", []):
            if city not in names:
                _issue(issues, kit, "scenario", ("editions", ed, "parameters", "major_cities"), f"major city {city!r} is not a place of map.json")
        for edge in ("soviet_edge", "german_edge"):
            area = params.get(edge, {}).get("value")
            if area is not None and not any(a.get("id") == area for a in kit.map.get("edges", []) + kit.map.get("entry_areas", [])):
                _issue(issues, kit, "scenario", ("editions", ed, "parameters", edge), f"{area!r} is not an edge of map.json")
        if not s.get("editions", {}).get(ed, {}).get("victory"):
            _issue(issues, kit, "scenario", ("editions", ed, "victory"), f"edition {ed}: the victory conditions (5.0) are missing")
    if not any(h.get("id") == "soviet_pool" for h in s.get("holding", [])):
        _issue(issues, kit, "scenario", ("holding",), "no holding 'soviet_pool': the Soviet units that start off the map (6.0)")


def bfm_issues(kit: Kit) -> list[Issue]:
    """What Battle for Moscow's rules need from a (valid) kit and this one lacks, each named
    with its file and JSON path: the printed data's shape, whatever its values."""
    issues: list[Issue] = []
    for check in (_check_map, _check_tables, _check_counters, _check_sequence_and_scenario):
        check(kit, issues)
    return issues


def owner_documents(kit: Kit) -> dict[str, Any]:
    """An owner's copy of BfM's kit in the shape ``BfmData`` reads; :class:`KitError` names
    every piece the rules need and the kit lacks."""
    issues = bfm_issues(kit)
    if issues:
        raise KitError(issues, where=f"{kit.root} (Battle for Moscow)")
    return legacy_documents(kit)
