#!/usr/bin/env bash
# Makes sure the servers the distributed suites use are up (PostgreSQL 127.0.0.1:5432, NATS with JetStream
# 127.0.0.1:4222); starts the machine's own ones if they are installed but stopped. Fails if one stays down.
set -u
up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if ! up 5432 && command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi
if ! up 4222 && [ -x /usr/sbin/nats-server ]; then
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js \
    -sd /var/lib/nats-server -l /var/log/nats-server.log || true
fi
for i in $(seq 1 50); do
  if up 5432 && up 4222; then echo "services: PostgreSQL and NATS reachable"; exit 0; fi
  sleep 0.2
done
up 5432 || echo "services: PostgreSQL is not reachable on 127.0.0.1:5432" >&2
up 4222 || echo "services: NATS is not reachable on 127.0.0.1:4222" >&2
exit 1
