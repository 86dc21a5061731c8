#!/usr/bin/env python3
"""Write the kit skeletons of Operation Typhoon (ot), Drive on Moscow (dom) and The Moscow
Campaign (mc) into typhoon/core/kit/skeletons/<game>/.

Each holds what the rules text fixes (cited by case and line of the seed texts, digested in
shared/reference/{typhoon,drive_on_moscow,moscow_campaign}.md) and owner placeholders
``{"$todo": "...", "provenance": "owner"}`` for everything the printed components give
(section 4 of each digest). ``typhoon kit new ot DIR`` copies one; ``typhoon kit validate
--draft DIR`` lists what is still to enter.
"""

from __future__ import annotations

import json
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from convert_bfm_kit import write  # noqa: E402
from ot_special_rules import SPECIAL_RULES  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "typhoon" / "core" / "kit" / "skeletons"


def todo(what: str) -> dict[str, Any]:
    return {"$todo": what, "provenance": "owner"}


def manifest(game: str, title: str, seed: str, scenarios: list[str], places: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "typhoon-kit",
        "version": 1,
        "game": game,
        "title": title,
        "revision": "skeleton",
        "provenance": {"kind": "text", "cite": seed, "note": "Skeleton: what the rules text fixes; everything marked TODO is entered by the owner of the game from its printed components."},
        "sources": {
            "rules": {"kind": "text", "cite": seed, "source": f"rules text ({seed})"},
            "owner": {"kind": "owner", "note": "to be entered by the owner of a copy of the game from the printed map, counters and charts"},
        },
        "files": {"map": "map.json", "counters": "counters.json", "tables": "tables.json", "turns": "turns.json", "scenarios": [f"scenarios/{s}.json" for s in scenarios]},
        "required_places": places,
    }


# -- Operation Typhoon (SPI 1978), seed 003 --------------------------------------------------
OT_A = ["Klin 2020", "Solnechnogorsk 1423", "Istra 0521", "Radov 0323", "Dmitrov 1734", "Dubna 3534", "Mytischki 0234", "Ivanteyevka 0537", "Zagorsk 1443", "Aleksandrov 1453"]
OT_B = ["Zvenigorod 3717", "Naro-Fominsk 2512", "Serpukov 0621", "Micinevo 1232", "Podol'sk 2527", "Kuntsevo 3427", "Lenino 2931", "Brinnizsi 2139", "Kolomna 0646", "Yegor'yevski 1652", "Kurovskoye 2352", "Klimovsk 2126"]


def ot_places() -> list[dict[str, Any]]:
    places = [
        {"id": "tula", "name": "Tula", "kind": "city", "hexes": ["C1820"], "value": 10, "provenance": {"kind": "text", "cite": "18.12 L1369; 18.19 L1418 (city); 16.14 L1210 (10 VP)"}},
        {"id": "venev", "name": "Venev", "kind": "town", "hexes": ["C2132"], "value": None, "provenance": {"kind": "text", "cite": "18.12 L1367; 18.19 L1418 (town)"}},
        {"id": "kremlin", "name": "Kremlin", "kind": todo("city or town (Moscow hex)"), "hexes": ["B3531"], "value": None, "provenance": {"kind": "text", "cite": "18.39 L1650; 18.49 L1766"}},
    ]
    for section, names, cite in (("A", OT_A, "18.29 L1537"), ("B", OT_B, "18.39 L1650")):
        for entry in names:
            name, hex_id = entry.rsplit(" ", 1)
            places.append({"id": name.lower().replace("'", "").replace("-", "_"), "name": name, "kind": todo("city or town (16.12b: only cities give VP)"), "hexes": [section + hex_id], "value": None, "provenance": {"kind": "text", "cite": cite}})
    for name in ("Kashira", "Mikhaylov", "Zaokskoye", "Mordveso"):
        places.append({"id": name.lower(), "name": name, "kind": "town", "hexes": [todo(f"the hex of {name} on map C (named in 18.19 L1418-1424 without a hex)")], "value": None, "provenance": {"kind": "text", "cite": "18.19 L1418-1424"}})
    return places


