"""Terminal play: scripted sessions through ``typhoon.tui.session.Session`` and the real CLI."""

import io
import json
import random
import re

from click.testing import CliRunner
from rich.console import Console

from typhoon.ai.base import make_player
from typhoon.ai.match import play_game
from typhoon.cli import main
from typhoon.core import record
from typhoon.games.bfm import combat, movement, new_game
from typhoon.tui.board import BoardView, render_game, short_id
from typhoon.tui.info import HELP
from typhoon.tui.session import Session


def scripted(lines):
    it = iter(lines)

    def fn(prompt):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return fn


def make_session(game, players, lines, **kw):
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    return Session(game, players, scripted(lines), console, **kw), out


def test_human_german_scripted(tmp_path):
    game = new_game({"edition": "2009"}, seed=1)
    save = tmp_path / "s.json"
    after_end = new_game({"edition": "2009"}, seed=1)
    after_end.push("end")
    dest = movement.destinations(after_end.state, "XL")[0]
    lines = [
        "help",
        "odds LVII,XLVI 0405",
        "moves XL",  # combat phase: no unit moves
        "attack LVII 0405",
        "undo",
        "bogus",
        "move XL 0404",  # not legal in the combat phase
        "odds XLVI 0506",  # not adjacent
        "end",
        "moves XL",
        f"move XL {dest}",
        f"save {save}",
        "quit",
        "",
    ]
    session, out = make_session(game, {"german": None, "soviet": make_player("random", seed=2)}, lines)
    assert session.run() is None
    text = out.getvalue()
    assert HELP.splitlines()[1] in text
    odds = combat.battle_odds(game.state, "0405", ["LVII", "XLVI"])
    assert odds.label == "4:1"
    assert "final column: 4:1" in text and "shift -1 defender in forest (9.2)" in text
    for r, p in odds.distribution.items():
        assert f"{r:<3} {f'{float(p) * 100:.0f}%':>4}" in text
    assert "error: no unit moves now: it is the German Combat Phase" in text
    assert "undone: attack LVII 0405" in text
    assert "error: unknown action 'bogus'" in text
    assert "error: move XL 0404: not legal now" in text
    assert "error: XLVI in 0306 is not adjacent to 0506" in text
    assert f"XL in 0305 may move to: {' '.join(movement.destinations(after_end.state, 'XL'))}" in text
    assert game.action_texts() == ["end", f"move XL {dest}"]
    assert game.state.hex_of["XL"] == dest
    loaded = record.load(save)
    assert loaded.action_texts() == game.action_texts()
    assert loaded.state.hex_of == game.state.hex_of
    assert f"saved to {save}" in text


def test_computer_vs_computer_matches_play_game():
    opts = {"edition": "2009"}
    ref, result = play_game("random", "random", opts, seed=5)
    game = new_game(opts, seed=5)
    players = {"german": make_player("random", seed=11), "soviet": make_player("random", seed=12)}
    session, out = make_session(game, players, [])
    outcome = session.run()
    assert outcome is not None and outcome.winner == result.winner
    assert game.action_texts() == ref.action_texts()
    text = out.getvalue()
    assert "[die] rolled" in text and "phase summary" in text
    assert "Game over:" in text


def test_two_humans_by_numbers():
    game = new_game({"edition": "1986"}, seed=3)
    rng = random.Random(0)
    state = {"legal_next": True}
    session = None

    def fn(prompt):
        if session.game.is_over():
            return ""  # decline the offer to save at the end (it would write a file)
        if state["legal_next"]:
            state["legal_next"] = False
            return "legal"
        state["legal_next"] = True
        return str(rng.randrange(len(session.game.legal_actions)) + 1)

    session, out = make_session(game, {"german": None, "soviet": None}, [])
    session.input_fn = fn
    calls = {"n": 0}
    inner = session.input_fn

    def bounded(prompt):
        calls["n"] += 1
        if calls["n"] > 40000:
            raise EOFError
        return inner(prompt)

    session.input_fn = bounded
    outcome = session.run()
    assert outcome is not None, "the game should end within the bound"
    assert record.verify(record.to_record(game))[1]
    assert "Game over:" in out.getvalue()


def _play_until(game, predicate, seed):
    rng = random.Random(seed)
    while not game.is_over() and not predicate(game):
        if game.is_chance():
            game.roll()
        else:
            acts = list(game.legal_actions)
            game.push(acts[rng.randrange(len(acts))])
    return predicate(game)


