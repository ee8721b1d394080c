#!/usr/bin/env bash
# Starts the real services for development and tests without Docker, each of them the project's own, and
# prints their URLs as `export` lines. Idempotent.
# A server the user already runs is used only when its URL is given (DATABASE_URL, REDIS_URL,
# ELASTICSEARCH_URL): it is then printed back as given and never reconfigured, restarted or stopped. Without
# a URL the script starts a server of its own, under its cache directory and on its own port, and refuses a
# port that a server it did not start already holds. services-down.sh stops only what this started.
# - Elasticsearch: the integ-test-zip distribution from Maven Central, fetched once with mvn and cached
#   outside the repo, run on 127.0.0.1 with security off, under a Temurin JDK >= 21, as an unprivileged user
#   (Elasticsearch refuses root). One node by default; ES_NODES=3 starts a cluster of three nodes of the same
#   distribution, HTTP on ES_PORT, ES_PORT+1, ... and transport on ES_TRANSPORT_PORT, +1, ..., each with its
#   own data directory under the cache and a 512 MB heap, and prints ELASTICSEARCH_URL as the list.
# - Postgres: a cluster of its own (initdb, pg_ctl from the machine's server packages) on PG_PORT, with the
#   project's settings as command-line options, run as an unprivileged user (Postgres refuses root).
# - Redis: a redis-server of its own on REDIS_PORT, without persistence.
# SERVICES=elasticsearch starts Elasticsearch only (the cluster tests start a cluster of their own).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=/dev/null
source "$here/versions.env"
# shellcheck source=/dev/null
source "$here/services.env"

ES_PORT="${ES_PORT:-$DD_ES_PORT}"
ES_NODES="${ES_NODES:-1}"
ES_TRANSPORT_PORT="${ES_TRANSPORT_PORT:-$DD_ES_TRANSPORT_PORT}"
PG_PORT="${PG_PORT:-$DD_PG_PORT}"
REDIS_PORT="${REDIS_PORT:-$DD_REDIS_PORT}"
SERVICES="${SERVICES:-elasticsearch,postgres,redis}"
case "$ES_NODES" in ''|*[!0-9]*|0) echo "[services:up] ES_NODES must be a whole number of at least 1" >&2; exit 1 ;; esac
# Root's home is closed to the unprivileged users that run Elasticsearch and Postgres, so root caches under /var/cache.
if [ "$(id -u)" = 0 ]; then default_cache=/var/cache/designer-directory; else default_cache="${XDG_CACHE_HOME:-$HOME/.cache}/designer-directory"; fi
CACHE_DIR="${DD_CACHE_DIR:-$default_cache}"
# Two runs at once (the test runs of two checkouts, a CI step beside a developer's) would start the same
# servers in the same directories, and the second Elasticsearch would fail on the first one's node lock: the
# second run waits for the first under a lock of the cache directory, then finds the servers running. The
# lock is held by flock itself (-o), never by the servers this starts.
if [ -z "${DD_SERVICES_UP_LOCKED:-}" ] && command -v flock >/dev/null 2>&1; then
  mkdir -p "$CACHE_DIR"
  export DD_SERVICES_UP_LOCKED=1
  exec flock -o -w 900 "$CACHE_DIR/services-up.lock" bash "$0" "$@"
fi
ES_HOME="$CACHE_DIR/elasticsearch-$ES_VERSION"
ES_USER="${ES_USER:-elasticsearch}"
PG_USER="${PG_USER:-postgres}"
PG_DIR="$CACHE_DIR/postgres-$PG_PORT"
REDIS_DIR="$CACHE_DIR/redis-$REDIS_PORT"
es_url="http://127.0.0.1:$ES_PORT"
es_urls="$es_url"
for ((i = 1; i < ES_NODES; i++)); do es_urls="$es_urls,http://127.0.0.1:$((ES_PORT + i))"; done

log() { printf '[services:up] %s\n' "$*" >&2; }
fail() { log "$*"; exit 1; }
wanted() { [[ ",$SERVICES," == *",$1,"* ]]; }
# Something, whatever it is, accepts connections on the port.
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# The pid in a pid file (Postgres' postmaster.pid holds it on its first line) is a live process.
running() { [ -f "$1" ] && kill -0 "$(head -n1 "$1")" 2>/dev/null; }
refuse_port() {
  fail "port $1 is held by a $2 that services:up did not start; it is left alone. Give its URL ($3=...) to use it, or set $4 to a free port"
}

# Healthy means every node of the cluster has joined (a lone node of an unformed cluster answers no health).
es_healthy() {
  curl -fsS --max-time 3 "$es_url/_cluster/health?wait_for_status=yellow&wait_for_nodes=$ES_NODES&timeout=1s" >/dev/null 2>&1
}

