"""Sequence of play (000 4.0, 6.0; 001 How to Play), mud turns (12.0), how to win (000 5.0; 1986
rule per charts.md), city control (000 10.0 'Friendly Controlled')."""

from __future__ import annotations

import pytest
from conftest import build, data
from test_replacements import advance_to

from typhoon.games.bfm import new_game

SEQ_2009 = [
    "german_replacement",
    "german_panzer_movement",
    "german_combat",
    "german_movement",
    "soviet_replacement",
    "soviet_rail_movement",
    "soviet_combat",
    "soviet_movement",
    "housekeeping",
]


def test_2009_has_nine_phases():
    """000 4.0: each turn has nine phases in this order (the ninth is Housekeeping)."""
    assert [p.id for p in data("2009").sequence if p.kind != "setup"] == SEQ_2009


def test_1986_has_eight_phases():
    """001 How to Play: each turn is divided into eight phases."""
    assert [p.id for p in data("1986").sequence if p.kind != "setup"] == SEQ_2009[:8]


def test_2009_starts_with_german_combat_phase():
    """000 6.0: the German player commences the first Game Turn starting with his Combat Phase."""
    g = new_game({"edition": "2009"}, seed=1)
    assert (g.state.turn, g.state.phase, g.current_player) == (1, "german_combat", "german")


def test_1986_starts_with_panzer_movement():
    """charts.md editions table: 1986: the Germans skip turn-1 replacements and start with the Panzer
    Movement Phase."""
    g = new_game({"edition": "1986"}, seed=1)
    assert (g.state.turn, g.state.phase, g.current_player) == (1, "german_panzer_movement", "german")


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_phase_order_through_two_turns(edition):
    """000 4.0 / 001: phases follow in the exact order; seven turns."""
    g = new_game({"edition": edition}, seed=5)
    seen = [(g.state.turn, g.state.phase)]
    for _ in range(100):
        if g.state.turn == 3:
            break
        acts = [str(a) for a in g.legal_actions]
        g.push("end" if "end" in acts else acts[0])
        if seen[-1] != (g.state.turn, g.state.phase):
            seen.append((g.state.turn, g.state.phase))
    order = [p.id for p in data(edition).sequence if p.kind not in ("setup", "housekeeping")]
    keys = [(t, order.index(p)) for t, p in seen]
    assert keys == sorted(keys)  # never backwards
    assert all(p in order for _, p in seen)
    assert (2, "german_panzer_movement") in seen and (2, "soviet_rail_movement") in seen
    # 000 6.0 footnote / charts.md: no German replacements on turn 1 in either edition, and in 2009
    # no special (panzer) movement either
    assert (1, "german_replacement") not in seen
    assert ((1, "german_panzer_movement") in seen) == (edition == "1986")


def test_seven_turns():
    """000 4.0: there are seven Game Turns."""
    assert data().last_turn == 7


def test_mud_turns():
    """000 12.0 / Turn Record Track: turns 3 and 4 are mud."""
    assert [t for t in range(1, 8) if data("2009").mud(t)] == [3, 4]
    assert [t for t in range(1, 8) if data("1986").mud(t)] == [3, 4]


def finish(control: dict, edition: str = "2009"):
    g = build({"VI": "0101", "24A": "1406"}, phase="soviet_movement", turn=7, edition=edition, control=control)
    g.push("end")
    assert g.is_over()
    return g.outcome()


ALL_GERMAN_BUT = lambda *keep: {c: ("soviet" if c in keep else "german") for c in data().city_hex}  # noqa: E731


def test_2009_germans_win_with_moscow():
    """000 5.0: the Germans win if they control Moscow at the end of Game Turn 7."""
    assert finish({"Moscow": "german"}).winner == "german"


def test_2009_soviets_win_with_moscow_and_one_other():
    """000 5.0: the Russians win if they control Moscow and any one other city."""
    assert finish(ALL_GERMAN_BUT("Moscow", "Orel")).winner == "soviet"


def test_2009_draw_with_moscow_only():
    """000 5.0: any other result (the Germans control every city but Moscow) is a draw."""
    o = finish(ALL_GERMAN_BUT("Moscow"))
    assert o.winner is None


def test_1986_moscow_holder_wins():
    """1986 (charts.md): whoever holds Moscow at the end of turn 7 wins."""
    assert finish(ALL_GERMAN_BUT("Moscow"), "1986").winner == "soviet"
    assert finish({"Moscow": "german"}, "1986").winner == "german"


def test_game_not_over_before_turn_7():
    """000 4.0 phase 9: advance the turn marker unless the last turn was played."""
    g = build({"VI": "0101", "24A": "1406"}, phase="soviet_movement", turn=6)
    g.push("end")
    assert not g.is_over() and g.state.turn == 7


def test_initial_control():
    """000 10.0: all cities are Russian at the start except those that start occupied by Germans."""
    g = new_game({}, seed=0)
    d = data()
    german = {h for h in d.cities if h in g.state.hex_of.values() and d.units[g.state.unit_at(h)].side == "german"}
    assert german  # Smolensk and Roslavl on the standard map
    assert g.state.control == {h: ("german" if h in german else "soviet") for h in d.cities}


def test_control_by_last_entry():
    """000 10.0: friendly controlled means your units were the last to enter the city; leaving it
    does not change control."""
    g = build({"VI": "0602", "24A": "0704"}, phase="german_movement", turn=2)
    g.push("move VI 0603")  # Vyazma
    assert g.state.control["0603"] == "german"
    g.push("end")
    advance_to(g, "german_movement", 3)
    g.push("move VI 0602")
    assert g.state.control["0603"] == "german"  # still German after leaving
    advance_to(g, "soviet_movement", 3)
    g.push("move 24A 0603")
    assert g.state.control["0603"] == "soviet"


def test_games_leave_the_shipped_set_up_unchanged():
    """6.0: every game starts from the set-up of the scenario file; a new game reads the data's
    own copy of it (``scenario(shared=True)``), so no game may change it for the next."""
    from typhoon.ai.match import play_game
    from typhoon.games.bfm.kit import shipped_documents

    shipped = shipped_documents.__wrapped__()["scenarios/standard.json"]  # read afresh from the kit
    for seed, edition in ((1, "2009"), (2, "1986")):
        play_game("random", "random", {"edition": edition}, seed)
        assert data(edition).scenario(shared=True) == shipped
        assert data(edition).scenario() == shipped
    first, second = new_game({"edition": "2009"}, seed=3), new_game({"edition": "2009"}, seed=4)
    first.state.hex_of.clear()  # a game's own position, not the set-up
    assert second.state.hex_of and data("2009").scenario() == shipped
