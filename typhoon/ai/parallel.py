"""Run many computer-vs-computer games on all local cores or on a Ray cluster.

A job is (player of the game's first side, player of its second side, options, seed, game).
Games are deterministic from their seed, so the results are identical whatever the backend;
they always come back sorted in job order. Ray is optional (``pip install ray==2.60.0``, the ``cluster`` extra).
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Iterable

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


def run_local(jobs: list[Job], workers: int | None = None, progress: bool = False, desc: str = "games") -> list[dict]:
    workers = workers or default_workers()
    results: list[dict | None] = [None] * len(jobs)
    with _progress(len(jobs), progress, desc) as bar:
        if workers <= 1 or len(jobs) <= 1:
            for i, j in enumerate(jobs):
                results[i] = run_job(j)
                bar.update(1)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(run_job, j): i for i, j in enumerate(jobs)}
                for f in as_completed(futures):
                    results[futures[f]] = f.result()
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


def run_ray(jobs: list[Job], address: str = "auto", progress: bool = False, desc: str = "games") -> list[dict]:
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
                results[index[r]] = ray.get(r)
                bar.update(1)
    return results  # type: ignore[return-value]


def run_jobs(jobs: Iterable[Job], workers: int | None = None, ray_address: str | None = None,
             progress: bool = False, desc: str = "games") -> list[dict]:
    """Play every job; results in job order, identical for any backend and worker count."""
    jobs = list(jobs)
    if ray_address:
        return run_ray(jobs, ray_address, progress, desc)
    return run_local(jobs, workers, progress, desc)


def strip_timing(results: list[dict]) -> list[dict]:
    """Results without the wall-clock field (for comparing runs)."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in results]
