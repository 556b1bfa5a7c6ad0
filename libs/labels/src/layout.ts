import { AppError, ErrorCode } from '@kanban/access';
import type { LabelData } from './data';
import { type Panel, evaluateLabel, formValues } from './evaluate';
import { parseLabelTemplate, type LabelTemplate } from './template';

/** Paper sizes in mm (portrait). `label`: a label printer's page, the size of the label. */
export const PAPER = { A4: { width: 210, height: 297 }, Letter: { width: 215.9, height: 279.4 } } as const;
export type Paper = keyof typeof PAPER | 'label';

/** How labels go on pages (print settings; docs/label-templates.md "Sheets"). Lengths in mm. */
export interface SheetSettings {
  /** A4 or Letter sheets, or `label`: one label per page the size of the label (label printers); default A4 */
  paper?: Paper;
  /** labels across and down a sheet; default as many as fit */
  columns?: number;
  rows?: number;
  /** distance of the first label from the sheet's top and left edge; default 0 (label: always 0) */
  margin_top?: number;
  margin_left?: number;
  /** space between labels across and down; default 0 */
  gap_x?: number;
  gap_y?: number;
  /** printer correction added to every position (may be negative) */
  offset_x?: number;
  offset_y?: number;
  /** the position of the first label on the first sheet, 1-based (to use a half-used sheet); default 1 */
  start_position?: number;
  /** copies of each label unless the label says its own; default 1 */
  copies?: number;
  /** resolution of images and raster barcodes, 20-300 (spec 9), default 200 */
  dpi?: number;
  /** barcodes as vector rectangles (default) or as PNG images at dpi */
  barcodes?: 'vector' | 'raster';
}

export interface PrintLabel {
  data: LabelData;
  /** copies of this label (e.g. the rule's number of kanban cards); default the settings' copies */
  copies?: number;
}

export interface PrintJob {
  /** the template's XML or its parsed form */
  template: string | LabelTemplate;
  /** the labels; an (async) iterable so large jobs are never held in memory */
  labels: Iterable<PrintLabel> | AsyncIterable<PrintLabel>;
  /** how many labels the job prints, copies included (for {{label.count}}); counted when `labels` is an array */
  count?: number;
  /** the answers to the template's form inputs */
  form?: Record<string, unknown>;
  /** images shared by all labels by key (e.g. company.logo) */
  images?: Record<string, Buffer | string>;
  settings?: SheetSettings;
  /** default now */
  printedAt?: Date;
}

export interface Layout {
  pageWidth: number;
  pageHeight: number;
  labelWidth: number;
  labelHeight: number;
  /** top-left corners of the positions on a page, row by row */
  positions: Array<{ x: number; y: number }>;
  firstPosition: number;
  columns: number;
  rows: number;
}

function settingError(field: string, message: string): AppError {
  return new AppError(ErrorCode.Validation, `${field}: ${message}`, { field, errors: [{ field, message }] });
}

function numberSetting(
  settings: SheetSettings,
  field: keyof SheetSettings,
  fallback: number,
  min: number,
  max: number,
  integer = false,
): number {
  const raw = settings[field];
  if (raw === undefined || raw === null) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value)))
    throw settingError(
      field,
      `must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}, got ${String(raw)}`,
    );
  return value;
}

export function resolveDpi(settings: SheetSettings = {}): number {
  return numberSetting(settings, 'dpi', 200, 20, 300, true);
}

