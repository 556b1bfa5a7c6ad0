import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from './distributed';

export interface S3TestServer {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** what the server printed (for failure messages) */
  output: string[];
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server for tests: s3rver (a Node implementation of the S3 REST API, with AWS
 * signature checks) as its own process on a free port, its data in a temporary folder. MinIO itself is
 * not installable on this machine (no downloads but npm and Debian packages).
 */
export async function startS3Server(): Promise<S3TestServer> {
  const dir = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js'), '--directory', dir, '--address', '127.0.0.1', '--port', String(port), '--silent'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited (${child.exitCode}): ${output.join('')}`);
    try {
      await fetch(endpoint);
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`s3rver did not answer on ${endpoint}: ${output.join('')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // s3rver's default credentials; it checks every request's signature against them.
  return { endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', output, stop };
}
