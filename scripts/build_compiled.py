"""Compile the engine's hottest pure-Python modules with Cython (optional speed-up).

    .venv/bin/python scripts/build_compiled.py [--force] [--jobs N] [--no-pgo]

The modules of ``MODULES`` are compiled unchanged (Cython's pure Python mode: the same
``.py`` source, no rule rewritten) into ``typhoon/_compiled/``, with ``manifest.json`` naming
each module's extension file and the SHA-256 of the source it was built from;
``typhoon.compiled`` loads a build only while its source is unchanged, and
``TYPHOON_PURE_PYTHON=1`` turns every build off. Intermediate files go to ``build/compiled/``.
The build is profile-guided (GCC: compiled with counters, a training run of 60 random games and
4 of the heuristic, compiled again by the counts; ``PGO_GENERATE``, ``PGO_USE``), which ran
about 8-18 % more random games per CPU second than a plain build (docs/performance.md, session
31); if any step of it fails the build is plain, and ``--no-pgo`` asks for a plain one. The
manifest records which (``build``), and a build made otherwise than asked is rebuilt.

Cython is installed if missing, at the version pinned in pyproject.toml's ``compiled`` extra.
A module whose generated C does integer arithmetic in C where Python would use its own
unbounded integers (a C shift, which could silently lose bits: ``1 << len(...)``; a C power,
which gives a float: ``2 ** (8 * n)``) is refused
and stays pure Python. Exit status 0 when every module is built or up to date, 1 otherwise;
``scripts/setup.sh`` goes on either way (the pure-Python modules are the fallback).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "typhoon" / "_compiled"
WORK = ROOT / "build" / "compiled"

# the hottest modules of random Battle for Moscow games (cProfile of bench/bench_engine.py's
# playouts: together about 90 % of the engine's own time); docs/performance.md
MODULES = (
    "typhoon.games.bfm.movement",
    "typhoon.core.game",
    "typhoon.games.bfm.rules",
    "typhoon.games.bfm.state",
    "typhoon.core.bitboard",
    "typhoon.games.bfm.battles",
    "typhoon.games.bfm.replacements",
    "typhoon.games.bfm.combat",
    "typhoon.games.bfm.sequence",
    "typhoon.games.bfm.actions",
    # the dice, the odds and the edition's data, read at every roll and battle
    "typhoon.core.dice",
    "typhoon.core.odds",
    "typhoon.games.bfm.data",
    # the research observation and the vectorised environment (docs/research.md, "Throughput")
    "typhoon.games.bfm.encoding",
    "typhoon.research.vector",
    # the loop of a game between computer players and the random player (bench/bench_engine.py)
    "typhoon.ai.match",
    "typhoon.ai.base",
    # the search players' playouts: Battle for Moscow's heuristic (the playout policy), its
    # battle expectations and plans, the paths it measures reach and threat with, the search
    # (not ai/evaluate.py, once a playout: ``python -m`` runs it to fit its weights, and a
    # compiled module has no code object for ``-m``)
    "typhoon.core.paths",
    "typhoon.games.bfm.ai.heuristic",
    "typhoon.games.bfm.ai.expect",
    "typhoon.games.bfm.ai.plans",
    "typhoon.ai.search",
    "typhoon.ai.modelled",
    # the larger games' computer players (their greedy players are also their search's playout
    # policy): the core's hex grid they measure distances on; Drive on Moscow's movement costs,
    # supply trace and greedy player
    "typhoon.core.hexgrid",
    "typhoon.games.dom.data",
    "typhoon.games.dom.state",
    "typhoon.games.dom.movement",
    "typhoon.games.dom.supply",
    "typhoon.games.dom.players",
    # Operation Typhoon's movement costs, rules and greedy player (The Moscow Campaign's
    # compiled gained 0-20 % a greedy game, session 37: left pure)
    "typhoon.games.ot.data",
    "typhoon.games.ot.state",
    "typhoon.games.ot.movement",
    "typhoon.games.ot.rules",
    "typhoon.games.ot.players",
)

# Python semantics kept: annotations are not C types, no local variable gets a C integer or
# float type (``infer_types: None`` is Cython's safe inference: a local only ever assigned a
# list, dict, tuple... is known to be one, so its methods are called directly; numbers stay
# Python objects), and an expression Cython still computes in C (``len(x) * 8``) raises
# OverflowError rather than wrap
DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,
    "infer_types": None,
    "overflowcheck": True,
    "binding": True,
}

# a C-level shift in the module's own code (not in a comment): ``(1 << __pyx_t_7)``; or a
# power of C numbers (``2 ** (8 * len(mac))`` becomes ``pow(2.0, (double)...)``: a float where
# Python gives an exact integer)
_C_SHIFT = re.compile(r"<<\s*\(?\s*__pyx_[tv]_|__pyx_[tv]_\w+\s*\)?\s*<<|(?<![\w.])pow\(")


def source_file(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cython_pin() -> str:
    """The Cython requirement of pyproject.toml's ``compiled`` extra (one place for the pin)."""
    doc = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for req in doc["project"]["optional-dependencies"]["compiled"]:
        if req.lower().startswith("cython"):
            return req
    raise SystemExit("pyproject.toml: the 'compiled' extra names no Cython version")


