"""Small synthetic Drive on Moscow maps built for one rule at a time."""

from __future__ import annotations

from typhoon.core.hexgrid import HexGrid
from typhoon.games.dom.data import DomMap, hexside_key


def small_map(columns: int = 7, rows: int = 7, *, terrain=None, rivers=(), reservoirs=(), cities=None, towns=None,
              forts=(), german_columns: int = 2, soviet_sources=None, south_from_row: int | None = None) -> DomMap:
    """A ``columns`` x ``rows`` map (BfM numbering, flat hexes): the first ``german_columns``
    columns lie west of the initial front line; German sources on the west edge, Soviet
    sources on the east edge unless given. ``south_from_row``: rows from this one on are on
    the south map sheet (R-1; 5.3 Guderian Effect), else every hex is on the north sheet."""
    grid = HexGrid(columns=columns, rows=rows)
    hexes = grid.all_hexes
    zone = {h: "german" if int(h[:2]) <= german_columns else "forward" for h in hexes}
    east = [h for h in hexes if int(h[:2]) == columns]
    return DomMap(
        grid=grid,
        terrain={h: (terrain or {}).get(h, "clear") for h in hexes},
        forts=frozenset(forts),
        rivers=frozenset(hexside_key(a, b) for a, b in rivers),
        reservoirs=frozenset(hexside_key(a, b) for a, b in reservoirs),
        cities=dict(cities or {}),
        towns=dict(towns or {}),
        zone=zone,
        sheet={h: "south" if south_from_row is not None and int(h[2:]) >= south_from_row else "north" for h in hexes},
        german_sources=frozenset(h for h in hexes if h.startswith("01")),
        soviet_sources=frozenset(soviet_sources if soviet_sources is not None else east),
    )


# -- engine states on synthetic maps -----------------------------------------------------------
from typhoon.core.game import Game  # noqa: E402
from typhoon.core.stacks import Stacks  # noqa: E402
from typhoon.games.dom.data import dom_kit  # noqa: E402
from typhoon.games.dom.gamedata import GERMAN, SOVIET, build  # noqa: E402
from typhoon.games.dom.rules import DomRules  # noqa: E402
from typhoon.games.dom.state import DomState  # noqa: E402


def small_data(m: DomMap, turns=None):
    """The reconstruction's roster and tables on a synthetic map (no set-up)."""
    d = build(dom_kit("reconstruction"), m)
    d.setup, d.soviet_slots = [], []
    if turns:
        for t, attrs in turns.items():
            d.turns[t] = {**d.turns[t], **attrs}
    return d


def counter_with(d, kind: str, attack: int, defence: int, pool=None) -> str:
    """An untried counter of ``kind`` (from ``pool``) whose veteran face is ``attack``-``defence``."""
    return next(c for c in (d.pools[kind] if pool is None else pool) if (d.counter_face[c].attack, d.counter_face[c].defence) == (attack, defence))


def make_state(m: DomMap, *, turn: int = 2, phase: str = "german_first", order: str | None = "move-fight",
               german=(), soviet=(), declared=None, air=(0, 0), turns=None) -> DomState:
    """A state on ``m``: ``german`` is [(unit, hex)], ``soviet`` is [(kind, (attack, defence) | guards id, hex)];
    untried Soviet units get slots s001... holding a counter with those factors (unrevealed)."""
    d = small_data(m, turns)
    s = DomState(d, turn, phase, Stacks(), {})
    s.control = {h: GERMAN if z == "german" else SOVIET for h, z in m.zone.items()}
    s.ever_german = {h for h, side in s.control.items() if side == GERMAN}
    s.pools = {k: list(v) for k, v in d.pools.items()}
    s.order, s.declared = order, declared
    s.air_left, s.air_battles = {GERMAN: air[0], SOVIET: air[1]}, {GERMAN: 0, SOVIET: 0}
    for u, h in german:
        s.stacks.place(u, h)
        s.steps[u] = d.units[u].steps if u in d.units else 1
    for kind, val, h in soviet:
        if isinstance(val, str):
            s.stacks.place(val, h)
            s.steps[val] = 2
            continue
        c = counter_with(d, kind, *val, pool=s.pools[kind])
        slot = DomRules._new_slot(s, kind, h)
        s.draw[slot] = c
        s.pools[kind].remove(c)
    side = GERMAN if phase.startswith("german") else SOVIET
    s.phase_start = {u: s.hex_of(u) for u in s.on_map(side)}
    return s


def game_on(state: DomState, seed: int = 1) -> Game:
    return Game(DomRules(state.data), {}, seed, state=state)
