/**
 * GS1 element strings as written on labels: application identifiers in parentheses followed by their data,
 * e.g. `(01)09501101530003(10)ABC123(30)25`. Each AI is checked against the GS1 General Specifications: its
 * length (fixed or the maximum of a variable one), its character set (digits, or the GS1 82-character set) and,
 * where the AI has one, its check digit (GTIN, SSCC, GLN) or date (YYMMDD).
 */

export interface Gs1Field {
  ai: string;
  value: string;
}

interface AiRule {
  title: string;
  numeric: boolean;
  /** fixed length, or the maximum of a variable length */
  length: number;
  fixed: boolean;
  checkDigit?: boolean;
  date?: 'strict' | 'day00';
}

const N = (title: string, length: number, fixed: boolean, extra: Partial<AiRule> = {}): AiRule => ({
  title,
  numeric: true,
  length,
  fixed,
  ...extra,
});
const X = (title: string, length: number): AiRule => ({ title, numeric: false, length, fixed: false });

/** The application identifiers understood (others are refused by name). */
export const GS1_AIS: Record<string, AiRule> = {
  '00': N('SSCC', 18, true, { checkDigit: true }),
  '01': N('GTIN', 14, true, { checkDigit: true }),
  '02': N('GTIN of contained trade items', 14, true, { checkDigit: true }),
  '10': X('batch or lot number', 20),
  '11': N('production date', 6, true, { date: 'strict' }),
  '12': N('due date', 6, true, { date: 'strict' }),
  '13': N('packaging date', 6, true, { date: 'strict' }),
  '15': N('best before date', 6, true, { date: 'day00' }),
  '16': N('sell by date', 6, true, { date: 'day00' }),
  '17': N('expiration date', 6, true, { date: 'day00' }),
  '20': N('internal product variant', 2, true),
  '21': X('serial number', 20),
  '22': X('consumer product variant', 20),
  '30': N('variable count of items', 8, false),
  '37': N('count of trade items', 8, false),
  '240': X('additional product identification', 30),
  '241': X('customer part number', 30),
  '250': X('secondary serial number', 30),
  '400': X("customer's purchase order number", 30),
  '401': X('global identification number for consignment', 30),
  '410': N('ship to GLN', 13, true, { checkDigit: true }),
  '414': N('GLN of a physical location', 13, true, { checkDigit: true }),
  '420': X('ship to postal code', 20),
  ...Object.fromEntries(
    [0, 1, 2, 3, 4, 5].map((d) => [`310${d}`, N(`net weight in kg (${d} decimals)`, 6, true)]),
  ),
  ...Object.fromEntries(
    [0, 1, 2, 3, 4, 5].map((d) => [`330${d}`, N(`gross weight in kg (${d} decimals)`, 6, true)]),
  ),
  ...Object.fromEntries(
    ['91', '92', '93', '94', '95', '96', '97', '98', '99'].map((ai) => [
      ai,
      X('company internal information', 90),
    ]),
  ),
};

/** GS1's 82-character set (ISO/IEC 646 subset) without the parentheses, which delimit the AIs here. */
const CSET82 = /^[A-Za-z0-9!"%&'*+,\-./:;<=>?_]*$/;

export class Gs1Error extends Error {
  constructor(
    readonly ai: string | null,
    reason: string,
  ) {
    super(ai === null ? `GS1: ${reason}` : `GS1 AI (${ai}): ${reason}`);
  }
}

/** The GS1 mod-10 check digit of the digits before it (weights 3,1,3,… from the right). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3)
    sum += (digits.charCodeAt(i) - 48) * weight;
  return (10 - (sum % 10)) % 10;
}

function checkDate(value: string, mode: 'strict' | 'day00'): string | null {
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  if (month < 1 || month > 12) return `month ${value.slice(2, 4)} is not 01 to 12`;
  if (day === 0 && mode === 'day00') return null;
  const year = 2000 + Number(value.slice(0, 2));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `day ${value.slice(4, 6)} does not exist in that month`;
  return null;
}

/** Checks one AI's data; the reason, or null when it is fine. */
export function checkGs1Field(ai: string, value: string): string | null {
  const rule = GS1_AIS[ai];
  if (!rule) return 'unknown application identifier (supported: ' + Object.keys(GS1_AIS).join(', ') + ')';
  if (value === '') return `${rule.title} is empty`;
  if (rule.numeric && !/^[0-9]+$/.test(value)) return `${rule.title} must be digits only, got "${value}"`;
  if (!rule.numeric && !CSET82.test(value))
    return `${rule.title} has characters outside the GS1 character set (letters, digits and !"%&'*+,-./:;<=>?_)`;
  if (rule.fixed && value.length !== rule.length)
    return `${rule.title} must be exactly ${rule.length} digits, got ${value.length}`;
  if (!rule.fixed && value.length > rule.length)
    return `${rule.title} may have at most ${rule.length} ${rule.numeric ? 'digits' : 'characters'}, got ${value.length}`;
  if (rule.checkDigit) {
    const expected = gs1CheckDigit(value.slice(0, -1));
    if (Number(value.slice(-1)) !== expected)
      return `check digit is ${value.slice(-1)}, expected ${expected}`;
  }
  if (rule.date) return checkDate(value, rule.date);
  return null;
}

/** Parses `(AI)data(AI)data…`, checking every field; throws Gs1Error naming the AI and why. */
export function parseGs1(text: string): Gs1Field[] {
  if (!text.startsWith('('))
    throw new Gs1Error(
      null,
      `the data must start with an application identifier in parentheses, e.g. (01), got "${text.slice(0, 20)}"`,
    );
  const fields: Gs1Field[] = [];
  const re = /\(([0-9]{2,4})\)([^()]*)/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m)
      throw new Gs1Error(
        null,
        `cannot read an application identifier at character ${at + 1} ("${text.slice(at, at + 12)}"); write (AI)data with 2 to 4 digits in the parentheses`,
      );
    const [, ai, value] = m;
    const reason = checkGs1Field(ai!, value!);
    if (reason) throw new Gs1Error(ai!, reason);
    fields.push({ ai: ai!, value: value! });
    at = re.lastIndex;
  }
  return fields;
}

/** Whether an AI's data has a fixed length (no FNC1 separator needed after it). */
export function gs1FixedLength(ai: string): boolean {
  return GS1_AIS[ai]?.fixed ?? false;
}

/** EAN-13: 12 digits (the check digit is added) or 13 with a right check digit; the 13 digits, or throws. */
export function checkEan13(value: string): string {
  if (!/^[0-9]{12,13}$/.test(value)) throw new Error(`EAN-13 needs 12 or 13 digits, got "${value}"`);
  const expected = gs1CheckDigit(value.slice(0, 12));
  if (value.length === 13 && Number(value[12]) !== expected)
    throw new Error(`EAN-13 check digit is ${value[12]}, expected ${expected}`);
  return value.slice(0, 12) + String(expected);
}
