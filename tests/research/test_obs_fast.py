"""The fast Battle for Moscow observation (``typhoon.games.bfm.encoding.observation`` /
``observation_into``, built with numpy index arrays) gives exactly, value for value, the arrays
of the plain per-unit reference below (the Python-loop form it replaced, kept here only as
the test's oracle), and the bulk ``legal_indices`` gives exactly the indices of encoding the
legal actions one by one, over hundreds of decisions of random games of both editions."""

from __future__ import annotations

import random
from functools import cache

import numpy as np
import pytest

from typhoon.games.bfm import encoding as enc
from typhoon.games.bfm import new_game
from typhoon.games.bfm.kinds import PhaseKind, Step
from typhoon.games.bfm.state import BfmState, enemy_of

pytestmark = pytest.mark.research

U, ROWS, COLS = enc.U, enc.ROWS, enc.COLS
_P, _T = enc._P, {name: i for i, name in enumerate(enc.TABLE_PLANES)}


# -- the reference: one unit at a time, in Python -------------------------------------------------
def _ref_unit_table(state: BfmState, player: str) -> np.ndarray:
    data = state.data
    t = np.zeros((len(enc.TABLE_PLANES), U), dtype=np.float32)
    due_now = {u for tt, us in state.reinforcements.items() if tt <= state.turn for u in us}
    later: dict[str, int] = {u: tt for tt, us in state.reinforcements.items() for u in us}
    defending = {b.defender for b in state.battles.values() if b.step != Step.DONE}
    attacking = {a for b in state.battles.values() if b.step != Step.DONE for a in b.attackers}
    for i, u in enumerate(data.unit_order):
        spec = data.units[u]
        on_map = u in state.hex_of
        t[_T["own_unit"], i] = float(spec.side == player)
        t[_T["on_map"], i] = float(on_map)
        t[_T["in_pool"], i] = float(u in state.pool)
        t[_T["reduced"], i] = float(u in state.reduced)
        t[_T["moved"], i] = float(u in state.moved)
        t[_T["replaced"], i] = float(u in state.replaced)
        t[_T["rail_mover"], i] = float(u in state.rail_movers)
        t[_T["to_set_up"], i] = float(u in state.to_set_up)
        t[_T["reinforcement_due_now"], i] = float(u in due_now)
        t[_T["reinforcement_turn"], i] = later.get(u, 0) / 7.0
        t[_T["eliminated"], i] = float(not on_map and u not in state.pool and u not in later and u not in state.to_set_up)
        t[_T["defending"], i] = float(u in defending)
        t[_T["attacking"], i] = float(u in attacking)
        t[_T["strength"], i] = state.strength(u) / enc.MAX_STRENGTH
    return t


def _ref_global_features(state: BfmState, player: str) -> np.ndarray:
    from typhoon.games.bfm import RULES

    G = {name: i for i, name in enumerate(enc.GLOBAL_FEATURES)}
    g = np.zeros(len(enc.GLOBAL_FEATURES), dtype=np.float32)
    data, opts = state.data, state.options
    g[G[f"turn_{min(max(state.turn, 1), 7)}"]] = 1.0
    if state.phase in enc.PHASE_IDS:
        g[G[f"phase_{state.phase}"]] = 1.0
    g[G["mud"]] = float(data.mud(state.turn))
    g[G["observer_german"]] = float(player == "german")
    g[G["replacements_left"]] = state.replacements_left / enc.MAX_REPLACEMENTS
    g[G["committed"]] = float(state.committed)
    g[G["edition_1986"]] = float(opts.edition == "1986")
    g[G["setup_free"]] = float(opts.setup == "free")
    g[G["soviet_replacements"]] = opts.soviet_replacements / enc.MAX_REPLACEMENTS
    if state.finished:
        g[G["finished"]] = 1.0
        winner = getattr(state.outcome, "winner", None)
        if winner is not None:
            g[G["winner_me" if winner == player else "winner_enemy"]] = 1.0
        return g
    to_act = RULES.current_player(state)
    g[G[f"to_act_{to_act or 'chance'}"]] = 1.0
    battle = RULES.current_battle(state)
    if battle is not None and battle.step in enc.STEPS:
        g[G[f"step_{battle.step}"]] = 1.0
    g[G["reinforcement_due"]] = float(bool(RULES.reinforcements_due(state)))
    return g


