"""Commands on games and positions: games, render, replay, query, selfplay. Any game, through
its package (``typhoon.games.registry``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..core.errors import TyphoonError
from . import main
from .common import (
    check_player_names,
    edition_option,
    fail,
    game_option,
    load_any,
    make_player,
    normalised,
    options_option,
    package,
    parse_options,
    read_json,
    side_players,
)

__all__ = ["fail", "load_any", "parse_options"]


@main.command("games")
@click.option("--options", "show_options", is_flag=True, help="List each game's options too.")
def games(show_options: bool) -> None:
    """The games this installation plays, with their sides (and options)."""
    from ..games import registry

    for name in registry.names():
        pkg = registry.get(name)
        sides = ", ".join(f"{s} ({pkg.side_names.get(s, s)})" for s in pkg.sides)
        click.echo(f"{name}: {pkg.title}; sides {sides}")
        if show_options:
            for spec in pkg.option_specs():
                values = "|".join(map(str, spec.choices)) if spec.choices else (
                    f"{spec.minimum}..{spec.maximum}" if spec.kind == "int" else spec.kind)
                click.echo(f"  -O {spec.name}={values} (default {spec.default}): {spec.label}")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, help="Picture to write: .svg, .png or .pdf")
@click.option("--ids/--no-ids", default=True, help="Show hex ids.")
@click.option("--seat", default=None, metavar="SIDE",
              help="Draw the board as this side sees it (default: as a spectator; everything once the game is over).")
@game_option
def render(file: str, output: str, ids: bool, seat: str | None, game_name: str) -> None:
    """Draw a saved game or a position as a picture of the game's map."""
    from ..render import figure, save_board

    if Path(output).suffix.lower() not in (".svg", ".png", ".pdf"):
        fail(f"{output}: the picture must end in .svg, .png or .pdf")
    pkg, _, state = load_any(file, game_name)
    if seat is not None and seat not in pkg.sides:
        fail(f"--seat {seat!r}: the sides of {pkg.title} are {', '.join(pkg.sides)}")
    try:
        fig = figure(pkg, state, seat=seat, show_ids=ids)
    except (TyphoonError, ValueError) as e:
        fail(f"{file}: cannot draw it ({e})")
    try:
        save_board(fig, output)
    except TyphoonError as e:  # save_board names the file and the reason (no such folder, not allowed)
        fail(str(e))
    click.echo(output)


def _where(pkg: Any, state: Any) -> str:
    """'turn 3 of 7, German Movement Phase' from the spectator's view."""
    v = pkg.view(state, None)
    turn = v.get("turn_label") or f"turn {v.get('turn')}"
    phase = (v.get("phase") or {}).get("name")
    return f"{turn}, {phase}" if phase else str(turn)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--verbose", "-v", is_flag=True, help="Print every action and what it caused.")
def replay(file: str, verbose: bool) -> None:
    """Replay a saved game from its seed and action log and check it reproduces exactly."""
    from ..core import record

    doc = read_json(file)
    try:
        game, same = record.verify(doc)
    except TyphoonError as e:
        fail(f"{file}: {e}")
    pkg = package(game.rules.name)
    if verbose:
        for e in game.log_view(None, omniscient=True):
            click.echo(f"{e['ply']:4d}. {e['action']}" + "".join(f"\n        {x}" for x in e["events"]))
    out = game.outcome()
    status = f"game over: {out.reason}" if out else f"in progress: {_where(pkg, game.state)}"
    if not same:
        fail(f"replayed {game.ply} actions but the final position differs from the one recorded ({status})")
    click.echo(f"replayed {game.ply} actions: identical to the recorded game ({status})")


# -- query -----------------------------------------------------------------------------------
@main.group()
def query() -> None:
    """Questions about a position, answered in JSON (for scripts)."""


def _position_option(f):
    f = click.option("--position", "-p", required=True, help="Position or save file.")(f)
    return game_option(f)


