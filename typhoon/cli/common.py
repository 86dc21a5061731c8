"""What every game command shares: ``--game``, ``-O NAME=VALUE`` options, players by side,
and reading a save or position file. Games are reached only through the registry."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from ..core.errors import TyphoonError

DEFAULT_GAME = "bfm"  # the game of commands that name none (the platform's first game)


def fail(message: str) -> None:
    raise click.ClickException(message)


def package(name: str):
    """The game package called ``name`` (a click error listing the games otherwise)."""
    from ..games import registry

    try:
        return registry.get(name)
    except TyphoonError as e:
        fail(str(e))


def game_option(f: Callable) -> Callable:
    """``--game NAME`` (default: bfm)."""
    return click.option("--game", "game_name", default=DEFAULT_GAME, show_default=True, metavar="NAME",
                        help="The game (see 'typhoon games').")(f)


def options_option(f: Callable) -> Callable:
    """``-O NAME=VALUE`` game options, repeatable."""
    return click.option("--option", "-O", "options", multiple=True, metavar="NAME=VALUE",
                        help="A game option (typhoon games --options lists them), e.g. -O edition=1986.")(f)


def edition_option(f: Callable) -> Callable:
    """``--edition X``: a shortcut for ``-O edition=X`` in games that have editions."""
    return click.option("--edition", default=None, metavar="EDITION",
                        help="Shortcut for -O edition=EDITION (games with editions, e.g. Battle for Moscow: 2009 or 1986).")(f)


def parse_options(pairs: Sequence[str], edition: str | None = None, pkg: Any = None) -> dict[str, Any]:
    """``-O soviet_replacements=3`` pairs (and ``--edition``) into an options dict. With a
    package, the names are checked against its ``option_specs()``; the values are checked when
    the game is made (``normalise_options``)."""
    opts: dict[str, Any] = {}
    for p in pairs:
        if "=" not in p:
            fail(f"--option expects NAME=VALUE, got {p!r}")
        k, v = p.split("=", 1)
        opts[k.strip()] = v.strip()
    if edition:
        if pkg is not None and "edition" not in {s.name for s in pkg.option_specs()}:
            fail(f"{pkg.title} has no editions (--edition); its options: {option_names(pkg) or 'none'}")
        opts["edition"] = edition
    if pkg is not None:
        known = {s.name for s in pkg.option_specs()}
        for k in opts:
            if k not in known:
                fail(f"{pkg.title} has no option {k!r}; its options: {option_names(pkg) or 'none'}")
    return opts


def option_names(pkg: Any) -> str:
    return ", ".join(s.name for s in pkg.option_specs())


def normalised(pkg: Any, opts: dict[str, Any]) -> dict[str, Any]:
    try:
        return pkg.normalise_options(opts)
    except TyphoonError as e:
        fail(str(e))


def side_players(pkg: Any, extra: Sequence[str], pairs: Sequence[str] = ()) -> dict[str, str]:
    """Players named per side: ``--SIDE NAME`` (any of the game's sides, e.g. ``--soviet
    random``) or ``-P SIDE=NAME``. Returns only the sides named."""
    out: dict[str, str] = {}
    for p in pairs:
        if "=" not in p:
            fail(f"--player expects SIDE=NAME, got {p!r}")
        side, name = (x.strip() for x in p.split("=", 1))
        out[_side(pkg, side)] = name
    args = list(extra)
    while args:
        flag = args.pop(0)
        if not flag.startswith("--"):
            fail(f"unexpected argument {flag!r}")
        side, eq, name = flag[2:].partition("=")
        if not eq:
            if not args:
                fail(f"{flag} needs a player name")
            name = args.pop(0)
        out[_side(pkg, side, flag)] = name
    return out


def _side(pkg: Any, side: str, flag: str | None = None) -> str:
    if side not in pkg.sides:
        what = f"no such option {flag}" if flag else f"unknown side {side!r}"
        fail(f"{what}: the sides of {pkg.title} are {', '.join(pkg.sides)} (--SIDE PLAYER or -P SIDE=PLAYER)")
    return side


def check_player_names(pkg: Any, players: dict[str, str]) -> None:
    from ..ai.base import player_names

    known = player_names(pkg.name)
    for side, name in players.items():
        if name not in known:
            fail(f"--{side} {name!r}: choose one of {', '.join(known)}")


def make_player(pkg: Any, name: str, seed: int):
    """A computer player of the game (None for 'human')."""
    from ..ai.base import make_player as make

    if name == "human":
        return None
    try:
        return make(name, game=pkg.name, seed=seed)
    except TyphoonError as e:
        fail(str(e))
    except ImportError as e:  # a registered player whose module is missing from this install
        fail(f"the {name!r} player is not available in this install ({e})")


def read_json(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text())
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except IsADirectoryError:
        fail(f"{path}: is a directory")
    except json.JSONDecodeError as e:
        fail(f"{path}: not valid JSON ({e})")


def load_any(path: str, default_game: str = DEFAULT_GAME):
    """A save file or a position file -> (package, game or None, state). The game is the one
    the file names (``"game"``), else ``default_game``."""
    from ..core import record

    doc = read_json(path)
    name = doc.get("game", default_game) if isinstance(doc, dict) else default_game
    pkg = package(name)
    try:
        if isinstance(doc, dict) and doc.get("format") == record.FORMAT:
            game = record.from_record(doc)
            return pkg, game, game.state
        return pkg, None, pkg.position_from_json(doc)
    except TyphoonError as e:
        fail(f"{path}: {e}")
