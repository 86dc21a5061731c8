"""Commands on games and positions: render, replay, query, selfplay."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..core.errors import TyphoonError
from . import main


def fail(message: str) -> None:
    raise click.ClickException(message)


def parse_options(pairs: tuple[str, ...], edition: str | None = None) -> dict[str, Any]:
    """``--option soviet_replacements=3`` pairs into an options dict."""
    opts: dict[str, Any] = {}
    if edition:
        opts["edition"] = edition
    for p in pairs:
        if "=" not in p:
            fail(f"--option expects NAME=VALUE, got {p!r}")
        k, v = p.split("=", 1)
        opts[k.strip()] = v.strip()
    return opts


def load_any(path: str):
    """A save file or a position file -> (game or None, state)."""
    from ..core import record
    from ..games import registry

    try:
        doc = json.loads(Path(path).read_text())
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except json.JSONDecodeError as e:
        fail(f"{path}: not valid JSON ({e})")
    try:
        if isinstance(doc, dict) and doc.get("format") == record.FORMAT:
            game = record.from_record(doc)
            return game, game.state
        pkg = registry.get(doc.get("game", "bfm") if isinstance(doc, dict) else "bfm")
        return None, pkg.position_from_json(doc)
    except TyphoonError as e:
        fail(f"{path}: {e}")


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, help="Picture to write: .svg, .png or .pdf")
@click.option("--ids/--no-ids", default=True, help="Show hex ids.")
def render(file: str, output: str, ids: bool) -> None:
    """Draw a saved game or a position as a picture faithful to the printed map."""
    from ..games.bfm.position import unit_views
    from ..render.board import draw_board, load_map, save_board

    _, state = load_any(file)
    if Path(output).suffix.lower() not in (".svg", ".png", ".pdf"):
        fail(f"{output}: the picture must end in .svg, .png or .pdf")
    spec = state.data.sequence[state.data.phase_index[state.phase]]
    title = f"Turn {state.turn} ({state.data.turns[state.turn]['weather']}): {spec.name}"
    if state.finished and state.outcome is not None:
        title = f"Game over: {state.outcome.reason}"
    fig = draw_board(load_map(), unit_views(state), state.control, title=title, show_ids=ids)
    save_board(fig, output)
    click.echo(output)


@main.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--verbose", "-v", is_flag=True, help="Print every action and what it caused.")
def replay(file: str, verbose: bool) -> None:
    """Replay a saved game from its seed and action log and check it reproduces exactly."""
    from ..core import record

    try:
        doc = json.loads(Path(file).read_text())
        game, same = record.verify(doc)
    except FileNotFoundError:
        fail(f"{file}: no such file")
    except (json.JSONDecodeError, TyphoonError) as e:
        fail(f"{file}: {e}")
    if verbose:
        for i, e in enumerate(game.log, 1):
            click.echo(f"{i:4d}. {e.action}" + "".join(f"\n        {x}" for x in e.events))
    out = game.outcome()
    status = f"game over: {out.reason}" if out else f"in progress: turn {game.state.turn}, {game.state.phase}"
    if not same:
        fail(f"replayed {game.ply} actions but the final position differs from the one recorded ({status})")
    click.echo(f"replayed {game.ply} actions: identical to the recorded game ({status})")


@main.group()
def query() -> None:
    """Questions about a position, answered in JSON (for scripts)."""


def _state_for(position: str):
    _, state = load_any(position)
    return state


@query.command("moves")
@click.option("--position", "-p", required=True, help="Position or save file.")
@click.option("--unit", "-u", default=None, help="Unit id; all units when omitted.")
def query_moves(position: str, unit: str | None) -> None:
    """Legal moves: the hexes a unit may end its move in this phase."""
    from ..games.bfm import RULES, movement

    state = _state_for(position)
    units = [unit] if unit else [u for u in state.data.unit_order if movement.may_move(state, u)]
    out = {}
    for u in units:
        if u not in state.data.units:
            fail(f"no unit called {u!r}")
        out[u] = movement.destinations(state, u)
    click.echo(json.dumps({"turn": state.turn, "phase": state.phase, "player": RULES.current_player(state), "moves": out}, indent=1))


@query.command("odds")
@click.option("--position", "-p", required=True)
@click.option("--target", "-t", required=True, help="Hex of the defending unit.")
@click.option("--attackers", "-a", required=True, help="Comma-separated attacking unit ids.")
def query_odds(position: str, target: str, attackers: str) -> None:
    """Odds of a proposed battle with every shift named, and the chance of every result."""
    from ..games.bfm import combat

    state = _state_for(position)
    atts = [a.strip() for a in attackers.split(",") if a.strip()]
    for a in atts:
        if a not in state.hex_of:
            fail(f"attacker {a!r} is not on the map")
        if not state.data.grid.adjacent(state.hex_of[a], target):
            fail(f"attacker {a} in {state.hex_of[a]} is not adjacent to {target}")
    d = state.unit_at(target)
    if d is None:
        fail(f"no unit in {target}")
    if any(state.side_of(a) == state.side_of(d) for a in atts):
        fail("attackers and defender must be on opposite sides")
    odds = combat.battle_odds(state, target, atts)
    click.echo(json.dumps({"target": target, "defender": d, "attackers": atts, **odds.to_json()}, indent=1))


@query.command("retreats")
@click.option("--position", "-p", required=True)
@click.option("--target", "-t", required=True, help="Hex of the defending unit that must retreat.")
@click.option("--attackers", "-a", default="", help="Comma-separated attackers (informational).")
def query_retreats(position: str, target: str, attackers: str) -> None:
    """Legal retreat paths of the unit in TARGET if it had to retreat now (9.3)."""
    from ..games.bfm import combat
    from ..games.bfm.state import Battle

    state = _state_for(position)
    d = state.unit_at(target)
    if d is None:
        fail(f"no unit in {target}")
    opts = combat.retreat_options(state, Battle(target, d, [a for a in attackers.split(",") if a]))
    click.echo(json.dumps({"target": target, "unit": d, "consequence": opts.consequence,
                           "paths": [list(p) for p in opts.paths]}, indent=1))


@query.command("legal")
@click.option("--position", "-p", required=True)
def query_legal(position: str) -> None:
    """Every legal action in the position, as text."""
    from ..games.bfm import RULES

    state = _state_for(position)
    click.echo(json.dumps({"player": RULES.current_player(state), "actions": [str(a) for a in RULES.legal_actions(state)]}, indent=1))


@main.command()
@click.option("--games", "-n", default=100, show_default=True, help="Number of games.")
@click.option("--german", default="random", show_default=True, help="German player.")
@click.option("--soviet", default="random", show_default=True, help="Soviet player.")
@click.option("--seed", default=0, show_default=True, help="Seed of the first game (game i uses seed+i).")
@click.option("--edition", type=click.Choice(["2009", "1986"]), default=None)
@click.option("--option", "-O", "options", multiple=True, help="Rule option NAME=VALUE (e.g. soviet_replacements=3).")
@click.option("--save-dir", default=None, help="Write each game's save file here.")
@click.option("--progress/--no-progress", default=True)
def selfplay(games: int, german: str, soviet: str, seed: int, edition: str | None, options: tuple[str, ...],
             save_dir: str | None, progress: bool) -> None:
    """Computer against computer; prints one JSON object of results."""
    import time

    from tqdm import tqdm

    from ..ai.base import make_player
    from ..core import record
    from ..ai.match import play_game

    opts = parse_options(options, edition)
    try:
        make_player(german), make_player(soviet)
    except TyphoonError as e:
        fail(str(e))
    wins = {"german": 0, "soviet": 0, None: 0}
    turns = 0
    t0 = time.perf_counter()
    for i in tqdm(range(games), desc="selfplay", unit="game", disable=not progress, file=sys.stderr):
        try:
            game, res = play_game(german, soviet, opts, seed + i, keep_history=False)
        except TyphoonError as e:
            fail(str(e))
        wins[res.winner] += 1
        turns += res.turns
        if save_dir:
            Path(save_dir).mkdir(parents=True, exist_ok=True)
            record.save(game, Path(save_dir) / f"game_{seed + i}.json", {"german": german, "soviet": soviet})
    dt = time.perf_counter() - t0
    click.echo(json.dumps({
        "games": games, "german": german, "soviet": soviet, "options": opts, "seed": seed,
        "german_wins": wins["german"], "draws": wins[None], "soviet_wins": wins["soviet"],
        "average_turns": turns / games if games else 0.0,
        "games_per_second": games / dt if dt > 0 else 0.0,
    }))
