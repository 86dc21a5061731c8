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
echo "Typhoon is set up in .venv (try: .venv/bin/typhoon --help)"
