import { type DeliveryResult } from './types';

export interface Upload {
  /** the remote directory ('' or '.' = the login directory) */
  path: string;
  /** the final file name (it carries the delivery's idempotency key) */
  fileName: string;
  content: Buffer;
}

/** The name a file is written under before its rename: hidden (leading dot) and marked as partial. */
export function temporaryName(fileName: string): string {
  return `.${fileName}.part`;
}

/** A final file already there: the same size means an earlier attempt delivered it. */
export function alreadyThere(size: number, expected: number, final: string, who: string): DeliveryResult {
  if (size === expected) return { ok: true, answer: `${who}: ${final} already delivered (${size} bytes)`, retryable: false, alreadyDelivered: true };
  // Same name means same delivery key; another size means someone changed it there: left alone, for a person to check.
  return {
    ok: false,
    answer: `${who}: ${final} exists with ${size} bytes, this delivery has ${expected}: not replaced`,
    kind: 'other',
    retryable: false,
  };
}
