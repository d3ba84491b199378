#!/usr/bin/env bash
# Installs what is missing, makes PostgreSQL and Redis reachable, builds, migrates and seeds the demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/services.sh

node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20||(a===20&&b<11)) { console.error("Node 20.11 or newer is needed"); process.exit(1) }'
ensure_node_modules
ensure_env_file
ensure_postgres
ensure_redis
say "building the API, workers and site"
npm run -s build
say "creating the database roles (owner for migrations, a least-privilege login for the app)"
npm run -s db:roles
say "migrating the database"
npm run -s db:migrate
say "seeding the demo data"
npm run -s db:seed
