"""How seat secrets travel between a client and the server: the one place that knows.

A seat secret opens a seat; whoever has it plays that seat. It must never be part of a URL
that reaches a log (server access logs, proxies, browser history, Referer headers), so:

- REST: the ``X-Typhoon-Seat`` header (POST bodies may also carry ``"seat"``: bodies are not
  logged);
- WebSocket: the ``X-Typhoon-Seat`` header (programs), or, from a browser (which cannot set
  headers on a WebSocket), the subprotocol ``typhoon.seat.<secret>`` offered next to
  ``typhoon.v1``; the server answers with ``typhoon.v1`` only;
- links handed to people: ``/play/{id}#seat=<secret>``: the fragment never leaves the browser.

The old query parameter ``?seat=`` is still read (older clients and scripts) but is deprecated
and scrubbed from the access log (:class:`ScrubSecrets`). The owner secret (``X-Typhoon-Owner``)
lets the creator of a game re-issue its seat links; it travels the same way.

Accounts plug in here: a seat held by an account is opened by an *account seat key*,
``k.<user id>.<mac>``, ``mac`` = HMAC-SHA256(a random key of the database, game | seat | user)
(:func:`account_seat_key`). It is the same on every device of that account, opens only that
seat of that game, and stops opening it when the seat passes to someone else. The account's
"my games" list hands it out in a fragment link like any seat secret.
"""

from __future__ import annotations

from typing import Any

import base64
import hashlib
import hmac
import logging
import re

from starlette.requests import HTTPConnection

SEAT_HEADER = "x-typhoon-seat"
OWNER_HEADER = "x-typhoon-owner"
WS_PROTOCOL = "typhoon.v1"
WS_SEAT_PREFIX = "typhoon.seat."
MAX_SECRET = 200


def ws_protocols(conn: HTTPConnection) -> list[str]:
    """The subprotocols a WebSocket client offered."""
    raw = conn.headers.get("sec-websocket-protocol", "")
    return [p.strip() for p in raw.split(",") if p.strip()]


def seat_secret(conn: HTTPConnection, body_seat: str | None = None) -> str | None:
    """The seat secret a request or WebSocket carries (None: a spectator): the header, then
    the WebSocket subprotocol, then a POST body's ``seat``, then the deprecated query parameter."""
    header = conn.headers.get(SEAT_HEADER)
    if header:
        return header[:MAX_SECRET + 1]
    if conn.scope.get("type") == "websocket":
        for p in ws_protocols(conn):
            if p.startswith(WS_SEAT_PREFIX):
                return p[len(WS_SEAT_PREFIX):][:MAX_SECRET + 1]
    if body_seat:
        return body_seat
    return conn.query_params.get("seat") or None


def owner_secret(conn: HTTPConnection, body_owner: str | None = None) -> str | None:
    """The owner secret of a request (header, else the body's ``owner``)."""
    return conn.headers.get(OWNER_HEADER) or body_owner or None


ACCOUNT_KEY_PREFIX = "k."


def account_seat_key(key: str, game_id: str, seat: str, user_id: str) -> str:
    """The secret that opens ``seat`` of ``game_id`` for the account ``user_id`` (module docstring)."""
    mac = hmac.new(bytes.fromhex(key), f"typhoon/seat-key/v1|{game_id}|{seat}|{user_id}".encode(), hashlib.sha256).digest()
    return f"{ACCOUNT_KEY_PREFIX}{user_id}.{base64.urlsafe_b64encode(mac[:24]).decode()}"


def account_of_key(secret: str) -> str | None:
    """The user id an account seat key names (None: not an account seat key)."""
    if not secret.startswith(ACCOUNT_KEY_PREFIX):
        return None
    user, _, mac = secret[len(ACCOUNT_KEY_PREFIX):].partition(".")
    return user if user and mac else None


def ws_accept_protocol(conn: HTTPConnection) -> str | None:
    """The subprotocol to answer a WebSocket with: ``typhoon.v1`` if offered (a browser that
    offers subprotocols requires one back), never the secret-bearing one."""
    return WS_PROTOCOL if WS_PROTOCOL in ws_protocols(conn) else None


def play_link(game_id: str, secret: str | None) -> str:
    """The link a person opens to play a seat (the secret in the fragment, never sent)."""
    return f"/play/{game_id}#seat={secret}" if secret else f"/play/{game_id}"


def created(game_id: str, secrets_: dict[str, str | None], owner: str | None = None) -> dict[str, Any]:
    """The answer to creating a game: its id, the seat secrets, the links that open them (the
    secret in the fragment) and the owner secret that can re-issue them."""
    links = {seat: play_link(game_id, s) for seat, s in secrets_.items() if s}
    links["spectator"] = play_link(game_id, None)
    return {"id": game_id, "seats": secrets_, "links": links, "owner": owner}


_SECRET_IN_URL = re.compile(r"([?&](?:seat|owner)=)[^&\s\"]*")


def scrub(text: str) -> str:
    """``text`` with any ``seat=``/``owner=`` query value replaced by ``***``."""
    return _SECRET_IN_URL.sub(r"\1***", text)


class ScrubSecrets(logging.Filter):
    """A logging filter removing seat secrets from log lines (uvicorn's access log gets the
    request line with its query string as an argument)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(scrub(a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str) and ("seat=" in record.msg or "owner=" in record.msg):
            record.msg = scrub(record.msg)
        return True


def install_log_scrubbing() -> None:
    """Scrub secrets from uvicorn's access and error logs (idempotent)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        lg = logging.getLogger(name)
        if not any(isinstance(f, ScrubSecrets) for f in lg.filters):
            lg.addFilter(ScrubSecrets())
