"""Several server processes on one PostgreSQL database (docs/api.md, "Several processes").

The database is the source of truth. Every write of a game's store sends ``NOTIFY
typhoon_games, '<game id> <origin>'`` in its own transaction (``Store.notice``), so the notice
arrives exactly when the change is committed. Each process LISTENs on one connection of its own
(:func:`listen`) and, for a game it has in memory that another process changed, reloads it from
the store and sends its WebSocket watchers their new views (``Games.refresh``). A process that
acts on a stale copy before the notice arrives cannot write: the ``actions`` primary key refuses
a second ply N (409, "the game changed meanwhile").
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from sqlalchemy.engine import make_url

from .store import CHANNEL

log = logging.getLogger("typhoon.server.cluster")


def libpq_url(url: str) -> str:
    """A SQLAlchemy ``postgresql+psycopg://`` URL as psycopg's own connection string."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(games: Any, retry: float = 1.0) -> None:
    """Reload the games other processes change, for ever (reconnecting when the connection drops)."""
    import psycopg

    store = games.store
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(libpq_url(store.url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                games.listening = True
                async for note in conn.notifies():
                    game_id, _, origin = note.payload.partition(" ")
                    if origin != store.origin and game_id in games.cache:
                        asyncio.get_running_loop().create_task(refresh(games, game_id))
        except asyncio.CancelledError:
            raise
        except Exception as e:  # noqa: BLE001 - the database restarted: listen again
            games.listening = False
            # the notices missed meanwhile are unknown: drop every cached game (reloaded on use)
            for gid in list(games.cache):
                games.evict(gid)
            log.warning("LISTEN %s lost (%s); reconnecting", CHANNEL, e)
            await asyncio.sleep(retry)


async def refresh(games: Any, game_id: str) -> None:
    try:
        await games.refresh(game_id)
    except Exception:  # pragma: no cover - logged; the next use reloads the game
        log.exception("reloading game %s after a notice failed", game_id)
        games.evict(game_id)
