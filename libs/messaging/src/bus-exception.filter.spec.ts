import { Logger, type ArgumentsHost } from '@nestjs/common';
import { firstValueFrom } from 'rxjs';
import { AppError, type ErrorBody, ErrorCode, ProtocolCode } from '@kanban/access';
import { BusExceptionFilter } from './bus-exception.filter';

const host = { getArgByIndex: () => ({ getArgs: () => ['catalog.customer.create'] }) } as unknown as ArgumentsHost;

async function bodyOf(exception: unknown): Promise<ErrorBody> {
  try {
    await firstValueFrom(new BusExceptionFilter().catch(exception, host));
  } catch (body) {
    return body as ErrorBody;
  }
  throw new Error('the filter did not fail');
}

describe('BusExceptionFilter', () => {
  let logged: string[];

  beforeEach(() => {
    logged = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void logged.push(String(message)));
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void logged.push(String(message)));
  });

  afterEach(() => jest.restoreAllMocks());

  it('passes an AppError on as it is', async () => {
    expect(await bodyOf(AppError.validation('name', 'is required'))).toMatchObject({ code: ErrorCode.Validation, field: 'name' });
    expect(logged).toEqual([]);
  });

  it('answers 1006 with a correlation id (also in the log line) for a lost connection, never the database text', async () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const body = await bodyOf(lost);
    expect(body).toEqual({ code: ErrorCode.Database, message: 'database error', correlationId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`correlation_id=${body.correlationId}`);
    expect(logged[0]).toContain('catalog.customer.create');
  });

  it('answers 1000 (no correlation id) for values the database refused', async () => {
    const body = await bodyOf(Object.assign(new Error('value too long for type character varying(20)'), { code: '22001' }));
    expect(body).toEqual({ code: ErrorCode.Validation, message: 'body: text too long', field: 'body', errors: [{ field: 'body', message: 'text too long' }] });
  });

  it('keeps 500 "unknown error" for a defect, with a correlation id in body and log', async () => {
    const body = await bodyOf(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(body).toMatchObject({ code: ProtocolCode.Internal, message: 'unknown error' });
    expect(logged[0]).toContain(`correlation_id=${body.correlationId}`);
    expect(logged[0]).toContain('TypeError');
  });
});
