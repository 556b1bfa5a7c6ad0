export * from './document';
export * from './encoding';
export { DEFAULT_LIMITS, MAX_TEMPLATE_CHARS, type RenderLimits } from './engine';
export { HELPERS, csvField, xmlEscape } from './helpers';
export * from './sample';
export * from './templates';
export * from './formats/registry';
export { renderCsv, CSV_COLUMNS, type CsvOptions } from './formats/csv';
export { renderOpenTransOrder, OPENTRANS_NS, BMECAT_NS } from './formats/opentrans';
