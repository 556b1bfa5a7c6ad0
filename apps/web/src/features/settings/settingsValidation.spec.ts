import { keyError, optionsError, parseOptions, sortError } from './customFieldTexts';
import { translatedError, withTranslatedMessage } from './translatedError';

const t = (key: string) => `[${key}]`;

describe('custom field form checks', () => {
  it('parses one option per line', () => {
    expect(parseOptions(' North \n\nSouth\n ')).toEqual(['North', 'South']);
  });

  it('needs distinct options for a selection only', () => {
    expect(optionsError('text', '')).toBeUndefined();
    expect(optionsError('select', '\n ')).toBe('settings.validation.optionsRequired');
    expect(optionsError('select', 'a\na ')).toBe('settings.validation.optionsDistinct');
    expect(optionsError('select', 'x'.repeat(101))).toBe('settings.validation.optionTooLong');
    expect(optionsError('select', 'a\nb')).toBeUndefined();
  });

  it('checks keys and positions like the server', () => {
    expect(keyError('')).toBe('validation.required');
    expect(keyError('Gate')).toBe('settings.validation.key');
    expect(keyError('1gate')).toBe('settings.validation.key');
    expect(keyError('dock_gate_2')).toBeUndefined();
    expect(sortError('')).toBeUndefined();
    expect(sortError('10')).toBeUndefined();
    expect(sortError('-1')).toBe('settings.validation.sort');
    expect(sortError('1.5')).toBe('settings.validation.sort');
  });
});

describe('translated errors', () => {
  const duplicate = { status: 200, code: 1059, message: 'duplicate data, check key fields', field: 'code' };

  it('gives catalogue codes their translated text, also at the field they name', () => {
    expect(withTranslatedMessage(duplicate, t)).toEqual({
      ...duplicate,
      message: '[errors.code.1059]',
      errors: [{ field: 'code', message: '[errors.code.1059]' }],
    });
    expect(translatedError({ status: 200, code: 1007, message: 'dependencies: 3 items' }, t)).toBe('[errors.code.1007]');
  });

  it('keeps the field messages of 1000 and leaves other failures alone', () => {
    const invalid = { status: 200, code: 1000, message: 'code must not contain spaces', field: 'code' };
    expect(withTranslatedMessage(invalid, t)).toBe(invalid);
    expect(translatedError(invalid, t)).toBe('code must not contain spaces');
    const missing = { status: 200, code: 404, message: 'unit not found' };
    expect(withTranslatedMessage(missing, t)).toBe(missing);
    expect(translatedError(new Error('x'), t)).toBe('[errors.unknown]');
  });
});
