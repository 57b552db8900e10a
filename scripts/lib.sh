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
