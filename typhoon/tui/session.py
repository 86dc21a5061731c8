"""The game loop of terminal play: humans type commands, computer players and the dice act.

``Session(game, players, input_fn, console)`` is the plain line mode (scripts, pipes, dumb
terminals) and the controller the full-screen app (:mod:`typhoon.tui.app`) drives: the app
overrides the output hooks (``say``, ``error``, ``show_board``, ``ask``) and calls
``advance`` and ``handle``. Tests feed scripted lines through ``input_fn`` and read what was
printed from a rich ``Console`` writing to a string. ``input_fn(prompt)`` returns one line;
``EOFError`` (Ctrl-D, the end of a pipe) and ``KeyboardInterrupt`` (Ctrl-C) never lose the
game: it is saved (autosave) or the player is offered to save.

Any game: the board, the panel and every text come from the game package
(``typhoon.games.registry.get(game.rules.name)``). Hidden information: the terminal shows one
seat's view (``pkg.view(state, seat)``, ``game.log_view(seat)``): against the computer, the
human's seat; hot-seat, the seat whose turn it is (other seats' actions are printed as the
public reads them); computer against computer, a spectator's. Computer players get
``game.observed(side)``; odds are asked on ``game.observe_state(seat)``.
"""

from __future__ import annotations

import random
import re
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
from .board import BoardModel, BoardView, render_map, strips
from .info import (
    HELP,
    canonical_hex,
    decision_text,
    find_unit,
    moves_text,
    preview_lines,
    repeated_unit,
    result_names,
    show_text,
    units_lines,
)
from .panel import odds_label, status_line, status_panel

