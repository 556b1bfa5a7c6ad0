/**
 * Trade-fair ("messe") mode hides the toolbar (spec 2). Switched on by opening any page with `?messe=1`
 * (kept in browser storage until `?messe=0`), or for a whole build with VITE_MESSE_MODE=true.
 */
const KEY = 'kanban.messe';

export function messeModeFrom(search: string): boolean {
  if (import.meta.env.VITE_MESSE_MODE === 'true') return true;
  const value = new URLSearchParams(search).get('messe');
  try {
    if (value === '1' || value === 'true') localStorage.setItem(KEY, '1');
    else if (value === '0' || value === 'false') localStorage.removeItem(KEY);
    return localStorage.getItem(KEY) === '1';
  } catch {
    return value === '1' || value === 'true';
  }
}