def ot_map() -> dict[str, Any]:
    sections = [
        {"id": s, "label": label, "columns": 54, "rows": todo("number of hexrows (XX) on this sheet: about 39-40 (typhoon.md 3.0)"), "origin": todo("where this sheet lies against the others (the 3.0 arrangement diagram is blank, L274)"),
         "odd_rows_right": todo("which hexrows are shifted half a hex east (stagger parity, typhoon.md 4 item 1)"), "provenance": {"kind": "text", "cite": "3.0 L264-274; 12.22 L955 (0053/0054-type hexes)"}}
        for s, label in (("A", "Map A (north: Klin, Dmitrov, Zagorsk)"), ("B", "Map B (centre: Moscow, Nara, Serpukhov)"), ("C", "Map C (south: Tula)"))
    ]
    return {
        "provenance": "rules",
        "notes": ["Hex ids are a map letter and four digits XXYY (3.0 L272, 'A3531'): XX is the hexrow, numbered south to north (hexrow 0100 is the southern edge, L1527); YY runs west to east, 01 to 53/54 (L943, L955)."],
        "geometry": {
            "orientation": "pointy",
            "id_order": "row_column",
            "col_digits": 2,
            "row_digits": 2,
            "columns_run": "west_to_east",
            "rows_run": "south_to_north",
            "sections": sections,
            "overlaps": [todo("the hexes sheets A/B and B/C share (3.0: the sections 'overlap each other slightly', L268)")],
            "provenance": {"kind": "reconstruction", "basis": "alternate hexrows hold 53 and 54 hexes (0053/0054-type hexes, 12.22 L955), so the hexrows are straight east-west lines of pointy-topped hexes"},
        },
        "terrain_types": {k: {"label": v, "provenance": {"kind": "text", "cite": "TEC 5.73 L2217-2221"}} for k, v in (("clear", "Clear"), ("woods", "Woods"), ("rough", "Rough"), ("city", "City"), ("town", "Town"), ("lake", "Lake"))},
        "hex_features": {"entrenchment": {"label": "Entrenchment (printed, permanent)", "provenance": {"kind": "text", "cite": "14.13"}}},
        "hexside_features": {
            "stream": {"kind": "stream", "provenance": {"kind": "text", "cite": "TEC 5.73 L2222"}},
            "river": {"kind": "river", "provenance": {"kind": "text", "cite": "TEC 5.73 L2223; 9.32"}},
        },
        "line_features": {"road": {"label": "Road", "provenance": {"kind": "text", "cite": "5.44, 5.54, 12.12"}}, "rail": {"label": "Railroad", "provenance": {"kind": "text", "cite": "5.6, 17.31"}}},
        "place_kinds": {"city": {"label": "City"}, "town": {"label": "Town"}},
        "hexes": todo("every hex of sections A, B and C: its terrain, entrenchment and the stream/river hexsides around it"),
        "hexsides": [todo("every stream and river hexside (a, b, feature)")],
        "networks": [
            {"id": "roads", "feature": "road", "links": [todo("every road link between adjacent hexes")], "exits": [todo("roads leaving the west edge (German supply, 12.12 L943)")]},
            {"id": "rail", "feature": "rail", "links": [todo("every rail link between adjacent hexes")]},
        ],
        "places": ot_places(),
        "edges": [
            {"id": "german_supply", "label": "Westernmost hex-row (0001 hexes)", "edge": "W", "side": "german", "use": ["supply"], "hexes": [todo("the 0001 hexes of each section in play")], "provenance": {"kind": "text", "cite": "12.12 L943"}},
            {"id": "russian_supply", "label": "Easternmost edge (0053/0054 hexes)", "edge": "E", "side": "russian", "use": ["supply"], "hexes": [todo("the 0053/0054 hexes of each section in play")], "provenance": {"kind": "text", "cite": "12.22 L955"}},
        ],
        "entry_areas": [
            {"id": f"entry_{n}", "label": f"Entry Area {n}", "hexes": [todo(f"the map-edge hexes of Entry Area {n} (15.1; printed on the map)")], "provenance": {"kind": "text", "cite": "15.1; 18.16, 18.26, 18.36, 18.49"}}
            for n in range(1, 16)
        ],
        "printed_lines": [
            {"id": "front_line", "label": "Initial front line", "kind": "front", "hexsides": [todo("the hexsides of the printed front line (used by every set-up, 18.18(d), 18.5)")], "provenance": {"kind": "text", "cite": "18.12; 18.5 L1813"}},
            {"id": "moskva", "label": "Moskva River", "kind": "river_course", "hexsides": [todo("the river hexsides of the Moskva (18.39)")], "provenance": {"kind": "text", "cite": "18.39"}},
        ],
    }


def ot_counters() -> dict[str, Any]:
    sample = {"kind": "text", "cite": "2.33 L180-196 (sample counters)"}
    return {
        "provenance": "rules",
        "sides": {"german": {"label": "German"}, "russian": {"label": "Russian"}},
        "kinds": {k: {} for k in ("infantry", "mechanized_infantry", "tank", "cavalry", "parachute", "ski", "militia", "anti_tank", "anti_aircraft", "hq", "strength_chit")},
        "attributes": {
            "class": {"type": "string", "enum": ["A", "B", "C"], "cite": "8.1 L569-589"},
            "morale": {"type": "integer", "minimum": 1, "maximum": 3, "cite": "8.2"},
            "movement": {"type": "integer", "minimum": 0},
            "strength": {"type": "integer", "minimum": 0, "hidden": True, "cite": "8.3-8.6 (strength chits)"},
            "strength_a": {"type": "integer", "minimum": 0, "label": "Chit strength for Class A"},
            "strength_b": {"type": "integer", "minimum": 0, "label": "Chit strength for Class B"},
            "strength_c": {"type": "integer", "minimum": 0, "label": "Chit strength for Class C"},
            "size": {"type": "string", "enum": ["company", "battalion", "regiment", "brigade", "division", "corps", "army"]},
            "winterization": {"type": "string", "enum": ["good", "poor"], "cite": "13.4 L1088-1098"},
        },
        "counters": [
            {"id": "19/7/7", "side": "german", "kind": "infantry", "designation": "19/7/7", "faces": {"front": {"class": "A", "morale": 2, "movement": 4, "size": "regiment", "winterization": "poor"}, "back": {"strength": 1, "movement": 4}}, "back_meaning": "cadre", "provenance": sample},
            {"id": "8/3M/57", "side": "german", "kind": "mechanized_infantry", "designation": "8/3M/57", "faces": {"front": {"class": "A", "morale": 3, "movement": 14, "size": "regiment", "winterization": "poor"}, "back": {"strength": 1, "movement": 14}}, "back_meaning": "cadre", "provenance": sample},
            {"id": "41/3PzA", "side": "german", "kind": "hq", "designation": "41/3PzA XXX HQ", "faces": {"front": {"strength": 1, "movement": 8, "size": "corps"}, "back": {"strength": 1, "movement": 8}}, "back_meaning": "unsupported", "provenance": sample},
            {"id": "110/33", "side": "russian", "kind": "infantry", "designation": "110/33 XX", "faces": {"front": {"class": "A", "morale": 2, "movement": 5, "size": "division"}, "back": {"strength": 1, "movement": 5}}, "back_meaning": "cadre", "provenance": sample},
            {"id": "g3_sample_chit", "side": "german", "kind": "strength_chit", "faces": {"front": {"strength_a": 6, "strength_b": 4}, "back": {"strength_a": 3, "strength_b": 2}}, "provenance": sample},
        ],
        "pools": [
            {"id": pid, "label": label, "kind": "cup", "side": side, "hidden": True, "contents": [todo(f"the strength chits of this pool and how many of each (8.34; the chit mix is not in the text, typhoon.md 4 item 17)")], "provenance": {"kind": "text", "cite": "8.34 L601"}}
            for pid, label, side in (("german_morale_2", "German Morale 2 chits", "german"), ("german_morale_3", "German Morale 3 chits", "german"), ("russian_morale_1", "Russian Morale 1 chits", "russian"), ("russian_morale_2", "Russian Morale 2 chits", "russian"), ("russian_morale_3", "Russian Morale 3 chits", "russian"))
        ],
        "notes": ["The full counter manifest (800 counters, 2.6 L252) is entered by the owner; the five counters above are the samples of 2.33."],
    }


