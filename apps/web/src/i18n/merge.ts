/**
 * The texts of one language: the core file plus each feature file of that language (path
 * `./locales/<language>/<feature>.json`). Feature files add top-level sections; a section already present is
 * extended key by key (the i18n spec reports sections defined twice, so this only matters while editing).
 */
export function mergeLocales(
  core: Record<string, unknown>,
  featureFiles: Record<string, Record<string, unknown>>,
  language: string,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...core };
  const prefix = `./locales/${language}/`;
  for (const file of Object.keys(featureFiles).sort()) {
    if (!file.startsWith(prefix)) continue;
    for (const [section, value] of Object.entries(featureFiles[file]!)) {
      const existing = merged[section];
      merged[section] =
        existing && typeof existing === 'object' && value && typeof value === 'object'
          ? { ...(existing as object), ...(value as object) }
          : value;
    }
  }
  return merged;
}