def ensure_cython() -> None:
    """Import Cython, installing the pinned version with pip first if it is missing."""
    try:
        import Cython  # noqa: F401
    except ImportError:
        pin = cython_pin()
        print(f"installing {pin} (to compile the engine's hot modules)")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", pin], check=True)


def read_manifest() -> dict:
    try:
        doc = json.loads((OUT / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if doc.get("suffix") != EXTENSION_SUFFIXES[0] or not isinstance(doc.get("modules"), dict):
        return {}
    return doc["modules"]


def directives_key() -> str:
    """The compiler directives as the manifest records them (a build made with others is stale)."""
    return json.dumps(DIRECTIVES, sort_keys=True)


def up_to_date(module: str, entry: dict | None, pgo: bool = True) -> bool:
    return (entry is not None and (OUT / entry["file"]).is_file()
            and entry.get("sha256") == sha256(source_file(module))
            and entry.get("directives") == directives_key()
            and entry.get("build") == build_kind(pgo))


def c_shifts(c_file: Path) -> list[str]:
    """Lines of generated C that shift C integers (Python's ``<<`` never loses bits) or take a
    power of C numbers (Python's ``**`` of integers is exact)."""
    bad = []
    for line in c_file.read_text(encoding="utf-8", errors="replace").splitlines():
        code = line.strip()
        if code.startswith(("*", "/*", "#")):
            continue
        if _C_SHIFT.search(code):
            bad.append(code)
    return bad


# Profile-guided optimisation (GCC): the modules are compiled with counters, a short training
# run of random games (and a few games of the heuristic) writes the counts (``.gcda`` files
# beside the object files), and the modules are compiled again laid out by them. The same C,
# the same semantics; only the machine code's layout and inlining change (docs/performance.md,
# session 31). ``-fprofile-partial-training``: code the training did not run keeps the ordinary
# optimisation rather than being optimised for size.
PGO_GENERATE = (["-fprofile-generate", "-fprofile-update=single"], ["-fprofile-generate"])
PGO_USE = (["-fprofile-use", "-fprofile-partial-training", "-fprofile-correction", "-Wno-missing-profile"], [])
TRAINING = """
from typhoon.ai.match import play_game
for s in range(60):
    play_game("random", "random", {"edition": ("2009", "1986")[s % 2]}, 910_000 + s)
for s in range(4):
    play_game("heuristic", "heuristic", {"edition": ("2009", "1986")[s % 2]}, 910_000 + s)
"""


def build_kind(pgo: bool) -> str:
    """How a build was made, as the manifest records it (a build made otherwise is stale)."""
    return "pgo" if pgo else "plain"


def train(entries: dict[str, dict]) -> None:
    """The training run of a profile-guided build: the instrumented modules of ``entries``
    (with the up-to-date builds of the others) loaded through a manifest, then the games of
    ``TRAINING`` in a fresh process; raises if the run fails."""
    write_manifest({**read_manifest(), **entries})
    run = subprocess.run([sys.executable, "-c", TRAINING], cwd=ROOT, capture_output=True, text=True, check=False,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    if run.returncode != 0:
        raise RuntimeError(f"the training run failed: {run.stderr.strip()[-300:]}")


def build(modules: list[str], jobs: int, pgo: bool = True) -> dict[str, dict]:
    """Compile ``modules`` (profile-guided if ``pgo``; a plain build if that fails); the
    manifest entries of those built and accepted."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    hashes = {m: sha256(source_file(m)) for m in modules}
    exts = [Extension(m, [str(source_file(m).relative_to(ROOT))]) for m in modules]
    cwd = Path.cwd()

    def compile_all(flags: tuple[list[str], list[str]]) -> Any:
        for ext in accepted:
            # no debug information (Python's own CFLAGS ask for it): a faster build, smaller
            # files; flags go to the extension, after Python's own (CFLAGS would replace those)
            ext.extra_compile_args = ["-g0", *flags[0]]
            ext.extra_link_args = list(flags[1])
        dist = Distribution({"name": "typhoon-compiled", "ext_modules": accepted})
        cmd = dist.get_command_obj("build_ext")
        cmd.build_lib = str(WORK / "lib")
        cmd.build_temp = str(WORK / "tmp")
        cmd.parallel = jobs
        cmd.force = True
        cmd.ensure_finalized()
        cmd.run()
        return cmd

    try:
        os.chdir(ROOT)  # cythonize names modules from paths relative to the package root
        # force: a module is built because its build is stale (another source or other
        # directives), which the timestamps of the C and object files cannot tell
        exts = cythonize(exts, build_dir=str(WORK / "c"), compiler_directives=DIRECTIVES,
                         nthreads=jobs, quiet=True, force=True)
        accepted = []
        for ext in exts:
            c_file = ROOT / ext.sources[0]
            bad = c_shifts(c_file)
            if bad:
                print(f"{ext.name}: not compiled (C integer shift in {c_file.name}: {bad[0][:100]})")
                continue
            accepted.append(ext)
        made = False
        if pgo:
            for old in (WORK / "tmp").rglob("*.gcda"):
                old.unlink()
            try:
                cmd = compile_all(PGO_GENERATE)
                train(install(accepted, cmd, hashes, "instrumented"))
                cmd = compile_all(PGO_USE)
                made = True
            except Exception as e:  # noqa: BLE001 - any failure of the extra steps: a plain build
                print(f"profile-guided build not made ({type(e).__name__}: {e}); a plain build instead")
        if not made:
            cmd = compile_all(([], []))
    finally:
        os.chdir(cwd)
    return install(accepted, cmd, hashes, build_kind(pgo and made))


def install(accepted: list[Any], cmd: Any, hashes: dict[str, str], kind: str) -> dict[str, dict]:
    """Copy the built extensions of ``accepted`` into ``typhoon/_compiled``; their manifest
    entries (a module whose source changed during the build is left out)."""
    OUT.mkdir(parents=True, exist_ok=True)
    entries = {}
    for ext in accepted:
        built = WORK / "lib" / cmd.get_ext_filename(ext.name)
        name = ext.name + EXTENSION_SUFFIXES[0]
        if sha256(source_file(ext.name)) != hashes[ext.name]:
            print(f"{ext.name}: source changed during the build; left pure Python")
            continue
        # a new file renamed over the old one: a process that has the old build loaded keeps
        # its mapping (copying over it in place crashed a running server with a segfault)
        partial = OUT / (name + ".partial")
        shutil.copyfile(built, partial)
        os.replace(partial, OUT / name)
        entries[ext.name] = {"file": name, "sha256": hashes[ext.name], "directives": directives_key(), "build": kind}
    return entries


def write_manifest(entries: dict[str, dict]) -> None:
    manifest = {"suffix": EXTENSION_SUFFIXES[0], "python": sys.version.split()[0],
                "modules": {m: entries[m] for m in MODULES if m in entries}}
    (OUT / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--force", action="store_true", help="rebuild every module")
    ap.add_argument("--jobs", type=int, default=2, help="parallel compilations (default 2)")
    ap.add_argument("--no-pgo", dest="pgo", action="store_false",
                    help="a plain build, without profile-guided optimisation")
    args = ap.parse_args(argv)
    old = {} if args.force else read_manifest()
    keep = {m: old[m] for m in MODULES if up_to_date(m, old.get(m), args.pgo)}
    todo = [m for m in MODULES if m not in keep]
    if not todo and set(old) == set(keep):  # else a module left MODULES: rewrite the manifest without it
        print(f"compiled modules up to date ({len(keep)} in typhoon/_compiled)")
        return 0
    entries = dict(keep)
    try:
        if todo:
            ensure_cython()
            print(f"compiling {len(todo)} module(s) with Cython: {', '.join(m.rsplit('.', 1)[1] for m in todo)}")
            entries.update(build(todo, max(1, args.jobs), args.pgo))
    except (Exception, SystemExit) as e:  # no Cython, no compiler, a failed compilation: pure Python
        print(f"compiled modules not built ({type(e).__name__}: {e})")
    OUT.mkdir(parents=True, exist_ok=True)
    for stale in OUT.glob("*" + EXTENSION_SUFFIXES[0]):
        if stale.name not in {e["file"] for e in entries.values()}:
            stale.unlink()
    write_manifest(entries)
    missing = [m for m in MODULES if m not in entries]
    print(f"compiled modules: {len(entries)} of {len(MODULES)} in typhoon/_compiled"
          + (f" (pure Python: {', '.join(missing)})" if missing else ""))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
