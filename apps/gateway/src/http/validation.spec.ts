import { ErrorCode } from '@kanban/access';
import { MAX_NESTING, unsafeTextError, unsafeTextReason } from './validation';

describe('unsafe text in requests', () => {
  it('refuses NUL characters and unpaired surrogates, accepts paired ones, umlauts and punctuation', () => {
    expect(unsafeTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unsafeTextReason('lone \ud83d high')).toMatch(/surrogate/);
    expect(unsafeTextReason('lone \udd29 low')).toMatch(/surrogate/);
    expect(unsafeTextReason('\udd29\ud83d')).toMatch(/surrogate/);
    expect(unsafeTextReason('🔩 Ümläute; \'quotes\' -- $1 ? \\')).toBeNull();
    expect(unsafeTextReason('')).toBeNull();
  });

  it('names the field at any depth, keys included', () => {
    expect(unsafeTextError({ name: 'ok', lines: [{ note: 'fine' }, { note: 'bad\u0000' }] }, 'body')).toMatchObject({
      code: ErrorCode.Validation,
      field: 'lines.1.note',
    });
    expect(unsafeTextError({ q: '\ud800' }, 'query')).toMatchObject({ code: ErrorCode.Validation, field: 'q' });
    expect(unsafeTextError('x\u0000', 'key')).toMatchObject({ field: 'key' });
    expect(unsafeTextError({ values: { 'a\u0000': 1 } }, 'body')).toMatchObject({ field: 'values.a\\u0000' });
    expect(unsafeTextError({ name: 'fine', n: 1, b: true, x: null }, 'body')).toBeNull();
    expect(unsafeTextError(undefined, 'body')).toBeNull();
  });

  it(`refuses nesting deeper than ${MAX_NESTING} levels without recursing`, () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unsafeTextError(deep, 'body')).toMatchObject({ code: ErrorCode.Validation, message: expect.stringMatching(/nested/) });
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_NESTING; i++) fine = { a: fine };
    expect(unsafeTextError(fine, 'body')).toBeNull();
  });

  it('skips binary buffers (uploaded files)', () => {
    expect(unsafeTextError({ buffer: Buffer.alloc(10) }, 'file')).toBeNull();
  });
});
