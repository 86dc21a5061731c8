"""``typhoon patch GAME_ID``: after a rule fix, keep what still replays of a stored game."""

from __future__ import annotations

import json
from pathlib import Path

import click


@click.command("patch")
@click.argument("game_id")
@click.option("--database", default=None, metavar="URL",
              help="the server's database (default: sqlite:///typhoon.db in the current directory)")
@click.option("--dry-run", is_flag=True, help="only say what would be kept and dropped")
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def patch_cmd(game_id: str, database: str | None, dry_run: bool, as_json: bool) -> None:
    """Replay a stored server game under the current rules and keep the longest part of its
    log that still replays, so the game can go on (the server answers 409 for a game whose log
    no longer replays). The dropped actions are printed; the players replay them by hand."""
    from ..core.errors import TyphoonError
    from ..core.record import replay_longest
    from ..server.live import ApiError, Games
    from ..server.store import Store

    url = database or f"sqlite:///{Path.cwd() / 'typhoon.db'}"
    try:
        store = Store(url)
    except Exception as e:
        raise click.ClickException(f"cannot open the database {url!r}: {e}") from None
    try:
        if dry_run:
            meta = store.load(game_id)
            if meta is None:
                raise click.ClickException(f"no game with id {game_id!r} in {url}")
            try:
                pkg = Games(store).package_of(meta.game)  # a kit's game: rebuilt from its stored bundle
            except (TyphoonError, ImportError, OSError) as e:
                raise click.ClickException(f"game {game_id} is of game {meta.game!r}, which cannot be replayed here ({e})") from None
            texts = [t for t, _ in meta.actions]
            start = pkg.position_from_json(meta.start) if meta.start else None
            game, why = replay_longest(pkg.rules, meta.options, meta.seed, texts, start, 0, meta.dice)
            result = {"id": game_id, "kept": game.ply, "dropped": texts[game.ply:], "reason": why, "dry_run": True}
        else:
            try:
                result = Games(store).patch(game_id)
            except ApiError as e:
                raise click.ClickException(e.detail) from None
    finally:
        store.dispose()
    if as_json:
        click.echo(json.dumps(result, indent=1))
        return
    if result["reason"] is None:
        click.echo(f"game {game_id}: all {result['kept']} actions replay; nothing to patch")
        return
    verb = "would keep" if dry_run else "kept"
    click.echo(f"game {game_id}: {verb} the first {result['kept']} actions; {result['reason']}")
    click.echo(f"{'would drop' if dry_run else 'dropped'} {len(result['dropped'])} actions: " + ", ".join(result["dropped"][:20])
               + (" ..." if len(result["dropped"]) > 20 else ""))
