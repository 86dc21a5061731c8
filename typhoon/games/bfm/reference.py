"""The board and the charts of Battle for Moscow as data for every front end.

``map_meta`` is the board in the ``typhoon.core.contract.MAP_META_DOC`` shape (hex centres
from ``typhoon.core.geometry``, terrain, rivers, rails, cities, map edges, colours), and
``rules_doc`` the printed charts (CRT, TEC, Turn Record Track), the result codes, victory and
replacement rules of an edition, each with its rule reference. Front ends draw and explain the
game from these alone.
"""

from __future__ import annotations

from typing import Any

from .data import bfm_data
from .options import BfmOptions
from .present import RESULTS

# Colours sampled from the reference images (map_numbered.png, counters_sheet.png).
TERRAIN_STYLES = {
    "clear": {"label": "Clear", "fill": "#fffeed", "pattern": None},
    "forest": {"label": "Forest", "fill": "#45ab45", "pattern": "trees"},
}
FEATURE_STYLES = {
    "river": {"label": "River", "stroke": "#5792bc", "width": 3, "kind": "hexside"},
    "rail": {"label": "Railroad", "stroke": "#1e1e1e", "width": 1.5, "kind": "line"},
}
HEX_FEATURE_STYLES = {
    "fortification": {"label": "Fortification", "stroke": "#86592d", "pattern": "fort", "rule": "9.2"},
    "setup_german": {"label": "German set-up hex", "symbol": "\u271a", "stroke": "#1c1c1c", "rule": "6.0"},
    "setup_soviet": {"label": "Soviet set-up hex", "symbol": "\u2605", "stroke": "#d81e30", "rule": "6.0"},
}
PLACE_STYLES = {
    "city": {"label": "City", "fill": "#000000", "size": 1},
    "major_city": {"label": "Major city", "fill": "#000000", "size": 2},
}
SIDE_STYLES = {
    "german": {"label": "German", "fill": "#8ca296", "reduced_fill": "#cedbd2", "text": "#ffffff",
               "reduced_text": "#111111", "control": "#1c1c1c"},
    "soviet": {"label": "Soviet", "fill": "#e93a4c", "reduced_fill": "#f9a29b", "text": "#ffffff",
               "reduced_text": "#111111", "control": "#d81e30"},
}  # fmt: skip
EDGE_STYLES = {
    "soviet": {"stroke": "#d81e30", "width": 4, "label": "red border"},
    "german": {"stroke": "#1c1c1c", "width": 4, "label": "black border"},
}
UNIT_KINDS = {
    "infantry": {"label": "Infantry", "symbol": "infantry"},
    "panzer": {"label": "Panzer", "symbol": "armour"},
    "tank": {"label": "Tank", "symbol": "armour"},
    "shock": {"label": "Shock army", "symbol": "infantry"},
}
REFERENCES = [
    {"id": "000", "title": "Battle for Moscow, 2009 Victory Point Games / C3i rules", "edition": "2009"},
    {"id": "001", "title": "Battle for Moscow, 1986 GDW rules", "edition": "1986"},
    {"id": "charts", "title": "Charts, counters and editions (shared/reference/bfm/charts.md)", "edition": None},
]


def _options(options: dict[str, Any] | BfmOptions | None) -> BfmOptions:
    return options if isinstance(options, BfmOptions) else BfmOptions.from_dict(options)


