"""A real server process killed with SIGKILL loses no acknowledged action."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

TYPHOON = Path(sys.executable).parent / "typhoon"


def start_server(db: Path, cwd: Path) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [str(TYPHOON), "serve", "--host", "127.0.0.1", "--port", "0", "--database", f"sqlite:///{db}"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd,
    )
    deadline = time.monotonic() + 30
    lines = []
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        m = re.search(r"Typhoon is running at (http://\S+?)/?\s", line)
        if m:
            return proc, m.group(1)
    proc.kill()
    raise AssertionError("the server did not start:\n" + "".join(lines))


@pytest.mark.slow
def test_sigkill_loses_no_acknowledged_action(tmp_path):
    db = tmp_path / "kill.db"
    proc, base = start_server(db, tmp_path)
    acknowledged: list[str] = []
    try:
        with httpx.Client(base_url=base, timeout=10) as c:
            g = c.post("/api/games", json={"mode": "hotseat", "seed": 21}).json()
            gid, seat = g["id"], g["seats"]["both"]
            v = c.get(f"/api/games/{gid}", params={"seat": seat}).json()
            # concurrent actions on the real server: exactly one of the same version wins
            codes = []

            def send(a):
                with httpx.Client(base_url=base, timeout=10) as cc:
                    codes.append(cc.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": a, "version": 0}).status_code)

            threads = [threading.Thread(target=send, args=(a,)) for a in v["legal"][:8]]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(codes) == [200] + [409] * 7
            v = c.get(f"/api/games/{gid}", params={"seat": seat}).json()
            for _ in range(40):
                if not v["you_act"]:
                    break
                r = c.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": v["legal"][-1], "version": v["version"]})
                assert r.status_code == 200, r.text
                v = r.json()
            acknowledged = [e["action"] for e in v["log"]]
            assert len(acknowledged) > 20
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    proc2, base2 = start_server(db, tmp_path)
    try:
        with httpx.Client(base_url=base2, timeout=10) as c:
            w = c.get(f"/api/games/{gid}", params={"seat": seat}).json()
            assert [e["action"] for e in w["log"]] == acknowledged
            assert w["position"] == v["position"]
            r = c.post(f"/api/games/{gid}/actions", json={"seat": seat, "action": w["legal"][0], "version": w["version"]})
            assert r.status_code == 200
    finally:
        proc2.terminate()
        proc2.wait(10)