CHOICES_LISTED = 20  # a decision with at most this many legal actions is offered as a numbered list
RECAP_LINES = 14  # what happened since the human last acted, repeated under the map
COMMANDS = ("help", "legal", "moves", "odds", "undo", "show", "units", "map", "log", "rules", "save", "quit")
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z~]|\x1b[O][A-Za-z]|\x1b")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


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
        interactive: bool = False,
    ) -> None:
        """``players`` maps each side to a computer player (with ``choose(game)``) or None for
        a human. ``save_to``: the autosave file (written after every action). ``interactive``:
        a person answers the prompts (a terminal), so questions may be asked; scripts and
        pipes are never asked anything they did not type."""
        self.game = game
        self.pkg = package or registry.get(game.rules.name)
        self.players = {s: players.get(s) for s in self.pkg.sides}
        self.console = console or Console()
        self.input_fn = input_fn or (lambda prompt: self.console.input(prompt))
        self.save_to = save_to
        self.autosave_ok: bool | None = None  # None: not tried yet
        self.interactive = interactive
        self.names = names or {s: ("human" if p is None else getattr(p, "name", "computer")) for s, p in self.players.items()}
        self.model = BoardModel(self.pkg.map_meta(game.options), self.pkg.sides, self.pkg.side_names)
        self.humans = [s for s in self.pkg.sides if self.players[s] is None]
        self.last_human = self.humans[0] if self.humans else None
        self.view = BoardView(id_width=self.model.id_width())
        self.choices: list = []  # the numbered list on screen, valid only at ply choices_ply
        self.choices_ply = -1
        self.shown_ply = -1
        self.recap_from = game.ply  # log entries from here on are repeated under the map
        self.fought: dict[str, str] = {}  # battle hex -> the odds it was fought at (seen at the roll)
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

    def reader_of(self, entry: Any) -> str | None:
        """Who reads a log entry: the terminal's one human seat, or (hot-seat) the human who
        played it, else the public."""
        if len(self.humans) <= 1:
            return self.last_human
        return entry.player if entry.player in self.humans else None

    def reader_of_last(self) -> str | None:
        return self.reader_of(self.game.log[-1])

    def view_doc(self, seat: str | None = None) -> dict[str, Any]:
        return self.pkg.view(self.game.state, self.seat if seat is None else seat)

    def side_name(self, side: str | None) -> str:
        return self.model.side_name(side) if side else "dice"

    # -- output (the app overrides these) -----------------------------------------------
    def say(self, text: Any = "", style: str | None = None) -> None:
        if isinstance(text, str):
            self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)
        else:
            self.console.print(text)

    def error(self, message: str) -> None:
        self.console.print(Text("error: ", "bold red") + Text(message), soft_wrap=True)

    def ask(self, prompt: str) -> str:
        """One answer from the player (EOFError / KeyboardInterrupt pass through)."""
        return self.input_fn(prompt)

    def show_board(self, highlight=(), selected: str | None = None, view_doc: dict | None = None) -> None:
        doc = view_doc or self.view_doc()
        self.view.highlight, self.view.selected = set(highlight), selected
        board = render_map(self.model, doc, self.view, self.seat)
        width = max(len(line) for line in board.plain.splitlines())
        panel = status_panel(self.model, self.game, doc, self.names, self.fought)
        panel_width = max((len(line) for line in panel.plain.splitlines()), default=0)
        if self.console.width >= width + panel_width + 2:
            grid = Table.grid()
            grid.add_column(no_wrap=True)
            grid.add_column(width=2)
            grid.add_column(no_wrap=True)
            grid.add_row(board, "", panel)
            self.say(grid)
        else:
            # a map wider than the terminal is cut into strips, never wrapped into garbage
            for part in strips(board, self.console.width):
                self.console.print(part, no_wrap=True, overflow="crop", crop=True)
            self.say(status_line(self.model, self.game, doc, self.names, self.fought))
        self.say(self.model.legend())
        self.view.highlight, self.view.selected = set(), None
        self.shown_ply = self.game.ply

    def print_events(self, events, indent: str = "    ") -> None:
        for e in events:
            e = str(e)
            style = "bold magenta" if e.startswith("Game over") else None
            self.say(f"{indent}{e}", style)

    def entry_lines(self, entry: Any, who: str) -> list[tuple[str, str | None]]:
        """An action and what it caused, as its reader may see them: (text, style) lines."""
        reader = self.reader_of(entry)
        if entry.chance:
            lines = [(f"  [die] rolled: {entry.text_for(reader)}", "bold yellow")]
        else:
            lines = [(f"  {who}: {entry.text_for(reader)}", None)]
        return lines + [(f"    {e}", None) for e in entry.events_for(reader)]

    def print_last(self, who: str) -> None:
        for text, style in self.entry_lines(self.game.log[-1], who):
            self.say(text, style)

    def who(self, entry: Any) -> str:
        if entry.chance:
            return "dice"
        name = self.side_name(entry.player)
        return name if self.players.get(entry.player) is None else f"{name} ({self.names.get(entry.player, 'computer')})"

    def recap(self) -> list[tuple[str, str | None]]:
        """What happened since the human last acted (the computer's turn, results), as lines."""
        lines: list[tuple[str, str | None]] = []
        for entry in self.game.log[self.recap_from:]:
            lines += self.entry_lines(entry, self.who(entry))
        return lines[-RECAP_LINES:]

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
        saved = f" Autosave: {self.save_to}." if self.save_to else ""
        return f"{self.pkg.title}{opts}, seed {g.seed}: {sides}. Type 'help' for commands.{saved}"

    def run(self):
        """Play until the game ends or a player quits; returns the outcome (None if unfinished)."""
        g = self.game
        self.say(Text(self.header(), "bold"))
        try:
            while not g.is_over():
                self.advance()
                if not g.is_over():
                    self.human_turn()
        except Quit:
            self.say("Game left unfinished.")
            return None
        self.finish()
        return g.outcome()

    def advance(self, computers: bool = True) -> None:
        """Roll the dice and let the computer players act until a human must decide
        (``computers`` False: stop at a computer's decision too; the full-screen app lets the
        computer think in a worker thread, ``computer_choice`` then ``computer_play``)."""
        g = self.game
        while not g.is_over():
            if g.is_chance():
                self.roll()
            elif computers and self.computer_to_move():
                self.computer_move()
            else:
                return

    def computer_to_move(self) -> bool:
        """Whether a computer player is to decide now."""
        g = self.game
        return not g.is_over() and not g.is_chance() and self.players.get(g.current_player) is not None

    def roll(self) -> None:
        self.remember_odds()
        self.game.roll()
        self.print_last("dice")
        self.after_action()

    def remember_odds(self) -> None:
        """Before a die roll: the odds of the battle about to be fought, as the view gives them
        now (the battle list shows these afterwards, not odds recalculated later)."""
        doc = self.view_doc()
        battles = doc.get("battles", ()) or ()
        live = {str(b.get("target")) for b in battles}
        self.fought = {t: o for t, o in self.fought.items() if t in live}
        rolling = [b for b in battles if b.get("current")] or [b for b in battles if odds_label(b.get("odds"))][:1]
        for b in rolling:
            if odds_label(b.get("odds")) and not b.get("result"):
                self.fought[str(b.get("target"))] = odds_label(b.get("odds"))

    def computer_move(self) -> None:
        side = self.game.current_player
        try:
            action, failure = self.computer_choice(side, self.game.observed(side)), None
        except TyphoonError as e:
            action, failure = None, e
        self.computer_play(side, action, failure)

    def computer_choice(self, side: str, seen: Game) -> Any:
        """The action the computer player of ``side`` chooses, given ``seen``, the game as that
        side may know it (``game.observed(side)``, taken before). It only reads, so it may run
        in a worker thread while the screen is drawn."""
        return self.players[side].choose(seen)

    def computer_play(self, side: str, action: Any, failure: Exception | None = None) -> None:
        """Play the computer's ``action`` for ``side``; when its player failed (``failure``) or
        chose an action the game refuses, a random legal action instead: a broken computer
        player must not end the game."""
        g = self.game
        if failure is None:
            try:
                verb = self.pkg.describe(g.state, action).get("verb") or str(action).split()[0]
                g.push(action)
            except TyphoonError as e:
                failure = e
        if failure is not None:
            action = self.fallback.choice(list(g.legal_actions))
            # the action itself is printed below, as the terminal's seat may read it
            self.error(f"{self.names[side]} player failed ({failure}); playing a random legal action instead")
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
        self.autosave()
        if self.game.log and self.game.log[-1].phase_changed and self.phase_counts:
            # a short summary of what the computer did in the phase that just ended
            side = self.phase_side
            summary = ", ".join(f"{verb} x{n}" for verb, n in sorted(self.phase_counts.items()))
            self.say(f"  -- {self.side_name(side)} ({self.names[side]}) phase summary: {summary}", "dim")
            self.phase_counts.clear()

    def autosave(self) -> None:
        if not self.save_to:
            return
        try:
            record.save(self.game, self.save_to, self.names)
        except OSError as e:
            if self.autosave_ok is not False:  # say it once, not after every action
                self.error(f"autosave to {self.save_to} failed: {e.strerror or e}; use 'save FILE'")
            self.autosave_ok = False
        else:
            self.autosave_ok = True

    def described(self) -> list[tuple[Any, dict[str, Any]]]:
        """The legal actions with their descriptions (``pkg.describe``)."""
        g = self.game
        return [(a, self.pkg.describe(g.state, a)) for a in g.legal_actions]

    def present_turn(self, side: str) -> None:
        """The board, what happened since the human last acted, and the decision at hand."""
        g = self.game
        doc = self.view_doc(side)
        self.show_board(view_doc=doc)
        recap = self.recap()
        if recap and len(self.game.log) > self.recap_from:
            self.say("Since your last action:", "bold")
            for text, style in recap:
                self.say(text, style)
        self.recap_from = g.ply
        self.set_choices([])
        if doc.get("pending") and self.decision_arrived(side):
            few = len(g.legal_actions) <= CHOICES_LISTED
            head, choices = decision_text(doc, self.described() if few else [], CHOICES_LISTED)
            if head:
                self.say(head, "bold")
            if choices:
                self.show_choices([a for a, _ in choices], [label for _, label in choices])

    def decision_arrived(self, side: str) -> bool:
        """Whether the decision at hand is new to the player (the start, a die roll, another
        side's action, a new phase): only then is it listed, numbered, by itself. After the
        player's own action nothing is listed, so a number typed next can never pick from a
        list the player did not ask for."""
        log = self.game.log
        if not log:
            return True
        last = log[-1]
        return last.chance or last.player != side or last.phase_changed

    def human_turn(self) -> None:
        g = self.game
        side = g.current_player
        if self.shown_ply != g.ply:
            self.present_turn(side)
        try:
            line = self.ask(f"{self.side_name(side)}> ")
        except EOFError:
            self.input_ended()
            return
        except KeyboardInterrupt:
            self.interrupted()
            return
        self.handle(line, side)

    def handle(self, line: str, side: str | None = None) -> None:
        """Run one typed command for ``side`` (the player to act), reporting errors."""
        side = side or self.game.current_player
        try:
            self.command(clean(line), side)
        except Quit:
            raise
        except TyphoonError as e:
            self.error(str(e))
        except Exception as e:  # never lose the game to a bug on odd input
            self.error(f"internal error ({type(e).__name__}: {e}); the game is unchanged")

    # -- leaving ---------------------------------------------------------------------------
    def saved_note(self) -> str | None:
        """'the game is saved in X' only when the last autosave really wrote it."""
        if self.save_to and self.autosave_ok is not False:
            if self.autosave_ok is None:
                self.autosave()
            if self.autosave_ok:
                return f"the game is saved in {self.save_to} (continue with: typhoon play --load {self.save_to})"
        return None

    def input_ended(self) -> None:
        """Ctrl-D at a terminal, or the end of a script: nothing is lost."""
        if self.interactive:
            self.say("")
            self.interrupted()
            return
        note = self.saved_note()
        self.say(f"input ended: {note}" if note else "input ended: the game is not saved (no autosave file)")
        raise Quit

    def interrupted(self) -> None:
        """Ctrl-C: leave (saving) or go on playing."""
        note = self.saved_note()
        try:
            answer = self.ask("Leave the game? y: save and leave, n: leave without saving, "
                              "anything else: go on playing: ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = "y"
        if answer in ("y", "yes"):
            if note:
                self.say(note)
            else:
                self.offer_save("Save to which file (ending in .json; empty: do not save)? ", force=True)
            raise Quit
        if answer in ("n", "no"):
            raise Quit
        self.say("going on")

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
            "rules": self.cmd_rules, "units": self.cmd_units,
        }.get(verb)
        if verb.isdigit() and len(words) == 1:
            self.pick(int(verb))
        elif handler is not None:
            handler(words[1:], side)
        else:
            self.play(line)

    def cmd_help(self, args: list[str], side: str) -> None:
        self.say(HELP)
        # never the computer's own options (asked while it thinks, in the full-screen app)
        examples = [] if self.computer_to_move() else [str(a) for a in list(self.game.legal_actions)[:3]]
        if examples:
            self.say(f"Legal now, for example: {' | '.join(examples)}")

    def cmd_quit(self, args: list[str], side: str) -> None:
        note = self.saved_note()
        if note:
            self.say(note)
        else:
            self.offer_save("Save before quitting? File name ending in .json (empty: no): ")
        raise Quit

    def cmd_map(self, args: list[str], side: str) -> None:
        arg = args[0].lower() if args else ""
        if arg == "ids":
            self.view.ids = not self.view.ids
        elif arg == "compact":
            self.view.compact = not self.view.compact
        elif arg == "zoc":
            self.view.zoc = not self.view.zoc
        elif arg:
            self.error(f"'map {arg}': expected 'map', 'map ids', 'map compact' or 'map zoc'")
            return
        self.show_board()

    def cmd_legal(self, args: list[str], side: str) -> None:
        acts = list(self.game.legal_actions)
        self.show_choices(acts, [str(a) for a in acts])

    def show_choices(self, actions: list, labels: list[str]) -> None:
        """Show a numbered list: from now until anything is played, a number picks from it."""
        self.set_choices(actions)
        for i, label in enumerate(labels, 1):
            self.say(f"  {i:2d}. {label}")
        if actions:
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
        self.show_choices([a for a, _ in moves], [f"{unit['id']} to {h}" for h in dests])

    def example_unit(self, side: str) -> str:
        mine = [u for u in self.view_doc(side).get("units", ()) if u.get("side") == side and u.get("hex")]
        return str(mine[0]["id"]) if mine else "UNIT"

    def odds(self, side: str, names: list[str], hex_text: str) -> dict[str, Any]:
        """The preview of a proposed battle as ``side`` may know it (hidden values stay hidden:
        ``observe_state``); each attacker once."""
        doc = self.view_doc(side)
        twice = repeated_unit(names)
        if twice is not None:
            raise ParseError(f"{twice} is listed twice among the attackers: each unit attacks once")
        atts = []
        for a in names:
            u = find_unit(doc, a)
            if u is None:
                raise ParseError(f"no unit called {a!r}")
            atts.append(str(u["id"]))
        twice = repeated_unit(atts)  # the same unit by its id and its label
        if twice is not None:
            raise ParseError(f"{twice} is listed twice among the attackers: each unit attacks once")
        target = canonical_hex(self.model, hex_text)
        return self.pkg.battle_preview(self.game.observe_state(side), target, atts)

    def cmd_odds(self, args: list[str], side: str) -> None:
        if len(args) != 2:
            self.error(f"usage: odds A,B HEX (e.g. odds {self.example_unit(side)} HEX)")
            return
        preview = self.odds(side, [a for a in args[0].split(",") if a], args[1])
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

    def cmd_units(self, args: list[str], side: str) -> None:
        for u, line in units_lines(self.model, self.view_doc(side), side):
            self.say(f"  {self.model.side_name(u.get('side')):<8} {line}")

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
        self.recap_from = min(self.recap_from, self.game.ply)
        self.set_choices([])
        self.autosave()

    def cmd_rules(self, args: list[str], side: str) -> None:
        doc = self.pkg.rules_doc(self.game.options)
        for name, meaning in self.result_names().items():
            self.say(f"  {name:<4} {meaning}")
        for v in doc.get("victory", ()) or ():
            self.say(f"  victory: {v if isinstance(v, str) else v.get('text', v)}")
        for r in doc.get("references", ()) or ():
            self.say(f"  see: {r if isinstance(r, str) else r.get('text') or r.get('title') or r}")

    def set_choices(self, actions: list) -> None:
        self.choices, self.choices_ply = list(actions), self.game.ply

    def pick(self, n: int) -> None:
        """Choice ``n`` of the numbered list on screen: never of a list rebuilt after the
        position changed (the player never saw it)."""
        if self.choices_ply != self.game.ply or not self.choices:
            self.choices = []
            raise ParseError(f"no numbered list is on screen to pick {n} from (a list goes stale once anything "
                             "is played): type 'legal' or 'moves UNIT' for a new one")
        if not 1 <= n <= len(self.choices):
            raise ParseError(f"no choice number {n}: choose 1 to {len(self.choices)}")
        self.play(self.choices[n - 1])

    def play(self, action) -> None:
        g = self.game
        side = g.current_player
        g.push(action)
        self.set_choices([])
        self.recap_from = g.ply
        self.print_last(self.side_name(side))
        self.after_action()

    def save(self, path: str) -> bool:
        try:
            record.save(self.game, path, self.names)
        except OSError as e:
            self.error(f"cannot save to {path}: {e.strerror or e}")
            return False
        self.say(f"saved to {path} (load with: typhoon play --load {path})")
        return True

    def offer_save(self, prompt: str, force: bool = False) -> None:
        """Ask for a file to save to, only of a person at a terminal (``interactive``): a
        script's next line is never taken for a file name. The answer must end in .json."""
        if not self.humans or not (self.interactive or force):
            return
        for _ in range(3):
            try:
                answer = self.ask(prompt).strip()
            except (EOFError, KeyboardInterrupt):
                return
            if not answer or answer.lower() in ("n", "no"):
                return
            if answer.lower().endswith(".json") and self.save(str(Path(answer))):
                return
            if not answer.lower().endswith(".json"):
                self.error(f"not saved: {answer!r} is not a file name ending in .json")

    def finish(self) -> None:
        out = self.game.outcome()
        # once the game is over everything is revealed: the final board is shown to all
        self.show_board(view_doc=self.pkg.view(self.game.state, self.seat))
        for text, style in self.recap():
            self.say(text, style)
        winner = f"{self.side_name(out.winner)} victory" if out.winner else "Draw"
        scores = ", ".join(f"{k.replace('_', ' ')} {v:g}" for k, v in out.scores.items())
        self.say(Text(f"Game over: {winner}. {out.reason}" + (f" ({scores})" if scores else ""), "bold magenta"))
        note = self.saved_note()
        if note:
            self.say(note)
        else:
            self.offer_save("Save the game? File name ending in .json (empty: no): ")


def clean(line: str) -> str:
    """A typed line without terminal escape sequences (an arrow key in a terminal without line
    editing) or control characters; ParseError when nothing but such keys was typed."""
    stripped = _CONTROL.sub("", _ESCAPE.sub("", line)).strip()
    if not stripped and line.strip():
        raise ParseError("that was a terminal key (arrow, function key), not a command: this terminal has no "
                         "line editing here; type the command, or use the full-screen terminal (typhoon play)")
    return stripped
