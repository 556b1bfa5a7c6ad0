import { type MenuItem } from '../menus';

/** Adds the id when missing, removes it when present (order of adding is kept). */
export function toggleShortcut(shortcuts: readonly string[], id: string): string[] {
  return shortcuts.includes(id) ? shortcuts.filter((s) => s !== id) : [...shortcuts, id];
}

/** Entries whose translated title contains every word of the query (case-insensitive). */
export function searchEntries(
  entries: readonly MenuItem[],
  query: string,
  title: (entry: MenuItem) => string,
): MenuItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...entries];
  return entries.filter((entry) => {
    const text = title(entry).toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
