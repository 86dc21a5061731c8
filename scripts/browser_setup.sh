#!/usr/bin/env bash
# Set up what the browser tests (tests/browser/) need: Debian's chromium and the pinned Playwright.
# Playwright drives /usr/bin/chromium directly; never run `playwright install` (no browser downloads).
# Usage: scripts/browser_setup.sh            (run as root, or with sudo available, for apt)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium
fi
/usr/bin/chromium --version

PY=".venv/bin/python"
[ -x "$PY" ] || PY="python3"
"$PY" -m pip install "playwright==1.65.2"
"$PY" -c "import playwright; from importlib.metadata import version; print('playwright', version('playwright'))"
echo "ready: $PY -m pytest -q tests/browser"
