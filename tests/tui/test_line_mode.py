"""The plain line mode (scripts, pipes): one test per defect of the terminal issue, each
asserting the outcome the rules or the contract give, not what the code happens to print."""

from __future__ import annotations

import io
import json
import re

from click.testing import CliRunner
from rich.console import Console

from typhoon.ai.base import make_player
from typhoon.cli import main
from typhoon.games import registry
from typhoon.tui.board import BoardView, enemy_zoc, place_labels, render_map
from typhoon.tui.panel import battle_lines
from typhoon.tui.session import Session, clean

BFM = registry.get("bfm")


def scripted(lines, trailer=None):
    it = iter(lines)

    def fn(prompt):
        try:
            item = next(it)
        except StopIteration:
            raise EOFError from None
        if isinstance(item, BaseException):
            raise item
        return item

    return fn


def session_for(game, lines, width=140, players=None, **kw):
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None)
    players = players or {"german": None, "soviet": make_player("random", seed=2)}
    return Session(game, players, scripted(lines), console, **kw), out


def bfm(seed=1):
    return BFM.new_game({"edition": "2009"}, seed=seed)


def test_a_number_picks_only_from_the_list_on_screen():
    # the issue: legal, then attack V 0304, then 1 played attack IX 0303 (item 1 of a list
    # rebuilt after the attack, never shown)
    game = bfm()
    s, out = session_for(game, ["legal", "attack V 0304", "1", "quit"])
    s.run()
    assert game.action_texts() == ["attack V 0304"]
    assert "error: no numbered list is on screen to pick 1 from" in out.getvalue()


def test_a_number_plays_the_item_shown():
    game = bfm()
    first = str(list(game.legal_actions)[1])
    s, out = session_for(game, ["legal", "2", "quit"])
    s.run()
    assert game.action_texts() == [first]


def test_escape_sequences_are_not_actions():
    # Up arrow in a terminal without line editing gave "unknown action '\x1b[A'"
    game = bfm()
    s, out = session_for(game, ["\x1b[A", "\x1bOB", "quit"])
    s.run()
    text = out.getvalue()
    assert "unknown action" not in text and "\x1b" not in text
    assert text.count("that was a terminal key") == 2
    assert clean("  end\x1b[C ") == "end"


def test_line_editing_installs_history_and_completion(monkeypatch, tmp_path):
    import readline

    from typhoon.tui import lineedit

    monkeypatch.setattr(lineedit, "HISTORY", tmp_path / "history")
    game = bfm()
    s, _ = session_for(game, [])
    assert lineedit.install_line_editing(s)
    complete = readline.get_completer()
    assert complete("leg", 0) == "legal" and complete("XLVII", 0) == "XLVII"
    assert "attack" in lineedit.words_for(s)


def test_ctrl_c_offers_to_save_and_saves(tmp_path):
    game = bfm()
    path = tmp_path / "asked.json"
    s, out = session_for(game, ["attack V 0304", KeyboardInterrupt(), "y", str(path)], interactive=True)
    assert s.run() is None
    assert json.loads(path.read_text())["actions"] == ["attack V 0304"]


def test_ctrl_c_then_go_on_keeps_playing(tmp_path):
    game = bfm()
    s, out = session_for(game, [KeyboardInterrupt(), "", "attack V 0304", "quit"], interactive=True)
    s.run()
    assert game.action_texts() == ["attack V 0304"]
    assert "going on" in out.getvalue()


def test_ctrl_d_at_the_end_of_a_script_keeps_the_autosave(tmp_path):
    game = bfm()
    path = tmp_path / "auto.json"
    s, out = session_for(game, ["attack V 0304"], save_to=str(path))
    s.run()
    assert f"input ended: the game is saved in {path}" in out.getvalue()
    assert json.loads(path.read_text())["actions"] == ["attack V 0304"]


