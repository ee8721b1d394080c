#!/usr/bin/env bash
# Time from `npm start` (embedded default: no DATABASE_URL, ELASTICSEARCH_URL or REDIS_URL) to the first
# 200 from /api/v1/designers. Usage: bash bench/startup.sh [data-dir] [port]
# A data dir that does not exist yet measures the first start (migrations + sample load); run it again
# with the same dir to measure a start that reuses the data.
set -euo pipefail
cd "$(dirname "$0")/.."
data_dir="${1:-$(mktemp -d)/data}"
port="${2:-3210}"
export DATA_DIR="$data_dir" PORT="$port" PUBLIC_BASE_URL="http://127.0.0.1:$port" LOG_LEVEL=warn
unset DATABASE_URL ELASTICSEARCH_URL REDIS_URL SEARCH_BACKEND
if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then echo "port $port busy" >&2; exit 1; fi
fresh=$([ -d "$data_dir" ] && echo reuse || echo fresh)
start=$(date +%s%N)
setsid npm start >"${TMPDIR:-/tmp}/startup-$port.log" 2>&1 &
pid=$!
trap 'kill -TERM -- -$pid 2>/dev/null || true' EXIT
for _ in $(seq 1 1200); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/v1/designers?limit=1")" = 200 ] && break
  sleep 0.05
done
end=$(date +%s%N)
echo "$fresh start: first 200 after $(( (end - start) / 1000000 )) ms (data dir $data_dir)"