def _step(game):
    b = game.rules.current_battle(game.state)
    return b.step if b else None


def test_retreat_and_advance_choices_are_asked():
    for seed in range(40):
        game = new_game({"edition": "2009"}, seed=seed)
        if _play_until(game, lambda g: _step(g) == "retreat", seed):
            break
    else:
        raise AssertionError("no retreat choice reached")
    battle = game.rules.current_battle(game.state)
    paths = combat.retreat_options(game.state, battle).paths
    assert len(paths) > 1
    session, out = make_session(game, {"german": None, "soviet": None}, ["2", "quit"])
    session.run()
    text = out.getvalue()
    # the decision is named (the package's wording, typhoon.games.bfm.present) and every
    # path of 9.3 is offered, numbered in order
    assert f"chooses the retreat path of {battle.defender}" in text
    for i, (via, to) in enumerate(paths, 1):
        assert f"{i:2d}. Retreat {battle.defender} through {via} to {to}" in text
    assert any(str(e.action) == f"retreat {paths[1][0]} {paths[1][1]}" for e in game.log)

    for seed in range(40):
        game = new_game({"edition": "2009"}, seed=seed)
        if _play_until(game, lambda g: _step(g) == "advance", seed):
            break
    battle = game.rules.current_battle(game.state)
    advancers = [a.unit for a in game.legal_actions if a.unit is not None]
    session, out = make_session(game, {"german": None, "soviet": None}, [str(len(game.legal_actions)), "quit"])
    session.run()
    text = out.getvalue()
    assert f"may advance one attacker into {battle.target}" in text
    for i, unit in enumerate(advancers, 1):
        assert f"{i:2d}. Advance {unit} into {battle.target}" in text
    assert f"{len(advancers) + 1:2d}. No advance" in text
    assert any(str(e.action) == "advance none" for e in game.log)


def test_board_text():
    game = new_game({"edition": "2009"}, seed=1)
    plain = render_game(game).plain
    lines = plain.splitlines()
    # header + 4-line cells: 10 rows of hexes, odd columns half a cell (2 lines) lower -> 42 lines
    assert len(lines) == 1 + 4 * 10 + 2
    assert "XLVIII" in plain and "Moscow" in plain
    assert "0101" in plain  # hex ids are on by default
    assert "0101" not in render_game(game, BoardView(ids=False)).plain
    compact = render_game(game, BoardView(compact=True, ids=False)).plain
    assert re.search(r"[│═║]\s*48\s*[│═║]", compact) and max(map(len, compact.splitlines())) < max(map(len, lines))
    assert short_id("XLVIII", 4) == "48" and short_id("16A", 4) == "16A"
    # 0306 is a whole cell (4 lines) below 0305; column 04 (even) is half a cell (2 lines) lower
    # than column 03 (odd), so 0405 starts two lines below 0305
    def row(h):
        return next(i for i, l in enumerate(lines) if re.search(f"[│═║]{h}", l))

    assert row("0306") == row("0305") + 4 and row("0405") == row("0305") + 2
    # the unit's name and its strength both show, whatever the name's length (XLVIII 8-6)
    row = next(i for i, l in enumerate(lines) if " XLVIII" in l)
    col = lines[row].index("XLVIII")
    assert "8-6" in lines[row + 1][col - 1: col + 7]


def test_cli_play(tmp_path):
    runner = CliRunner()
    save = tmp_path / "auto.json"
    res = runner.invoke(main, ["play", "--seed", "2", "--soviet", "random", "--save-to", str(save)],
                        input="help\nlegal\n1\nshow 1103\nquit\n")
    assert res.exit_code == 0, res.output
    assert "German>" in res.output and "major city Moscow" in res.output
    assert "Game left unfinished." in res.output
    doc = json.loads(save.read_text())
    assert doc["players"] == {"german": "human", "soviet": "random"}
    assert len(doc["actions"]) >= 1
    res2 = runner.invoke(main, ["play", "--load", str(save)], input="log\nquit\n")
    assert res2.exit_code == 0, res2.output
    assert f"1. German: {doc['actions'][0]}" in res2.output
    bad = runner.invoke(main, ["play", "--german", "nobody"], input="quit\n")
    assert bad.exit_code != 0 and "nobody" in bad.output
