"""Property tests over random legal play (hypothesis draws the seed of the random player and its
taste for ending phases). Invariants from the rules: 8.2.1 (never in an enemy hex), 8.2.2 (one unit
per hex at the end of each phase), 3.3 (a unit shows its full or its reduced side), 9.0 (a unit
attacks once, a defender is attacked once per phase), 4.0 (the game ends after turn 7 with an
outcome); and engine guarantees: replay from seed + log reproduces the game, pop restores the
exact previous position."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from typhoon.core import record
from typhoon.core.game import Game
from typhoon.games.bfm import RULES, position
from typhoon.games.bfm.actions import Attack, Commit

MAX_PLIES = 5000
SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(g: Game, attacked: dict) -> None:
    s = g.state
    d = s.data
    per_hex: dict[str, list[str]] = {}
    for u, h in s.hex_of.items():
        per_hex.setdefault(h, []).append(u)
    for h, us in per_hex.items():
        assert len({d.units[u].side for u in us}) == 1, f"8.2.1: units of both sides in {h}: {us}"
    if g.log and g.log[-1].phase_changed:
        assert all(len(us) == 1 for us in per_hex.values()), f"8.2.2 at the end of a phase: {per_hex}"
    if d.sequence[d.phase_index[s.phase]].kind != "movement":
        assert all(len(us) == 1 for us in per_hex.values())
    for v in position.unit_views(s):
        assert v["strength"] == (v["reduced_strength"] if v["reduced"] else v["full"])
    # every unit is on the map, in the pool or still to arrive, never two of these
    arriving = {u for us in s.reinforcements.values() for u in us}
    on_map, pool = set(s.hex_of), set(s.pool)
    assert not (on_map & pool) and not (on_map & arriving) and not (pool & arriving)
    assert on_map | pool | arriving == set(d.units)
    assert pool <= s.reduced  # 10.0: replacements come back at half strength
    # 9.0 once per combat phase
    if s.battles:
        defenders = [b.defender for b in s.battles.values()]
        assert len(defenders) == len(set(defenders))
        attackers = Counter(a for b in s.battles.values() for a in b.attackers)
        assert all(n == 1 for n in attackers.values())
    key = (s.turn, s.phase)
    for e in g.log[-1:]:
        if isinstance(e.action, Attack):
            attacked.setdefault(key, Counter())[e.action.unit] += 1
            assert attacked[key][e.action.unit] == 1, f"{e.action.unit} attacks twice in {key}"


def play(edition: str, seed: int, end_bias: float, keep_history: bool, on_step=None) -> Game:
    g = Game(RULES, {"edition": edition}, seed, keep_history=keep_history)
    r = random.Random(seed)
    attacked: dict = {}
    while not g.is_over():
        assert g.ply < MAX_PLIES, "game did not end"
        if g.is_chance():
            g.roll()
        else:
            acts = list(g.legal_actions)
            assert acts, "a decision with no legal action"
            ends = [a for a in acts if str(a) in ("end", "commit")]
            a = ends[0] if ends and r.random() < end_bias else r.choice(acts)
            if on_step:
                on_step(g, a)
            else:
                g.push(a)
        check_invariants(g, attacked)
    return g


games = st.tuples(st.sampled_from(["2009", "1986"]), st.integers(0, 2**31), st.floats(0.1, 0.6))


@SETTINGS
@given(games)
def test_random_games_keep_the_rules_and_end_with_an_outcome(params):
    """4.0: seven turns, then an outcome (5.0); invariants hold after every action."""
    edition, seed, bias = params
    g = play(edition, seed, bias, keep_history=False)
    o = g.outcome()
    assert o is not None and o.winner in ("german", "soviet", None)
    assert g.state.turn == 7
    if edition == "1986":
        assert o.winner is not None  # the Moscow holder wins


@SETTINGS
@given(games)
def test_replay_from_seed_and_log_reproduces_the_game(params):
    """A game is its seed, options and action log: replaying the record gives the same position."""
    edition, seed, bias = params
    g = play(edition, seed, bias, keep_history=False)
    doc = record.to_record(g)
    again = record.from_record(doc)
    assert position.to_json(again.state) == position.to_json(g.state)
    assert again.outcome() == g.outcome()
    _, identical = record.verify(doc)
    assert identical


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_pop_restores_the_exact_previous_position(params):
    """Undo: pop() after any action gives back the exact previous position."""
    edition, seed, bias = params

    def step(g: Game, a) -> None:
        before = position.to_json(g.state)
        player = g.current_player
        g.push(a)
        after = position.to_json(g.state)
        g.pop()
        assert position.to_json(g.state) == before
        assert g.current_player == player
        g.push(a)
        assert position.to_json(g.state) == after

    play(edition, seed, bias, keep_history=True, on_step=step)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(["2009", "1986"]), st.integers(0, 2**31))
def test_commit_only_after_declarations(edition, seed):
    """9.0: 'commit' is offered only when at least one battle is declared; 'end' otherwise."""
    g = Game(RULES, {"edition": edition}, seed, keep_history=False)
    acts = list(g.legal_actions)
    if g.state.phase.endswith("combat"):
        assert not any(isinstance(a, Commit) for a in acts)
