/**
 * The placeholders of docs/notification-templates.md by family, for the editor's picker. `line` family fields are the
 * current line in a file template's body; elsewhere they are inserted inside `{{#each lines}}…{{/each}}`.
 */
export const PLACEHOLDER_FAMILIES: readonly { family: string; names: readonly string[] }[] = [
  { family: 'order', names: ['order.id', 'order.date', 'order.created', 'order.comment', 'order.status', 'order.source', 'order.ext_status', 'order.ext_status_text', 'order.po_number', 'order.po_status', 'order.line_count', 'order.total_quantity', 'generated_at', 'currency'] },
  { family: 'company', names: ['company.id', 'company.name', 'company.nr', 'company.extended', 'company.street', 'company.postal', 'company.city', 'company.state', 'company.country_iso', 'company.timezone'] },
  { family: 'customer', names: ['customer.id', 'customer.name', 'customer.nr', 'customer.extended', 'customer.street', 'customer.postal', 'customer.city', 'customer.state', 'customer.country_iso', 'customer.vat_id', 'customer.auftragsnr', 'customer.bediener'] },
  {
    family: 'location',
    names: [
      'location.id', 'location.name', 'location.nr', 'location.extended_name', 'location.description', 'location.street', 'location.postal', 'location.city', 'location.state', 'location.country_iso',
      'location.cost_center', 'location.building', 'location.room', 'location.plant', 'location.site_code', 'location.r3_plant', 'location.recipient', 'location.trolley_number',
      'location.account_assignment_number', 'location.account_assignment_type', 'location.ext_system_id',
    ],
  },
  { family: 'supplier', names: ['supplier.id', 'supplier.name', 'supplier.nr', 'supplier.ext_nr', 'supplier.street', 'supplier.postal', 'supplier.city', 'supplier.state', 'supplier.country_iso'] },
  { family: 'contact', names: ['contact.id', 'contact.first_name', 'contact.name', 'contact.full_name', 'contact.gender', 'contact.job_title', 'contact.email', 'contact.tel_mobile', 'contact.tel_office', 'contact.salutation_line', 'contact.ext_system_id'] },
  { family: 'user', names: ['user.id', 'user.first_name', 'user.last_name', 'user.full_name', 'user.initials', 'user.email', 'user.job_title', 'user.salutation'] },
  {
    family: 'line',
    names: [
      'line.pos', 'line.sku', 'line.supplier_sku', 'line.customer_sku', 'line.name', 'line.quantity', 'line.unit', 'line.catalog', 'line.catalog_ext_id', 'line.shipping', 'line.status', 'line.ext_status',
      'item.id', 'item.sku', 'item.name', 'item.description', 'item.customer_sku', 'item.material_number', 'item.material_group', 'item.unspsc', 'item.item_unit', 'item.order_unit', 'item.quantity_per_order_unit',
      'kanban_rule.id', 'kanban_rule.scan_code', 'kanban_rule.threshold', 'kanban_rule.capacity', 'kanban_rule.stock',
      'storage.id', 'storage.name', 'storage.description', 'storage.bin_type', 'storage.bin',
    ],
  },
];

/**
 * What the picker inserts for a placeholder: `{{name}}`; a line field outside a file template's body goes in a loop
 * over the lines, where it is written without `line.` (`{{#each lines}}{{sku}}{{/each}}`).
 */
export function placeholderText(name: string, perLine: boolean): string {
  const lineField = /^(line|item|kanban_rule|storage)\./.test(name);
  if (!lineField || perLine) return `{{${name}}}`;
  return `{{#each lines}}{{${name.startsWith('line.') ? name.slice('line.'.length) : name}}}{{/each}}`;
}

/** `text` with `insert` put in place of the selection [start, end); the cursor after it. */
export function insertAt(text: string, insert: string, start: number, end: number): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}

/** A 1000 of a template names its line and column (params); the server's reason after "column N: " (English). */
export function templateProblem(message: string, params: Record<string, string | number> | undefined): { line: number; column: number; reason: string } | null {
  const line = Number(params?.line);
  const column = Number(params?.column);
  if (!Number.isInteger(line) || !Number.isInteger(column)) return null;
  const at = message.match(/column \d+: (.*)$/s);
  return { line, column, reason: at ? at[1]! : message };
}

/** Handlebars' braces as values: i18next would read them in a text as its own. */
const BRACES = { open: '{{', close: '}}' };

/** The server's English reasons of a template problem, by pattern, as i18n keys with their values. */
const REASONS: readonly { pattern: RegExp; key: string; values: (m: RegExpMatchArray) => Record<string, string> }[] = [
  { pattern: /^unknown placeholder "(.*)"$/s, key: 'unknownPlaceholder', values: (m) => ({ name: m[1]! }) },
  { pattern: /^unknown helper "(.*)"$/s, key: 'unknownHelper', values: (m) => ({ name: m[1]! }) },
  { pattern: /^syntax error: expected (.*)$/s, key: 'syntax', values: (m) => ({ detail: m[1]! }) },
  { pattern: /^partials \(/, key: 'partials', values: () => BRACES },
  { pattern: /^decorators \(/, key: 'decorators', values: () => BRACES },
  { pattern: /^"(.*)" may not be used/s, key: 'forbidden', values: (m) => ({ name: m[1]! }) },
  { pattern: /^rendering took longer than (\d+) ms$/, key: 'timeout', values: (m) => ({ ms: m[1]! }) },
  { pattern: /^the output is longer than (\d+) characters$/, key: 'tooLong', values: (m) => ({ max: m[1]! }) },
  { pattern: /^the output is too large/, key: 'tooLarge', values: () => ({}) },
];

/** A problem's reason in the reader's language (`templates.reasons.*`); a reason the list does not know stays as the server wrote it. */
export function reasonText(reason: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  for (const { pattern, key, values } of REASONS) {
    const match = reason.match(pattern);
    if (match) return t(`templates.reasons.${key}`, values(match));
  }
  return reason;
}
