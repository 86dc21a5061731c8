"""Helpers to build Battle for Moscow positions for the rules tests.

Positions are written as plain dicts and loaded through ``position.from_json`` so each test
states exactly the situation the rulebook describes; expected values come from the rules
texts (seeds 000 = 2009, 001 = 1986) and shared/reference/bfm/charts.md, never from the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

from typhoon.core.game import Game
from typhoon.games.bfm import RULES, position
from typhoon.games.bfm.data import bfm_data


def build(
    units: dict[str, Any],
    *,
    phase: str = "german_combat",
    turn: int = 1,
    edition: str = "2009",
    seed: int = 0,
    keep_history: bool = True,
    **extra: Any,
) -> Game:
    """A game at ``phase`` of ``turn`` with exactly ``units`` on the map.

    ``units``: {unit id: hex} for a full-strength unit, or {unit id: (hex, "r")} for a reduced one.
    ``extra`` goes into the position document (pool, control, replacements_left, battles, ...).
    """
    doc: dict[str, Any] = {"options": {"edition": edition}, "turn": turn, "phase": phase, "units": {}}
    for u, spec in units.items():
        if isinstance(spec, tuple):
            doc["units"][u] = {"hex": spec[0], "reduced": "r" in spec[1:]}
        else:
            doc["units"][u] = {"hex": spec, "reduced": False}
    options = doc["options"]
    for k in ("soviet_replacements", "german_replacements", "german_replacement_turns", "red_border"):
        if k in extra:
            options[k] = extra.pop(k)
    doc.update(extra)
    state = position.from_json(doc)
    return Game(RULES, dict(state.options.to_dict()), seed, state=state, keep_history=keep_history)


def data(edition: str = "2009"):
    return bfm_data(edition)


def neighbours(h: str, edition: str = "2009") -> tuple[str, ...]:
    return bfm_data(edition).grid.neighbours(h)


def distance(a: str, b: str) -> int:
    return bfm_data("2009").grid.distance(a, b)


def texts(game: Game) -> set[str]:
    return {str(a) for a in game.legal_actions}


def move_targets(game: Game, unit: str) -> set[str]:
    return {str(a).split()[2] for a in game.legal_actions if str(a).startswith(f"move {unit} ")}


def declare(game: Game, attacks: dict[str, list[str]]) -> None:
    """Declare battles {target hex: [attackers]} and commit."""
    for target, attackers in attacks.items():
        for a in attackers:
            game.push(f"attack {a} {target}")
    game.push("commit")


def fight(units: dict[str, Any], target: str, attackers: list[str], die: int, **kw: Any) -> Game:
    """A single battle: declare, commit and roll ``die``; returns the game after the roll."""
    g = build(units, **kw)
    declare(g, {target: attackers})
    assert g.is_chance(), "the battle should be waiting for its die roll"
    g.push(f"roll {die}")
    return g


@pytest.fixture
def mk():
    return build
