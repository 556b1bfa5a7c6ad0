/** Helpers of the forms that create or edit one record (customer, supplier, location, ...). */

/** The record's fields as the texts a form edits: '' for a new record or a missing value, else the value as text. */
export function textValues<F extends string>(
  fields: readonly F[],
  record: { [K in F]?: unknown } | null,
  defaults: Partial<Record<F, string>> = {},
): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const name of fields) {
    const value = record?.[name];
    out[name] = record ? (value === null || value === undefined ? '' : String(value)) : (defaults[name] ?? '');
  }
  return out;
}

/** The fields' values trimmed, as a create or update body sends them. */
export function trimmedValues<F extends string>(fields: readonly F[], values: Record<F, string>): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const name of fields) out[name] = values[name].trim();
  return out;
}
