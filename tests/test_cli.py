"""The command line: queries print JSON scripts can rely on; replay checks; render draws."""

from __future__ import annotations

import json

from click.testing import CliRunner

from typhoon.cli import main
from typhoon.core import record
from typhoon.games.bfm import new_game
from typhoon.games.bfm.position import to_json


def _position(tmp_path, **doc):
    base = {"format": "typhoon-position", "version": 1, "game": "bfm", "options": {"edition": "2009"}}
    base.update(doc)
    p = tmp_path / "pos.json"
    p.write_text(json.dumps(base))
    return str(p)


def test_query_odds_names_every_shift(tmp_path):
    # 000 9.2 Moscow example: 16 vs 5 is 3:1, shifted for Moscow and the river to 1:1
    # 1002 and 1003 touch Moscow across river hexsides (map.json); 10 + 6 = 16 against 1S reduced (5)
    pos = _position(
        tmp_path,
        phase="german_combat",
        units={"1S": {"hex": "1103", "reduced": True}, "XLVI": "1003", "XX": "1002"},
    )
    r = CliRunner().invoke(main, ["query", "odds", "-p", pos, "-t", "1103", "-a", "XLVI,XX"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["attack"] == 16 and out["defence"] == 5 and out["ratio"] == "3:1"
    assert [s["reason"] for s in out["shifts"]] == ["defender in a major city", "all attackers across a river"]
    assert out["final"] == "1:1"
    assert abs(sum(out["results"].values()) - 1) < 1e-9


def test_query_errors_are_clear(tmp_path):
    pos = _position(tmp_path, units={"XLVI": "0505", "3A": "0506"})
    r = CliRunner().invoke(main, ["query", "odds", "-p", pos, "-t", "0506", "-a", "XLVII"])
    assert r.exit_code != 0 and "not on the map" in r.output
    bad = _position(tmp_path, units={"XLVI": "0505", "3A": "0505"})
    r = CliRunner().invoke(main, ["query", "moves", "-p", bad])
    assert r.exit_code != 0 and "both in 0505" in r.output


def test_query_moves_and_retreats(tmp_path):
    pos = _position(tmp_path, phase="german_movement", units={"XLVI": "0505", "3A": "0808"})
    out = json.loads(CliRunner().invoke(main, ["query", "moves", "-p", pos, "-u", "XLVI"]).output)
    assert "0506" in out["moves"]["XLVI"] and "0505" not in out["moves"]["XLVI"]
    out = json.loads(CliRunner().invoke(main, ["query", "retreats", "-p", pos, "-t", "0808"]).output)
    assert out["consequence"] == "none" and all(len(p) == 2 for p in out["paths"])


def test_replay_says_identical(tmp_path):
    from typhoon.ai.match import play_game

    game, _ = play_game("random", "random", {}, seed=2, keep_history=True)
    path = tmp_path / "save.json"
    record.save(game, path)
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code == 0 and "identical" in r.output
    doc = json.loads(path.read_text())
    doc["final"] = "0" * 64
    path.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["replay", str(path)])
    assert r.exit_code != 0 and "differs" in r.output


def test_selfplay_prints_the_documented_keys():
    r = CliRunner().invoke(main, ["selfplay", "--games", "3", "--seed", "4", "--no-progress"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    for key in ("games", "german_wins", "draws", "soviet_wins", "average_turns", "games_per_second"):
        assert key in out
    assert out["german_wins"] + out["draws"] + out["soviet_wins"] == 3 and out["average_turns"] == 7


def test_render_writes_svg_and_png(tmp_path):
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps(to_json(new_game(seed=1).state)))
    for ext in ("svg", "png"):
        out = tmp_path / f"map.{ext}"
        r = CliRunner().invoke(main, ["render", str(pos), "-o", str(out)])
        assert r.exit_code == 0, r.output
        assert out.stat().st_size > 1000
    assert "Moscow" in (tmp_path / "map.svg").read_text()


def test_query_odds_refuses_an_attacker_named_twice(tmp_path):
    # 9.0: each attacking unit attacks once; the package's one attack check says so
    pos = _position(tmp_path, phase="german_combat",
                    units={"1S": {"hex": "1103", "reduced": True}, "XLVI": "1003", "XX": "1002"})
    r = CliRunner().invoke(main, ["query", "odds", "-p", pos, "-t", "1103", "-a", "XLVI,XLVI"])
    assert r.exit_code != 0 and "XLVI is listed twice" in r.output


def test_commands_take_any_game():
    # mini 4.2/4.3: a game of 4 turns (option turns) ends after turn 4; its sides are blue and red
    r = CliRunner().invoke(main, ["selfplay", "--game", "mini", "-n", "2", "-O", "turns=4", "--red", "random",
                                  "--no-progress"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output.strip().splitlines()[-1])
    assert out["blue_wins"] + out["red_wins"] + out["draws"] == 2 and out["red"] == "random"
    assert "german_wins" not in out
    r = CliRunner().invoke(main, ["selfplay", "--game", "mini", "-n", "1", "--soviet", "random", "--no-progress"])
    assert r.exit_code != 0 and "blue, red" in r.output
    r = CliRunner().invoke(main, ["selfplay", "--game", "mini", "-n", "1", "-O", "edition=2009", "--no-progress"])
    assert r.exit_code != 0 and "no option 'edition'" in r.output
    r = CliRunner().invoke(main, ["games"])
    assert r.exit_code == 0 and "mini: Typhoon Mini" in r.output and "bfm: Battle for Moscow" in r.output


# -- defects of the terminal issue: clean errors, never a traceback ---------------------------
def test_render_to_a_missing_folder_is_a_clean_error(tmp_path):
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps(to_json(new_game(seed=1).state)))
    r = CliRunner().invoke(main, ["render", str(pos), "-o", "/nonexistent/x.png"])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    assert "cannot write /nonexistent/x.png: No such file or directory" in r.output


def test_selfplay_save_dir_that_cannot_be_made_is_a_clean_error():
    r = CliRunner().invoke(main, ["selfplay", "-n", "1", "--save-dir", "/proc/nope", "--no-progress"])
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    assert "--save-dir /proc/nope: cannot create the folder" in r.output


def test_selfplay_refuses_a_negative_number_of_games():
    r = CliRunner().invoke(main, ["selfplay", "--games", "-3", "--no-progress"])
    assert r.exit_code == 2 and "-3 is not in the range x>=1" in r.output
    assert "games_per_second" not in r.output


def test_query_odds_refuses_an_attacker_named_three_times(tmp_path):
    pos = _position(tmp_path, phase="german_combat", units={"XLVI": "0306", "16A": "0405"})
    r = CliRunner().invoke(main, ["query", "odds", "-p", pos, "-t", "0405", "-a", "XLVI,XLVI,XLVI"])
    assert r.exit_code != 0 and "XLVI is listed twice among the attackers" in r.output
    assert '"attack"' not in r.output


def test_position_types_are_strict(tmp_path):
    cases = [
        ({"units": {"XLVI": {"hex": "0505", "reduced": "false"}}}, "units: XLVI reduced must be true or false, not 'false'"),
        ({"units": {"XLVI": {"hex": "0505", "reduced": "maybe"}}}, "units: XLVI reduced must be true or false, not 'maybe'"),
        ({"phase": "german_combat", "units": {"XLVI": "0505", "3A": "0506"}, "committed": True, "current": "0506",
          "battles": [{"target": "0506", "attackers": ["XLVI"], "step": "loss", "result": "EX", "loss_kind": "EX",
                       "loss_due": "abc"}]},
         "battles: loss_due in 0506 must be a number of strength points, not 'abc'"),
        ({"phase": "german_combat", "units": {"XLVI": "0505", "3A": "0506"},
          "battles": [{"target": "0506", "attackers": ["XLVI"], "step": "bogus"}]},
         "battles: step 'bogus' is not one of"),
        ({"committed": "yes"}, "committed must be true or false, not 'yes'"),
        ({"replacements_left": "2"}, "replacements_left must be a whole number, not '2'"),
    ]
    for doc, message in cases:
        r = CliRunner().invoke(main, ["query", "legal", "-p", _position(tmp_path, **doc)])
        assert r.exit_code == 1 and isinstance(r.exception, SystemExit), (doc, r.output)
        assert message in r.output, (message, r.output)


def test_a_position_with_a_stuck_battle_is_refused(tmp_path):
    # 9.0: only the battle being resolved (current) is past 'declared'; a rolled battle that is
    # not current left the position with no legal action at all
    for step in ("roll", "retreat", "loss", "advance"):
        pos = _position(tmp_path, phase="german_combat", units={"XLVI": "0505", "3A": "0506"}, committed=True,
                        battles=[{"target": "0506", "attackers": ["XLVI"], "step": step, "result": "DR"}])
        r = CliRunner().invoke(main, ["query", "legal", "-p", pos])
        assert r.exit_code == 1, (step, r.output)
        assert f"the battle in 0506 is at step '{step}' but is not the current battle" in r.output
    pos = _position(tmp_path, phase="german_combat", units={"XLVI": "0505", "3A": "0506"}, committed=True,
                    battles=[{"target": "0506", "attackers": ["XLVI"], "step": "done", "result": "NE"}])
    r = CliRunner().invoke(main, ["query", "legal", "-p", pos])
    assert r.exit_code == 1 and "leaves no legal action" in r.output
