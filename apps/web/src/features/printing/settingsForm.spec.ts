import { defaultValues, settingsBody, settingsErrors, sheetSketch } from './settingsForm';

describe('print settings form', () => {
  it('starts from the defaults: A4, as many as fit, 200 dpi, one copy', () => {
    const v = defaultValues();
    expect(v).toMatchObject({ paper: 'A4', columns: '', rows: '', dpi: '200', copies: '1', start_position: '1', output: 'pdf', zpl_dpi: '203', copies_mode: 'fixed' });
    expect(settingsErrors(v)).toEqual({});
    expect(settingsBody(v)).toMatchObject({ columns: null, rows: null, dpi: 200, zpl_dpi: 203, margin_top: 0 });
  });
  it('names every wrong field with its bounds', () => {
    const v = { ...defaultValues(), dpi: '10', copies: '', columns: '2.5', offset_x: 'abc', margin_top: '12,5' };
    const errors = settingsErrors(v);
    expect(errors.dpi).toEqual({ key: 'range', min: 20, max: 300 });
    expect(errors.copies?.key).toBe('required');
    expect(errors.columns?.key).toBe('integer');
    expect(errors.offset_x?.key).toBe('number');
    expect(errors.margin_top).toBeUndefined();
    expect(settingsBody({ ...defaultValues(), margin_top: '12,5', offset_y: '-3' })).toMatchObject({ margin_top: 12.5, offset_y: -3 });
    expect(settingsErrors({ ...defaultValues(), dpi: '301' }).dpi?.key).toBe('range');
    expect(settingsErrors({ ...defaultValues(), dpi: '300' }).dpi).toBeUndefined();
  });
  it('sketches the labels that fit an A4 sheet, skipping those before the start position', () => {
    const s = sheetSketch({ ...defaultValues(), start_position: '3' }, { width: 70, height: 37 });
    expect(s.columns).toBe(3);
    expect(s.rows).toBe(8);
    expect(s.cells).toHaveLength(24);
    expect(s.cells.filter((c) => !c.used)).toHaveLength(2);
    const fixed = sheetSketch({ ...defaultValues(), columns: '2', rows: '5', margin_left: '10', gap_x: '5' }, { width: 80, height: 40 });
    expect(fixed.cells).toHaveLength(10);
    expect(fixed.cells[1]).toMatchObject({ x: 95, y: 0 });
    expect(sheetSketch({ ...defaultValues(), paper: 'label' }, { width: 62, height: 29 }).cells).toHaveLength(1);
  });
});
