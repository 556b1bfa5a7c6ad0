import { randomBytes } from 'node:crypto';
import { type DeliveryResult } from './types';

export interface Upload {
  /** the remote directory ('' or '.' = the login directory) */
  path: string;
  /** the final file name (it carries the delivery's idempotency key) */
  fileName: string;
  content: Buffer;
}

/**
 * The name a file is written under before its rename: hidden (leading dot), marked as partial, and with a token of
 * this attempt, so an attempt still writing is never cut short by another one truncating the same temporary file
 * (which the rename would then show half-written). An attempt that fails removes its temporary file; one that was
 * killed leaves it behind (hidden, never under the final name).
 */
export function temporaryName(fileName: string, token = randomBytes(4).toString('hex')): string {
  return `.${fileName}.${token}.part`;
}

/** An open connection to a file server for several uploads; close() when done. */
export interface FileTarget {
  upload(upload: Upload): Promise<DeliveryResult>;
  close(): Promise<void>;
}

/**
 * A file target over one open session whose uploads go one after the other (an FTP control connection takes one
 * command at a time; one SFTP upload at a time keeps the server's order and the error per file): a failed upload does
 * not stop the next; `close` waits for the last, then ends the session.
 */
export function sequentialTarget(upload: (upload: Upload) => Promise<DeliveryResult>, end: () => void): FileTarget {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    upload: (next) => {
      const result = queue.then(() => upload(next));
      queue = result.catch(() => undefined);
      return result;
    },
    close: async () => {
      await queue;
      end();
    },
  };
}

/** A final file already there: the same size means an earlier attempt delivered it. */
export function alreadyThere(size: number, expected: number, final: string, who: string): DeliveryResult {
  if (size === expected)
    return {
      ok: true,
      answer: `${who}: ${final} already delivered (${size} bytes)`,
      retryable: false,
      alreadyDelivered: true,
    };
  // Same name means same delivery key; another size means someone changed it there: left alone, for a person to check.
  return {
    ok: false,
    answer: `${who}: ${final} exists with ${size} bytes, this delivery has ${expected}: not replaced`,
    kind: 'other',
    retryable: false,
  };
}
