"""8.2.2 as the rules word it, checked by brute force against the fast move generation:
"only one unit may be in a hex at the end of the phase", so a move is legal exactly when,
after it, every unit still free to move can end the phase alone in a hex of its own (where it
stands or a hex it can reach, never a hex of a unit that may not move any more), and 'end' is
legal exactly when no two units share a hex. The generator's shortcuts (no shared hex, plenty
of empty hexes, moves derived from the previous position) must agree with this at every
movement position of random games, stacked positions included."""

from __future__ import annotations

import random

import pytest

from typhoon.core.game import Game
from typhoon.games.bfm import RULES, movement
from typhoon.games.bfm.actions import EndPhase, Move


def _can_all_end_alone(options: dict[str, set[str]]) -> bool:
    """A hex for every unit, no hex twice (augmenting paths on plain sets)."""
    owner: dict[str, str] = {}

    def place(u: str, seen: set[str]) -> bool:
        for h in sorted(options[u]):
            if h in seen:
                continue
            seen.add(h)
            if h not in owner or place(owner[h], seen):
                owner[h] = u
                return True
        return False

    return all(place(u, set()) for u in options)


def legal_by_definition(state) -> tuple[set, int]:
    """The legal actions of a movement position from 8.2.2's words (see the module
    docstring), and how many moves into reachable hexes free of fixed units 8.2.2 refuses."""
    spec = state.phase_spec
    live = [u for u in movement.phase_movers(state) if u not in state.moved]
    fixed = {h for u, h in state.hex_of.items() if state.side_of(u) == spec.side and u not in live}
    reach = {u: set(movement.reach(state, u)) - {state.hex_of[u]} for u in live}
    acts: set = set()
    refused = 0
    for u in live:
        for h in reach[u] - fixed:
            rest = {v: ({state.hex_of[v]} | reach[v]) - fixed - {h} for v in live if v != u}
            if _can_all_end_alone(rest):
                acts.add(Move(u, h))
            else:
                refused += 1
    if len(set(state.hex_of.values())) == len(state.hex_of):
        acts.add(EndPhase())
    return acts, refused


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_the_moves_offered_are_those_8_2_2_allows(edition):
    checked = stacked = 0
    for seed in range(3):
        g = Game(RULES, {"edition": edition}, seed, keep_history=False)
        rng = random.Random(seed)
        while not g.is_over() and checked < 150:
            if g.is_chance():
                g.roll()
                continue
            s = g.state
            if s.phase_spec.kind == "movement" and not s.current and rng.random() < 0.25:
                offered = list(g.legal_actions)
                assert len(offered) == len(set(offered)) == len(g.legal_actions)
                assert [g.legal_actions[i] for i in range(len(offered))] == offered  # legal_nth: the same order
                assert set(offered) == legal_by_definition(s)[0], (seed, g.ply)
                checked += 1
                stacked += len(set(s.hex_of.values())) != len(s.hex_of)
            acts = list(g.legal_actions)
            # prefer moves onto friendly units: crowded positions, where 8.2.2 refuses moves
            occupied = set(s.hex_of.values())
            onto = [a for a in acts if isinstance(a, Move) and a.to in occupied]
            g.push(rng.choice(onto if onto and rng.random() < 0.7 else acts), validate=False)
    assert checked >= 100 and stacked >= 50, (checked, stacked)  # shared hexes were among those checked


def _crowded(edition: str, seed: int) -> Game:
    """The first German movement phase with the German units packed together in the west,
    on a mud turn (12.1: one hex per phase): empty hexes are scarce, so 8.2.2 refuses moves."""
    g = Game(RULES, {"edition": edition}, seed, keep_history=False)
    s = g.state
    while not (s.phase_spec.kind == "movement" and s.phase_spec.side == "german" and s.phase_spec.movers.value == "all"):
        if g.is_chance():
            g.roll()
        else:
            g.push(g.legal_actions[0], validate=False)
        s = g.state
    d = s.data
    s.turn = next(t for t in d.turns if d.mud(t))
    germans = [u for u in d.side_units["german"] if u in s.hex_of]
    soviet = {h for u, h in s.hex_of.items() if d.units[u].side == "soviet"}
    rng = random.Random(seed)
    start = rng.choice([h for h in d.hex_order if h[:2] in ("02", "03") and h not in soviet])
    packed, seen, todo = [], {start}, [start]
    while todo and len(packed) < len(germans):
        h = todo.pop(0)
        if h not in soviet:
            packed.append(h)
        for n in d.neighbours[h]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    for u in germans:
        del s.hex_of[u]
    s.touched()
    for u, h in zip(germans, packed):
        s.put(u, h)
    s._reach, s._derived = {}, None
    return g


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_crowded_positions_refuse_exactly_the_moves_8_2_2_refuses(edition):
    checked = refusing = 0
    for seed in range(1, 4):
        g = _crowded(edition, seed)
        rng = random.Random(seed)
        while g.state.phase_spec.kind == "movement":
            s = g.state
            offered = list(g.legal_actions)
            assert [g.legal_actions[i] for i in range(len(g.legal_actions))] == offered
            allowed, refused = legal_by_definition(s)
            assert set(offered) == allowed, (seed, g.ply)
            checked += 1
            refusing += refused > 0
            occupied = set(s.hex_of.values())
            onto = [a for a in offered if isinstance(a, Move) and a.to in occupied]
            g.push(rng.choice(onto if onto and rng.random() < 0.7 else offered), validate=False)
    assert checked >= 60 and refusing >= 10, (checked, refusing)
