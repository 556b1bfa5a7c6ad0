/** Layout numbers of spec 9 (and the clarifications). */
export const LAYOUT = {
  navbarWidth: 280,
  navbarFolded: 64,
  sidePanel: 56,
  sidebar: 240,
  hoverDelayMs: 150,
  /** mobile means a width of at most 760 px; 760 itself is mobile */
  mobileQuery: '(max-width: 760px)',
  boxedMaxWidth: 1280,
  headerHeights: [75, 120, 139] as const,
  indentPerLevel: 16,
  indentMax: 80,
  snackbarMs: 6000,
  /** a fit-in image is at most the window's width minus 300 and its height minus 250 (spec 9) */
  fitInMargin: { width: 300, height: 250 },
} as const;

export const APP_VERSION = '1.0.0';
