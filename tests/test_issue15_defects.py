"""Issue 15 (play that feels finished): the defects of its "Terminal" list that had no test of
their own. Each asserts what the issue or the rules text (/work/shared/seeds/000_*.txt) say the
behaviour must be, so that the defect coming back fails here. The others are tested in
tests/test_cli.py, tests/test_play.py, tests/tui/ and tests/rules/ (see the audit table)."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console

from typhoon.ai.base import make_player
from typhoon.core.errors import TyphoonError
from typhoon.games import registry
from typhoon.games.bfm.data import bfm_data
from typhoon.tui.board import ZOC, BoardModel, BoardView, render_map
from typhoon.tui.panel import battle_lines
from typhoon.tui.session import Session

BFM = registry.get("bfm")


def scripted(lines):
    """An input function answering ``lines`` in turn; an exception in the list is raised (as a
    terminal raises EOFError on Ctrl-D and KeyboardInterrupt on Ctrl-C); then EOF."""
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


def session_for(game, lines, players=None, width=140, **kw):
    out = io.StringIO()
    players = players or {"german": None, "soviet": make_player("random", seed=2)}
    return Session(game, players, scripted(lines), Console(file=out, width=width, color_system=None), **kw), out


def bfm(seed=1):
    return BFM.new_game({"edition": "2009"}, seed=seed)


# -- "32th Army": English ordinals in the unit names ---------------------------------------------
def ordinal(n: int) -> str:
    """1st 2nd 3rd 4th ... 11th 12th 13th ... 21st 22nd 23rd ... 32nd."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_unit_names_use_english_ordinals(edition):
    names = {u: spec.name for u, spec in bfm_data(edition).units.items()}
    assert names["32A"] == "32nd Army"  # the issue: the page said "32th Army"
    checked = 0
    for unit, name in names.items():
        for number, suffix in re.findall(r"\b(\d+)(st|nd|rd|th)\b", name):
            assert f"{number}{suffix}" == ordinal(int(number)), f"{unit}: {name!r}"
            checked += 1
    assert checked >= 15  # every numbered Soviet army is checked, not none


# -- Ctrl-D at a terminal, with no autosave file: the game is not lost --------------------------
def test_ctrl_d_at_a_terminal_offers_to_save(tmp_path):
    game = bfm()
    path = tmp_path / "kept.json"
    s, out = session_for(game, ["attack V 0304", EOFError(), "y", str(path)], interactive=True)
    assert s.run() is None
    assert json.loads(path.read_text())["actions"] == ["attack V 0304"]
    assert f"saved to {path}" in out.getvalue()


def test_ctrl_d_at_a_terminal_then_go_on_keeps_playing():
    game = bfm()
    s, out = session_for(game, [EOFError(), "", "attack V 0304", "quit"], interactive=True)
    s.run()
    assert game.action_texts() == ["attack V 0304"]


# -- "no ZOC" on the text map: 7.0 a unit's ZOC is the six hexes around it --------------------------
def _styled_bg_at(text, console, needle):
    """The background colour of the first character of ``needle`` in the rendered map."""
    i = text.plain.index(needle)
    return text.get_style_at_offset(console, i).bgcolor


def test_the_text_map_shades_the_enemy_zone_of_control():
    game = bfm()
    model = BoardModel(BFM.map_meta(game.options), BFM.sides, BFM.side_names)
    view_doc = BFM.view(game.state, "german")
    soviet = {u["hex"] for u in view_doc["units"] if u["side"] == "soviet" and u.get("hex")}
    occupied = {u["hex"] for u in view_doc["units"] if u.get("hex")}
    zoc = {n for h in soviet for n in model.geo.neighbours(h)} - occupied
    outside = sorted((set(model.geo.neighbours("0101")) | {"0101"}) - occupied - zoc)
    assert "0404" in zoc and outside  # 0404 touches 16A in 0405
    console = Console(width=300, color_system="truecolor")
    shaded = render_map(model, view_doc, BoardView(id_width=model.id_width()), "german")
    for h in sorted(zoc)[:8]:
        assert _styled_bg_at(shaded, console, f"{h}") == ZOC.bgcolor, h
    for h in outside:
        assert _styled_bg_at(shaded, console, f"{h}") != ZOC.bgcolor, h
    plain = render_map(model, view_doc, BoardView(id_width=model.id_width(), zoc=False), "german")
    assert _styled_bg_at(plain, console, "0404") != ZOC.bgcolor


