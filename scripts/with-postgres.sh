#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throw-away PostgreSQL 15 cluster on a free port,
# then stops the cluster and removes it. Usage: scripts/with-postgres.sh COMMAND [ARGS…]
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
dir=$(mktemp -d /tmp/lokal-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

# PostgreSQL refuses to run as root; use the postgres system user then.
as_pg=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

cleanup() {
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U lokal --auth=trust -E UTF8 >/dev/null
# The settings live in the cluster's own file, so a plain `pg_ctl start` after a stop brings the same server back.
cat >>"$dir/data/postgresql.conf" <<CONF
port = $port
unix_socket_directories = '$dir'
listen_addresses = '127.0.0.1'
fsync = off
max_connections = 200
CONF
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w start >/dev/null
"${as_pg[@]}" "$bin/createdb" -h 127.0.0.1 -p "$port" -U lokal lokal

export DATABASE_URL="postgres://lokal@127.0.0.1:$port/lokal"
# For a bench that stops and starts the server under load (bench/load.mjs with BENCH_RESTART_DB=1).
export LOKAL_PG_DATA="$dir/data"
echo "PostgreSQL 15 on port $port"
"$@"
