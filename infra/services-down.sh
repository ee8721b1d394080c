#!/usr/bin/env bash
# Stops the Elasticsearch node or nodes started by services-up.sh (the same ES_PORT and ES_NODES).
# Idempotent; leaves Postgres and Redis alone.
set -euo pipefail
ES_PORT="${ES_PORT:-9200}"
ES_NODES="${ES_NODES:-1}"
# Root's home is closed to the unprivileged user that runs Elasticsearch, so root caches under /var/cache.
if [ "$(id -u)" = 0 ]; then default_cache=/var/cache/designer-directory; else default_cache="${XDG_CACHE_HOME:-$HOME/.cache}/designer-directory"; fi
CACHE_DIR="${DD_CACHE_DIR:-$default_cache}"
for ((i = 0; i < ES_NODES; i++)); do
  port=$((ES_PORT + i))
  pid_file="$CACHE_DIR/es-run-$port/es.pid"
  if [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; then
    pid="$(cat "$pid_file")"
    kill "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    echo "[services:down] Elasticsearch on port $port stopped" >&2
  else
    echo "[services:down] Elasticsearch on port $port was not running" >&2
  fi
  rm -f "$pid_file"
done