def _described(pkg: Any, state: Any) -> list[tuple[Any, dict[str, Any]]]:
    rules = pkg.rules
    if rules.outcome(state) is not None or rules.is_chance(state):
        return []
    return [(a, pkg.describe(state, a)) for a in rules.legal_actions(state)]


def _echo(doc: Any) -> None:
    click.echo(json.dumps(doc, indent=1, default=str))


@query.command("moves")
@_position_option
@click.option("--unit", "-u", default=None, help="Unit id; all units when omitted.")
def query_moves(position: str, game_name: str, unit: str | None) -> None:
    """Legal moves: the hexes a unit may end its move in now (from the legal actions)."""
    from ..tui.info import find_unit, movement_of

    pkg, _, state = load_any(position, game_name)
    view = pkg.view(state, None)
    moves: dict[str, list[str]] = {}
    for _, d in _described(pkg, state):
        mv = movement_of(d)
        if mv and mv[1] not in moves.setdefault(mv[0], []):
            moves[mv[0]].append(mv[1])
    if unit:
        u = find_unit(view, unit)
        if u is None:
            fail(f"no unit called {unit!r}")
        moves = {u["id"]: moves.get(u["id"], [])}
    _echo({"game": pkg.name, "turn": view.get("turn"), "phase": (view.get("phase") or {}).get("id"),
           "player": pkg.rules.current_player(state), "moves": moves})


def _units(text: str) -> list[str]:
    return [a.strip() for a in text.split(",") if a.strip()]


def once_each(units: list[str]) -> list[str]:
    """The attackers of a proposed battle, each named once (a unit attacks once: it must not
    count twice, whatever the game checks); ``fail`` names the repeated unit."""
    from ..tui.info import repeated_unit

    twice = repeated_unit(units)
    if twice is not None:
        fail(f"{twice} is listed twice among the attackers: each unit attacks once")
    return units


@query.command("odds")
@_position_option
@click.option("--target", "-t", required=True, help="Hex of the defending unit(s).")
@click.option("--attackers", "-a", required=True, help="Comma-separated attacking unit ids.")
def query_odds(position: str, game_name: str, target: str, attackers: str) -> None:
    """Odds of a proposed battle with every modifier named, and the chance of every result.
    The game checks the attack (each attacker once, adjacent, on the other side)."""
    pkg, _, state = load_any(position, game_name)
    try:
        preview = pkg.battle_preview(state, target, once_each(_units(attackers)))
    except TyphoonError as e:
        fail(str(e))
    _echo({"target": target, "attackers": _units(attackers), **preview})


@query.command("retreats")
@_position_option
@click.option("--target", "-t", required=True, help="Hex of the defending unit(s) that must retreat.")
@click.option("--attackers", "-a", default="", help="Comma-separated attackers (informational).")
def query_retreats(position: str, game_name: str, target: str, attackers: str) -> None:
    """Legal retreat paths of the unit(s) in TARGET if they had to retreat now (the game's
    ``retreat_preview``)."""
    pkg, _, state = load_any(position, game_name)
    hook = getattr(pkg, "retreat_preview", None)
    if hook is None:
        fail(f"{pkg.title} offers no retreat preview")
    try:
        doc = hook(state, target, _units(attackers))
    except TyphoonError as e:
        fail(str(e))
    _echo(doc)


@query.command("legal")
@_position_option
@click.option("--describe", "describe", is_flag=True, help="Each action with its description (verb, units, hexes, rule).")
def query_legal(position: str, game_name: str, describe: bool) -> None:
    """Every legal action in the position, as text."""
    pkg, _, state = load_any(position, game_name)
    rules = pkg.rules
    doc: dict[str, Any] = {"player": rules.current_player(state)}
    if describe:
        doc["actions"] = [d for _, d in _described(pkg, state)]
    else:
        acts = [] if rules.outcome(state) is not None or rules.is_chance(state) else rules.legal_actions(state)
        doc["actions"] = [str(a) for a in acts]
    _echo(doc)


