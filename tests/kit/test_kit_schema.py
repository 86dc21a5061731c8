"""The kit format's JSON Schemas and the validator's wording (docs/kit.md).

Each test plants one error in a copy of the good sample package and asserts the exact
message: file, JSON path and plain explanation.
"""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from typhoon.core.kit import KitError, load_kit, schema, validate_kit
from typhoon.core.kit.loader import link_pair

from .conftest import GOOD

SCHEMAS = ("common", "kit", "map", "counters", "tables", "turns", "scenario")


@pytest.mark.parametrize("name", SCHEMAS)
def test_published_schemas_are_valid_draft_2020_12(name):
    doc = schema(name)
    Draft202012Validator.check_schema(doc)
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert doc["$id"] == f"urn:typhoon-kit:1:{name}"


def test_good_package_validates_and_loads():
    assert validate_kit(GOOD) == []
    kit = load_kit(GOOD)
    assert kit.game == "sample"
    assert sorted(kit.scenarios) == ["meeting"]
    # the two sheets overlap on column 04 of A = column 01 of B: 12 + 12 - 3 - 1 excluded
    assert len(kit.grid.all_hexes) == 20
    assert kit.grid.canonical("B0102") == "A0402"
    assert kit.links("rail")[3] == ("B0102", "B0202")
    assert kit.exits("rail") == {"A0102": ["W"], "B0402": ["E"]}
    assert kit.place("Kremlin")["hexes"] == ["B0202"]
    assert kit.hexes_with_feature("entrenchment") == frozenset({"A0201"})
    assert kit.hex_attr("A0101", "elevation") == 0  # the declared default
    assert kit.hex_attr("A0202", "elevation") == 2
    assert kit.parameters("meeting") == {"red_rail_units": 2}
    assert kit.parameters("meeting", "first") == {"red_rail_units": 1}
    assert [p["id"] for p in kit.sequence()["phases"]][:2] == ["weather", "blue_move"]
    assert [r["counters"] for r in kit.reinforcements("meeting") if "counters" in r] == [["r3"]]


def test_provenance_is_inherited_and_named_sources_resolve():
    kit = load_kit(GOOD)
    assert kit.provenance_at("map.json", ["hexes", "A0101"])["kind"] == "published"  # the file's ("sheet")
    assert kit.provenance_at("map.json", ["hexes", "B0202"]) == {"kind": "reconstruction", "basis": "made up for the test"}
    assert kit.provenance_at("tables.json", ["tables", 1])["kind"] == "owner"
    assert kit.provenance_at("scenarios/meeting.json", ["setup", 0])["kind"] == "text"


def test_link_pairs_accept_both_forms():
    assert link_pair(["A0101", "A0102"]) == ("A0101", "A0102")
    assert link_pair({"a": "A0101", "b": "A0102"}) == ("A0101", "A0102")


def messages(root) -> list[str]:
    return [str(i) for i in validate_kit(root)]


def test_load_kit_raises_listing_every_problem(planted):
    root = planted("kit.json", lambda d: d.update(format="typhoon-pack", version="1"))
    with pytest.raises(KitError) as err:
        load_kit(root)
    assert [str(i) for i in err.value.issues] == [
        "kit.json: $.format: must be the text 'typhoon-kit' (this is how a kit manifest is recognised) (got \"typhoon-pack\")",
        "kit.json: $.version: must be 1, the only version of the kit format so far (got \"1\")",
    ]


def test_missing_file_and_bad_json_are_reported(planted, tmp_path):
    root = planted("kit.json", lambda d: d["files"].update(turns="turn.json"))
    (root / "tables.json").write_text('{"provenance": "sheet", "tables": [}')
    assert messages(root)[:2] == [
        f"kit.json: $.files.turns: file 'turn.json' does not exist in the package {str(root)!r}",
        "tables.json: $: not valid JSON: Expecting value at line 1, column 36",
    ]


def test_missing_folder_is_reported(tmp_path):
    assert messages(tmp_path / "nowhere") == [f"kit.json: $: {str(tmp_path / 'nowhere')!r} is not a folder (a kit package is a folder holding kit.json)"]


