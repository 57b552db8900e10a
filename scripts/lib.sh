# Sourced by the scripts that start services for tests and benchmarks.

# free_port prints a loopback TCP port nobody listens on, from a range.
free_port() {
  local port
  for port in $(seq "$1" "$2"); do
    if ! port_open "$port"; then echo "$port"; return; fi
  done
  echo "no free port in $1-$2" >&2
  return 1
}

# A script waits for a state (a port that answers, a file written), polled.
# Its limit catches a hang, not slowness: long enough for a machine doing
# other work (LIFETAG_HANG_SECONDS, 10 minutes).
LIFETAG_HANG_SECONDS=${LIFETAG_HANG_SECONDS:-600}

# wait_until PID COMMAND...: runs COMMAND until it succeeds. Fails, saying
# why, when process PID has ended first (0: no process to watch) or after
# the hang limit.
wait_until() {
  local pid="$1" hang=$((SECONDS + LIFETAG_HANG_SECONDS))
  shift
  until "$@" >/dev/null 2>&1; do
    if [ "$pid" != 0 ] && ! kill -0 "$pid" 2>/dev/null; then
      echo "process $pid ended while waiting for: $*" >&2
      return 1
    fi
    if [ "$SECONDS" -ge "$hang" ]; then
      echo "still not true after $LIFETAG_HANG_SECONDS s: $*" >&2
      return 1
    fi
    sleep 0.2
  done
}

# port_open PORT: something listens on 127.0.0.1:PORT.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# wait_for_port PORT [PID]: waits until something listens on PORT (and
# process PID, when given, is still running).
wait_for_port() {
  wait_until "${2:-0}" port_open "$1" || { echo "nothing listens on 127.0.0.1:$1" >&2; return 1; }
}

# file_written FILE: FILE exists and is not empty.
file_written() { [ -s "$1" ]; }

# last_mailed_token TO DIR...: the token of the last link mailed into the
# development outboxes DIR... (only of mails to TO, when TO is not empty).
last_mailed_token() {
  local to="$1" dir files=()
  shift
  for dir in "$@"; do files+=("$dir"/*.txt); done
  if [ -n "$to" ]; then grep -l "^To: $to" "${files[@]}" 2>/dev/null | xargs -r cat; else cat "${files[@]}" 2>/dev/null; fi |
    grep -o 'token=[A-Za-z0-9_-]*' | tail -n 1 | cut -d= -f2 || true
}
token_mailed() { [ -n "$(last_mailed_token "$@")" ]; }

# mailed_token PID TO DIR...: waits (while process PID runs; 0: none) for a
# link mailed into the outboxes (to TO, when not empty) and prints its token.
mailed_token() {
  local pid="$1"
  shift
  wait_until "$pid" token_mailed "$@" || return 1
  last_mailed_token "$@"
}

# test_cloud_binary prints the cloud binary a packaging test runs: make
# test's (LIFETAG_CLOUD_BIN), else one built into the folder given.
test_cloud_binary() {
  local bin="${LIFETAG_CLOUD_BIN:-}"
  if [ -z "$bin" ] || [ ! -x "$bin" ]; then
    bin="$1/lifetag-cloud"
    GOWORK=off scripts/build/cloud.sh "$bin" >&2
  fi
  echo "$bin"
}

# stop_unshared sends SIGTERM to the cloud that `unshare` (process $1)
# started, as a runtime or systemd stops it (unshare itself ignores
# SIGTERM while it waits), and waits for unshare to end after it.
stop_unshared() {
  local cloud
  cloud=$(cat "/proc/$1/task/$1/children" 2>/dev/null || true)
  kill ${cloud:-$1} 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}
