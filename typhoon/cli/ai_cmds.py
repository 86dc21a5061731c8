"""Commands for computer players: tournament (a ladder) and balance (variant win rates)."""

from __future__ import annotations

import json
import sys

import click

from ..core.errors import TyphoonError
from . import main
from .common import game_option, package, parse_options, side_players


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


#: ``--blocks``: the blocks are ``typhoon.ai.tournament.BLOCKS`` (not imported here: the CLI starts
#: without the AI modules; tests/ai/test_tournament.py checks the two agree)
_BLOCKS_HELP = ("Play N fixed seed blocks (1-5: seeds 100000.., 200000.., ...; the same games for every "
                "version) and report each pair's side-swapped score per block and overall.")
#: ``--out`` (tournament and balance): ``typhoon.ai.parallel.Journal``
_OUT_HELP = ("Keep every game in FILE (JSON lines) as it ends; run again with the same FILE to resume a "
             "stopped run: the games it holds are not played again, unless other code played them "
             "(a player changed since): those are played again.")


@main.command()
@game_option
@click.option("--players", default="random,heuristic,search-easy", show_default=True,
              help="Comma-separated player names (typhoon players --game NAME).")
@click.option("--games-per-pair", "-n", default=10, show_default=True,
              help="Games per ordered pair (first side, second side); with --blocks, per block.")
@click.option("--seed", type=int, default=None, help="Game i of every pair uses seed SEED+i (default 0; not with --blocks).")
@click.option("--blocks", type=int, default=None, metavar="N", help=_BLOCKS_HELP)
@click.option("--edition", default=None, metavar="EDITION",
              help="Shortcut for -O edition=EDITION; 'both' (or 'all') plays every edition of the game.")
@click.option("--option", "-O", "options", multiple=True, help="Game option NAME=VALUE, e.g. soviet_replacements=4.")
@click.option("--jobs", "-j", type=int, default=None, help="Worker processes (default: all cores).")
@click.option("--ray", "ray_address", default=None, help="Run on Ray: 'auto', 'local' or a cluster address.")
@click.option("--plot", default=None, help="Write a picture: .png, .svg, .pdf or .html.")
@click.option("--out", "out", default=None, metavar="FILE", help=_OUT_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of tables.")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when stderr is a terminal).")
def tournament(game_name: str, players: str, games_per_pair: int, seed: int | None, blocks: int | None, edition: str | None,
               options: tuple[str, ...], jobs: int | None, ray_address: str | None, plot: str | None, out: str | None,
               as_json: bool, progress: bool | None) -> None:
    """A ladder: every ordered pair of players on both sides, with 95% intervals and ratings.

    With --blocks or --edition both: the same over fixed seed blocks and every edition, with
    each pair's side-swapped score (0.5 = equal strength) per block and edition and overall."""
    from ..ai.tournament import format_study, format_tournament, study
    from ..ai.tournament import tournament as run

    _check_plot(plot)
    pkg = package(game_name)
    names = [p.strip() for p in players.split(",") if p.strip()]
    editions, edition = _editions(pkg, edition)
    opts = parse_options(options, edition, pkg)
    if editions and "edition" in opts:
        raise click.BadParameter("--edition both plays every edition: leave -O edition=... out", param_hint="--edition")
    if blocks is not None and seed is not None:
        raise click.BadParameter("--blocks fixes the seeds: give --seed or --blocks, not both", param_hint="--seed")
    start = 0 if seed is None else seed
    show = sys.stderr.isatty() if progress is None else progress
    try:
        if blocks is None and not editions:
            doc = run(names, games_per_pair, start, opts, jobs, ray_address, show, game=pkg.name, journal=out)
            text, kind = format_tournament(doc), "tournament"
        else:  # a study; without --blocks, one block from --seed
            doc = study(names, games_per_pair, 1 if blocks is None else blocks, editions, "edition", opts, jobs, ray_address,
                        show, pkg.name, seeds=[start] if blocks is None else None, journal=out)
            text, kind = format_study(doc), "study"
    except TyphoonError as e:
        raise click.ClickException(str(e)) from None
    _plot(doc, plot, kind, text)
    click.echo(json.dumps(doc, indent=1) if as_json else text)


