"""``typhoon play``: a whole game in the terminal, against the computer or hot-seat, any game."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from ..core.errors import TyphoonError
from . import main
from .common import (
    check_player_names,
    edition_option,
    fail,
    game_option,
    kit_option,
    kit_package,
    make_player,
    normalised,
    options_option,
    package,
    parse_options,
    read_json,
    side_players,
)


def default_players(pkg, asked: dict[str, str] | None = None) -> dict[str, str]:
    """Who plays each side no one was named for: the first side is the human and every other
    side the game's default computer player for that side (``typhoon.ai.base.default_player``:
    Battle for Moscow's search-normal); but once a person names a side they play
    (``--russian human``), every side not named is the computer's."""
    from ..ai.base import default_player

    person_named = "human" in (asked or {}).values()
    return {s: ("human" if i == 0 and not person_named else default_player(pkg.name, s))
            for i, s in enumerate(pkg.sides)}


@main.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@game_option
@kit_option
@click.option("--player", "-P", "player_pairs", multiple=True, metavar="SIDE=NAME",
              help="Who plays a side: human or a computer player (typhoon players). Also --SIDE NAME, "
                   "e.g. --soviet random. Default: the first side human, the others the game's computer player; "
                   "a side named human (--soviet human) leaves every side not named to the computer.")
@edition_option
@options_option
@click.option("--seed", type=int, default=None, help="Seed of the game's dice (default: a random one, printed).")
@click.option("--load", "load", default=None, type=click.Path(dir_okay=False), help="Continue a saved game.")
@click.option("--save-to", default=None, type=click.Path(dir_okay=False),
              help="Autosave here after every action (default: the loaded file, else "
                   "$TYPHOON_SAVE_DIR or ~/.local/share/typhoon/saves, GAME-SEED.json).")
@click.option("--no-autosave", is_flag=True, help="Do not save after every action.")
@click.option("--line", "line_mode", is_flag=True,
              help="Plain line mode even in a terminal (the default for scripts and pipes).")
@click.pass_context
def play(ctx: click.Context, game_name: str, kit_dir: Path | None, player_pairs: tuple[str, ...], edition: str | None, options: tuple[str, ...],
         seed: int | None, load: str | None, save_to: str | None, no_autosave: bool, line_mode: bool) -> None:
    """Play in the terminal: human against the computer, or humans hot-seat.

    In a terminal: the full-screen interface (map with the cursor or the mouse, panels, history
    and completion). With --line, or when the input or output is not a terminal: plain lines.
    Players by side: --SIDE NAME (e.g. typhoon play --soviet random, typhoon play --game mini
    --red heuristic) or -P SIDE=NAME.

    With --kit DIR: the game is played on the data kit package in DIR (docs/kit.md), e.g. an
    owner's edited copy of a game's kit; a game saved on a kit is continued with --load FILE
    --kit DIR (the same kit)."""
    from ..core import record
    from ..core.dice import new_seed
    from ..tui.session import Session

    saved_players: dict = {}
    kit_pkg = None
    if kit_dir is not None:
        explicit = ctx.get_parameter_source("game_name") is not click.core.ParameterSource.DEFAULT
        kit_pkg = kit_package(kit_dir, game_name if explicit else None)
    if load:
        if edition or options or seed is not None:
            fail("--edition, --option and --seed come from the save file when --load is given")
        doc = read_json(load)
        check_save_kit(load, doc, kit_pkg, kit_dir)
        try:
            game = record.from_record(doc)
        except TyphoonError as e:
            fail(f"{load}: {e}")
        pkg = package(game.rules.name)
        saved_players = doc.get("players") or {}
    else:
        pkg = kit_pkg or package(game_name)
        opts = normalised(pkg, parse_options(options, edition, pkg))
        try:
            game = pkg.new_game(opts, seed=new_seed() if seed is None else seed)
        except TyphoonError as e:
            fail(str(e))
    asked = side_players(pkg, ctx.args, player_pairs)
    names = {s: asked.get(s) or saved_players.get(s) or d for s, d in default_players(pkg, asked).items()}
    check_player_names(pkg, names)
    players = {s: make_player(pkg, names[s], game.seed * 2 + 1 + i) for i, s in enumerate(pkg.sides)}
    autosave = None if no_autosave else (save_to or load or str(default_save_path(pkg.name, game.seed)))
    if autosave and autosave == load and not Path(load).is_file():
        autosave = None
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if terminal and not line_mode:
        from ..tui.app import play_app

        play_app(game, players, names=names, package=pkg, save_to=autosave)
        return
    from rich.console import Console

    console = Console()
    if not console.is_terminal:  # piped: a fixed width (wide maps are cut into strips)
        console = Console(width=140)
    session = Session(game, players, console=console, save_to=autosave, names=names, package=pkg,
                      interactive=terminal)
    if terminal:
        from ..tui.lineedit import install_line_editing

        install_line_editing(session)
    session.run()


def check_save_kit(path: str, doc: object, kit_pkg, kit_dir: Path | None) -> None:
    """A save of a game played on a kit (game ``kit:<hash>``) is continued with the same kit
    given again (``--kit DIR``); a clear error says so otherwise."""
    from ..games import registry

    saved = doc.get("game") if isinstance(doc, dict) else None
    if not isinstance(saved, str):
        return
    if kit_pkg is not None and saved != kit_pkg.name:
        what = "a game played on another kit" if saved.startswith(registry.KIT_PREFIX) else f"a game of {saved!r}"
        fail(f"{path} is {what} ({saved}), not of the kit in {kit_dir} ({kit_pkg.name}): "
             "a save continues only on the very kit it was played on (changed since?)")
    if kit_pkg is None and saved.startswith(registry.KIT_PREFIX) and saved not in registry.kit_names():
        fail(f"{path} is a game played on a data kit ({saved}): give that kit again with --kit DIR")


def default_save_path(game: str, seed: int) -> Path:
    """Where a game autosaves when no file is named: ``$TYPHOON_SAVE_DIR`` or the user's data
    folder (``$XDG_DATA_HOME``, else ~/.local/share) under typhoon/saves, as GAME-SEED.json."""
    base = os.environ.get("TYPHOON_SAVE_DIR")
    if base:
        folder = Path(base)
    else:
        folder = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "typhoon" / "saves"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # the session says the autosave failed, and where
    return folder / f"{game.replace(':', '-')}-{seed}.json"  # kit:<hash> -> kit-<hash>