OT_CRT_ROWS = {
    "2": "A2(3) D1(1) A2(3) A2(2) D2(1) A2(2) A1(2) A1(2) A1(1) D3(2) A1 D4(3) D4(3)*",
    "3": "A1(2) A1(1) D2(1) D1 D1 D2(1) D2 D2(2)* A1 A1 D3(2)* D3(2)* D3(3)*",
    "4": "A1(2) A1(2) A1(1) D1(1) D1(1) D1(1) D1(1) D2(1) D2(2)* D2(2)* D2(2)* D3(2)* D3(2)",
    "5": "A1(2) A1(2) A1(2) A1(1) A1(2) D1 D1 D1(1) D2(1) D2(2) D2(2) D2(2)* D2(2)*",
    "6": "A2(2) A2(2) A1(2) A2(2) A1(2) A1(2) D1(1) D1(1) D1 D1(1) D1(1) D1(2) D2(2)*",
    "7": "A3(3) A2(3) A2(2) A1(2) A2(1) A1(1) A1(1) D1(1) D1(1) D1(1) D1(1) D1(1) D1(1)",
    "8": "A2(2) A1(1) A1(1) A2(1) A1(1) A1(1) D2(1) A1(1) D1(1) D1(1) D1(1) D2(1) D2(2)",
    "9": "A1(1) A1(1) A1(1) A1(1) A1(1) D1 A1 D1 D1(1) D2(1) D2(2) D2(2) D2(2)",
    "10": "A1(1) A1(1) A1(1) A1(1) D1 D2(1) D1 D2(1) D2(1) D2(2) D2(2) D2(2) D3(1)",
    "11": "A1(1) A1(1) D1 D1 D1(1) D1(2) D2(2) D1(2) D2(2) D2(2)* D3(2)* D3(2)* D3(3)*",
    "12": "D1 D1 A2(3) A2(2) D2(2) A1(1) D2(2)* D2(2)* D3(2)* D3(2)* D3(3)* D3(3)* D4(3)*",
}


def ot_tables() -> dict[str, Any]:
    crt_cite = "9.89 L2163-2210"
    return {
        "provenance": "rules",
        "tables": [
            {
                "id": "crt", "kind": "combat_results", "label": "Combat Results Table", "cite": crt_cite, "dice": "2d6", "column_kind": "odds",
                "columns": ["1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1+"],
                "column_sets": {
                    "city_rough": ["1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1", "10-1", "11-1+"],
                    "woods_town": ["1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1", "10-1+"],
                    "clear": ["1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1", "9-1+"],
                },
                "rows": {k: v.split() for k, v in OT_CRT_ROWS.items()},
                "notes": ["A/D: attacker/defender; the unparenthesised number: hexes retreated and/or steps lost (9.86); (n): mandatory step losses first. '*' marks a result printed in bold: a Breakthrough (9.98).", "Cells to check against an original scan: typhoon.md 2.2-A."],
                "modifiers": [
                    {"id": "divisional_integrity_attack", "applies_to": "column", "value": 1, "reason": "each German division with all its regiments adjacent (max 3)", "cite": "9.4"},
                    {"id": "divisional_integrity_defence", "applies_to": "column", "value": -1, "reason": "German regiment defending next to a regiment of its division (max 1)", "cite": "9.4"},
                    {"id": "combined_arms", "applies_to": "column", "value": 1, "reason": "per tank unit in an attacking stack with infantry", "cite": "9.5"},
                    {"id": "air_attack", "applies_to": "column", "value": 1, "reason": "per Air Point supporting the attack (max 2)", "cite": "17.2"},
                    {"id": "air_defence", "applies_to": "column", "value": -1, "reason": "two Air Points supporting the defence", "cite": "17.2"},
                    {"id": "river", "applies_to": "strength", "value": 2, "reason": "defender attacked only across river hexsides (not in River Freeze)", "cite": "9.32; 13.52"},
                    {"id": "entrenchment", "applies_to": "strength", "value": 2, "reason": "Russian defender in an entrenchment", "cite": "14.2"},
                ],
            },
            {
                "id": "tec", "kind": "terrain_effects", "label": "Terrain Effects Chart", "cite": "5.73 L2212-2230",
                "movement": {
                    "clear": {"non_mech": 1, "mech": 2, "mech_freeze": 1},
                    "woods": {"non_mech": 1, "mech": 5, "mech_freeze": 3},
                    "rough": {"non_mech": 2, "mech": 7, "mech_freeze": 5},
                    "city": 1, "town": 1, "lake": "P",
                },
                "hexside_movement": {"stream": {"non_mech": 1, "mech": 2}, "river": {"non_mech": 2, "mech": "P"}},
                "line_movement": {"road": {"non_mech": 1, "mech": 2, "mech_freeze": 1}},
                "combat_lines": {"city": "city_rough", "rough": "city_rough", "woods": "woods_town", "town": "woods_town", "clear": "clear"},
                "notes": ["Stream and river costs are negated in River Freeze (both) and Stream Freeze (streams), and through a hexside crossed by a road (L2228-2230).", "Woods for mech in Freeze: 3 here, 4 in 5.32 L384 (typhoon.md 5 item 1)."],
            },
            {"id": "weather", "kind": "die", "label": "Weather Table", "cite": "13.14", "dice": "1d6", "rows": todo("result of each die roll: clear, overcast or precipitation (13.14, 'see separate sheet')")},
            {"id": "ground", "kind": "die", "label": "Ground Condition Table", "cite": "13.24", "dice": "1d6", "rows": todo("result of each die roll: warm, normal, ground_freeze, stream_freeze or river_freeze (13.24)")},
            {"id": "support", "kind": "lookup", "label": "German Support Table", "cite": "11.5", "dice": "1d6", "column_kind": "value", "columns": [str(n) for n in range(0, 13)], "rows": todo("corps HQs In Support by Support Points (columns) and die roll; known: 4 SP, die 5 -> 3 (L903)")},
            {"id": "commitment", "kind": "lookup", "label": "Russian Commitment Table", "cite": "16.27", "dice": "1d6", "column_kind": "value", "columns": [todo("the VP columns of the table")], "rows": todo("units committed by German VP and die roll; known: 9 VP, die 4 -> 1 (L1234)")},
        ],
    }


