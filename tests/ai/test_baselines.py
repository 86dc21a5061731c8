"""Independent baselines and the side-swapped evaluation: the baselines are legal, generic and
share no code with the players; side-swapped scores pair each seed's two games."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from typhoon.ai.base import make_player, player_names
from typhoon.ai.tournament import swapped_scores, wilson
from typhoon.games import registry

BASELINES = Path(__file__).resolve().parents[2] / "typhoon" / "ai" / "baselines"


def play_validated(game_name: str, names: tuple[str, str], options: dict, seed: int, turns: int | None = None):
    """A game with every action validated: to the end, or through its first ``turns`` turns."""
    pkg = registry.get(game_name)
    game = pkg.new_game(options, seed=seed, keep_history=False)
    players = {side: make_player(n, game_name, seed=seed + i) for i, (side, n) in enumerate(zip(pkg.sides, names))}
    while not game.is_over() and (turns is None or pkg.view(game.state, None)["turn"] <= turns):
        if game.is_chance():
            game.roll()
        else:
            side = game.current_player
            game.push(players[side].choose(game.observed(side, keep_history=False)))  # validated
    return game


def test_baselines_registered_for_every_game():
    for game in ("bfm", "mini"):
        names = player_names(game)
        assert "baseline-greedy" in names and "baseline-bold" in names and "baseline-capital" in names
        assert "baseline-hunter" in names


def test_baselines_share_no_code_with_the_players():
    # imports of the baseline modules: only the core, the registry and the research adapters
    allowed = ("typhoon.core", "typhoon.games.registry", "typhoon.research", "open_spiel", "pyspiel", "numpy")
    for path in BASELINES.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:  # relative: resolve against typhoon.ai.baselines
                    base = ["typhoon", "ai", "baselines"][: 3 - node.level + 1]
                    mod = ".".join(base + ([mod] if mod else []))
                    if mod == "typhoon.games":
                        mod = "typhoon.games." + node.names[0].name
                if mod.startswith("typhoon.ai.baselines") or mod in ("__future__", "typing", "math"):
                    continue
                assert mod.startswith(allowed), f"{path.name} imports {mod}"


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_greedy_baseline_legal_on_both_sides(edition):
    for names in (("baseline-greedy", "random"), ("random", "baseline-bold")):
        game = play_validated("bfm", names, {"edition": edition}, 3)
        assert game.outcome() is not None


def test_greedy_baseline_plays_the_other_game():
    game = play_validated("mini", ("baseline-greedy", "baseline-bold"), {}, 2)
    assert game.outcome() is not None


def test_greedy_baseline_is_deterministic():
    a = play_validated("bfm", ("baseline-greedy", "heuristic"), {"edition": "2009"}, 5)
    b = play_validated("bfm", ("baseline-greedy", "heuristic"), {"edition": "2009"}, 5)
    assert a.action_texts() == b.action_texts()


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_capital_baseline_legal_on_both_sides(edition):
    for names in (("baseline-capital", "random"), ("heuristic", "baseline-capital")):
        game = play_validated("bfm", names, {"edition": edition}, 4)
        assert game.outcome() is not None


def test_capital_baseline_plays_the_other_games():
    for name in ("mini", "dom"):
        game = play_validated(name, ("baseline-capital", "baseline-greedy"), {}, 2)
        assert game.outcome() is not None


def _moves_of(game, side):
    """(unit, from, to) of every move ``side`` made in the game's first movement phase of its own."""
    from typhoon.games.bfm.actions import Move

    out, phase = [], None
    replay = registry.get("bfm").new_game(game.options, seed=game.seed, keep_history=False)
    for entry in game.log:
        st = replay.state
        if entry.player == side and isinstance(entry.action, Move) and st.phase == f"{side}_movement":
            if phase not in (None, (st.turn, st.phase)):
                break
            phase = (st.turn, st.phase)
            out.append((entry.action.unit, st.hex_of[entry.action.unit], entry.action.to))
        replay.push(entry.action, validate=False)
    return out


@pytest.mark.parametrize("side", ["german", "soviet"])
def test_capital_baseline_moves_towards_the_capital(side):
    """Its own rule (capital.py): the German concentrates on Moscow, the Soviet falls back on it;
    no unit moves away from Moscow."""
    from typhoon.games.bfm import new_game

    names = ("baseline-capital", "heuristic") if side == "german" else ("heuristic", "baseline-capital")
    game = play_validated("bfm", names, {"edition": "2009"}, 6)
    data = new_game({"edition": "2009"}).state.data
    grid = data.grid
    moves = _moves_of(game, side)
    assert moves, f"the {side} moved no unit in its first movement phase"
    for unit, start, to in moves:
        assert grid.distance(to, data.moscow) <= grid.distance(start, data.moscow), (unit, start, to)


