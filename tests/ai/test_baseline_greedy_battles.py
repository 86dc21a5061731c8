"""The greedy baseline's battle planner: the shortcut in its battle expectation (a legal "end"
means the battle is over, without listing every action) gives exactly the values of the full
test, and an attack that names no unit is left out rather than failing."""

from __future__ import annotations

import pytest

from typhoon.ai.base import make_player
from typhoon.games import registry


def baseline_decisions(game_name: str, seed: int, max_ply: int | None = None):
    """The baseline on the first side against the game's ``greedy``: yields (baseline, its
    view, the described legal actions) at each of its decisions, then plays its choice (every
    action validated)."""
    pkg = registry.get(game_name)
    game = pkg.new_game({}, seed=seed, keep_history=False)
    base = make_player("baseline-greedy", game_name, seed=seed)
    other = make_player("greedy", game_name, seed=seed + 1)
    while not game.is_over() and (max_ply is None or game.ply < max_ply):
        if game.is_chance():
            game.roll()
            continue
        side = game.current_player
        obs = game.observed(side, keep_history=False)
        if side == pkg.sides[0]:
            descs = [(a, pkg.describe(obs.state, a)) for a in obs.legal_actions]
            yield base, obs, descs
            action = base.choose(obs)
        else:
            action = other.choose(obs)
        game.push(action)


def first_battle_decision(game_name: str, seed: int):
    """The game at the baseline's first decision with attacks and an "end" to choose from."""
    for base, obs, descs in baseline_decisions(game_name, seed):
        verbs = {d["verb"] for _, d in descs}
        if "attack" in verbs and "end" in verbs:
            return base, obs, descs
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


def test_an_attack_that_names_no_unit_is_left_out():
    # Drive on Moscow's "attack HEX" declares with every eligible unit (its description names
    # none): the battle planner leaves it out instead of failing on the empty list (it raised
    # IndexError at the German's first combat phase)
    offered = 0
    for _, _, descs in baseline_decisions("dom", 3, max_ply=400):
        offered += any(d["verb"] == "attack" and not d.get("units") for _, d in descs)
    assert offered >= 1
