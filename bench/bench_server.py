"""Benchmark of the game server over WebSocket on loopback.

Starts ``typhoon serve`` in a subprocess (temporary SQLite database unless --database),
then measures:

1. action round-trip latency: one hot-seat client alternating a legal action and its undo
   (fresh game, then a game some hundred plies in), time from send to the new view;
2. 100 concurrent games: 100 WebSocket clients, each playing random legal actions in its own
   hot-seat game; throughput (actions per second) and latency.

With ``--processes 1,2`` (the default) parts 2 and 3 run on one server process, then on two
processes sharing one database: each game is created on one process and played over a
WebSocket of the other, so every action crosses processes (store + LISTEN/NOTIFY). Two
processes need PostgreSQL (``--database postgresql+psycopg://...``, or the
``TYPHOON_TEST_POSTGRES_URL`` environment variable); on SQLite only one process runs.

Bounded in time and count; loopback only. Run:  .venv/bin/python bench/bench_server.py
Targets: p99 round trip < 20 ms; 100 concurrent games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

TYPHOON = Path(sys.executable).parent / "typhoon"


def stop_server(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGKILL)


def start_server(database: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(
        [str(TYPHOON), "serve", "--host", "127.0.0.1", "--port", "0", "--database", database, "--no-rate-limits"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        m = re.search(r"Typhoon is running at (http://\S+?)/?\s", line)
        if m:
            return proc, m.group(1)
    proc.kill()
    raise SystemExit("the server did not start")


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def show(name: str, ms: list[float]) -> None:
    print(f"  {name}: n={len(ms)} median {statistics.median(ms):.2f} ms, p90 {pct(ms, 90):.2f} ms, "
          f"p99 {pct(ms, 99):.2f} ms, max {max(ms):.2f} ms")


async def request(ws, msg: dict, version: int) -> tuple[dict, float]:
    """Send a message and wait for the view that follows it; returns (view, seconds)."""
    t = time.perf_counter()
    await ws.send(json.dumps(msg))
    while True:
        reply = json.loads(await ws.recv())
        if reply["type"] == "error":
            raise RuntimeError(f"{msg}: {reply}")
        if reply["view"]["version"] != version:
            return reply["view"], time.perf_counter() - t


def undoable(view: dict) -> str | None:
    for a in view["legal"]:
        if a.split()[0] in ("attack", "move", "place", "restore", "reinforce", "setup"):
            return a
    return None


async def latency(base: str, pairs: int, warm_plies: int, seed: int) -> list[float]:
    """Alternate an undoable action and its undo; warm_plies random plies are played first."""
    async with httpx.AsyncClient(base_url=base) as http:
        g = (await http.post("/api/games", json={"mode": "hotseat", "seed": seed})).json()
    gid, seat = g["id"], g["seats"]["both"]
    rng = random.Random(seed)
    times: list[float] = []
    async with connect(f"{base.replace('http', 'ws')}/ws/games/{gid}?seat={seat}", max_size=None) as ws:
        view = json.loads(await ws.recv())["view"]
        while view["version"] < warm_plies or undoable(view) is None:
            if view["outcome"]:
                raise SystemExit("game ended while warming up; choose fewer plies")
            view, _ = await request(ws, {"type": "action", "action": rng.choice(view["legal"]), "version": view["version"]}, view["version"])
        for _ in range(pairs):
            a = undoable(view)
            view, dt = await request(ws, {"type": "action", "action": a, "version": view["version"]}, view["version"])
            times.append(dt * 1000)
            view, dt = await request(ws, {"type": "undo", "version": view["version"]}, view["version"])
            times.append(dt * 1000)
    return times


async def one_game(base: str, gid: str, seat: str, actions: int, seed: int, times: list[float], think: float) -> int:
    rng = random.Random(seed)
    done = 0
    async with connect(f"{base.replace('http', 'ws')}/ws/games/{gid}?seat={seat}", max_size=None) as ws:
        view = json.loads(await ws.recv())["view"]
        while done < actions and not view["outcome"]:
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            view, dt = await request(ws, {"type": "action", "action": rng.choice(view["legal"]), "version": view["version"]}, view["version"])
            times.append(dt * 1000)
            done += 1
    return done


async def concurrent(bases: list[str], games: int, actions: int, think: float) -> tuple[list[float], int, float]:
    """Game i is created on process i and played on process i+1 (of ``bases``)."""
    made = []
    for i in range(games):
        async with httpx.AsyncClient(base_url=bases[i % len(bases)], timeout=30) as http:
            made.append((await http.post("/api/games", json={"mode": "hotseat", "seed": i})).json())
    times: list[float] = []
    t = time.perf_counter()
    counts = await asyncio.wait_for(
        asyncio.gather(*(one_game(bases[(i + 1) % len(bases)], g["id"], g["seats"]["both"], actions, i, times, think)
                         for i, g in enumerate(made))), 300
    )
    return times, sum(counts), time.perf_counter() - t


async def main_async(args: argparse.Namespace, bases: list[str]) -> None:
    base = bases[0]
    print(f"{len(bases)} server process(es) {bases} (database {args.database_shown})")
    if args.pairs:
        print(f"1. round trip, action + undo alternating ({2 * args.pairs} actions per game)")
        show("fresh game (ply 0)", await latency(base, args.pairs, 0, 1))
        show(f"game after {args.warm} plies", await latency(base, args.pairs, args.warm, 2))
    print(f"2. {args.games} concurrent games, {args.actions} random legal actions each, no pause (saturation)")
    times, n, secs = await concurrent(bases, args.games, args.actions, 0.0)
    print(f"  {n} actions in {secs:.2f} s: {n / secs:.0f} actions/s over {args.games} WebSocket clients")
    show("round trip at saturation", times)
    if args.think:
        print(f"3. {args.games} concurrent games, {args.actions} actions each, {args.think:.1f} s mean pause between actions (players thinking)")
        times, n, secs = await concurrent(bases, args.games, args.actions, args.think)
        print(f"  {n} actions in {secs:.2f} s: {n / secs:.0f} actions/s offered by {args.games} WebSocket clients")
        show("round trip at that load", times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=200, help="action+undo pairs per latency run (default 200)")
    ap.add_argument("--warm", type=int, default=200, help="plies played before the second latency run")
    ap.add_argument("--games", type=int, default=100, help="concurrent games (default 100)")
    ap.add_argument("--actions", type=int, default=40, help="actions per concurrent game (default 40)")
    ap.add_argument("--think", type=float, default=1.0, help="mean pause between actions in part 3 (seconds)")
    ap.add_argument("--database", default=os.environ.get("TYPHOON_TEST_POSTGRES_URL"),
                    help="database URL (default: $TYPHOON_TEST_POSTGRES_URL, else a temporary SQLite file)")
    ap.add_argument("--processes", default="1,2", help="server processes to compare, e.g. 1,2 (default) or 1")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="typhoon-bench-")
    database = args.database or f"sqlite:///{tmp}/bench.db"
    args.database_shown = re.sub(r"//[^@/]*@", "//***@", database)
    counts = [int(n) for n in args.processes.split(",") if n.strip()]
    if database.startswith("sqlite") and any(n > 1 for n in counts):
        print("several processes need PostgreSQL (--database postgresql+psycopg://...): running one process only")
        counts = [1]
    for n in counts:
        procs = [start_server(database) for _ in range(n)]
        try:
            asyncio.run(main_async(args, [b for _, b in procs]))
        finally:
            for proc, _ in procs:
                stop_server(proc)


if __name__ == "__main__":
    main()
