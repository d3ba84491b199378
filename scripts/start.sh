#!/usr/bin/env bash
# One command: set up everything, then serve the site + API and run the workers until Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--dev" ] && [ -d node_modules ] && [ -f .env ] && [ -f dist/api/src/main.js ] && [ -f dist/workers/src/main.js ]; then
  # A machine already set up starts in seconds: services and migrations only, no build and no seed
  # (Vite serves the site from source; the API and workers are rebuilt and restarted on change, below).
  . scripts/services.sh
  ensure_postgres
  ensure_redis
  npm run -s db:migrate
else
  bash scripts/setup.sh
  . scripts/services.sh
fi

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

# Each process's V8 flags (api/src/bootstrap/node-flags.ts and workers/src/node-flags.ts say which and why).
api_flags=$(node -p "require('./dist/api/src/bootstrap/node-flags').API_NODE_FLAGS.join(' ')" 2>/dev/null || true)
workers_flags=$(node -p "require('./dist/workers/src/node-flags').WORKERS_NODE_FLAGS.join(' ')" 2>/dev/null || true)
if [ "${1:-}" = "--dev" ]; then
  # Development: tsc rebuilds dist/ on every change of api/, workers/ or migrations/ (incrementally, so an unchanged
  # tree writes nothing), and Node's own watch mode restarts the API and the workers once per compile: it watches
  # the build-info file tsc writes last (watching dist/ restarted them once per file written; watching every loaded
  # module, plain --watch, every half minute, as Vite writes and deletes a temporary copy of vite.config.ts that the
  # process imports). The site is not restarted by this: Vite, inside the API process, serves it with HMR.
  node node_modules/typescript/bin/tsc -p tsconfig.build.json --watch --preserveWatchOutput & pids+=($!)
  node --watch-path=dist/.tsbuildinfo --watch-preserve-output $api_flags dist/api/src/main.js & pids+=($!)
  node --watch-path=dist/.tsbuildinfo --watch-preserve-output $workers_flags dist/workers/src/main.js & pids+=($!)
else
  node $api_flags dist/api/src/main.js & pids+=($!)
  node $workers_flags dist/workers/src/main.js & pids+=($!)
fi
# Last: the banner (site, API docs, mailbox, demo logins, registration link) once the portal answers.
node dist/api/src/server/print-banner.js &
# If either process dies, stop the other and report failure.
wait -n "${pids[@]}"
code=$?
for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
wait 2>/dev/null || true
exit "$code"
