import { checkEan13, gs1CheckDigit, Gs1Error, parseGs1 } from './gs1';

describe('GS1 element strings', () => {
  it('computes GS1 check digits (GTIN-14, GTIN-13, SSCC)', () => {
    expect(gs1CheckDigit('0950110153000')).toBe(3);
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('00614141123456789')).toBe(0);
  });

  it('parses AIs with their data', () => {
    expect(parseGs1('(01)09501101530003(10)ABC-123(30)25(37)100(240)BM 100'.replace(' ', '_'))).toEqual([
      { ai: '01', value: '09501101530003' },
      { ai: '10', value: 'ABC-123' },
      { ai: '30', value: '25' },
      { ai: '37', value: '100' },
      { ai: '240', value: 'BM_100' },
    ]);
    expect(
      parseGs1('(00)006141411234567890(17)261231(15)270100(3103)001250(21)S/N 1'.replace(' ', '-')).map(
        (f) => f.ai,
      ),
    ).toEqual(['00', '17', '15', '3103', '21']);
  });

  const bad: Array<[string, string, RegExp]> = [
    ['(01)09501101530004', '01', /check digit is 4, expected 3/],
    ['(01)0950110153000', '01', /exactly 14 digits, got 13/],
    ['(01)0950110153000A', '01', /digits only/],
    ['(10)ABCDEFGHIJKLMNOPQRSTU', '10', /at most 20 characters, got 21/],
    ['(30)123456789', '30', /at most 8 digits, got 9/],
    ['(37)12345678X', '37', /digits only/],
    ['(240)' + 'x'.repeat(31), '240', /at most 30 characters, got 31/],
    ['(00)006141411234567891', '00', /check digit is 1, expected 0/],
    ['(17)261331', '17', /month 13/],
    ['(11)260230', '11', /day 30 does not exist/],
    ['(10)AB{C', '10', /GS1 character set/],
    ['(3106)001250', '3106', /unknown application identifier/],
    ['(01)', '01', /empty/],
  ];
  it.each(bad)('refuses %s naming AI (%s)', (text, ai, reason) => {
    let error: unknown;
    try {
      parseGs1(text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(Gs1Error);
    expect((error as Gs1Error).ai).toBe(ai);
    expect((error as Error).message).toContain(`(${ai})`);
    expect((error as Error).message).toMatch(reason);
  });

  it('refuses data that is not (AI)data', () => {
    expect(() => parseGs1('0109501101530003')).toThrow(/must start with an application identifier/);
    expect(() => parseGs1('(01)09501101530003(1)A')).toThrow(
      /cannot read an application identifier at character 19/,
    );
  });

  it('checks EAN-13 and completes 12 digits with the check digit', () => {
    expect(checkEan13('400638133393')).toBe('4006381333931');
    expect(checkEan13('4006381333931')).toBe('4006381333931');
    expect(() => checkEan13('4006381333932')).toThrow(/check digit is 2, expected 1/);
    expect(() => checkEan13('40063813339')).toThrow(/12 or 13 digits/);
  });
});