# -- the board -------------------------------------------------------------------------------
def map_meta(options: dict[str, Any] | BfmOptions | None = None) -> dict[str, Any]:
    """The board of an edition (MAP_META_DOC)."""
    from ...core.geometry import Layout, bounds, fit, hex_centres

    opts = _options(options)
    data = bfm_data(opts.edition, opts.red_border)
    layout = fit(data.grid, Layout("flat", 1.0))  # the printed map's drawing: 0101's west corner at x = 0
    centres = hex_centres(data.grid, layout)
    return {
        "game": "bfm",
        "title": data.edition_data["title"],
        "edition": opts.edition,
        "provenance": "published" if opts.edition == "1986" else "reconstruction",
        "provenance_note": (
            "Transcribed from the 1986 map; the 2009 VPG map is not available, so the 2009 rules "
            "are played on it with the red border assumed as listed in editions.json (docs/decisions.md)"
        ),
        "geometry": {
            "orientation": "flat",
            "hex_size": 1.0,
            "origin": list(layout.origin),
            "centres": {h: [round(x, 6), round(y, 6)] for h, (x, y) in centres.items()},
            "bounds": [round(v, 6) for v in bounds(centres, layout)],
            "columns": data.grid.columns,
            "rows": data.grid.rows,
            "id_format": "CCRR: column 01-14 west to east, row 01-10 north to south; odd columns half a hex up",
        },
        "hexes": _hexes(data),
        "terrain_styles": TERRAIN_STYLES,
        "hex_feature_styles": HEX_FEATURE_STYLES,
        "sections": [],
        "hexsides": [{"a": a, "b": b, "feature": "river"} for a, b in sorted(tuple(sorted(k)) for k in data.rivers)],
        "lines": _rail_lines(data),
        "feature_styles": FEATURE_STYLES,
        "places": _places(data),
        "place_styles": PLACE_STYLES,
        "edges": _edges(data),
        "printed_lines": [],
        "side_styles": SIDE_STYLES,
        "unit_kinds": UNIT_KINDS,
        "units": {
            u: {"side": s.side, "kind": s.kind, "name": s.name, "full": s.full, "reduced": s.reduced,
                "movement": s.movement, "values": f"{s.full}-{s.movement}", "reduced_values": f"{s.reduced}-{s.movement}"}
            for u, s in data.units.items()
        },  # fmt: skip
    }


def _hexes(data: Any) -> dict[str, dict[str, Any]]:
    out = {}
    for h in data.hex_order:
        a = data.map.hexes[h]
        out[h] = {
            "terrain": a["terrain"],
            "section": None,
            "label": a["city"],
            "fortification": bool(a["fortification"]),
            "city": a["city"],
            "major_city": h in data.major_cities,  # per edition: Tula only in 2009 (000 9.2)
            "setup": a["setup"],
            "rail": h in data.rail_hexes,
        }
    return out


def _rail_lines(data: Any) -> list[dict[str, Any]]:
    """The rail net as lines between hex centres; a line leaving the map names its edge."""
    lines = []
    for a, ns in sorted(data.rail_links.items()):
        for b in ns:
            if a < b:
                lines.append({"feature": "rail", "hexes": [a, b]})
    for h, exits in sorted(data.map.edge_exits.items()):
        for edge in exits.get("rail", []):
            lines.append({"feature": "rail", "hexes": [h], "exit": edge})
    return lines


def _places(data: Any) -> list[dict[str, Any]]:
    places = []
    for h in sorted(data.cities, key=data.hex_index.__getitem__):
        major = h in data.major_cities
        places.append(
            {
                "hex": h,
                "name": data.cities[h],
                "kind": "major_city" if major else "city",
                "value": None,
                "capital": h == data.moscow,
                "rule": "9.2; 000 9.3 Stand Fast" if major and data.edition_data["stand_fast"] else ("9.2" if major else "10.0"),
            }
        )
    return places


def _edges(data: Any) -> list[dict[str, Any]]:
    ed = data.edition_data
    return [
        {
            "name": "Soviet replacement edge" if data.edition == "1986" else "Soviet replacement edge (red border)",
            "side": "soviet",
            "hexes": sorted(data.edges["soviet"], key=data.hex_index.__getitem__),
            "style": EDGE_STYLES["soviet"],
            "rule": "10.2, 11.0",
            "note": data.soviet_edge_note,
        },
        {
            "name": "German replacement edge" if data.edition == "1986" else "German replacement edge (black border)",
            "side": "german",
            "hexes": sorted(data.edges["german"], key=data.hex_index.__getitem__),
            "style": EDGE_STYLES["german"],
            "rule": "10.3",
            "note": ed.get("german_edge_note"),
        },
    ]


