"""The full-screen terminal, driven by Textual's own test harness (``App.run_test`` pilot),
for every registered game that plays on a map (bfm, mini)."""

from __future__ import annotations

import asyncio
import json
import threading

from typhoon.ai.base import make_player
from typhoon.games import registry
from typhoon.tui.app import LeaveScreen, PlayApp


def run(app, script, size=(80, 24)):
    """Run ``script(pilot)`` against the app in a headless terminal of ``size``."""

    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


async def type_line(pilot, line):
    pilot.app.query_one("#cmd").value = line
    await pilot.press("enter")
    await settle(pilot)


async def settle(pilot):
    """Wait until the computer players have moved (each decision is thought in a worker thread)."""
    for _ in range(2000):
        await pilot.pause()
        if not pilot.app.thinking:
            return
        await pilot.app.workers.wait_for_complete()
    raise AssertionError("the computer player never finished")


def log_text(app):
    return "\n".join(str(line.text) for line in app.query_one("#log").lines)


def bfm_app(tmp_path=None, seed=1):
    pkg = registry.get("bfm")
    game = pkg.new_game({"edition": "2009"}, seed=seed)
    save = str(tmp_path / "auto.json") if tmp_path else None
    return PlayApp(game, {"german": None, "soviet": make_player("random", seed=2)}, package=pkg, save_to=save), game


def test_numbers_pick_only_from_the_list_on_screen():
    app, game = bfm_app()

    async def script(pilot):
        await type_line(pilot, "legal")
        assert "attack V 0304" in str(app.query_one("#choices").render())
        await type_line(pilot, "attack V 0304")
        assert "No numbered list" in str(app.query_one("#choices").render())
        await type_line(pilot, "1")
        assert "no numbered list is on screen" in log_text(app)

    run(app, script)
    assert game.action_texts() == ["attack V 0304"]


def test_history_walks_back_with_up():
    app, game = bfm_app()

    async def script(pilot):
        await type_line(pilot, "show 0405")
        await type_line(pilot, "legal")
        await pilot.press("up")
        assert app.query_one("#cmd").value == "legal"
        await pilot.press("up")
        assert app.query_one("#cmd").value == "show 0405"
        await pilot.press("down", "down")
        assert app.query_one("#cmd").value == ""

    run(app, script)


def test_completion_offers_legal_actions():
    app, game = bfm_app()

    async def script(pilot):
        await pilot.press(*"attack XLVI ")
        await pilot.pause()
        await pilot.press("tab")
        assert app.query_one("#cmd").value == "attack XLVI 0405"

    run(app, script)


def test_click_selects_a_hex_and_lists_its_actions():
    app, game = bfm_app()

    async def script(pilot):
        s = app.session
        pos, _, _ = s.model.layout(s.view.height)
        c, line = pos["0405"]  # 16A, attackable by XL, XLVI and LVII (the legal attacks)
        x = s.model.x_of(c, s.view.width) + 2
        await pilot.click("#map", offset=(x, line + 1))
        await pilot.pause()
        assert s.view.cursor == "0405"
        choices = str(app.query_one("#choices").render())
        for unit in ("XL", "XLVI", "LVII"):
            assert f"attack {unit} 0405" in choices.replace("Attack", "attack") or unit in choices
        assert "16A" in str(app.query_one("#hexinfo").render())

    run(app, script, size=(200, 60))


def test_cursor_moves_on_the_map():
    app, game = bfm_app()

    async def script(pilot):
        s = app.session
        s.view.cursor = "0405"
        await pilot.press("f6", "down")
        assert s.view.cursor == "0406"
        await pilot.press("up", "up")
        assert s.view.cursor == "0404"

    run(app, script)


def test_ctrl_c_offers_to_save(tmp_path):
    app, game = bfm_app()
    target = tmp_path / "left.json"

    async def script(pilot):
        await type_line(pilot, "attack V 0304")
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert isinstance(app.screen, LeaveScreen)
        app.screen.query_one("#save-path").value = str(target)
        await pilot.click("#save")
        await pilot.pause()

    run(app, script)
    assert json.loads(target.read_text())["actions"] == ["attack V 0304"]


def test_ctrl_d_with_autosave_says_where(tmp_path):
    app, game = bfm_app(tmp_path)

    async def script(pilot):
        await type_line(pilot, "attack V 0304")
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert "the game is saved in" in str(app.screen.query_one("Label").render())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LeaveScreen)

    run(app, script)
    assert json.loads((tmp_path / "auto.json").read_text())["actions"] == ["attack V 0304"]


