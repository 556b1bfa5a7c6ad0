import { formatDate, formatDateTime, formatNumber } from './format';

// Local times on purpose: the formatter shows the browser's local date.
const march5 = new Date(2024, 2, 5, 14, 7, 30);

describe('date formats (spec 1)', () => {
  it('is ISO style in English', () => {
    expect(formatDate(march5, 'en')).toBe('2024-03-05');
    expect(formatDateTime(march5, 'en')).toBe('2024-03-05 14:07');
  });

  it('is DD.MM.YYYY in German', () => {
    expect(formatDate(march5, 'de')).toBe('05.03.2024');
    expect(formatDateTime(march5, 'de')).toBe('05.03.2024 14:07');
  });

  it('reads ISO strings from the API', () => {
    expect(formatDate('2024-12-31T23:05:00', 'de')).toBe('31.12.2024');
    expect(formatDateTime('2024-01-02T03:04:00', 'en')).toBe('2024-01-02 03:04');
    const utc = '2024-06-15T10:00:00.000Z';
    const local = new Date(utc);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDate(utc, 'de')).toBe(
      `${pad(local.getDate())}.${pad(local.getMonth() + 1)}.${local.getFullYear()}`,
    );
  });

  it('pads single-digit days, months and times', () => {
    expect(formatDateTime(new Date(2025, 0, 1, 0, 0), 'de')).toBe('01.01.2025 00:00');
    expect(formatDateTime(new Date(2025, 0, 1, 9, 5), 'en')).toBe('2025-01-01 09:05');
  });

  it('falls back to ISO for languages other than German', () => {
    expect(formatDate(march5, 'fr')).toBe('2024-03-05');
  });

  it('shows nothing for missing or unreadable values', () => {
    for (const value of [null, undefined, '', 'not a date', new Date(Number.NaN)]) {
      expect(formatDate(value, 'en')).toBe('');
      expect(formatDateTime(value, 'de')).toBe('');
    }
  });
});

describe('formatNumber (issue 16: numbers localized on every page)', () => {
  it('writes thousands and decimals the way each language does', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de')).toBe('1.234,5');
    expect(formatNumber(12000, 'de')).toBe('12.000');
    expect(formatNumber(7, 'en')).toBe('7');
  });
  it('reads numeric strings, keeps up to three decimals, shows nothing for missing values', () => {
    expect(formatNumber('0.125', 'de')).toBe('0,125');
    expect(formatNumber(1 / 3, 'en')).toBe('0.333');
    expect(formatNumber(null, 'en')).toBe('');
    expect(formatNumber(undefined, 'de')).toBe('');
    expect(formatNumber('n/a', 'de')).toBe('n/a');
  });
});