# -- the charts ------------------------------------------------------------------------------
def rules_doc(options: dict[str, Any] | BfmOptions | None = None) -> dict[str, Any]:
    """Charts, result codes, victory conditions and replacement rules of an edition."""
    opts = _options(options)
    data = bfm_data(opts.edition, opts.red_border)
    return {
        "game": "bfm",
        "edition": opts.edition,
        "title": data.edition_data["title"],
        "charts": [_crt(data), _tec(data), _turn_track(data), _sequence(data)],
        "results": RESULTS,
        "odds": _odds_rules(data),
        "victory": _victory(data),
        "replacements": _replacement_rules(data, opts),
        "references": REFERENCES,
    }


def _crt(data: Any) -> dict[str, Any]:
    crt = data.crt
    return {
        "id": "crt",
        "title": "Combat Results Table",
        "rule": "9.0-9.3",
        "columns": ["die", *crt.columns],
        "rows": [[die, *crt.rows[die]] for die in sorted(crt.rows)],
        "notes": [
            "Attack strength divided by defence strength, fractions dropped (9.0 step 2).",
            "Odds above 6:1 count as 6:1 before terrain shifts; below 1:1 after shifts the attack has no effect (9.1).",
        ],
    }


def _tec(data: Any) -> dict[str, Any]:
    major = [data.cities[h] for h in sorted(data.major_cities, key=data.hex_index.__getitem__)]
    rows = [
        ["clear", "1", "none"],
        ["forest", "2 (1 in Soviet rail movement)", "odds -1 for a defender in it"],
        ["city", "1", "none; replacement site (10.2, 10.3)" + ("; victory (5.0)" if data.edition == "2009" else "")],
        [
            "major city (" + ", ".join(major) + ")",
            "1",
            "odds -1" + ("; Stand Fast (000 9.3)" if data.edition_data["stand_fast"] else ""),
        ],
        ["fortification", "1", "odds -1 for a Soviet defender only"],
        ["river hexside", "no effect (000 8.0 example)", "odds -1 if all attackers are across rivers"],
        ["railroad", "Soviet rail movement phase only, 1 per hex (8.1)", "none"],
    ]
    return {
        "id": "tec",
        "title": "Terrain Effects Chart",
        "rule": "8.0, 8.1, 9.2",
        "columns": ["terrain", "movement", "combat"],
        "rows": rows,
        "notes": ["All combat shifts are cumulative (9.2)."],
        "shifts": {k: {"columns": s.columns, "reason": s.reason, "rule": s.rule} for k, s in data.shifts.items()},
    }


def _turn_track(data: Any) -> dict[str, Any]:
    rows = []
    for t in sorted(data.turns):
        arrive = data.turns[t].get("reinforcements", {})
        rows.append([t, data.turns[t]["dates"], data.turns[t]["weather"], ", ".join(u for us in arrive.values() for u in us)])
    return {
        "id": "turns",
        "title": "Turn Record Track",
        "rule": "4.0, 11.0, 12.0",
        "columns": ["turn", "dates", "weather", "reinforcements"],
        "rows": rows,
        "mud_turns": [t for t in sorted(data.turns) if data.mud(t)],
        "last_turn": data.last_turn,
        "notes": [data.edition_data["mud_rule"], "12.1: in mud all movement except Soviet rail movement is one hex per phase."],
    }


def _sequence(data: Any) -> dict[str, Any]:
    sides = {"german": "German", "soviet": "Soviet", None: ""}
    rows = [[i, p.label, sides[p.side], p.rule] for i, p in enumerate(data.sequence) if p.kind != "setup"]
    return {
        "id": "sequence",
        "title": "Sequence of Play",
        "rule": "4.0",
        "columns": ["#", "phase", "side", "rule"],
        "rows": rows,
        "notes": [data.edition_data["first_phase_rule"]],
    }


