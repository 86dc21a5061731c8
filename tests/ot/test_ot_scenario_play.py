"""Every scenario of Operation Typhoon playable to its end, computer against computer (18.1-18.3
whole, the campaign's first Game-Turns; the whole campaign: scripts/ot_campaign_bench.py)."""

from __future__ import annotations

import pytest
from ot_helpers import empty_state

from typhoon.ai.match import make_player, play_game
from typhoon.core.game import Game
from typhoon.games.ot.package import PACKAGE
from typhoon.games.ot.state import UNKNOWN
from typhoon.games.ot.victory import LEVELS


@pytest.mark.slow
@pytest.mark.parametrize("key", ["18.1", "18.2", "18.3"])
def test_single_map_scenario_plays_to_its_end_computer_against_computer(key):
    g, res = play_game("greedy", "greedy", {"scenario": key}, 3, game_name="ot")
    s = g.state
    # 18.11 / 18.21 / 18.31: the game ends at the end of Game-Turn 16
    assert (s.turn, s.phase) == (16, "over")
    level = res.reason.split(":")[0]
    assert level in LEVELS
    assert res.winner == ("german" if LEVELS.index(level) >= 3 else "russian")
    again = Game.replay(PACKAGE.rules, g.options, g.seed, g.action_texts())
    assert again.outcome() == g.outcome()


@pytest.mark.slow
def test_campaign_first_two_turns_computer_against_computer_plan_hidden():
    g = Game(PACKAGE.rules, PACKAGE.normalise_options({"scenario": "18.4"}), 5)
    players = {side: make_player("greedy", "ot", seed=i) for i, side in enumerate(("german", "russian"))}
    while g.outcome() is None and g.state.turn <= 2:
        if g.is_chance():
            g.roll()
            continue
        side = g.current_player
        g.push(players[side].choose(g.observed(side)))
        assert g.observed("russian").state.plan in (None, UNKNOWN)  # 18.49: secret until the end
    s = g.state
    assert s.turn == 3 and s.plan in ("historical", "encirclement", "broad_front")
    assert s.on_map("german") and s.on_map("russian")
    assert any(str(e.action).startswith("attack") for e in g.log)  # both sides fought


@pytest.mark.parametrize("key,goes_on", [("18.4", False), ("18.5", True)])
def test_the_campaign_ends_after_turn_16_the_extension_after_31(key, goes_on):
    # 18.41: ends with Game-Turn 16; 18.5: "continues the game through Game-Turn 31"
    rules, s = empty_state(key)
    s.stacks.place("24/2PzA", "C2001")
    s.stacks.place("50/Bldin", "C1346")
    s.plan = "historical"
    s.turn, events = 16, []
    rules._enter(s, "turn_indication", events)
    assert (s.outcome is None) is goes_on
    if goes_on:
        assert s.turn == 17
        s.turn = 31
        rules._enter(s, "turn_indication", events)
        assert s.outcome is not None and s.phase == "over"
