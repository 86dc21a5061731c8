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
# on every core, hyperthreads counted (pytest-xdist; TYPHOON_TEST_WORKERS=0 for one process, as
# before): tests that share one resource (the PostgreSQL database) carry
# @pytest.mark.xdist_group and run in one worker
.venv/bin/python -m pytest -q -n "${TYPHOON_TEST_WORKERS:-logical}" --dist loadgroup "$@"
