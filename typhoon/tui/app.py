"""The full-screen terminal (Textual): the map with hex ids, rails, unique place labels, stacks,
moved markers and the enemy ZOC; panels for the phase, the odds, the units and the log that
never scroll away; a command line with history (Up/Down) and completion (Right or Tab accepts
the suggestion); click or cursor selection of hexes (arrows move the cursor on the map, Enter
or a click selects); Ctrl-C / Ctrl-D / 'quit' offer to save.

Game-neutral: the board from ``map_meta`` and ``view`` (:mod:`typhoon.tui.board`), actions from
``describe``, odds from ``preview`` / ``battle_preview`` on ``game.observe_state(seat)``; the
seat sees only its own view and log. The game loop and every command are those of the line
mode (:class:`typhoon.tui.session.Session`), whose output hooks this app replaces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Button, Footer, Input, Label, RichLog, Static

from ..core.game import Game
from .board import render_map
from .info import hex_lines, preview_lines, units_lines
from .panel import battle_lines, status_panel
from .session import COMMANDS, Quit, Session

SUGGESTIONS = 4000  # legal actions offered for completion (big maps have many)
# the commands a person may type while the computer thinks: they read the game, never move it,
# and show nothing of the computer's side it may not see ('legal', 'moves', 'odds' would list
# the computer's own decision)
READ_ONLY = ("help", "?", "map", "show", "units", "log", "rules", "save", "quit", "exit")


class AppSession(Session):
    """The line-mode session with its output sent to the app's panels instead of a console."""

    def __init__(self, app: PlayApp, *args: Any, **kw: Any) -> None:
        self.app = app
        super().__init__(*args, **kw)

    def say(self, text: Any = "", style: str | None = None) -> None:
        if isinstance(text, str):
            self.app.log_text(Text(text, style or ""))
        elif isinstance(text, Text):
            self.app.log_text(text)

    def error(self, message: str) -> None:
        self.app.log_text(Text.assemble(("error: ", "bold red"), message))
        self.app.bell()

    def show_board(self, highlight=(), selected: str | None = None, view_doc: dict | None = None) -> None:
        self.view.highlight = set(highlight)
        self.view.selected = selected
        self.app.refresh_all(view_doc)
        self.shown_ply = self.game.ply

    def show_choices(self, actions: list, labels: list[str]) -> None:
        self.set_choices(actions)
        self.app.show_choices(labels)

    def set_choices(self, actions: list) -> None:
        super().set_choices(actions)
        if not actions:
            self.app.show_choices([])

    def cmd_quit(self, args: list[str], side: str) -> None:
        self.app.action_leave()

    def cmd_odds(self, args: list[str], side: str) -> None:
        if len(args) != 2:
            self.error(f"usage: odds A,B HEX (e.g. odds {self.example_unit(side)} HEX)")
            return
        preview = self.odds(side, [a for a in args[0].split(",") if a], args[1])
        lines = preview_lines(preview, self.result_names())
        self.app.show_odds(lines)
        self.say("\n".join(lines))

    def finish(self) -> None:
        out = self.game.outcome()
        self.show_board(view_doc=self.pkg.view(self.game.state, self.seat))
        winner = f"{self.side_name(out.winner)} victory" if out.winner else "Draw"
        self.say(Text(f"Game over: {winner}. {out.reason}", "bold magenta"))
        note = self.saved_note()
        self.say(note or "the game is not saved: type 'save FILE.json'")


class CommandInput(Input):
    """The command line: Up/Down walk the history, Tab accepts the suggested completion."""

    BINDINGS = [
        Binding("up", "history(-1)", "history", show=False),
        Binding("down", "history(1)", "history", show=False),
        Binding("tab", "complete", "complete", show=False, priority=True),
    ]

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.history: list[str] = []
        self.at = 0

    def remember(self, line: str) -> None:
        if line and (not self.history or self.history[-1] != line):
            self.history.append(line)
        self.at = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self.at = max(0, min(len(self.history), self.at + step))
        self.value = self.history[self.at] if self.at < len(self.history) else ""
        self.cursor_position = len(self.value)

    def action_complete(self) -> None:
        if self._suggestion and self.cursor_at_end:
            self.value = self._suggestion
            self.cursor_position = len(self.value)
        else:
            self.screen.focus_next()


