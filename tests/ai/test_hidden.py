"""Computer players of a game with hidden information get only their side's observation.

The synthetic game "mini" (typhoon/games/mini/RULES.md): red units' strengths are chits drawn
at set-up that nobody sees (3.3) until the unit first fights (3.4); Blue's plan is seen only by
Blue until the game ends (9.1). The match runner must hand every player ``game.observed(side)``
and the search players must determinise from that observation, never from the truth.
"""

from __future__ import annotations

import re

import pytest

from typhoon.ai import base
from typhoon.ai.base import RandomPlayer, make_player, player_names
from typhoon.ai.match import play_game
from typhoon.games import registry

mini_state = pytest.importorskip("typhoon.games.mini.state", reason="the mini game is not installed")
UNKNOWN = mini_state.UNKNOWN
RED = ("R1", "R2", "R3", "R4", "R5", "R6")  # 3.3: the red units with hidden chits
DRAW_TEXT = re.compile(r"^chit R\d \d+$")  # the text of a chit draw (actions.Draw), seen by nobody
PLAN_TEXT = re.compile(r"\bplan (aston|brill)\b")  # Blue's plan (9.1), seen by Blue only


def hidden_leaks(game, side: str) -> list[str]:
    """Everything in ``game`` (what a player of ``side`` was handed) that ``side`` may not know."""
    s = game.state
    leaks = []
    for u in RED:
        v = s.chits.get(u)
        if u not in s.revealed and v not in (None, UNKNOWN):
            leaks.append(f"face-down chit of {u} reads {v!r} (3.3)")
    if any(c != UNKNOWN for c in s.cup):
        leaks.append(f"the cup reads {s.cup!r} (3.3)")
    if side != "blue" and not s.plan_revealed and s.plan not in (None, UNKNOWN):
        leaks.append(f"Blue's plan reads {s.plan!r} for {side} (9.1)")
    for i, e in enumerate(game.log):
        texts = [str(e.action), *map(str, e.events)]
        for t in texts:
            if DRAW_TEXT.match(t):
                leaks.append(f"log entry {i + 1} reads {t!r} (3.3)")
            if side != "blue" and PLAN_TEXT.search(t) and not s.plan_revealed:
                leaks.append(f"log entry {i + 1} reads {t!r} (9.1)")
    return leaks


class Spy:
    """Plays at random and notes, at every decision, what it was handed."""

    name = "spy"
    calls: list[dict] = []

    def __init__(self, seed: int = 0, **_) -> None:
        self.inner = RandomPlayer(seed=seed)

    def choose(self, game):
        side = game.current_player
        face_down = [u for u in RED if game.state.chits.get(u) == UNKNOWN]
        Spy.calls.append({"side": side, "observer": game.observer, "leaks": hidden_leaks(game, side),
                          "face_down": face_down})
        return self.inner.choose(game)


@pytest.fixture
def spy(monkeypatch):
    Spy.calls = []
    monkeypatch.setitem(base._GENERIC, "spy", Spy)
    return Spy


def test_mini_players_are_listed():
    names = player_names("mini")
    assert names[:2] == ["human", "random"]
    for n in ("search-easy", "search-normal", "search-hard"):
        assert n in names
    assert "heuristic" not in names  # Battle for Moscow's own player is not mini's


@pytest.mark.parametrize("seed", [1, 2])
def test_spy_gets_only_its_observation(spy, seed):
    truth, res = play_game("spy", "spy", {"turns": 4}, seed, game_name="mini", keep_history=True)
    assert res.winner in ("blue", "red")
    sides = {c["side"] for c in spy.calls}
    assert sides == {"blue", "red"}
    for c in spy.calls:
        assert c["observer"] == c["side"]  # the game as that side knows it (Game.observed)
        assert c["leaks"] == [], c["leaks"]
    # the truth had values behind what the spy saw face down (3.3): every red unit drew a chit
    assert all(isinstance(truth.state.chits[u], int) for u in RED)
    assert truth.state.plan in ("aston", "brill")
    # at Blue's first decision (its plan, 4.1) every chit was still face down: nothing fought yet (3.4)
    assert spy.calls[0]["side"] == "blue" and spy.calls[0]["face_down"] == list(RED)
    # and Red decided with chits face down as well (units that have not fought yet)
    assert any(c["face_down"] for c in spy.calls if c["side"] == "red")


def test_search_determinises_from_the_observation(monkeypatch):
    rules = registry.get("mini").rules
    real = rules.sample_hidden
    seen: list[tuple[str, list[str]]] = []

    def sample_hidden(state, seat, rng):
        # what the searcher samples from must be an observation: nothing face down is known
        leaks = [u for u in RED if u not in state.revealed and state.chits.get(u) not in (None, UNKNOWN)]
        seen.append((seat, leaks))
        return real(state, seat, rng)

    monkeypatch.setattr(rules, "sample_hidden", sample_hidden)
    truth, res = play_game("search-normal", "random", {"turns": 4}, 5, game_name="mini")
    assert res.winner in ("blue", "red")
    assert seen, "the search never determinised"
    assert {seat for seat, _ in seen} == {"blue"}
    assert all(leaks == [] for _, leaks in seen)


def test_search_finishes_a_mini_game_as_red():
    # the runner checks every action of a hidden-information game against the truth (validate)
    _, res = play_game("random", "search-normal", {"turns": 4}, 11, game_name="mini")
    assert res.winner in ("blue", "red")
    assert res.players == {"blue": "random", "red": "search-normal"}


def test_search_on_mini_is_deterministic_and_depends_only_on_the_observation():
    pkg = registry.get("mini")
    game = pkg.new_game({"turns": 4}, seed=8)
    mover = RandomPlayer(seed=1)
    # on to a Blue decision with many choices (a plan is searched), some chits still face down
    while game.is_chance() or game.current_player != "blue" or len(game.legal_actions) <= 6:
        if game.is_chance():
            game.roll()
        else:
            game.push(mover.choose(game.observed(game.current_player)))
    obs = game.observed("blue")
    # another truth Blue cannot tell apart: the face-down chits dealt differently (3.3)
    twin = game.copy()
    down = [u for u in RED if u not in twin.state.revealed]
    values = [twin.state.chits[u] for u in down]
    twin.state.chits.update(zip(down, values[1:] + values[:1]))
    assert [twin.state.chits[u] for u in down] != values or len(set(values)) == 1
    choices = [make_player("search-normal", "mini", seed=3).choose(g) for g in (obs, game.observed("blue"),
                                                                               twin.observed("blue"))]
    assert choices[0] == choices[1] == choices[2]
    assert choices[0] in game.legal_actions


def test_unknown_player_names_the_game():
    with pytest.raises(Exception, match="unknown player 'heuristic' for game 'mini'"):
        make_player("heuristic", "mini")
