"""A fixed discrete action space and observation tensors for Battle for Moscow (research interfaces).

Every legal action maps to one index in ``range(num_actions())`` and back (given the state: an
attack is encoded by its direction from the attacking unit's hex, a retreat by directions from
the battle hex). The layout (docs/research.md) is a sequence of blocks; ``U`` = 40 units in
``data.unit_order``, ``H`` = 140 hexes in ``data.hex_order``, ``D`` = 6 directions N, NE, SE, S,
SW, NW (``typhoon.core.hexgrid.DIRECTIONS``)::

    roll      6        die 1-6 (the chance outcomes; OpenSpiel's chance action = value - 1)
    unit_hex  U x H    unit to hex: what it means follows from the phase, so one block serves
                       all four: set-up phase = free set-up (000 6.0); replacement phase =
                       reinforcement arriving (11.0) for a unit due, else replacement placed
                       (10.0); otherwise move (8.0, 8.1)
    attack    U x D    unit attacks the enemy in the hex next to it in direction d (9.0)
    resolve   H        resolve the battle in hex next (9.0)
    standfast 2        no, yes (000 9.3)
    retreat   D x D    via = neighbour of the battle hex in d1, to = neighbour of via in d2 (9.3)
    loss      U        attacker takes the step loss (9.3 EX, AL)
    advance   U + 1    advance unit after combat, or none (9.0 step 6)
    restore   U        flip a reduced unit to full strength (10.0)
    commit    1        close declarations (9.0)
    end       1        end the phase

The factored form (``FACTORS``, ``FACTOR_SIZES``): every player's action is a pair (actor,
what): actor = one of the U units or ``U`` (no unit); what = a hex (unit_hex destination,
resolve target) or one of the non-hex choices (``WHAT_NAMES``).

Observations are float32 tensors of shape ``(PLANES, rows, columns)`` = ``(N, 10, 14)``: hex
``CCRR`` is cell ``[RR - 1, CC - 1]``. "Own" and "enemy" are relative to the observing player.
Spatial planes hold sums over the units of a hex (two units sharing a hex add up); the
``table_*`` planes are per-unit tables: the value for unit ``i`` (``data.unit_order``) is in
flat cell ``i`` of the plane (row ``i // 14``, column ``i % 14``), so units off the map (the
replacement pool, reinforcements to come, eliminated units) and their reduced side are seen too.
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
from . import movement
from .data import BfmData, bfm_data
from .kinds import PhaseKind, Result, Step
from .state import BfmState, enemy_of

U = 40
H = 140
D = len(DIRECTIONS)

_BLOCKS = (
    ("roll", 6),
    ("unit_hex", U * H),
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
# the four unit-to-hex actions share one block (module docstring); their old names stay as aliases
for _alias in ("move", "setup", "place", "reinforce"):
    OFFSET[_alias] = OFFSET["unit_hex"]


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
    return _indices(state, (action,))[0]


class _UnknownAction(Exception):
    """An object that is no Battle for Moscow action (``_indices``)."""


def _indices(state: BfmState, actions) -> list[int]:
    """The index of each action (the one place of every block's index rule): one pass with
    the lookups hoisted, so that encoding a whole legal list costs a few dict reads per action."""
    data = state.data
    ui, hi = data.unit_index, data.hex_index
    step = _steps(data)
    uh = OFFSET["unit_hex"]
    out: list[int] = []
    append = out.append
    action = None
    try:
        for action in actions:
            t = type(action)
            if t is Move:
                append(uh + ui[action.unit] * H + hi[action.to])
            elif t is Attack:
                d = step.get((state.hex_of[action.unit], action.target))
                if d is None:
                    d = DIRECTIONS.index(data.grid.direction(state.hex_of[action.unit], action.target))
                append(OFFSET["attack"] + ui[action.unit] * D + d)
            elif t is EndPhase:
                append(OFFSET["end"])
            elif t is Roll:
                if not 1 <= action.value <= 6:
                    raise ValueError(f"die value {action.value}")
                append(OFFSET["roll"] + action.value - 1)
            elif t is Commit:
                append(OFFSET["commit"])
            elif t is Resolve:
                append(OFFSET["resolve"] + hi[action.target])
            elif t is StandFast:
                append(OFFSET["standfast"] + int(action.stand))
            elif t is Retreat:
                origin = state.current
                if origin is None:
                    raise ValueError("no battle is being resolved")
                d1 = step.get((origin, action.via))
                if d1 is None:
                    d1 = DIRECTIONS.index(data.grid.direction(origin, action.via))
                d2 = step.get((action.via, action.to))
                if d2 is None:
                    d2 = DIRECTIONS.index(data.grid.direction(action.via, action.to))
                append(OFFSET["retreat"] + d1 * D + d2)
            elif t is Loss:
                append(OFFSET["loss"] + ui[action.unit])
            elif t is Advance:
                append(OFFSET["advance"] + (U if action.unit is None else ui[action.unit]))
            elif t is Restore:
                append(OFFSET["restore"] + ui[action.unit])
            elif t is Setup or t is Place or t is Reinforce:
                append(uh + ui[action.unit] * H + hi[action.hex])
            else:
                raise _UnknownAction
    except _UnknownAction:
        raise ValueError(f"cannot encode {action!r}: unknown action type") from None
    except (KeyError, ParseError, ValueError, AttributeError) as e:
        raise ValueError(f"cannot encode {action} in this state: {e}") from None
    return out


_STEPS: dict[int, tuple[BfmData, dict[tuple[str, str], int]]] = {}


def _steps(data: BfmData) -> dict[tuple[str, str], int]:
    """(hex, neighbour) -> the place in ``DIRECTIONS`` of the direction from one to the other,
    for every pair of neighbouring hexes of the map: the grid's ``direction``, looked up once
    (attacks and retreats are encoded by directions)."""
    got = _STEPS.get(id(data))
    if got is None or got[0] is not data:  # the data object is kept with its table: its id stays its own
        grid = data.grid
        table = {(h, n): DIRECTIONS.index(grid.direction(h, n)) for h, ns in data.neighbours.items() for n in ns}
        got = _STEPS[id(data)] = (data, table)
    return got[1]


def decode(state: BfmState, index: int) -> Action:
    """The action an index stands for in ``state`` (not necessarily legal; see ``legal_mask``)."""
    index = int(index)
    name = block_of(index)
    k = index - OFFSET[name]
    data = state.data
    units, hexes = data.unit_order, data.hex_order
    if name == "unit_hex":
        unit, hex_id = units[k // H], hexes[k % H]
        return _unit_hex_kind(state, unit)(unit, hex_id)
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


def _unit_hex_kind(state: BfmState, unit: str) -> type:
    """What "unit to hex" means now: set-up (000 6.0), reinforcement (11.0), replacement
    (10.0) or move (8.0), by the phase and where the unit is."""
    kind = state.phase_spec.kind
    if kind == PhaseKind.SETUP:
        return Setup
    if kind == PhaseKind.REPLACEMENT:
        due = any(unit in us for t, us in state.reinforcements.items() if t <= state.turn)
        return Reinforce if due else Place
    return Move


def legal_indices(state: BfmState, legal=None) -> list[int]:
    """Indices of the legal actions (in the engine's order); ``legal`` may pass a list already made."""
    if legal is None:
        from . import RULES

        legal = RULES.legal_actions(state)
    return _indices(state, legal)


def legal_mask(state: BfmState, legal=None) -> np.ndarray:
    """A bool vector of length ``num_actions()``, True at the legal actions' indices."""
    mask = np.zeros(NUM_ACTIONS, dtype=bool)
    idx = legal_indices(state, legal)
    if idx:
        mask[idx] = True
    return mask


# -- the factored form: (actor, what) ---------------------------------------------------------
#: the non-hex choices of the "what" head, after the H hexes
WHAT_NAMES = (
    *(f"attack_{d}" for d in DIRECTIONS),
    "loss", "advance", "restore", "advance_none",
    *(f"retreat_{a}_{b}" for a in DIRECTIONS for b in DIRECTIONS),
    "standfast_no", "standfast_yes", "commit", "end",
)  # fmt: skip
NO_UNIT = U  # the actor of actions that name no unit
FACTOR_SIZES = (U + 1, H + len(WHAT_NAMES))
_W = {name: H + i for i, name in enumerate(WHAT_NAMES)}


def _factor_table() -> np.ndarray:
    """``FACTORS[index] = (actor, what)`` for every player's action index; (-1, -1) for the
    chance outcomes (the die), which no player chooses."""
    t = np.full((NUM_ACTIONS, 2), -1, dtype=np.int64)

    def put(index: int, actor: int, what: int) -> None:
        t[index] = (actor, what)

    for u in range(U):
        for h in range(H):
            put(OFFSET["unit_hex"] + u * H + h, u, h)
        for d in range(D):
            put(OFFSET["attack"] + u * D + d, u, _W[f"attack_{DIRECTIONS[d]}"])
        put(OFFSET["loss"] + u, u, _W["loss"])
        put(OFFSET["advance"] + u, u, _W["advance"])
        put(OFFSET["restore"] + u, u, _W["restore"])
    put(OFFSET["advance"] + U, NO_UNIT, _W["advance_none"])
    for h in range(H):
        put(OFFSET["resolve"] + h, NO_UNIT, h)
    for a in range(D):
        for b in range(D):
            put(OFFSET["retreat"] + a * D + b, NO_UNIT, _W[f"retreat_{DIRECTIONS[a]}_{DIRECTIONS[b]}"])
    put(OFFSET["standfast"], NO_UNIT, _W["standfast_no"])
    put(OFFSET["standfast"] + 1, NO_UNIT, _W["standfast_yes"])
    put(OFFSET["commit"], NO_UNIT, _W["commit"])
    put(OFFSET["end"], NO_UNIT, _W["end"])
    t.setflags(write=False)
    return t


FACTORS = _factor_table()


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
BATTLE_STEPS = tuple(str(s) for s in Step)  # declared ... done
RESULTS = tuple(str(r) for r in Result)
DYNAMIC_PLANES = (
    "own_strength", "enemy_strength", "own_reduced", "enemy_reduced", "own_armour", "enemy_armour",
    "moved", "may_move", "own_zoc", "enemy_zoc", "own_city", "enemy_city",
    "declared_attacker", "declared_defender", "current_battle",
    "own_units", "enemy_units",  # units in the hex (a count: two units may share a hex mid-move)
    *(f"attacks_{d}" for d in DIRECTIONS),  # declared attackers in the hex attacking in direction d
    *(f"battle_{s}" for s in BATTLE_STEPS),  # at a battle hex: where its battle stands (9.0)
    *(f"result_{r}" for r in RESULTS),  # at a battle hex: its combat result (9.3)
    "loss_due",  # at a battle hex: strength points the attacker still owes (9.3 EX) / 12
    "loss_kind_EX", "loss_kind_AL",
    "battle_order",  # at a battle hex: 1 / its place in the order of declaration
)  # fmt: skip
#: per-unit tables: the value for unit i is in flat cell i of the plane (module docstring)
TABLE_PLANES = (
    "own_unit", "on_map", "in_pool", "reduced", "moved", "replaced", "rail_mover", "to_set_up",
    "reinforcement_due_now", "reinforcement_turn", "eliminated", "defending", "attacking",
    "strength",
)  # fmt: skip
GLOBAL_FEATURES = (
    *(f"turn_{t}" for t in range(1, 8)),
    *(f"phase_{p}" for p in PHASE_IDS),
    "mud", "to_act_german", "to_act_soviet", "to_act_chance", "observer_german",
    "replacements_left", *(f"step_{s}" for s in STEPS), "committed", "reinforcement_due", "edition_1986",
    "finished", "winner_me", "winner_enemy", "setup_free", "soviet_replacements",
)  # fmt: skip
UNIT_PLANES = U  # one plane per unit (data.unit_order): 1 where the unit stands
PLANES = (
    *STATIC_PLANES,
    *DYNAMIC_PLANES,
    *(f"unit_{i}" for i in range(UNIT_PLANES)),
    *(f"table_{t}" for t in TABLE_PLANES),
    *(f"global_{g}" for g in GLOBAL_FEATURES),
)
NUM_PLANES = len(PLANES)
OBS_SHAPE = (NUM_PLANES, ROWS, COLS)
#: the bounds of every value (spatial planes are sums over a hex; see the module docstring)
OBS_RANGE = (0.0, 4.0)
_P = {name: i for i, name in enumerate(PLANES)}
_G = {name: i for i, name in enumerate(GLOBAL_FEATURES)}
_UNIT0 = _P["unit_0"]
_TABLE0 = _P[f"table_{TABLE_PLANES[0]}"]
_T = {name: i for i, name in enumerate(TABLE_PLANES)}
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
def _static(edition: str, red_border: str) -> np.ndarray:
    data = bfm_data(edition, red_border)
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
    rules = _rules()
    g = np.zeros(len(GLOBAL_FEATURES), dtype=np.float32)
    data = state.data
    opts = state.options
    g[_G_TURN[min(max(state.turn, 1), 7)]] = 1.0
    phase = _G_PHASE.get(state.phase)
    if phase is not None:
        g[phase] = 1.0
    g[_G_MUD] = float(data.mud(state.turn))
    g[_G_OBSERVER] = float(player == "german")
    g[_G_REPL] = state.replacements_left / MAX_REPLACEMENTS
    g[_G_COMMITTED] = float(state.committed)
    g[_G_1986] = float(opts.edition == "1986")
    g[_G_FREE] = float(opts.setup == "free")
    g[_G_SOVIET_REPL] = opts.soviet_replacements / MAX_REPLACEMENTS
    if state.finished:
        g[_G["finished"]] = 1.0
        winner = getattr(state.outcome, "winner", None)
        if winner is not None:
            g[_G["winner_me" if winner == player else "winner_enemy"]] = 1.0
        return g
    to_act = rules.current_player(state)
    g[_G_TO_ACT[to_act]] = 1.0
    battle = rules.current_battle(state)
    if battle is not None:
        step = _G_STEP.get(str(battle.step))
        if step is not None:
            g[step] = 1.0
    g[_G_DUE] = float(bool(rules.reinforcements_due(state)))
    return g


# the features' places, looked up once (global_features runs at every observation)
_G_TURN = {t: _G[f"turn_{t}"] for t in range(1, 8)}
_G_PHASE = {p: _G[f"phase_{p}"] for p in PHASE_IDS}
_G_STEP = {s: _G[f"step_{s}"] for s in STEPS}
_G_TO_ACT = {"german": _G["to_act_german"], "soviet": _G["to_act_soviet"], None: _G["to_act_chance"]}
_G_MUD, _G_OBSERVER, _G_REPL = _G["mud"], _G["observer_german"], _G["replacements_left"]
_G_COMMITTED, _G_1986, _G_FREE = _G["committed"], _G["edition_1986"], _G["setup_free"]
_G_SOVIET_REPL, _G_DUE = _G["soviet_replacements"], _G["reinforcement_due"]


@cache
def _rules():
    """The package's rules object (imported on first use: the package imports this module)."""
    from . import RULES

    return RULES


class _Tables:
    """What an observation needs of an edition's data that never changes in a game, as flat
    indices into the observation (``plane * ROWS * COLS + cell``), built once per data object."""

    def __init__(self, data: BfmData, edition: str, red_border: str) -> None:
        n = ROWS * COLS
        fc = _flat_cells(edition)
        self.data = data
        self.fc = fc
        self.static = _static(edition, red_border).reshape(len(STATIC_PLANES), n)
        self.hex_cell = np.array([fc[h] for h in data.hex_order], dtype=np.intp)  # hex index -> flat cell
        self.nbytes = (len(data.hex_order) + 7) // 8
        specs = [data.units[u] for u in data.unit_order]
        self.armour = frozenset(u for u, sp in zip(data.unit_order, specs) if sp.armour)
        # state.strength(u) / MAX_STRENGTH for each side of the counter (float64, as Python divides)
        self.full = np.array([sp.full for sp in specs], dtype=np.float64) / MAX_STRENGTH
        self.reduced = np.array([sp.reduced for sp in specs], dtype=np.float64) / MAX_STRENGTH
        # whether every strength of the table is within OBS_RANGE (then its clamp changes nothing)
        self.strengths_in_range = max(self.full.max(), self.reduced.max()) <= OBS_RANGE[1]
        self.unit_plane = (_UNIT0 + np.arange(U, dtype=np.intp)) * n  # unit i's own plane
        self.row = {t: (_TABLE0 + i) * n for i, t in enumerate(TABLE_PLANES)}  # table t's start
        self.own_rows: dict[str, np.ndarray] = {}  # by observer: the own_unit cells of its units
        #: by observer, by unit: the start of its own_* or enemy_* plane of each kind
        self.planes: dict[str, dict[str, dict[str, int]]] = {}
        for player in ("german", "soviet"):
            own = [sp.side == player for sp in specs]
            self.own_rows[player] = self.row["own_unit"] + np.flatnonzero(own).astype(np.intp)
            self.planes[player] = {
                what: {u: _P[f"own_{what}" if o else f"enemy_{what}"] * n for u, o in zip(data.unit_order, own)}
                for what in ("units", "strength", "reduced", "armour")
            }
        self.strength_plane = {
            player: np.array([self.planes[player]["strength"][u] for u in data.unit_order], dtype=np.intp)
            for player in ("german", "soviet")
        }
        self.on_map = self.row["on_map"]
        self.unit_set = frozenset(data.unit_order)
        self.is_armour = np.array([sp.armour for sp in specs], dtype=bool)
        #: by observer, by unit index: the plane starts a unit standing in a hex sets to 1 at
        #: that hex's cell: its own unit plane, its own/enemy units plane, its own/enemy armour
        #: plane (for a unit without armour its units plane again: setting a 1 twice is setting
        #: it once; the sums over a hex with two units are made apart, ``_counts_shared``)
        self.place: dict[str, np.ndarray] = {}
        self.units_plane: dict[str, np.ndarray] = {}
        self.armour_plane: dict[str, np.ndarray] = {}
        for player in ("german", "soviet"):
            pl = self.planes[player]
            self.units_plane[player] = np.array([pl["units"][u] for u in data.unit_order], dtype=np.intp)
            self.armour_plane[player] = np.array([pl["armour"][u] for u in data.unit_order], dtype=np.intp)
            self.place[player] = np.stack(
                (self.unit_plane, self.units_plane[player],
                 np.where(self.is_armour, self.armour_plane[player], self.units_plane[player])), axis=1)
        #: the zones of control as unpacked bits (``_write_zoc``): bit j of the first mask at
        #: own_zoc's cell of hex j, of the second at enemy_zoc's; the padding bits past the last
        #: hex (always 0) at a cell of own_strength, which is zeroed before and written after
        pad = _P["own_strength"] * n
        bits = self.nbytes * 8
        self.zoc_cells = np.array(
            [(_P["own_zoc"] + r) * n + int(self.hex_cell[j]) if j < H else pad for r in (0, 1) for j in range(bits)],
            dtype=np.intp)


_TABLES: dict[int, _Tables] = {}


def _tables(state: BfmState) -> _Tables:
    """The tables of the state's data (built on first use)."""
    data = state.data
    got = _TABLES.get(id(data))
    if got is None or got.data is not data:  # a data object is kept by its tables: its id stays its own
        opts = state.options
        got = _TABLES[id(data)] = _Tables(data, opts.edition, opts.red_border)
    return got


def _write_zoc(tb: _Tables, o: np.ndarray, first: int, second: int) -> None:
    """The zones of control: two bit masks (bit i = ``data.hex_order[i]``) unpacked into
    own_zoc and enemy_zoc of the flat observation ``o`` by one assignment (``_Tables.zoc_cells``):
    every hex of both planes written."""
    k = tb.nbytes
    raw = np.frombuffer(first.to_bytes(k, "little") + second.to_bytes(k, "little"), dtype=np.uint8)
    o[tb.zoc_cells] = np.unpackbits(raw, bitorder="little")


def _table_ones(state: BfmState, tb: _Tables, ones: list[int]) -> dict[int, int]:
    """The cells of the per-unit tables that are 1 (TABLE_PLANES), appended to ``ones``,
    except own_unit and on_map (made with the units on the map); returns the reinforcements
    still to arrive, unit index -> turn (11.0; a unit listed twice keeps its last turn)."""
    ui = state.data.unit_index
    row = tb.row
    for name, units in (("in_pool", state.pool), ("reduced", state.reduced), ("moved", state.moved),
                        ("replaced", state.replaced), ("rail_mover", state.rail_movers),
                        ("to_set_up", state.to_set_up)):
        if units:
            r = row[name]
            ones.extend([r + ui[u] for u in units])
    later: dict[int, int] = {}
    turn, due = state.turn, row["reinforcement_due_now"]
    for tt, us in state.reinforcements.items():
        for u in us:
            later[ui[u]] = tt
        if tt <= turn:
            ones.extend([due + ui[u] for u in us])
    # eliminated: no longer on the map, in the pool, to set up or to arrive (set differences in C)
    gone = tb.unit_set.difference(state.hex_of, state.pool, state.to_set_up)
    if gone:
        r = row["eliminated"]
        ones.extend([r + i for i in map(ui.__getitem__, gone) if i not in later])
    for b in state.battles.values():
        if b.step != Step.DONE:
            ones.append(row["defending"] + ui[b.defender])
            r = row["attacking"]
            ones.extend([r + ui[a] for a in b.attackers])
    return later


def observation(state: BfmState, player: str) -> np.ndarray:
    """The observation tensor of ``state`` for ``player``: float32, shape ``OBS_SHAPE``
    (everything a player may know: Battle for Moscow has no hidden information)."""
    out = np.empty(OBS_SHAPE, dtype=np.float32)
    observation_into(state, player, out)
    return out


_ONE = np.float32(1.0)
_DYNAMIC = slice(len(STATIC_PLANES), _UNIT0)  # the planes that hold sums over a hex
_ZOC = slice(_P["own_zoc"], _P["own_zoc"] + 2)
assert DYNAMIC_PLANES.index("enemy_zoc") == DYNAMIC_PLANES.index("own_zoc") + 1


def _check_out(out: np.ndarray) -> None:
    """A buffer an observation may be written into, or a ValueError naming what is wrong."""
    if not isinstance(out, np.ndarray) or out.dtype != np.float32 or not out.flags.c_contiguous or not out.flags.writeable:
        raise ValueError(f"out must be a writeable C-contiguous float32 numpy array, not {getattr(out, 'dtype', type(out))}")
    if out.shape != OBS_SHAPE:
        raise ValueError(f"out has shape {out.shape}, the observation's shape is {OBS_SHAPE}")


def _check_player(player: str) -> None:
    if player not in ("german", "soviet"):
        raise ValueError(f"player must be 'german' or 'soviet', not {player!r}")


def observation_into(state: BfmState, player: str, out: np.ndarray) -> None:
    """Write ``observation(state, player)`` into ``out`` (float32, C-contiguous, ``OBS_SHAPE``;
    every cell is written): the cells that are 1 gathered as flat indices and set at once."""
    _check_player(player)
    _check_out(out)
    tb = _tables(state)
    flat = out.reshape(NUM_PLANES, ROWS * COLS)  # a view: flat[plane, r * COLS + c]
    flat[: len(STATIC_PLANES)] = tb.static
    flat[len(STATIC_PLANES) : _GLOBAL0] = 0.0
    o = out.reshape(-1)
    # zones of control (7.0): enemy_zoc(enemy) = the hexes in the ZOC of the observer's units
    _write_zoc(tb, o, state.enemy_zoc_mask(enemy_of(player)), state.enemy_zoc_mask(player))
    g = _write_dynamic(state, player, tb, flat, o)
    out[_GLOBAL0:] = g[:, None, None]


class Observer:
    """``observation_into`` for one buffer ``out`` that nothing else writes between calls
    (a row of a vector environment's batch): ``observer(state, player)`` writes the observation
    of ``state`` for ``player`` into ``out``, every cell as ``observation_into`` writes it, but
    leaves alone what it wrote last time and is still right: the static planes (the same data
    and observer), the zones of control (the same two bit masks) and the global planes whose
    value did not change (most of them: the broadcast of 36 planes is the largest write)."""

    __slots__ = ("out", "flat", "o", "tb", "player", "zoc", "g")

    def __init__(self, out: np.ndarray) -> None:
        _check_out(out)
        self.out = out
        self.flat = out.reshape(NUM_PLANES, ROWS * COLS)
        self.o = out.reshape(-1)
        self.tb: _Tables | None = None  # the tables and observer of the last observation written whole
        self.player: str | None = None
        self.zoc: tuple[int, int] | None = None  # the masks written into own_zoc, enemy_zoc
        self.g: np.ndarray | None = None  # the global features written

    def __call__(self, state: BfmState, player: str) -> None:
        _check_player(player)
        tb = _tables(state)
        flat, o = self.flat, self.o
        fresh = tb is not self.tb or player != self.player
        self.tb = None  # until this observation is written (an error leaves the next one to write all)
        if fresh:
            flat[: len(STATIC_PLANES)] = tb.static
            self.zoc = self.g = None
        flat[len(STATIC_PLANES) : _ZOC.start] = 0.0  # the zones of control are kept or rewritten
        flat[_ZOC.stop : _GLOBAL0] = 0.0
        masks = (state.enemy_zoc_mask(enemy_of(player)), state.enemy_zoc_mask(player))
        if masks != self.zoc:
            _write_zoc(tb, o, *masks)
            self.zoc = masks
        g = _write_dynamic(state, player, tb, flat, o)
        prev = self.g
        if prev is None:
            self.out[_GLOBAL0:] = g[:, None, None]
        else:
            changed = np.flatnonzero(g != prev)
            if len(changed):
                self.out[_GLOBAL0 + changed] = g[changed, None, None]
        self.g = g
        self.tb, self.player = tb, player


def observer(out: np.ndarray) -> Observer:
    """An :class:`Observer` writing into ``out`` (vector environments: one per row)."""
    return Observer(out)


def _write_dynamic(state: BfmState, player: str, tb: _Tables, flat: np.ndarray, o: np.ndarray) -> np.ndarray:
    """Everything but the static planes, the zones of control and the global planes, written
    into the zeroed dynamic, unit and table planes of ``flat`` (``o``: the same buffer, flat);
    returns the global features, clamped to ``OBS_RANGE``."""
    strength, later, shared = _write_units(state, player, tb, o)
    if state.battles:
        _battle_planes(state, flat, tb.fc)
    table = flat[_TABLE0 : _TABLE0 + len(TABLE_PLANES), :U]
    table[_T["strength"]] = strength
    if later:
        table[_T["reinforcement_turn"], list(later)] = [t / 7.0 for t in later.values()]
    g = global_features(state, player)
    # OBS_RANGE: only sums over a hex, battle values, tables and globals can pass the top
    hi = OBS_RANGE[1]
    if shared or state.battles:
        np.minimum(flat[_DYNAMIC], hi, out=flat[_DYNAMIC])
    # the table's other cells are 0 or 1; its clamp is needed only for values that can pass it
    if not tb.strengths_in_range or (later and max(later.values()) / 7.0 > hi):
        np.minimum(table, hi, out=table)
    np.minimum(g, hi, out=g)
    return g


def _write_units(state: BfmState, player: str, tb: _Tables, o: np.ndarray) -> tuple[np.ndarray, dict[int, int], bool]:
    """The cells that are 1 or sums over a hex (units, cities, the battle being resolved, the
    per-unit tables but strength and reinforcement_turn) and the strengths on the map, written
    into the flat observation ``o`` (zeroed there); returns each unit's strength / MAX_STRENGTH,
    the reinforcements still to arrive (``_table_ones``) and whether two units share a hex."""
    P = _P
    n = ROWS * COLS
    ui, fc = state.data.unit_index, tb.fc
    hex_of = state.hex_of
    k = len(hex_of)
    on = np.fromiter(map(ui.__getitem__, hex_of), dtype=np.intp, count=k)  # the units on the map
    cells = np.fromiter(map(fc.__getitem__, hex_of.values()), dtype=np.intp, count=k)  # their hexes' cells
    ones: list[int] = []  # flat cells set to 1
    counts: list[int] = []  # flat cells counted (sums over a hex: two units may share one mid-move)
    planes = tb.planes[player]
    if state.reduced:
        reduced_p = planes["reduced"]
        counts.extend([reduced_p[u] + fc[hex_of[u]] for u in state.reduced if u in hex_of])
    if state.moved:
        moved_p = P["moved"] * n
        counts.extend([moved_p + fc[hex_of[u]] for u in state.moved if u in hex_of])
    if not state.finished:
        spec = state.phase_spec
        if spec.kind == PhaseKind.MOVEMENT:
            may_p = P["may_move"] * n
            counts.extend([may_p + fc[hex_of[u]] for u in movement.phase_movers(state) if movement.may_move(state, u, spec)])
    control = state.control
    if control:
        own_city, enemy_city = P["own_city"] * n, P["enemy_city"] * n
        ones.extend([(own_city if side == player else enemy_city) + fc[h] for h, side in control.items()])
    if state.current is not None:
        ones.append(P["current_battle"] * n + fc[state.current])
    later = _table_ones(state, tb, ones)
    shared = len(set(hex_of.values())) < k
    reduced = np.zeros(U, dtype=bool)
    if state.reduced:
        reduced[[ui[u] for u in state.reduced]] = True
    strength = np.where(reduced, tb.reduced, tb.full)  # state.strength(u) / MAX_STRENGTH
    at_strength = tb.strength_plane[player][on] + cells
    if not shared:  # one unit per hex: every count is 0 or 1, all set by one assignment
        ones.extend(counts)
        placed = tb.place[player][on] + cells[:, None]  # unit plane, units, armour (or units again)
        o[np.concatenate((placed.reshape(-1), tb.on_map + on, tb.own_rows[player],
                          np.fromiter(ones, dtype=np.intp, count=len(ones))))] = 1.0
        o[at_strength] = strength[on]
    else:  # sums over a hex: counts added, strengths added in the order of the units
        o[np.concatenate((tb.unit_plane[on] + cells, tb.on_map + on, tb.own_rows[player],
                          np.fromiter(ones, dtype=np.intp, count=len(ones))))] = 1.0
        arm = tb.is_armour[on]
        np.add.at(o, np.concatenate((tb.units_plane[player][on] + cells, tb.armour_plane[player][on[arm]] + cells[arm],
                                     np.array(counts, dtype=np.intp))), _ONE)
        np.add.at(o, at_strength, strength[on].astype(np.float32))
    return strength, later, shared


def _battle_planes(state: BfmState, flat: np.ndarray, fc: dict[str, int]) -> None:
    """The planes of the declared battles (9.0-9.3), at their hexes and their attackers' hexes."""
    P = _P
    data = state.data
    grid = data.grid
    attacks: list[int] = []
    for order, (t, b) in enumerate(state.battles.items()):
        k = fc[t]
        flat[P["battle_order"], k] = 1.0 / (order + 1)
        flat[P[f"battle_{b.step}"], k] = 1.0
        if b.step != Step.DONE:
            flat[P["declared_defender"], k] = 1.0
        if b.result is not None:
            flat[P[f"result_{b.result}"], k] = 1.0
        if b.loss_kind is not None:
            flat[P[f"loss_kind_{b.loss_kind}"], k] = 1.0
        flat[P["loss_due"], k] = float(b.loss_due) / MAX_STRENGTH
        for a in b.attackers:
            where = state.hex_of.get(a)
            if where is None:
                continue
            if b.step != Step.DONE:
                flat[P["declared_attacker"], fc[where]] = 1.0
            if t in data.neighbours[where]:  # an attacker that advanced is no longer next to it
                attacks.append(P[f"attacks_{grid.direction(where, t)}"] * flat.shape[1] + fc[where])
    if attacks:
        np.add.at(flat.reshape(-1), np.array(attacks, dtype=np.intp), _ONE)


# -- what the package's encoding object offers beside the protocol ----------------------------
def material(state: BfmState, side: str) -> float:
    """The combat strength ``side`` still has (units on the map, in the replacement pool and
    still to arrive, at their current strength): the measure of losses for reward shaping."""
    data = state.data
    return float(
        sum(state.strength(u) for u in data.unit_order if data.units[u].side == side and _in_play(state, u))
    )


def _in_play(state: BfmState, unit: str) -> bool:
    return unit in state.hex_of or unit in state.pool or unit in state.to_set_up or any(
        unit in us for us in state.reinforcements.values()
    )


def extras() -> dict:
    """The optional attributes of the encoding object (``typhoon.core.contract.Encoding``
    notes; docs/research.md): bounds, the factored action space, losses, a length bound."""
    return {
        "observation_range": OBS_RANGE,
        "factor_sizes": FACTOR_SIZES,
        "action_factors": FACTORS,
        "factor_names": (
            tuple(f"unit_{u}" for u in range(U)) + ("no_unit",),
            tuple(f"hex_{h}" for h in range(H)) + WHAT_NAMES,
        ),
        "material": material,
        "max_decisions": 2000,  # random play takes about 500 decisions; a sane bound for truncation
        "observation_into": observation_into,  # the observation written into a buffer (vector environments)
        "observer": observer,  # an observation_into for one buffer, rewriting only what changed (vector environments)
        "legal_indices": legal_indices,  # the indices of a legal list in one pass (vector environments)
    }
