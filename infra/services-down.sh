#!/usr/bin/env bash
# Stops what services-up.sh started (the same ports and ES_NODES): its Elasticsearch node or nodes, its
# Postgres and its Redis, each known by the pid file under the cache directory. Idempotent; a server that
# services-up.sh did not start (one given by its URL) has no pid file there and is left alone.
# SERVICES=elasticsearch stops Elasticsearch only.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=/dev/null
source "$here/services.env"
ES_PORT="${ES_PORT:-$DD_ES_PORT}"
ES_NODES="${ES_NODES:-1}"
PG_PORT="${PG_PORT:-$DD_PG_PORT}"
REDIS_PORT="${REDIS_PORT:-$DD_REDIS_PORT}"
SERVICES="${SERVICES:-elasticsearch,postgres,redis}"
# Root's home is closed to the unprivileged users that run Elasticsearch and Postgres, so root caches under /var/cache.
if [ "$(id -u)" = 0 ]; then default_cache=/var/cache/designer-directory; else default_cache="${XDG_CACHE_HOME:-$HOME/.cache}/designer-directory"; fi
CACHE_DIR="${DD_CACHE_DIR:-$default_cache}"
log() { printf '[services:down] %s\n' "$*" >&2; }
wanted() { [[ ",$SERVICES," == *",$1,"* ]]; }

# Ends the process in a pid file (its first line) and waits for it: TERM, then KILL after a minute.
stop_pid_file() {
  local name="$1" pid_file="$2" signal="${3:-TERM}" pid
  if [ -f "$pid_file" ] && pid="$(head -n1 "$pid_file")" && kill -0 "$pid" 2>/dev/null; then
    kill "-$signal" "$pid"
    for _ in $(seq 1 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    log "$name stopped"
  else
    log "$name was not running"
  fi
}

if wanted elasticsearch; then
  for ((i = 0; i < ES_NODES; i++)); do
    port=$((ES_PORT + i))
    stop_pid_file "Elasticsearch on port $port" "$CACHE_DIR/es-run-$port/es.pid"
    rm -f "$CACHE_DIR/es-run-$port/es.pid"
  done
fi
# INT is Postgres' fast shutdown (TERM would wait for every client to leave); its postmaster.pid goes with it.
wanted postgres && stop_pid_file "Postgres on port $PG_PORT" "$CACHE_DIR/postgres-$PG_PORT/data/postmaster.pid" INT
if wanted redis; then
  stop_pid_file "Redis on port $REDIS_PORT" "$CACHE_DIR/redis-$REDIS_PORT/redis.pid"
  rm -f "$CACHE_DIR/redis-$REDIS_PORT/redis.pid"
fi
exit 0
