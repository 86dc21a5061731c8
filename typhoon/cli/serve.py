"""``typhoon serve``: run the game server and its browser client (docs/api.md)."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path

import click

from . import main


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="interface to listen on (0.0.0.0 for the network)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="TCP port")
@click.option("--database", "database", default=None, metavar="URL",
              help="SQLAlchemy URL: sqlite:///path.db (default: typhoon.db in the current directory) or postgresql+psycopg://user:pw@host/db")
@click.option("--open", "open_browser", is_flag=True, help="open the start page in the web browser")
@click.option("--log-level", default="warning", show_default=True, type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def serve(host: str, port: int, database: str | None, open_browser: bool, log_level: str) -> None:
    """Run the game server: play any of Typhoon's games in the browser (against the computer,
    hot-seat, or two players over the network). Every action is stored before it is
    acknowledged, so games survive restarts."""
    import uvicorn

    from ..server.app import create_app

    url = database or f"sqlite:///{Path.cwd() / 'typhoon.db'}"
    try:
        app = create_app(url)
    except Exception as e:  # a bad URL or an unreachable database: say so plainly
        raise click.ClickException(f"cannot open the database {url!r}: {e}") from None
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    # frames above 64 KiB are refused by the WebSocket layer itself (the app answers smaller bad ones)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level, ws="websockets-sansio", ws_max_size=65536)
    server = uvicorn.Server(config)

    def announce() -> None:
        # wait until the socket is bound (port 0 picks a free port), then print the address
        while not server.started and not server.should_exit:
            threading.Event().wait(0.05)
        if not server.started:
            return
        actual = port
        for s in getattr(server, "servers", []):
            for sock in s.sockets:
                actual = sock.getsockname()[1]
        link = f"http://{shown}:{actual}/"
        click.echo(f"Typhoon is running at {link}  (database {url}; Ctrl+C stops it)", err=False)
        if open_browser:
            webbrowser.open(link)

    threading.Thread(target=announce, daemon=True).start()
    server.run()
