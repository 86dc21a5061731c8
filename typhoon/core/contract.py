"""The game contract: everything a front end may know about a game, and nothing else.

A *game package* (``typhoon/games/<name>/``) implements :class:`GamePackage`. The front ends
(server and browser client, terminal, CLI, renderer, computer players, research adapters, MCP)
reach a game only through it, by name, via ``typhoon.games.registry.get(name)``; they never
import a game's modules (import-linter contracts in ``.importlinter`` enforce this in CI).

The contract is small and JSON-shaped, in the spirit of Rally the Troops' ``setup / view /
action / query`` and boardgame.io's ``playerView``:

========================  ==========================================================================
``rules``                 the :class:`typhoon.core.game.Rules` object (state, legal actions, apply)
``sides``                 the seats, in order (e.g. ``("german", "soviet")``); ``side_names`` for people
``option_specs()``        the options a game offers (editions, variants, scenarios) as data
``normalise_options()``   options checked and completed; raises ``ParseError`` naming the bad one
``new_game()``            a :class:`Game` from options and seed (or a start position)
``position_to_json()``    the position codec (``position_from_json`` raises ``PositionError``)
``map_meta()``            the board as data: geometry with hex centres, terrain, hexsides, lines,
                          places, edges, sections and styles (:data:`MAP_META_DOC`)
``view(state, seat)``     what one seat (``None``: a spectator) may see (:data:`VIEW_DOC`); hidden
                          values never appear in another seat's view
``describe()``            one action as structured data: verb, units, hexes, label, rule; an action
                          that may also name hexes passed on the way gives ``waypoints``: the word
                          to append to its text before them (``"move XLVI 0806" + " via 0805"``)
``preview()``             the odds of a proposed action, every modifier named, each result's chance
``battle_preview()``      the odds of a hypothetical battle (target hex, attacking units); the one
                          place a game checks "may these units attack that hex"
``rules_doc()``           charts, result codes, victory conditions and rule references for display
``players()``             the computer players this game offers (``name -> factory(seed, **kw)``)
``default_player``        the computer player a person faces when none is named: one name, or one
                          per side the computer plays (None: the first of ``players()``;
                          ``typhoon.ai.base.default_player``)
``encoding()``            the research encoding (fixed action space, observation tensors)
``evaluate()``            a heuristic value of a state for a side in [0, 1] (search players)
``search_budgets()``      per search level, the budget fields this game (with these options) sets
                          otherwise: playouts that cost far more than Battle for Moscow's
========================  ==========================================================================

Hidden information (a first-class rule, docs/architecture.md section 2): a rules object may
declare ``perfect_information = False`` and provide the hooks ``observe``, ``sample_hidden`` and
``action_visibility`` (see :class:`typhoon.core.game.Rules`); events are :class:`Event` values
with a ``seen_by`` set; ``Game.log_view(seat)``, ``Game.observed(seat)`` and the record's
``reader`` redact what a seat may not see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .errors import ParseError

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game, Rules


# -- visibility --------------------------------------------------------------------------------
#: Who may see something: ``None`` is everybody (public); a frozenset names the seats that may;
#: the empty frozenset (:data:`NOBODY`) hides it from every seat until a later reveal.
SeenBy = frozenset | None
PUBLIC: SeenBy = None
NOBODY: frozenset = frozenset()


def only(*seats: str) -> frozenset:
    """Visible to these seats only (e.g. ``only("german")`` for the secret German plan)."""
    return frozenset(seats)


def visible_to(seen_by: SeenBy, seat: str | None, *, omniscient: bool = False) -> bool:
    """Whether ``seat`` (``None``: a spectator) may see something with this visibility.

    ``omniscient`` is for the game record once the game is over (everything is revealed)."""
    if omniscient or seen_by is None:
        return True
    return seat is not None and seat in seen_by


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as a line of the log, with who may read it.

    ``apply`` may return plain strings (public events) or ``Event`` values. ``reveal`` marks an
    event that makes hidden information known (a strength chit turned face up): the player's
    undo never goes back past it, as it never goes back past a die roll (Rally the Troops)."""

    text: str
    seen_by: SeenBy = None
    reveal: bool = False
    redacted: str | None = None  # what the others read instead (None: they read nothing)

    def __str__(self) -> str:
        return self.text


