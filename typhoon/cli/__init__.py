"""The ``typhoon`` command. Each group of subcommands lives in its own module of this package."""

from __future__ import annotations

import importlib
import sys

import click

from ..core.errors import TyphoonError

# modules that add commands to ``main``; a module missing from a light install is skipped
COMMAND_MODULES = ("core_cmds", "play", "serve", "ai_cmds", "research_cmds")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="typhoon")
def main() -> None:
    """Typhoon: Battle for Moscow and the Operation Typhoon wargames, rules enforced."""


for _name in COMMAND_MODULES:
    try:
        importlib.import_module(f"{__name__}.{_name}")
    except ModuleNotFoundError as e:  # pragma: no cover - optional parts
        if e.name != f"{__name__}.{_name}":
            raise


def run() -> None:
    try:
        main(standalone_mode=True)
    except TyphoonError as e:  # pragma: no cover - click handles most
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