/** Where labels of a size go on the settings' pages; errors (1000, with the field) when they do not fit. */
export function resolveLayout(settings: SheetSettings, labelWidth: number, labelHeight: number): Layout {
  const paper = settings.paper ?? 'A4';
  if (paper !== 'label' && !(paper in PAPER))
    throw settingError('paper', `must be A4, Letter or label, got ${String(paper)}`);
  const offsetX = numberSetting(settings, 'offset_x', 0, -50, 50);
  const offsetY = numberSetting(settings, 'offset_y', 0, -50, 50);
  if (paper === 'label') {
    return {
      pageWidth: labelWidth,
      pageHeight: labelHeight,
      labelWidth,
      labelHeight,
      positions: [{ x: offsetX, y: offsetY }],
      firstPosition: 0,
      columns: 1,
      rows: 1,
    };
  }
  const page = PAPER[paper];
  const marginTop = numberSetting(settings, 'margin_top', 0, 0, page.height);
  const marginLeft = numberSetting(settings, 'margin_left', 0, 0, page.width);
  const gapX = numberSetting(settings, 'gap_x', 0, 0, page.width);
  const gapY = numberSetting(settings, 'gap_y', 0, 0, page.height);
  const fitColumns = Math.floor((page.width - marginLeft + gapX + 1e-6) / (labelWidth + gapX));
  const fitRows = Math.floor((page.height - marginTop + gapY + 1e-6) / (labelHeight + gapY));
  const columns = numberSetting(settings, 'columns', Math.max(1, fitColumns), 1, 50, true);
  const rows = numberSetting(settings, 'rows', Math.max(1, fitRows), 1, 100, true);
  const usedWidth = marginLeft + columns * labelWidth + (columns - 1) * gapX;
  const usedHeight = marginTop + rows * labelHeight + (rows - 1) * gapY;
  if (usedWidth > page.width + 0.01)
    throw settingError(
      'columns',
      `${columns} labels of ${labelWidth} mm with margin ${marginLeft} mm and gaps ${gapX} mm need ${usedWidth.toFixed(1)} mm, the ${paper} sheet is ${page.width} mm wide`,
    );
  if (usedHeight > page.height + 0.01)
    throw settingError(
      'rows',
      `${rows} labels of ${labelHeight} mm with margin ${marginTop} mm and gaps ${gapY} mm need ${usedHeight.toFixed(1)} mm, the ${paper} sheet is ${page.height} mm high`,
    );
  const positions: Array<{ x: number; y: number }> = [];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < columns; col++)
      positions.push({
        x: marginLeft + offsetX + col * (labelWidth + gapX),
        y: marginTop + offsetY + row * (labelHeight + gapY),
      });
  const start = numberSetting(settings, 'start_position', 1, 1, positions.length, true);
  return {
    pageWidth: page.width,
    pageHeight: page.height,
    labelWidth,
    labelHeight,
    positions,
    firstPosition: start - 1,
    columns,
    rows,
  };
}

/** One page of one printed label, with where it belongs. */
export interface PlacedPanel {
  panel: Panel;
  data: LabelData;
  /** the label's first page (counts a printed label) */
  first: boolean;
}

/** Every page of every copy of every label, in print order (lazily: one label in memory at a time). */
export async function* panelsOf(job: PrintJob, template: LabelTemplate): AsyncGenerator<PlacedPanel> {
  const form = formValues(template, job.form);
  const defaultCopies = numberSetting(job.settings ?? {}, 'copies', 1, 1, 1000, true);
  const printedAt = (job.printedAt ?? new Date()).toISOString();
  const count =
    job.count ??
    (Array.isArray(job.labels)
      ? (job.labels as PrintLabel[]).reduce((n, l) => n + (l.copies ?? defaultCopies), 0)
      : '');
  let number = 0;
  for await (const label of job.labels as AsyncIterable<PrintLabel>) {
    const copies = label.copies ?? defaultCopies;
    if (!Number.isInteger(copies) || copies < 0 || copies > 1000)
      throw settingError(
        'copies',
        `a label's copies must be a whole number from 0 to 1000, got ${String(label.copies)}`,
      );
    for (let copy = 1; copy <= copies; copy++) {
      number++;
      let first = true;
      for (const panel of evaluateLabel(template, label.data, form, {
        number,
        count,
        copy,
        copies,
        printed_at: printedAt,
      })) {
        yield { panel, data: label.data, first };
        first = false;
      }
    }
  }
}

export function templateOf(job: PrintJob): LabelTemplate {
  return typeof job.template === 'string' ? parseLabelTemplate(job.template) : job.template;
}
