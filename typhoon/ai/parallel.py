"""Run many computer-vs-computer games on all local cores or on a Ray cluster.

A job is (player of the game's first side, player of its second side, options, seed, game).
Games are deterministic from their seed, so the results are identical whatever the backend;
they always come back sorted in job order. Ray is optional (``pip install ray==2.60.0``, the ``cluster`` extra).
A ``Journal`` (a JSON-lines file) keeps every finished game as it ends, so a long run that is
stopped resumes where it stopped (``run_jobs(..., journal=PATH)``; ``typhoon tournament --out``).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Callable, Iterable

from ..core.errors import TyphoonError
from .base import DEFAULT_GAME


@dataclass(frozen=True)
class Job:
    """One game to play: ``first`` plays the game's first side, ``second`` its second."""

    first: str
    second: str
    options: dict[str, Any] = field(default_factory=dict, hash=False)
    seed: int = 0
    game: str = DEFAULT_GAME

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": [self.first, self.second], "options": dict(self.options),
                "seed": self.seed}


def run_job(job: Job) -> dict[str, Any]:
    """Play one game; returns the GameResult's JSON (match.GameResult.to_json) plus the job's options."""
    from .match import play_game

    _, res = play_game(job.first, job.second, dict(job.options), job.seed, game_name=job.game)
    out = res.to_json()
    out["options"] = dict(job.options)
    return out


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def _progress(total: int, show: bool, desc: str):
    from tqdm import tqdm

    return tqdm(total=total, disable=not show, desc=desc, unit="game", file=sys.stderr, leave=False)


#: called with each job and its result as the game ends (``Journal.write``)
OnResult = Callable[[Job, dict], None]


def run_local(jobs: list[Job], workers: int | None = None, progress: bool = False, desc: str = "games",
              on_result: OnResult | None = None) -> list[dict]:
    workers = workers or default_workers()
    results: list[dict | None] = [None] * len(jobs)
    with _progress(len(jobs), progress, desc) as bar:
        if workers <= 1 or len(jobs) <= 1:
            for i, j in enumerate(jobs):
                results[i] = run_job(j)
                if on_result is not None:
                    on_result(j, results[i])  # type: ignore[arg-type]
                bar.update(1)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(run_job, j): i for i, j in enumerate(jobs)}
                for f in as_completed(futures):
                    i = futures[f]
                    results[i] = f.result()
                    if on_result is not None:
                        on_result(jobs[i], results[i])  # type: ignore[arg-type]
                    bar.update(1)
    return results  # type: ignore[return-value]


def _ray():
    try:
        import ray
    except ImportError:
        raise TyphoonError(
            "the Ray backend needs the 'ray' package: pip install 'ray[default]==2.60.0' (or install typhoon[cluster])"
        ) from None
    return ray


def run_ray(jobs: list[Job], address: str = "auto", progress: bool = False, desc: str = "games",
            on_result: OnResult | None = None) -> list[dict]:
    """Run on a Ray cluster: ``address`` is 'auto' (a running cluster, or a local one started for
    the occasion), 'local' (always start a local one) or 'ray://host:port' / 'host:port'."""
    ray = _ray()
    if not ray.is_initialized():
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        elif address == "auto":
            try:
                ray.init(address="auto", log_to_driver=False)
            except (ConnectionError, RuntimeError):
                ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    remote = ray.remote(run_job)
    refs = [remote.remote(j) for j in jobs]
    index = {r: i for i, r in enumerate(refs)}
    results: list[dict | None] = [None] * len(jobs)
    pending = list(refs)
    with _progress(len(jobs), progress, desc) as bar:
        while pending:
            done, pending = ray.wait(pending, num_returns=min(len(pending), 16), timeout=None)
            for r in done:
                i = index[r]
                results[i] = ray.get(r)
                if on_result is not None:
                    on_result(jobs[i], results[i])  # type: ignore[arg-type]
                bar.update(1)
    return results  # type: ignore[return-value]


# how every line of a games file begins (``Journal.write``; the second: files written before
# the lines recorded the code)
_LINE_START = ('{"code": ', '{"job": ')


#: the parts of the package whose code decides how a game is played (rules, data, players)
_PLAYING_CODE = ("core", "games", "ai")
_PACKAGE = Path(__file__).resolve().parent.parent