def test_map_zoc_toggles_the_shading():
    game = bfm()
    s, out = session_for(game, ["map zoc", "quit"])
    assert s.view.zoc is True  # on by default
    s.run()
    assert s.view.zoc is False


# -- results scroll away: the result of one's own battle is repeated above the prompt -------------
def test_a_battle_result_is_repeated_under_the_map():
    # 000 9.2: LVII (12) against 16A (4) in forest: 3:1 shifted one column left -> 2:1
    game = bfm()
    s, out = session_for(game, ["attack LVII 0405", "commit", "quit"])
    s.run()
    text = out.getvalue()
    die = next(int(str(e.action).split()[1]) for e in game.log if e.chance)
    result = game.rules.current_battle(game.state).result
    code = getattr(result, "value", result)
    last_prompt = text.rfind("German>")
    recap = text[text.rfind("Since your last action:"):last_prompt]
    assert f"Die {die} at 2:1: {code}" in recap


# -- AL says "1 strength point still to lose" -----------------------------------------------------
def _game_at_an_al_choice():
    for seed in range(40):
        g = bfm(seed)
        rng = random.Random(seed)
        while not g.is_over():
            if g.is_chance():
                g.roll()
                continue
            b = g.rules.current_battle(g.state)
            if b and getattr(b.step, "value", b.step) == "loss" and getattr(b.result, "value", b.result) == "AL":
                return g
            acts = list(g.legal_actions)
            g.push(acts[rng.randrange(len(acts))])
    raise AssertionError("no AL step loss reached in 40 random games")


def test_an_al_in_a_real_game_is_a_step_not_strength_points():
    # 000 9.3 AL: one attacking unit (of the attacker's choice) takes a step loss
    g = _game_at_an_al_choice()
    side = g.current_player
    lines = battle_lines(BFM.view(g.state, side))
    al = [line for line in lines if ": AL" in line]
    assert al and all("strength point" not in line for line in al)
    s, out = session_for(g, ["legal", "quit"], players={"german": None, "soviet": None})
    s.run()
    text = out.getvalue()
    assert "strength point" not in text
    assert "loses a step" in text or "step loss" in text
    attackers = g.rules.current_battle(g.state).attackers
    for a in attackers:
        assert f"loss {a}" in text  # the choice is offered for each attacker, nothing else


# -- duplicate attackers (the browser's odds go through the package's preview) ------------------------
def test_the_package_preview_refuses_an_attacker_named_twice():
    # 9.0: each unit attacks once; XLVI twice against 16A gave 20 (10 + 10)
    game = bfm()
    with pytest.raises(TyphoonError, match="XLVI is listed twice"):
        BFM.battle_preview(game.state, "0405", ["XLVI", "XLVI"])
    with pytest.raises(TyphoonError, match="XLVI is listed twice"):
        BFM.battle_preview(game.state, "0405", ["XLVI", "XLVI", "XLVI"])


# -- the log says "Soviet", never "Russian" ------------------------------------------------------
def test_the_log_of_a_whole_game_never_says_russian():
    # the 2009 rules print "Russian" in phase names; Typhoon says "Soviet" everywhere it shows
    from typhoon.ai.match import play_game

    game, _ = play_game("random", "random", {"edition": "2009"}, seed=4, keep_history=True)
    texts = [t for e in game.log for seat in ("german", "soviet", None) for t in e.events_for(seat, omniscient=seat is None)]
    assert texts and not [t for t in texts if "Russian" in t]
    assert any("Soviet" in t for t in texts)
