#!/usr/bin/env bash
# Start a throw-away PostgreSQL server for the server's store tests and print the URL to export.
#
#   eval "$(sudo scripts/pg_test_setup.sh | grep ^export)"   # or copy the printed line
#   .venv/bin/python -m pytest -q tests/server -m postgres
#
# Installs Debian's postgresql package if missing, creates a cluster under $PGDATA_DIR
# (default /tmp/typhoon-pg) owned by the postgres user, starts it on a free loopback port,
# and creates the role and database typhoon_test. Run as root. Stop it with:
#   su postgres -c "pg_ctl -D /tmp/typhoon-pg stop"
set -euo pipefail

PGDATA_DIR=${PGDATA_DIR:-/tmp/typhoon-pg}
DB=${PG_TEST_DB:-typhoon_test}
PGUSER_NAME=${PG_TEST_USER:-typhoon_test}
PGPASS=${PG_TEST_PASSWORD:-typhoon_test}

if [ "$(id -u)" != 0 ]; then
  echo "pg_test_setup.sh: run as root (it installs packages and runs commands as the postgres user)" >&2
  exit 1
fi

bindir=""
find_bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -n "$d" ] && [ -x "$d/initdb" ]; then bindir=$d; fi
}
find_bindir
if [ -z "$bindir" ]; then
  echo "installing Debian's postgresql package..." >&2
  apt-get update >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql >&2
  find_bindir
fi
if [ -z "$bindir" ]; then
  echo "pg_test_setup.sh: PostgreSQL binaries not found after installing" >&2
  exit 1
fi

as_pg() { su postgres -s /bin/sh -c "$*"; }

if [ -f "$PGDATA_DIR/postmaster.pid" ] && as_pg "$bindir/pg_ctl -D '$PGDATA_DIR' status" >/dev/null 2>&1; then
  PORT=$(sed -n 4p "$PGDATA_DIR/postmaster.pid")
  echo "reusing the running cluster in $PGDATA_DIR on port $PORT" >&2
else
  if [ ! -f "$PGDATA_DIR/PG_VERSION" ]; then
    mkdir -p "$PGDATA_DIR"
    chown postgres:postgres "$PGDATA_DIR"
    as_pg "$bindir/initdb -D '$PGDATA_DIR' --auth-local=trust --auth-host=scram-sha-256 -U postgres >/dev/null"
  fi
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  as_pg "$bindir/pg_ctl -D '$PGDATA_DIR' -l '$PGDATA_DIR/server.log' -w \
    -o \"-p $PORT -c listen_addresses=127.0.0.1 -k $PGDATA_DIR\" start" >&2
fi

psql_pg() { as_pg "psql -h '$PGDATA_DIR' -p $PORT -U postgres -v ON_ERROR_STOP=1 -qtA -c \"$1\""; }
if [ "$(psql_pg "SELECT 1 FROM pg_roles WHERE rolname='$PGUSER_NAME'")" != 1 ]; then
  psql_pg "CREATE ROLE $PGUSER_NAME LOGIN PASSWORD '$PGPASS'"
fi
if [ "$(psql_pg "SELECT 1 FROM pg_database WHERE datname='$DB'")" != 1 ]; then
  psql_pg "CREATE DATABASE $DB OWNER $PGUSER_NAME"
fi

echo "PostgreSQL is running on 127.0.0.1:$PORT (data in $PGDATA_DIR)" >&2
echo "export TYPHOON_TEST_POSTGRES_URL=postgresql+psycopg://$PGUSER_NAME:$PGPASS@127.0.0.1:$PORT/$DB"
