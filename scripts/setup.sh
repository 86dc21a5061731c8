#!/usr/bin/env bash
# Set up Typhoon in ./.venv: the engine, terminal play, server and computer players.
#   scripts/setup.sh          base install (play, serve, selfplay, tournaments)
#   scripts/setup.sh --all    everything the test suite uses: research extras (OpenSpiel,
#                             PettingZoo, Gymnasium, MCP), Ray, PostgreSQL driver, test tools,
#                             Debian's chromium for browser tests and Debian's postgresql server
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
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
