"""``typhoon fuzz``: random legal games through the server's code paths, reporting every problem."""

from __future__ import annotations

import json
import sys

import click


@click.command("fuzz")
@click.option("--game", "game_name", default="bfm", show_default=True, help="the game to fuzz (typhoon fuzz --game mini)")
@click.option("--games", type=click.IntRange(min=1), default=20, show_default=True, help="how many random games")
@click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True, help="seed of the first game")
@click.option("-O", "--option", "opts", multiple=True, metavar="NAME=VALUE", help="a game option, e.g. -O edition=1986")
@click.option("--max-steps", type=click.IntRange(min=1), default=20000, show_default=True, help="actions before a game counts as endless")
@click.option("--database", default=None, metavar="URL", help="store the games here (default: a temporary SQLite file)")
@click.option("--json", "as_json", is_flag=True, help="print the report as JSON")
def fuzz_cmd(game_name: str, games: int, seed: int, opts: tuple[str, ...], max_steps: int, database: str | None, as_json: bool) -> None:
    """Play random legal games through the game server's own code (seats, views, undo, dice,
    storage) and report crashes, dead ends, endless games, undo across a die roll, a reveal, a
    phase change or another player's action, reloaded games or records that differ and hidden
    information leaking into a seat's view. Exits 1 when a problem is found."""
    from ..core.errors import TyphoonError
    from ..fuzz import fuzz
    from ..games import registry

    options = {}
    for o in opts:
        if "=" not in o:
            raise click.BadParameter(f"{o!r}: write options as NAME=VALUE", param_hint="-O")
        k, v = o.split("=", 1)
        options[k.strip()] = v.strip()
    try:
        pkg = registry.get(game_name)
        options = pkg.normalise_options(options)
    except TyphoonError as e:
        raise click.BadParameter(str(e), param_hint="--game/-O") from None
    report = fuzz(game_name, games, seed, options, max_steps, database_url=database)
    doc = report.to_json()
    if as_json:
        click.echo(json.dumps(doc, indent=1))
    else:
        click.echo(
            f"{game_name}: {report.games} games, {report.finished} finished, {report.actions} actions, {report.undos} undos, "
            f"{doc['seconds_per_game'] * 1000:.0f} ms CPU per game, {len(report.problems)} problems"
        )
        for p in report.problems:
            click.echo(f"  [{p.kind}] seed {p.seed} at ply {p.ply}: {p.detail.strip().splitlines()[-1] if p.detail else ''}")
    sys.exit(0 if report.ok else 1)