def reference_observation(state: BfmState, player: str) -> np.ndarray:
    """The observation as the module docstring of ``typhoon.games.bfm.encoding`` defines it,
    one unit, hex and battle at a time (the former product code)."""
    from typhoon.games.bfm import movement

    data = state.data
    edition = state.options.edition
    out = np.zeros(enc.OBS_SHAPE, dtype=np.float32)
    fc = {h: (int(h[2:]) - 1) * COLS + int(h[:2]) - 1 for h in data.hex_order}
    out[: len(enc.STATIC_PLANES)] = _ref_static(edition, state.options.red_border)
    enemy = enemy_of(player)
    units, ui, P = data.units, data.unit_index, _P
    moving = not state.finished and state.phase_spec.kind == PhaseKind.MOVEMENT
    n = ROWS * COLS
    flat = out.reshape(enc.NUM_PLANES, n)
    ones: list[int] = []
    adds: list[int] = []
    strengths: list[tuple[int, float]] = []
    own_p = (P["own_strength"] * n, P["own_reduced"] * n, P["own_armour"] * n, P["own_units"] * n)
    enemy_p = (P["enemy_strength"] * n, P["enemy_reduced"] * n, P["enemy_armour"] * n, P["enemy_units"] * n)
    moved_p, may_p = P["moved"] * n, P["may_move"] * n
    for u, h in state.hex_of.items():
        k = fc[h]
        strength_p, reduced_p, armour_p, count_p = own_p if units[u].side == player else enemy_p
        strengths.append((strength_p + k, state.strength(u) / enc.MAX_STRENGTH))
        ones.append((enc._UNIT0 + ui[u]) * n + k)
        adds.append(count_p + k)
        if u in state.reduced:
            adds.append(reduced_p + k)
        if units[u].armour:
            adds.append(armour_p + k)
        if u in state.moved:
            adds.append(moved_p + k)
        if moving and movement.may_move(state, u):
            adds.append(may_p + k)
    for plane, side in ((P["own_zoc"], enemy), (P["enemy_zoc"], player)):
        flat[plane, [fc[h] for h in state.enemy_zoc(side) if h in fc]] = 1.0
    ones.extend((P["own_city"] if side == player else P["enemy_city"]) * n + fc[h] for h, side in state.control.items())
    for order, (t, b) in enumerate(state.battles.items()):
        k = fc[t]
        flat[P["battle_order"], k] = 1.0 / (order + 1)
        ones.append(P[f"battle_{b.step}"] * n + k)
        if b.step != Step.DONE:
            ones.append(P["declared_defender"] * n + k)
        if b.result is not None:
            ones.append(P[f"result_{b.result}"] * n + k)
        if b.loss_kind is not None:
            ones.append(P[f"loss_kind_{b.loss_kind}"] * n + k)
        flat[P["loss_due"], k] = float(b.loss_due) / enc.MAX_STRENGTH
        for a in b.attackers:
            where = state.hex_of.get(a)
            if where is None:
                continue
            if b.step != Step.DONE:
                ones.append(P["declared_attacker"] * n + fc[where])
            if t in data.neighbours[where]:
                adds.append(P[f"attacks_{data.grid.direction(where, t)}"] * n + fc[where])
    if state.current is not None:
        ones.append(P["current_battle"] * n + fc[state.current])
    o = out.reshape(-1)
    o[ones] = 1.0
    if adds:
        np.add.at(o, adds, 1.0)
    for i, v in strengths:
        o[i] += v
    flat[enc._TABLE0 : enc._TABLE0 + len(enc.TABLE_PLANES), :U] = _ref_unit_table(state, player)
    out[enc._GLOBAL0 :] = _ref_global_features(state, player)[:, None, None]
    np.minimum(out, enc.OBS_RANGE[1], out=out)
    return out


