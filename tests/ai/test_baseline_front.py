"""The fifth independent baseline, ``baseline-front`` (typhoon/ai/baselines/front.py): registered
and offered, legal complete games on both sides of both Battle for Moscow editions and in the
other games, deterministic, and its own rules: the attacker's battles at two to one or better,
the defender's garrison in the capital and its counterattacks at three to one or better."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_baselines import play_validated  # the validated-play helper of the other baselines' tests

from typhoon.ai.base import is_player_name, make_player, player_names
from typhoon.games import registry


def test_front_baseline_registered_and_offered():
    for game in ("bfm", "mini", "dom", "mc", "ot"):
        assert "baseline-front" in player_names(game)
        assert is_player_name("baseline-front", game)
    assert make_player("baseline-front", "bfm", seed=1).name == "baseline-front"


@pytest.mark.parametrize("edition", ["2009", "1986"])
@pytest.mark.parametrize("opponent", ["random", "heuristic"])
def test_front_baseline_legal_on_both_sides(edition, opponent):
    for names in (("baseline-front", opponent), (opponent, "baseline-front")):
        game = play_validated("bfm", names, {"edition": edition}, 4)
        assert game.outcome() is not None


def test_front_baseline_plays_the_other_games():
    for names in (("baseline-front", "baseline-hunter"), ("baseline-capital", "baseline-front")):
        game = play_validated("mini", names, {}, 2)
        assert game.outcome() is not None
    game = play_validated("dom", ("random", "baseline-front"), {}, 2)  # short: a sudden death
    assert game.outcome() is not None


@pytest.mark.parametrize("game_name", ["dom", "mc", "ot"])
def test_front_baseline_plays_a_turn_of_the_larger_games_on_both_sides(game_name):
    pkg = registry.get(game_name)
    game = play_validated(game_name, ("baseline-front", "baseline-front"), {}, 2, turns=1)  # a whole game is long
    assert game.is_over() or pkg.view(game.state, None)["turn"] == 2
    assert {e.player for e in game.log} >= set(pkg.sides)


def test_front_baseline_is_deterministic():
    a = play_validated("bfm", ("heuristic", "baseline-front"), {"edition": "2009"}, 5)
    b = play_validated("bfm", ("heuristic", "baseline-front"), {"edition": "2009"}, 5)
    assert a.action_texts() == b.action_texts()


def test_front_baseline_games_do_not_depend_on_the_hash_seed():
    import os
    import subprocess
    import sys

    code = ("from typhoon.ai.match import play_game\n"
            "g, r = play_game('baseline-front', 'baseline-hunter', seed=100004)\n"
            "h, r = play_game('baseline-capital', 'baseline-front', seed=100005)\n"
            "print('|'.join(g.action_texts() + h.action_texts()))")
    logs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (1, 2)}
    assert len(logs) == 1


def _column(text: str) -> Fraction:
    """A Battle for Moscow odds column, ``"3:1"``, as a number."""
    attack, defence = text.split(":")
    return Fraction(int(attack), int(defence))


def _replay(game):
    """(state before, entry) for every entry of a finished game's log."""
    replay = registry.get("bfm").new_game(game.options, seed=game.seed, keep_history=False)
    for entry in game.log:
        yield replay.state, entry
        replay.push(entry.action, validate=False)


def _committed(game, side):
    """(turn, last turn, target, final column, who holds Moscow) of every battle ``side``
    committed, by the game's own preview in the position it was committed in."""
    pkg = registry.get("bfm")
    out = []
    for state, entry in _replay(game):
        if entry.player == side and pkg.describe(state, entry.action)["verb"] == "commit":
            view = pkg.view(state, side)
            for b in view["battles"]:
                final = pkg.battle_preview(state, b["target"], list(b["attackers"]))["final"]
                out.append((view["turn"], view["last_turn"], b["target"], final, view["control"].get("1103")))
    return out


def test_front_baseline_attacks_at_two_to_one():
    """Its own rule as the attacker: it declares battles, and before the last turn none below two
    to one after the terrain and river shifts (on the last turn one to one, any column against
    Moscow)."""
    game = play_validated("bfm", ("baseline-front", "heuristic"), {"edition": "2009"}, 1)
    battles = _committed(game, "german")
    assert battles, "the German fought no battle"
    for turn, last, target, final, _ in battles:
        if turn < last:
            assert _column(final) >= 2, (turn, target, final)
        elif target != "1103":
            assert _column(final) >= 1, (turn, target, final)


def test_front_baseline_defends_moscow_and_counterattacks_at_three_to_one():
    """Its own rules as the defender: while the Soviet holds Moscow a unit of its stands in it at
    the end of every Soviet movement phase, and it counterattacks only at three to one or better."""
    pkg = registry.get("bfm")
    game = play_validated("bfm", ("heuristic", "baseline-front"), {"edition": "2009"}, 1)
    checked, phase = 0, None
    for state, _ in _replay(game):
        now = pkg.view(state, None)
        if phase == "soviet_movement" and now["phase"]["id"] != phase and now["control"].get("1103") == "soviet":
            checked += 1
            assert any(u["side"] == "soviet" and u.get("hex") == "1103" for u in now["units"]), now["turn"]
        phase = now["phase"]["id"]
    assert checked >= 3
    battles = _committed(game, "soviet")
    held = [b for b in battles if b[4] == "soviet"]
    assert held, "the Soviet never counterattacked"
    for turn, _, target, final, _ in held:
        assert _column(final) >= 3, (turn, target, final)
