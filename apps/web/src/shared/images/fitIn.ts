import { useEffect, useState } from 'react';
import { LAYOUT } from '../layout/constants';

/** The smallest box a fit-in image keeps on a tiny window, so it never collapses to nothing. */
const MIN_BOX = 120;

/** Sizes an image variant is made in (libs/images IMAGE_SIZES); the largest is what the server keeps at most. */
const VARIANT_SIZES = [128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3840] as const;

/** The box a fit-in image may fill in a window of this size: its width minus 300, its height minus 250 (spec 9). */
export function fitInBox(windowWidth: number, windowHeight: number): { maxWidth: number; maxHeight: number } {
  return {
    maxWidth: Math.max(MIN_BOX, Math.floor(windowWidth - LAYOUT.fitInMargin.width)),
    maxHeight: Math.max(MIN_BOX, Math.floor(windowHeight - LAYOUT.fitInMargin.height)),
  };
}

/** The image variant (`?size=`) that fills the box without being scaled up: the next size at or above its longer side. */
export function fitInVariant(box: { maxWidth: number; maxHeight: number }): number {
  const side = Math.max(box.maxWidth, box.maxHeight);
  return VARIANT_SIZES.find((size) => size >= side) ?? VARIANT_SIZES[VARIANT_SIZES.length - 1];
}

/** The fit-in box of the current window, following its resizing. */
export function useFitInBox(): { maxWidth: number; maxHeight: number } {
  const [box, setBox] = useState(() => fitInBox(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const resized = () => setBox(fitInBox(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  return box;
}