# -- selfplay --------------------------------------------------------------------------------
@main.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.option("--games", "-n", default=100, show_default=True, type=click.IntRange(min=1), help="Number of games (1 or more).")
@game_option
@click.option("--player", "-P", "player_pairs", multiple=True, metavar="SIDE=NAME",
              help="The player of a side (default random); also --SIDE NAME, e.g. --german heuristic.")
@click.option("--seed", default=0, show_default=True, help="Seed of the first game (game i uses seed+i).")
@edition_option
@options_option
@click.option("--save-dir", default=None, help="Write each game's save file here.")
@click.option("--progress/--no-progress", default=True)
@click.pass_context
def selfplay(ctx: click.Context, games: int, game_name: str, player_pairs: tuple[str, ...], seed: int, edition: str | None,
             options: tuple[str, ...], save_dir: str | None, progress: bool) -> None:
    """Computer against computer; prints one JSON object of results (one '<side>_wins' per side)."""
    import time

    from tqdm import tqdm

    from ..core import record

    pkg = package(game_name)
    opts = parse_options(options, edition, pkg)
    normalised(pkg, opts)
    names = {s: "random" for s in pkg.sides}
    names.update(side_players(pkg, ctx.args, player_pairs))
    if "human" in names.values():
        fail("selfplay is computer against computer: 'human' cannot play")
    check_player_names(pkg, names)
    if save_dir:
        ready_dir(save_dir)
    wins: dict[str | None, int] = {s: 0 for s in pkg.sides}
    wins[None] = 0
    turns = 0
    t0 = time.perf_counter()
    for i in tqdm(range(games), desc="selfplay", unit="game", disable=not progress, file=sys.stderr):
        try:
            game, turn = play_one(pkg, names, opts, seed + i)
        except TyphoonError as e:
            fail(str(e))
        wins[game.outcome().winner] += 1
        turns += turn or 0
        if save_dir:
            path = Path(save_dir) / f"game_{seed + i}.json"
            try:
                record.save(game, path, names)
            except OSError as e:
                fail(f"--save-dir: cannot write {path}: {e.strerror or e}")
    dt = time.perf_counter() - t0
    doc: dict[str, Any] = {"game": pkg.name, "games": games, **names, "players": names, "options": opts, "seed": seed}
    for s in pkg.sides:
        doc[f"{s}_wins"] = wins[s]
    doc["draws"] = wins[None]
    doc["average_turns"] = turns / games if games else 0.0
    doc["games_per_second"] = games / dt if dt > 0 else 0.0
    click.echo(json.dumps(doc))


def ready_dir(path: str) -> None:
    """Create the folder save files go to, before any game is played (``fail`` says why not)."""
    try:
        Path(path).mkdir(parents=True, exist_ok=True)
    except OSError as e:
        fail(f"--save-dir {path}: cannot create the folder ({e.strerror or e})")
    if not Path(path).is_dir():
        fail(f"--save-dir {path}: not a folder")


def play_one(pkg: Any, names: dict[str, str], options: dict[str, Any], seed: int):
    """One computer-against-computer game; each player gets ``game.observed(side)``. Returns
    the game and its last turn (the spectator view's ``turn``)."""
    from ..core.game import Game

    game = Game(pkg.rules, pkg.normalise_options(options), seed, keep_history=False)
    players = {s: make_player(pkg, names[s], seed * 2 + 1 + i) for i, s in enumerate(pkg.sides)}
    check = not game.perfect_information  # a player saw only its observation: the truth judges its action
    while not game.is_over():
        if game.is_chance():
            game.roll()
        else:
            side = game.current_player
            game.push(players[side].choose(game.observed(side, keep_history=False)), validate=check)
    return game, pkg.view(game.state, None).get("turn")

