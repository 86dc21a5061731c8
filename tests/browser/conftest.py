"""Fixtures for the browser tests: the real server in a thread, Debian's chromium via Playwright.

Setup: scripts/browser_setup.sh (apt chromium + pinned playwright). Never `playwright install`.
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"

pytestmark = pytest.mark.browser

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing: run scripts/browser_setup.sh (apt-get install chromium)", allow_module_level=True)
try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover
    pytest.skip("playwright is not installed: run scripts/browser_setup.sh (pip install playwright==1.65.2)", allow_module_level=True)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.browser)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Api:
    """A tiny JSON client of the server, for arranging and checking what the browser does."""

    def __init__(self, base: str) -> None:
        self.base = base

    def call(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            raise AssertionError(f"{method} {path} -> {e.code}: {e.read().decode()}") from None

    def get(self, path: str):
        return self.call("GET", path)

    def post(self, path: str, body):
        return self.call("POST", path, body)

    def view(self, gid: str, seat: str | None = None):
        return self.get(f"/api/games/{gid}" + (f"?seat={seat}" if seat else ""))


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    import uvicorn

    from typhoon.server.app import create_app
    from typhoon.server.guard import RateLimits

    db = tmp_path_factory.mktemp("db") / "browser.db"
    port = free_port()
    # the browser tests create many games from one address: the rate limits are the server tests' subject
    config = uvicorn.Config(create_app(f"sqlite:///{db}", rate_limits=RateLimits.unlimited()), host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio")
    srv = uvicorn.Server(config)
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    deadline = time.time() + 30
    while not srv.started:
        if time.time() > deadline or not t.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    t.join(10)


@pytest.fixture(scope="session")
def api(server) -> Api:
    return Api(server)


@pytest.fixture(scope="package")
def browser():
    # package scope: Playwright's sync API holds an event loop in this thread while it runs, so it
    # must stop before the other folders' tests call asyncio.run()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser, tmp_path):
    ctx = browser.new_context(viewport={"width": 1400, "height": 860}, accept_downloads=True)
    ctx.set_default_timeout(20_000)
    yield ctx
    try:
        ctx.close()
    except Exception:
        pass


@pytest.fixture
def page(context):
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.js_errors = errors  # type: ignore[attr-defined]
    yield pg
    assert not errors, f"JavaScript errors in the page: {errors}"


PHONE = {"width": 390, "height": 844}  # a phone, portrait (issue 15)
@pytest.fixture
def phone(browser):
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    ctx.set_default_timeout(30_000)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


@pytest.fixture(scope="session")
def shot():
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name: str) -> Path:
        path = SHOTS / f"{name}.png"
        page.screenshot(path=str(path))
        return path

    return take


def pytest_sessionstart(session):
    # stale screenshots would mislead whoever looks at them
    if SHOTS.exists():
        shutil.rmtree(SHOTS, ignore_errors=True)


class Mailbox:
    """A local SMTP server's inbox (aiosmtpd): every message as {to, subject, body}."""

    def __init__(self) -> None:
        self.messages: list[dict] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        import email

        msg = email.message_from_bytes(envelope.content)
        self.messages.append({"to": list(envelope.rcpt_tos), "subject": msg["Subject"], "body": msg.get_payload(decode=True).decode()})
        return "250 OK"

    def wait_for(self, pred, timeout: float = 20.0) -> dict:
        deadline = time.time() + timeout
        while time.time() < deadline:
            for m in self.messages:
                if pred(m):
                    return m
            time.sleep(0.1)
        raise AssertionError(f"no such email; got {[(m['to'], m['subject']) for m in self.messages]}")


@pytest.fixture(scope="module")
def mail_server(tmp_path_factory):
    """(base URL, Mailbox): a server of its own that sends email to a local aiosmtpd server and
    checks the clocks every 0.2 s (the asynchronous-play tests)."""
    import uvicorn
    from aiosmtpd.controller import Controller

    from typhoon.server.app import create_app
    from typhoon.server.notify import MailConfig

    box = Mailbox()
    smtp_port = free_port()
    ctl = Controller(box, hostname="127.0.0.1", port=smtp_port)
    ctl.start()
    db = tmp_path_factory.mktemp("maildb") / "async.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    mail = MailConfig(host="127.0.0.1", port=smtp_port, sender="typhoon@test.invalid", public_url=base)
    config = uvicorn.Config(create_app(f"sqlite:///{db}", mail=mail, clock_interval=0.2), host="127.0.0.1", port=port,
                            log_level="warning", ws="websockets-sansio")
    srv = uvicorn.Server(config)
    t = threading.Thread(target=srv.run, daemon=True)
    t.start()
    deadline = time.time() + 30
    while not srv.started:
        if time.time() > deadline or not t.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield base, box
    srv.should_exit = True
    t.join(10)
    ctl.stop()
