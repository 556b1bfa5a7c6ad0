#!/usr/bin/env bash
# Makes sure what the distributed suites use is there: the PostgreSQL server on 127.0.0.1:5432 (started if it is
# installed but stopped), the nats-server binary (NATS_SERVER_PATH, default /usr/sbin/nats-server): each test run
# starts a nats-server of its own with the services' users and permissions, never the machine's shared one; and the
# MQTT broker Mosquitto on 127.0.0.1:1883 with its clients mosquitto_pub/mosquitto_sub (the sensor ingestion's tests
# publish to it under topics of their own; started if installed but stopped, installed from Debian's packages if
# missing). Also installs, when missing, what tests start or call themselves: OpenSSH's sshd, vsftpd and Dovecot's imapd (the
# delivery tests' SFTP, FTP and IMAP servers, libs/testing/src/delivery-servers.ts; never started as services here) and poppler-utils
# and zbar-tools (pdftotext, zbarimg: reading printed PDFs and their barcodes). One `apt-get update` for all of them.
# Fails if one is missing.
set -u
up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
nats="${NATS_SERVER_PATH:-/usr/sbin/nats-server}"
if ! up 5432 && command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi
missing=()
command -v mosquitto >/dev/null 2>&1 || missing+=(mosquitto)
command -v mosquitto_pub >/dev/null 2>&1 || missing+=(mosquitto-clients)
[ -x /usr/sbin/sshd ] || missing+=(openssh-server)
[ -x /usr/sbin/vsftpd ] || missing+=(vsftpd)
[ -x /usr/sbin/dovecot ] || missing+=(dovecot-imapd)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
if [ "${#missing[@]}" -gt 0 ]; then
  # The packages' own services (ssh on port 22, vsftpd on 21, dovecot on 143/993) must not start: the tests start their own on loopback.
  # Docker images carry a policy-rc.d that forbids starting services; where there is none, one is put for the install.
  own_policy=
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d && own_policy=1
  fi
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null) ||
    echo "services: could not install ${missing[*]}" >&2
  [ -n "$own_policy" ] && rm -f /usr/sbin/policy-rc.d
fi
if ! up 1883 && command -v mosquitto >/dev/null 2>&1; then
  if [ -f /etc/mosquitto/mosquitto.conf ]; then mosquitto -d -c /etc/mosquitto/mosquitto.conf || true; else mosquitto -d || true; fi
fi
[ -x "$nats" ] || echo "services: nats-server not found at $nats (apt-get install nats-server, or set NATS_SERVER_PATH)" >&2
for i in $(seq 1 50); do
  if up 5432 && up 1883 && [ -x "$nats" ] && command -v mosquitto_pub >/dev/null 2>&1 && [ -x /usr/sbin/sshd ] && [ -x /usr/sbin/vsftpd ] && [ -x /usr/sbin/dovecot ]; then
    echo "services: PostgreSQL reachable, Mosquitto reachable, nats-server at $nats, sshd, vsftpd and dovecot installed"
    exit 0
  fi
  sleep 0.2
done
up 5432 || echo "services: PostgreSQL is not reachable on 127.0.0.1:5432" >&2
up 1883 || echo "services: Mosquitto is not reachable on 127.0.0.1:1883" >&2
[ -x /usr/sbin/sshd ] || echo "services: /usr/sbin/sshd missing (openssh-server)" >&2
[ -x /usr/sbin/vsftpd ] || echo "services: /usr/sbin/vsftpd missing (vsftpd)" >&2
[ -x /usr/sbin/dovecot ] || echo "services: /usr/sbin/dovecot missing (dovecot-imapd)" >&2
exit 1
