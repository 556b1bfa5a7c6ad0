/**
 * Retry schedules per channel (issue 18, item 4).
 * - mail: RFC 5321 4.5.4.1 (retry interval at least 30 min, give-up time 4-5 days) with a quicker start: attempts at
 *   0, 1, 5, 15, 30 and 60 minutes (five retries within the first hour), then hourly, until the give-up time
 *   (configurable 1-5 days, default 5 days).
 * - file (SFTP, FTP) and http: exponential, 30 s doubling per attempt, capped at 1 hour, until the give-up time
 *   (default 1 day).
 */
export type Channel = 'mail' | 'file' | 'http';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Delays after the 1st, 2nd, … failed mail attempt within the first hour. */
const MAIL_FIRST_HOUR_MS = [1, 4, 10, 15, 30].map((m) => m * MINUTE_MS);
const EXPONENTIAL_START_MS = 30_000;
const EXPONENTIAL_CAP_MS = HOUR_MS;

export interface RetryPolicy {
  /** mail: give up this long after the first attempt; clamped to 1-5 days; default 5 days */
  mailGiveUpAfterMs?: number;
  /** files: default 1 day */
  fileGiveUpAfterMs?: number;
  /** HTTP: default 1 day */
  httpGiveUpAfterMs?: number;
}

/**
 * How long to wait after the `attempt`-th attempt (1 = the first) failed before the next one. Throws for an attempt
 * below 1.
 */
export function retryDelayMs(channel: Channel, attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError(`attempt must be a whole number from 1, got ${attempt}`);
  if (channel === 'mail') return MAIL_FIRST_HOUR_MS[attempt - 1] ?? HOUR_MS;
  // 30 s * 2^(attempt-1), capped; exponent capped too so large attempt numbers stay finite
  return Math.min(EXPONENTIAL_START_MS * 2 ** Math.min(attempt - 1, 30), EXPONENTIAL_CAP_MS);
}

export function giveUpAfterMs(channel: Channel, policy: RetryPolicy = {}): number {
  switch (channel) {
    case 'mail':
      return Math.min(Math.max(policy.mailGiveUpAfterMs ?? 5 * DAY_MS, DAY_MS), 5 * DAY_MS);
    case 'file':
      return policy.fileGiveUpAfterMs ?? DAY_MS;
    case 'http':
      return policy.httpGiveUpAfterMs ?? DAY_MS;
  }
}

/**
 * When the next attempt is due, in ms from now, or null to give up: after a permanent failure (`retryable` false), or
 * when the next attempt would start past the give-up time counted from the first attempt.
 */
export function nextAttemptDelayMs(
  channel: Channel,
  attempt: number,
  elapsedSinceFirstMs: number,
  retryable: boolean,
  policy: RetryPolicy = {},
): number | null {
  if (!retryable) return null;
  const delay = retryDelayMs(channel, attempt);
  return elapsedSinceFirstMs + delay > giveUpAfterMs(channel, policy) ? null : delay;
}
