"""An LLM seat at the table: an MCP server (official ``mcp`` SDK, stdio transport), for any game.

The model plays one side of one game per server process; the server plays the other side
with a Typhoon computer player and makes the chance events, so after each ``act`` the model is
asked again only when it must decide. Tools: ``new_game``, ``describe``, ``legal_actions``,
``legal_summary`` (per unit, compact), ``pending`` (what the game waits for), ``map`` (terrain,
hexside features, lines, places, adjacency and how hexes are numbered), ``rules`` (charts, results,
victory), ``odds``, ``act``, ``act_many`` (several actions, a result for each), ``undo``, ``log``,
``save``. Errors the model can fix (an illegal action, an unknown unit,
no game yet) come back as tool errors with a plain message; the game is never changed by them.

The seat sees only what its side may see: ``describe`` is made from its side's view, ``log`` and
the reports of ``act`` are the log as its side reads it (``Game.log_view`` / ``Entry.text_for``),
``odds`` are computed on the state as its side knows it, and the opponent of a game with hidden
information chooses on ``game.observed(its side)``.

Run: ``typhoon mcp`` or ``python -m typhoon.research.mcp_server [--game NAME]``.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from ..core import record
from ..core.contract import GamePackage
from ..core.errors import TyphoonError, UndoError
from ..core.game import Game
from ..games import registry
from .common import DEFAULT_GAME, make_opponent, observed_state, opponent_move, package
from .text import describe as describe_text
from .text import odds_text, phase_text, seat_view


class Seat:
    """The game behind the tools (usable without MCP, which is how most of it is tested)."""

    def __init__(self, game: str = DEFAULT_GAME) -> None:
        self.game_name = game
        self.pkg: GamePackage = package(game)
        self.game: Game | None = None
        self.side = self.pkg.sides[0]
        self.opponent_name = "heuristic"
        self.opponent: Any = None
        self._meta: dict[str, Any] | None = None
        self._phase: tuple[Any, str] | None = None  # (phase key, "turn N, phase") of the last report

    def _need(self) -> Game:
        if self.game is None:
            raise ToolError("no game yet: call new_game first")
        return self.game

    def new_game(self, options: dict[str, Any] | None, side: str | None, opponent: str | None, seed: int,
                 game: str | None = None) -> str:
        """Start a game of ``game`` (default: this seat's) with this seat playing ``side``
        (default: the game's first side)."""
        try:
            pkg = package(game or self.game_name)
        except TyphoonError as e:
            raise ToolError(str(e)) from None
        side = pkg.sides[0] if side is None else side
        if opponent is None:
            opponent = "heuristic" if "heuristic" in pkg.players() else "random"
        if side not in pkg.sides:
            raise ToolError(f"side must be {' or '.join(repr(s) for s in pkg.sides)}, not {side!r}")
        try:
            g = pkg.new_game(options or {}, seed=seed)
            player = make_opponent(pkg, opponent, seed=seed + 1)
        except TyphoonError as e:
            raise ToolError(str(e)) from None
        self.pkg, self.game_name = pkg, pkg.name
        self.game, self.side, self.opponent_name, self.opponent = g, side, opponent, player
        self._meta, self._phase = None, None
        events = self._play_others()
        head = (
            f"New game of {pkg.title} (seed {seed}, options {g.options}); you are {side}, "
            f"the opponent is '{opponent}'."
        )
        return "\n".join([head, *events, "", self.describe()])

    def _report(self, entry_index: int) -> str:
        """One log entry as this seat reads it: ``[who] action: events``."""
        e = self._need().log[entry_index]
        who = e.player or "dice"
        return f"[{who}] {e.text_for(self.side)}: " + "; ".join(e.events_for(self.side))

    def _play_others(self) -> list[str]:
        """Make chance events and play the opponent until it is this seat's decision or the game is over."""
        g = self._need()
        out: list[str] = []
        while not g.is_over() and g.current_player != self.side:
            if g.is_chance():
                g.roll()
            else:
                opponent_move(self.pkg, g, self.opponent, g.current_player)
            out.append(self._report(-1))
        return out

    def _map(self) -> dict[str, Any]:
        """The game's ``map_meta()`` (once per game; empty if the game has no map data)."""
        if self._meta is None:
            try:
                self._meta = dict(self.pkg.map_meta(self._need().options))
            except NotImplementedError:
                self._meta = {}
        return self._meta

    def describe(self) -> str:
        return describe_text(self.pkg, self._need(), self.side, self._map())

    def _units_seen(self) -> set[str]:
        view = seat_view(self.pkg, self._need().state, self.side)
        return {str(u.get("id")) for u in view.get("units") or ()}

    def legal_actions(self, unit: str | None = None) -> str:
        g = self._need()
        if g.is_over():
            return "The game is over: no legal actions."
        acts = list(g.legal_actions)
        if unit:
            if unit not in self._units_seen():
                raise ToolError(f"no unit called {unit!r}")
            acts = [a for a in acts if unit in (self.pkg.describe(g.state, a).get("units") or ())]
            if not acts:
                return f"No legal action for {unit} now."
        return "\n".join(map(str, acts))

    def odds(self, attackers: list[str], target: str) -> str:
        g = self._need()
        known = observed_state(self.pkg.rules, g.state, self.side)  # never the hidden truth
        try:
            preview = self.pkg.battle_preview(known, target, list(attackers))
        except TyphoonError as e:
            raise ToolError(str(e)) from None
        return odds_text(preview)

    def _phase_line(self) -> str:
        """"turn N, phase" of the game now (recomputed only when the phase changed)."""
        g = self._need()
        key = g.rules.phase_key(g.state)
        if self._phase is None or self._phase[0] != key:
            self._phase = (key, phase_text(seat_view(self.pkg, g.state, self.side)))
        return self._phase[1]

    def act(self, action: str) -> str:
        g = self._need()
        if g.is_over():
            raise ToolError("the game is over")
        if g.current_player != self.side:
            raise ToolError(f"it is not your move (waiting for {g.current_player or 'the dice'})")
        try:
            g.push(action)
        except TyphoonError as e:  # IllegalActionError / ParseError: the game is unchanged
            raise ToolError(f"{e}. Ask legal_actions for the actions open now.") from None
        lines = [self._report(-1)]
        lines += self._play_others()
        out = g.outcome()
        if out is not None:
            lines.append(f"Game over: {out.reason}. " + ("Draw." if out.winner is None else
                         ("You win." if out.winner == self.side else "You lose.")))
        else:
            lines.append(f"Your move: {self._phase_line()}.")
        return "\n".join(lines)

    # -- what a seat needs beyond the basics ---------------------------------------------------
    def legal_summary(self) -> str:
        """The legal actions grouped by unit and verb, one line each: ``XX move (12): 0305 0306
        ...``; actions naming no unit are listed as they are."""
        g = self._need()
        if g.is_over():
            return "The game is over: no legal actions."
        groups: dict[tuple[str, str], list[str]] = defaultdict(list)
        plain: list[str] = []
        for a in g.legal_actions:
            d = self.pkg.describe(g.state, a)
            units = d.get("units") or ()
            if len(units) == 1:
                groups[(str(units[0]), str(d.get("verb")))].append(str(d.get("hex") or d.get("text") or a))
            else:
                plain.append(str(a))
        lines = [f"{u} {verb} ({len(xs)}): {' '.join(xs)}" for (u, verb), xs in groups.items()]
        n = sum(len(xs) for xs in groups.values()) + len(plain)
        head = f"{n} legal actions; write them as legal_actions lists them (e.g. '{next(iter(g.legal_actions))}')."
        return "\n".join([head, *lines, *plain])

    def pending(self) -> str:
        """What the game waits for now, as this seat's view says (the pending choice, battles
        declared and where they stand, notes such as a unit that must still leave a stack)."""
        g = self._need()
        view = seat_view(self.pkg, g.state, self.side)
        out = [f"{phase_text(view)}; to act: {view.get('current_player') or ('nobody: the game is over' if g.is_over() else 'the dice')}."]
        p = view.get("pending")
        if p:
            out.append(f"Pending ({p.get('kind')}): {p.get('text')}")
        for b in view.get("battles") or ():
            out.append(
                f"Battle at {b.get('target')}: attackers {', '.join(map(str, b.get('attackers') or ())) or 'none'}; "
                f"defenders {', '.join(map(str, b.get('defenders') or ())) or 'none'}; step {b.get('step')}"
                + (f"; result {b['result']}" if b.get("result") else "")
            )
        out += [f"Note: {n}" for n in view.get("notes") or ()]
        why = g.undo_refusal(self.side)
        out.append("Undo: possible." if why is None else f"Undo: not possible ({why}).")
        return "\n".join(out)

    def map_text(self, hexes: list[str] | None = None) -> str:
        """The board as data a model can read: numbering, terrain and attributes per hex, its
        neighbours, hexside features, lines (rail, road), places and map edges."""
        meta = self._map()
        if not meta:
            return "This game offers no map data."
        geo = meta.get("geometry") or {}
        cells = meta.get("hexes") or {}
        wanted = [h for h in (hexes or cells) if h in cells]
        unknown = [h for h in hexes or () if h not in cells]
        if unknown:
            raise ToolError(f"no hex {', '.join(map(repr, unknown))} on this map")
        nb = _neighbours(geo.get("centres") or {})
        sides: dict[str, list[str]] = defaultdict(list)
        for hs in meta.get("hexsides") or ():
            sides[hs["a"]].append(f"{hs['feature']} to {hs['b']}")
            sides[hs["b"]].append(f"{hs['feature']} to {hs['a']}")
        out = [
            f"{meta.get('title', self.pkg.title)}: {len(cells)} hexes, {geo.get('orientation', '?')}-topped. "
            "Hex ids are CCRR (column then row, from the top-left); neighbours are listed per hex."
        ]
        for h in wanted:
            attrs = {k: v for k, v in cells[h].items() if v not in (None, False, "", [], {}) and k != "terrain"}
            line = f"{h}: {cells[h].get('terrain')}"
            if attrs:
                line += " " + json.dumps(attrs, separators=(",", ":"), default=str)
            line += f"; next to {' '.join(nb.get(h, ()))}"
            if sides.get(h):
                line += f"; {', '.join(sides[h])}"
            out.append(line)
        if not hexes:
            for ln in meta.get("lines") or ():
                out.append(f"{ln.get('feature')} line: {' '.join(ln.get('hexes') or ())}")
            for pl in meta.get("places") or ():
                out.append(f"place {pl.get('name')} ({pl.get('kind')}) in {pl.get('hex')}" + (f", value {pl['value']}" if pl.get("value") else ""))
            for e in meta.get("edges") or ():
                out.append(f"edge {e.get('name')}: {' '.join(e.get('hexes') or ())}")
        return "\n".join(out)

    def rules_text(self) -> str:
        """The rules reference of the game: charts (the combat results table...), result codes,
        victory conditions and references, as JSON."""
        doc = self.pkg.rules_doc(self._need().options if self.game is not None else None)
        return json.dumps(doc, default=str, separators=(",", ":"))

    def undo(self) -> str:
        """Take back this seat's last action (within the phase, never past a die roll)."""
        g = self._need()
        try:
            entry = g.undo(self.side)
        except UndoError as e:
            raise ToolError(str(e)) from None
        return f"Took back '{entry.text_for(self.side)}'. Your move: {self._phase_line()}."

    def act_many(self, actions: list[str]) -> str:
        """Several actions in order, one result line each; stops at the first refused action
        (the ones before it stand) or when it is no longer this seat's move."""
        if not actions:
            raise ToolError("give at least one action")
        lines = []
        for i, text in enumerate(actions, 1):
            g = self._need()
            if g.is_over() or g.current_player != self.side:
                lines.append(f"{i}. {text}: not played (it is no longer your move)")
                break
            try:
                lines.append(f"{i}. OK: " + self.act(text).replace("\n", "\n   "))
            except ToolError as e:
                lines.append(f"{i}. REFUSED: {e} (actions after it were not played)")
                break
        return "\n".join(lines)

    def log(self, last: int = 40) -> str:
        g = self._need()
        start = max(0, len(g.log) - last) if last > 0 else 0
        return "\n".join(
            f"{e['ply']}. [{e['player'] or 'dice'}] {e['action']}: " + "; ".join(e["events"])
            for e in g.log_view(self.side, start=start)
        ) or "No actions yet."

    def save(self, path: str) -> str:
        g = self._need()
        players = {s: ("llm" if s == self.side else self.opponent_name) for s in self.pkg.sides}
        try:
            record.save(g, path, players)
        except OSError as e:
            raise ToolError(f"cannot save to {path!r}: {e}") from None
        return f"Saved {len(g.log)} actions to {path}."


def _neighbours(centres: dict[str, Any]) -> dict[str, list[str]]:
    """Adjacent hexes from the hex centres of ``map_meta`` (centres one hex apart)."""
    pts = {h: (float(x), float(y)) for h, (x, y) in centres.items()}
    if len(pts) < 2:
        return {}
    items = list(pts.items())
    d0 = min(((ax - bx) ** 2 + (ay - by) ** 2) for i, (_, (ax, ay)) in enumerate(items[:30]) for _, (bx, by) in items[i + 1:])
    lim = d0 * 1.2
    out: dict[str, list[str]] = defaultdict(list)
    for i, (a, (ax, ay)) in enumerate(items):
        for b, (bx, by) in items[i + 1:]:
            if (ax - bx) ** 2 + (ay - by) ** 2 <= lim:
                out[a].append(b)
                out[b].append(a)
    return {h: sorted(v) for h, v in out.items()}


def _option_help(pkg: GamePackage) -> str:
    parts = []
    for s in pkg.option_specs():
        if s.kind == "choice":
            parts.append(f"{s.name} {'|'.join(repr(str(c)) for c in s.choices)}")
        elif s.kind == "int":
            parts.append(f"{s.name} {s.minimum}-{s.maximum}")
        else:
            parts.append(f"{s.name} ({s.kind})")
    return ", ".join(parts) or "none"


def new_game_description(pkg: GamePackage) -> str:
    """The description of ``new_game``: exactly what it accepts, for every game it can start."""
    from ..ai.base import player_names

    per_game = []
    for name in registry.names():
        try:
            g = registry.get(name)
        except Exception:  # noqa: BLE001 (a broken game is left out of the description, as of the server)
            continue
        opponents = [n for n in player_names(name) if n != "human"]
        per_game.append(
            f"'{name}' ({g.title}): sides {' or '.join(repr(s) for s in g.sides)}; options {_option_help(g)}; "
            f"opponents {', '.join(repr(o) for o in opponents)}"
        )
    return (
        f"Start a new game (replacing any game in progress). game: which game (default '{pkg.name}'). "
        "side: yours (default the game's first side). opponent: the computer player of the other side "
        "(default 'heuristic' where the game has one). seed: the dice (an integer). options: an object of "
        "option name to value; unknown names or bad values are refused with the reason. Games: "
        + " | ".join(per_game)
    )


def build_server(seat: Seat | None = None, game: str = DEFAULT_GAME) -> MCPServer:
    seat = seat or Seat(game)
    pkg = seat.pkg
    server = MCPServer(
        f"typhoon-{pkg.name}",
        instructions=(
            f"You play one side of {pkg.title}, a hex-and-counter wargame. Start with new_game, read "
            "describe and legal_actions, then act with one action text at a time, exactly as legal_actions "
            "lists them. The server plays the other side and makes the die rolls; you see only what your side "
            "may see."
        ),
    )

    @server.tool(description=new_game_description(pkg))
    def new_game(options: dict[str, Any] | None = None, side: str | None = None, opponent: str | None = None,
                 seed: int = 0, game: str | None = None) -> str:
        return seat.new_game(options, side, opponent, seed, game)

    @server.tool()
    def describe() -> str:
        """The situation in plain language as your side sees it: turn, phase, weather, whose move, units near
        the front, places held, the pending battle or choice."""
        return seat.describe()

    @server.tool()
    def legal_actions(unit: str | None = None) -> str:
        """The legal actions now, one per line (optionally only those of one unit)."""
        return seat.legal_actions(unit)

    @server.tool()
    def odds(attackers: list[str], target: str) -> str:
        """The odds of attackers (unit ids) attacking the enemy in hex target, with every modifier."""
        return seat.odds(attackers, target)

    @server.tool()
    def act(action: str) -> str:
        """Make your move (one action text). The server then plays the opponent and the dice until your next
        decision and returns what happened (as your side sees it)."""
        return seat.act(action)

    @server.tool()
    def legal_summary() -> str:
        """The legal actions grouped per unit and verb, one line each (far shorter than legal_actions in a
        movement phase)."""
        return seat.legal_summary()

    @server.tool()
    def pending() -> str:
        """What the game waits for now: the pending choice, the battles and where they stand, notes (e.g. a
        unit that must still leave a hex it shares), and whether undo is possible."""
        return seat.pending()

    @server.tool(name="map")
    def map_(hexes: list[str] | None = None) -> str:
        """The map: how hexes are numbered, each hex's terrain and attributes and its neighbours, hexside
        features (rivers), lines (rail), places (cities) and edges. hexes: only these hexes."""
        return seat.map_text(hexes)

    @server.tool()
    def rules() -> str:
        """The rules reference: charts (combat results table), result codes, victory conditions, references."""
        return seat.rules_text()

    @server.tool()
    def undo() -> str:
        """Take back your last action (only within the phase, never past a die roll or a revealed value)."""
        return seat.undo()

    @server.tool()
    def act_many(actions: list[str]) -> str:
        """Make several moves in order (action texts as legal_actions lists them); one result per action. Stops
        at the first refused one (those before it stand) or when it is no longer your move."""
        return seat.act_many(actions)

    @server.tool()
    def log(last: int = 40) -> str:
        """The last actions of the game as your side reads them, with who made them and what they caused
        (0 = all)."""
        return seat.log(last)

    @server.tool()
    def save(path: str) -> str:
        """Save the game record (JSON, replayable with 'typhoon replay') to a file path."""
        return seat.save(path)

    return server


def main(game: str = DEFAULT_GAME) -> None:
    """Serve the LLM seat of ``game`` on stdio (``typhoon mcp``)."""
    build_server(game=game).run("stdio")


def _command_line(argv: list[str] | None = None) -> None:
    """``python -m typhoon.research.mcp_server [--game NAME]``."""
    ap = argparse.ArgumentParser(description="Typhoon's MCP server of the LLM seat (stdio)")
    ap.add_argument("--game", default=DEFAULT_GAME, help=f"the game (default {DEFAULT_GAME}; one of {registry.names()})")
    main(ap.parse_args(argv).game)


if __name__ == "__main__":
    _command_line()