def test_the_save_question_never_eats_the_next_command(tmp_path, monkeypatch):
    # the issue: a save prompt at the end ate the next command and wrote a file called map
    monkeypatch.chdir(tmp_path)
    game = bfm()
    s, out = session_for(game, ["quit", "map"])
    s.run()
    assert not (tmp_path / "map").exists()
    r = CliRunner().invoke(main, ["play", "--seed", "2", "--no-autosave"], input="quit\nmap\n")
    assert r.exit_code == 0, r.output
    assert not (tmp_path / "map").exists()


def test_a_failed_autosave_is_never_called_saved(tmp_path):
    game = bfm()
    s, out = session_for(game, ["attack V 0304", "quit"], save_to="/proc/nope/x.json")
    s.run()
    text = out.getvalue()
    assert "autosave to /proc/nope/x.json failed" in text
    assert "the game is saved" not in text


def test_cli_play_autosaves_by_default(tmp_path, monkeypatch):
    monkeypatch.setenv("TYPHOON_SAVE_DIR", str(tmp_path))
    r = CliRunner().invoke(main, ["play", "--seed", "7", "--soviet", "random"], input="attack V 0304\nquit\n")
    assert r.exit_code == 0, r.output
    saved = tmp_path / "bfm-7.json"
    assert json.loads(saved.read_text())["actions"] == ["attack V 0304"]
    assert f"the game is saved in {saved}" in r.output


def test_the_map_fits_80_columns_in_line_mode():
    game = bfm()
    s, out = session_for(game, ["map", "quit"], width=80)
    s.run()
    lines = out.getvalue().splitlines()
    grid = [line for line in lines if "│" in line]  # the map's lines (prose is left to the terminal)
    assert len(grid) > 40 and max(len(line) for line in grid) <= 80
    board = "\n".join(grid)
    for h in ("0101", "1409", "1103"):  # every part of the map is there, in strips
        assert h in board


def test_place_labels_are_unique_and_whole():
    labels = place_labels(["Rzhev", "Roslavl", "Ryazan", "Maloyaroslavets", "Malo-Arkhangelsk"], 7)
    assert labels["Rzhev"] == "Rzhev" and labels["Roslavl"] == "Roslavl" and labels["Ryazan"] == "Ryazan"
    assert len(set(labels.values())) == 5 and all(len(v) <= 7 for v in labels.values())
    plain = render_map_of(bfm()).plain
    for name in ("Rzhev", "Roslavl", "Ryazan", "Vyazma", "Kaluga", "Moscow", "Tula", "Bryansk", "Orel"):
        assert name in plain


def render_map_of(game, seat="german", view=None):
    from typhoon.tui.board import BoardModel

    model = BoardModel(BFM.map_meta(game.options), BFM.sides, BFM.side_names)
    return render_map(model, BFM.view(game.state, seat), view or BoardView(id_width=model.id_width()), seat)


def test_rails_are_drawn():
    meta = BFM.map_meta({"edition": "2009"})
    rail = [line for line in meta["lines"] if line["feature"] == "rail"][0]["hexes"]
    plain = render_map_of(bfm()).plain
    for h in rail:
        assert f"{h}═" in plain  # every rail hex carries the rail mark next to its id
    assert re.search(r"[ \w]═[ \w]", plain)  # and links across hexsides are drawn


def test_a_stacked_unit_does_not_disappear():
    # 8.2.2: a unit may pass through a friend mid-move; both are shown
    game = bfm()
    game.push("end")
    game.push("move XXXIV 0103")
    plain = render_map_of(game).plain
    row = next(i for i, l in enumerate(plain.splitlines()) if re.search("[│═║]0103", l))
    cell = "\n".join(plain.splitlines()[row:row + 4])
    assert "+1" in cell
    s, out = session_for(game, ["units", "show 0103", "quit"])
    s.run()
    text = out.getvalue()
    assert re.search(r"XXXIV\s+0103", text) and re.search(r"VI\s+0103", text)


