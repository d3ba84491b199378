#!/usr/bin/env bash
# Makes PostgreSQL and Redis reachable for this project, in this order of preference:
# already running -> start this machine's own services -> Docker engine (docker compose) -> install with apt.
# Sourced by setup.sh and test.sh; every step says what it does.
set -euo pipefail

# Host and port come from DATABASE_URL / REDIS_URL when set (docker compose sets them), else the local defaults.
url_host_port() { node -e 'const u = new URL(process.argv[1]); process.stdout.write(u.hostname + " " + (u.port || process.argv[2]))' "$1" "$2"; }
read -r PG_HOST PG_PORT <<<"$(url_host_port "${DATABASE_URL:-postgres://127.0.0.1:5432/x}" 5432)"
read -r REDIS_HOST REDIS_PORT <<<"$(url_host_port "${REDIS_URL:-redis://127.0.0.1:6379}" 6379)"

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*"; }

reachable() { (exec 3<>"/dev/tcp/$1/$2") >/dev/null 2>&1; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo "$@"; else
    say "need root for: $*"; return 1; fi
}

apt_updated=0
apt_install() {
  if ! command -v apt-get >/dev/null 2>&1; then say "apt-get is not available; install $* yourself"; return 1; fi
  if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  say "installing $* with apt"
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

wait_for() { # host port what
  for _ in $(seq 1 60); do reachable "$1" "$2" && return 0; sleep 0.5; done
  say "$3 did not come up on $1:$2"; return 1
}

docker_engine() { command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; }

start_local_postgres() {
  command -v pg_ctlcluster >/dev/null 2>&1 || return 1
  local started=1
  for dir in /etc/postgresql/*/*; do
    [ -d "$dir" ] || continue
    local version cluster
    version=$(basename "$(dirname "$dir")"); cluster=$(basename "$dir")
    say "starting PostgreSQL $version/$cluster"
    as_root pg_ctlcluster "$version" "$cluster" start >/dev/null 2>&1 || true
    started=0
  done
  return $started
}

ensure_postgres() {
  if reachable "$PG_HOST" "$PG_PORT"; then say "PostgreSQL is running on $PG_HOST:$PG_PORT"; return 0; fi
  if start_local_postgres && wait_for "$PG_HOST" "$PG_PORT" PostgreSQL; then return 0; fi
  if docker_engine; then
    say "starting PostgreSQL with docker compose"; docker compose up -d postgres; wait_for "$PG_HOST" "$PG_PORT" PostgreSQL; return 0
  fi
  apt_install postgresql
  start_local_postgres
  wait_for "$PG_HOST" "$PG_PORT" PostgreSQL
  # A fresh cluster asks for a password on TCP: give the postgres role the one our default URL uses.
  as_root su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
}

ensure_redis() {
  if reachable "$REDIS_HOST" "$REDIS_PORT"; then say "Redis is running on $REDIS_HOST:$REDIS_PORT"; return 0; fi
  if ! command -v redis-server >/dev/null 2>&1 && docker_engine; then
    say "starting Redis with docker compose"; docker compose up -d redis; wait_for "$REDIS_HOST" "$REDIS_PORT" Redis; return 0
  fi
  command -v redis-server >/dev/null 2>&1 || apt_install redis-server
  say "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save '' >/dev/null
  wait_for "$REDIS_HOST" "$REDIS_PORT" Redis
}

ensure_chromium() {
  local bin=${CHROMIUM_PATH:-/usr/bin/chromium}
  if [ -x "$bin" ]; then return 0; fi
  apt_install chromium
}

ensure_node_modules() {
  # Installs from the committed lockfile when node_modules is missing or older than it. `npm install`
  # rather than `npm ci`: the registry this project is built against lacks some other-platform builds of
  # optional packages (e.g. @swc/core-darwin-*), so the lockfile cannot list them and `npm ci` refuses it.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "installing npm packages from package-lock.json"
    npm install --no-audit --no-fund --loglevel=error
  fi
}

ensure_env_file() {
  if [ -f .env ]; then return 0; fi
  say "writing .env with fresh local secrets"
  local rnd
  rnd() { node -e "process.stdout.write(require('crypto').randomBytes($1).toString('base64'))"; }
  # URL-safe (it goes inside a database URL).
  rnd_id() { node -e "process.stdout.write(require('crypto').randomBytes($1).toString('hex'))"; }
  {
    echo "# Local development settings written by scripts/setup.sh. Not committed."
    echo "# The app's login (no superuser, owns nothing), the owner that runs migrations, the administrator that creates both."
    echo "DATABASE_URL=postgres://bp_app:$(rnd_id 24)@127.0.0.1:5432/benefits_portal"
    echo "DATABASE_OWNER_URL=postgres://bp_owner:$(rnd_id 24)@127.0.0.1:5432/benefits_portal"
    echo "DATABASE_ADMIN_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres"
    echo "REDIS_URL=redis://127.0.0.1:6379"
    echo "JWT_SECRET=$(rnd 48)"
    echo "COOKIE_SECRET=$(rnd 48)"
    echo "DATA_KEYS=1:$(rnd 32)"
    echo "DATA_KEY_ID=1"
  } > .env
}
