"""Offered and accepted player names: search-expert is made by name but no longer offered.

search-expert's larger budget never measured stronger than search-hard (docs/ai.md, sessions
10, 15 and 39), so the ladder a person chooses from ends at search-hard (issue 13 item 2: each
offered level stronger than the one below); a game saved with search-expert, or a script naming
it, keeps working.
"""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from typhoon.ai import base
from typhoon.ai.base import is_player_name, make_player, player_names
from typhoon.cli import main
from typhoon.cli.common import check_player_names
from typhoon.core.errors import ParseError
from typhoon.games import registry

GAMES = ("bfm", "mini", "ot", "dom", "mc")


@pytest.mark.parametrize("game", GAMES)
def test_the_offered_ladder_ends_at_search_hard(game):
    names = player_names(game)
    levels = [n for n in names if n.startswith("search-")]
    assert levels == ["search-easy", "search-normal", "search-hard"]
    assert "search-expert" not in names


@pytest.mark.parametrize("game", GAMES)
def test_search_expert_is_still_accepted_and_made(game):
    assert is_player_name("search-expert", game)
    assert make_player("search-expert", game, seed=1).name == "search-expert"


def test_acceptance_names_exactly_the_players():
    assert is_player_name("human") and is_player_name("heuristic", "bfm")
    assert not is_player_name("heuristic", "mini")  # Battle for Moscow's own player is not mini's
    assert not is_player_name("deep-thought")
    with pytest.raises(ParseError, match="unknown player 'deep-thought'") as e:
        make_player("deep-thought")
    # the error lists what is offered, not the retired level
    assert "search-hard" in str(e.value) and "search-expert" not in str(e.value)


def test_register_offered_false_accepts_without_listing(monkeypatch):
    base._load_plugins()  # the search levels registered before the registry is swapped for a copy
    monkeypatch.setattr(base, "_GENERIC", dict(base._GENERIC))
    monkeypatch.setattr(base, "_NOT_OFFERED", set(base._NOT_OFFERED))
    base.register("quiet", base.RandomPlayer, offered=False)
    assert "quiet" not in player_names("bfm") and is_player_name("quiet", "bfm")
    base.register("quiet", base.RandomPlayer)  # registered again as offered: listed
    assert "quiet" in player_names("bfm")


def test_command_line_lists_offered_and_accepts_the_retired_level():
    out = CliRunner().invoke(main, ["players"]).output.split()
    assert "search-hard" in out and "search-expert" not in out
    pkg = registry.get("bfm")
    check_player_names(pkg, {"german": "search-expert", "soviet": "human"})  # no error
    with pytest.raises(click.ClickException, match="--soviet 'deep-thought': choose one of") as e:
        check_player_names(pkg, {"german": "heuristic", "soviet": "deep-thought"})
    assert "search-expert" not in e.value.message
