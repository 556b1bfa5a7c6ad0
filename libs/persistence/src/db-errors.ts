import { AppError, ErrorCode } from '@kanban/access';

/**
 * What a failure of the database means for the caller:
 * - `retry`: the transaction lost a race (serialization failure 40001, deadlock 40P01); running it again may succeed.
 * - `unavailable`: the database could not be reached or gave up (connection refused or lost, server shutting down,
 *   too many connections, out of resources, pool exhausted): not the caller's fault, answered 1006.
 * - `caller`: the values sent do not fit (too long, not a number, out of range, not valid text, duplicate key,
 *   missing reference, or null for a required property, which MikroORM refuses before the database does): answered
 *   1000 (1059 for a duplicate) like any other validation.
 * - null: not a database failure (or one that is a defect of the code, such as a syntax error): stays unknown (500).
 */
export type DatabaseFailure = 'retry' | 'unavailable' | 'caller';

/** Node socket errors of a lost or refused connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages of node-postgres, knex's pool and PGlite when the connection is gone (they carry no SQLSTATE). */
const LOST_CONNECTION =
  /Connection terminated|connection error and is not queryable|Timeout acquiring a connection|Unable to acquire a connection|Client was closed|terminating connection|PGlite is closed|Knex: Timeout/i;

function codeOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.length > 0) return code;
    current = (current as { cause?: unknown; previous?: unknown }).cause ?? (current as { previous?: unknown }).previous;
  }
  return undefined;
}

/** MikroORM's check before a flush that a required property has a value (a null the caller sent for it). */
const REQUIRED_PROPERTY = /^Value for \w+\.(\w+) is required, '(null|undefined)' found/;

/** See {@link DatabaseFailure}. */
export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  if (!error || typeof error !== 'object' || error instanceof AppError) return null;
  if ((error as Error).name === 'ValidationError' && REQUIRED_PROPERTY.test((error as Error).message ?? '')) return 'caller';
  const code = codeOf(error);
  if (code === '40001' || code === '40P01') return 'retry';
  if (code && SOCKET_CODES.has(code)) return 'unavailable';
  if (code && /^[0-9A-Z]{5}$/.test(code)) {
    const sqlClass = code.slice(0, 2);
    // 08 connection exception, 53 insufficient resources, 57 operator intervention (pg_terminate_backend: 57P01),
    // 58 system error, 55P03 lock not available, 57014 statement timeout / cancelled.
    if (['08', '53', '57', '58'].includes(sqlClass) || code === '55P03') return 'unavailable';
    // 22 data exception (too long, invalid text or number, out of range, NUL byte, ...), 23 integrity constraint
    // violation, 54 program limit (an index row too large for a long text).
    if (['22', '23', '54'].includes(sqlClass)) return 'caller';
    return null;
  }
  const name = (error as { name?: unknown }).name;
  if (name === 'KnexTimeoutError') return 'unavailable';
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return 'unavailable';
  return null;
}

const CALLER_MESSAGES: Record<string, string> = {
  '22001': 'text too long',
  '22003': 'number out of range',
  '22P02': 'invalid value',
  '22007': 'invalid date or time',
  '22008': 'date or time out of range',
  '22021': 'invalid characters in text',
  '22P05': 'invalid characters in text',
  '23502': 'a required value is missing',
  '23503': 'refers to a record that does not exist',
  '23514': 'value not allowed',
  '54000': 'value too large',
};

/**
 * The AppError a database failure is answered with, or null when it is none (then it is a defect: 500). Never carries
 * the database's own text (table or constraint names, values) to the client: a column name at most, as the field.
 * 1006 for `unavailable` and for `retry` (a race lost even after the retries of `UnitOfWork.write`).
 */
export function appErrorOfDatabase(error: unknown): AppError | null {
  const failure = databaseFailureOf(error);
  if (failure === null) return null;
  if (failure !== 'caller') return new AppError(ErrorCode.Database);
  const required = REQUIRED_PROPERTY.exec((error as Error).message ?? '');
  if (required) return AppError.validation(required[1]!.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), 'is required');
  const code = codeOf(error)!;
  if (code === '23505') return new AppError(ErrorCode.Duplicate);
  const column = (error as { column?: unknown }).column;
  const field = typeof column === 'string' && /^[a-z_][a-z0-9_]{0,62}$/.test(column) ? column : 'body';
  const message = Object.hasOwn(CALLER_MESSAGES, code) ? CALLER_MESSAGES[code]! : 'invalid value';
  return AppError.validation(field, message);
}