def _odds_rules(data: Any) -> list[dict[str, str]]:
    return [
        {"text": "Total the attackers' strengths and divide by the defender's, dropping fractions.", "rule": "9.0 steps 1-2"},
        {"text": "Above 6:1 counts as 6:1, before terrain shifts.", "rule": "9.1"},
        {"text": "Each terrain effect moves the odds one column left; below 1:1 the attack has no effect.", "rule": "9.1, 9.2"},
        {"text": data.edition_data["mud_rule"], "rule": "12.2" if data.edition == "2009" else "001 mud"},
    ]


def _victory(data: Any) -> list[dict[str, Any]]:
    rule = data.edition_data["victory_rule"]
    if data.edition_data["victory"] == "moscow_only":
        return [
            {"side": "german", "text": f"The Germans win if they control Moscow at the end of turn {data.last_turn}.", "rule": rule},
            {"side": "soviet", "text": f"The Soviets win if they control Moscow at the end of turn {data.last_turn}.", "rule": rule},
        ]
    return [
        {"side": "german", "text": f"The Germans win if they control Moscow at the end of turn {data.last_turn}.", "rule": rule},
        {"side": "soviet", "text": "The Soviets win if they control Moscow and any one other city.", "rule": rule},
        {"side": None, "text": "Any other result is a draw.", "rule": rule},
        {"side": None, "text": "A city is controlled by the side whose unit entered it last; all are Soviet at the start "
                               "except those occupied by German units. A unit passing through a city takes it when "
                               "its move names the city on the way (move ... via HEX; in the browser, Shift-click it).",
         "rule": "10.0; decision 8"},
    ]  # fmt: skip


RED_BORDER_READINGS = {
    "corners": "column 14 and the two easternmost hexes of the north and south rows before it (1201, 1301, 1210, 1310)",
    "east": "column 14 alone",
}


def _red_border_rule(data: Any, opts: BfmOptions) -> list[dict[str, Any]]:
    """000 10.2: which reading of the 2009 red border this game uses, said plainly: it is a
    reading, not the printed map (docs/decisions.md #10)."""
    if opts.edition != "2009":
        return []
    other = next(r for r in RED_BORDER_READINGS if r != opts.red_border)
    return [{"side": "soviet", "rule": "000 10.2; option red_border", "text":
             f"Red border, a reading (Typhoon does not have the VPG map): {RED_BORDER_READINGS[opts.red_border]}. "
             f"The other reading, {RED_BORDER_READINGS[other]}, is the option red_border={other}."}]


def _replacement_rules(data: Any, opts: BfmOptions) -> list[dict[str, Any]]:
    german_turns = "on turns 2, 4 and 6 only" if opts.german_replacement_turns == "even" else "every turn from turn 2"
    return [
        {"side": "soviet", "text": f"{opts.soviet_replacements} replacement step(s) per turn.", "rule": "10.0"},
        {"side": "german", "text": f"{opts.german_replacements} replacement step(s) {german_turns} (none on turn 1).", "rule": "10.0; 000 6.0"},
        {"side": None, "text": "A step brings back an eliminated unit at half strength, or flips a half-strength "
                               "unit in communication to full strength; never both for one unit in a player turn.", "rule": "10.0, 10.1"},
        {"side": "soviet", "text": "New units appear on an empty red-border hex not in an enemy zone of control, or in an "
                                   "empty friendly city in communication; Moscow even out of communication.", "rule": "10.2"},
        *_red_border_rule(data, opts),
        {"side": "german", "text": "The same on the west (black) edge and in cities in communication with it.", "rule": "10.3"},
        {"side": None, "text": "Unused steps are lost.", "rule": "10.4"},
        {"side": "soviet", "text": "The 1st Shock Army arrives on turn 4 at full strength on the red border (or later if "
                                   "no hex is open).", "rule": "11.0"},
    ]  # fmt: skip
