/**
 * A unit code (UN/ECE Recommendation 20/21: PCE, BOX, KGM...) as its name in the interface language: the locale
 * files' table of common codes (`unitNames.<CODE>`, locales/{en,de}/units.json) first, since it speaks the reader's
 * language; else the name the company gave the code in its units (settings "Units"); else the code as it is.
 */
export function unitName(
  code: string,
  t: (key: string) => string,
  exists: (key: string) => boolean,
  companyNames?: ReadonlyMap<string, string>,
  count?: number,
): string {
  const trimmed = code.trim();
  if (trimmed === '') return '';
  const upper = trimmed.toUpperCase();
  if (/^[A-Z0-9]{1,3}$/.test(upper) && exists(`unitNames.${upper}`)) {
    // after a number other than 1 the table's plural ("5 Packungen", "5 Packs"); the company's names have none
    const plural = count !== undefined && count !== 1 && exists(`unitPlurals.${upper}`);
    return t(plural ? `unitPlurals.${upper}` : `unitNames.${upper}`);
  }
  const named = companyNames?.get(trimmed) ?? companyNames?.get(upper);
  return named && named.trim() !== '' ? named : trimmed;
}

/** "Stück (PCE)": the name with the code, where the code matters too (forms, choices); the code alone when it has no name. */
export function unitLabel(code: string, t: (key: string) => string, exists: (key: string) => boolean, companyNames?: ReadonlyMap<string, string>): string {
  const name = unitName(code, t, exists, companyNames);
  return name === code.trim() ? name : `${name} (${code.trim()})`;
}
