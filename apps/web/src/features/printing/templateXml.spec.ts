import { insertAt, lineRange, parseMm, placeholderOf, problemsByLine, templateProblemsOf } from './templateXml';

describe('label template editor helpers', () => {
  it('inserts a placeholder at the cursor, replacing the selection', () => {
    expect(insertAt('<text>A</text>', placeholderOf('item.sku'), 6, 7)).toEqual({ text: '<text>{{item.sku}}</text>', cursor: 18 });
    expect(insertAt('ab', 'X', 5, 9)).toEqual({ text: 'abX', cursor: 3 });
  });
  it('finds a line by its number', () => {
    const text = '<label>\n  <text/>\n</label>';
    expect(lineRange(text, 2)).toEqual({ start: 8, end: 17 });
    expect(text.slice(lineRange(text, 3).start, lineRange(text, 3).end)).toBe('</label>');
    expect(lineRange(text, 99)).toEqual(lineRange(text, 3));
  });
  it('groups problems by line', () => {
    const map = problemsByLine([
      { line: 2, column: 1, message: 'a' },
      { line: 2, column: 4, message: 'b' },
      { line: 5, column: 1, message: 'c' },
    ]);
    expect(map.get(2)?.map((p) => p.message)).toEqual(['a', 'b']);
    expect(map.has(1)).toBe(false);
  });
  it('reads the template problems of a failed save (1000 with line and column)', () => {
    const error = {
      status: 400,
      code: 1000,
      message: 'invalid',
      errors: [
        { field: 'template', message: 'line 3, column 7: unclosed tag', params: { line: 3, column: 7 } },
        { field: 'name', message: 'required' },
        { field: 'template', message: 'no root' },
        { field: 'template', message: 'line 9, column 2: bad' },
      ],
    };
    expect(templateProblemsOf(error)).toEqual([
      { line: 3, column: 7, message: 'unclosed tag' },
      { line: 1, column: 1, message: 'no root' },
      { line: 9, column: 2, message: 'bad' },
    ]);
    expect(templateProblemsOf({ status: 409, code: 1059, message: 'dup' })).toEqual([]);
  });
  it('reads millimetres with a point or comma', () => {
    expect(parseMm('62')).toBe(62);
    expect(parseMm(' 29,5 ')).toBe(29.5);
    expect(parseMm('-3')).toBe(-3);
    expect(parseMm('')).toBeNull();
    expect(parseMm('2x')).toBeNull();
  });
});
