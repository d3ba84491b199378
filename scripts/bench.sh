#!/usr/bin/env bash
# Benchmarks: each endpoint of the portal against a bare node:http "floor" doing the same work, in one run.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/services.sh
ensure_node_modules
ensure_postgres
ensure_redis
npm run -s build:server
node dist/scripts/bench.js "$@"
