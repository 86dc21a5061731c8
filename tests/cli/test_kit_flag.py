"""``typhoon play --kit DIR`` (and ``serve --kit DIR``'s checks): Battle for Moscow played on an
owner's edited copy of ``typhoon/games/bfm/kit``.

The position (000 4.0 / 6.0, standard set-up, 2009 edition): the first phase is the German
Combat Phase; LVII (12) is next to 24A (4) in 0506, a fortification hex. 000 9.0 step 2:
12 / 4 = 3:1; 9.2: one column left for a Russian unit in a fortification hex, so 2:1, and one
more if the defender is in a forest. The printed CRT (shared/reference/bfm/charts.md, 9.3) reads
at 2:1: die 1-2 DR, 3-4 EX, 5-6 NE. Expected values below are read from the edited kit files
and these rules, never from the program's own answers.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from typhoon.cli import main
from typhoon.games import registry

BFM_KIT = Path(__file__).parents[2] / "typhoon" / "games" / "bfm" / "kit"
BASE = ["play", "--german", "human", "--soviet", "human", "--seed", "3", "--edition", "2009", "--no-autosave"]


def copy_kit(tmp_path: Path, name: str = "my-bfm") -> Path:
    """An owner's copy of the shipped kit (its JSON files only)."""
    out = tmp_path / name
    shutil.copytree(BFM_KIT, out, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return out


def edit(root: Path, rel: str, change) -> None:
    doc = json.loads((root / rel).read_text())
    change(doc)
    (root / rel).write_text(json.dumps(doc, indent=1))


def crt_of(doc: dict) -> dict:
    return next(t for t in doc["tables"] if t["id"] == "crt")


def crt_cell(root: Path, die: int, column: str) -> str:
    """The CRT result the kit's tables.json prints for a die and an odds column."""
    crt = crt_of(json.loads((root / "tables.json").read_text()))
    return crt["rows"][str(die)][crt["columns"].index(column)]


def play(args: list[str], lines: list[str]):
    return CliRunner().invoke(main, args, input="\n".join(lines + ["quit", ""]))


def rolled(text: str) -> tuple[int, str, str]:
    """(die, column, result) of the one battle resolved in a session's output."""
    found = set(re.findall(r"Die (\d) at (\d:1): ([A-Z]+)", text))  # the roll may be shown twice
    assert len(found) == 1, text[-3000:]
    die, column, result = found.pop()
    return int(die), column, result


def test_a_changed_crt_cell_changes_the_odds_and_the_result(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "tables.json", lambda t: crt_of(t)["rows"]["1"].__setitem__(1, "DE"))  # 2:1, die 1: DR -> DE
    r = play(BASE + ["--kit", str(root)], ["odds LVII 0506", "attack LVII 0506", "commit"])
    assert r.exit_code == 0, r.output
    assert "final column: 2:1" in r.output
    # 2:1 now reads DE on 1, DR on 2, EX on 3-4, NE on 5-6
    for result, percent in (("DE", "17%"), ("DR", "17%"), ("EX", "33%"), ("NE", "33%")):
        assert re.search(rf"\b{result}\s+{percent}", r.output), (result, r.output[-2000:])
    die, column, result = rolled(r.output)
    assert column == "2:1" and result == crt_cell(root, die, "2:1")
    assert result == ("DE" if die == 1 else {2: "DR", 3: "EX", 4: "EX", 5: "NE", 6: "NE"}[die])


def test_the_shipped_game_is_untouched_by_a_kit(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "tables.json", lambda t: crt_of(t)["rows"]["1"].__setitem__(1, "DE"))
    assert play(BASE + ["--kit", str(root)], ["odds LVII 0506"]).exit_code == 0
    r = play(BASE, ["odds LVII 0506"])  # no --kit: the printed CRT, no DE at 2:1
    assert r.exit_code == 0, r.output
    assert "final column: 2:1" in r.output and not re.search(r"\bDE\s+\d+%", r.output)
    assert re.search(r"\bDR\s+33%", r.output) and re.search(r"\bEX\s+33%", r.output)


def test_a_changed_crt_column_decides_the_battle_whatever_the_die(tmp_path):
    root = copy_kit(tmp_path)

    def all_de(t):
        for row in crt_of(t)["rows"].values():
            row[1] = "DE"  # the 2:1 column

    edit(root, "tables.json", all_de)
    r = play(BASE + ["--kit", str(root)], ["attack LVII 0506", "commit"])
    assert r.exit_code == 0, r.output
    _, column, result = rolled(r.output)
    assert (column, result) == ("2:1", "DE")
    assert "24A is eliminated" in r.output  # 9.3 DE: the defending unit is eliminated


def test_a_hex_turned_to_forest_shifts_the_odds_once_more(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "map.json", lambda m: m["hexes"]["0506"].update(terrain="forest"))
    r = play(BASE + ["--kit", str(root)], ["odds LVII 0506", "attack LVII 0506", "commit"])
    assert r.exit_code == 0, r.output
    # 9.2: forest and fortification are cumulative: 3:1 -> 1:1
    assert "shift -1 defender in forest (9.2)" in r.output
    assert "final column: 1:1" in r.output
    die, column, result = rolled(r.output)
    # the printed CRT at 1:1: 1 DR, 2-3 EX, 4-5 NE, 6 AL
    assert column == "1:1" and result == {1: "DR", 2: "EX", 3: "EX", 4: "NE", 5: "NE", 6: "AL"}[die]


def test_an_invalid_kit_is_refused_naming_file_and_json_path(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "map.json", lambda m: m["hexes"]["0506"].update(terrain="lava"))
    r = play(BASE + ["--kit", str(root)], [])
    assert r.exit_code == 1
    assert r.exception is None or isinstance(r.exception, SystemExit)  # a message, never a traceback
    assert "Traceback" not in r.output
    assert f"--kit {root}: the kit does not validate (1 problem):" in r.output
    assert "map.json: $.hexes['0506'].terrain: 'lava' is not a terrain type declared in terrain_types" in r.output


def test_serve_refuses_an_invalid_kit_before_starting(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "tables.json", lambda t: crt_of(t)["rows"]["3"].__setitem__(0, "XX"))
    r = CliRunner().invoke(main, ["serve", "--port", "0", "--database", f"sqlite:///{tmp_path / 't.db'}", "--kit", str(root)])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert "tables.json: $.tables[0].rows['3'][0]:" in r.output and "'XX'" in r.output


@pytest.mark.parametrize("where", ["missing", "file"])
def test_a_kit_folder_that_is_not_one(tmp_path, where):
    target = tmp_path / "nothing"
    if where == "file":
        target.write_text("{}")
    r = play(BASE + ["--kit", str(target)], [])
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert f"--kit {target}: no such folder (a kit package is a folder holding kit.json" in r.output


def test_a_kit_of_another_game_than_game(tmp_path):
    root = copy_kit(tmp_path)
    r = play(["play", "--game", "ot", "--kit", str(root), "--no-autosave"], [])
    assert r.exit_code == 1
    assert f"--game ot but the kit in {root} is a kit of game 'bfm' (kit.json: $.game)" in r.output


def test_a_kit_game_saves_and_goes_on_with_the_same_kit_only(tmp_path):
    root = copy_kit(tmp_path)
    edit(root, "tables.json", lambda t: crt_of(t)["rows"]["1"].__setitem__(1, "DE"))
    save = tmp_path / "game.json"
    r = play(["play", "--german", "human", "--soviet", "human", "--seed", "3", "--edition", "2009", "--save-to", str(save), "--kit", str(root)],
             ["attack LVII 0506", "commit"])
    assert r.exit_code == 0, r.output
    die, _, result = rolled(r.output)
    saved = json.loads(save.read_text())
    assert saved["game"].startswith("kit:")
    registry._KITS.pop(saved["game"])  # a new process: the kit registered in memory is gone
    # without the kit: told to give it
    r = play(["play", "--load", str(save), "--no-autosave"], [])
    assert r.exit_code == 1 and f"{save} is a game played on a data kit ({saved['game']}): give that kit again with --kit DIR" in r.output
    # with another kit (the shipped one): refused
    other = copy_kit(tmp_path, "other")
    r = play(["play", "--load", str(save), "--no-autosave", "--kit", str(other)], [])
    assert r.exit_code == 1 and "a save continues only on the very kit it was played on" in r.output
    # with the same kit: the game goes on where it was, the same roll in its history
    r = play(["play", "--load", str(save), "--no-autosave", "--kit", str(root), "--german", "human", "--soviet", "human"], ["log"])
    assert r.exit_code == 0, r.output
    assert f"Die {die} at 2:1: {result}" in r.output and result == crt_cell(root, die, "2:1")
