import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import * as argon2 from 'argon2';

/** OWASP's argon2id parameters (19 MiB, 2 iterations, 1 lane). */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so unknown e-mails cannot be told from wrong passwords. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/** A token handed out once: `<id>.<secret>`; only the SHA-256 of the secret is stored. */
export function newOpaqueToken(): { id: string; secret: string; token: string; hash: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, token: `${id}.${secret}`, hash: sha256(secret) };
}

/**
 * The token issued in place of a spent one: a new id, and a secret derived from the spent token's secret with the
 * server key (HMAC-SHA256). Only who holds the spent token (and the server) can compute it, and the database never
 * holds it, so a repeated refresh within the grace window can answer the same successor again.
 */
export function successorToken(key: string, spentSecret: string, id: string = randomUUID()): { id: string; secret: string; token: string; hash: string } {
  const secret = createHmac('sha256', key).update(`refresh-successor:${spentSecret}`).digest('base64url');
  return { id, secret, token: `${id}.${secret}`, hash: sha256(secret) };
}

export function parseOpaqueToken(token: unknown): { id: string; secret: string } | null {
  if (typeof token !== 'string') return null;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : null;
}

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
