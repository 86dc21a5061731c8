"""bench/bench_bfm_hold.py: the position at the Soviet's last Combat Phase read exactly from
the rules' terms, the rows counted, bad arguments refused by name."""

from __future__ import annotations

import pytest

from typhoon.games.bfm import position


@pytest.fixture(scope="module")
def hold(bench):
    return bench("bench_bfm_hold")


def at(phase: str, turn: int, units: dict[str, str]):
    st = position.from_json({"options": {"edition": "2009"}, "turn": turn, "phase": phase,
                             "units": {u: {"hex": h, "reduced": False} for u, h in units.items()}})
    st.control["1103"] = "german"
    return st


def test_the_rows_follow_the_odds_against_the_garrison(hold):
    # 9.0-9.2: 24 against 12 is 2:1, 1:1 after the major city; 23 against 12 is 1:1, below 1:1 after it
    assert hold.row_of(4, 16, 12) == 0
    assert hold.row_of(3, 24, 12) == 1
    assert hold.row_of(3, 23, 12) == 2
    assert hold.row_of(2, 20, 10) == 1


def test_the_position_is_read_at_the_last_soviet_combat_only(hold):
    # LVII (12) holds Moscow (1103); 10A, 13A and 16A (8 each) are next to it,
    # XXXIV and XLII are German next to it (1002, 1003)
    units = {"LVII": "1103", "10A": "1202", "13A": "1203", "16A": "1104", "XXXIV": "1002", "XLII": "1003"}
    assert hold.at_last_soviet_combat(at("soviet_combat", 7, units)) == (2, 24, 12)
    assert hold.at_last_soviet_combat(at("soviet_combat", 6, units)) is None
    assert hold.at_last_soviet_combat(at("soviet_movement", 7, units)) is None


def test_the_table_counts_games_and_wins_per_row(hold):
    results = [("1986", 1, "german", (4, 16, 12), ""), ("1986", 2, "soviet", (3, 24, 12), ""),
               ("1986", 3, "german", (3, 26, 12), ""), ("1986", 4, "soviet", None, "")]
    lines = hold.table(results)
    assert lines[0] == "4 games, German wins 2; Moscow German at the Soviet's last combat in 3, German wins 2"
    assert lines[1].endswith(": 1 games, German wins 1")
    assert lines[2].endswith(": 2 games, German wins 1")
    assert lines[3].endswith(": 0 games, German wins 0")


def test_the_losses_are_counted_by_the_cities_held_besides_moscow(hold):
    # 5.0 (2009): a win or a draw has no loss to count; two losses with Ryazan alone, one with two cities
    results = [("2009", 1, "soviet", None, "Ryazan"), ("2009", 2, "soviet", None, "Orel, Ryazan"),
               ("2009", 3, "soviet", None, "Ryazan"), ("2009", 4, None, None, ""),
               ("2009", 5, "german", None, "Ryazan")]
    assert hold.cities_of_losses(results) == [
        "  German losses by the Soviet's cities besides Moscow: 3", "       2  Ryazan", "       1  Orel, Ryazan"]


@pytest.mark.parametrize("argv, says", [
    (["--german-knobs", "g_sheild=8"], "unknown knob"),
    (["--soviet", "nobody"], "--soviet: unknown player 'nobody'"),
    (["--editions", "1999"], "unknown edition"),
    (["--seeds", "9-1"], "the last seed is below the first"),
])
def test_bad_arguments_are_refused_by_name(hold, argv, says):
    with pytest.raises(SystemExit, match=says):
        hold.main(argv)


def test_one_game_is_played_to_the_end(hold):
    edition, seed, winner, seen, others = hold.play(("heuristic", (), "baseline-capital", "1986", 7))
    assert (edition, seed) == ("1986", 7) and winner in ("german", "soviet", None)
    assert seen is None or len(seen) == 3
    # the cities besides Moscow the Soviet holds at the end: names of the map, never Moscow
    names = {"Smolensk", "Roslavl", "Bryansk", "Rzhev", "Vyazma", "Mozhaisk", "Kaluga", "Orel", "Tula", "Ryazan"}
    assert set(filter(None, others.split(", "))) <= names
