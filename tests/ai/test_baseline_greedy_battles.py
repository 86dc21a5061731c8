"""The greedy baseline's battle planner: the shortcut in its battle expectation (a legal "end"
means the battle is over, without listing every action) gives exactly the values of the full
test, and a battle prepared first and joined unit by unit (Drive on Moscow) is planned and fought."""

from __future__ import annotations

import pytest

from typhoon.ai.base import make_player
from typhoon.games import registry


def baseline_decisions(game_name: str, seed: int, max_ply: int | None = None, side: int = 0,
                       chosen: list | None = None):
    """The baseline on the first side (``side``) against the game's ``greedy``: yields
    (baseline, its view, the described legal actions) at each of its decisions, then plays its
    choice (every action validated; described into ``chosen`` if given)."""
    pkg = registry.get(game_name)
    game = pkg.new_game({}, seed=seed, keep_history=False)
    base = make_player("baseline-greedy", game_name, seed=seed)
    other = make_player("greedy", game_name, seed=seed + 1)
    while not game.is_over() and (max_ply is None or game.ply < max_ply):
        if game.is_chance():
            game.roll()
            continue
        obs = game.observed(game.current_player, keep_history=False)
        if game.current_player == pkg.sides[side]:
            descs = [(a, pkg.describe(obs.state, a)) for a in obs.legal_actions]
            yield base, obs, descs
            action = base.choose(obs)
            if chosen is not None:
                chosen.append(pkg.describe(obs.state, action))
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


def test_a_prepared_assault_is_declared_joined_and_fought():
    # Drive on Moscow's prepared assault (11.2-11.6): "attack HEX" names no unit; the units
    # join it one by one ("add UNIT"), then "fight" resolves it. The baseline plans it as a
    # battle of the units it adds (before, it left such attacks out and never attacked). The
    # baseline plays the Soviet, who meets the German advance in the first turns
    chosen: list[dict] = []
    for _ in baseline_decisions("dom", 1, max_ply=1500, side=1, chosen=chosen):
        if chosen and chosen[-1]["verb"] == "fight":
            break
    verbs = [d["verb"] for d in chosen]
    assert verbs[-1] == "fight", verbs
    start = max(i for i, v in enumerate(verbs) if v == "attack")
    assert verbs[start + 1:-1] and set(verbs[start + 1:-1]) == {"add"}  # no step between the units and the fight
