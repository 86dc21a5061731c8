"""The game-agnostic core: hex grid, paths, odds, dice, the Game record with push/pop/undo."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from typhoon.core import record
from typhoon.core.errors import IllegalActionError, ParseError, SaveFormatError, UndoError
from typhoon.core.hexgrid import HexGrid
from typhoon.core.odds import CombatTable, Shift, odds_ratio, shifted_column
from typhoon.core.paths import reachable, reachable_within, trace
from typhoon.games.bfm import new_game
from typhoon.games.bfm.actions import Move, Roll

GRID = HexGrid(14, 10)


def test_neighbours_follow_the_map_readme():
    # shared/reference/bfm/README.md: 0201 touches 0101, 0102, 0202, 0301 and 0302
    assert set(GRID.neighbours("0201")) == {"0101", "0102", "0202", "0301", "0302", "0200"} - {"0200"}
    # odd column: NE (c+1, r-1), SE (c+1, r); even column: NE (c+1, r), SE (c+1, r+1)
    assert GRID.neighbour("0503", "NE") == "0602" and GRID.neighbour("0503", "SE") == "0603"
    assert GRID.neighbour("0604", "NE") == "0704" and GRID.neighbour("0604", "SE") == "0705"
    assert GRID.neighbour("0101", "N") is None and len(GRID.neighbours("0505")) == 6


def test_distance_is_symmetric_and_counts_steps():
    assert GRID.distance("0101", "0101") == 0
    assert GRID.distance("0101", "0201") == 1
    assert GRID.distance("0101", "0301") == 2  # 0301 is level with 0101 two columns east
    assert GRID.distance("0101", "1410") == GRID.distance("1410", "0101")
    for h in GRID.all_hexes:
        for n in GRID.neighbours(h):
            assert GRID.distance(h, n) == 1


@pytest.mark.parametrize("numbering", [
    {},
    {"odd_columns_up": False},
    {"orientation": "pointy"},
    {"orientation": "pointy", "odd_rows_right": False, "id_order": "row_column"},
    {"columns_run": "east_to_west", "rows_run": "south_to_north"},
])
def test_distance_is_the_fewest_steps_between_hexes(numbering):
    """``distance`` (axial arithmetic) equals the steps of a breadth-first walk over
    ``neighbours`` on a full grid, for every pair of hexes and every numbering."""
    grid = HexGrid(7, 6, **numbering)
    for a in grid.all_hexes:
        steps, frontier = {a: 0}, [a]
        while frontier:
            nxt = []
            for h in frontier:
                for n in grid.neighbours(h):
                    if n not in steps:
                        steps[n] = steps[h] + 1
                        nxt.append(n)
            frontier = nxt
        assert {b: grid.distance(a, b) for b in grid.all_hexes} == steps
    assert grid.distance(grid.all_hexes[0], " " + grid.all_hexes[1]) == 1  # an id as typed: parsed


def test_hex_ids_are_checked():
    with pytest.raises(ParseError, match="not a hex of this map"):
        GRID.check("1511")
    with pytest.raises(ParseError, match="not a hex id"):
        GRID.parse("ab12")


def test_reachable_stops_in_zones_and_pays_costs():
    # a line of hexes a-b-c-d; entering c ends movement; b costs 2
    nb = {"a": ("b",), "b": ("a", "c"), "c": ("b", "d"), "d": ("c",)}
    cost = {"a": 1, "b": 2, "c": 1, "d": 1}
    got = reachable("a", 4, nb.__getitem__, lambda x, y: cost[y], lambda h: h == "c")
    assert got == {"a": 0, "b": 2, "c": 3}
    assert reachable_within("a", 4, nb, cost, set(), {"c"}) == got
    assert reachable_within("a", 4, nb, cost, {"b"}, set()) == {"a": 0}


def test_trace_excludes_the_origin():
    nb = {"a": ("b",), "b": ("a", "c"), "c": ("b",)}
    assert trace("a", lambda h: h == "c", nb.__getitem__, lambda h: h != "a") == ["a", "b", "c"]
    assert trace("a", lambda h: h == "c", nb.__getitem__, lambda h: h != "b") is None


def test_odds_and_shifts():
    assert odds_ratio(16, 4) == 4 and odds_ratio(15, 4) == 3  # 000 9.0 example
    assert odds_ratio(Fraction(25, 2), 4) == 3  # 000 12.2: 12.5 vs 4 is 3:1
    assert shifted_column(2, [Shift(-1, "river"), Shift(-1, "fort")]) == 0
    table = CombatTable.from_json({"columns": ["1:1"], "rows": {str(d): ["DR" if d < 4 else "NE"] for d in range(1, 7)}})
    assert table.distribution(0) == {"DR": Fraction(1, 2), "NE": Fraction(1, 2)}


def _play_until_roll(game):
    """Declare one battle in the 2009 opening and stop at its die roll."""
    attack = next(a for a in game.legal_actions if str(a).startswith("attack"))
    game.push(attack)
    game.push("commit")
    while not game.is_chance():
        game.push(next(iter(game.legal_actions)))
    return attack


def test_push_pop_and_player_undo():
    g = new_game({"edition": "2009"}, seed=3)
    start = json.dumps(record.to_record(g)["final"])
    attack = _play_until_roll(g)
    g.roll()
    assert isinstance(g.log[-1].action, Roll) and g.log[-1].chance
    # the die is final: undo refuses, pop (analysis) does not
    with pytest.raises(UndoError, match="die roll"):
        g.undo()
    assert not g.can_undo()
    while g.log:
        g.pop()
    assert json.dumps(record.to_record(g)["final"]) == start
    g.push(attack)
    assert g.can_undo("german") and not g.can_undo("soviet")
    with pytest.raises(UndoError, match="made by german"):
        g.undo("soviet")
    g.undo("german")
    assert g.ply == 0


def test_rolls_come_from_the_seed_and_replay_checks_them():
    a, b = new_game(seed=11), new_game(seed=11)
    _play_until_roll(a), _play_until_roll(b)
    ra, _ = a.roll()
    rb, _ = b.roll()
    assert ra == rb
    rec = record.to_record(a)
    game, same = record.verify(rec)
    assert same and game.action_texts() == a.action_texts()
    # tampering with the die roll is caught
    bad = dict(rec, actions=[t if not t.startswith("roll") else f"roll {ra.value % 6 + 1}" for t in rec["actions"]])
    with pytest.raises(SaveFormatError, match="the seed gives"):
        record.from_record(bad)


def test_illegal_and_malformed_actions_leave_the_game_unchanged():
    g = new_game(seed=1)
    before = record.to_record(g)
    with pytest.raises(ParseError, match="unknown action"):
        g.push("fly XLVI 0505")
    with pytest.raises(ParseError, match="no unit called"):
        g.push("attack XCIX 0505")
    with pytest.raises(IllegalActionError, match="not legal now"):
        g.push(Move("XLVI", "0505"))  # 2009 starts in the German combat phase
    assert record.to_record(g) == before


@pytest.mark.parametrize(
    "doc, message",
    [
        ({"format": "other"}, "not a Typhoon save"),
        ({"format": "typhoon-save", "version": 99, "seed": 1, "actions": [], "game": "bfm"}, "unsupported save version"),
        ({"format": "typhoon-save", "version": 1, "seed": "x", "actions": [], "game": "bfm"}, "'seed'"),
        ({"format": "typhoon-save", "version": 1, "seed": 1, "actions": ["move XLVI 0505"], "game": "bfm"}, "action 1"),
        ({"format": "typhoon-save", "version": 1, "seed": 1, "actions": [], "game": "chess"}, "unknown game"),
    ],
)
def test_bad_save_files_are_refused_clearly(doc, message):
    with pytest.raises(SaveFormatError, match=message):
        record.from_record(doc)


def test_save_and_load_round_trip(tmp_path):
    from typhoon.ai.match import play_game

    game, _ = play_game("random", "random", {"edition": "1986"}, seed=5, keep_history=True)
    path = tmp_path / "g.json"
    record.save(game, path, {"german": "random", "soviet": "random"})
    again = record.load(path)
    assert again.action_texts() == game.action_texts()
    assert again.outcome() == game.outcome()


def test_public_record_withholds_the_seed_of_a_running_game():
    import hashlib

    g = new_game(seed=21)
    _play_until_roll(g)
    g.roll()
    rec = record.to_record(g, public=True)
    assert rec["seed"] is None and rec["seed_commitment"] == record.seed_commitment(21, "mt19937")
    # the commitment is HMAC-SHA256 keyed with the seed (32 bytes), over a domain and the dice scheme
    import hmac

    key = (21).to_bytes(32, "big")
    assert rec["seed_commitment"] == hmac.new(key, b"typhoon/seed-commitment/v2|mt19937", hashlib.sha256).hexdigest()
    # never the unsalted hash of the seed's text, which a small seed space would give away
    assert rec["seed_commitment"] != hashlib.sha256(b"21").hexdigest()
    again = record.from_record(rec)  # rolls taken as recorded, fresh dice from here on
    assert again.action_texts() == g.action_texts() and again.trusted_plies == g.ply
    assert record.to_record(again)["final"] == record.to_record(g)["final"]
    # saved again with its new seed, it replays: the first rolls stay trusted, later ones checked
    again.play_until_decision()
    game2, same = record.verify(record.to_record(again))
    assert same and game2.trusted_plies == g.ply


def test_a_copy_does_not_see_the_real_dice():
    g = new_game(seed=5)
    _play_until_roll(g)
    values = set()
    for seed in range(5, 25):  # across games, a copy's rolls are not the real game's rolls
        h = new_game(seed=seed)
        _play_until_roll(h)
        c = h.copy()
        values.add((h.dice_preview()[0] == c.dice_preview()[0]))
    assert False in values
