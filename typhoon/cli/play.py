"""``typhoon play``: a whole game in the terminal, against the computer or hot-seat, any game."""

from __future__ import annotations

import click

from ..core.errors import TyphoonError
from . import main
from .common import (
    check_player_names,
    edition_option,
    fail,
    game_option,
    make_player,
    normalised,
    options_option,
    package,
    parse_options,
    read_json,
    side_players,
)


def default_players(pkg) -> dict[str, str]:
    """The first side is the human; every other side the game's first own computer player
    (e.g. Battle for Moscow's heuristic), else random."""
    from ..ai.base import game_players

    own = list(game_players(pkg.name))
    computer = own[0] if own else "random"
    return {s: ("human" if i == 0 else computer) for i, s in enumerate(pkg.sides)}


@main.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@game_option
@click.option("--player", "-P", "player_pairs", multiple=True, metavar="SIDE=NAME",
              help="Who plays a side: human or a computer player (typhoon players). Also --SIDE NAME, "
                   "e.g. --soviet random. Default: the first side human, the others the game's computer player.")
@edition_option
@options_option
@click.option("--seed", type=int, default=None, help="Seed of the game's dice (default: a random one, printed).")
@click.option("--load", "load", default=None, type=click.Path(dir_okay=False), help="Continue a saved game.")
@click.option("--save-to", default=None, type=click.Path(dir_okay=False), help="Autosave here after every action.")
@click.pass_context
def play(ctx: click.Context, game_name: str, player_pairs: tuple[str, ...], edition: str | None, options: tuple[str, ...],
         seed: int | None, load: str | None, save_to: str | None) -> None:
    """Play in the terminal: human against the computer, or humans hot-seat.

    Players by side: --SIDE NAME (e.g. typhoon play --soviet random, typhoon play --game mini
    --red heuristic) or -P SIDE=NAME."""
    from ..core import record
    from ..core.dice import new_seed
    from ..tui.session import Session

    saved_players: dict = {}
    if load:
        if edition or options or seed is not None:
            fail("--edition, --option and --seed come from the save file when --load is given")
        doc = read_json(load)
        try:
            game = record.from_record(doc)
        except TyphoonError as e:
            fail(f"{load}: {e}")
        pkg = package(game.rules.name)
        saved_players = doc.get("players") or {}
    else:
        pkg = package(game_name)
        opts = normalised(pkg, parse_options(options, edition, pkg))
        try:
            game = pkg.new_game(opts, seed=new_seed() if seed is None else seed)
        except TyphoonError as e:
            fail(str(e))
    asked = side_players(pkg, ctx.args, player_pairs)
    names = {s: asked.get(s) or saved_players.get(s) or d for s, d in default_players(pkg).items()}
    check_player_names(pkg, names)
    players = {s: make_player(pkg, names[s], game.seed * 2 + 1 + i) for i, s in enumerate(pkg.sides)}
    from rich.console import Console

    console = Console()
    if not console.is_terminal:  # piped: do not wrap the map at 80 columns
        console = Console(width=140)
    session = Session(game, players, console=console, save_to=save_to, names=names, package=pkg)
    session.run()
