"""The sandbox's rules: none, as on a VASSAL table. The side to act may move any of its own
pieces to any hex of the map (or bring one on from its reserve), flip a double-sided piece,
remove a piece, or end its turn; after the last side's turn the next game turn begins, and
after the scenario's last turn the game is over (no winner: the players judge).

Everything comes from the kit: the map (its grid), the pieces (counters.json), the sides, the
turn track and the first scenario's set-up (docs/kit.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

from ...core.errors import ParseError, PositionError
from ...core.game import Outcome
from ...core.kit import Kit
from .state import BACK, FRONT, Piece, SandboxState, pieces_of

FORMAT = "typhoon-position"
VERSION = 1


# -- actions -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Move:
    piece: str
    to: str

    def __str__(self) -> str:
        return f"move {self.piece} {self.to}"


@dataclass(frozen=True)
class Flip:
    piece: str

    def __str__(self) -> str:
        return f"flip {self.piece}"


@dataclass(frozen=True)
class Remove:
    piece: str

    def __str__(self) -> str:
        return f"remove {self.piece}"


@dataclass(frozen=True)
class End:
    def __str__(self) -> str:
        return "end"


# -- the kit as the sandbox reads it ---------------------------------------------------------------
class SandboxData:
    """What the sandbox needs of a kit: grid, sides, pieces, turns and the first scenario."""

    def __init__(self, kit: Kit) -> None:
        self.kit = kit
        self.sides: tuple[str, ...] = tuple(kit.sides)
        if not self.sides:
            raise ParseError(f"{kit.file_of('counters')}: the kit declares no sides; a game needs at least one")
        self.side_names = {s: (d or {}).get("label") or s.replace("_", " ").title() for s, d in kit.sides.items()}
        self.pieces: list[Piece] = pieces_of(kit.counters_doc)
        self.piece = {p.id: p for p in self.pieces}
        self.scenario_id = next(iter(kit.scenarios), None)
        self.scenario = kit.scenarios.get(self.scenario_id, {}) if self.scenario_id else {}
        turns = [t["turn"] for t in kit.turns if isinstance(t, dict) and isinstance(t.get("turn"), int)]
        self.first_turn = self.scenario.get("first_turn", turns[0] if turns else 1)
        self.last_turn = self.scenario.get("last_turn", turns[-1] if turns else self.first_turn)
        self.turn_labels = {t["turn"]: t.get("label") for t in kit.turns if isinstance(t, dict) and "turn" in t}
        self.turn_weather = {t["turn"]: t.get("weather") for t in kit.turns if isinstance(t, dict) and "turn" in t}

    @cached_property
    def grid(self) -> Any:
        return self.kit.grid

    @cached_property
    def hexes(self) -> tuple[str, ...]:
        """Every hex of the map (canonical ids, in the grid's order)."""
        return tuple(self.grid.all_hexes)

    def check_hex(self, hex_id: str) -> str:
        """The canonical id of a hex of the map; ``ParseError`` naming a bad one."""
        return self.grid.check(hex_id)

    def setup(self) -> tuple[dict[str, str | None], dict[str, str]]:
        """Where the first scenario puts the pieces (the first copy of each counter it names)."""
        hex_of: dict[str, str | None] = {p.id: None for p in self.pieces}
        face = {p.id: FRONT for p in self.pieces}
        for placement in self.scenario.get("setup", []):
            pid = placement.get("counter")
            if pid in hex_of and hex_of[pid] is None:
                hex_of[pid] = self.check_hex(placement["hex"])
                face[pid] = placement.get("face", FRONT)
        return hex_of, face


# -- the rules -------------------------------------------------------------------------------------
class SandboxRules:
    """The ``typhoon.core.game.Rules`` of a sandbox game (no rules are enforced but the turn
    order: each side moves only its own pieces, in its own turn)."""

    perfect_information = True

    def __init__(self, name: str, data: SandboxData) -> None:
        self.name = name
        self.data = data

    # -- state ---------------------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any]) -> SandboxState:
        hex_of, face = self.data.setup()
        return SandboxState(turn=self.data.first_turn, side_index=0, hex_of=hex_of, face=face)

    def copy_state(self, state: SandboxState) -> SandboxState:
        return state.copy()

    def current_player(self, state: SandboxState) -> str | None:
        return None if state.over else self.data.sides[state.side_index]

    def is_chance(self, state: SandboxState) -> bool:
        return False

    def chance_outcomes(self, state: SandboxState) -> list[tuple[Any, Fraction]]:
        return []

    def outcome(self, state: SandboxState) -> Outcome | None:
        return Outcome(None, f"turn {self.data.last_turn}, the scenario's last, was played (the sandbox names no winner)") if state.over else None

    def phase_key(self, state: SandboxState) -> Any:
        return (state.turn, state.side_index, state.over)

    # -- actions -------------------------------------------------------------------------------
    def own_pieces(self, state: SandboxState) -> list[Piece]:
        """The side to act's pieces still in the game (on the map or in its reserve)."""
        side = self.current_player(state)
        return [p for p in self.data.pieces if p.side == side and p.id not in state.removed]

    def legal_actions(self, state: SandboxState) -> list[Any]:
        if state.over:
            return []
        out: list[Any] = []
        hexes = self.data.hexes
        for p in self.own_pieces(state):
            here = state.hex_of.get(p.id)
            out.extend(Move(p.id, h) for h in hexes if h != here)
            if p.has_back:
                out.append(Flip(p.id))
            if here is not None:
                out.append(Remove(p.id))
        out.append(End())
        return out

    def explain_illegal(self, state: SandboxState, action: Any) -> str | None:
        if state.over:
            return "the game is over"
        side = self.current_player(state)
        if isinstance(action, End):
            return None
        piece = self.data.piece.get(getattr(action, "piece", None))
        if piece is None:
            return f"no piece {getattr(action, 'piece', None)!r} in this kit"
        if piece.side != side:
            return f"{piece.id} belongs to {self.data.side_names[piece.side]}; it is {self.data.side_names[side]}'s turn"
        if piece.id in state.removed:
            return f"{piece.id} has been removed from the game"
        if isinstance(action, Move):
            if not self.data.grid.on_map(action.to):
                return f"{action.to!r} is not a hex of this map"
            if self.data.check_hex(action.to) == state.hex_of.get(piece.id):
                return f"{piece.id} is already in {action.to}"
        if isinstance(action, Flip) and not piece.has_back:
            return f"{piece.id} has no back face"
        if isinstance(action, Remove) and state.hex_of.get(piece.id) is None:
            return f"{piece.id} is not on the map"
        return None

    def is_legal(self, state: SandboxState, action: Any) -> bool:
        return isinstance(action, (Move, Flip, Remove, End)) and self.explain_illegal(state, action) is None

    def apply(self, state: SandboxState, action: Any) -> list[str]:
        side = self.current_player(state)
        if isinstance(action, Move):
            to = self.data.check_hex(action.to)
            was = state.hex_of.get(action.piece)
            state.hex_of[action.piece] = to
            return [f"{action.piece} {'moves from ' + was if was else 'enters the map'} to {to}"]
        if isinstance(action, Flip):
            state.face[action.piece] = FRONT if state.face.get(action.piece) == BACK else BACK
            return [f"{action.piece} turned to its {state.face[action.piece]}"]
        if isinstance(action, Remove):
            state.removed.add(action.piece)
            state.hex_of[action.piece] = None
            return [f"{action.piece} removed from the game"]
        # End: the next side, or the next game turn
        events = [f"{self.data.side_names[side]} ends its turn"]
        if state.side_index + 1 < len(self.data.sides):
            state.side_index += 1
        elif state.turn >= self.data.last_turn:
            state.over = True
            events.append("the last turn is over")
        else:
            state.side_index = 0
            state.turn += 1
            events.append(f"turn {state.turn} begins")
        return events

    def parse_action(self, state: SandboxState, text: str) -> Any:
        words = str(text).split()
        if words == ["end"]:
            return End()
        if len(words) == 3 and words[0] == "move":
            return Move(words[1], words[2])
        if len(words) == 2 and words[0] in ("flip", "remove"):
            return (Flip if words[0] == "flip" else Remove)(words[1])
        raise ParseError(f"{text!r} is not a sandbox action: 'move PIECE HEX', 'flip PIECE', 'remove PIECE' or 'end'")

    # -- positions -----------------------------------------------------------------------------
    def position_to_json(self, state: SandboxState) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.name,
            "turn": state.turn,
            "side": self.data.sides[state.side_index],
            "over": state.over,
            "pieces": {
                p.id: {"hex": state.hex_of.get(p.id), "face": state.face.get(p.id, FRONT), "removed": p.id in state.removed}
                for p in self.data.pieces
            },
        }

    def position_from_json(self, doc: dict[str, Any]) -> SandboxState:
        """A state from a position document; ``PositionError`` names what is wrong."""
        def need(cond: bool, message: str) -> None:
            if not cond:
                raise PositionError(message)

        need(isinstance(doc, dict), "a position must be a JSON object")
        need(doc.get("format", FORMAT) == FORMAT, f"not a position (format {doc.get('format')!r}, expected {FORMAT!r})")
        need(doc.get("game", self.name) == self.name, f"position is for game {doc.get('game')!r}, not {self.name!r}")
        turn = doc.get("turn")
        need(isinstance(turn, int) and self.data.first_turn <= turn <= self.data.last_turn,
             f"turn must be {self.data.first_turn}..{self.data.last_turn}, not {turn!r}")
        side = doc.get("side")
        need(side in self.data.sides, f"side must be one of {list(self.data.sides)}, not {side!r}")
        pieces = doc.get("pieces")
        need(isinstance(pieces, dict), "'pieces' must be an object of piece: {hex, face, removed}")
        hex_of: dict[str, str | None] = {p.id: None for p in self.data.pieces}
        face = {p.id: FRONT for p in self.data.pieces}
        removed = set()
        for pid, spec in pieces.items():
            need(pid in self.data.piece, f"unknown piece {pid!r}")
            need(isinstance(spec, dict), f"{pid}: must be an object {{hex, face, removed}}")
            f = spec.get("face", FRONT)
            need(f == FRONT or (f == BACK and self.data.piece[pid].has_back), f"{pid}: face {f!r} is not a face of this counter")
            face[pid] = f
            if spec.get("removed"):
                removed.add(pid)
            elif spec.get("hex") is not None:
                try:
                    hex_of[pid] = self.data.check_hex(spec["hex"])
                except ParseError as e:
                    raise PositionError(f"{pid}: {e}") from None
        return SandboxState(turn, self.data.sides.index(side), hex_of, face, removed, bool(doc.get("over", False)))


# -- a computer player -----------------------------------------------------------------------------
class RandomPlayer:
    """Moves a few random pieces of its side to random hexes, then ends its turn (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0, moves_per_turn: int = 2, **_: Any) -> None:
        self.rng = random.Random(seed)
        self.moves_per_turn = moves_per_turn

    def choose(self, game: Any) -> Any:
        acts = list(game.legal_actions)
        made = 0
        for entry in reversed(game.log):
            if str(entry.action) == "end":
                break
            if entry.player == game.current_player:
                made += 1
        moves = [a for a in acts if not isinstance(a, End)]
        if made >= self.moves_per_turn or not moves:
            return End()
        return moves[self.rng.randrange(len(moves))]

