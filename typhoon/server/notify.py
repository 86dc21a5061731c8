"""Telling a player it is their turn: by email (SMTP) and by webhook (docs/api.md, "Accounts").

The server calls :meth:`Notifier.turn` when the turn passes to a side held by an account
(``members``); the notices are sent in the background, never delaying or failing an action.
Email is configured by :class:`MailConfig` (``typhoon serve --smtp-host ...`` or the
``TYPHOON_SMTP_*`` environment variables); without an SMTP host no email is sent. A webhook is
an ``http(s)`` URL an account sets for itself: the server POSTs JSON to it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import smtplib
import ssl
import urllib.request
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

log = logging.getLogger("typhoon.server.notify")
WEBHOOK_TIMEOUT = 5.0


@dataclass
class MailConfig:
    """How the server sends email. ``host`` None: no email."""

    host: str | None = None
    port: int = 25
    sender: str = "typhoon@localhost"
    user: str | None = None
    password: str | None = None
    starttls: bool = False
    public_url: str = "http://127.0.0.1:8000"  # the address players open; links in emails start with it

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> MailConfig:
        """``TYPHOON_SMTP_HOST``, ``_PORT``, ``_FROM``, ``_USER``, ``_PASSWORD``, ``_STARTTLS``
        (1/true) and ``TYPHOON_PUBLIC_URL``."""
        e = os.environ if env is None else env
        return cls(
            host=e.get("TYPHOON_SMTP_HOST") or None,
            port=int(e.get("TYPHOON_SMTP_PORT") or 25),
            sender=e.get("TYPHOON_SMTP_FROM") or "typhoon@localhost",
            user=e.get("TYPHOON_SMTP_USER") or None,
            password=e.get("TYPHOON_SMTP_PASSWORD") or None,
            starttls=(e.get("TYPHOON_SMTP_STARTTLS") or "").lower() in ("1", "true", "yes"),
            public_url=(e.get("TYPHOON_PUBLIC_URL") or "http://127.0.0.1:8000").rstrip("/"),
        )


def send_mail(cfg: MailConfig, to: str, subject: str, body: str) -> None:
    """Send one plain-text email (blocking: call it in a thread)."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = cfg.sender, to, subject
    msg.set_content(body)
    with smtplib.SMTP(cfg.host, cfg.port, timeout=10) as smtp:
        if cfg.starttls:
            smtp.starttls(context=ssl.create_default_context())
        if cfg.user:
            smtp.login(cfg.user, cfg.password or "")
        smtp.send_message(msg)


def post_webhook(url: str, doc: dict[str, Any]) -> int:
    """POST ``doc`` as JSON to ``url`` (blocking); the HTTP status."""
    req = urllib.request.Request(url, data=json.dumps(doc).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "User-Agent": "typhoon-server"})
    with urllib.request.urlopen(req, timeout=WEBHOOK_TIMEOUT) as r:  # noqa: S310 - http(s) only (accounts.check_webhook)
        return r.status


class Notifier:
    """Sends the turn and invitation notices of one server (background tasks)."""

    def __init__(self, store: Any, mail: MailConfig) -> None:
        self.store = store
        self.mail = mail
        self.tasks: set[asyncio.Task] = set()
        self.sent: list[dict[str, Any]] = []  # what was sent (kind, to): for the operator and tests

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def turn(self, live: Any, side: str) -> None:
        """It is now ``side``'s turn in ``live``: tell the account holding that seat."""
        user_id = live.meta.members.get(side)
        if user_id is None:
            return
        title = live.meta.title or live.pkg.title
        doc = {"event": "your_turn", "game": live.meta.id, "title": title, "seat": side,
               "side_name": live.pkg.side_names.get(side, side), "version": live.game.ply,
               "deadline": live.meta.deadline.isoformat() if live.meta.deadline else None}
        self._spawn(self._turn(user_id, doc, live.seat_key))

    async def _turn(self, user_id: str, doc: dict[str, Any], seat_key: str | None) -> None:
        from .seats import account_seat_key, play_link

        user = await asyncio.to_thread(self.store.user, user_id=user_id)
        if user is None:
            return
        link = self.mail.public_url + play_link(doc["game"], account_seat_key(seat_key, doc["game"], doc["seat"], user_id) if seat_key else None)
        if user.get("notify_email") and self.mail.host:
            when = f"\nYour clock runs out at {doc['deadline']} (UTC).\n" if doc["deadline"] else ""
            body = f"It is your turn ({doc['side_name']}) in {doc['title']}.\n\nPlay: {link}\n{when}\nYour games: {self.mail.public_url}/#games\n"
            await self._mail(user["email"], f"Your turn: {doc['title']}", body, "turn")
        if user.get("webhook"):
            await self._hook(user["webhook"], {**doc, "url": f"{self.mail.public_url}/#games"})

    def invitation(self, email: str, inviter: str, title: str, side_name: str, token: str) -> None:
        """Email an invitation to take a seat (its link holds the invitation token in the fragment)."""
        if not self.mail.host:
            return
        link = f"{self.mail.public_url}/#invite={token}"
        body = (f"{inviter} invites you to play {side_name} in {title}.\n\nSign in (or sign up with this email address) "
                f"and accept: {link}\n")
        self._spawn(self._mail(email, f"Invitation: {title}", body, "invitation"))

    async def _mail(self, to: str, subject: str, body: str, kind: str) -> None:
        try:
            await asyncio.to_thread(send_mail, self.mail, to, subject, body)
            self.sent.append({"kind": kind, "to": to, "via": "email"})
        except Exception as e:  # noqa: BLE001 - a mail server away: logged, the game goes on
            log.warning("cannot send %s email to %s: %s", kind, to, e)

    async def _hook(self, url: str, doc: dict[str, Any]) -> None:
        try:
            status = await asyncio.to_thread(post_webhook, url, doc)
            self.sent.append({"kind": doc["event"], "to": url, "via": "webhook", "status": status})
        except Exception as e:  # noqa: BLE001 - an unreachable webhook: logged, the game goes on
            log.warning("webhook %s failed: %s", url, e)

    async def drain(self) -> None:
        """Wait for the notices under way (shutdown, tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks), return_exceptions=True)
