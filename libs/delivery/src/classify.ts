import { type FailureKind } from './types';

/** Socket and resolver error codes that mean the server could not be reached at all. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAI_FAIL',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EPIPE',
  'EADDRNOTAVAIL',
]);

export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object') {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const cause = (error as { cause?: unknown }).cause;
    if (cause) return errorCode(cause);
  }
  return undefined;
}

export function errorMessage(error: unknown): string {
  // not `instanceof Error`: errors of node's core are of another realm under jest
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

/** A network-level failure: refused, reset, timed out, unknown host. */
export function isUnreachable(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && UNREACHABLE_CODES.has(code);
}

/** For failures that are not the server's answer: unreachable when the network says so, else 'other'. */
export function networkKind(error: unknown): FailureKind {
  return isUnreachable(error) ? 'unreachable' : 'other';
}

/** Printable text of what a server sent that was not its protocol (for the answer of an 'unreadable'). */
export function printable(bytes: Buffer | string, max = 200): string {
  const text = typeof bytes === 'string' ? bytes : bytes.toString('latin1');
  const shown = text
    .replace(/\r?\n|\r/g, ' ')
    .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '?')
    .trim();
  return shown.length > max ? `${shown.slice(0, max)}…` : shown;
}

/** A classified failure thrown inside a transport and turned into its result at the end. */
export class TransportFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly answer: string,
    readonly retryable: boolean,
  ) {
    super(answer);
  }
}