class MapView(Static, can_focus=True):
    """The map: arrows move the cursor from hex to hex, Enter or a click selects."""

    BINDINGS = [
        Binding("up", "cursor(0,-1)", "up", show=False),
        Binding("down", "cursor(0,1)", "down", show=False),
        Binding("left", "cursor(-1,0)", "left", show=False),
        Binding("right", "cursor(1,0)", "right", show=False),
        Binding("enter", "select", "select hex"),
    ]

    def action_cursor(self, dq: int, dr: int) -> None:
        self.app.move_cursor(dq, dr)

    def action_select(self) -> None:
        self.app.select_hex(self.app.session.view.cursor)

    def on_click(self, event: events.Click) -> None:
        h = self.app.session.model.hex_at(event.x, event.y, self.app.session.view)
        if h is not None:
            self.app.session.view.cursor = h
            self.app.select_hex(h)


class LeaveScreen(ModalScreen[str]):
    """Leaving (Ctrl-C, Ctrl-D, quit): save and leave, leave without saving, or go on."""

    BINDINGS = [Binding("escape", "go_on", "go on")]
    DEFAULT_CSS = """
    LeaveScreen { align: center middle; }
    #leave { width: 64; height: auto; border: thick $accent; background: $surface; padding: 1 2; }
    #leave Button { margin: 1 1 0 0; }
    """

    def __init__(self, note: str | None, path: str) -> None:
        super().__init__()
        self.note, self.path = note, path

    def compose(self) -> ComposeResult:
        with Vertical(id="leave"):
            yield Label(self.note or "The game is not saved yet. Save it to:")
            yield Input(self.path, id="save-path")
            with Horizontal():
                yield Button("Save and leave", id="save", variant="primary")
                yield Button("Leave without saving", id="leave-now", variant="error")
                yield Button("Go on playing", id="go-on")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.dismiss("save:" + self.query_one("#save-path", Input).value.strip())
        elif event.button.id == "leave-now":
            self.dismiss("leave")
        else:
            self.dismiss("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss("save:" + event.value.strip())

    def action_go_on(self) -> None:
        self.dismiss("")


class PlayApp(App):
    """``typhoon play`` in a terminal (module docstring)."""

    TITLE = "Typhoon"
    CSS = """
    Screen { layout: vertical; }
    #top { height: auto; max-height: 2; background: $boost; }
    #main { height: 3fr; }
    #map-scroll { width: 1fr; min-width: 30; border: round $primary-darken-2; overflow: auto auto; }
    #map-scroll:focus-within { border: round $accent; }
    #map { width: auto; height: auto; }
    #side { width: 38%; max-width: 56; min-width: 28; border: round $primary-darken-2; }
    #choices, #odds, #hexinfo { margin-bottom: 1; height: auto; }
    #log { height: 1fr; min-height: 4; max-height: 14; border: round $primary-darken-2; }
    #cmd { height: 3; }
    """
    BINDINGS = [
        Binding("ctrl+c", "leave", "leave", priority=True),
        Binding("ctrl+d", "leave", "leave", priority=True, show=False),
        Binding("ctrl+q", "leave", "quit", priority=True, show=False),
        Binding("f2", "toggle('ids')", "ids"),
        Binding("f3", "toggle('zoc')", "ZOC"),
        Binding("f4", "toggle('compact')", "compact"),
        Binding("f6", "focus_map", "map"),
        Binding("escape", "focus_command", "command", show=False),
    ]

    def __init__(self, game: Game, players: Mapping[str, Any], names: Mapping[str, str] | None = None,
                 package: Any = None, save_to: str | None = None) -> None:
        super().__init__()
        self.session = AppSession(self, game, dict(players), save_to=save_to, names=dict(names or {}) or None,
                                  package=package, interactive=True)
        self.session.view.compact = False
        self._pending_log: list[Text] = []
        self.choice_labels: list[str] = []
        self.odds_lines: list[str] = []
        self.hex_info: list[str] = []
        self.thinking: str | None = None  # the side whose computer player is deciding (``think``)

    # -- layout ----------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="top")
        with Horizontal(id="main"):
            with ScrollableContainer(id="map-scroll"):
                yield MapView(id="map")
            with VerticalScroll(id="side"):
                yield Static(id="phase")
                yield Static(id="odds")
                yield Static(id="choices")
                yield Static(id="hexinfo")
                yield Static(id="units")
        yield RichLog(id="log", wrap=True, markup=False, highlight=False, max_lines=2000)
        yield CommandInput(id="cmd", placeholder="command or action (help; Up: history; Tab: complete; F6: map)")
        yield Footer()

    def on_mount(self) -> None:
        s = self.session
        self.title = s.pkg.title
        s.view.cursor = self.first_cursor()
        s.say(Text(s.header(), "bold"))
        self.step()
        self.query_one("#cmd", CommandInput).focus()

    def first_cursor(self) -> str:
        doc = self.session.view_doc()
        mine = [u["hex"] for u in doc.get("units", ()) if u.get("side") == self.session.seat and u.get("hex")]
        return mine[0] if mine else self.session.model.geo.all_hexes[0]

    # -- output ----------------------------------------------------------------------------
    def log_text(self, text: Text) -> None:
        try:
            log = self.query_one("#log", RichLog)
        except Exception:  # before the widgets exist
            self._pending_log.append(text)
            return
        for t in self._pending_log:
            log.write(t)
        self._pending_log.clear()
        log.write(text)

    def show_choices(self, labels: Sequence[str]) -> None:
        self.choice_labels = list(labels)
        self._update_choices()

    def _update_choices(self) -> None:
        try:
            w = self.query_one("#choices", Static)
        except Exception:
            return
        if not self.choice_labels:
            w.update(Text("No numbered list: 'legal' lists the actions", "dim"))
            return
        t = Text("Type a number:\n", "bold")
        for i, label in enumerate(self.choice_labels, 1):
            t.append(f"{i:3d}. {label}\n")
        w.update(t)

    def show_odds(self, lines: Sequence[str]) -> None:
        self.odds_lines = list(lines)
        self.query_one("#odds", Static).update(Text("\n".join(self.odds_lines), "yellow") if lines else "")

    def refresh_all(self, view_doc: dict | None = None) -> None:
        s = self.session
        doc = view_doc or s.view_doc()
        self.query_one("#map", MapView).update(self.board(doc))
        self.query_one("#top", Static).update(self.top_line(doc))
        self.query_one("#phase", Static).update(status_panel(s.model, s.game, doc, s.names, s.fought))
        units = Text("Units:\n", "bold")
        for u, line in units_lines(s.model, doc, s.seat):
            units.append(line + "\n", s.model.side_colour(u.get("side")))
        self.query_one("#units", Static).update(units)
        info = Text("\n".join(self.hex_info)) if self.hex_info else Text("")
        self.query_one("#hexinfo", Static).update(info)
        self._update_choices()
        self.update_suggestions()
        self.call_after_refresh(self.scroll_to_cursor)

    def board(self, doc: Mapping[str, Any]) -> Text:
        """The map text, never wrapped (the container scrolls both ways)."""
        s = self.session
        board = render_map(s.model, doc, s.view, s.seat)
        board.no_wrap = True
        board.overflow = "ignore"
        return board

    def top_line(self, doc: Mapping[str, Any]) -> Text:
        s = self.session
        t = Text()
        t.append(str(doc.get("turn_label") or f"Turn {doc.get('turn')}") + "  ")
        phase = (doc.get("phase") or {}).get("name")
        if phase:
            t.append(f"{phase}  ", "bold cyan")
        out = s.game.outcome()
        if out:
            t.append("Game over", "bold magenta")
        else:
            p = s.game.current_player
            t.append("To play: ")
            t.append(s.side_name(p), f"bold {s.model.side_colour(p)}")
            if self.thinking:
                t.append(f" ({s.names.get(self.thinking)} thinking...)", "italic")
        if s.view.cursor:
            t.append(f"  cursor {s.view.cursor}", "dim")
        return t

    def update_suggestions(self) -> None:
        s = self.session
        words = list(COMMANDS)
        if not s.game.is_over() and not s.game.is_chance() and not s.computer_to_move():
            words += [str(a) for a in list(s.game.legal_actions)[:SUGGESTIONS]]
        words += [f"show {u['id']}" for u in s.view_doc().get("units", ())]
        self.query_one("#cmd", CommandInput).suggester = SuggestFromList(words, case_sensitive=False)

    def scroll_to_cursor(self) -> None:
        s = self.session
        h = s.view.cursor
        if not h:
            return
        pos, _, _ = s.model.layout(s.view.height)
        if h not in pos:
            return
        c, line = pos[h]
        from textual.geometry import Region

        x = s.model.x_of(c, s.view.width)
        self.query_one("#map-scroll", ScrollableContainer).scroll_to_region(
            Region(x, line + 1, s.view.width + 2, s.view.height), animate=False)

    # -- the game --------------------------------------------------------------------------
    def step(self) -> None:
        """Let the dice act, then the computer (``think``), then present the human's decision."""
        s = self.session
        if self.thinking:
            return
        s.advance(computers=False)
        if s.game.is_over():
            s.finish()
            return
        if s.computer_to_move():
            self.think(s.game.current_player)
            return
        if s.shown_ply != s.game.ply:
            s.present_turn(s.game.current_player)

    def think(self, side: str) -> None:
        """The computer player of ``side`` decides in a worker thread, so that the screen stays
        live (the map scrolls, the log and the units can be read, the game can be left). It is
        handed the game as its side may know it, taken here; nothing moves the game meanwhile
        (``READ_ONLY`` commands only). Its action is played on the app's thread."""
        s = self.session
        self.thinking = side
        seen = s.game.observed(side)
        self.query_one("#top", Static).update(self.top_line(s.view_doc()))

        def choose() -> None:  # in the worker thread
            try:
                action, failure = s.computer_choice(side, seen), None
            except Exception as e:  # a broken computer player must not end the game (computer_play)
                action, failure = None, e
            self.call_from_thread(self.computer_chose, side, action, failure)

        self.run_worker(choose, name=f"{side} thinks", group="computer", thread=True, exit_on_error=False)

    def computer_chose(self, side: str, action: Any, failure: Exception | None) -> None:
        self.thinking = None
        self.session.computer_play(side, action, failure)
        self.step()
        self.refresh_all()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "cmd":
            return
        line = event.value
        cmd = self.query_one("#cmd", CommandInput)
        cmd.remember(line.strip())
        cmd.value = ""
        if line.strip():
            self.log_text(Text(f"> {line.strip()}", "bold cyan"))
        s = self.session
        if s.game.is_over():
            if line.strip().split()[:1] in (["quit"], ["exit"]):
                self.action_leave()
                return
        if self.thinking and line.strip() and line.split()[0].lower() not in READ_ONLY:
            s.error(f"the {s.side_name(self.thinking)} computer ({s.names.get(self.thinking)}) is still thinking: "
                    f"wait for its move (meanwhile: {', '.join(READ_ONLY)})")
            return
        try:
            s.handle(line, s.game.current_player)
        except Quit:
            self.exit()
            return
        self.step()
        self.refresh_all()

    # -- the map ---------------------------------------------------------------------------
    def move_cursor(self, dq: int, dr: int) -> None:
        s = self.session
        geo = s.model.geo
        h = s.view.cursor or self.first_cursor()
        q, r = geo.axial(h)
        if dq == 0:
            nxt = geo.at(q, r + dr) if geo.orientation == "flat" else geo.at(q - dr if dr < 0 else q, r + dr)
        else:
            # east/west: the neighbour in the next column, upper one first when moving up the page
            options = [geo.at(q + dq, r), geo.at(q + dq, r - dq)] if geo.orientation == "flat" else [geo.at(q + dq, r)]
            nxt = next((x for x in options if x is not None), None)
        if nxt is not None:
            s.view.cursor = nxt
            self.query_one("#map", MapView).update(self.board(s.view_doc()))
            self.query_one("#top", Static).update(self.top_line(s.view_doc()))
            self.scroll_to_cursor()

    def select_hex(self, h: str | None) -> None:
        """A hex chosen on the map: a move there when a unit is selected and may go there;
        else what is in the hex, and the legal actions involving it as a numbered list."""
        s = self.session
        if h is None:
            return
        g = s.game
        side = g.current_player
        if s.players.get(side) is not None or g.is_over() or g.is_chance():
            self.hex_info = [line.strip() for line in hex_lines(s.model, s.view_doc(), h)]
            self.refresh_all()
            return
        described = s.described()
        unit = getattr(self, "selected_unit", None)
        if unit:
            for action, d in described:
                if d.get("units") == [unit] and d.get("hex") == h and d.get("from") not in (None, h):
                    self.selected_unit = None
                    s.view.highlight, s.view.selected = set(), None
                    s.handle(str(action), side)
                    self.step()
                    self.refresh_all()
                    return
        doc = s.view_doc()
        here = [u for u in doc.get("units", ()) if u.get("hex") == h and u.get("where", "map") == "map"]
        self.hex_info = [line.strip() for line in hex_lines(s.model, doc, h)]
        self.hex_info += [f"{u['id']} {u.get('values') or ''} ({s.model.side_name(u.get('side'))})" for u in here]
        actions = [(a, d) for a, d in described if d.get("hex") == h or d.get("from") == h
                   or set(d.get("units") or ()) & {u["id"] for u in here}]
        own = [u for u in here if u.get("side") == side]
        self.selected_unit = str(own[0]["id"]) if own else None
        dests = {d.get("hex") for a, d in actions if self.selected_unit in (d.get("units") or ()) and d.get("from") == h}
        s.view.highlight, s.view.selected = {x for x in dests if x}, h
        previews = []
        for a, d in actions[:8]:
            p = s.pkg.preview(g.observe_state(side), a) if hasattr(s.pkg, "preview") else None
            if p:
                previews = preview_lines(p, s.result_names())
                break
        self.show_odds(previews)
        s.show_choices([a for a, _ in actions[:30]], [str(d.get("label") or d.get("text") or a) for a, d in actions[:30]])
        self.refresh_all()

    # -- actions ---------------------------------------------------------------------------
    def action_toggle(self, what: str) -> None:
        v = self.session.view
        setattr(v, what, not getattr(v, what))
        self.refresh_all()

    def action_focus_map(self) -> None:
        self.query_one("#map", MapView).focus()

    def action_focus_command(self) -> None:
        self.query_one("#cmd", CommandInput).focus()

    def action_leave(self) -> None:
        s = self.session
        note = s.saved_note()
        path = s.save_to or f"{s.pkg.name}-{s.game.seed}.json"

        def done(answer: str | None) -> None:
            if not answer:
                s.say("going on")
                return
            if answer.startswith("save:"):
                target = answer[5:] or path
                if target == s.save_to and s.autosave_ok:
                    self.exit(message=note)
                    return
                if s.save(target):
                    self.exit(message=f"saved to {target} (load with: typhoon play --load {target})")
                return
            self.exit(message="left without saving" if not note else note)

        self.push_screen(LeaveScreen(note, path), done)


def play_app(game: Game, players: Mapping[str, Any], names: Mapping[str, str] | None = None, package: Any = None,
             save_to: str | None = None) -> None:
    """Run the full-screen terminal until the player leaves."""
    app = PlayApp(game, players, names=names, package=package, save_to=save_to)
    app.run()
