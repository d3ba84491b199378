#!/usr/bin/env bash
# Benchmarks: each endpoint of the portal against a bare node:http "floor" doing the same work, in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/services.sh
ensure_node_modules
ensure_postgres
ensure_redis
npm run -s build:server
if [ "${BENCH_ONLY:-}" != lighthouse ]; then node dist/scripts/bench.js "$@"; fi
# Lighthouse on the ten main pages (scripts/lighthouse.ts) in a full run or alone (npm run lighthouse); it serves
# the site build as it is: run `npm run build` (production) first.
if [ -z "${BENCH_ONLY:-}" ] || [ "$BENCH_ONLY" = lighthouse ]; then node dist/scripts/lighthouse.js; fi
