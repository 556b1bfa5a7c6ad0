import type { Logger } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, ErrorCode, ProtocolCode } from '@kanban/access';
import { writeError } from './exception.filter';

function fakeResponse() {
  const sent: { status?: number; body?: { Meta: Record<string, unknown>; Data: unknown } } = {};
  const response = {
    headersSent: false,
    req: { method: 'POST', originalUrl: '/api/c/1/customer/?x=1' },
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: never) {
      sent.body = body;
      return this;
    },
  };
  return { response: response as unknown as Response, sent };
}

describe('writeError', () => {
  const lines: string[] = [];
  const log = { error: (line: string) => lines.push(line) } as unknown as Logger;

  beforeEach(() => (lines.length = 0));

  it('puts the correlation id of a service 1006 into Meta and the log line, with 503', () => {
    const { response, sent } = fakeResponse();
    writeError(response, new AppError(ErrorCode.Database, undefined, { correlationId: 'abc-123' }), log);
    expect(sent.status).toBe(503);
    expect(sent.body?.Meta).toEqual({ code: 1006, message: 'database error', correlation_id: 'abc-123' });
    expect(lines).toEqual([expect.stringContaining('POST /api/c/1/customer/ failed [correlation_id=abc-123]')]);
  });

  it('gives a defect of the gateway a new correlation id, logged with the stack, answered 500 unknown error', () => {
    const { response, sent } = fakeResponse();
    writeError(response, new TypeError('boom'), log);
    expect(sent.status).toBe(500);
    const id = sent.body?.Meta.correlation_id as string;
    expect(sent.body?.Meta).toMatchObject({ code: ProtocolCode.Internal, message: 'unknown error' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]).toContain(`[correlation_id=${id}]`);
    expect(lines[0]).toContain('TypeError: boom');
  });

  it('adds no correlation id to the caller errors', () => {
    const { response, sent } = fakeResponse();
    writeError(response, AppError.validation('name', 'too long'), log);
    expect(sent.status).toBe(422);
    expect(sent.body?.Meta).toEqual({ code: 1000, message: 'name: too long', field: 'name' });
    expect(lines).toEqual([]);
  });
});