@cache
def _ref_static(edition: str, red_border: str) -> np.ndarray:
    from typhoon.core.hexgrid import DIRECTIONS
    from typhoon.games.bfm.data import bfm_data

    data = bfm_data(edition, red_border)
    sp = {n: i for i, n in enumerate(enc.STATIC_PLANES)}
    out = np.zeros((len(enc.STATIC_PLANES), ROWS, COLS), dtype=np.float32)

    def mark(name: str, hexes) -> None:
        for h in hexes:
            if h in data.hex_index:
                out[sp[name], int(h[2:]) - 1, int(h[:2]) - 1] = 1.0

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
            nb = data.grid.neighbour(h, d)
            if nb is not None and frozenset((h, nb)) in data.rivers:
                out[sp[f"river_{d}"], int(h[2:]) - 1, int(h[:2]) - 1] = 1.0
    return out


# -- the comparison --------------------------------------------------------------------------------
def _decisions(options: dict, seeds: range):
    """The game at every state of random games (chance states included), in order."""
    for seed in seeds:
        g = new_game(options, seed=seed, keep_history=False)
        rng = random.Random(seed)
        yield g
        while not g.is_over():
            legal = list(g.legal_actions)
            g.push(legal[rng.randrange(len(legal))], validate=False)
            yield g


def _assert_same(fast: np.ndarray, ref: np.ndarray, where: str) -> None:
    assert fast.dtype == ref.dtype == np.float32 and fast.shape == ref.shape == enc.OBS_SHAPE
    if not np.array_equal(fast, ref):
        bad = sorted({enc.PLANES[p] for p in np.argwhere(fast != ref)[:, 0]})
        raise AssertionError(f"{where}: planes differ: {bad}")


@pytest.mark.parametrize(
    "options",
    [{"edition": "2009"}, {"edition": "1986"}, {"edition": "1986", "setup": "free", "soviet_replacements": 3}],
)
def test_fast_observation_equals_the_reference(options):
    seen = 0
    buf = np.full(enc.OBS_SHAPE, 7.0, dtype=np.float32)  # a dirty buffer: every cell must be written
    phases = set()
    for g in _decisions(options, range(2)):
        s = g.state
        phases.add(s.phase)
        for player in ("german", "soviet"):
            ref = reference_observation(s, player)
            where = f"{options} turn {s.turn} phase {s.phase} for {player}"
            _assert_same(enc.observation(s, player), ref, where)
            enc.observation_into(s, player, buf)
            _assert_same(buf, ref, where + " (into)")
        seen += 1
    assert seen > 300  # two whole games: hundreds of decisions, every phase
    assert len(phases) >= len(enc.PHASE_IDS) - 1


@pytest.mark.parametrize("options", [{"edition": "2009"}, {"edition": "1986", "setup": "free"}])
def test_bulk_legal_indices_equal_encoding_one_by_one(options):
    seen = 0
    for g in _decisions(options, range(2)):
        if g.is_over():
            continue
        legal = list(g.legal_actions)
        one_by_one = [enc.encode(g.state, a) for a in legal]
        assert list(enc.legal_indices(g.state, legal)) == one_by_one
        mask = np.zeros(enc.NUM_ACTIONS, bool)
        mask[one_by_one] = True
        assert np.array_equal(enc.legal_mask(g.state, legal), mask)
        seen += 1
    assert seen > 300


def test_observation_into_rejects_a_wrong_buffer():
    s = new_game({}).state
    with pytest.raises(ValueError, match="float32"):
        enc.observation_into(s, "german", np.zeros(enc.OBS_SHAPE, dtype=np.float64))
    with pytest.raises(ValueError, match="shape"):
        enc.observation_into(s, "german", np.zeros((3, 10, 14), dtype=np.float32))
