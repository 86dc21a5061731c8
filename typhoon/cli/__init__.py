"""The ``typhoon`` command. Each group of subcommands lives in its own module of this package.

Every game command works for any game of the registry (``--game NAME``, default bfm; options
``-O NAME=VALUE``); nothing here imports a game.
"""

from __future__ import annotations

import importlib
import sys

import click

from ..core.errors import TyphoonError

# modules that add commands to ``main``; a module missing from a light install is skipped
COMMAND_MODULES = ("core_cmds", "play", "serve", "ai_cmds", "research_cmds")

# commands written elsewhere, imported only when listed or run: name -> "module:attribute"
# (the module may be absent: the command is then not offered)
LAZY_COMMANDS = {
    "kit": "kit_cmds:kit",
    "fuzz": "fuzz_cmd:fuzz_cmd",
    "patch": "patch_cmd:patch_cmd",
}


class TyphoonGroup(click.Group):
    """The main group, with the lazily imported commands of :data:`LAZY_COMMANDS`."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = set(super().list_commands(ctx))
        names |= {n for n in LAZY_COMMANDS if self._lazy(n) is not None}
        return sorted(names)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        cmd = super().get_command(ctx, name)
        return cmd if cmd is not None else self._lazy(name)

    def _lazy(self, name: str) -> click.Command | None:
        target = LAZY_COMMANDS.get(name)
        if target is None:
            return None
        if name in self.commands:  # the module registered itself on import
            return self.commands[name]
        module, attr = target.split(":")
        try:
            mod = importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as e:
            if e.name == f"{__name__}.{module}":
                return None
            raise
        if name in self.commands:
            return self.commands[name]
        cmd = getattr(mod, attr, None)
        if isinstance(cmd, click.Command):
            self.add_command(cmd, name)
            return cmd
        return None


@click.group(cls=TyphoonGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="typhoon")
def main() -> None:
    """Typhoon: the Battle of Moscow wargames (Battle for Moscow and more), rules enforced.
    'typhoon games' lists the games; game commands take --game NAME."""


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