def test_the_computer_turn_stays_in_the_log_panel():
    app, game = bfm_app()

    async def script(pilot):
        for _ in range(3):
            await type_line(pilot, "end")
        text = log_text(app)
        assert "Soviet (random):" in text and "German: end" in text

    run(app, script, size=(200, 60))


def test_mini_plays_and_hides_red_strengths():
    # mini 3.3: red's strength chits are hidden from blue: the app's map and panels show '?'
    pkg = registry.get("mini")
    game = pkg.new_game({}, seed=11)
    app = PlayApp(game, {"blue": None, "red": make_player("random", game="mini", seed=3)}, package=pkg)

    async def script(pilot):
        await type_line(pilot, "1")  # the first plan offered (9.1), listed on screen
        units = str(app.query_one("#units").render())
        assert "R1" in units and "?" in units
        red = [u for u in pkg.view(game.state, "blue")["units"] if u["side"] == "red"]
        assert all(u["hidden"] for u in red)

    run(app, script)
    assert game.log[-1].player in ("blue", "red", None)


def test_screens_at_80x24_and_200x60_stay_inside_the_terminal():
    """Issue 15: the full-screen terminal at 80x24 and 200x60: the status line, the map, the side
    panel, the log and the command line all lie within the screen (the map scrolls inside its
    pane rather than spilling over). Screenshots (SVG) go to artifacts/screenshots/."""
    from pathlib import Path

    shots = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    for size in ((80, 24), (200, 60)):
        app, _ = bfm_app()

        async def script(pilot, size=size):
            await type_line(pilot, "attack V 0304")
            for wid in ("#top", "#map-scroll", "#side", "#log", "#cmd"):
                r = app.query_one(wid).region
                assert r.width > 0 and r.height > 0, (size, wid)
                assert r.x >= 0 and r.y >= 0 and r.right <= size[0] and r.bottom <= size[1], (size, wid, r)
            side = app.query_one("#side").region
            assert side.width >= 20, (size, side)  # the phase and odds stay readable
            app.save_screenshot(filename=f"tui_{size[0]}x{size[1]}.svg", path=str(shots))

        run(app, script, size=size)


class SlowPlayer:
    """A computer player that decides only when the test lets it (``go``)."""

    name = "slow"

    def __init__(self):
        self.go, self.asked, self.seen = threading.Event(), threading.Event(), []

    def choose(self, game):
        self.seen.append(game)
        self.asked.set()
        self.go.wait(timeout=20)
        return list(game.legal_actions)[0]


def test_the_screen_stays_live_while_the_computer_thinks(tmp_path):
    """The computer decides in a worker thread: meanwhile the map cursor moves, reading commands
    work, nothing can move the game, and the status line says who is thinking; then its action
    is played (and autosaved) as the computer's."""
    pkg = registry.get("bfm")
    game = pkg.new_game({"edition": "2009"}, seed=1)
    slow = SlowPlayer()
    app = PlayApp(game, {"german": None, "soviet": slow}, package=pkg, save_to=str(tmp_path / "auto.json"))

    async def script(pilot):
        for _ in range(6):  # the German's phases of turn 1, until the Soviet is to decide
            if app.thinking:
                break
            pilot.app.query_one("#cmd").value = "end"
            await pilot.press("enter")
            await pilot.pause()
        assert app.thinking == "soviet" and slow.asked.wait(5)
        ply = game.ply
        assert "slow thinking" in str(app.query_one("#top").render())
        s = app.session
        s.view.cursor = "0405"
        await pilot.press("f6", "down")
        assert s.view.cursor == "0406"  # the screen answers keys
        await type_line_now(pilot, "units")
        await type_line_now(pilot, "help")
        assert "Legal now" not in log_text(app)  # never the computer's own options
        await type_line_now(pilot, "end")
        await type_line_now(pilot, "undo")
        assert "is still thinking" in log_text(app)
        assert game.ply == ply and app.thinking == "soviet"
        slow.go.set()
        await settle(pilot)
        assert not app.thinking and game.ply > ply
        assert game.log[ply].player == "soviet"

    run(app, script, size=(200, 60))
    assert slow.seen and all(type(g).__name__ != "Game" for g in slow.seen)  # a view, never the game
    assert json.loads((tmp_path / "auto.json").read_text())["actions"] == game.action_texts()


async def type_line_now(pilot, line):
    """Type a line without waiting for the computer."""
    pilot.app.query_one("#cmd").focus()
    pilot.app.query_one("#cmd").value = line
    await pilot.press("enter")
    await pilot.pause()