def _editions(pkg, edition: str | None) -> tuple[list[str] | None, str | None]:
    """``--edition both`` (or ``all``): every edition of the game, and no single edition."""
    if edition not in ("both", "all"):
        return None, edition
    spec = next((s for s in pkg.option_specs() if s.name == "edition"), None)
    if spec is None:
        raise click.ClickException(f"{pkg.title} has no editions (--edition)")
    return list(spec.choices), None


@main.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@game_option
@click.option("--games", "-n", default=100, show_default=True, help="Games per cell (variant and varied option).")
@click.option("--edition", default=None, metavar="EDITION",
              help="Shortcut for -O edition=EDITION; 'both' (or 'all') plays every edition of the game.")
@click.option("--vary", "vary_pairs", multiple=True, metavar="NAME=V1,V2",
              help="Play every listed value of an option (one cell per value), e.g. --vary edition=2009,1986.")
@click.option("--variants", default="standard", show_default=True,
              help="Comma-separated variants: standard or NAME=VALUE[+NAME=VALUE] of the game's options.")
@click.option("--option", "-O", "options", multiple=True, help="Extra game option NAME=VALUE for every game.")
@click.option("--player", "-P", "player_pairs", multiple=True, metavar="SIDE=NAME",
              help="The player of a side (default: the game's own computer player); also --SIDE NAME.")
@click.option("--seed", default=0, show_default=True, help="Game i of every cell uses seed SEED+i.")
@click.option("--jobs", "-j", type=int, default=None, help="Worker processes (default: all cores).")
@click.option("--ray", "ray_address", default=None, help="Run on Ray: 'auto', 'local' or a cluster address.")
@click.option("--plot", default=None, help="Write a picture: .png, .svg, .pdf or .html.")
@click.option("--out", "out", default=None, metavar="FILE", help=_OUT_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print ONE JSON object (keys in docs/ai.md).")
@click.option("--progress/--no-progress", default=None, help="Progress bar on stderr (default: when stderr is a terminal).")
@click.pass_context
def balance(ctx: click.Context, game_name: str, games: int, edition: str | None, vary_pairs: tuple[str, ...], variants: str,
            options: tuple[str, ...], player_pairs: tuple[str, ...], seed: int, jobs: int | None, ray_address: str | None,
            plot: str | None, out: str | None, as_json: bool, progress: bool | None) -> None:
    """Win / draw / win rates with 95% intervals per variant (and per varied option)."""
    from ..ai.balance import balance as run
    from ..ai.balance import format_balance

    _check_plot(plot)
    pkg = package(game_name)
    vary = _vary(pkg, vary_pairs)
    editions, edition = _editions(pkg, edition)
    if editions:
        vary["edition"] = editions
    opts = parse_options(options, edition, pkg)
    chosen = side_players(pkg, ctx.args, player_pairs)
    players = None
    if chosen:
        from ..ai.base import own_player

        fallback = own_player(pkg.name)
        players = [chosen.get(s, fallback) for s in pkg.sides]
    names = [v.strip() for v in variants.split(",") if v.strip()]
    show = sys.stderr.isatty() if progress is None else progress
    try:
        doc = run(games, names, players, opts, seed, jobs, ray_address, show, game=pkg.name, vary=vary, journal=out)
    except TyphoonError as e:
        raise click.ClickException(str(e)) from None
    text = format_balance(doc)
    _plot(doc, plot, "balance", text)
    click.echo(json.dumps(doc, indent=1) if as_json else text)


def _vary(pkg, pairs: tuple[str, ...]) -> dict[str, list[str]]:
    known = {s.name for s in pkg.option_specs()}
    out: dict[str, list[str]] = {}
    for p in pairs:
        name, eq, values = p.partition("=")
        if not eq or name.strip() not in known:
            raise click.BadParameter(f"expected NAME=V1,V2 with NAME one of {sorted(known)}, got {p!r}", param_hint="--vary")
        out[name.strip()] = [v.strip() for v in values.split(",") if v.strip()]
    return out


@main.command("players")
@game_option
def players_command(game_name: str) -> None:
    """The players a game offers: human, random, the game's own and the search levels."""
    from ..ai.base import player_names

    pkg = package(game_name)
    click.echo(" ".join(player_names(pkg.name)))
