"""Helpers for The Moscow Campaign tests: small synthetic maps built for each case.

Hex ids are CCRR on a flat-topped grid with odd columns half a hex up (like the shipped map):
0302's neighbours are 0301 (N), 0401 (NE), 0402 (SE), 0303 (S), 0202 (SW), 0201 (NW)...
computed by the core grid, never by hand."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from typhoon.core.game import Game
from typhoon.core.stacks import Stacks
from typhoon.games.mc.data import UnitSpec, register, synthetic
from typhoon.games.mc.rules import MCRules
from typhoon.games.mc.state import MCState
from typhoon.games.mc import rail as rail_rules
from typhoon.games.mc.sequence import BY_ID

RULES = MCRules()


def G(uid: str, s: int = 4, m: int = 5, kind: str = "infantry", mech: bool = False) -> UnitSpec:
    return UnitSpec(uid, "german", kind, uid, s, m, mech, kind == "eb")


def S(uid: str, s: int = 3, m: int = 5, kind: str = "infantry", bracketed: bool = False) -> UnitSpec:
    return UnitSpec(uid, "soviet", kind, uid, s, m, False, bracketed or kind == "eb")


def KG(i: int) -> UnitSpec:
    return UnitSpec(f"KG{i}", "german", "kg", f"KG{i}", 2, 8, True, False)


def build(units: dict[UnitSpec, str], *, phase: str = "german_initial_movement", turn: int = 6, cols: int = 9, rows: int = 9,
          supplied: bool = True, kgs: int = 2, **map_kw: Any) -> Game:
    """A game on a cols x rows clear map with ``units`` placed; every unit in supply unless
    ``supplied`` is False (a heavy German rail line and a Soviet line along the edges give it)."""
    specs = [*units, *[KG(i) for i in range(1, kgs + 1)]]
    rail = list(map_kw.pop("rail", []))
    heavy = list(map_kw.pop("heavy", []))
    if supplied:
        col1 = [f"01{r:02d}" for r in range(1, rows + 1)]
        colN = [f"{cols:02d}{r:02d}" for r in range(1, rows + 1)]
        heavy.append(col1)
        rail += [col1, colN]
    data = synthetic(cols, rows, specs, rail=rail, heavy=heavy, west_columns=map_kw.pop("west_columns", 1), **map_kw)
    key = register(data)
    stacks = Stacks()
    for spec, h in units.items():
        stacks.place(spec.id, h)
    sc = data.scenarios["test"]
    state = MCState(key, "test", turn, 31, phase, stacks, rail_rules.initial_rail(data, sc))
    RULES._start_phase(state, [])
    return Game(RULES, {}, 1, state=state)


def push_all(game: Game, *texts: str) -> list[str]:
    out: list[str] = []
    for t in texts:
        out.extend(map(str, game.push(t)))
    return out


def force_roll(game: Game, value: int) -> list[str]:
    """Resolve the pending die roll with ``value``."""
    assert game.is_chance(), "no die roll is due"
    return list(map(str, game.push(f"roll {value}")))


def mp(x) -> Fraction:
    return Fraction(x)
