"""Battle for Moscow's game package: what the front ends may know (typhoon.core.contract).

Front ends reach Battle for Moscow only through ``PACKAGE`` (``registry.get("bfm")``): options,
the board and charts as data (``reference``), views, action descriptions and odds
(``present``), computer players (``typhoon.games.bfm.ai``) and the research encoding.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from ...core.contract import BasePackage, OptionSpec, PlayerFactory, check_options
from ...core.errors import ParseError
from . import position, present, reference
from .actions import Roll
from .data import Book
from .options import EDITIONS, RED_BORDER_DEFAULT, RED_BORDERS, BfmOptions
from .rules import BattleForMoscow
from .state import BfmState

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "edition",
        "Edition",
        "2009",
        choices=EDITIONS,
        help="2009: Victory Point Games / C3i rules (nine phases, Moscow and Tula major cities, Stand Fast, "
        "three-way victory). 1986: the GDW original (eight phases, whoever holds Moscow wins, all attackers "
        "halved in mud).",
        rule="000 (2009) / 001 (1986)",
    ),
    OptionSpec(
        "soviet_replacements",
        "Soviet replacements per turn",
        5,
        kind="int",
        minimum=0,
        maximum=6,
        help="Replacement steps the Soviet player receives each turn: 5 is standard; 4 or 3 help the Germans "
        "(balance variant).",
        rule="10.0; balance variant",
    ),
    OptionSpec(
        "german_replacements",
        "German replacements per turn",
        1,
        kind="int",
        minimum=0,
        maximum=3,
        help="Replacement steps the German player receives each turn from turn 2 (none on turn 1).",
        rule="10.0; 000 6.0",
    ),
    OptionSpec(
        "german_replacement_turns",
        "German replacement turns",
        "all",
        choices=("all", "even"),
        help="all: every turn from turn 2; even: turns 2, 4 and 6 only (balance variant helping the Soviets).",
        rule="10.0; balance variant",
    ),
    OptionSpec(
        "setup",
        "German set-up",
        "standard",
        choices=("standard", "free"),
        help="standard: the usual German set-up; free: the German player places each unit on a black-cross hex.",
        rule="000 6.0",
    ),
    OptionSpec(
        "red_border",
        "Red border (2009)",
        RED_BORDER_DEFAULT,
        choices=RED_BORDERS,
        help="Where the 2009 map's red-bordered Soviet edge runs (replacements, the 1st Shock Army, communication). "
        "Typhoon does not have the VPG map, so both readings are offered: corners: column 14 and the two "
        "easternmost hexes of the north and south rows before it (1201, 1301, 1210, 1310); east: column 14 alone. "
        "The 1986 edge is column 14 in any case.",
        rule="000 10.2; docs/decisions.md #10",
    ),
)


class BfmEncoding:
    """The research encoding of Battle for Moscow (``typhoon.core.contract.Encoding``) over
    ``typhoon.games.bfm.encoding``: a fixed action space of ``NUM_ACTIONS`` indices, six chance
    outcomes (the die), observation tensors of shape ``OBS_SHAPE``. numpy is imported only
    when an encoding is asked for."""

    num_chance_outcomes = 6

    def __init__(self, options: BfmOptions) -> None:
        from . import encoding

        self.options = options
        self._enc = _enc = encoding
        self.num_actions: int = _enc.NUM_ACTIONS
        self.observation_shape: tuple[int, ...] = _enc.OBS_SHAPE
        self.planes: tuple[str, ...] = _enc.PLANES
        for name, value in _enc.extras().items():  # observation_range, factored actions, material, ...
            setattr(self, name, value)

    def encode(self, state: BfmState, action: Any) -> int:
        return self._enc.encode(state, action)

    def decode(self, state: BfmState, index: int) -> Any:
        return self._enc.decode(state, index)

    def legal_mask(self, state: BfmState) -> Any:
        return self._enc.legal_mask(state)

    def observation(self, state: BfmState, player: str) -> Any:
        return self._enc.observation(state, player)

    def chance_index(self, state: BfmState, outcome: Any) -> int:
        """A die roll 1-6 is chance outcome 0-5."""
        value = outcome.value if isinstance(outcome, Roll) else int(outcome)
        if not 1 <= value <= 6:
            raise ValueError(f"a die roll is 1 to 6, not {value!r}")
        return value - 1

    def chance_outcome(self, state: BfmState, index: int) -> Roll:
        if not 0 <= int(index) < 6:
            raise ValueError(f"chance outcome index {index!r} is outside 0..5")
        return Roll(int(index) + 1)


class BfmPackage(BasePackage):
    name = "bfm"
    title = "Battle for Moscow"
    # the computer player a person faces when none is named: the search's default level (issue
    # 13), which searches the Soviet side within 2 s a phase (docs/ai.md, session 18)
    default_player = "search-normal"
    sides = ("german", "soviet")
    side_names = dict(present.SIDE_NAMES)

    def __init__(self) -> None:
        self.rules = BattleForMoscow()

    # -- options ---------------------------------------------------------------------------
    def option_specs(self) -> list[OptionSpec]:
        return list(OPTION_SPECS)

    def normalise_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Options checked against their specs, completed with defaults (``ParseError`` names
        the bad one)."""
        if isinstance(options, BfmOptions):
            return options.to_dict()
        return BfmOptions(**check_options(OPTION_SPECS, options)).to_dict()

    # -- positions -------------------------------------------------------------------------
    def position_to_json(self, state: BfmState) -> dict[str, Any]:
        return position.to_json(state)

    def position_from_json(self, doc: dict[str, Any]) -> BfmState:
        return position.from_json(doc)

    # -- display ---------------------------------------------------------------------------
    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return reference.map_meta(self.normalise_options(options))

    def view(self, state: BfmState, seat: str | None) -> dict[str, Any]:
        if seat is not None and seat not in self.sides and seat != "both":
            raise ParseError(f"unknown seat {seat!r}; seats: {list(self.sides)} (or None for a spectator)")
        return present.view(self.rules, state, seat)

    def describe(self, state: BfmState, action: Any) -> dict[str, Any]:
        if isinstance(action, str):
            action = self.rules.parse_action(state, action)
        return present.describe(self.rules, state, action)

    def preview(self, state: BfmState, action: Any) -> dict[str, Any] | None:
        if isinstance(action, str):
            action = self.rules.parse_action(state, action)
        return present.preview(state, action)

    def battle_preview(self, state: BfmState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
        return present.battle_preview(state, target, attackers)

    def retreat_preview(self, state: BfmState, target: str, attackers: Sequence[str] = ()) -> dict[str, Any]:
        """Where the unit in ``target`` could retreat now (optional hook, 9.3 DR)."""
        return present.retreat_preview(state, target, attackers)

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return reference.rules_doc(self.normalise_options(options))

    # -- computer players and research -----------------------------------------------------
    def players(self) -> dict[str, PlayerFactory]:
        """The computer players of ``typhoon.games.bfm.ai`` (``PLAYERS``), imported on demand."""
        return dict(_from_ai("PLAYERS", {}))

    def search_budgets(self, options: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """``typhoon.games.bfm.ai``'s ``search_budgets()`` (a level's extra candidate plans and its
        own policies' knobs) when the computer players are installed, else none."""
        fn = _from_ai("search_budgets")
        return dict(fn()) if callable(fn) else {}

    def encoding(self, options: dict[str, Any] | None = None) -> BfmEncoding:
        return BfmEncoding(BfmOptions.from_dict(self.normalise_options(options)))

    def evaluate(self, state: BfmState, side: str) -> float:
        """``typhoon.games.bfm.ai.evaluate`` when the computer players provide one, else the
        outcome (0.5 while the game is on)."""
        fn = _from_ai("evaluate")
        if fn is not None and not callable(fn):
            fn = getattr(fn, "evaluate", None)  # a module ``ai/evaluate.py`` with ``evaluate()``
        if callable(fn):
            return float(fn(state, side))
        return super().evaluate(state, side)


def _from_ai(name: str, default: Any = None) -> Any:
    """``name`` of ``typhoon.games.bfm.ai`` (``_ai_module``), ``default`` without it."""
    ai = _ai_module()
    return getattr(ai, name, default) if ai is not None else default


def _ai_module() -> Any:
    """``typhoon.games.bfm.ai`` if it is installed (None otherwise; errors inside it propagate)."""
    name = f"{__package__}.ai"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name in (name, f"{__package__}.ai"):
            return None
        raise


PACKAGE = BfmPackage()


# -- an owner's copy of the kit ------------------------------------------------------------------
class KitRules(BattleForMoscow):
    """Battle for Moscow's rules on an owner's kit (:class:`~typhoon.games.bfm.data.Book`):
    a state built from options or from a position document is built with the kit's data and
    keeps it (``BfmState.data``) through every copy, so every rule reads the owner's values."""

    def __init__(self, book: Book, name: str) -> None:
        self.book = book
        self.name = name

    def _attach(self, state: BfmState) -> BfmState:
        state.data = self.book.data(state.options.edition, state.options.red_border)  # BfmState.data, kept by every copy
        return state

    def initial_state(self, options: dict[str, Any] | BfmOptions | None = None) -> BfmState:
        with self.book.active():
            return self._attach(super().initial_state(options))

    def position_from_json(self, doc: dict[str, Any]) -> BfmState:  # type: ignore[override]
        with self.book.active():
            return self._attach(super().position_from_json(doc))

    def parse_action(self, state: BfmState | None, text: str) -> Any:
        with self.book.active():
            return super().parse_action(state, text)


class KitBfmPackage(BfmPackage):
    """Battle for Moscow on an owner's kit: the same rules, options and presentation; the
    board, charts and every value the rules read come from the kit. No research encoding (its
    observation planes are the printed map's)."""

    def __init__(self, book: Book, name: str, title: str, provenance: str | None) -> None:
        self.rules = KitRules(book, name)
        self.book = book
        self.name = name
        self.title = title
        self.provenance = provenance

    def position_from_json(self, doc: dict[str, Any]) -> BfmState:
        return self.rules.position_from_json(doc)

    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        with self.book.active():
            meta = super().map_meta(options)
        if self.provenance:
            meta["provenance"] = self.provenance  # a map the owner entered
        return meta

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        with self.book.active():
            return super().rules_doc(options)

    def encoding(self, options: dict[str, Any] | None = None) -> None:  # type: ignore[override]
        return None


def package_from_kit(kit: Any, name: str) -> KitBfmPackage:
    """Battle for Moscow's rules on a loaded kit (``typhoon.core.kit.load_kit``), e.g. an
    owner's edited copy of ``typhoon/games/bfm/kit`` (a CRT cell, a hex's terrain), called
    ``name`` (``typhoon.games.registry.package_for_kit``). A kit the rules cannot read raises
    :class:`~typhoon.core.kit.KitError` naming every missing or unusable piece."""
    from .kit import owner_documents

    book = Book(owner_documents(kit))
    for edition in EDITIONS:
        book.data(edition)  # built now: a kit the rules cannot read fails here, not in a game
    prov = kit.resolve_provenance(kit.map.get("provenance")) or {}
    owner = "owner" if prov.get("kind") == "owner" else None
    return KitBfmPackage(book, name, kit.title or BfmPackage.title, owner)
