/**
 * Input generation for the fuzz suite (tests/e2e/fuzz.e2e.ts): the calls of docs/openapi.json, valid bodies from their
 * schemas, and the bad variants (wrong types, missing and extra fields, huge numbers, prototype keys, hostile strings).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, ProtocolCode } from '@kanban/access';

export interface Schema {
  type?: string;
  $ref?: string;
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  items?: Schema;
  maxLength?: number;
  format?: string;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** the path without `/api`, e.g. `/c/{companyID}/customer/{customerID}` */
  path: string;
  pathParams: string[];
  query: string[];
  headers: string[];
  body?: Schema;
  /** the body is multipart (uploads): JSON bodies are still sent, they must be refused cleanly */
  multipart: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

/** Read at test time: docs/openapi.json is generated from the code and changes with it. */
export function loadOperations(): {
  operations: Operation[];
  resolve: (schema: Schema | undefined) => Schema | undefined;
} {
  const doc = JSON.parse(readFileSync(join(__dirname, '../../docs/openapi.json'), 'utf8')) as OpenApi;
  const resolve = (schema: Schema | undefined): Schema | undefined => {
    if (!schema) return undefined;
    if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
    if (schema.allOf?.length === 1) return resolve(schema.allOf[0]);
    return schema;
  };
  const operations: Operation[] = [];
  for (const [fullPath, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const multipart = content['multipart/form-data']?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path: fullPath.replace(/^\/api/, ''),
        pathParams: [...fullPath.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        query: params.filter((p) => p.in === 'query').map((p) => p.name),
        headers: params.filter((p) => p.in === 'header').map((p) => p.name),
        body: resolve(json ?? multipart),
        multipart: !json && !!multipart,
      });
    }
  }
  return { operations, resolve };
}

/** Codes an answer may carry in Meta.code (libs/access/src/errors.ts). */
export const CATALOGUE_CODES = new Set<number>([
  ...Object.values(ErrorCode).filter((v): v is number => typeof v === 'number'),
  ...Object.values(ProtocolCode).filter((v): v is number => typeof v === 'number'),
]);

export const LONG_STRING = 'x'.repeat(10_000);

/**
 * Hostile texts that are valid text: saved as sent and read back unchanged. At most 18 UTF-16 units each, so that with
 * the round trip's suffix they fit the short fields (postal codes, units: 20).
 */
export const VALID_HOSTILE: Record<string, string> = {
  semicolons: 'a;DROP TABLE x;--',
  quotes: `O'Brien "q" ''`,
  backslashes: 'C:\\p\\\\ \\n',
  dashes: 'x -- c /* c */',
  dollar: '$1 $$ $2::text',
  question: 'why? ?? ?1',
  percent: '100% %s %%',
  underscore: '_ __ a_b',
  emoji: '📦🚚👩‍👩‍👧🇩🇪',
  rtl: '\u200Fשלום\u202Eabc',
  combining: 'e\u0301 Z\u0336\u0335 a\u0308',
  markup: '<b>x</b>&amp;',
  template: '${x} {{7*7}}',
  words: '__proto__ toString',
};

/** Hostile texts a valid call must refuse (1000), never fail on. */
export const INVALID_HOSTILE: Record<string, string> = {
  nul: 'a\u0000b',
  'lone high surrogate': 'a\uD800b',
  'lone low surrogate': '\uDC00x',
  '10,000 characters': LONG_STRING,
};

export const HOSTILE: Record<string, string> = { ...VALID_HOSTILE, ...INVALID_HOSTILE };

/** Bad values for an id in a path. */
export const BAD_IDS = [
  '0',
  '-1',
  '1e3',
  '1.5',
  '0x10',
  '2147483648',
  '99999999999999999999',
  'abc',
  'constructor',
  '__proto__',
  '%20',
];

/** Bad values for a query parameter. */
export const BAD_QUERY_VALUES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  '',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'abc',
  'name desc',
];

