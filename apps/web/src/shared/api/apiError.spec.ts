import { type ApiError, errorText, fieldErrors, formErrorText, isEnvelope, isNetworkError, isNotFound } from './apiError';

const t = (key: string) => `t:${key}`;
const failure = (code: number, message = '', extra: Partial<ApiError> = {}): ApiError => ({
  status: 400,
  code,
  message,
  ...extra,
});

describe('errorText (spec 8: catalogue text, else server message, else unknown error)', () => {
  it('shows the catalogue text for a catalogue code', () => {
    expect(errorText(failure(1026, 'wrong credentials'), t)).toBe('t:errors.code.1026');
    expect(errorText(failure(1058, 'limit'), t)).toBe('t:errors.code.1058');
  });

  it('shows the server message for a code outside the catalogue or 0', () => {
    expect(errorText(failure(409, 'conflict'), t)).toBe('conflict');
    expect(errorText(failure(0, 'network down'), t)).toBe('network down');
  });

  it('says "does not exist (any more)" in the interface language for 404, never the server\'s English', () => {
    expect(errorText(failure(404, 'company not found'), t)).toBe('t:errors.notFound');
    expect(errorText(failure(0, 'request not found', { status: 404 }), t)).toBe('t:errors.notFound');
    expect(isNotFound(failure(404, 'order not found'))).toBe(true);
    expect(isNotFound(failure(1000, 'x'))).toBe(false);
    expect(isNotFound(failure(0, '', { status: 0, network: true }))).toBe(false);
  });

  it('falls back to unknown error', () => {
    expect(errorText(failure(500), t)).toBe('t:errors.unknown');
    expect(errorText(new Error('boom'), t)).toBe('t:errors.unknown');
    expect(errorText(undefined, t)).toBe('t:errors.unknown');
  });
});

describe('formErrorText (forms show Meta.message, else unknown error)', () => {
  it('prefers the server message even for catalogue codes', () => {
    expect(formErrorText(failure(1000, 'first_name: is required'), t)).toBe('first_name: is required');
    expect(formErrorText(failure(1000), t)).toBe('t:errors.unknown');
  });
});

describe('fieldErrors', () => {
  it('collects the messages per field from Data.errors and Meta.field, first one winning', () => {
    const error = failure(1000, 'initials: at most 2', {
      field: 'initials',
      errors: [
        { field: 'first_name', message: 'is required' },
        { field: 'first_name', message: 'second' },
      ],
    });
    expect(fieldErrors(error)).toEqual({ first_name: 'is required', initials: 'initials: at most 2' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});

describe('isEnvelope', () => {
  it('recognises {Meta:{code}, Data}', () => {
    expect(isEnvelope({ Meta: { code: 200, message: '' }, Data: null })).toBe(true);
    expect(isEnvelope({ Meta: {} })).toBe(false);
    expect(isEnvelope('<html>')).toBe(false);
    expect(isEnvelope(null)).toBe(false);
  });
});

describe('a call without an answer (issue 16: network errors are not logouts)', () => {
  const offline = failure(0, '', { status: 0, network: true });
  it('says "no connection" in lists and forms, not "unknown error"', () => {
    expect(errorText(offline, t)).toBe('t:errors.network');
    expect(formErrorText(offline, t)).toBe('t:errors.network');
  });
  it('is told apart from answered failures', () => {
    expect(isNetworkError(offline)).toBe(true);
    expect(isNetworkError(failure(502, 'bad gateway'))).toBe(false);
    expect(isNetworkError(new Error('x'))).toBe(false);
  });
});
