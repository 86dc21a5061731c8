#!/usr/bin/env bash
# Debian packages the tests use: chromium (browser tests; never a downloaded browser) and
# postgresql (server tests against a real PostgreSQL). Installed only when missing.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || [ -d /usr/lib/postgresql ] || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
