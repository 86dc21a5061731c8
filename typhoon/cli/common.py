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


def kit_option(f: Callable) -> Callable:
    """``--kit DIR``: play on a data kit package (docs/kit.md) instead of a game's own data."""
    return click.option("--kit", "kit_dir", default=None, metavar="DIR", type=click.Path(path_type=Path),
                        help="Play on the data kit package in DIR (docs/kit.md): it is validated first; "
                             "its game's rules are enforced (bfm, ot, mc), other kits play without rules (sandbox).")(f)


def kit_package(directory: str | Path, game_name: str | None = None):
    """The game package of the kit in ``directory``, registered under its ``kit:<hash>`` name
    (``registry.from_kit``); :func:`load_play_kit` says what is checked."""
    return load_play_kit(directory, game_name)[1]


def load_play_kit(directory: str | Path, game_name: str | None = None) -> tuple[Any, Any]:
    """(the loaded kit, its registered game package) of the kit package in ``directory``.

    The kit is validated first: a kit that does not validate, or that its game's rules cannot
    read, is a click error listing every problem as ``file: JSON path: explanation``.
    ``game_name``: the game asked for with ``--game``, which must be the kit's own."""
    from ..core.kit import MANIFEST, KitError, load_kit
    from ..games import registry

    root = Path(directory)
    if root.is_file() and root.name == MANIFEST:  # the manifest itself: its folder is meant
        root = root.parent
    if not root.is_dir():
        fail(f"--kit {directory}: no such folder (a kit package is a folder holding {MANIFEST}; "
             "'typhoon kit new GAME DIR' starts one)")
    try:
        kit = load_kit(root)
    except KitError as e:
        fail(f"--kit {directory}: the kit does not validate ({_problems(e)}):\n{_issue_lines(e)}\n"
             f"('typhoon kit validate {directory}' checks it again after a fix)")
    if game_name is not None and game_name != kit.game:
        fail(f"--game {game_name} but the kit in {directory} is a kit of game {kit.game!r} ({MANIFEST}: $.game); "
             "leave out --game to play the kit's game")
    try:
        return kit, registry.from_kit(kit)
    except KitError as e:
        fail(f"--kit {directory}: the rules of {kit.game!r} cannot use this kit ({_problems(e)}):\n{_issue_lines(e)}")
    except (TyphoonError, KeyError, TypeError, ValueError) as e:  # a kit the game module cannot read
        fail(f"--kit {directory}: the kit cannot be played as {kit.game!r}: {e}")
    raise AssertionError("unreachable")  # fail() raised


def _problems(e: Any) -> str:
    """``3 problems`` (``, 2 of them TODO placeholders still to be entered`` when so)."""
    n = len(e.issues)
    todo = sum(1 for i in e.issues if getattr(i, "todo", False))
    tail = f", {todo} of them TODO placeholders still to be entered" if todo else ""
    return f"{n} problem{'s' if n != 1 else ''}{tail}"


def _issue_lines(e: Any, limit: int = 30) -> str:
    """The issues of a ``KitError``, one ``file: JSON path: explanation`` a line."""
    lines = [f"  {i}" for i in e.issues[:limit]]
    if len(e.issues) > limit:
        lines.append(f"  ... and {len(e.issues) - limit} more")
    return "\n".join(lines)


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
    """Fail naming the side unless each name is a player of the game (one it offers, or one it
    accepts by name but no longer offers: ``typhoon.ai.base.is_player_name``)."""
    from ..ai.base import is_player_name, player_names

    for side, name in players.items():
        if not is_player_name(name, pkg.name):
            fail(f"--{side} {name!r}: choose one of {', '.join(player_names(pkg.name))}")


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
