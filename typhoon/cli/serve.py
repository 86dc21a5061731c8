"""``typhoon serve``: run the game server and its browser client (docs/api.md)."""

from __future__ import annotations

import re
import threading
import webbrowser
from pathlib import Path

import click

from . import main
from .common import load_play_kit


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="interface to listen on (0.0.0.0 for the network)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="TCP port")
@click.option("--database", "database", default=None, metavar="URL",
              help="SQLAlchemy URL: sqlite:///path.db (default: typhoon.db in the current directory) or postgresql+psycopg://user:pw@host/db")
@click.option("--open", "open_browser", is_flag=True, help="open the start page in the web browser")
@click.option("--log-level", default="warning", show_default=True, type=click.Choice(["critical", "error", "warning", "info", "debug"]))
@click.option("--smtp-host", envvar="TYPHOON_SMTP_HOST", default=None, help="SMTP server for turn and invitation emails (none: no email) [env TYPHOON_SMTP_HOST]")
@click.option("--smtp-port", envvar="TYPHOON_SMTP_PORT", default=25, show_default=True, type=int, help="[env TYPHOON_SMTP_PORT]")
@click.option("--smtp-from", envvar="TYPHOON_SMTP_FROM", default="typhoon@localhost", show_default=True, help="sender address [env TYPHOON_SMTP_FROM]")
@click.option("--public-url", envvar="TYPHOON_PUBLIC_URL", default=None,
              help="the address players open, for links in emails (default: this server's address) [env TYPHOON_PUBLIC_URL]")
@click.option("--idle-evict", default=600.0, show_default=True, type=float, help="seconds after which a game nobody watches leaves memory")
@click.option("--clock-interval", default=1.0, show_default=True, type=float, help="seconds between two checks of the game clocks")
@click.option("--no-rate-limits", is_flag=True, help="no rate limits per address (benchmarks on loopback only)")
@click.option("--kit", "kit_dirs", multiple=True, metavar="DIR", type=click.Path(path_type=Path),
              help="Also offer a game on the data kit package in DIR (docs/kit.md), validated first; repeatable. "
                   "The kit is kept in the database, so its games go on after a restart.")
def serve(host: str, port: int, database: str | None, open_browser: bool, log_level: str, smtp_host: str | None, smtp_port: int,
          smtp_from: str, public_url: str | None, idle_evict: float, clock_interval: float, no_rate_limits: bool = False,
          kit_dirs: tuple[Path, ...] = ()) -> None:
    """Run the game server: play any of Typhoon's games in the browser (against the computer,
    hot-seat, or two players over the network). Every action is stored before it is
    acknowledged, so games survive restarts. Several processes may serve one PostgreSQL
    database (docs/api.md). SMTP user, password and STARTTLS: TYPHOON_SMTP_USER,
    TYPHOON_SMTP_PASSWORD, TYPHOON_SMTP_STARTTLS=1.

    With --kit DIR the new-game form also offers the game of that data kit package (e.g. an
    owner's edited copy of a game's kit), preselected."""
    import uvicorn

    from ..server.app import create_app
    from ..server.guard import RateLimits
    from ..server.notify import MailConfig

    kits = [load_play_kit(d)[0] for d in kit_dirs]  # an invalid kit stops here, every problem named
    url = database or f"sqlite:///{Path.cwd() / 'typhoon.db'}"
    mail = MailConfig.from_env()
    mail.host, mail.port, mail.sender = smtp_host, smtp_port, smtp_from
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    mail.public_url = (public_url or f"http://{shown_host}:{port}").rstrip("/")
    try:
        app = create_app(url, mail=mail, clock_interval=clock_interval, idle_seconds=idle_evict,
                         rate_limits=RateLimits.unlimited() if no_rate_limits else None, kits=kits)
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
        if public_url is None:
            mail.public_url = link.rstrip("/")
        safe = re.sub(r"//[^@/]*@", "//***@", url)  # never print a database password
        click.echo(f"Typhoon is running at {link}  (database {safe}; Ctrl+C stops it)", err=False)
        if open_browser:
            webbrowser.open(link)

    threading.Thread(target=announce, daemon=True).start()
    server.run()
