# Sourced by the scripts that start services for tests and benchmarks.

# free_port prints a loopback TCP port nobody listens on, from a range.
free_port() {
  local port
  for port in $(seq "$1" "$2"); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return; fi
  done
  echo "no free port in $1-$2" >&2
  return 1
}

# wait_for_port waits (at most about 10 s) until something listens on a port.
wait_for_port() {
  local tries
  for tries in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "nothing listens on 127.0.0.1:$1" >&2
  return 1
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
