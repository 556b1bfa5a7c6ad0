import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type ConnectionOptions, type NatsConnection } from 'nats';
import { BUS_SERVICES, type BusService, natsServerConfig } from '@kanban/contracts';

/** The nats-server binary the tests start (NATS_SERVER_PATH overrides; Debian's package installs /usr/sbin/nats-server). */
export const NATS_SERVER_PATH = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';

export interface TestNatsServer {
  url: string;
  /** every service's user and password (user = service name) */
  credentials: Record<BusService, { user: string; password: string }>;
  admin: { user: string; password: string };
  /** a connection as the admin (every right), or as another user */
  connect(options?: Partial<ConnectionOptions>): Promise<NatsConnection>;
  output: string[];
  stop(): Promise<void>;
}

/**
 * A nats-server of the test's own, never the machine's shared one: on a free loopback port, JetStream in a fresh
 * temporary folder, and the users and permissions of BUS_ACCESS (`natsServerConfig`) with random passwords,
 * plus an admin user for the test's own look at streams. `stop()` ends it and removes the folder.
 */
export async function startNatsServer(options: { prefix: string; port: number }): Promise<TestNatsServer> {
  if (!existsSync(NATS_SERVER_PATH)) throw new Error(`nats-server not found at ${NATS_SERVER_PATH} (apt-get install nats-server, or set NATS_SERVER_PATH)`);
  const dir = await mkdtemp(path.join(tmpdir(), 'kanban-nats-'));
  const password = () => randomBytes(18).toString('base64url');
  const credentials = Object.fromEntries(BUS_SERVICES.map((service) => [service, { user: service, password: password() }])) as TestNatsServer['credentials'];
  const admin = { user: 'admin', password: password() };
  const config = natsServerConfig({
    prefix: options.prefix,
    passwords: Object.fromEntries(BUS_SERVICES.map((service) => [service, credentials[service].password])) as Record<BusService, string>,
    admin,
    listen: `127.0.0.1:${options.port}`,
    storeDir: path.join(dir, 'jetstream'),
  });
  const configFile = path.join(dir, 'nats.conf');
  await writeFile(configFile, config, { mode: 0o600 });
  const output: string[] = [];
  const child: ChildProcess = spawn(NATS_SERVER_PATH, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `nats://127.0.0.1:${options.port}`;
  const connectAs = (more: Partial<ConnectionOptions> = {}) => connect({ servers: url, user: admin.user, pass: admin.password, ...more });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nats-server exited (${child.exitCode}): ${output.join('')}`);
    }
    try {
      const nc = await connectAs({ timeout: 1_000 });
      await nc.jetstreamManager();
      await nc.close();
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nats-server did not start: ${(error as Error).message}\n${output.join('')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, credentials, admin, connect: connectAs, output, stop };
}
