#!/usr/bin/env bash
# Makes sure what the distributed suites use is there: the PostgreSQL server on 127.0.0.1:5432 (started if it is
# installed but stopped) and the nats-server binary (NATS_SERVER_PATH, default /usr/sbin/nats-server): each test run
# starts a nats-server of its own with the services' users and permissions, never the machine's shared one.
# Fails if one is missing.
set -u
up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
nats="${NATS_SERVER_PATH:-/usr/sbin/nats-server}"
if ! up 5432 && command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi
[ -x "$nats" ] || echo "services: nats-server not found at $nats (apt-get install nats-server, or set NATS_SERVER_PATH)" >&2
for i in $(seq 1 50); do
  if up 5432 && [ -x "$nats" ]; then echo "services: PostgreSQL reachable, nats-server at $nats"; exit 0; fi
  sleep 0.2
done
up 5432 || echo "services: PostgreSQL is not reachable on 127.0.0.1:5432" >&2
exit 1