def test_moved_marker_and_unit_list():
    game = bfm()
    game.push("end")
    game.push("move XXXIV 0102")
    plain = render_map_of(game).plain
    assert "4-4›" in plain.replace(" ", "") or "4-4 ›" in plain
    s, out = session_for(game, ["units", "quit"])
    s.run()
    assert re.search(r"XXXIV\s+0102\s+4-4\s+moved", out.getvalue())


def test_enemy_zoc_is_the_six_hexes_around_enemy_units():
    # 7.0: a unit's ZOC is the six hexes around it
    from typhoon.tui.board import BoardModel

    game = bfm()
    model = BoardModel(BFM.map_meta(game.options), BFM.sides, BFM.side_names)
    view = BFM.view(game.state, "german")
    zoc = enemy_zoc(model, view, "german")
    soviet = [u["hex"] for u in view["units"] if u["side"] == "soviet" and u.get("hex")]
    expected = {n for h in soviet for n in model.geo.neighbours(h)}
    assert zoc == expected and "0405" in soviet


def test_results_and_the_computer_turn_are_repeated_under_the_map():
    game = bfm()
    lines = ["end", "end", "end"] + ["quit"]
    s, out = session_for(game, lines)
    s.run()
    text = out.getvalue()
    # after the German turn the Soviet (computer) turn is played; its actions are recapped
    # after the map, just above the prompt
    last_map = text.rfind("German>")
    assert "Since your last action:" in text[:last_map]
    recap = text[text.rfind("Since your last action:"):last_map]
    assert "Soviet (random):" in recap


def test_duplicate_attackers_are_refused_in_the_terminal():
    game = bfm()
    s, out = session_for(game, ["odds XLVI,XLVI 0405", "odds XLVI,xlvi 0405", "quit"])
    s.run()
    text = out.getvalue()
    assert text.count("is listed twice among the attackers") == 2
    assert "attack 20" not in text


def test_battle_list_shows_the_odds_fought():
    view = {"battles": [{"target": "0405", "defenders": ["16A"], "attackers": ["LVII"], "step": "done",
                         "step_text": "resolved", "result": "DR", "result_meaning": "the defender retreats",
                         "odds": {"final": "1:1"}}]}
    [line] = battle_lines(view, {"0405": "3:1"})
    assert "DR at 3:1" in line and "1:1" not in line


def test_the_session_records_the_odds_at_the_roll():
    game = bfm()
    before = BFM.battle_preview(game.state, "0405", ["LVII"])["final"]
    # declare, then commit: the battle is fought (9.0), the die rolled by the terminal
    s, out = session_for(game, ["attack LVII 0405", "commit", "quit"])
    s.run()
    assert any(e.chance for e in game.log)
    assert s.fought.get("0405") == before


def test_an_attacker_loss_is_not_counted_in_strength_points():
    view = {"battles": [{"target": "0405", "defenders": ["16A"], "attackers": ["LVII", "XLVI"], "step": "loss",
                         "step_text": "attacker to choose the step loss", "result": "AL",
                         "result_meaning": "one attacking unit of the attacker's choice loses a step; no retreat",
                         "loss_due": 1.0, "loss_kind": "AL", "odds": None}]}
    [line] = battle_lines(view)
    assert "strength point" not in line
    assert "loses a step" in line and "attacker to choose the step loss" in line


def test_a_refused_end_says_why():
    # 8.2.2: the phase cannot end with two units in one hex; the refusal names the hex
    game = bfm()
    game.push("end")
    game.push("move XXXIV 0103")
    s, out = session_for(game, ["end", "quit"])
    s.run()
    assert "two units share 0103: one must move off (8.2.2)" in out.getvalue()


def test_mini_plays_in_line_mode_with_stacks():
    pkg = registry.get("mini")
    game = pkg.new_game({}, seed=5)
    out = io.StringIO()
    s = Session(game, {"blue": None, "red": make_player("random", game="mini", seed=3)}, scripted(["1", "units", "quit"]),
                Console(file=out, width=100, color_system=None))
    s.run()
    assert re.search(r"B1\s+0102", out.getvalue())