@pytest.mark.parametrize("edition", ["2009", "1986"])
def test_hunter_baseline_legal_on_both_sides(edition):
    for names in (("baseline-hunter", "random"), ("heuristic", "baseline-hunter")):
        game = play_validated("bfm", names, {"edition": edition}, 4)
        assert game.outcome() is not None


def test_hunter_baseline_plays_the_other_games():
    for name in ("mini", "dom"):
        game = play_validated(name, ("baseline-hunter", "baseline-capital"), {}, 2)
        assert game.outcome() is not None


def _declared_battles(game, side):
    """(turn, target, attackers, attack, defence) of every battle ``side`` committed, the strengths
    by the game's own preview (9.0 steps 1-2) in the position it was declared in."""
    from typhoon.games.bfm.actions import Commit

    pkg = registry.get("bfm")
    out = []
    replay = pkg.new_game(game.options, seed=game.seed, keep_history=False)
    for entry in game.log:
        st = replay.state
        if entry.player == side and isinstance(entry.action, Commit):
            for b in st.battles.values():
                p = pkg.battle_preview(st, b.target, list(b.attackers))
                out.append((st.turn, b.target, tuple(b.attackers), p["attack"], p["defence"]))
        replay.push(entry.action, validate=False)
    return out


@pytest.mark.parametrize("side", ["german", "soviet"])
def test_hunter_baseline_fights_at_two_to_one_on_both_sides(side):
    """Its own rule (hunter.py): it attacks on either side, the Soviet too (a counterattacking
    defender), and never below twice the defender's strength."""
    names = ("baseline-hunter", "heuristic") if side == "german" else ("heuristic", "baseline-hunter")
    game = play_validated("bfm", names, {"edition": "2009"}, 1)
    battles = _declared_battles(game, side)
    assert battles, f"the hunter's {side} fought no battle"
    for turn, target, attackers, attack, defence in battles:
        assert attack >= 2 * defence, (turn, target, attackers, attack, defence)


def test_swapped_scores_pair_seeds_and_sides():
    # a beats b as german on seeds 1, 2; as soviet a wins seed 1, draws seed 2, loses seed 3
    res = [
        {"seed": 1, "german": "a", "soviet": "b", "winner": "german"},
        {"seed": 2, "german": "a", "soviet": "b", "winner": "german"},
        {"seed": 3, "german": "a", "soviet": "b", "winner": "soviet"},
        {"seed": 1, "german": "b", "soviet": "a", "winner": "soviet"},
        {"seed": 2, "german": "b", "soviet": "a", "winner": None},
        {"seed": 3, "german": "b", "soviet": "a", "winner": "german"},
    ]
    (row,) = swapped_scores(["a", "b"], res, ("german", "soviet"))
    assert (row["a"], row["b"], row["seeds"], row["games"]) == ("a", "b", 3, 6)
    assert row["as_german"] == round(2 / 3, 4) and row["as_soviet"] == 0.5
    assert row["score"] == round(3.5 / 6, 4)
    assert row["score_ci95"] == [round(x, 4) for x in wilson(3.5, 6)]
    # per seed: 1.0, 0.75, 0.0 -> mean 0.5833, sample sd 0.5204, half width 1.96 * sd / sqrt(3)
    assert row["paired_ci95"] == [0.0, 1.0]


def test_baseline_games_do_not_depend_on_the_hash_seed():
    """A game is its seed and its log: the same seed gives the same game in any process, whatever
    Python's string-hash seed (set iteration order) is."""
    import os
    import subprocess
    import sys

    code = ("from typhoon.ai.match import play_game\n"
            "g, r = play_game('baseline-greedy', 'baseline-bold', seed=100001)\n"
            "h, r = play_game('baseline-capital', 'baseline-greedy', seed=100002)\n"
            "k, r = play_game('baseline-hunter', 'baseline-capital', seed=100003)\n"
            "print('|'.join(g.action_texts() + h.action_texts() + k.action_texts()))")
    logs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": str(h)}).stdout for h in (1, 2, 3)}
    assert len(logs) == 1

