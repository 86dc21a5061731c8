"""The greedy baseline's shortcut in its battle expectation (a legal "end" means the battle is
over, without listing every action) gives exactly the values of the full test."""

from __future__ import annotations

import pytest

from typhoon.ai.base import make_player
from typhoon.games import registry


def first_battle_decision(game_name: str, seed: int):
    """The game at the baseline's first decision with attacks and an "end" to choose from (the
    baseline on the first side)."""
    pkg = registry.get(game_name)
    game = pkg.new_game({}, seed=seed, keep_history=False)
    base = make_player("baseline-greedy", game_name, seed=seed)
    other = make_player("greedy", game_name, seed=seed + 1)
    while not game.is_over():
        if game.is_chance():
            game.roll()
            continue
        side = game.current_player
        obs = game.observed(side, keep_history=False)
        if side == pkg.sides[0]:
            descs = [(a, pkg.describe(obs.state, a)) for a in obs.legal_actions]
            verbs = {d["verb"] for _, d in descs}
            if "attack" in verbs and "end" in verbs:
                return base, obs, descs
            game.push(base.choose(obs))
        else:
            game.push(other.choose(obs))
    pytest.skip("no battle")


@pytest.mark.parametrize("game_name", ["mc", "ot"])
def test_battle_values_same_with_and_without_the_end_shortcut(game_name):
    base, game, descs = first_battle_decision(game_name, 1)
    sit = base._situation(game)
    ends = [a for a, d in descs if d["verb"] == "end"]
    assert ends
    by_target: dict[str, dict] = {}
    for a, d in descs:
        if d["verb"] == "attack" and d["units"]:
            by_target.setdefault(d["hex"], {})[d["units"][0]] = a
    checked = 0
    for target, acts in list(by_target.items())[:2]:
        group = sorted(acts)
        values = []
        for shortcut in (ends, []):
            sit["ends"] = shortcut
            values.append(base._battle_value(game, sit, target, group, acts))
        assert values[0] == values[1]
        checked += 1
    assert checked
