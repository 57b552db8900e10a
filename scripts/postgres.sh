# Sourced by the test and bench scripts: gives them a throwaway PostgreSQL
# database and always takes it away again.
#
#   . scripts/postgres.sh
#   postgres_start      # exports LIFETAG_TEST_DATABASE_URL
#   ...
#   postgres_stop       # also run from an EXIT trap by postgres_start
#
# Where the database comes from, in order:
#   1. $DATABASE_URL, used as it is (and left alone afterwards);
#   2. $LIFETAG_PG_SERVER (host:port of a server that lets user postgres
#      create a database, such as make test's, which postgres_server prints
#      and scripts/test/all.sh hands to the benchmarks' smoke run): a fresh
#      lifetag_test_* database there, dropped afterwards, rather than
#      another cluster;
#   3. a server answering on 127.0.0.1:5432 that lets user postgres create a
#      database: a fresh lifetag_test_* database, dropped afterwards;
#   4. a temporary cluster (initdb + pg_ctl) in a temporary directory, run as
#      an unprivileged user, on a free port, deleted afterwards.
#      LIFETAG_PG_TEMP_CLUSTER=1 skips straight to this (to test it, or to
#      keep the tests off a shared server).

. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

_pg_kind=""
_pg_dir=""
_pg_db=""
_pg_user=""
_pg_server=""

_pg_bindir() {
  local initdb
  initdb=$(ls -d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -n 1)
  [ -n "$initdb" ] || initdb=$(command -v initdb || true)
  [ -n "$initdb" ] && dirname "$initdb"
}

_pg_as_user() { # run a command as the unprivileged cluster owner
  if [ "$(id -u)" -eq 0 ]; then runuser -u "$_pg_user" -- "$@"; else "$@"; fi
}

postgres_start() {
  trap postgres_stop EXIT
  if [ -n "${DATABASE_URL:-}" ]; then
    _pg_kind=given
    export LIFETAG_TEST_DATABASE_URL="$DATABASE_URL"
    echo "postgres: using \$DATABASE_URL"
    return
  fi

  _pg_db="lifetag_test_$$_$RANDOM"
  if [ -n "${LIFETAG_PG_SERVER:-}" ] &&
     psql -q -h "${LIFETAG_PG_SERVER%:*}" -p "${LIFETAG_PG_SERVER##*:}" -U postgres -d postgres \
       -c "CREATE DATABASE $_pg_db" >/dev/null 2>&1; then
    _pg_kind=database
    _pg_server=$LIFETAG_PG_SERVER
    export LIFETAG_TEST_DATABASE_URL="postgres://postgres@$_pg_server/$_pg_db?sslmode=disable"
    echo "postgres: throwaway database $_pg_db on $_pg_server"
    return
  fi
  if [ "${LIFETAG_PG_TEMP_CLUSTER:-}" != 1 ] &&
     pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null &&
     psql -q -h 127.0.0.1 -U postgres -d postgres -c "CREATE DATABASE $_pg_db" >/dev/null 2>&1; then
    _pg_kind=database
    _pg_server=127.0.0.1:5432
    export LIFETAG_TEST_DATABASE_URL="postgres://postgres@$_pg_server/$_pg_db?sslmode=disable"
    echo "postgres: throwaway database $_pg_db on $_pg_server"
    return
  fi

  local bindir port
  bindir=$(_pg_bindir)
  if [ -z "$bindir" ]; then
    echo "postgres: no server and no initdb; run scripts/setup.sh" >&2
    return 1
  fi
  port=$(free_port 55432 55532)
  _pg_dir=$(mktemp -d /tmp/lifetag-pg.XXXXXX)
  _pg_user=$(id -un)
  if [ "$(id -u)" -eq 0 ]; then
    # initdb refuses to run as root.
    _pg_user=postgres
    id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
    chown "$_pg_user" "$_pg_dir"
  fi
  _pg_as_user "$bindir/initdb" -D "$_pg_dir/data" -U postgres -A trust -E UTF8 --no-sync >/dev/null
  _pg_as_user "$bindir/pg_ctl" -D "$_pg_dir/data" -l "$_pg_dir/log" -w -o \
    "-p $port -k $_pg_dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
  _pg_kind=cluster
  "$bindir/psql" -q -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "CREATE DATABASE $_pg_db" >/dev/null
  _pg_server="127.0.0.1:$port"
  export LIFETAG_TEST_DATABASE_URL="postgres://postgres@$_pg_server/$_pg_db?sslmode=disable"
  echo "postgres: temporary cluster on $_pg_server"
}

# postgres_server prints the host:port of the server postgres_start found or
# started, where more throwaway databases can be made (nothing for a given
# $DATABASE_URL): what LIFETAG_PG_SERVER takes.
postgres_server() {
  echo "$_pg_server"
}

postgres_stop() {
  case "$_pg_kind" in
    database)
      psql -q -h "${_pg_server%:*}" -p "${_pg_server##*:}" -U postgres -d postgres \
        -c "DROP DATABASE IF EXISTS $_pg_db WITH (FORCE)" >/dev/null 2>&1 || true ;;
    cluster)
      _pg_as_user "$(_pg_bindir)/pg_ctl" -D "$_pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
      rm -rf "$_pg_dir" ;;
  esac
  _pg_kind=""
}
