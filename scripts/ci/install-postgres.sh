#!/usr/bin/env bash
# Make a PostgreSQL 15 server with the pgvector extension available and running on
# 127.0.0.1:5432 (Debian bookworm, run as root). Idempotent: a second run only checks
# and (re)starts what is needed. Used by .ci/run before the PostgreSQL test pass.
#
# bookworm has no pgvector package, so the Debian trixie *source* package is fetched
# through a private apt configuration (the system's apt sources are left untouched)
# and built against postgresql-server-dev-15. See shared/STACK-NOTES.md.
#
# After it succeeds:  postgres://postgres:postgres@127.0.0.1:5432/postgres
set -euo pipefail

PG_MAJOR=15
# Overridable only to exercise this script on a throw-away cluster; CI uses main/5432.
PG_CLUSTER="${CI_PG_CLUSTER:-main}"
PG_PORT="${CI_PG_PORT:-5432}"
PG_BIN="/usr/lib/postgresql/${PG_MAJOR}/bin"
PG_CONFIG="${PG_BIN}/pg_config"
PG_CONF_DIR="/etc/postgresql/${PG_MAJOR}/${PG_CLUSTER}"
VECTOR_CONTROL="/usr/share/postgresql/${PG_MAJOR}/extension/vector.control"
VECTOR_LIB="/usr/lib/postgresql/${PG_MAJOR}/lib/vector.so"
PG_PASSWORD=postgres
SCRATCH_DB=clausewise_ci_pgvector_check
APT=(apt-get -o DPkg::Lock::Timeout=900)

export DEBIAN_FRONTEND=noninteractive
export PGCONNECT_TIMEOUT=5
export PGOPTIONS="-c client_min_messages=warning"

START_TS=$(date +%s)
log() { echo "[postgres] $*"; }
die() { echo "[postgres] ERROR: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "must run as root (installs packages, starts the cluster)"

WORK_DIR=""
cleanup() { if [ -n "$WORK_DIR" ]; then rm -rf "$WORK_DIR"; fi; }
trap cleanup EXIT

installed() { # installed PKG -> 0 if the Debian package is installed
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" = "install ok installed" ]
}

as_postgres() { # run a command as the postgres OS user from a directory it can read
  (cd / && runuser -u postgres -- "$@")
}

# --- 1. packages -------------------------------------------------------------------
need_pkgs=()
for p in postgresql "postgresql-${PG_MAJOR}" "postgresql-server-dev-${PG_MAJOR}" \
         debian-archive-keyring dpkg-dev xz-utils make gcc libc6-dev; do
  installed "$p" || need_pkgs+=("$p")
done
if [ "${#need_pkgs[@]}" -gt 0 ]; then
  log "installing: ${need_pkgs[*]}"
  "${APT[@]}" update -qq
  "${APT[@]}" install -y -qq --no-install-recommends "${need_pkgs[@]}" >/dev/null
else
  log "packages already installed (postgresql ${PG_MAJOR}, server dev headers, build tools)"
fi
[ -x "$PG_CONFIG" ] || die "$PG_CONFIG not found after install"

# --- 2. pgvector (built from the Debian trixie source package) ----------------------
if [ -f "$VECTOR_CONTROL" ] && [ -f "$VECTOR_LIB" ]; then
  log "pgvector already installed ($(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$VECTOR_CONTROL"))"
else
  log "building pgvector from the Debian trixie source package"
  WORK_DIR=$(mktemp -d /tmp/pgvector-build.XXXXXX)
  chmod 755 "$WORK_DIR"   # apt downloads as the unprivileged _apt user
  mkdir -p "$WORK_DIR/lists/partial" "$WORK_DIR/sources" "$WORK_DIR/cache/archives/partial" "$WORK_DIR/src"
  cat >"$WORK_DIR/sources/trixie-src.sources" <<'EOF'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  PRIVATE_APT=(apt-get
    -o "APT::Sandbox::User=root"
    -o "Dir::State::Lists=$WORK_DIR/lists"
    -o "Dir::Etc::SourceList=/dev/null"
    -o "Dir::Etc::SourceParts=$WORK_DIR/sources"
    -o "Dir::Cache=$WORK_DIR/cache"
    -o "Dir::Cache::pkgcache="
    -o "Dir::Cache::srcpkgcache=")
  "${PRIVATE_APT[@]}" update -qq
  (cd "$WORK_DIR/src" && "${PRIVATE_APT[@]}" source -qq --download-only pgvector)
  dsc=$(ls "$WORK_DIR"/src/pgvector_*.dsc 2>/dev/null | head -n1 || true)
  [ -n "$dsc" ] || die "apt-get source did not download a pgvector .dsc"
  log "fetched $(basename "$dsc")"
  # apt already checked the files against the signed Sources index; dpkg-source's own gpgv
  # check of the uploader's signature only warns (no Debian developer keyring here): keep
  # its output for failures only.
  if ! (cd "$WORK_DIR/src" && dpkg-source -x "$(basename "$dsc")" pgvector-src) >"$WORK_DIR/dpkg-source.log" 2>&1; then
    cat "$WORK_DIR/dpkg-source.log" >&2
    die "dpkg-source -x $(basename "$dsc") failed"
  fi
  # OPTFLAGS="" drops -march=native so the build does not depend on this CPU.
  make -s -C "$WORK_DIR/src/pgvector-src" -j"$(nproc)" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" >/dev/null
  make -s -C "$WORK_DIR/src/pgvector-src" PG_CONFIG="$PG_CONFIG" OPTFLAGS="" install >/dev/null
  [ -f "$VECTOR_CONTROL" ] && [ -f "$VECTOR_LIB" ] || die "pgvector install did not produce $VECTOR_CONTROL / $VECTOR_LIB"
  log "pgvector $(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$VECTOR_CONTROL") installed"