@cache
def code_version(package: Path = _PACKAGE) -> str:
    """A short hash of the sources and data files that decide how a game is played (the
    ``.py`` and ``.json`` files under the package's ``core``, ``games`` and ``ai``): the games
    file records it with every game, so a game played by other code is never taken for one
    of this code's (the compiled builds are made from these same sources)."""
    digest = hashlib.sha256()
    for part in _PLAYING_CODE:
        for path in sorted((package / part).rglob("*")):
            if path.suffix in (".py", ".json") and path.is_file():
                digest.update(path.relative_to(package).as_posix().encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


class Journal:
    """The finished games of a run, one JSON line each (``{"code": ..., "job": ..., "result":
    ...}``), written as each game ends: a run given the same file again takes the games it holds
    from it and plays only the others (a stopped study resumes where it stopped). A game is
    known by its players, options, seed and game, and by the code that played it
    (``code_version``): a game played by other code (a player changed since, or a line written
    before the file recorded the code) is played again, never mixed in; ``stale`` counts them."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.code = code_version()
        self.done: dict[str, dict] = {}
        self.stale = 0  # lines of games played by other code (kept in the file, not reused)
        try:
            text = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
        except (OSError, UnicodeDecodeError) as e:
            raise TyphoonError(f"{self.path}: cannot read the games file ({e})") from None
        lines = text.split("\n")
        cut = lines.pop()  # "" when the file ends with a newline, as every line written here does
        if cut and not cut.startswith(_LINE_START):
            lines.append(cut)  # not a line of ours cut short: read it (and refuse it) as it is
            cut = ""
        for n, line in enumerate(lines, 1):
            try:
                doc = json.loads(line)
                key, result = self.key(doc["job"]), doc["result"]
                if doc.get("code") == self.code:
                    self.done[key] = result
                else:
                    self.stale += 1
            except (ValueError, KeyError, TypeError):
                raise TyphoonError(f"{self.path}, line {n}: not a game of a typhoon run "
                                   "(a JSON object with 'job' and 'result')") from None
        if cut:  # a line cut short by a stopped run: dropped, so the file ends cleanly again
            self._rewrite(lines)
        try:
            self._file = self.path.open("a", encoding="utf-8")
        except OSError as e:
            raise TyphoonError(f"{self.path}: cannot write the games file ({e})") from None

    def _rewrite(self, lines: list[str]) -> None:
        try:
            self.path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        except OSError as e:
            raise TyphoonError(f"{self.path}: cannot write the games file ({e})") from None

    @staticmethod
    def key(job: dict[str, Any]) -> str:
        return json.dumps(job, sort_keys=True)

    def get(self, job: Job) -> dict | None:
        """The result of ``job`` if the file holds it."""
        return self.done.get(self.key(job.to_json()))

    def write(self, job: Job, result: dict) -> None:
        self._file.write(json.dumps({"code": self.code, "job": job.to_json(), "result": result}) + "\n")
        self._file.flush()

    def close(self) -> None:
        self._file.close()


def run_jobs(jobs: Iterable[Job], workers: int | None = None, ray_address: str | None = None,
             progress: bool = False, desc: str = "games", journal: str | os.PathLike | None = None) -> list[dict]:
    """Play every job; results in job order, identical for any backend and worker count.
    ``journal``: a games file (``Journal``) that keeps each game as it ends and supplies the
    games it already holds."""
    jobs = list(jobs)
    book = None if journal is None else Journal(journal)
    known = [None if book is None else book.get(j) for j in jobs]
    todo = [j for j, r in zip(jobs, known) if r is None]
    if book is not None and book.stale:
        print(f"{book.stale} game(s) in {book.path} were played by another version of the code: "
              "not reused (played again if this run needs them)", file=sys.stderr)
    if len(todo) < len(jobs):
        print(f"{len(jobs) - len(todo)} of {len(jobs)} games read from {book.path}", file=sys.stderr)  # type: ignore[union-attr]
    on_result = None if book is None else book.write
    try:
        if ray_address:
            fresh = run_ray(todo, ray_address, progress, desc, on_result)
        else:
            fresh = run_local(todo, workers, progress, desc, on_result)
    finally:
        if book is not None:
            book.close()
    it = iter(fresh)
    return [r if r is not None else next(it) for r in known]


TIMING_FIELDS = ("seconds", "think")  # the fields of a result that measure time, not the game


def strip_timing(results: list[dict]) -> list[dict]:
    """Results without the timing fields (``TIMING_FIELDS``: for comparing runs)."""
    return [{k: v for k, v in r.items() if k not in TIMING_FIELDS} for r in results]
