import { DeadlockException, UniqueConstraintViolationException, ValidationError } from '@mikro-orm/core';
import { AppError, ErrorCode } from '@kanban/access';
import { appErrorOfDatabase, databaseFailureOf } from './db-errors';
import { retryingTransaction, WRITE_ATTEMPTS } from './unit-of-work';

/** An error as node-postgres and PGlite throw it: the SQLSTATE in `code`, sometimes the column. */
function pgError(code: string, message = 'db says no', extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { code, ...extra });
}

describe('databaseFailureOf', () => {
  it.each([
    ['40001', 'retry'],
    ['40P01', 'retry'],
    ['57P01', 'unavailable'], // pg_terminate_backend
    ['08006', 'unavailable'],
    ['53300', 'unavailable'], // too many connections
    ['57014', 'unavailable'], // statement timeout
    ['22001', 'caller'],
    ['22P02', 'caller'],
    ['22003', 'caller'],
    ['22021', 'caller'],
    ['23505', 'caller'],
    ['23503', 'caller'],
    ['54000', 'caller'],
    ['42601', null], // syntax error: a defect of the code
    ['42P01', null],
  ])('SQLSTATE %s -> %s', (code, expected) => {
    expect(databaseFailureOf(pgError(code))).toBe(expected);
  });

  it('knows lost and refused connections without a SQLSTATE', () => {
    expect(databaseFailureOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('unavailable');
    expect(databaseFailureOf(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFailureOf(Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }))).toBe(
      'unavailable',
    );
  });

  it('reads MikroORM exceptions (which copy the SQLSTATE) and ignores everything else', () => {
    expect(databaseFailureOf(new DeadlockException(pgError('40P01')))).toBe('retry');
    expect(databaseFailureOf(new UniqueConstraintViolationException(pgError('23505')))).toBe('caller');
    expect(databaseFailureOf(new TypeError('x is undefined'))).toBeNull();
    expect(databaseFailureOf(new AppError(ErrorCode.Validation))).toBeNull();
    expect(databaseFailureOf(Object.assign(new Error('nats'), { code: 'TIMEOUT' }))).toBeNull();
    expect(databaseFailureOf('a string')).toBeNull();
  });
});

describe('appErrorOfDatabase', () => {
  it('answers 1006 for failures that are not the caller fault, without the database text', () => {
    const error = appErrorOfDatabase(pgError('57P01', 'terminating connection due to administrator command'))!;
    expect(error).toMatchObject({ code: ErrorCode.Database, message: 'database error' });
    expect(appErrorOfDatabase(pgError('40001'))?.code).toBe(ErrorCode.Database);
  });

  it('answers 1000 naming the column (or body) for values that do not fit, 1059 for a duplicate', () => {
    expect(appErrorOfDatabase(pgError('22001', 'value too long for type character varying(50)'))).toMatchObject({
      code: ErrorCode.Validation,
      field: 'body',
      message: 'body: text too long',
    });
    expect(appErrorOfDatabase(pgError('23502', 'null value in column "name"', { column: 'name' }))).toMatchObject({ code: ErrorCode.Validation, field: 'name' });
    expect(appErrorOfDatabase(pgError('23505', 'duplicate key value violates unique constraint "secret_idx"'))).toMatchObject({
      code: ErrorCode.Duplicate,
      message: 'duplicate data, check key fields',
    });
    expect(appErrorOfDatabase(new Error('plain bug'))).toBeNull();
  });

  it("answers 1000 naming the property for MikroORM's 'required' check (a null sent for it)", () => {
    const required = new ValidationError("Value for User.firstName is required, 'null' found\nentity: User {}");
    expect(databaseFailureOf(required)).toBe('caller');
    expect(appErrorOfDatabase(required)).toMatchObject({ code: ErrorCode.Validation, field: 'first_name', message: 'first_name: is required' });
    expect(appErrorOfDatabase(new ValidationError('Trying to query by not existing property User.x'))).toBeNull();
  });
});

describe('retryingTransaction', () => {
  const noWait = () => Promise.resolve();

  it('runs a transaction again after a serialization failure or deadlock and answers its result', async () => {
    let runs = 0;
    const result = await retryingTransaction(
      async () => {
        runs++;
        if (runs === 1) throw pgError('40001');
        if (runs === 2) throw new DeadlockException(pgError('40P01'));
        return 'done';
      },
      'test',
      noWait,
    );
    expect(result).toBe('done');
    expect(runs).toBe(3);
  });

  it(`gives up after ${WRITE_ATTEMPTS} runs with the last failure`, async () => {
    let runs = 0;
    const failure = pgError('40001');
    await expect(
      retryingTransaction(
        async () => {
          runs++;
          throw failure;
        },
        'test',
        noWait,
      ),
    ).rejects.toBe(failure);
    expect(runs).toBe(WRITE_ATTEMPTS);
  });

  it('never repeats other failures', async () => {
    let runs = 0;
    await expect(
      retryingTransaction(
        async () => {
          runs++;
          throw pgError('23505');
        },
        'test',
        noWait,
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });
});
