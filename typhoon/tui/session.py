"""The game loop of terminal play: humans type commands, computer players and the dice act.

``Session(game, players, input_fn, console)`` is independent of any real terminal: tests feed
scripted lines through ``input_fn`` and read what was printed from a rich ``Console`` writing
to a string. ``input_fn(prompt)`` returns one line; raising ``EOFError`` ends the session.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import record
from ..core.errors import TyphoonError
from ..core.game import Game
from .board import LEGEND, BoardView, render_map
from .info import HELP, decision_text, moves_text, odds_text, show_text
from .panel import side_label, status_line, status_panel

class Quit(Exception):
    """The player asked to leave."""


class Session:
    def __init__(
        self,
        game: Game,
        players: dict[str, Any],
        input_fn: Callable[[str], str] | None = None,
        console: Console | None = None,
        save_to: str | None = None,
        names: dict[str, str] | None = None,
    ) -> None:
        """``players`` maps each side to a computer player (with ``choose(game)``) or None for a human."""
        self.game = game
        self.players = players
        self.console = console or Console()
        self.input_fn = input_fn or (lambda prompt: self.console.input(prompt))
        self.save_to = save_to
        self.names = names or {s: ("human" if p is None else getattr(p, "name", "computer")) for s, p in players.items()}
        self.view = BoardView()
        self.choices: list = []  # the numbered list a number picks from
        self.choices_ply = -1
        self.shown_ply = -1
        self.phase_counts: Counter = Counter()  # the computer's actions in the current phase
        self.phase_side = "german"
        self.fallback = random.Random(game.seed)

    # -- output ----------------------------------------------------------------------------
    def say(self, text: Any = "", style: str | None = None) -> None:
        if isinstance(text, str):
            self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)
        else:
            self.console.print(text)

    def error(self, message: str) -> None:
        self.console.print(Text("error: ", "bold red") + Text(message), soft_wrap=True)

    def show_board(self, highlight=(), selected: str | None = None) -> None:
        self.view.highlight, self.view.selected = set(highlight), selected
        board = render_map(self.game.state, self.view)
        width = max(len(line) for line in board.plain.splitlines())
        panel = status_panel(self.game, self.names)
        panel_width = max(len(line) for line in panel.plain.splitlines())
        if self.console.width >= width + panel_width + 2:
            grid = Table.grid()
            grid.add_column(no_wrap=True)
            grid.add_column(width=2)
            grid.add_column(no_wrap=True)
            grid.add_row(board, "", panel)
            self.say(grid)
        else:
            self.say(board)
            self.say(status_line(self.game, self.names))
        self.say(LEGEND)
        self.view.highlight, self.view.selected = set(), None
        self.shown_ply = self.game.ply

    def print_events(self, events, indent: str = "    ") -> None:
        for e in events:
            style = "bold magenta" if e.startswith("Game over") else "cyan" if e.startswith("Turn ") else None
            self.say(f"{indent}{e}", style)

    # -- the loop --------------------------------------------------------------------------
    def run(self):
        """Play until the game ends or a player quits; returns the outcome (None if unfinished)."""
        g = self.game
        self.say(Text(f"Battle for Moscow ({g.options.get('edition', '2009')} edition), seed {g.seed}: "
                      f"German {self.names['german']} vs Soviet {self.names['soviet']}. Type 'help' for commands.", "bold"))
        try:
            while not g.is_over():
                if g.is_chance():
                    self.roll()
                elif self.players.get(g.current_player) is not None:
                    self.computer_move()
                else:
                    self.human_turn()
        except Quit:
            self.say("Game left unfinished.")
            return None
        self.finish()
        return g.outcome()

    def roll(self) -> None:
        action, events = self.game.roll()
        self.say(Text.assemble(("  [die] ", "bold yellow"), (f"rolled {action.value}", "bold yellow")))
        self.print_events(events)
        self.after_action()

    def computer_move(self) -> None:
        g = self.game
        side = g.current_player
        player = self.players[side]
        try:
            action = player.choose(g)
            events = g.push(action)
        except TyphoonError as e:  # a broken computer player must not end the game
            action = self.fallback.choice(list(g.legal_actions))
            self.error(f"{self.names[side]} player failed ({e}); playing {action} instead")
            events = g.push(action)
        self.say(Text.assemble((f"  {side_label(side)} ({self.names[side]}): ", "bold"), str(action)))
        self.print_events(events)
        self.phase_counts[str(action).split()[0]] += 1
        self.phase_side = side
        self.after_action()

    def after_action(self) -> None:
        if self.save_to:
            try:
                record.save(self.game, self.save_to, self.names)
            except OSError as e:
                self.error(f"autosave to {self.save_to} failed: {e}")
        if self.game.log and self.game.log[-1].phase_changed and self.phase_counts:
            # a short summary of what the computer did in the phase that just ended
            side = self.phase_side
            summary = ", ".join(f"{verb} x{n}" for verb, n in sorted(self.phase_counts.items()))
            self.say(f"  -- {side_label(side)} ({self.names[side]}) phase summary: {summary}", "dim")
            self.phase_counts.clear()

    def human_turn(self) -> None:
        g = self.game
        side = g.current_player
        if self.shown_ply != g.ply:
            self.show_board()
            head, choices = decision_text(g)
            if head:
                self.say(head, "bold")
            if choices:
                self.set_choices([a for a, _ in choices])
                for i, (_, label) in enumerate(choices, 1):
                    self.say(f"  {i:2d}. {label}")
                self.say("  (type a number)")
        try:
            line = self.input_fn(f"{side_label(side)}> ")
        except EOFError:
            raise Quit from None
        try:
            self.command(line.strip(), side)
        except Quit:
            raise
        except TyphoonError as e:
            self.error(str(e))
        except Exception as e:  # never lose the game to a bug on odd input
            self.error(f"internal error ({type(e).__name__}: {e}); the game is unchanged")

    def set_choices(self, actions: list) -> None:
        self.choices, self.choices_ply = list(actions), self.game.ply

    # -- commands --------------------------------------------------------------------------
    def command(self, line: str, side: str) -> None:
        g = self.game
        if not line:
            return
        words = line.split()
        verb = words[0].lower()
        if verb.isdigit():
            self.pick(int(verb))
        elif verb in ("help", "?"):
            self.say(HELP)
        elif verb in ("quit", "exit"):
            self.offer_save("Save before quitting? File name (empty: no): ")
            raise Quit
        elif verb == "map":
            arg = words[1].lower() if len(words) > 1 else ""
            if arg == "ids":
                self.view.ids = not self.view.ids
            elif arg == "compact":
                self.view.compact = not self.view.compact
            elif arg:
                self.error(f"'map {arg}': expected 'map', 'map ids' or 'map compact'")
                return
            self.show_board()
        elif verb == "legal":
            acts = list(g.legal_actions)
            self.set_choices(acts)
            for i, a in enumerate(acts, 1):
                self.say(f"  {i:3d}. {a}")
            self.say("  (type a number to play it)")
        elif verb == "moves":
            if len(words) != 2:
                self.error("usage: moves UNIT (e.g. moves XLVI)")
                return
            unit, dests = moves_text(g.state, words[1])
            self.show_board(highlight=dests, selected=g.state.hex_of[unit])
            self.say(f"{unit} in {g.state.hex_of[unit]} may move to: {' '.join(dests) or 'nowhere (it may stay)'}")
            self.set_choices([g.parse(f"move {unit} {h}") for h in dests])
        elif verb == "odds":
            if len(words) != 3:
                self.error("usage: odds A,B HEX (e.g. odds XLVI,V 0506)")
                return
            state = g.state
            ids = {u.upper(): u for u in state.data.units}
            atts = []
            for a in words[1].split(","):
                if not a:
                    continue
                if a.upper() not in ids:
                    self.error(f"no unit called {a!r}")
                    return
                atts.append(ids[a.upper()])
            self.say(odds_text(state, atts, state.data.grid.check(words[2])))
        elif verb == "show":
            if len(words) != 2:
                self.error("usage: show HEX or show UNIT (e.g. show 0506)")
                return
            self.say(show_text(g.state, words[1]))
        elif verb == "log":
            n = int(words[1]) if len(words) > 1 and words[1].isdigit() else 20
            for i, e in enumerate(g.log[-n:], max(1, g.ply - n + 1)):
                who = "dice" if e.chance else side_label(e.player)
                self.say(f"{i:4d}. {who}: {e.action}")
                self.print_events(e.events, "        ")
        elif verb == "save":
            if len(words) != 2:
                self.error("usage: save FILE")
                return
            self.save(words[1])
        elif verb == "undo":
            entry = g.undo(side)
            self.say(f"undone: {entry.action}")
            self.shown_ply = -1
        else:
            self.play(line)

    def pick(self, n: int) -> None:
        if self.choices_ply != self.game.ply or not self.choices:
            self.set_choices(list(self.game.legal_actions))
        if not 1 <= n <= len(self.choices):
            self.error(f"no choice number {n}: choose 1 to {len(self.choices)}")
            return
        self.play(self.choices[n - 1])

    def play(self, action) -> None:
        g = self.game
        side = g.current_player
        events = g.push(action)
        self.say(Text.assemble((f"  {side_label(side)}: ", "bold"), str(g.log[-1].action)))
        self.print_events(events)
        self.after_action()

    def save(self, path: str) -> None:
        try:
            record.save(self.game, path, self.names)
        except OSError as e:
            self.error(f"cannot save to {path}: {e}")
            return
        self.say(f"saved to {path} (load with: typhoon play --load {path})")

    def offer_save(self, prompt: str) -> None:
        if self.save_to:
            self.say(f"the game is saved in {self.save_to}")
            return
        if all(p is not None for p in self.players.values()):
            return  # computer against computer: nobody to ask
        try:
            answer = self.input_fn(prompt).strip()
        except EOFError:
            return
        if answer:
            self.save(str(Path(answer)))

    def finish(self) -> None:
        out = self.game.outcome()
        self.show_board()
        winner = f"{side_label(out.winner)} victory" if out.winner else "Draw"
        scores = ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in out.scores.items())
        self.say(Text(f"Game over: {winner}. {out.reason}" + (f" ({scores})" if scores else ""), "bold magenta"))
        self.offer_save("Save the game? File name (empty: no): ")
