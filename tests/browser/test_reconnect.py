"""The page reconnects by itself when the server goes away and comes back (same database)."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.request

import pytest

from .conftest import Api, free_port
from .bfmui import wait_loaded, wait_state

pytestmark = pytest.mark.browser

SERVE = "import sys, uvicorn; from typhoon.server.app import create_app; uvicorn.run(create_app(sys.argv[1]), host='127.0.0.1', port=int(sys.argv[2]), log_level='warning')"


def start(db: str, port: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", SERVE, f"sqlite:///{db}", str(port)])
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/meta", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server subprocess did not start")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_page_reconnects_after_a_server_restart(browser, tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = str(tmp_path / "restart.db")
    proc = start(db, port)
    ctx = browser.new_context()
    try:
        api = Api(base)
        created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": 3})
        gid, seat = created["id"], created["seats"]["both"]
        page = ctx.new_page()
        page.goto(base + created["links"]["both"])
        wait_loaded(page)
        page.wait_for_function("document.querySelector('[data-testid=conn]')?.textContent?.includes('live')")
        stop(proc)
        page.wait_for_function("document.querySelector('[data-testid=conn]')?.textContent?.includes('offline')")
        proc = start(db, port)
        # a move made elsewhere while the page was cut off reaches it after it reconnects
        v = api.view(gid, seat)
        api.post(f"/api/games/{gid}/actions", {"seat": seat, "action": "end", "version": v["version"]})
        wait_state(page, phase="german_movement", timeout=30_000)
        assert "live" in page.locator('[data-testid="conn"]').inner_text()
    finally:
        ctx.close()
        stop(proc)