@pytest.mark.parametrize(
    "rel, edit, expected",
    [
        ("map.json", lambda d: d["geometry"].update(orientation="round"),
         'map.json: $.geometry.orientation: must be one of "flat", "pointy" (got "round")'),
        ("map.json", lambda d: d["geometry"]["sections"][0].update(columns=0),
         "map.json: $.geometry.sections[0].columns: must be a whole number of hex columns, at least 1 (got 0)"),
        ("map.json", lambda d: d["geometry"]["sections"][1].update(hexes=["B0101"]),
         "map.json: $.geometry.sections[1]: give either 'hexes' or 'exclude', not both"),
        ("map.json", lambda d: d["hexes"]["A0101"].update(colour="red"),
         "map.json: $.hexes.A0101: unknown field 'colour' (allowed: attrs, features, label, notes, provenance, terrain)"),
        ("map.json", lambda d: d["hexsides"][0].pop("feature"),
         "map.json: $.hexsides[0]: missing required field 'feature'"),
        ("map.json", lambda d: d["networks"][0]["links"].append(["A0101"]),
         "map.json: $.networks[0].links[4]: a link must be a pair of hex ids [a, b]"),
        ("map.json", lambda d: d["hexes"]["A0101"].update(features=["entrenchment", "entrenchment"]),
         'map.json: $.hexes.A0101.features: must not list the same item twice ("entrenchment" appears more than once)'),
        ("map.json", lambda d: d["places"][0].update(kind="Capital"),
         "map.json: $.places[0].kind: must be a lower-case name of letters, digits and underscores that starts with a letter (e.g. 'major_city') (got \"Capital\")"),
        ("counters.json", lambda d: d["counters"][0].update(faces={}),
         "counters.json: $.counters[0].faces: missing required field 'front'"),
        ("counters.json", lambda d: d["counters"][3]["faces"]["front"].update(strength={"chit": "red_chits"}),
         "counters.json: $.counters[3].faces.front.strength: an attribute given as an object must be {\"pool\": id}: a value drawn from that pool"),
        ("tables.json", lambda d: d["tables"][0].update(dice="2d7"),
         "tables.json: $.tables[0].dice: must be a dice expression such as '1d6' or '2d6' (n dice summed) (got \"2d7\")"),
        ("tables.json", lambda d: d["tables"][3]["movement"].update(clear="free"),
         "tables.json: $.tables[3].movement.clear: a cost given as text must be 'P' (prohibited) (got \"free\")"),
        ("turns.json", lambda d: d["reinforcements"][0].pop("counters"),
         "turns.json: $.reinforcements[0]: give the 'counters' that arrive or leave, or their numbers by 'kinds'"),
        ("scenarios/meeting.json", lambda d: d["setup"][0].update(face="side"),
         'scenarios/meeting.json: $.setup[0].face: must be one of "front", "back" (got "side")'),
        ("scenarios/meeting.json", lambda d: d.update(provenance={"kind": "text"}),
         "scenarios/meeting.json: $.provenance: a 'text' provenance must give a 'cite' (rule case or line numbers)"),
        ("scenarios/meeting.json", lambda d: d.update(provenance={"kind": "reconstruction", "basis": "x", "by": 3}),
         "scenarios/meeting.json: $.provenance.by: must be a non-empty text (got 3)"),
        ("kit.json", lambda d: d["files"].update(map="../map.json"),
         "kit.json: $.files.map: must be a relative path to a .json file inside the package (no '..') (got \"../map.json\")"),
    ],
)
def test_schema_errors_are_explained(planted, rel, edit, expected):
    assert expected in messages(planted(rel, edit))


