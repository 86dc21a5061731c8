"""A fixed discrete action space and observation tensors for Battle for Moscow (research interfaces).

Every legal action maps to one index in ``range(num_actions())`` and back (given the state: an
attack is encoded by its direction from the attacking unit's hex, a retreat by directions from
the battle hex). The layout (docs/research.md) is a sequence of blocks; ``U`` = 40 units in
``data.unit_order``, ``H`` = 140 hexes in ``data.hex_order``, ``D`` = 6 directions N, NE, SE, S,
SW, NW (``typhoon.core.hexgrid.DIRECTIONS``)::

    roll      6        die 1-6 (the chance outcomes; OpenSpiel's chance action = value - 1)
    move      U x H    move unit to hex (8.0, 8.1)
    setup     U x H    free set-up (000 6.0)
    place     U x H    replacement placed on hex (10.0)
    reinforce U x H    reinforcement arrives on hex (11.0)
    attack    U x D    unit attacks the enemy in the hex next to it in direction d (9.0)
    resolve   H        resolve the battle in hex next (9.0)
    standfast 2        no, yes (000 9.3)
    retreat   D x D    via = neighbour of the battle hex in d1, to = neighbour of via in d2 (9.3)
    loss      U        attacker takes the step loss (9.3 EX, AL)
    advance   U + 1    advance unit after combat, or none (9.0 step 6)
    restore   U        flip a reduced unit to full strength (10.0)
    commit    1        close declarations (9.0)
    end       1        end the phase

Observations are float32 tensors of shape ``(PLANES, rows, columns)`` = ``(N, 10, 14)``: hex
``CCRR`` is cell ``[RR - 1, CC - 1]``. "Own" and "enemy" are relative to the observing player.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ...core.errors import ParseError
from ...core.hexgrid import DIRECTIONS
from .actions import (
    Action,
    Advance,
    Attack,
    Commit,
    EndPhase,
    Loss,
    Move,
    Place,
    Reinforce,
    Resolve,
    Restore,
    Retreat,
    Roll,
    Setup,
    StandFast,
)
from .data import BfmData, bfm_data
from .kinds import PhaseKind, Step
from .state import BfmState, enemy_of

U = 40
H = 140
D = len(DIRECTIONS)

_BLOCKS = (
    ("roll", 6),
    ("move", U * H),
    ("setup", U * H),
    ("place", U * H),
    ("reinforce", U * H),
    ("attack", U * D),
    ("resolve", H),
    ("standfast", 2),
    ("retreat", D * D),
    ("loss", U),
    ("advance", U + 1),
    ("restore", U),
    ("commit", 1),
    ("end", 1),
)
OFFSET: dict[str, int] = {}
_n = 0
for _name, _size in _BLOCKS:
    OFFSET[_name] = _n
    _n += _size
NUM_ACTIONS = _n
_STARTS = sorted((o, name) for name, o in OFFSET.items())


def num_actions() -> int:
    return NUM_ACTIONS


def block_of(index: int) -> str:
    """The name of the block an index falls in (``"move"``, ``"attack"``, ...)."""
    if not 0 <= index < NUM_ACTIONS:
        raise ValueError(f"action index {index} is outside 0..{NUM_ACTIONS - 1}")
    name = "roll"
    for start, n in _STARTS:
        if start > index:
            break
        name = n
    return name


def _check(data: BfmData) -> None:
    if len(data.unit_order) != U or len(data.hex_order) != H:  # pragma: no cover - data change
        raise ValueError(f"encoding expects {U} units and {H} hexes, data has {len(data.unit_order)} and {len(data.hex_order)}")


def encode(state: BfmState, action: Action) -> int:
    """The index of ``action`` (which should be legal in ``state``); raises ValueError if it cannot be encoded."""
    data = state.data
    ui, hi = data.unit_index, data.hex_index
    t = type(action)
    try:
        if t is Move:
            return OFFSET["move"] + ui[action.unit] * H + hi[action.to]
        if t is Attack:
            d = data.grid.direction(state.hex_of[action.unit], action.target)
            return OFFSET["attack"] + ui[action.unit] * D + DIRECTIONS.index(d)
        if t is EndPhase:
            return OFFSET["end"]
        if t is Roll:
            if not 1 <= action.value <= 6:
                raise ValueError(f"die value {action.value}")
            return OFFSET["roll"] + action.value - 1
        if t is Commit:
            return OFFSET["commit"]
        if t is Resolve:
            return OFFSET["resolve"] + hi[action.target]
        if t is StandFast:
            return OFFSET["standfast"] + int(action.stand)
        if t is Retreat:
            origin = state.current
            if origin is None:
                raise ValueError("no battle is being resolved")
            d1 = DIRECTIONS.index(data.grid.direction(origin, action.via))
            d2 = DIRECTIONS.index(data.grid.direction(action.via, action.to))
            return OFFSET["retreat"] + d1 * D + d2
        if t is Loss:
            return OFFSET["loss"] + ui[action.unit]
        if t is Advance:
            return OFFSET["advance"] + (U if action.unit is None else ui[action.unit])
        if t is Restore:
            return OFFSET["restore"] + ui[action.unit]
        if t is Setup:
            return OFFSET["setup"] + ui[action.unit] * H + hi[action.hex]
        if t is Place:
            return OFFSET["place"] + ui[action.unit] * H + hi[action.hex]
        if t is Reinforce:
            return OFFSET["reinforce"] + ui[action.unit] * H + hi[action.hex]
    except (KeyError, ParseError, ValueError, AttributeError) as e:
        raise ValueError(f"cannot encode {action} in this state: {e}") from None
    raise ValueError(f"cannot encode {action!r}: unknown action type")


def decode(state: BfmState, index: int) -> Action:
    """The action an index stands for in ``state`` (not necessarily legal; see ``legal_mask``)."""
    index = int(index)
    name = block_of(index)
    k = index - OFFSET[name]
    data = state.data
    units, hexes = data.unit_order, data.hex_order
    if name in ("move", "setup", "place", "reinforce"):
        unit, hex_id = units[k // H], hexes[k % H]
        return {"move": Move, "setup": Setup, "place": Place, "reinforce": Reinforce}[name](unit, hex_id)
    if name == "roll":
        return Roll(k + 1)
    if name == "attack":
        unit = units[k // D]
        where = state.hex_of.get(unit)
        if where is None:
            raise ValueError(f"index {index}: {unit} is not on the map, so it cannot attack")
        target = data.grid.neighbour(where, DIRECTIONS[k % D])
        if target is None:
            raise ValueError(f"index {index}: no hex {DIRECTIONS[k % D]} of {unit} in {where}")
        return Attack(unit, target)
    if name == "resolve":
        return Resolve(hexes[k])
    if name == "standfast":
        return StandFast(bool(k))
    if name == "retreat":
        origin = state.current
        if origin is None:
            raise ValueError(f"index {index}: a retreat needs a battle being resolved")
        via = data.grid.neighbour(origin, DIRECTIONS[k // D])
        to = data.grid.neighbour(via, DIRECTIONS[k % D]) if via else None
        if via is None or to is None:
            raise ValueError(f"index {index}: that retreat path leaves the map")
        return Retreat(via, to)
    if name == "loss":
        return Loss(units[k])
    if name == "advance":
        return Advance(None if k == U else units[k])
    if name == "restore":
        return Restore(units[k])
    if name == "commit":
        return Commit()
    return EndPhase()


def legal_indices(state: BfmState, legal=None) -> list[int]:
    """Indices of the legal actions (in the engine's order); ``legal`` may pass a list already made."""
    if legal is None:
        from . import RULES

        legal = RULES.legal_actions(state)
    return [encode(state, a) for a in legal]


def legal_mask(state: BfmState, legal=None) -> np.ndarray:
    """A bool vector of length ``num_actions()``, True at the legal actions' indices."""
    mask = np.zeros(NUM_ACTIONS, dtype=bool)
    idx = legal_indices(state, legal)
    if idx:
        mask[idx] = True
    return mask


def to_text(state: BfmState, index: int) -> str:
    return str(decode(state, index))


def from_text(state: BfmState, text: str) -> int:
    from . import RULES

    return encode(state, RULES.parse_action(state, text))


# -- observations ------------------------------------------------------------------------------
ROWS, COLS = 10, 14
MAX_STRENGTH = 12.0
MAX_REPLACEMENTS = 6.0
# the phases a player acts in (the same ids in both editions; housekeeping is automatic)
PHASE_IDS = tuple(p.id for p in bfm_data("2009").sequence if p.kind != PhaseKind.HOUSEKEEPING)
STEPS = tuple(str(s) for s in Step if s != Step.DONE)  # the steps a battle waits in

STATIC_PLANES = (
    "forest", "fortification", "city", "major_city", "moscow",
    *(f"river_{d}" for d in DIRECTIONS),
    "rail", "german_edge", "soviet_edge",
)  # fmt: skip
DYNAMIC_PLANES = (
    "own_strength", "enemy_strength", "own_reduced", "enemy_reduced", "own_armour", "enemy_armour",
    "moved", "may_move", "own_zoc", "enemy_zoc", "own_city", "enemy_city",
    "declared_attacker", "declared_defender", "current_battle",
)  # fmt: skip
GLOBAL_FEATURES = (
    *(f"turn_{t}" for t in range(1, 8)),
    *(f"phase_{p}" for p in PHASE_IDS),
    "mud", "to_act_german", "to_act_soviet", "to_act_chance", "observer_german",
    "replacements_left", *(f"step_{s}" for s in STEPS), "committed", "reinforcement_due", "edition_1986",
)  # fmt: skip
UNIT_PLANES = U  # one plane per unit (data.unit_order): 1 where the unit stands
PLANES = (
    *STATIC_PLANES,
    *DYNAMIC_PLANES,
    *(f"unit_{i}" for i in range(UNIT_PLANES)),
    *(f"global_{g}" for g in GLOBAL_FEATURES),
)
NUM_PLANES = len(PLANES)
OBS_SHAPE = (NUM_PLANES, ROWS, COLS)
_P = {name: i for i, name in enumerate(PLANES)}
_G = {name: i for i, name in enumerate(GLOBAL_FEATURES)}
_UNIT0 = _P["unit_0"]
_GLOBAL0 = _P[f"global_{GLOBAL_FEATURES[0]}"]


@cache
def _cells(edition: str) -> dict[str, tuple[int, int]]:
    data = bfm_data(edition)
    _check(data)
    return {h: (int(h[2:]) - 1, int(h[:2]) - 1) for h in data.hex_order}


@cache
def _flat_cells(edition: str) -> dict[str, int]:
    return {h: r * COLS + c for h, (r, c) in _cells(edition).items()}


@cache
def _static(edition: str) -> np.ndarray:
    data = bfm_data(edition)
    cell = _cells(edition)
    out = np.zeros((len(STATIC_PLANES), ROWS, COLS), dtype=np.float32)
    sp = {n: i for i, n in enumerate(STATIC_PLANES)}

    def mark(name: str, hexes) -> None:
        for h in hexes:
            if h in cell:
                out[(sp[name], *cell[h])] = 1.0

    mark("forest", data.forest)
    mark("fortification", data.fortified)
    mark("city", data.cities)
    mark("major_city", data.major_cities)
    mark("moscow", [data.moscow])
    mark("rail", data.rail_hexes)
    mark("german_edge", data.edges["german"])
    mark("soviet_edge", data.edges["soviet"])
    for h in data.hex_order:
        for d in DIRECTIONS:
            n = data.grid.neighbour(h, d)
            if n is not None and frozenset((h, n)) in data.rivers:
                out[(sp[f"river_{d}"], *cell[h])] = 1.0
    out.setflags(write=False)
    return out


def global_features(state: BfmState, player: str) -> np.ndarray:
    """The global features (GLOBAL_FEATURES order) seen by ``player`` ("german" or "soviet")."""
    from . import RULES

    g = np.zeros(len(GLOBAL_FEATURES), dtype=np.float32)
    data = state.data
    g[_G[f"turn_{state.turn}"]] = 1.0
    if state.phase in PHASE_IDS:
        g[_G[f"phase_{state.phase}"]] = 1.0
    g[_G["mud"]] = float(data.mud(state.turn))
    to_act = RULES.current_player(state)
    if not state.finished:
        g[_G[f"to_act_{to_act or 'chance'}"]] = 1.0
    g[_G["observer_german"]] = float(player == "german")
    g[_G["replacements_left"]] = state.replacements_left / MAX_REPLACEMENTS
    battle = RULES.current_battle(state)
    if battle is not None and battle.step in STEPS:
        g[_G[f"step_{battle.step}"]] = 1.0
    g[_G["committed"]] = float(state.committed)
    g[_G["reinforcement_due"]] = float(bool(RULES.reinforcements_due(state)))
    g[_G["edition_1986"]] = float(state.options.edition == "1986")
    return g


def observation(state: BfmState, player: str) -> np.ndarray:
    """The observation tensor of ``state`` for ``player``: float32, shape ``OBS_SHAPE``."""
    from . import movement

    if player not in ("german", "soviet"):
        raise ValueError(f"player must be 'german' or 'soviet', not {player!r}")
    data = state.data
    edition = state.options.edition
    out = np.zeros(OBS_SHAPE, dtype=np.float32)
    out[: len(STATIC_PLANES)] = _static(edition)
    enemy = enemy_of(player)
    units = data.units
    ui = data.unit_index
    P = _P
    moving = state.phase_spec.kind == PhaseKind.MOVEMENT
    flat = out.reshape(NUM_PLANES, ROWS * COLS)  # a view: flat[plane, r * COLS + c]
    fc = _flat_cells(edition)
    idx: list[int] = []  # plane * (ROWS * COLS) + cell, set to 1.0
    n = ROWS * COLS
    own_p = (P["own_strength"], P["own_reduced"] * n, P["own_armour"] * n)
    enemy_p = (P["enemy_strength"], P["enemy_reduced"] * n, P["enemy_armour"] * n)
    moved_p, may_p = P["moved"] * n, P["may_move"] * n
    for u, h in state.hex_of.items():
        k = fc[h]
        spec = units[u]
        strength_p, reduced_p, armour_p = own_p if spec.side == player else enemy_p
        flat[strength_p, k] = state.strength(u) / MAX_STRENGTH
        idx.append((_UNIT0 + ui[u]) * n + k)
        if u in state.reduced:
            idx.append(reduced_p + k)
        if spec.armour:
            idx.append(armour_p + k)
        if u in state.moved:
            idx.append(moved_p + k)
        if moving and movement.may_move(state, u):
            idx.append(may_p + k)
    # enemy_zoc(enemy) = the hexes in the ZOC of the observer's units
    for plane, side in ((P["own_zoc"], enemy), (P["enemy_zoc"], player)):
        flat[plane, [fc[h] for h in state.enemy_zoc(side) if h in fc]] = 1.0
    own_city, enemy_city = P["own_city"] * n, P["enemy_city"] * n
    idx.extend((own_city if side == player else enemy_city) + fc[h] for h, side in state.control.items())
    for t, b in state.battles.items():
        idx.append(P["declared_defender"] * n + fc[t])
        idx.extend(P["declared_attacker"] * n + fc[state.hex_of[a]] for a in b.attackers if a in state.hex_of)
    if state.current is not None:
        idx.append(P["current_battle"] * n + fc[state.current])
    out.reshape(-1)[idx] = 1.0
    out[_GLOBAL0:] = global_features(state, player)[:, None, None]
    return out
