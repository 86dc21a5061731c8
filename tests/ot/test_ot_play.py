"""Random-play properties of Operation Typhoon through the package, and greedy play to an end."""

from __future__ import annotations

import json
import random

from typhoon.core.game import Game
from typhoon.games.ot import movement
from typhoon.games.ot.package import PACKAGE
from typhoon.games.ot.state import UNKNOWN


def _play(options, seed, players=None, check=None):
    g = PACKAGE.new_game(options, seed=seed)
    rng = random.Random(seed)
    while not g.is_over():
        if g.is_chance():
            g.roll()
        else:
            side = g.current_player
            if players:
                a = players[side].choose(g.observed(side))
            else:
                a = rng.choice(list(g.legal_actions))
            before = g.state.phase
            g.push(a)
            if check:
                check(g, before)
    return g


def _invariants(g, before):
    s = g.state
    for h in s.stacks.hexes():
        assert len({s.side_of(u) for u in s.at(h)}) == 1, f"units of both sides in {h}"  # 5.21
    if before in ("german_strategic", "russian_strategic") and s.phase != before and s.pending is None:
        side = before.split("_")[0]
        assert not movement.overstacked_hexes(s, side), "over-stacked at the end of a Movement Phase (7.11)"


def test_random_game_of_18_1_with_chits_ends_keeps_the_rules_and_replays():
    opts = {"scenario": "18.1", "strengths": "chits"}
    g = _play(opts, 7, check=_invariants)
    out = g.outcome()
    assert out is not None and out.winner in ("german", "russian")
    again = Game.replay(PACKAGE.rules, g.options, g.seed, g.action_texts())
    assert again.outcome() == out
    assert PACKAGE.position_to_json(again.state) == PACKAGE.position_to_json(g.state)


def test_no_enemy_chit_in_a_seat_view_or_log():
    opts = {"scenario": "18.1", "strengths": "chits"}
    g = PACKAGE.new_game(opts, seed=3)
    rng = random.Random(3)
    seen_draw = False
    while not g.is_over() and g.ply < 1500:
        if g.is_chance():
            g.roll()
        else:
            g.push(rng.choice(list(g.legal_actions)))
        s = g.state
        if g.log and str(g.log[-1].action).startswith("chit "):
            seen_draw = True
            unit = str(g.log[-1].action).split()[1]
            owner = s.side_of(unit)
            enemy = "russian" if owner == "german" else "german"
            chit = s.chits.get(unit)
            assert g.log_view(enemy, start=g.ply - 1)[0]["action"] == f"chit {unit} ?"
            obs = g.observed(enemy).state
            if chit is not None:
                assert obs.chits[unit] == UNKNOWN
                v = PACKAGE.view(s, enemy)
                uv = next(x for x in v["units"] if x["id"] == unit)
                assert uv["hidden"] and uv["strength"] is None
                json.dumps(v)
        if seen_draw and g.ply > 600:
            break
    assert seen_draw


def test_greedy_german_against_random_russian_plays_18_1_to_an_outcome():
    players = {"german": PACKAGE.players()["greedy"](seed=1), "russian": PACKAGE.players()["random"](seed=2)}
    g = _play({"scenario": "18.1"}, 11, players=players)
    assert g.outcome() is not None


def test_package_contract_shapes():
    mm = PACKAGE.map_meta({"scenario": "18.1"})
    assert mm["provenance"] == "reconstruction" and mm["provenance_note"]
    assert set(mm["geometry"]["centres"]) == set(mm["hexes"])
    g = PACKAGE.new_game({"scenario": "18.1"}, seed=1)
    v = PACKAGE.view(g.state, "german")
    for k in ("game", "seat", "turn", "last_turn", "phase", "phases", "units", "control", "battles", "score", "notes"):
        assert k in v
    json.dumps(v)
    json.dumps(PACKAGE.rules_doc({"scenario": "18.1"}))
    assert [o.name for o in PACKAGE.option_specs()][0] == "scenario"
    for a in list(g.legal_actions)[:50]:
        assert g.parse(str(a)) == a
        json.dumps(PACKAGE.describe(g.state, a))
