#!/usr/bin/env bash
# Time from `npm start` (embedded default: no DATABASE_URL, ELASTICSEARCH_URL or REDIS_URL) to the first
# 200 from /api/v1/designers. Usage: bash bench/startup.sh [data-dir] [port]
# A data dir that does not exist yet measures the first start (migrations + sample load); run it again
# with the same dir to measure a start that reuses the data. Then reports the API's RSS.
# START_COMMAND='env MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768 MALLOC_TRIM_THRESHOLD_=32768
# node_modules/.bin/node --max-semi-space-size=8 dist/services/api/main.js' measures the build as the image
# runs it (npm run build first; node_modules/.bin/node is the project's Node 24).
set -euo pipefail
cd "$(dirname "$0")/.."
data_dir="${1:-$(mktemp -d)/data}"
port="${2:-3210}"
export DATA_DIR="$data_dir" PORT="$port" PUBLIC_BASE_URL="http://127.0.0.1:$port" LOG_LEVEL=warn
unset DATABASE_URL ELASTICSEARCH_URL REDIS_URL SEARCH_BACKEND
if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then echo "port $port busy" >&2; exit 1; fi
fresh=$([ -d "$data_dir" ] && echo reuse || echo fresh)
start=$(date +%s%N)
setsid ${START_COMMAND:-npm start} >"${TMPDIR:-/tmp}/startup-$port.log" 2>&1 &
pid=$!
trap 'kill -TERM -- -$pid 2>/dev/null || true' EXIT
for _ in $(seq 1 1200); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/v1/designers?limit=1")" = 200 ] && break
  sleep 0.05
done
end=$(date +%s%N)
# VmRSS of the API's node process (npm and sh run in the same process group, set up by setsid).
api_rss() { ps -o rss=,args= -g "$pid" | awk '/services\/api\/main/ && !/sh -c/ { print int($1 / 1024) }' | head -1; }
sleep 2
rss_started=$(api_rss)
for q in brand product+designer berlin motion+designer+berlin ana figma lead+designer+canva illustrator 3d ux; do
  curl -s -o /dev/null "http://127.0.0.1:$port/api/v1/designers?q=$q&facets=category,country&highlight=true"
  curl -s -o /dev/null "http://127.0.0.1:$port/?q=$q"
done
sleep 1
echo "$fresh start: first 200 after $(( (end - start) / 1000000 )) ms; RSS ${rss_started} MiB 2 s later, $(api_rss) MiB after 10 searches and 10 pages (data dir $data_dir)"
