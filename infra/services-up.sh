#!/usr/bin/env bash
# Starts the real services for development and tests without Docker. Idempotent.
# - Elasticsearch: the integ-test-zip distribution from Maven Central, fetched once with mvn and cached
#   outside the repo, run single-node on 127.0.0.1 with security off, under a Temurin JDK >= 21, as an
#   unprivileged user (Elasticsearch refuses root).
# - Postgres and Redis: started with the machine's own commands if they are installed but stopped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=/dev/null
source "$here/versions.env"

ES_PORT="${ES_PORT:-9200}"
# Root's home is closed to the unprivileged user that runs Elasticsearch, so root caches under /var/cache.
if [ "$(id -u)" = 0 ]; then default_cache=/var/cache/designer-directory; else default_cache="${XDG_CACHE_HOME:-$HOME/.cache}/designer-directory"; fi
CACHE_DIR="${DD_CACHE_DIR:-$default_cache}"
ES_HOME="$CACHE_DIR/elasticsearch-$ES_VERSION"
ES_RUN="$CACHE_DIR/es-run-$ES_PORT"
ES_USER="${ES_USER:-elasticsearch}"
es_url="http://127.0.0.1:$ES_PORT"

log() { printf '[services:up] %s\n' "$*" >&2; }

es_healthy() {
  curl -fsS --max-time 2 "$es_url/_cluster/health?wait_for_status=yellow&timeout=1s" >/dev/null 2>&1
}

ensure_postgres() {
  if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then return; fi
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    log "starting Postgres"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
}

# The server settings of docker-compose.yml's postgres (its `command`; infra/docker-compose.test.ts keeps the
# two equal). Postgres ships sized for a small machine: with 128 MB of shared buffers and 1 GB of WAL between
# checkpoints, a 1M import spent a quarter of its time evicting index pages and writing full-page images
# (321 s against 244 s with these, BENCHMARKS.md).
POSTGRES_SETTINGS=(shared_buffers=2GB max_wal_size=8GB)

tune_postgres() {
  command -v psql >/dev/null || return 0
  local restart=0 setting name value
  for setting in "${POSTGRES_SETTINGS[@]}"; do
    name="${setting%%=*}"; value="${setting#*=}"
    if [ "$(psql -h 127.0.0.1 -U postgres -Atc "SHOW $name" 2>/dev/null)" != "$value" ]; then
      log "setting Postgres $name = $value"
      psql -h 127.0.0.1 -U postgres -qc "ALTER SYSTEM SET $name = '$value'"
      [ "$name" = shared_buffers ] && restart=1
    fi
  done
  psql -h 127.0.0.1 -U postgres -qAtc "SELECT pg_reload_conf()" >/dev/null
  if [ "$restart" = 1 ]; then
    if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
      log "restarting Postgres for shared_buffers"
      pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main restart
      for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && return; sleep 1; done
    else
      log "shared_buffers takes effect when this Postgres restarts"
    fi
  fi
}

ensure_redis() {
  if command -v redis-cli >/dev/null && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then return; fi
  if command -v redis-server >/dev/null; then
    log "starting Redis"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null || true
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
  fi
}

find_jdk() {
  if [ -n "${ES_JAVA_HOME:-}" ]; then echo "$ES_JAVA_HOME"; return; fi
  local best="" best_major=0 dir major
  for dir in /usr/lib/jvm/temurin-*; do
    [ -x "$dir/bin/java" ] || continue
    major="$("$dir/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = \([0-9]*\).*/\1/p')"
    if [ "${major:-0}" -ge 21 ] && [ "$major" -gt "$best_major" ]; then best="$dir"; best_major="$major"; fi
  done
  [ -n "$best" ] || { log "no Temurin JDK >= 21 under /usr/lib/jvm; set ES_JAVA_HOME"; exit 1; }
  echo "$best"
}

fetch_es() {
  [ -x "$ES_HOME/bin/elasticsearch" ] && return
  local zip="$HOME/.m2/repository/org/elasticsearch/distribution/integ-test-zip/elasticsearch/$ES_VERSION/elasticsearch-$ES_VERSION.zip"
  if [ ! -f "$zip" ]; then
    log "fetching Elasticsearch $ES_VERSION from Maven Central"
    mvn -q -B dependency:get -Dtransitive=false \
      -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip"
  fi
  mkdir -p "$CACHE_DIR"
  local tmp; tmp="$(mktemp -d "$CACHE_DIR/unzip.XXXXXX")"
  unzip -q "$zip" -d "$tmp"
  mv "$tmp/elasticsearch-$ES_VERSION" "$ES_HOME"
  rmdir "$tmp"
}

start_es() {
  local jdk; jdk="$(find_jdk)"
  mkdir -p "$ES_RUN/data" "$ES_RUN/logs"
  local run_as=()
  if [ "$(id -u)" = 0 ]; then
    id "$ES_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$ES_USER"
    chown -R "$ES_USER" "$ES_HOME" "$ES_RUN"
    run_as=(runuser -u "$ES_USER" --)
  fi
  log "starting Elasticsearch $ES_VERSION on $es_url (JDK $jdk)"
  "${run_as[@]}" env ES_JAVA_HOME="$jdk" ES_JAVA_OPTS="${ES_JAVA_OPTS:--Xms512m -Xmx1g}" \
    "$ES_HOME/bin/elasticsearch" -d -p "$ES_RUN/es.pid" \
    -E cluster.name=designer-directory-dev \
    -E discovery.type=single-node \
    -E network.host=127.0.0.1 \
    -E http.port="$ES_PORT" \
    -E transport.port=0 \
    -E xpack.security.enabled=false \
    -E xpack.ml.enabled=false \
    -E action.destructive_requires_name=false \
    -E path.data="$ES_RUN/data" \
    -E path.logs="$ES_RUN/logs" >"$ES_RUN/start.log" 2>&1 || {
      log "Elasticsearch failed to start:"; tail -n 40 "$ES_RUN/start.log" >&2; exit 1; }
  for _ in $(seq 1 120); do
    es_healthy && return
    sleep 1
  done
  log "Elasticsearch did not become healthy within 120 s:"; tail -n 40 "$ES_RUN/logs/"*.log >&2 || true
  exit 1
}

ensure_postgres
tune_postgres
ensure_redis
if es_healthy; then
  log "Elasticsearch already running on $es_url"
else
  fetch_es
  start_es
fi

cat <<EOT
# Services are up. Export these to point the service and the tests at them:
export ELASTICSEARCH_URL=$es_url
export DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
export REDIS_URL=redis://127.0.0.1:6379
EOT
