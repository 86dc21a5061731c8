"""``typhoon play``: a whole game in the terminal, against the computer or hot-seat."""

from __future__ import annotations

import json
import random
from pathlib import Path

import click

from ..core.errors import TyphoonError
from . import main
from .core_cmds import fail, parse_options


def _make(name: str, seed: int):
    from ..ai.base import make_player

    if name == "human":
        return None
    try:
        return make_player(name, seed=seed)
    except TyphoonError as e:
        fail(str(e))
    except ImportError as e:  # a registered player whose module is missing from this install
        fail(f"the {name!r} player is not available in this install ({e})")


@main.command()
@click.option("--german", default=None, help="human, or a computer player (random, heuristic, ...). Default: human.")
@click.option("--soviet", default=None, help="human, or a computer player. Default: heuristic.")
@click.option("--edition", type=click.Choice(["2009", "1986"]), default=None, help="Rules edition (default 2009).")
@click.option("--option", "-O", "options", multiple=True, help="Rule option NAME=VALUE (e.g. soviet_replacements=3).")
@click.option("--seed", type=int, default=None, help="Seed of the game's dice (default: a random one, printed).")
@click.option("--load", "load", default=None, type=click.Path(dir_okay=False), help="Continue a saved game.")
@click.option("--save-to", default=None, type=click.Path(dir_okay=False), help="Autosave here after every action.")
def play(german: str | None, soviet: str | None, edition: str | None, options: tuple[str, ...], seed: int | None,
         load: str | None, save_to: str | None) -> None:
    """Play Battle for Moscow in the terminal: human against the computer, or two humans."""
    from ..ai.base import player_names
    from ..core import record
    from ..games.bfm import new_game
    from ..tui.session import Session

    saved_players: dict = {}
    if load:
        if edition or options or seed is not None:
            fail("--edition, --option and --seed come from the save file when --load is given")
        try:
            doc = json.loads(Path(load).read_text())
            game = record.from_record(doc)
        except FileNotFoundError:
            fail(f"{load}: no such file")
        except json.JSONDecodeError as e:
            fail(f"{load}: not valid JSON ({e})")
        except TyphoonError as e:
            fail(f"{load}: {e}")
        saved_players = doc.get("players") or {}
    else:
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        try:
            game = new_game(parse_options(options, edition), seed=seed)
        except TyphoonError as e:
            fail(str(e))
    names = {
        "german": german or saved_players.get("german") or "human",
        "soviet": soviet or saved_players.get("soviet") or "heuristic",
    }
    known = player_names()
    for side, name in names.items():
        if name not in known:
            fail(f"--{side} {name!r}: choose one of {', '.join(known)}")
    players = {"german": _make(names["german"], game.seed * 2 + 1), "soviet": _make(names["soviet"], game.seed * 2 + 2)}
    from rich.console import Console

    console = Console()
    if not console.is_terminal:  # piped: do not wrap the map at 80 columns
        console = Console(width=120)
    session = Session(game, players, console=console, save_to=save_to, names=names)
    session.run()
