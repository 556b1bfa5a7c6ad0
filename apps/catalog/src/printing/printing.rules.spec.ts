import { AppError, ErrorCode } from '@kanban/access';
import { LABEL_TEMPLATE_KINDS, PRINT_SETTINGS_DEFAULTS, type PrintSettingsInput } from '@kanban/contracts';
import { LABEL_TEMPLATE_TYPES, builtinTemplates } from '@kanban/labels';
import {
  checkSheetFits,
  labelTemplateSortProperty,
  labelTemplateTypeFilter,
  normalizeLabelTemplateInput,
  normalizePrintSettingsInput,
} from './printing.rules';

const XML = '<label width="62" height="29">\n  <input name="lot" label="Lot" type="number" default="7"/>\n  <text x="1" y="1" width="20" height="5">{{form.lot}}</text>\n</label>';

function failure(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('normalizeLabelTemplateInput', () => {
  it('takes size and form inputs from the XML, keeps the XML as given and trims the texts', () => {
    const out = normalizeLabelTemplateInput({ name: ' Größe ;"\' 🏷️ ', description: ' d ', type: 'Item', template: `  ${XML}\n` }, 'create');
    expect(out).toEqual({
      name: 'Größe ;"\' 🏷️',
      description: 'd',
      type: 'Item',
      template: `  ${XML}\n`,
      width: 62,
      height: 29,
      formInputs: [{ name: 'lot', label: 'Lot', type: 'number', default: '7' }],
    });
  });

  it('requires name, type and template on create, each named', () => {
    expect(failure(() => normalizeLabelTemplateInput({ type: 'Item', template: XML }, 'create')).field).toBe('name');
    expect(failure(() => normalizeLabelTemplateInput({ name: 'x', template: XML }, 'create')).field).toBe('type');
    expect(failure(() => normalizeLabelTemplateInput({ name: 'x', type: 'Item' }, 'create')).field).toBe('template');
    expect(failure(() => normalizeLabelTemplateInput({ name: 'x', type: 'Pallet' as never, template: XML }, 'create')).field).toBe('type');
    expect(failure(() => normalizeLabelTemplateInput({ name: '  ' }, 'update')).field).toBe('name');
    expect(failure(() => normalizeLabelTemplateInput({ name: 'x'.repeat(201), type: 'Item', template: XML }, 'create')).field).toBe('name');
  });

  it('answers XML problems with line and column', () => {
    const error = failure(() => normalizeLabelTemplateInput({ name: 'x', type: 'Item', template: '<label width="50" height="30">\n  <circle/>\n</label>' }, 'create'));
    expect(error.code).toBe(ErrorCode.Validation);
    expect(error.field).toBe('template');
    expect(error.errors?.[0]?.message).toMatch(/^line 2, column 3: /);
  });

  it('requires a given size to agree with the XML, also against the stored template on update', () => {
    expect(normalizeLabelTemplateInput({ name: 'x', type: 'Item', template: XML, width: 62, height: 29 }, 'create')).toMatchObject({ width: 62, height: 29 });
    expect(failure(() => normalizeLabelTemplateInput({ name: 'x', type: 'Item', template: XML, height: 30 }, 'create')).field).toBe('height');
    const current = { template: XML, width: 62, height: 29 };
    expect(failure(() => normalizeLabelTemplateInput({ width: 100 }, 'update', current)).field).toBe('width');
    expect(normalizeLabelTemplateInput({ description: 'only' }, 'update', current)).toEqual({ description: 'only', width: 62, height: 29 });
  });

  it('knows the same types as libs/labels', () => {
    expect([...LABEL_TEMPLATE_KINDS]).toEqual([...LABEL_TEMPLATE_TYPES]);
  });

  it('accepts every built-in', () => {
    for (const b of builtinTemplates())
      expect(normalizeLabelTemplateInput({ name: b.name, type: b.type, template: b.xml }, 'create')).toMatchObject({ width: b.width, height: b.height });
  });
});

describe('list query', () => {
  it('maps sorts to properties (unknown: name) and checks the type filter', () => {
    expect(labelTemplateSortProperty('created_at')).toBe('createdAt');
    expect(labelTemplateSortProperty('toString')).toBe('name');
    expect(labelTemplateTypeFilter('Location')).toBe('Location');
    expect(labelTemplateTypeFilter('')).toBeUndefined();
    expect(failure(() => labelTemplateTypeFilter('location')).field).toBe('type');
  });
});

describe('normalizePrintSettingsInput', () => {
  const base = { ...PRINT_SETTINGS_DEFAULTS };

  it('changes the fields sent over the base', () => {
    expect(normalizePrintSettingsInput({ dpi: 300, offset_x: -2.5, paper: 'label', columns: 2 }, base)).toEqual({
      ...base,
      dpi: 300,
      offset_x: -2.5,
      paper: 'label',
      columns: 2,
    });
    expect(normalizePrintSettingsInput({ columns: null }, { ...base, columns: 3 }).columns).toBeNull();
  });

  it('names every wrong field, with the bounds of libs/labels layout', () => {
    const error = failure(() =>
      normalizePrintSettingsInput({ dpi: 10, copies: 0, offset_y: 51, paper: 'A3', zpl_dpi: 600, columns: 1.5, margin_top: null, color: 'red' } as unknown as PrintSettingsInput, base),
    );
    expect(error.code).toBe(ErrorCode.Validation);
    expect(error.errors?.map((e) => e.field).sort()).toEqual(['color', 'columns', 'copies', 'dpi', 'margin_top', 'offset_y', 'paper', 'zpl_dpi']);
    expect(error.errors?.find((e) => e.field === 'dpi')?.message).toBe('must be a whole number from 20 to 300, got 10');
    for (const dpi of [20, 300]) expect(normalizePrintSettingsInput({ dpi }, base).dpi).toBe(dpi);
    expect(failure(() => normalizePrintSettingsInput({ dpi: 301 }, base)).field).toBe('dpi');
    expect(failure(() => normalizePrintSettingsInput({ dpi: '200' as never }, base)).field).toBe('dpi');
  });
});

describe('checkSheetFits', () => {
  it('passes the defaults and refuses columns or a start position the sheet has no room for', () => {
    expect(() => checkSheetFits({ ...PRINT_SETTINGS_DEFAULTS }, 62, 29)).not.toThrow();
    expect(failure(() => checkSheetFits({ ...PRINT_SETTINGS_DEFAULTS, columns: 4 }, 62, 29)).field).toBe('columns');
    expect(failure(() => checkSheetFits({ ...PRINT_SETTINGS_DEFAULTS, rows: 2, columns: 1, start_position: 3 }, 62, 29)).field).toBe('start_position');
    expect(() => checkSheetFits({ ...PRINT_SETTINGS_DEFAULTS, paper: 'label', columns: 40 }, 62, 29)).not.toThrow();
  });
});
