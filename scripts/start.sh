#!/usr/bin/env bash
# One command: set up everything, then serve the site + API and run the workers until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/services.sh

if [ "${1:-}" = "--dev" ]; then export WEB_MODE=development; fi
export NODE_ENV=${NODE_ENV:-development}

pids=()
stop() {
  trap - INT TERM
  say "stopping"
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
  exit 0
}
trap stop INT TERM

node dist/api/src/main.js & pids+=($!)
node dist/workers/src/main.js & pids+=($!)
say "the portal is at http://localhost:${PORT:-3000}/mbl (demo logins: README); Ctrl-C stops it"
# If either process dies, stop the other and report failure.
wait -n "${pids[@]}"
code=$?
for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
wait 2>/dev/null || true
exit "$code"