# The server settings of docker-compose.yml's postgres (its `command`; infra/docker-compose.test.ts keeps the
# two equal). Postgres ships sized for a small machine: with 128 MB of shared buffers and 1 GB of WAL between
# checkpoints, a 1M import spent a quarter of its time evicting index pages and writing full-page images
# (321 s against 244 s with these, BENCHMARKS.md).
POSTGRES_SETTINGS=(shared_buffers=2GB max_wal_size=8GB)

# As root, the unprivileged user a server of this project runs as, created when missing.
run_as_user() {
  local user="$1"; shift
  if [ "$(id -u)" = 0 ]; then
    id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
    runuser -u "$user" -- "$@"
  else
    "$@"
  fi
}

pg_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r) /usr/bin; do
    [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return; }
  done
  fail "no Postgres server commands (initdb, pg_ctl) found; install the postgresql package, or give DATABASE_URL"
}

start_postgres() {
  if running "$PG_DIR/data/postmaster.pid"; then log "Postgres already running on port $PG_PORT ($PG_DIR)"; return; fi
  port_taken "$PG_PORT" && refuse_port "$PG_PORT" "server" DATABASE_URL PG_PORT
  local bin options=(-c listen_addresses=127.0.0.1 -c "port=$PG_PORT" -c "unix_socket_directories=$PG_DIR")
  bin="$(pg_bin)"
  for setting in "${POSTGRES_SETTINGS[@]}"; do options+=(-c "$setting"); done
  mkdir -p "$PG_DIR"
  [ "$(id -u)" = 0 ] && { id "$PG_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER"; chown "$PG_USER" "$PG_DIR"; }
  if [ ! -f "$PG_DIR/data/PG_VERSION" ]; then
    log "creating a Postgres cluster in $PG_DIR/data"
    run_as_user "$PG_USER" "$bin/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_DIR/initdb.log" 2>&1 ||
      { tail -n 20 "$PG_DIR/initdb.log" >&2; fail "initdb failed"; }
  fi
  log "starting Postgres on 127.0.0.1:$PG_PORT (${POSTGRES_SETTINGS[*]})"
  # Quoted once more for pg_ctl, which hands -o to the server through a shell.
  run_as_user "$PG_USER" "$bin/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" -w -t 60 -o "${options[*]}" start >/dev/null ||
    { tail -n 20 "$PG_DIR/postgres.log" >&2; fail "Postgres failed to start"; }
}

start_redis() {
  if running "$REDIS_DIR/redis.pid"; then log "Redis already running on port $REDIS_PORT ($REDIS_DIR)"; return; fi
  port_taken "$REDIS_PORT" && refuse_port "$REDIS_PORT" "server" REDIS_URL REDIS_PORT
  command -v redis-server >/dev/null || fail "no redis-server found; install the redis-server package, or give REDIS_URL"
  mkdir -p "$REDIS_DIR"
  log "starting Redis on 127.0.0.1:$REDIS_PORT"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir "$REDIS_DIR" --pidfile "$REDIS_DIR/redis.pid" --logfile "$REDIS_DIR/redis.log"
  for _ in $(seq 1 50); do
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && running "$REDIS_DIR/redis.pid" && return
    sleep 0.1
  done
  fail "Redis did not answer on port $REDIS_PORT: $(tail -n 5 "$REDIS_DIR/redis.log" 2>/dev/null)"
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

database_url="${DATABASE_URL:-}"
redis_url="${REDIS_URL:-}"
elasticsearch_url="${ELASTICSEARCH_URL:-}"
if wanted postgres; then
  if [ -n "$database_url" ]; then log "Postgres: using DATABASE_URL as given"
  else start_postgres; database_url="postgres://postgres@127.0.0.1:$PG_PORT/postgres"; fi
fi
if wanted redis; then
  if [ -n "$redis_url" ]; then log "Redis: using REDIS_URL as given"
  else start_redis; redis_url="redis://127.0.0.1:$REDIS_PORT"; fi
fi
if wanted elasticsearch; then
  if [ -n "$elasticsearch_url" ]; then log "Elasticsearch: using ELASTICSEARCH_URL as given"
  else
    if running "$CACHE_DIR/es-run-$ES_PORT/es.pid" && es_healthy; then
      log "Elasticsearch already running on $es_urls"
    else
      if ! running "$CACHE_DIR/es-run-$ES_PORT/es.pid" && port_taken "$ES_PORT"; then
        refuse_port "$ES_PORT" "server" ELASTICSEARCH_URL ES_PORT
      fi
      fetch_es
      start_es
    fi
    elasticsearch_url="$es_urls"
  fi
fi

echo "# Services are up. Export these to point the service and the tests at them:"
wanted elasticsearch && echo "export ELASTICSEARCH_URL=$elasticsearch_url"
wanted postgres && echo "export DATABASE_URL=$database_url"
wanted redis && echo "export REDIS_URL=$redis_url"
exit 0
