"""Commands for computer players: tournament (a ladder) and balance (variant win rates)."""

from __future__ import annotations

import json
import sys

import click

from ..core.errors import TyphoonError
from . import main


def _options(pairs: tuple[str, ...]) -> dict:
    opts = {}
    for p in pairs:
        if "=" not in p:
            raise click.BadParameter(f"expected NAME=VALUE, got {p!r}", param_hint="--option")
        k, v = p.split("=", 1)
        opts[k.strip()] = v.strip()
    return opts


def _check_plot(path: str | None) -> None:
    """Refuse a picture name we cannot write before any game is played."""
    if path and not path.lower().endswith((".png", ".svg", ".pdf", ".html")):
        raise click.BadParameter(f"{path}: the plot must end in .png, .svg, .pdf or .html", param_hint="--plot")


def _plot(doc: dict, path: str | None, kind: str, text: str) -> None:
    if not path:
        return
    from ..ai.plots import save_plot

    try:
        out = save_plot(doc, path, kind, text)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"plot written to {out}", err=True)


@main.command()
@click.option("--players", default="random,heuristic,search-easy", show_default=True,
              help="Comma-separated player names (see 'typhoon players' / typhoon.ai.base.player_names).")
@click.option("--games-per-pair", "-n", default=10, show_default=True, help="Games per ordered (German, Soviet) pair.")
@click.option("--seed", default=0, show_default=True, help="Game i of every pair uses seed SEED+i.")
@click.option("--edition", type=click.Choice(["2009", "1986"]), default="2009", show_default=True)
@click.option("--option", "-O", "options", multiple=True, help="Rule option NAME=VALUE, e.g. soviet_replacements=4.")
@click.option("--jobs", "-j", type=int, default=None, help="Worker processes (default: all cores).")
@click.option("--ray", "ray_address", default=None, help="Run on Ray: 'auto', 'local' or a cluster address.")
@click.option("--plot", default=None, help="Write a picture: .png, .svg, .pdf or .html.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when stderr is a terminal).")
def tournament(players: str, games_per_pair: int, seed: int, edition: str, options: tuple[str, ...], jobs: int | None,
               ray_address: str | None, plot: str | None, as_json: bool, progress: bool | None) -> None:
    """A ladder: every ordered pair of players on both sides, with 95% intervals and ratings."""
    from ..ai.tournament import format_tournament
    from ..ai.tournament import tournament as run

    _check_plot(plot)
    names = [p.strip() for p in players.split(",") if p.strip()]
    opts = {**_options(options), "edition": edition}
    show = sys.stderr.isatty() if progress is None else progress
    try:
        doc = run(names, games_per_pair, seed, opts, jobs, ray_address, show)
    except TyphoonError as e:
        raise click.ClickException(str(e)) from None
    text = format_tournament(doc)
    _plot(doc, plot, "tournament", text)
    click.echo(json.dumps(doc, indent=1) if as_json else text)


@main.command()
@click.option("--games", "-n", default=100, show_default=True, help="Games per edition and variant.")
@click.option("--edition", type=click.Choice(["2009", "1986", "both"]), default="2009", show_default=True)
@click.option("--variants", default="standard", show_default=True,
              help="Comma-separated: standard, soviet4, soviet3, german_even.")
@click.option("--option", "-O", "options", multiple=True, help="Extra rule option NAME=VALUE for every game.")
@click.option("--german", default="heuristic", show_default=True, help="German player.")
@click.option("--soviet", default="heuristic", show_default=True, help="Soviet player.")
@click.option("--seed", default=0, show_default=True, help="Game i of every cell uses seed SEED+i.")
@click.option("--jobs", "-j", type=int, default=None, help="Worker processes (default: all cores).")
@click.option("--ray", "ray_address", default=None, help="Run on Ray: 'auto', 'local' or a cluster address.")
@click.option("--plot", default=None, help="Write a picture: .png, .svg, .pdf or .html.")
@click.option("--json", "as_json", is_flag=True, help="Print ONE JSON object (keys in docs/ai.md).")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when stderr is a terminal).")
def balance(games: int, edition: str, variants: str, options: tuple[str, ...], german: str, soviet: str, seed: int,
            jobs: int | None, ray_address: str | None, plot: str | None, as_json: bool, progress: bool | None) -> None:
    """German win / draw / Soviet win rates with 95% intervals per edition and variant."""
    from ..ai.balance import balance as run
    from ..ai.balance import format_balance

    _check_plot(plot)
    editions = ["2009", "1986"] if edition == "both" else [edition]
    names = [v.strip() for v in variants.split(",") if v.strip()]
    show = sys.stderr.isatty() if progress is None else progress
    try:
        doc = run(games, editions, names, german, soviet, _options(options), seed, jobs, ray_address, show)
    except TyphoonError as e:
        raise click.ClickException(str(e)) from None
    text = format_balance(doc)
    _plot(doc, plot, "balance", text)
    click.echo(json.dumps(doc, indent=1) if as_json else text)
