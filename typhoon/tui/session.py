"""The game loop of terminal play: humans type commands, computer players and the dice act.

``Session(game, players, input_fn, console)`` is independent of any real terminal: tests feed
scripted lines through ``input_fn`` and read what was printed from a rich ``Console`` writing
to a string. ``input_fn(prompt)`` returns one line; raising ``EOFError`` ends the session.

Any game: the board, the panel and every text come from the game package
(``typhoon.games.registry.get(game.rules.name)``). Hidden information: the terminal shows one
seat's view (``pkg.view(state, seat)``, ``game.log_view(seat)``): against the computer, the
human's seat; hot-seat, the seat whose turn it is (other seats' actions are printed as the
public reads them); computer against computer, a spectator's. Computer players get
``game.observed(side)``.
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
from ..core.errors import ParseError, TyphoonError
from ..core.game import Game
from ..games import registry
from .board import BoardModel, BoardView, render_map
from .info import (
    HELP,
    canonical_hex,
    decision_text,
    find_unit,
    moves_text,
    preview_lines,
    result_names,
    show_text,
)
from .panel import status_line, status_panel


CHOICES_LISTED = 20  # a decision with at most this many legal actions is offered as a numbered list


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
        package: Any = None,
    ) -> None:
        """``players`` maps each side to a computer player (with ``choose(game)``) or None for a human."""
        self.game = game
        self.pkg = package or registry.get(game.rules.name)
        self.players = {s: players.get(s) for s in self.pkg.sides}
        self.console = console or Console()
        self.input_fn = input_fn or (lambda prompt: self.console.input(prompt))
        self.save_to = save_to
        self.names = names or {s: ("human" if p is None else getattr(p, "name", "computer")) for s, p in self.players.items()}
        self.model = BoardModel(self.pkg.map_meta(game.options), self.pkg.sides, self.pkg.side_names)
        self.humans = [s for s in self.pkg.sides if self.players[s] is None]
        self.last_human = self.humans[0] if self.humans else None
        self.view = BoardView()
        self.choices: list = []  # the numbered list a number picks from
        self.choices_ply = -1
        self.shown_ply = -1
        self.phase_counts: Counter = Counter()  # the computer's actions in the current phase
        self.phase_side: str | None = None
        self.fallback = random.Random(game.seed)
        self._results: dict[str, str] | None = None

    # -- whose eyes ------------------------------------------------------------------------
    @property
    def seat(self) -> str | None:
        """The seat whose view the terminal shows now (module docstring)."""
        if len(self.humans) <= 1:
            return self.last_human
        p = self.game.current_player
        if p in self.humans:
            self.last_human = p
        return self.last_human

    def reader_of_last(self) -> str | None:
        """Who reads the action just played: the human who played it, the terminal's one human
        seat, or (hot-seat, other actions) the public."""
        last = self.game.log[-1]
        if len(self.humans) <= 1:
            return self.last_human
        return last.player if last.player in self.humans else None

    def view_doc(self, seat: str | None = None) -> dict[str, Any]:
        return self.pkg.view(self.game.state, self.seat if seat is None else seat)

    def side_name(self, side: str | None) -> str:
        return self.model.side_name(side) if side else "dice"

    # -- output ----------------------------------------------------------------------------
    def say(self, text: Any = "", style: str | None = None) -> None:
        if isinstance(text, str):
            self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)
        else:
            self.console.print(text)

    def error(self, message: str) -> None:
        self.console.print(Text("error: ", "bold red") + Text(message), soft_wrap=True)

    def show_board(self, highlight=(), selected: str | None = None, view_doc: dict | None = None) -> None:
        doc = view_doc or self.view_doc()
        self.view.highlight, self.view.selected = set(highlight), selected
        board = render_map(self.model, doc, self.view)
        width = max(len(line) for line in board.plain.splitlines())
        panel = status_panel(self.model, self.game, doc, self.names)
        panel_width = max((len(line) for line in panel.plain.splitlines()), default=0)
        if self.console.width >= width + panel_width + 2:
            grid = Table.grid()
            grid.add_column(no_wrap=True)
            grid.add_column(width=2)
            grid.add_column(no_wrap=True)
            grid.add_row(board, "", panel)
            self.say(grid)
        else:
            self.say(board)
            self.say(status_line(self.model, self.game, doc, self.names))
        self.say(self.model.legend())
        self.view.highlight, self.view.selected = set(), None
        self.shown_ply = self.game.ply

    def print_events(self, events, indent: str = "    ") -> None:
        for e in events:
            e = str(e)
            style = "bold magenta" if e.startswith("Game over") else "cyan" if e.startswith("Turn ") else None
            self.say(f"{indent}{e}", style)

    def print_last(self, who: str) -> None:
        """The action just played and what it caused, as its reader may see them."""
        entry = self.game.log[-1]
        reader = self.reader_of_last()
        if entry.chance:
            self.say(Text.assemble(("  [die] ", "bold yellow"), (f"rolled: {entry.text_for(reader)}", "bold yellow")))
        else:
            self.say(Text.assemble((f"  {who}: ", "bold"), entry.text_for(reader)))
        self.print_events(entry.events_for(reader))

    # -- the loop --------------------------------------------------------------------------
    def header(self) -> str:
        g = self.game
        shown = []
        for i, spec in enumerate(self.pkg.option_specs()):
            value = g.options.get(spec.name, spec.default)
            if i == 0 or value != spec.default:
                shown.append(f"{spec.label or spec.name}: {value}")
        opts = f" ({', '.join(shown)})" if shown else ""
        sides = " vs ".join(f"{self.side_name(s)} {self.names.get(s, '?')}" for s in self.pkg.sides)
        return f"{self.pkg.title}{opts}, seed {g.seed}: {sides}. Type 'help' for commands."

    def run(self):
        """Play until the game ends or a player quits; returns the outcome (None if unfinished)."""
        g = self.game
        self.say(Text(self.header(), "bold"))
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
        self.game.roll()
        self.print_last("dice")
        self.after_action()

    def computer_move(self) -> None:
        g = self.game
        side = g.current_player
        player = self.players[side]
        try:
            action = player.choose(g.observed(side))
            verb = self.pkg.describe(g.state, action).get("verb") or str(action).split()[0]
            g.push(action)
        except TyphoonError as e:  # a broken computer player must not end the game
            action = self.fallback.choice(list(g.legal_actions))
            # the action itself is printed below, as the terminal's seat may read it
            self.error(f"{self.names[side]} player failed ({e}); playing a random legal action instead")
            verb = self.pkg.describe(g.state, action).get("verb") or str(action).split()[0]
            g.push(action)
        self.print_last(f"{self.side_name(side)} ({self.names[side]})")
        entry, reader = g.log[-1], self.reader_of_last()
        if entry.text_for(reader) != str(entry.action):  # a secret action: count what the reader saw
            verb = (entry.text_for(reader).split() or ["secret"])[0]
        self.phase_counts[verb] += 1
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
            self.say(f"  -- {self.side_name(side)} ({self.names[side]}) phase summary: {summary}", "dim")
            self.phase_counts.clear()

    def described(self) -> list[tuple[Any, dict[str, Any]]]:
        """The legal actions with their descriptions (``pkg.describe``)."""
        g = self.game
        return [(a, self.pkg.describe(g.state, a)) for a in g.legal_actions]

    def human_turn(self) -> None:
        g = self.game
        side = g.current_player
        if self.shown_ply != g.ply:
            doc = self.view_doc(side)
            self.show_board(view_doc=doc)
            if doc.get("pending"):
                few = len(g.legal_actions) <= CHOICES_LISTED
                head, choices = decision_text(doc, self.described() if few else [], CHOICES_LISTED)
                if head:
                    self.say(head, "bold")
                if choices:
                    self.set_choices([a for a, _ in choices])
                    for i, (_, label) in enumerate(choices, 1):
                        self.say(f"  {i:2d}. {label}")
                    self.say("  (type a number)")
        try:
            line = self.input_fn(f"{self.side_name(side)}> ")
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
        if not line:
            return
        words = line.split()
        verb = words[0].lower()
        handler = {
            "help": self.cmd_help, "?": self.cmd_help, "quit": self.cmd_quit, "exit": self.cmd_quit,
            "map": self.cmd_map, "legal": self.cmd_legal, "moves": self.cmd_moves, "odds": self.cmd_odds,
            "show": self.cmd_show, "log": self.cmd_log, "save": self.cmd_save, "undo": self.cmd_undo,
            "rules": self.cmd_rules,
        }.get(verb)
        if verb.isdigit():
            self.pick(int(verb))
        elif handler is not None:
            handler(words[1:], side)
        else:
            self.play(line)

    def cmd_help(self, args: list[str], side: str) -> None:
        self.say(HELP)
        examples = [str(a) for a in list(self.game.legal_actions)[:3]]
        if examples:
            self.say(f"Legal now, for example: {' | '.join(examples)}")

    def cmd_quit(self, args: list[str], side: str) -> None:
        self.offer_save("Save before quitting? File name (empty: no): ")
        raise Quit

    def cmd_map(self, args: list[str], side: str) -> None:
        arg = args[0].lower() if args else ""
        if arg == "ids":
            self.view.ids = not self.view.ids
        elif arg == "compact":
            self.view.compact = not self.view.compact
        elif arg:
            self.error(f"'map {arg}': expected 'map', 'map ids' or 'map compact'")
            return
        self.show_board()

    def cmd_legal(self, args: list[str], side: str) -> None:
        acts = list(self.game.legal_actions)
        self.set_choices(acts)
        for i, a in enumerate(acts, 1):
            self.say(f"  {i:3d}. {a}")
        self.say("  (type a number to play it)")

    def cmd_moves(self, args: list[str], side: str) -> None:
        if len(args) != 1:
            self.error("usage: moves UNIT (e.g. moves " + self.example_unit(side) + ")")
            return
        doc = self.view_doc(side)
        unit, moves = moves_text(self.model, doc, self.described(), args[0])
        dests = [h for _, h in moves]
        self.show_board(highlight=dests, selected=unit["hex"], view_doc=doc)
        self.say(f"{unit['id']} in {unit['hex']} may move to: {' '.join(dests)}")
        self.set_choices([a for a, _ in moves])

    def example_unit(self, side: str) -> str:
        mine = [u for u in self.view_doc(side).get("units", ()) if u.get("side") == side and u.get("hex")]
        return str(mine[0]["id"]) if mine else "UNIT"

    def cmd_odds(self, args: list[str], side: str) -> None:
        if len(args) != 2:
            self.error(f"usage: odds A,B HEX (e.g. odds {self.example_unit(side)} HEX)")
            return
        doc = self.view_doc(side)
        atts = []
        for a in args[0].split(","):
            if not a:
                continue
            u = find_unit(doc, a)
            if u is None:
                self.error(f"no unit called {a!r}")
                return
            atts.append(str(u["id"]))
        target = canonical_hex(self.model, args[1])
        # the odds as this seat may know them: hidden values stay hidden (observe_state)
        preview = self.pkg.battle_preview(self.game.observe_state(side), target, atts)
        self.say("\n".join(preview_lines(preview, self.result_names())))

    def result_names(self) -> dict[str, str]:
        if self._results is None:
            self._results = result_names(self.pkg.rules_doc(self.game.options))
        return self._results

    def cmd_show(self, args: list[str], side: str) -> None:
        if len(args) != 1:
            self.error("usage: show HEX or show UNIT")
            return
        self.say(show_text(self.model, self.view_doc(side), args[0]))

    def cmd_log(self, args: list[str], side: str) -> None:
        g = self.game
        n = int(args[0]) if args and args[0].isdigit() else 20
        for e in g.log_view(side, start=max(0, g.ply - n)):
            who = "dice" if e["chance"] else self.side_name(e["player"])
            self.say(f"{e['ply']:4d}. {who}: {e['action']}")
            self.print_events(e["events"], "        ")

    def cmd_save(self, args: list[str], side: str) -> None:
        if len(args) != 1:
            self.error("usage: save FILE")
            return
        self.save(args[0])

    def cmd_undo(self, args: list[str], side: str) -> None:
        entry = self.game.undo(side)  # UndoError with game.undo_refusal's reason
        self.say(f"undone: {entry.text_for(side)}")
        self.shown_ply = -1

    def cmd_rules(self, args: list[str], side: str) -> None:
        doc = self.pkg.rules_doc(self.game.options)
        for name, meaning in self.result_names().items():
            self.say(f"  {name:<4} {meaning}")
        for v in doc.get("victory", ()) or ():
            self.say(f"  victory: {v if isinstance(v, str) else v.get('text', v)}")
        for r in doc.get("references", ()) or ():
            self.say(f"  see: {r if isinstance(r, str) else r.get('text') or r.get('title') or r}")

    def pick(self, n: int) -> None:
        if self.choices_ply != self.game.ply or not self.choices:
            self.set_choices(list(self.game.legal_actions))
        if not 1 <= n <= len(self.choices):
            raise ParseError(f"no choice number {n}: choose 1 to {len(self.choices)}")
        self.play(self.choices[n - 1])

    def play(self, action) -> None:
        g = self.game
        side = g.current_player
        g.push(action)
        self.print_last(self.side_name(side))
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
        if not self.humans:
            return  # computer against computer: nobody to ask
        try:
            answer = self.input_fn(prompt).strip()
        except EOFError:
            return
        if answer:
            self.save(str(Path(answer)))

    def finish(self) -> None:
        out = self.game.outcome()
        # once the game is over everything is revealed: the final board is shown to all
        self.show_board(view_doc=self.pkg.view(self.game.state, self.seat))
        winner = f"{self.side_name(out.winner)} victory" if out.winner else "Draw"
        scores = ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in out.scores.items())
        self.say(Text(f"Game over: {winner}. {out.reason}" + (f" ({scores})" if scores else ""), "bold magenta"))
        self.offer_save("Save the game? File name (empty: no): ")