@pytest.mark.parametrize(
    "rel, edit, expected",
    [
        ("map.json", lambda d: d["hexsides"].append({"a": "A0101", "side": "E", "feature": "lake"}),
         "map.json: $.hexsides[5].side: 'E' is not a side of a flat-topped hex (N, NE, SE, S, SW, NW)"),
        ("map.json", lambda d: d["hexsides"][3].update(faces="A0101"),
         "map.json: $.hexsides[3].faces: 'faces' must be one of the two hexes of the hexside (A0301 or A0401), not 'A0101'"),
        ("map.json", lambda d: d["hexsides"][3].update(line="west_wall"),
         "map.json: $.hexsides[3].line: line 'west_wall' is not an id of printed_lines"),
        ("map.json", lambda d: d["hexsides"].append(dict(d["hexsides"][0])),
         "map.json: $.hexsides[5]: the same 'river' hexside is listed twice (first at index 0)"),
        ("map.json", lambda d: d["networks"][1]["links"].append(["A0301", "A0201"]),
         "map.json: $.networks[1].links[1]: link A0301-A0201 is listed twice (first at index 0)"),
        ("map.json", lambda d: d["networks"][1]["links"].append(["A0202", "A0202"]),
         "map.json: $.networks[1].links[1]: road link joins hex 'A0202' to itself"),
        ("map.json", lambda d: d["edges"][0]["hexes"].append("A0202"),
         "map.json: $.edges[0].hexes[3]: hex A0202 is not on the W edge of the map"),
        ("map.json", lambda d: d["entry_areas"][0].update(adjacent_areas=["area_2"]),
         "map.json: $.entry_areas[0].adjacent_areas[0]: 'area_2' is not an edge or entry area id"),
        ("map.json", lambda d: d["hexes"].pop("B0303"),
         "map.json: $.hexes: hex 'B0303' of the grid has no record (give its terrain, or list the map's hexes in geometry 'hexes' if the map is not rectangular)"),
        ("map.json", lambda d: d["geometry"]["overlaps"][0].update(sections=["A", "C"]),
         "map.json: $.geometry.overlaps[0].sections[1]: section 'C' is not one of the map's sections (A, B)"),
        ("counters.json", lambda d: d["counters"][0].update(parent="corps_9"),
         "counters.json: $.counters[0].parent: parent 'corps_9' is not a counter id"),
        ("counters.json", lambda d: d["counters"][0].update(hidden=["stealth"]),
         "counters.json: $.counters[0].hidden[0]: 'stealth' is not a counter attribute declared in attributes (declared: attack, class, defence, morale, movement, strength)"),
        ("counters.json", lambda d: d["counters"][3]["faces"]["front"].update({"class": "Z"}),
         "counters.json: $.counters[3].faces.front.class: attribute 'class' must be one of 'A', 'B' (got 'Z')"),
        ("tables.json", lambda d: d["tables"][0]["column_sets"].update(rough=["1:1"]),
         "tables.json: $.tables[0].column_sets.rough: column set 'rough' has 1 labels but the table has 4 columns"),
        ("tables.json", lambda d: d["tables"][0]["automatic"][0].update(at_or_above="9:1"),
         "tables.json: $.tables[0].automatic[0].at_or_above: '9:1' is not a column of this table"),
        ("tables.json", lambda d: d["tables"][3]["hexside_movement"].update(canal=2),
         "tables.json: $.tables[3].hexside_movement.canal: 'canal' is not a hexside feature declared in map.json 'hexside_features' (declared: fortified, lake, river, stream)"),
        ("tables.json", lambda d: d["tables"].append(dict(d["tables"][1])),
         "tables.json: $.tables[4].id: table id 'weather' is defined twice (first at index 1)"),
        ("turns.json", lambda d: d["sequences"].update(second=d["sequences"]["default"]),
         "turns.json: $.sequences.second: 'second' is not an edition of kit.json 'editions' (or 'default')"),
        ("turns.json", lambda d: d["sequences"]["default"]["phases"][1].update(side="green"),
         "turns.json: $.sequences.default.phases[1].side: 'green' is not a side declared in counters.json 'sides' (declared: blue, red)"),
        ("turns.json", lambda d: d["reinforcements"].append({"turn": 3, "side": "red", "counters": ["r3"]}),
         "turns.json: $.reinforcements[2].counters[0]: counter 'r3' is already scheduled to arrive on turn 2"),
        ("turns.json", lambda d: d["reinforcements"][1].update(pool="green_pool"),
         "turns.json: $.reinforcements[1].pool: pool 'green_pool' is not an id of counters.json 'pools'"),
        ("scenarios/meeting.json", lambda d: d["setup"].append({"counter": "b2", "hex": "A0101", "face": "back"}),
         "scenarios/meeting.json: $.setup[5].face: counter 'b2' has no back face to set up on"),
        ("scenarios/meeting.json", lambda d: d["setup"].append({"counter": "r3", "hex": "B0101"}),
         "scenarios/meeting.json: $.setup[5].hex: hex A0401 holds 3 red units at set-up (r1, r2, r3); the stacking limit is 2 (Sample rules 7.1)"),
        ("scenarios/meeting.json", lambda d: d["stacking"].update(setup_max_units=1),
         "scenarios/meeting.json: $.setup[1].hex: hex A0101 holds 2 blue units at set-up (b1, b2); the stacking limit is 1 (Sample rules 7.1)"),
        ("scenarios/meeting.json", lambda d: d["holding"][0]["counters"].append("r1"),
         "scenarios/meeting.json: $.holding[0].counters[1]: counter 'r1' is both set up on the map (setup index 3) and held off the map"),
        ("scenarios/meeting.json", lambda d: d.update(first_turn=4, last_turn=2),
         "scenarios/meeting.json: $.last_turn: the last turn (2) comes before the first (4)"),
        ("scenarios/meeting.json", lambda d: d["setup_areas"][0].update(line="rear"),
         "scenarios/meeting.json: $.setup_areas[0].line: line 'rear' is not an id of map.json 'printed_lines'"),
        ("scenarios/meeting.json", lambda d: d["editions"].update(third={}),
         "scenarios/meeting.json: $.editions.third: 'third' is not an edition of kit.json 'editions'"),
        ("kit.json", lambda d: d["required_places"][0].update(kind="town"),
         "kit.json: $.required_places[0].kind: the place 'Kremlin' must be a 'town' (Sample rules 5.1) but map.json makes it a 'city'"),
    ],
)
def test_cross_file_errors_are_explained(planted, rel, edit, expected):
    assert expected in messages(planted(rel, edit))


def test_every_planted_error_is_found_and_nothing_else():
    """tests/kit/packages/bad is the good package with errors planted in every file."""
    from .conftest import BAD

    assert messages(BAD) == json.loads((BAD.parent / "bad_expected.json").read_text())


def test_owner_placeholders_are_todo_issues_not_schema_errors(planted):
    root = planted("map.json", lambda d: d["geometry"]["sections"][1].update(origin={"$todo": "where sheet B lies against sheet A", "provenance": "owner"}))
    issues = validate_kit(root)
    assert [(str(i), i.todo) for i in issues] == [("map.json: $.geometry.sections[1].origin: TODO (owner): where sheet B lies against sheet A", True)]
    with pytest.raises(KitError):
        load_kit(root)
    assert load_kit(root, draft=True).game == "sample"
