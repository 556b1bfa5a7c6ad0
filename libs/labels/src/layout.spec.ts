import type { AppError } from '@kanban/access';
import { formValues } from './evaluate';
import { resolveDpi, resolveLayout } from './layout';
import { parseLabelTemplate } from './template';

function error(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('no error');
}

describe('sheet layout', () => {
  it('fits as many labels as the paper holds when rows and columns are not given', () => {
    expect(resolveLayout({ paper: 'A4' }, 105, 148)).toMatchObject({
      pageWidth: 210,
      pageHeight: 297,
      columns: 2,
      rows: 2,
    });
    expect(
      resolveLayout({ paper: 'Letter', margin_top: 12.7, margin_left: 4.8, gap_x: 3.2 }, 66.7, 25.4),
    ).toMatchObject({ pageWidth: 215.9, pageHeight: 279.4, columns: 3, rows: 10 });
    expect(resolveLayout({ paper: 'label', offset_x: 1, offset_y: -0.5 }, 100, 50)).toMatchObject({
      pageWidth: 100,
      pageHeight: 50,
      positions: [{ x: 1, y: -0.5 }],
    });
  });

  it('places positions row by row with margins, gaps and offsets, from the start position', () => {
    const layout = resolveLayout(
      {
        paper: 'A4',
        columns: 3,
        rows: 8,
        margin_top: 10,
        margin_left: 5,
        gap_x: 2.5,
        gap_y: 1,
        offset_x: 0.5,
        offset_y: -0.5,
        start_position: 5,
      },
      65,
      34,
    );
    expect(layout.positions).toHaveLength(24);
    expect(layout.positions[0]).toEqual({ x: 5.5, y: 9.5 });
    expect(layout.positions[4]).toEqual({ x: 5.5 + 67.5, y: 9.5 + 35 });
    expect(layout.firstPosition).toBe(4);
  });

  it('refuses settings that do not fit or are out of range (1000, naming the setting)', () => {
    const columns = error(() => resolveLayout({ paper: 'A4', columns: 3, margin_left: 5 }, 70, 30));
    expect(columns).toMatchObject({ code: 1000, field: 'columns' });
    expect(columns.message).toBe(
      'columns: 3 labels of 70 mm with margin 5 mm and gaps 0 mm need 215.0 mm, the A4 sheet is 210 mm wide',
    );
    expect(error(() => resolveLayout({ paper: 'Letter', rows: 12 }, 100, 25))).toMatchObject({
      code: 1000,
      field: 'rows',
    });
    expect(error(() => resolveLayout({ start_position: 9 }, 105, 74.25 * 2))).toMatchObject({
      code: 1000,
      field: 'start_position',
    });
    expect(error(() => resolveLayout({ paper: 'A3' as 'A4' }, 10, 10))).toMatchObject({
      code: 1000,
      field: 'paper',
    });
    expect(error(() => resolveDpi({ dpi: 19 }))).toMatchObject({ code: 1000, field: 'dpi' });
    expect(error(() => resolveDpi({ dpi: 301 }))).toMatchObject({ code: 1000, field: 'dpi' });
    expect(resolveDpi({})).toBe(200);
    expect(resolveDpi({ dpi: 20 })).toBe(20);
    expect(resolveDpi({ dpi: 300 })).toBe(300);
  });

  it("takes form answers, else the inputs' defaults, and checks numbers", () => {
    const template = parseLabelTemplate(
      '<label width="50" height="20"><input name="cards" label="Cards" type="number" default="2"/><input name="size" label="Bin size"/></label>',
    );
    expect(formValues(template)).toEqual({ cards: '2', size: '' });
    expect(formValues(template, { cards: 5, size: 'KLT' })).toEqual({ cards: '5', size: 'KLT' });
    expect(error(() => formValues(template, { cards: 'many' }))).toMatchObject({
      code: 1000,
      field: 'form.cards',
      message: 'form.cards: Cards must be a number, got "many"',
    });
  });
});
