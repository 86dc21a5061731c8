"""The computer player a person faces when they name none (``typhoon.ai.base.default_player``):
Battle for Moscow's default search level (issue 13: "search-normal, the default"), the game's own
first player where the package names none, and never a name the registry cannot make."""

from __future__ import annotations

import json

from click.testing import CliRunner

from typhoon.ai import base
from typhoon.cli import main
from typhoon.cli.play import default_players
from typhoon.games import registry


def test_battle_for_moscow_defaults_to_the_default_search_level():
    assert base.default_player("bfm") == "search-normal"
    assert default_players(registry.get("bfm")) == {"german": "human", "soviet": "search-normal"}


def test_the_moscow_campaign_defaults_to_the_default_search_level():
    # measured stronger than greedy on both sides at under 2 s a phase (docs/ai.md, session 22)
    assert base.default_player("mc") == "search-normal"
    assert default_players(registry.get("mc")) == {"german": "human", "soviet": "search-normal"}


def test_operation_typhoon_names_its_default_by_the_side_the_computer_plays():
    # the search's Russian is far stronger than greedy's; its German is not (docs/ai.md, session 26)
    assert base.default_player("ot", "russian") == "search-normal"
    assert base.default_player("ot", "german") == "greedy"
    assert base.default_player("ot") == "search-normal"  # facing a person on the first side
    assert default_players(registry.get("ot")) == {"german": "human", "russian": "search-normal"}


def test_a_game_naming_no_default_gets_its_own_first_player():
    for game in ("dom", "mini"):
        assert registry.get(game).default_player is None
        assert base.default_player(game) == next(iter(base.game_players(game)))


def test_a_default_the_registry_cannot_make_falls_back(monkeypatch):
    pkg = registry.get("mini")
    monkeypatch.setattr(pkg, "default_player", "no-such-player", raising=False)
    assert base.default_player("mini") == "greedy"


def test_play_names_the_default_opponent_when_none_is_asked(tmp_path):
    save = tmp_path / "g.json"
    r = CliRunner().invoke(main, ["play", "--seed", "3", "--save-to", str(save), "--line"], input="quit\n")
    assert r.exit_code == 0, r.output
    assert json.loads(save.read_text())["players"] == {"german": "human", "soviet": "search-normal"}


def test_a_person_who_names_the_side_they_play_faces_the_computer_on_the_other():
    # `typhoon play --russian human`: the person plays the Russian, the computer the German
    # (the German's default by its side); two people name both sides
    assert default_players(registry.get("ot"), {"russian": "human"}) == {"german": "greedy", "russian": "search-normal"}
    assert default_players(registry.get("bfm"), {"soviet": "random"}) == {"german": "human", "soviet": "search-normal"}


def test_play_as_the_second_side_gives_the_first_to_the_computer(tmp_path):
    save = tmp_path / "g.json"
    r = CliRunner().invoke(main, ["play", "--seed", "3", "--soviet", "human", "--save-to", str(save), "--line"],
                           input="quit\n")
    assert r.exit_code == 0, r.output
    doc = json.loads(save.read_text())
    assert doc["players"] == {"german": "search-normal", "soviet": "human"}
    assert doc["actions"] and "Soviet>" in r.output  # the computer's German turn was played first
    r = CliRunner().invoke(main, ["play", "--seed", "3", "--german", "human", "--soviet", "human", "--save-to",
                                  str(save), "--line"], input="quit\n")
    assert json.loads(save.read_text())["players"] == {"german": "human", "soviet": "human"}