/** One input of a call: a label and a body (or a raw body text), optionally other path values, query or token. */
export interface Input {
  label: string;
  body?: unknown;
  raw?: string;
}

/** Wrong-typed and out-of-range values for a property of the given type. */
export function wrongValues(schema: Schema): { label: string; value?: unknown; raw?: string }[] {
  const common = [{ label: 'null', value: null }];
  switch (schema.type) {
    case 'string':
      return [...common, { label: 'number', value: 12345 }, { label: 'object', value: { a: 1 } }];
    case 'number':
    case 'integer':
      return [
        ...common,
        { label: 'text', value: 'abc' },
        { label: 'true', value: true },
        { label: '-1', value: -1 },
        { label: '1.5', value: 1.5 },
        { label: '1e308', value: 1e308 },
        { label: '2^53+2', value: 2 ** 53 + 2 },
        { label: '1e400 (Infinity)', raw: '1e400' },
      ];
    case 'boolean':
      return [...common, { label: 'text', value: 'true' }, { label: 'number', value: 1 }];
    case 'array':
      return [
        ...common,
        { label: 'text', value: 'x' },
        { label: '[null]', value: [null] },
        { label: '[{}]', value: [{}] },
      ];
    case undefined:
    default:
      return [
        ...common,
        { label: 'text', value: 'x' },
        { label: 'array', value: [] },
        { label: '__proto__ inside', raw: '{"__proto__":{"polluted":1}}' },
      ];
  }
}

/** The text of an object with one property's value given as raw JSON. */
export function withRaw(body: Record<string, unknown>, key: string, raw: string): string {
  const rest = { ...body };
  delete rest[key];
  const text = JSON.stringify(rest);
  return `{${JSON.stringify(key)}:${raw}${text === '{}' ? '}' : `,${text.slice(1)}`}`;
}

/** Properties whose texts have a meaning checked by the server: no free text. */
export const NOT_FREE_TEXT = new Set([
  'email',
  'Email',
  'owner_email',
  'Password',
  'password',
  'password_confirm',
  'token',
  'RefreshToken',
  'timezone',
  'key',
  'from',
  'to',
  'contract_end_date',
  'paused_until',
  // unit codes have no spaces, UNSPSC codes are 8 digits
  'code',
  'unspsc',
  // a rack's unit names one of the company's unit codes; its bin label format is a pattern of {prefix}, {row} and
  // {column} (docs/storages.md): both are checked as such, not free text
  'unit',
  'format',
  // a sensor's external id is the vendor's device id: visible characters without spaces, /, + or # (an MQTT topic
  // level, docs/sensors.md), checked as such
  'external_id',
  // a server's host is a host name or an IP address (docs/notifications.md), checked as such
  'host',
  // an e-mail or file template's header and body are Handlebars templates (docs/notification-templates.md), checked as
  // such on save: `{{constructor}}` or an unclosed `{{` is refused with the line and column, not stored as text
  'header',
  'body',
  // a notification rule's subject and attachment name are templates too, its sender and extra recipient addresses
  // (docs/notification-rules.md); the support request's subject (the only other one) has no detail to read back
  'subject',
  'attachment_name',
  'email_from',
  'email_to',
]);

/** The free-text string properties of a body schema (no enum, no format, not in NOT_FREE_TEXT). */
export function freeTextProps(
  schema: Schema | undefined,
  resolve: (s: Schema | undefined) => Schema | undefined,
): string[] {
  const props = resolve(schema)?.properties ?? {};
  return Object.entries(props)
    .filter(([name, p]) => {
      const s = resolve(p);
      return s?.type === 'string' && !s.enum && !s.format && !NOT_FREE_TEXT.has(name);
    })
    .map(([name]) => name);
}

/** Runs `tasks` with at most `limit` at a time. */
export async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await run(item);
    }
  });
  await Promise.all(workers);
}
