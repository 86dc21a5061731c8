"""Search players: registered levels, legal at every kind of decision, deterministic for a seed."""

from __future__ import annotations

from typhoon.ai.base import make_player, player_names
from typhoon.core.game import Game
from typhoon.games.bfm import RULES, movement

KINDS = ("setup", "move", "end_move", "attack", "commit", "resolve", "standfast", "retreat", "loss", "advance",
         "place", "restore", "reinforce", "end_replacement")


def kind_of(game: Game) -> str:
    """Name the kind of decision the player to act faces (by the legal actions on offer)."""
    state = game.state
    spec = movement.phase_spec(state)
    verbs = {str(a).split()[0] for a in game.legal_actions}
    if spec.kind == "setup":
        return "setup"
    if spec.kind == "movement":
        return "move" if "move" in verbs else "end_move"
    if spec.kind == "combat":
        for v in ("standfast", "retreat", "loss", "advance", "resolve"):
            if v in verbs:
                return v
        return "attack" if "attack" in verbs else "commit"
    for v in ("reinforce", "place", "restore"):
        if v in verbs:
            return v
    return "end_replacement"


def sample_decisions(max_games: int = 40) -> dict[str, Game]:
    """One game copy per kind of decision, found in games between the heuristic and random."""
    found: dict[str, Game] = {}
    for seed in range(max_games):
        opts = {"edition": "2009" if seed % 2 == 0 else "1986", "setup": "free" if seed % 4 == 0 else "standard"}
        game = Game(RULES, opts, seed, keep_history=False)
        pair = ("heuristic", "random") if seed % 3 else ("random", "heuristic")
        players = {"german": make_player(pair[0], seed=seed), "soviet": make_player(pair[1], seed=seed + 1)}
        while not game.is_over():
            if game.is_chance():
                game.roll()
                continue
            k = kind_of(game)
            if k not in found:
                found[k] = game.copy()
            game.push(players[game.current_player].choose(game), validate=False)
        if len(found) == len(KINDS):
            break
    return found


def test_levels_registered():
    names = player_names()
    for lvl in ("search-easy", "search-normal", "search-hard"):
        assert lvl in names
        assert make_player(lvl, seed=1).name == lvl


def test_search_legal_at_every_kind_of_decision():
    found = sample_decisions()
    # stand fast (000 9.3) is rare in these games; every other kind must have been met
    assert set(KINDS) - {"standfast"} <= set(found), sorted(set(KINDS) - set(found))
    for kind, game in sorted(found.items()):
        for level in ("search-easy", "search-normal"):
            player = make_player(level, seed=3)
            a = player.choose(game.copy())
            assert a in game.legal_actions, (kind, level, str(a))


def test_search_plays_a_validated_game_and_is_deterministic():
    def run(seed: int) -> list[str]:
        game = Game(RULES, {"edition": "2009"}, seed, keep_history=False)
        players = {"german": make_player("search-easy", seed=5), "soviet": make_player("heuristic", seed=6)}
        texts = []
        while not game.is_over() and game.state.turn <= 3:
            if game.is_chance():
                game.roll()
                continue
            a = players[game.current_player].choose(game)
            game.push(a)  # validated: raises on an illegal action
            texts.append(str(a))
        return texts

    first = run(21)
    assert len(first) > 50
    assert run(21) == first


def test_search_does_not_touch_the_games_dice():
    # the searcher rolls its own dice in playouts: the real game's next rolls are unchanged
    game = Game(RULES, {"edition": "2009"}, 4, keep_history=False)
    before = game.dice.getstate()
    make_player("search-easy", seed=1).choose(game)
    assert game.dice.getstate() == before
    assert game.ply == 0


def test_levels_are_ordered_machine_independent_budgets():
    from typhoon.ai.search import LEVELS

    names = ["search-easy", "search-normal", "search-hard", "search-expert"]
    assert list(LEVELS) == names
    work = [b.candidates * b.rollouts for b in LEVELS.values()]
    assert work == sorted(work) and len(set(work)) == len(work)
    assert all(b.horizon == 0 for n, b in LEVELS.items() if n != "search-easy")  # played to the end


def test_playout_opponents_come_from_the_population():
    # the heuristic offers its other styles; the search draws playout opponents among them
    import random

    from typhoon.games.bfm.ai.heuristic import STYLES

    p = make_player("search-normal", seed=1)
    assert sorted(s["style"] for s in p.styles) == sorted(set(STYLES) - {"standard"})
    rng = random.Random(0)
    seen = {getattr(p._playout_policy(False, rng), "style", None) for _ in range(60)}
    assert seen == set(STYLES)
    assert {p._playout_policy(True, rng).style for _ in range(10)} == {"standard"}
