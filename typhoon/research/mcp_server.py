"""An LLM seat at the table: an MCP server (official ``mcp`` SDK, stdio transport).

The model plays one side of one game per server process; the server plays the other side
with a Typhoon computer player and rolls the dice, so after each ``act`` the model is asked
again only when it must decide. Tools: ``new_game``, ``describe``, ``legal_actions``, ``odds``,
``act``, ``log``, ``save``. Errors the model can fix (an illegal action, an unknown unit, no
game yet) come back as tool errors with a plain message; the game is never changed by them.

Run: ``typhoon mcp`` or ``python -m typhoon.research.mcp_server``.
"""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from ..ai.base import make_player
from ..core import record
from ..core.errors import TyphoonError
from ..core.game import Game
from ..games.bfm import combat, new_game
from .text import describe as describe_text

SIDES = ("german", "soviet")


class Seat:
    """The game behind the tools (usable without MCP, which is how most of it is tested)."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.side = "german"
        self.opponent_name = "heuristic"
        self.opponent: Any = None

    def _need(self) -> Game:
        if self.game is None:
            raise ToolError("no game yet: call new_game first")
        return self.game

    def new_game(self, options: dict[str, Any] | None, side: str, opponent: str, seed: int) -> str:
        if side not in SIDES:
            raise ToolError(f"side must be 'german' or 'soviet', not {side!r}")
        try:
            game = new_game(options or {}, seed=seed)
            player = make_player(opponent, seed=seed + 1)
        except TyphoonError as e:
            raise ToolError(str(e)) from None
        self.game, self.side, self.opponent_name, self.opponent = game, side, opponent, player
        events = self._play_others()
        head = f"New game (seed {seed}, options {game.options}); you are {side}, the opponent is '{opponent}'."
        return "\n".join([head, *events, "", self.describe()])

    def _play_others(self) -> list[str]:
        """Roll dice and play the opponent until it is this seat's decision or the game is over."""
        g = self._need()
        out: list[str] = []
        while not g.is_over() and g.current_player != self.side:
            if g.is_chance():
                action, events = g.roll()
                who = "dice"
            else:
                action = self.opponent.choose(g)
                events = g.push(action, validate=False)
                who = g.log[-1].player
            out.append(f"[{who}] {action}: " + "; ".join(events))
        return out

    def describe(self) -> str:
        g = self._need()
        return describe_text(g, self.side)

    def legal_actions(self, unit: str | None = None) -> str:
        g = self._need()
        if g.is_over():
            return "The game is over: no legal actions."
        acts = [str(a) for a in g.legal_actions]
        if unit:
            if unit not in g.state.data.units:
                raise ToolError(f"no unit called {unit!r}")
            acts = [a for a in acts if unit in a.split()[1:2]]
            if not acts:
                return f"No legal action for {unit} now."
        return "\n".join(acts)

    def odds(self, attackers: list[str], target: str) -> str:
        g = self._need()
        s = g.state
        for u in attackers:
            if u not in s.data.units:
                raise ToolError(f"no unit called {u!r}")
            if u not in s.hex_of:
                raise ToolError(f"{u} is not on the map")
        if not s.data.grid.on_map(target):
            raise ToolError(f"{target!r} is not a hex of the map")
        if s.unit_at(target) is None:
            raise ToolError(f"no unit in {target} to attack")
        far = [u for u in attackers if not s.data.grid.adjacent(s.hex_of[u], target)]
        if far:
            raise ToolError(f"not adjacent to {target}: {', '.join(far)}")
        o = combat.battle_odds(s, target, list(attackers))
        shifts = ", ".join(f"{x.columns:+d} {x.reason} ({x.rule})" for x in o.shifts) or "none"
        dist = ", ".join(f"{r} {float(p):.0%}" for r, p in o.distribution.items())
        return (
            f"{'+'.join(attackers)} ({float(o.attack):g}) against {s.unit_at(target)} ({o.defence}) in {target}: "
            f"{o.ratio}:1, shifts: {shifts}{'; ' + o.mud if o.mud else ''}; final {o.label}. Results: {dist}."
        )

    def act(self, action: str) -> str:
        g = self._need()
        if g.is_over():
            raise ToolError("the game is over")
        if g.current_player != self.side:
            raise ToolError(f"it is not your move (waiting for {g.current_player or 'the dice'})")
        try:
            events = g.push(action)
        except TyphoonError as e:  # IllegalActionError / ParseError: the game is unchanged
            raise ToolError(f"{e}. Ask legal_actions for the actions open now.") from None
        lines = [f"[{self.side}] {g.log[-1].action}: " + "; ".join(events)]
        lines += self._play_others()
        out = g.outcome()
        if out is not None:
            lines.append(f"Game over: {out.reason}. " + ("Draw." if out.winner is None else
                         ("You win." if out.winner == self.side else "You lose.")))
        else:
            lines.append(f"Your move: turn {g.state.turn}, {g.state.phase}.")
        return "\n".join(lines)

    def log(self, last: int = 40) -> str:
        g = self._need()
        entries = g.log[-last:] if last > 0 else g.log
        start = len(g.log) - len(entries)
        return "\n".join(
            f"{start + i + 1}. [{e.player or 'dice'}] {e.action}: " + "; ".join(e.events) for i, e in enumerate(entries)
        ) or "No actions yet."

    def save(self, path: str) -> str:
        g = self._need()
        players = {self.side: "llm", ("soviet" if self.side == "german" else "german"): self.opponent_name}
        try:
            record.save(g, path, players)
        except OSError as e:
            raise ToolError(f"cannot save to {path!r}: {e}") from None
        return f"Saved {len(g.log)} actions to {path}."


