import { printErrorText } from './printErrors';

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);

describe('print errors', () => {
  it('says 1055 with the reason once (Data.reason, else the message without its prefix)', () => {
    expect(printErrorText({ status: 400, code: 1055, message: 'error while printing: nothing to print', data: { reason: 'nothing to print' } }, t)).toBe(
      'printing.print.failedWith {"reason":"nothing to print"}',
    );
    expect(printErrorText({ status: 400, code: 1055, message: 'error while printing: barcode "x"' }, t)).toBe('printing.print.failedWith {"reason":"barcode \\"x\\""}');
    expect(printErrorText({ status: 400, code: 1055, message: '' }, t)).toBe('errors.code.1055');
  });
  it('other failures: their catalogue text or the connection', () => {
    expect(printErrorText({ status: 400, code: 1000, message: 'template_id: wrong type' }, t)).toBe('errors.code.1000 template_id: wrong type');
    expect(printErrorText({ status: 0, code: 0, message: '', network: true }, t)).toBe('errors.network');
  });
});
