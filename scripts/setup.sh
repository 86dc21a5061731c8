#!/usr/bin/env bash
# Set up Typhoon in ./.venv: the engine, terminal play, server and computer players.
#   scripts/setup.sh          base install (play, serve, selfplay, tournaments)
#   scripts/setup.sh --all    everything the test suite uses: research extras (OpenSpiel,
#                             PettingZoo, Gymnasium, MCP), Ray, PostgreSQL driver, test tools,
#                             Debian's chromium for browser tests and Debian's postgresql server
set -euo pipefail
cd "$(dirname "$0")/.."
# The interpreter: $PYTHON if set; else the system's /usr/bin/python3 where it is 3.11+ and can
# make a venv and build extensions (Debian's is built with profile-guided and link-time
# optimisation and linked statically: the engine runs about 15 % faster on it than on a plain
# source build such as pyenv's, docs/performance.md); else python3 from the PATH.
system_python_fits() {
  [ -x /usr/bin/python3 ] && /usr/bin/python3 - <<'PYEOF' >/dev/null 2>&1
import ensurepip, os, sys, sysconfig, venv
sys.exit(0 if sys.version_info >= (3, 11) and os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")) else 1)
PYEOF
}
if [ -n "${PYTHON:-}" ]; then
  PY=$PYTHON
elif system_python_fits; then
  PY=/usr/bin/python3
else
  PY=python3
fi
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
elif [ -z "${PYTHON:-}" ] && [ "$PY" = /usr/bin/python3 ]; then
  # an existing .venv is kept; say so when it runs on another interpreter than the faster one
  venv_base=$(.venv/bin/python -c 'import os, sys; print(os.path.realpath(sys._base_executable))' 2>/dev/null || true)
  if [ "$venv_base" != "$(realpath /usr/bin/python3)" ]; then
    echo "note: .venv runs on ${venv_base:-another interpreter}; the system's optimised Python is faster" \
         "(rm -rf .venv && scripts/setup.sh to switch; docs/performance.md)"
  fi
fi
if [ "${1:-}" = "--all" ]; then
  .venv/bin/python -m pip install --quiet -e ".[dev,research,postgres,cluster,browser,rl,maps]"
  bash scripts/system_packages.sh
else
  .venv/bin/python -m pip install --quiet -e .
fi
# optional speed-up: compiled (Cython) builds of the engine's hottest modules, from the same
# source (scripts/build_compiled.py; skipped when TYPHOON_PURE_PYTHON=1). Never fatal: without
# them the pure-Python modules run, with the same results.
if [ -z "${TYPHOON_PURE_PYTHON:-}" ] || [ "${TYPHOON_PURE_PYTHON}" = "0" ]; then
  .venv/bin/python scripts/build_compiled.py \
    || echo "note: the compiled modules were not (all) built; the engine runs them as pure Python"
fi
echo "Typhoon is set up in .venv (try: .venv/bin/typhoon --help)"
