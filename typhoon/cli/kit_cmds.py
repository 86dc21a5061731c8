"""``typhoon kit``: game data kits (docs/kit.md).

``typhoon kit new GAME DIR`` starts a package (a copy of the kit a registered game ships, or
a skeleton of a game whose rules text fixes part of its data); ``typhoon kit validate DIR``
reports every problem as ``file: JSON path: explanation``; ``typhoon kit schema [NAME]``
prints a published JSON Schema. Games are reached only through the registry.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..core import kit as kitlib
from ..core.errors import TyphoonError


def shipped_kit(game: str) -> Path | None:
    """The kit folder a registered game ships, if any: its package's ``kit_dir`` or the
    ``kit`` folder next to the module that defines the package."""
    from ..games import registry

    if game not in registry.names():
        return None
    pkg = registry.get(game)
    declared = getattr(pkg, "kit_dir", None)
    if callable(declared):
        declared = declared()
    if declared is not None:
        return Path(declared)
    module = sys.modules.get(type(pkg).__module__)
    here = Path(getattr(module, "__file__", "") or ".").parent / "kit"
    return here if (here / kitlib.MANIFEST).is_file() else None


@click.group("kit", context_settings={"help_option_names": ["-h", "--help"]})
def kit() -> None:
    """Game data kits: one documented data-package format for every game (docs/kit.md)."""


@kit.command("new")
@click.argument("game")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Write into a folder that is not empty.")
@click.option("--reconstruction", is_flag=True,
              help="For ot, dom and mc: copy the game's shipped reconstruction instead of the owner's skeleton.")
def new(game: str, directory: Path, force: bool, reconstruction: bool) -> None:
    """Start a kit package for GAME in DIRECTORY.

    For ot, dom and mc: a skeleton with everything the rules text fixes filled in and TODO
    placeholders for the owner of the game to enter from the printed components (or, with
    --reconstruction, a copy of the reconstruction Typhoon ships). For a game whose components
    are all known (bfm): a copy of its kit."""
    source = shipped_kit(game)
    if game in kitlib.SKELETONS and not reconstruction:
        source = None
    if source is None and game not in kitlib.SKELETONS:
        from ..games import registry

        known = sorted(set(kitlib.SKELETONS) | {g for g in registry.names() if shipped_kit(g)})
        raise click.ClickException(f"no kit or skeleton for game {game!r}; known: {', '.join(known)}")
    try:
        kitlib.scaffold(game, directory, source=source, force=force)
    except TyphoonError as e:
        raise click.ClickException(str(e)) from None
    issues = kitlib.validate_kit(directory)
    todos = [i for i in issues if i.todo]
    click.echo(f"created {directory} ({'a copy of the ' + game + ' kit' if source else 'a skeleton of ' + kitlib.SKELETONS[game]})")
    if todos:
        click.echo(f"{len(todos)} values are still to be entered (TODO); 'typhoon kit validate {directory}' lists them")


@kit.command("validate")
@click.argument("directory", type=click.Path(path_type=Path))
@click.option("--draft", is_flag=True, help="Accept TODO placeholders (a skeleton being filled in): list them, do not fail on them.")
@click.option("--json", "as_json", is_flag=True, help="Print the issues as JSON.")
def validate(directory: Path, draft: bool, as_json: bool) -> None:
    """Check the kit package in DIRECTORY: every file against its schema, then across files.

    Exits 1 listing every error as 'file: JSON path: explanation'; exits 0 with a summary of
    the package when it is valid."""
    kit_obj, issues = kitlib.validate_package(directory)
    errors = [i for i in issues if not (draft and i.todo)]
    todos = [i for i in issues if i.todo]
    if as_json:
        click.echo(json.dumps({"valid": not errors, "issues": [{"file": i.file, "path": i.path, "message": i.message, "todo": i.todo} for i in issues]}, indent=1))
        sys.exit(1 if errors else 0)
    if errors:
        for i in errors:
            click.echo(str(i))
        n_todo = sum(1 for i in errors if i.todo)
        tail = f" ({n_todo} of them TODO placeholders; --draft accepts those)" if n_todo else ""
        click.echo(f"{directory}: {len(errors)} problem{'s' if len(errors) != 1 else ''}{tail}", err=True)
        sys.exit(1)
    for i in todos:
        click.echo(str(i))
    click.echo(kitlib.summary(kit_obj, issues))
    click.echo(f"{directory}: valid" + (" draft" if todos else ""))


@kit.command("schema")
@click.argument("name", required=False, type=click.Choice(["kit", "map", "counters", "tables", "turns", "scenario", "common"]))
def schema(name: str | None) -> None:
    """Print the JSON Schema of one file kind (without NAME: list them)."""
    if name is None:
        for n in ("kit", "map", "counters", "tables", "turns", "scenario", "common"):
            click.echo(f"{n}: {kitlib.schema(n).get('title', '')}")
        return
    click.echo(kitlib.schema_text(name), nl=False)
