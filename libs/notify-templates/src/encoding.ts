import { AppError, ErrorCode } from '@kanban/access';
import iconv from 'iconv-lite';

/** The encodings a file template may be written in (spec 3 "File template: encoding"). */
export const FILE_ENCODINGS = ['UTF-8', 'ISO-8859-1', 'Windows-1252'] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number];

/** The line breaks a file template may use (spec 3 "File template: linebreak"). */
export const LINE_BREAKS = ['CRLF', 'LF'] as const;
export type LineBreak = (typeof LINE_BREAKS)[number];

/**
 * What to do with a character the chosen encoding cannot write (an emoji or a Greek letter in ISO-8859-1, say):
 * `error` (the default) refuses with 1000 naming the character and the file's line, so a supplier never receives a
 * changed SKU or name unnoticed; `replace` writes '?' for each such character (one per character, emoji included).
 */
export type Unmappable = 'error' | 'replace';

const ICONV_NAMES: Record<Exclude<FileEncoding, 'UTF-8'>, string> = { 'ISO-8859-1': 'latin1', 'Windows-1252': 'windows1252' };

export function lineBreakOf(linebreak: LineBreak): string {
  return linebreak === 'CRLF' ? '\r\n' : '\n';
}

/** Every line break (CRLF, CR, LF, and the Unicode line and paragraph separators) becomes the chosen one. */
export function normaliseLineBreaks(text: string, linebreak: LineBreak): string {
  return text.replace(/\r\n|\r|\n|\u2028|\u2029/g, lineBreakOf(linebreak));
}

function codePointName(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Encodes text in the chosen encoding. UTF-8 writes every character (with a byte order mark only when `bom`).
 * ISO-8859-1 and Windows-1252 write one byte per character; a character they lack follows `unmappable`.
 * `field` names the template part in the error (1000 with that field; params line, column, character).
 */
export function encodeText(text: string, encoding: FileEncoding, options: { unmappable?: Unmappable; bom?: boolean; field?: string } = {}): Buffer {
  if (encoding === 'UTF-8') {
    const body = Buffer.from(text, 'utf8');
    return options.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
  }
  const name = ICONV_NAMES[encoding];
  const encoded = iconv.encode(text, name);
  // single-byte encodings: byte i is UTF-16 unit i, so a round trip shows exactly where a character was lost
  // (iconv-lite writes '?' for it, for each half of a surrogate pair)
  if (iconv.decode(encoded, name) === text) return encoded;
  const unmappable = options.unmappable ?? 'error';
  let out = '';
  let line = 1;
  let column = 1;
  for (const char of text) {
    const fits = char.length === 1 && iconv.decode(iconv.encode(char, name), name) === char;
    if (fits) out += char;
    else if (unmappable === 'replace') out += '?';
    else {
      const field = options.field ?? 'encoding';
      const message = `${field}: the character "${char}" (${codePointName(char)}) in line ${line}, column ${column} cannot be written in ${encoding}; change the text or choose UTF-8`;
      throw new AppError(ErrorCode.Validation, message, {
        field,
        errors: [{ field, message, params: { line, column, character: char, code_point: codePointName(char), encoding } }],
      });
    }
    if (char === '\n') {
      line += 1;
      column = 1;
    } else column += 1;
  }
  return iconv.encode(out, name);
}
