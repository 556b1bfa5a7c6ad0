import { useSyncExternalStore } from 'react';
import { LAYOUT } from './constants';

/** Whether a media query matches, following changes (resize, rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Mobile means a width of at most 760 px (spec 9 and clarifications). */
export function useIsMobile(): boolean {
  return useMediaQuery(LAYOUT.mobileQuery);
}
