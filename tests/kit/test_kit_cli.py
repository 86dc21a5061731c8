"""``typhoon kit new`` and ``typhoon kit validate`` through click's CliRunner."""

from __future__ import annotations

import json

from click.testing import CliRunner

from typhoon.cli.kit_cmds import kit

from .conftest import BAD, GOOD


def run(*args):
    return CliRunner().invoke(kit, list(args))


def test_validate_good_package_exits_0_with_a_summary():
    r = run("validate", str(GOOD))
    assert r.exit_code == 0, r.output
    assert "map: 23 hexes in 2 sections, 5 hexside features, 5 line links, 2 places" in r.output
    assert r.output.strip().endswith(f"{GOOD}: valid")


def test_validate_bad_package_exits_1_listing_every_error():
    r = run("validate", str(BAD))
    assert r.exit_code == 1
    expected = json.loads((BAD.parent / "bad_expected.json").read_text())
    assert r.stdout.splitlines() == expected
    assert f"{BAD}: {len(expected)} problems" in r.stderr


def test_validate_json_output():
    r = run("validate", "--json", str(BAD))
    assert r.exit_code == 1
    doc = json.loads(r.stdout)
    assert doc["valid"] is False
    assert doc["issues"][0] == {"file": "kit.json", "path": "$.version", "message": "must be 1, the only version of the kit format so far (got 2)", "todo": False}


def test_new_bfm_copies_its_kit(tmp_path):
    r = run("new", "bfm", str(tmp_path / "bfm"))
    assert r.exit_code == 0, r.output
    assert "a copy of the bfm kit" in r.output
    assert not (tmp_path / "bfm" / "__init__.py").exists()
    assert run("validate", str(tmp_path / "bfm")).exit_code == 0


def test_new_refuses_a_non_empty_folder_and_unknown_games(tmp_path):
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "notes.txt").write_text("mine")
    r = run("new", "bfm", str(tmp_path / "x"))
    assert r.exit_code == 1 and "is not empty" in r.output
    r = run("new", "chess", str(tmp_path / "y"))
    assert r.exit_code == 1 and "no kit or skeleton for game 'chess'" in r.output


def test_schema_command_prints_a_schema():
    r = run("schema", "map")
    assert r.exit_code == 0
    assert json.loads(r.output)["$id"] == "urn:typhoon-kit:1:map"


def test_new_skeleton_lists_what_the_owner_must_enter(tmp_path):
    r = run("new", "ot", str(tmp_path / "ot"))
    assert r.exit_code == 0, r.output
    assert "a skeleton of Operation Typhoon" in r.output
    strict = run("validate", str(tmp_path / "ot"))
    assert strict.exit_code == 1
    lines = strict.stdout.splitlines()
    # what the rules text cannot give is a TODO for the owner (typhoon.md section 4)
    assert "map.json: $.geometry.sections[0].origin: TODO (owner): where this sheet lies against the others (the 3.0 arrangement diagram is blank, L274)" in lines
    assert all("TODO (owner)" in line for line in lines)
    draft = run("validate", "--draft", str(tmp_path / "ot"))
    assert draft.exit_code == 0, draft.output
    assert "map: hexes still to be entered in 3 sections" in draft.stdout
    assert draft.stdout.strip().endswith("valid draft")


def test_skeletons_keep_what_the_rules_text_fixes():
    from typhoon.core.kit import load_kit
    from typhoon.core.kit.scaffold import skeleton_dir

    ot = load_kit(skeleton_dir("ot"), draft=True)
    g = ot.geometry
    assert [s["id"] for s in g["sections"]] == ["A", "B", "C"]  # 3.0 L264-274
    assert [s["columns"] for s in g["sections"]] == [54, 54, 54]  # 0053/0054-type hexes, L955
    assert (g["id_order"], g["rows_run"]) == ("row_column", "south_to_north")  # hexrow 0100 is the south edge
    assert ot.place("Tula")["hexes"] == ["C1820"] and ot.place("Kremlin")["hexes"] == ["B3531"]
    assert ot.table("crt")["rows"]["7"][0] == "A3(3)" and len(ot.table("crt")["columns"]) == 13
    assert len(ot.turns) == 31 and ot.turns[0]["label"] == "15 Nov 1941" and ot.turns[15]["label"] == "30 Nov 1941"
    dom = load_kit(skeleton_dir("dom"), draft=True)
    assert dom.scenarios["campaign"]["stacking"]["max_units"] == 5  # 6.1 L482
    assert len(dom.turns) == 9
    mc = load_kit(skeleton_dir("mc"), draft=True)
    assert mc.scenarios["september"]["stacking"]["max_units"] == 3  # Stacking (A) L43


def test_new_with_reconstruction_copies_the_shipped_reconstruction(tmp_path):
    r = run("new", "ot", str(tmp_path / "ot"), "--reconstruction")
    assert r.exit_code == 0, r.output
    assert "a copy of the ot kit" in r.output
    # the reconstruction is complete: no owner TODO, and it validates strictly
    strict = run("validate", str(tmp_path / "ot"))
    assert strict.exit_code == 0, strict.output