def ot_turns() -> dict[str, Any]:
    start = date(1941, 11, 15)  # GT1 = 15 Nov 1941 (L1343), one day per turn (L245)
    phases = [
        ("weather", None, "weather", "Weather and Ground Condition Determination Stage", "4.2 A; 13.1-13.3"),
        ("german_support", "german", "support", "German Support Allocation Stage", "4.2 B; 11.1"),
        ("german_supply", None, "supply", "Mutual Supply Determination Phase", "4.2 C.1"),
        ("german_movement", "german", "movement", "German Movement Phase", "4.2 C.2"),
        ("german_combat", "german", "combat", "German Combat Phase", "4.2 C.3"),
        ("german_interdiction", "german", "interdiction", "German Interdiction Phase", "4.2 C.4; 17.3"),
        ("russian_supply", None, "supply", "Mutual Supply Determination Phase", "4.2 D.1"),
        ("russian_movement", "russian", "movement", "Russian Movement Phase (commitment, tactical, rail, strategic)", "4.2 D.2"),
        ("russian_combat", "russian", "combat", "Russian Combat Phase", "4.2 D.3"),
        ("turn_indication", None, "housekeeping", "Game-Turn Indication Stage", "4.2 E; 16.15"),
    ]
    seq = [{"id": i, "side": s, "kind": k, "name": n, "cite": c} for i, s, k, n, c in phases]
    seq[1]["turns"] = [1, 5, 9, 13, 17, 21, 25, 29]  # 11.1 L877
    return {
        "provenance": "rules",
        "turns": [{"turn": n, "label": (start + timedelta(days=n - 1)).strftime("%d %b %Y")} for n in range(1, 32)],
        "sequences": {"default": {"phases": seq, "first_phase": "weather", "provenance": {"kind": "text", "cite": "4.2 L284-340"}}},
        "reinforcements": todo("the Master Reinforcement Schedules 15.3 (Russian) and 15.4 (German): turn, units and Entry Area (typhoon.md 4 item 22)"),
        "notes": ["Scenario-only Russian reinforcements (18.16b at C3934, 18.26b at A0125/A0127/A0129/A1030) go in the scenario files once their counters are entered."],
    }


def ot_scenario(sid: str, title: str, cite: str, last: int, sections: list[str], params: dict[str, Any], victory: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "id": sid, "title": title, "provenance": {"kind": "text", "cite": cite}, "cite": cite,
        "sections": sections, "first_turn": 1, "last_turn": last,
        "stacking": {"max_units": 2, "by_side": {"german": 3, "russian": 2}, "exempt_kinds": ["hq"], "cite": "7.1 L515-531 (plus one HQ, one cadre, one Russian battalion or company free)"},
        "setup": [todo(f"the historical set-up of {cite} (typhoon.md Appendix A), one placement per unit once its counter is entered")],
        "setup_areas": [{"side": "german", "line": "front_line", "line_side": "W", "text": "free set-up: anywhere west of the front line", "cite": "18.0 L1321"}],
        "parameters": {k: {"value": v[0], "cite": v[1]} for k, v in params.items()},
        "victory": victory,
    }


