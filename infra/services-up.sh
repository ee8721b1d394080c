#!/usr/bin/env bash
# Starts the real services for development and tests without Docker. Idempotent.
# - Elasticsearch: the integ-test-zip distribution from Maven Central, fetched once with mvn and cached
#   outside the repo, run on 127.0.0.1 with security off, under a Temurin JDK >= 21, as an unprivileged user
#   (Elasticsearch refuses root). One node by default; ES_NODES=3 starts a cluster of three nodes of the same
#   distribution, HTTP on ES_PORT, ES_PORT+1, ... and transport on ES_TRANSPORT_PORT, +1, ..., each with its
#   own data directory under the cache and a 512 MB heap, and prints ELASTICSEARCH_URL as the list.
# - Postgres and Redis: started with the machine's own commands if they are installed but stopped.
# SERVICES=elasticsearch starts Elasticsearch only (the cluster tests start a cluster of their own).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=/dev/null
source "$here/versions.env"

ES_PORT="${ES_PORT:-9200}"
ES_NODES="${ES_NODES:-1}"
ES_TRANSPORT_PORT="${ES_TRANSPORT_PORT:-9300}"
SERVICES="${SERVICES:-elasticsearch,postgres,redis}"
case "$ES_NODES" in ''|*[!0-9]*|0) echo "[services:up] ES_NODES must be a whole number of at least 1" >&2; exit 1 ;; esac
# Root's home is closed to the unprivileged user that runs Elasticsearch, so root caches under /var/cache.
if [ "$(id -u)" = 0 ]; then default_cache=/var/cache/designer-directory; else default_cache="${XDG_CACHE_HOME:-$HOME/.cache}/designer-directory"; fi
CACHE_DIR="${DD_CACHE_DIR:-$default_cache}"
ES_HOME="$CACHE_DIR/elasticsearch-$ES_VERSION"
ES_USER="${ES_USER:-elasticsearch}"
es_url="http://127.0.0.1:$ES_PORT"
es_urls="$es_url"
for ((i = 1; i < ES_NODES; i++)); do es_urls="$es_urls,http://127.0.0.1:$((ES_PORT + i))"; done

log() { printf '[services:up] %s\n' "$*" >&2; }
wanted() { [[ ",$SERVICES," == *",$1,"* ]]; }

# Healthy means every node of the cluster has joined (a lone node of an unformed cluster answers no health).
es_healthy() {
  curl -fsS --max-time 3 "$es_url/_cluster/health?wait_for_status=yellow&wait_for_nodes=$ES_NODES&timeout=1s" >/dev/null 2>&1
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

# One node: discovery.type=single-node, a random transport port. Several: a cluster formed from the seed
# hosts, each node master-eligible and holding data, so that any one of them can go.
start_es_node() {
  local jdk="$1" i="$2" http_port=$((ES_PORT + $2)) run="$CACHE_DIR/es-run-$((ES_PORT + $2))"
  mkdir -p "$run/data" "$run/logs"
  local run_as=()
  if [ "$(id -u)" = 0 ]; then
    chown -R "$ES_USER" "$run"
    run_as=(runuser -u "$ES_USER" --)
  fi
  local cluster_name=designer-directory-dev topology=(-E discovery.type=single-node -E transport.port=0) heap="-Xms512m -Xmx1g"
  if [ "$ES_NODES" -gt 1 ]; then
    local seeds="" masters="" j
    for ((j = 0; j < ES_NODES; j++)); do
      seeds="$seeds${seeds:+,}127.0.0.1:$((ES_TRANSPORT_PORT + j))"
      masters="$masters${masters:+,}dd-$ES_PORT-$j"
    done
    topology=(-E node.name="dd-$ES_PORT-$i" -E transport.port=$((ES_TRANSPORT_PORT + i))
      -E discovery.seed_hosts="$seeds" -E cluster.initial_master_nodes="$masters")
    heap="-Xms512m -Xmx512m"
    cluster_name="designer-directory-dev-$ES_PORT"
  fi
  log "starting Elasticsearch $ES_VERSION on http://127.0.0.1:$http_port (JDK $jdk)"
  "${run_as[@]}" env ES_JAVA_HOME="$jdk" ES_JAVA_OPTS="${ES_JAVA_OPTS:-$heap}" \
    "$ES_HOME/bin/elasticsearch" -d -p "$run/es.pid" \
    -E cluster.name="$cluster_name" \
    "${topology[@]}" \
    -E network.host=127.0.0.1 \
    -E http.port="$http_port" \
    -E xpack.security.enabled=false \
    -E xpack.ml.enabled=false \
    -E action.destructive_requires_name=false \
    -E path.data="$run/data" \
    -E path.logs="$run/logs" >"$run/start.log" 2>&1 || {
      log "Elasticsearch failed to start:"; tail -n 40 "$run/start.log" >&2; exit 1; }
}

start_es() {
  local jdk i pids=()
  jdk="$(find_jdk)"
  if [ "$(id -u)" = 0 ]; then
    id "$ES_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$ES_USER"
    chown -R "$ES_USER" "$ES_HOME"
  fi
  # Nodes start in parallel: each launcher returns once its node runs, and a cluster forms from them all.
  # A node still running (one of a cluster that lost another) is left as it is.
  local pid_file
  for ((i = 0; i < ES_NODES; i++)); do
    pid_file="$CACHE_DIR/es-run-$((ES_PORT + i))/es.pid"
    if [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; then continue; fi
    start_es_node "$jdk" "$i" & pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || exit 1; done
  for _ in $(seq 1 180); do
    es_healthy && return
    sleep 1
  done
  log "Elasticsearch did not become healthy within 180 s:"
  for ((i = 0; i < ES_NODES; i++)); do tail -n 20 "$CACHE_DIR/es-run-$((ES_PORT + i))/logs/"*.log >&2 || true; done
  exit 1
}

if wanted postgres; then
  ensure_postgres
  tune_postgres
fi
wanted redis && ensure_redis
if wanted elasticsearch; then
  if es_healthy; then
    log "Elasticsearch already running on $es_urls"
  else
    fetch_es
    start_es
  fi
fi

echo "# Services are up. Export these to point the service and the tests at them:"
wanted elasticsearch && echo "export ELASTICSEARCH_URL=$es_urls"
wanted postgres && echo "export DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres"
wanted redis && echo "export REDIS_URL=redis://127.0.0.1:6379"
exit 0
