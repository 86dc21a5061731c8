#!/usr/bin/env bash
# Set up everything (scripts/setup.sh --all), start a throwaway PostgreSQL for the server
# tests, and run every test. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --all
if [ -z "${TYPHOON_TEST_POSTGRES_URL:-}" ] && [ -f scripts/pg_test_setup.sh ]; then
  eval "$(bash scripts/pg_test_setup.sh | grep '^export ' || true)"
fi
mkdir -p artifacts
# the layer contracts of docs/architecture.md (core knows no game; front ends use the contract)
.venv/bin/lint-imports
.venv/bin/python -m pytest -q "$@"