def with_special_rules(scenarios: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each scenario's special rules (18.x5-18.x8: text), and what only the printed map can say
    (18.39(b): the hexes east of the Moskva) as a TODO."""
    for sid, doc in scenarios.items():
        doc["parameters"].update(json.loads(json.dumps(SPECIAL_RULES[sid])))
    scenarios["von_kluge"]["parameters"]["east_of_moskva"] = todo("the Map B hexes east of the Moskva River and south of hexrow 3200 (18.39(b)), from the printed map")
    return scenarios


def ot_scenarios() -> dict[str, dict[str, Any]]:
    towns_c = ["Kashira", "Venev", "Mikhaylov", "Zaokskoye", "Mordveso"]
    return {
        "panzergruppe_guderian": ot_scenario("panzergruppe_guderian", "Panzergruppe Guderian", "18.1 L1325-1444", 16, ["C"],
            {"german_air_points": (2, "18.13"), "russian_air_points": (3, "18.13"), "support_points": (3, "18.15"), "russian_rail_units": (2, "18.18(f)"), "victory_points_recorded": (False, "18.18(e)")},
            [{"id": "decisive_german", "kind": "exit_and_hold", "side": "german", "level": "decisive", "text": "At least 4 combat units exited off the north edge east of hex 3932, and Tula and 3 of the towns held.", "places": ["Tula", *towns_c], "cite": "18.19 L1418"},
             {"id": "substantive_german", "kind": "hold", "side": "german", "level": "substantive", "text": "All 5 towns, or Tula and 3 towns.", "places": ["Tula", *towns_c], "cite": "18.19"}]),
        "hoepner_reinhardt": ot_scenario("hoepner_reinhardt", "Hoepner and Reinhardt", "18.2 L1446-1555", 16, ["A"],
            {"german_air_points": (2, "18.23"), "russian_air_points": (4, "18.23"), "support_points": (6, "18.25(b)"), "russian_rail_units": (2, "18.28(d)"), "commitment_modifier": (1, "18.27")},
            [{"id": "decisive_german", "kind": "exit_and_hold", "side": "german", "level": "decisive", "text": "At least 6 units exited through hexrow 0100 between 0126 and 0133 and 6 of the 10 towns and cities held.", "places": [n.rsplit(" ", 1)[0] for n in OT_A], "cite": "18.29 L1533-1555"}]),
        "von_kluge": ot_scenario("von_kluge", "Von Kluge on the Nara", "18.3 L1557-1674", 16, ["B"],
            {"german_air_points": (2, "18.33"), "russian_air_points": (3, "18.33"), "russian_rail_units": (1, "18.38(e)"), "commitment_modifier": (2, "18.37")},
            [{"id": "decisive_german", "kind": "hold", "side": "german", "level": "decisive", "text": "8 of the 12 places held and a non-isolated unit in the Kremlin (3531).", "places": [n.rsplit(" ", 1)[0] for n in OT_B] + ["Kremlin"], "cite": "18.39 L1644-1674"}]),
        "campaign": ot_scenario("campaign", "The Campaign Game", "18.4 L1676-1806", 16, ["A", "B", "C"],
            {"german_air_points": (6, "17.11"), "russian_air_points": (10, "17.12"), "support_points": (10, "11.1 L881"), "russian_rail_units": (5, "5.61")},
            [{"id": "historical_decisive", "kind": "victory_points", "side": "german", "level": "decisive", "text": "Historical Plan: at least 120 VP.", "params": {"vp": 120, "plan": "historical"}, "cite": "18.49 L1738-1790"}]),
        "extended_campaign": ot_scenario("extended_campaign", "The Extended Campaign Game", "18.5 L1807-1813", 31, ["A", "B", "C"],
            {"german_air_points": (6, "17.11"), "russian_air_points": (10, "17.12"), "support_points": (10, "11.1 L881"), "russian_rail_units": (5, "5.61")},
            [{"id": "as_campaign", "kind": "victory_points", "side": "german", "level": "decisive", "text": "As the Campaign Game, with two steps toward the Soviets for units west of the front line or exited west.", "cite": "18.5 L1807-1813"}]),
    }


def ot() -> dict[str, Any]:
    scen = with_special_rules(ot_scenarios())
    places = [{"name": "Tula", "kind": "city", "cite": "18.19 L1418"}, {"name": "Kremlin", "cite": "18.49 L1766"}]
    places += [{"name": n, "cite": "18.19 L1418-1424"} for n in ("Venev", "Kashira", "Mikhaylov", "Zaokskoye", "Mordveso")]
    places += [{"name": n.rsplit(" ", 1)[0], "cite": "18.29 L1537"} for n in OT_A] + [{"name": n.rsplit(" ", 1)[0], "cite": "18.39 L1650"} for n in OT_B]
    files = {
        "kit.json": manifest("ot", "Operation Typhoon (SPI 1978)", "003", list(scen), places),
        "map.json": ot_map(), "counters.json": ot_counters(), "tables.json": ot_tables(), "turns.json": ot_turns(),
    }
    files.update({f"scenarios/{k}.json": v for k, v in scen.items()})
    return files


# -- Drive on Moscow (Decision Games), seed 004 ----------------------------------------------
def dom() -> dict[str, Any]:
    places = [{"name": n, "kind": "city", "cite": "4.3 L387-390" if n != "Moscow" else "4.1 L357-364"} for n in ("Moscow", "Kalinin", "Kursk", "Orel", "Smolensk", "Tula")]
    map_doc = {
        "provenance": "rules",
        "geometry": {
            "orientation": "flat", "id_order": "column_row", "col_digits": 2, "row_digits": 2,
            "sections": [
                {"id": s, "label": label, "columns": todo("hex columns on this sheet"), "rows": todo("hex rows on this sheet"), "origin": todo("where this sheet lies (2.2/3.0: the north edge of the south map lies atop the south edge of the north map, L228-230)"), "odd_columns_up": todo("stagger parity")}
                for s, label in (("N", "North map"), ("S", "South map"))
            ],
            "provenance": {"kind": "text", "cite": "2.1 L55-58 (four-digit ids); 3.0 L228-230 (two sheets)"},
            "notes": ["Printed ids have no sheet letter (2.1: 'unique four-digit identification number'); the letters N/S here name the sheets for the kit. orientation/id_order are TODO checks against the printed map."],
        },
        "terrain_types": {"clear": {"label": "Clear"}, "forest": {"label": "Forest"}, "marsh": {"label": "Marsh"}},
        "hex_features": {"fortification": {"label": "Soviet fortification", "provenance": {"kind": "text", "cite": "11.18"}}},
        "hexside_features": {"river": {"kind": "river", "provenance": {"kind": "text", "cite": "10.9; 11.14"}}, "reservoir": {"kind": "reservoir", "provenance": {"kind": "text", "cite": "10.10; 7.1; 8.3"}}},
        "place_kinds": {"city": {"label": "City"}, "town": {"label": "Town"}},
        "hexes": todo("every hex of both sheets: terrain (clear, forest, marsh), fortifications"),
        "hexsides": [todo("river and reservoir hexsides")],
        "places": [{"id": n.lower(), "name": n, "kind": "city", "hexes": [todo(f"the hex{'es (2)' if n == 'Moscow' else ''} of {n}")], "value": None, "provenance": {"kind": "text", "cite": p["cite"]}} for n, p in zip(("Moscow", "Kalinin", "Kursk", "Orel", "Smolensk", "Tula"), places)],
        "edges": [
            {"id": "german_supply", "label": "West map edge", "edge": "W", "side": "german", "use": ["supply"], "hexes": [todo("the west-edge hexes")], "provenance": {"kind": "text", "cite": "8.1 L576-605"}},
            {"id": "soviet_supply", "label": "The six Soviet supply-source hexes (north and east edges)", "side": "soviet", "use": ["supply"], "hexes": [todo("the 6 hexes marked with a supply symbol")], "provenance": {"kind": "text", "cite": "8.2"}},
        ],
        "printed_lines": [
            {"id": "front_line", "label": "Initial front line", "kind": "front", "hexsides": [todo("the initial front line")], "provenance": {"kind": "text", "cite": "3.3; 3.7; 4.4"}},
            {"id": "reserve_boundary", "label": "Forward Zone / Reserve Front boundary", "kind": "boundary", "hexsides": [todo("the boundary line")], "provenance": {"kind": "text", "cite": "3.2; 3.3"}},
        ],
    }
    counters = {
        "provenance": "rules",
        "sides": {"german": {"label": "German"}, "soviet": {"label": "Soviet"}},
        "kinds": {k: {} for k in ("panzer", "panzer_grenadier", "infantry", "cavalry", "kg", "rd", "rb", "cd", "mrb", "mrd", "tb", "grd", "gcd", "gtb", "aircraft")},
        "attributes": {"attack": {"type": "integer", "minimum": 0}, "defence": {"type": "integer", "minimum": 0}, "mobility": {"type": "string", "enum": ["mech", "non_mech"], "cite": "2.8"}, "size": {"type": "string", "enum": ["XX", "X", "III", "KG"], "cite": "2.7"}},
        "counters": [
            {"id": "kg_pz", "side": "german", "kind": "kg", "faces": {"front": {"attack": 2, "defence": 1, "mobility": "mech", "size": "KG"}, "back": {"attack": 1, "defence": 2, "mobility": "mech", "size": "KG"}}, "count": 10, "provenance": {"kind": "text", "cite": "2.12 L178-181"}},
        ],
        "pools": [
            {"id": "guards_cup", "label": "Guards cup", "kind": "cup", "side": "soviet", "hidden": True, "contents": [todo("GCD x2, GRD x2, GTB x4 (3.4 L311-317) once their counters are entered")], "provenance": {"kind": "text", "cite": "3.4"}},
            *[{"id": f"untried_{t}", "label": f"Untried {t.upper()} pool", "kind": "cup", "side": "soviet", "hidden": True, "contents": [todo(f"the {t.upper()} counters and their veteran-side values (2.13; dom 4 item 5)")], "provenance": {"kind": "text", "cite": "2.13; 3.1"}} for t in ("rd", "rb", "cd", "mrb", "mrd", "tb")],
        ],
        "notes": ["German order of battle and every Soviet counter's values are entered by the owner (drive_on_moscow.md 4 items 4-5)."],
    }
    tables = {
        "provenance": "rules",
        "tables": [
            {"id": "crt", "kind": "combat_results", "label": "Combat Results Table", "cite": "11.9 L1096-1100", "dice": "1d6", "column_kind": "odds", "columns": ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"],
             "rows": todo("the 6 x 7 results (AS, AL1, DR, DE); known: 1:1, roll 5 = AS (L1232)"),
             "automatic": [{"at_or_above": "5:1", "result": "DE", "cite": "11.9 (final odds greater than 5:1)"}],
             "results": {"AS": {"label": "Attacker stalled"}, "AL1": {"label": "Attacker loses 1 step"}, "DR": {"label": "Defender retreats"}, "DE": {"label": "Defender eliminated"}}},
            {"id": "tec", "kind": "terrain_effects", "label": "Terrain Effects Chart (as implied by the text)", "cite": "10.x; 11.11-11.18",
             "movement": {"clear": 1, "forest": 1, "marsh": {"non_mech": 1, "cavalry": 1, "mech": "P"}}, "hexside_movement": {"river": 1, "reservoir": "P"},
             "shifts": {"forest": {"columns": -1, "reason": "Soviet defender in forest against a mobile assault", "cite": "11.12"}, "river": {"columns": -1, "reason": "all attackers across a river", "cite": "11.14"}, "city": {"columns": -2, "reason": "defender in a city", "cite": "11.17"}, "fortification": {"columns": -1, "reason": "Soviet defender in a fortification", "cite": "11.18"}}},
        ],
    }
    turns = {
        "provenance": "rules",
        "turns": [{"turn": n, "label": lbl, **({"attrs": {"mf_mech": 10, "mf_non_mech": 6}} if n == 1 else {})} for n, lbl in enumerate(["Oct I", "Oct II", "Oct III", "Oct IV", "Nov I", "Nov II", "Nov III", "Nov IV", "Dec I"], 1)],
        "sequences": {"default": {"phases": [
            {"id": "german_replacement", "side": "german", "kind": "replacement", "name": "German Replacement & Withdrawal Phase", "cite": "5.1"},
            {"id": "german_first", "side": "german", "kind": "move_or_fight", "name": "German Movement or Combat Phase", "cite": "5.2"},
            {"id": "german_second", "side": "german", "kind": "move_or_fight", "name": "German Combat or Movement Phase", "cite": "5.2"},
            {"id": "soviet_reinforcement", "side": "soviet", "kind": "reinforcement", "name": "Soviet Reinforcement Phase", "cite": "9.1"},
            {"id": "soviet_first", "side": "soviet", "kind": "move_or_fight", "name": "Soviet Movement or Combat Phase", "cite": "5.2"},
            {"id": "soviet_second", "side": "soviet", "kind": "move_or_fight", "name": "Soviet Combat or Movement Phase", "cite": "5.2"},
            {"id": "guards_conversion", "side": "soviet", "kind": "conversion", "name": "Soviet Guards Conversion Phase", "cite": "9.4", "turns": list(range(1, 9))},
            {"id": "terminal_supply", "side": "soviet", "kind": "supply", "name": "Soviet Terminal Supply Phase", "cite": "8.6"}],
            "first_phase": "german_replacement", "provenance": {"kind": "text", "cite": "5.1 L415-429"}}},
        "reinforcements": [{"turn": 1, "side": "soviet", "kinds": {"rd": 7, "rb": 2, "cd": 2, "tb": 1}, "cite": "3.1 L251-254"}],
        "withdrawals": [{"turn": t, "side": "german", "kinds": {k: 1}, "cite": "9.3"} for t, k in ((5, "infantry"), (6, "infantry"), (7, "infantry"), (7, "cavalry"))],
        "notes": ["Turn labels Oct I-III and Nov IV are inferred (drive_on_moscow.md 0); the per-turn movement factors, air and Soviet reinforcement counts of the Turn Record Track are TODO (4 item 2)."],
    }
    turns["turns"][1]["attrs"] = todo("movement factors mech/non-mech, air counters and Soviet reinforcements of each turn from the Turn Record Track")
    scenario = {
        "id": "campaign", "title": "Drive on Moscow: 1 October - 7 December 1941", "provenance": {"kind": "text", "cite": "L1622-1623 (one scenario)"},
        "first_turn": 1, "last_turn": 9,
        "stacking": {"max_units": 5, "exempt_kinds": ["aircraft"], "cite": "6.0-6.2 L482-512"},
        "setup": [todo("German units: anywhere west of the initial front line (3.6); the AI needs a set-up")],
        "setup_areas": [
            {"side": "german", "line": "front_line", "line_side": "W", "text": "anywhere west of the initial front line", "cite": "3.6"},
            {"side": "soviet", "line": "reserve_boundary", "line_side": "E", "one_per_hex": True, "text": "Reserve Front: MRD x1, RD x4, RB x4 random and untried, GRD x6 full strength, one per hex", "cite": "3.2 L272-286"},
            {"side": "soviet", "line": "front_line", "line_side": "E", "text": "Forward Zone: CD x9, MRB x8, MRD x4, RB x17, RD x78, TB x9 between the front line and the Reserve boundary; a rifle division in every front-line hex", "cite": "3.3 L294-308"},
        ],
        "parameters": {"november_offensive_turns": {"value": [4, 5, 6, 7], "cite": "12.0 L1371-1375"}, "guderian_effect_mf": {"value": 14, "cite": "5.3 L473"}, "kg_counters": {"value": 10, "cite": "2.12"}},
        "victory": [
            {"id": "german_moscow", "kind": "control_any", "side": "german", "level": "sudden_death", "text": "The Germans win the instant either hex of Moscow comes under their control.", "places": ["Moscow"], "cite": "4.1 L357-364"},
            {"id": "german_cities", "kind": "control_all", "side": "german", "level": "win", "text": "At the end of turn 9 the Germans control Kalinin, Kursk, Orel, Smolensk and Tula.", "places": ["Kalinin", "Kursk", "Orel", "Smolensk", "Tula"], "cite": "4.3 L387-390"},
            {"id": "soviet_default", "kind": "otherwise", "side": "soviet", "level": "win", "text": "Otherwise the Soviets win.", "cite": "4.5 L405-406"},
        ],
    }
    return {"kit.json": manifest("dom", "Drive on Moscow: Operation Typhoon, 1941 (Decision Games)", "004", ["campaign"], places),
            "map.json": map_doc, "counters.json": counters, "tables.json": tables, "turns.json": turns, "scenarios/campaign.json": scenario}


# -- The Moscow Campaign (SPI 1972 / HexWar), seed 002 ---------------------------------------
def mc() -> dict[str, Any]:
    map_doc = {
        "provenance": "rules",
        "geometry": {"orientation": "flat", "id_order": "column_row", "col_digits": 2, "row_digits": 2,
                     "columns": todo("hex columns"), "rows": todo("hex rows"), "odd_columns_up": todo("stagger parity"),
                     "provenance": "owner", "notes": ["The text gives no hex-id format or map size (moscow_campaign.md 4 item 1)."]},
        "terrain_types": {"clear": {"label": "Clear"}, "other": {"label": todo("the other terrain types of the Terrain Effects Chart")}},
        "hexside_features": {"river": {"kind": "river"}, "lake": {"kind": "lake", "provenance": {"kind": "text", "cite": "Movement (L) L31"}},
                             "fortified": {"kind": "fortified", "directional": True, "provenance": {"kind": "text", "cite": "Fortified Lines (A)-(G) L103-110 (face west)"}}},
        "line_features": {"rail": {"label": "Railroad"}},
        "place_kinds": {"city": {"label": "City"}, "town": {"label": "Town"}},
        "hexes": todo("every hex and its terrain"),
        "hexsides": [todo("river, lake and fortified hexsides; fortified ones with 'faces' (the west side) and 'line' (one of the five lines)")],
        "networks": [
            {"id": "rail", "feature": "rail", "links": [todo("every rail link")], "exits": [todo("rail lines leaving the north, south and east edges (Soviet supply, L50)")]},
            {"id": "german_supply_rail", "feature": "rail", "label": "Heavier German supply lines", "links": [todo("the darker lines from the east or south edge (L48, L122)")]},
        ],
        "places": [{"id": "moscow", "name": "Moscow", "kind": "city", "hexes": [todo("the hexes of Moscow")], "value": None, "provenance": "owner"}],
        "printed_lines": [
            *[{"id": f"fortified_line_{n}", "label": f"Fortified Line {n}", "kind": "fortified", "provenance": {"kind": "text", "cite": "Fortified (F) L109: five lines"}} for n in range(1, 6)],
            *[{"id": f"start_line_{s}", "label": f"Start/Front Line, {s} scenario", "kind": "start", "hexsides": [todo(f"the {s} scenario's start line")], "provenance": {"kind": "text", "cite": "L50, L122"}} for s in ("september", "november", "december")],
        ],
    }
    counters = {
        "provenance": "rules",
        "sides": {"german": {"label": "German"}, "soviet": {"label": "Soviet"}},
        "kinds": {k: {} for k in ("armour", "motorized", "infantry", "eb", "kg")},
        "attributes": {"strength": {"type": "integer", "minimum": 0}, "movement": {"type": "integer", "minimum": 0}, "bracketed": {"type": "boolean"}, "defence_only": {"type": "boolean"}},
        "counters": [
            {"id": "kg", "side": "german", "kind": "kg", "faces": {"front": {"strength": 2, "movement": 8}}, "count": 1, "provenance": {"kind": "text", "cite": "Combat (G) L64"}, "notes": ["The number of KG counters is TODO."]},
            {"id": "german_eb", "side": "german", "kind": "eb", "faces": {"front": {"strength": 1, "movement": 1, "defence_only": True}}, "count": 3, "provenance": {"kind": "text", "cite": "ZOC (I) L41; EB (B) L125"}},
            {"id": "soviet_eb", "side": "soviet", "kind": "eb", "faces": {"front": {"strength": 1, "movement": 1, "defence_only": True}}, "count": 12, "provenance": {"kind": "text", "cite": "EB (B) L125"}},
            {"id": "soviet_armour_1_10", "side": "soviet", "kind": "armour", "faces": {"front": {"strength": 1, "movement": 10, "bracketed": True}}, "count": todo("how many [1]-10 armour units"), "provenance": {"kind": "text", "cite": "L41, L77, L95"}},
        ],
    }
    tables = {
        "provenance": "rules",
        "tables": [
            {"id": "crt", "kind": "combat_results", "label": "Combat Results Table", "cite": "L56-88", "dice": "1d6", "column_kind": "odds", "columns": [todo("the odds columns, up to at least 11-1 (Overrun L90)")],
             "row_min": -1, "row_max": 6, "rows": todo("every cell: De, DeAd, Dr, Br, Ex, 1/2Ex, Ar, Ae; rows for modified rolls down to -1"),
             "modifiers": [{"id": "fortified", "applies_to": "roll", "value": -2, "reason": "German attacks solely through the fronts of fortified hexsides", "cite": "Fortified (B) L105"}]},
            {"id": "tec", "kind": "terrain_effects", "label": "Terrain Effects Chart", "movement": {"clear": 1, "other": todo("entry cost of each terrain type")}, "hexside_movement": {"lake": "P", "fortified": todo("+2 for the first German crossing (Fortified (C) L106)")}},
        ],
    }
    turns = {
        "provenance": "rules",
        "turns": [{"turn": n, **({"weather": w} if (w := ("rains" if n == 5 else "mud" if 6 <= n <= 15 else "winter" if n >= 23 else "freeze" if n >= 16 else None)) else {})} for n in range(1, 32)],
        "sequences": {"default": {"phases": [
            {"id": "german_initial_movement", "side": "german", "kind": "movement", "name": "German Initial Movement Phase", "movers": "all", "cite": "L12"},
            {"id": "german_combat", "side": "german", "kind": "combat", "name": "German Combat Phase", "cite": "L13"},
            {"id": "german_mechanized_movement", "side": "german", "kind": "movement", "name": "German Mechanized Movement Phase", "movers": "mechanized", "cite": "L14-15"},
            {"id": "soviet_movement", "side": "soviet", "kind": "movement", "name": "Russian Movement Phase (all rail movement)", "movers": "all", "cite": "L16; L116"},
            {"id": "soviet_combat", "side": "soviet", "kind": "combat", "name": "Russian Combat Phase", "cite": "L17"}], "first_phase": "german_initial_movement"}},
        "reinforcements": todo("reinforcements of both sides by turn, with entry hexes (Soviets enter entrained, Rail (A) L115)"),
        "notes": ["Weather by turn from L96-102 (which side each list applies to is unclear, moscow_campaign.md 5); turns 23-31 are both freeze and winter for mechanized units."],
    }
    scenarios = {}
    for sid in ("september", "november", "december"):
        scenarios[f"scenarios/{sid}.json"] = {
            "id": sid, "title": f"The {sid.capitalize()} offensive", "provenance": {"kind": "text", "cite": "L2"},
            "first_turn": 1, "last_turn": 31, "stacking": {"max_units": 3, "cite": "Stacking (A) L43"},
            "setup": [todo("starting positions of both sides (moscow_campaign.md 4 item 7)")],
            "parameters": {"german_eb": {"value": 3, "cite": "EB (B) L125"}, "soviet_eb": {"value": 12, "cite": "EB (B) L125"}, "soviet_entrained_max": {"value": 9, "cite": "Rail L111"},
                           "start_line": {"value": f"start_line_{sid}", "cite": "L122"}, "first_and_last_turn": {"value": todo("the turns this scenario starts and ends on (Time Record)"), "cite": "L2"}},
            "victory": [{"id": "todo", "kind": "todo", "text": "No victory conditions are given in the text (moscow_campaign.md 4 item 8); to be entered from the scenario card.", "provenance": "owner"}],
        }
    return {"kit.json": manifest("mc", "The Moscow Campaign (SPI 1972; HexWar / Decision Games digital edition)", "002", ["september", "november", "december"], [{"name": "Moscow", "cite": "L2; L96"}]),
            "map.json": map_doc, "counters.json": counters, "tables.json": tables, "turns.json": turns, **scenarios}


def main() -> int:
    for game, build in (("ot", ot), ("dom", dom), ("mc", mc)):
        write(build(), OUT / game)
        print(f"wrote {OUT / game}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