def event_text(event: Any, seat: str | None, *, omniscient: bool = False) -> str | None:
    """The text of an event as ``seat`` reads it, or None if the seat may not read it."""
    if isinstance(event, Event):
        if visible_to(event.seen_by, seat, omniscient=omniscient):
            return event.text
        return event.redacted
    return str(event)


def is_reveal(event: Any) -> bool:
    return isinstance(event, Event) and event.reveal


# -- options -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class OptionSpec:
    """One game option as data, so every front end can offer it without knowing the game.

    ``kind`` is ``"choice"`` (one of ``choices``), ``"int"`` (``minimum``..``maximum``),
    ``"bool"`` or ``"text"``."""

    name: str
    label: str
    default: Any
    kind: str = "choice"
    choices: tuple[Any, ...] = ()
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        d = {"name": self.name, "label": self.label, "default": self.default, "kind": self.kind, "help": self.help}
        if self.choices:
            d["choices"] = list(self.choices)
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.maximum is not None:
            d["maximum"] = self.maximum
        if self.rule:
            d["rule"] = self.rule
        return d


def check_options(specs: Sequence[OptionSpec], options: dict[str, Any] | None) -> dict[str, Any]:
    """Options checked against their specs and completed with defaults (a generic
    ``normalise_options``). Raises ``ParseError`` naming the unknown option or bad value."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ParseError(f"options must be an object of name: value, not {type(options).__name__}")
    by_name = {s.name: s for s in specs}
    out: dict[str, Any] = {}
    for k in options:
        if k not in by_name:
            raise ParseError(f"unknown option {k!r}; options: {sorted(by_name)}")
    for s in specs:
        v = options.get(s.name, s.default)
        if s.kind == "choice":
            match = next((c for c in s.choices if c == v or str(c) == str(v)), None)
            if match is None or isinstance(v, bool) != isinstance(match, bool):
                raise ParseError(f"option {s.name}: {v!r} is not one of {list(s.choices)}")
            v = match
        elif s.kind == "int":
            if isinstance(v, bool):
                raise ParseError(f"option {s.name}: {v!r} is not a whole number")
            try:
                v = int(str(v).strip())
            except ValueError:
                raise ParseError(f"option {s.name}: {v!r} is not a whole number") from None
            if (s.minimum is not None and v < s.minimum) or (s.maximum is not None and v > s.maximum):
                raise ParseError(f"option {s.name}: {v} is outside {s.minimum}..{s.maximum}")
        elif s.kind == "bool":
            if isinstance(v, str) and v.lower() in ("true", "yes", "on", "1"):
                v = True
            elif isinstance(v, str) and v.lower() in ("false", "no", "off", "0"):
                v = False
            if not isinstance(v, bool):
                raise ParseError(f"option {s.name}: {v!r} is not true or false")
        elif s.kind == "text":
            if not isinstance(v, str):
                raise ParseError(f"option {s.name}: {v!r} is not text")
        out[s.name] = v
    return out


# -- computer players ----------------------------------------------------------------------------
@runtime_checkable
class Player(Protocol):
    """A computer player: given a game where it is to act (not a chance node), a legal action.

    Front ends hand a player ``game.observed(side)``: the game as that side may know it, with
    its own dice. A player never sees hidden values of the other side."""

    name: str

    def choose(self, game: Game) -> Any: ...


PlayerFactory = Callable[..., Player]


# -- research encoding ---------------------------------------------------------------------------
@runtime_checkable
class Encoding(Protocol):
    """A fixed discrete action space and observation tensors for research interfaces.

    Every legal action of a state maps to one index in ``range(num_actions)`` and back;
    chance outcomes map to ``range(num_chance_outcomes)``. Observations are float32 arrays of
    ``observation_shape`` describing everything ``player`` may know, and nothing else."""

    num_actions: int
    num_chance_outcomes: int
    observation_shape: tuple[int, ...]
    planes: Sequence[str]  # documentation of the observation's leading axis
    # optional: observation_range = (low, high), the bounds of every observation value
    # (research adapters assume (0.0, 1.0) when an encoding does not declare it)

    def encode(self, state: Any, action: Any) -> int: ...
    def decode(self, state: Any, index: int) -> Any: ...
    def legal_mask(self, state: Any) -> Any: ...  # numpy bool array of num_actions
    def observation(self, state: Any, player: str) -> Any: ...  # numpy float32 array
    def chance_index(self, state: Any, outcome: Any) -> int: ...
    def chance_outcome(self, state: Any, index: int) -> Any: ...


# -- the package -------------------------------------------------------------------------------
#: The shape of ``map_meta()`` (documented; all keys present, lists may be empty).
MAP_META_DOC = """
{
  "game": "bfm", "title": "...", "provenance": "published | reconstruction | owner | text",
  "geometry": {"orientation": "flat" | "pointy", "hex_size": 1.0,
               "centres": {hex_id: [x, y]}, "bounds": [min_x, min_y, max_x, max_y]},
  "hexes": {hex_id: {"terrain": name, "section": letter|null, "label": text|null, ...attrs}},
  "terrain_styles": {name: {"label": text, "fill": "#rrggbb", "pattern": name|null}},
  "sections": [{"id": "A", "label": text, "hexes": [hex_id...]}],
  "hexsides": [{"a": hex_id, "b": hex_id, "feature": name}],
  "lines": [{"feature": "rail" | "road" | ..., "hexes": [hex_id, ...]}],
  "feature_styles": {name: {"label": text, "stroke": "#rrggbb", "width": n, "kind": "hexside"|"line"}},
  "places": [{"hex": hex_id, "name": text, "kind": text, "value": number|null}],
  "edges": [{"name": text, "hexes": [hex_id...], "style": {...}}],
  "printed_lines": [{"name": text, "hexes": [hex_id...]}]
}
Optional keys a game may add and front ends use when present: "hex_feature_styles",
"place_styles", "side_styles" (counter and control colours per side), "unit_kinds"
({kind: {"label": text, "symbol": text}}: the counter symbol of each unit kind),
"units" (the counter roster), one-hex "lines" entries with "exit": "N"|"E"|"S"|"W" (a line
leaving the map), "provenance_note" (shown in the interface for reconstructions).
"""

#: The shape of ``view(state, seat)`` (what a seat may see).
VIEW_DOC = """
{
  "game": name, "seat": seat|null, "turn": n, "last_turn": n, "turn_label": text,
  "phase": {"id": text, "name": text, "side": side|null, "index": n},
  "phases": [{"id", "name", "side"}],         # this turn's track, in order
  "current_player": side|null, "status": text, # one line: what is happening now
  "units": [{"id", "side", "hex"|null, "where": "map"|"pool"|"reinforcements"|"eliminated"|...,
             "label", "kind", "values": text (e.g. "8-4"), "reduced": bool, "steps": n|null,
             "flags": [text], "hidden": bool}],
  "control": {hex_id: side}, "markers": [{"hex", "kind", "label"}],
  "battles": [{"target": hex_id, "attackers": [unit], "defenders": [unit], "step": text,
               "result": text|null, "odds": <preview>|null,
               "fought": {"final": column}|null}],   # optional: the odds a resolved battle was fought at
  "pending": {"kind": text, "text": text} | null,
  "score": {side: number}, "weather": text|null, "notes": [text],
  "zoc": {side: [hex_id...]}          # optional: the hexes each side's zone of control covers
}
The server adds "end_refusal": why ending the phase is refused now (the rules' explain_illegal).
"""


@runtime_checkable
class GamePackage(Protocol):
    """What a game offers the front ends (module docstring). :class:`BasePackage` gives
    defaults for everything but the essentials."""

    name: str
    title: str
    sides: tuple[str, ...]
    side_names: dict[str, str]
    rules: Rules

    def option_specs(self) -> list[OptionSpec]: ...
    def normalise_options(self, options: dict[str, Any] | None) -> dict[str, Any]: ...
    def new_game(self, options: dict[str, Any] | None = None, seed: int | None = None, state: Any = None) -> Game: ...
    def position_to_json(self, state: Any) -> dict[str, Any]: ...
    def position_from_json(self, doc: dict[str, Any]) -> Any: ...
    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]: ...
    def view(self, state: Any, seat: str | None) -> dict[str, Any]: ...
    def describe(self, state: Any, action: Any) -> dict[str, Any]: ...
    def preview(self, state: Any, action: Any) -> dict[str, Any] | None: ...
    def battle_preview(self, state: Any, target: str, attackers: Sequence[str]) -> dict[str, Any]: ...
    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]: ...
    def players(self) -> dict[str, PlayerFactory]: ...
    def encoding(self, options: dict[str, Any] | None = None) -> Encoding | None: ...
    def evaluate(self, state: Any, side: str) -> float: ...

    # Optional hooks (front ends test with ``getattr``):
    # retreat_preview(state, target, attackers=()) -> {"target", "unit", "consequence",
    #     "paths": [[hex...]], "rule"}: where the defender of ``target`` could retreat.
    # package_from_kit(kit) -> GamePackage: the same rules on an owner's data kit.


class BasePackage:
    """Defaults for a :class:`GamePackage`; a game overrides what it has."""

    name = ""
    title = ""
    sides: tuple[str, ...] = ()
    side_names: dict[str, str] = {}
    rules: Any = None
    # the computer player a person faces when none is named: one name, or {side: name} by the side it plays
    default_player: str | Mapping[str, str] | None = None

    # options
    def option_specs(self) -> list[OptionSpec]:
        return []

    def normalise_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        return check_options(self.option_specs(), options)

    def search_budgets(self, options: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """Search level -> the fields of its budget this game changes (typhoon.ai.search.Budget)."""
        return {}

    def new_game(self, options: dict[str, Any] | None = None, seed: int | None = None, state: Any = None, **kw: Any) -> Game:
        from .dice import new_seed
        from .game import Game

        return Game(self.rules, self.normalise_options(options), new_seed() if seed is None else seed, state=state, **kw)

    # positions
    def position_to_json(self, state: Any) -> dict[str, Any]:
        return self.rules.position_to_json(state)

    def position_from_json(self, doc: dict[str, Any]) -> Any:
        return self.rules.position_from_json(doc)

    # display
    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        raise NotImplementedError

    def view(self, state: Any, seat: str | None) -> dict[str, Any]:
        raise NotImplementedError

    def describe(self, state: Any, action: Any) -> dict[str, Any]:
        text = str(action)
        verb = text.split(" ", 1)[0]
        return {"text": text, "verb": verb, "label": text, "units": [], "hex": None, "from": None, "rule": None}

    def preview(self, state: Any, action: Any) -> dict[str, Any] | None:
        return None

    def battle_preview(self, state: Any, target: str, attackers: Sequence[str]) -> dict[str, Any]:
        from .errors import IllegalActionError

        raise IllegalActionError(f"{self.title} has no battle odds to preview")

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"charts": [], "results": {}, "victory": [], "references": []}

    # computer players and research
    def players(self) -> dict[str, PlayerFactory]:
        return {}

    def encoding(self, options: dict[str, Any] | None = None) -> Encoding | None:
        return None

    def evaluate(self, state: Any, side: str) -> float:
        out = self.rules.outcome(state)
        if out is None:
            return 0.5
        return 0.5 if out.winner is None else float(out.winner == side)

    # helpers every package may use
    def other_side(self, side: str) -> str:
        """The opponent of ``side`` in a two-sided game."""
        if side not in self.sides:
            raise ParseError(f"unknown side {side!r}; sides: {list(self.sides)}")
        return next(s for s in self.sides if s != side)

    def describe_all(self, state: Any, actions: Iterable[Any]) -> list[dict[str, Any]]:
        return [self.describe(state, a) for a in actions]


@dataclass
class _Resolver:
    """How the core finds a game package by name without importing any game (``typhoon``'s
    package initialiser installs ``typhoon.games.registry.get``)."""

    get: Callable[[str], GamePackage] | None = None
    extra: dict[str, GamePackage] = field(default_factory=dict)


_RESOLVER = _Resolver()


def set_resolver(get: Callable[[str], GamePackage]) -> None:
    _RESOLVER.get = get


_RENDERER: list[Callable[[Any], str | None]] = []


def set_renderer(render: Callable[[Any], str | None]) -> None:
    """Install the board renderer used for pictures of a game (Jupyter's ``_repr_svg_``);
    ``typhoon``'s package initialiser installs ``typhoon.render.svg``."""
    _RENDERER[:] = [render]


def render_svg(game: Any) -> str | None:
    """A picture of the game as SVG, or None when no renderer is installed or it cannot draw."""
    if not _RENDERER:
        return None
    try:
        return _RENDERER[0](game)
    except ImportError:  # matplotlib missing from a light install
        return None


def resolve(name: str) -> GamePackage:
    """The game package called ``name`` (raises ``ParseError`` listing the known games)."""
    if _RESOLVER.get is None:
        raise ParseError(f"no game registry is installed; cannot find game {name!r}")
    return _RESOLVER.get(name)