def build_server(seat: Seat | None = None) -> MCPServer:
    seat = seat or Seat()
    server = MCPServer(
        "typhoon-bfm",
        instructions=(
            "You play one side of Battle for Moscow (1941 wargame). Start with new_game, read describe "
            "and legal_actions, then act with one action text at a time (e.g. 'move XLVI 0507', "
            "'attack XLVI 0506', 'commit', 'end'). The server plays the other side and rolls the dice."
        ),
    )

    @server.tool()
    def new_game(options: dict[str, Any] | None = None, side: str = "german", opponent: str = "heuristic",
                 seed: int = 0) -> str:
        """Start a new game. options: edition '2009'|'1986', soviet_replacements 3-5, german_replacement_turns
        'all'|'even'. side: 'german' or 'soviet' (yours). opponent: a computer player name ('random', 'heuristic', ...)."""
        return seat.new_game(options, side, opponent, seed)

    @server.tool()
    def describe() -> str:
        """The situation in plain language: turn, phase, weather, whose move, units near the front, cities held,
        the pending battle or choice."""
        return seat.describe()

    @server.tool()
    def legal_actions(unit: str | None = None) -> str:
        """The legal actions now, one per line (optionally only those of one unit, e.g. 'XLVI')."""
        return seat.legal_actions(unit)

    @server.tool()
    def odds(attackers: list[str], target: str) -> str:
        """The odds of attackers (unit ids) attacking the enemy unit in hex target (e.g. '0506'), with shifts."""
        return seat.odds(attackers, target)

    @server.tool()
    def act(action: str) -> str:
        """Make your move (one action text). The server then plays the opponent and the dice until your next
        decision and returns what happened."""
        return seat.act(action)

    @server.tool()
    def log(last: int = 40) -> str:
        """The last actions of the game with who made them and what they caused (0 = all)."""
        return seat.log(last)

    @server.tool()
    def save(path: str) -> str:
        """Save the game record (JSON, replayable with 'typhoon replay') to a file path."""
        return seat.save(path)

    return server


def main() -> None:
    build_server().run("stdio")


if __name__ == "__main__":
    main()
