"""Random play through PACKAGE: stacking, no unit in an enemy hex, every game ends, replay
reproduces, no untried value visible to any seat before its reveal."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from typhoon.core.game import Game
from typhoon.games import registry
from typhoon.games.dom.package import PACKAGE


def _checks(g: Game) -> None:
    s = g.state
    per_hex = Counter(s.stacks.hex_of.values())
    assert max(per_hex.values()) <= 5  # 6.0
    for h in per_hex:
        assert len({s.side_of(u) for u in s.at(h)}) == 1, h  # 10.3: never in an enemy hex


def _no_leak(g: Game) -> None:
    for seat in (*PACKAGE.sides, None):
        true_view = json.dumps(PACKAGE.view(g.state, seat), sort_keys=True, default=str)
        known_view = json.dumps(PACKAGE.view(g.observe_state(seat), seat), sort_keys=True, default=str)
        assert true_view == known_view, seat
    for seat in PACKAGE.sides:
        obs = g.observed(seat).state
        assert all(obs.draw[u] in (None, "?") for u in obs.draw if u not in obs.revealed and u not in obs.soviet_seen)


@pytest.mark.parametrize("seed", [11, 12])
def test_random_games_end_and_replay(seed):
    registry.register(PACKAGE)
    pkg = registry.get("dom")
    g = pkg.new_game({}, seed)
    rng = random.Random(seed)
    plies = 0
    while not g.is_over():
        assert plies < 20000, "step limit"
        if g.is_chance():
            g.roll()
        else:
            legal = list(g.legal_actions)
            assert legal, f"dead end at {g.state.phase}"
            a = rng.choice(legal)
            assert g.parse(str(a)) == a
            g.push(a)
            if g.can_undo(g.log[-1].player) and rng.random() < 0.05:
                before = g.log[-1].action
                g.undo()
                g.push(before)
        _checks(g)
        if plies % 40 == 0:
            _no_leak(g)
        plies += 1
    assert g.outcome().winner in PACKAGE.sides
    again = Game.replay(PACKAGE.rules, g.options, g.seed, g.action_texts())
    assert json.dumps(PACKAGE.position_to_json(again.state), sort_keys=True) == json.dumps(PACKAGE.position_to_json(g.state), sort_keys=True)
    doc = PACKAGE.position_to_json(g.state)
    assert PACKAGE.position_to_json(PACKAGE.position_from_json(json.loads(json.dumps(doc)))) == doc