fi

# --- 3. cluster --------------------------------------------------------------------
cluster_status() { # prints online/down/... or nothing when the cluster does not exist
  pg_lsclusters -h 2>/dev/null | awk -v v="$PG_MAJOR" -v c="$PG_CLUSTER" '$1==v && $2==c {print $4}'
}
cluster_port() {
  pg_lsclusters -h 2>/dev/null | awk -v v="$PG_MAJOR" -v c="$PG_CLUSTER" '$1==v && $2==c {print $3}'
}

if [ -z "$(cluster_status)" ]; then
  log "creating cluster ${PG_MAJOR}/${PG_CLUSTER} on port ${PG_PORT}"
  pg_createcluster -p "$PG_PORT" "$PG_MAJOR" "$PG_CLUSTER" >/dev/null
fi

# Listen on loopback, port 5432; a drop-in under conf.d (included by Debian's postgresql.conf).
# The cluster holds only test databases, made and dropped within one run: it waits for no disk
# write (PostgreSQL's "non-durable settings"), as a crash would only lose what the run remakes.
conf_file="$PG_CONF_DIR/conf.d/90-clausewise-ci.conf"
want_conf=$(printf "# written by scripts/ci/install-postgres.sh\nlisten_addresses = 'localhost'\nport = %s\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\n" "$PG_PORT")
need_restart=0
if [ ! -f "$conf_file" ] || [ "$(cat "$conf_file")" != "$want_conf" ]; then
  mkdir -p "$PG_CONF_DIR/conf.d"
  printf '%s\n' "$want_conf" >"$conf_file"
  chown postgres:postgres "$conf_file"
  need_restart=1
fi
[ "$(cluster_port)" = "$PG_PORT" ] || need_restart=1

# TCP password login from loopback (Debian's default pg_hba.conf has it; make sure).
hba="$PG_CONF_DIR/pg_hba.conf"
if ! grep -Eq '^[[:space:]]*host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+(scram-sha-256|md5)' "$hba"; then
  log "adding a loopback password rule to pg_hba.conf"
  sed -i '1i host    all             all             127.0.0.1/32            scram-sha-256' "$hba"
  need_restart=1
fi

# The socket directory lives on /run, which does not survive a reboot.
install -d -o postgres -g postgres -m 2775 /var/run/postgresql

status=$(cluster_status)
if [[ "$status" == online* ]]; then
  if [ "$need_restart" -eq 1 ]; then
    log "restarting cluster ${PG_MAJOR}/${PG_CLUSTER} (configuration changed)"
    pg_ctlcluster "$PG_MAJOR" "$PG_CLUSTER" restart
  else
    log "cluster ${PG_MAJOR}/${PG_CLUSTER} already running"
  fi
else
  log "starting cluster ${PG_MAJOR}/${PG_CLUSTER} (was: ${status:-unknown})"
  pg_ctlcluster "$PG_MAJOR" "$PG_CLUSTER" start
fi

ready=0
for _ in $(seq 1 60); do
  if "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT" -t 1; then ready=1; break; fi
  sleep 1
done
if [ "$ready" -ne 1 ]; then
  tail -n 30 "/var/log/postgresql/postgresql-${PG_MAJOR}-${PG_CLUSTER}.log" >&2 || true
  die "server not accepting connections on 127.0.0.1:${PG_PORT} after 60 s"
fi
log "server accepting connections on 127.0.0.1:${PG_PORT}"

# --- 4. password and TCP login ---------------------------------------------------
as_postgres "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -p "$PG_PORT" -d postgres \
  -c "ALTER USER postgres WITH PASSWORD '${PG_PASSWORD}'" >/dev/null

export PGPASSWORD="$PG_PASSWORD"
psql_tcp() { "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_PORT" -U postgres "$@"; }
psql_tcp -d postgres -tA -c "SELECT 1" >/dev/null || die "TCP password login as postgres on 127.0.0.1:${PG_PORT} failed"
log "TCP password login works (postgres://postgres:***@127.0.0.1:${PG_PORT}/postgres)"

# --- 5. pgvector smoke test in a scratch database ----------------------------------
psql_tcp -d postgres -c "DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)" >/dev/null
psql_tcp -d postgres -c "CREATE DATABASE ${SCRATCH_DB}" >/dev/null
nearest=$(psql_tcp -d "$SCRATCH_DB" -tA <<'SQL'
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE items (id int PRIMARY KEY, embedding vector(3));
INSERT INTO items SELECT i, ARRAY[i, i * 2, i * 3]::real[]::vector FROM generate_series(1, 200) i;
CREATE INDEX items_embedding_hnsw ON items USING hnsw (embedding vector_cosine_ops);
CREATE INDEX items_embedding_l2 ON items USING hnsw (embedding vector_l2_ops);
SET enable_seqscan = off;
SELECT id FROM items ORDER BY embedding <-> '[10,20,30]' LIMIT 1;
SQL
) || { psql_tcp -d postgres -c "DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)" >/dev/null 2>&1 || true; die "pgvector smoke test failed"; }
psql_tcp -d postgres -c "DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)" >/dev/null
[ "$(echo "$nearest" | tr -d '[:space:]')" = "10" ] || die "pgvector HNSW query returned '${nearest}', expected 10"
version=$(psql_tcp -d postgres -tA -c "SHOW server_version" | awk '{print $1}')
log "CREATE EXTENSION vector + HNSW index OK (PostgreSQL ${version}); scratch database dropped"
log "ready in $(( $(date +%s) - START_TS )) s: postgres://postgres:postgres@127.0.0.1:${PG_PORT}/postgres"
